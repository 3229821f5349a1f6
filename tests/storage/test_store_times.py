"""When each entry was made: the log keeps it (storage version 4), and a game's first and last entry times up
to the undo cursor give a play's date and length. Older files are migrated in place, their times unknown."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

import trackers  # noqa: F401  (registers the games)
from trackers.core.game import Setup, make_setup
from trackers.scorepad.actions import AddPoints, EndGame, EndRound
from trackers.scorepad.game import SCOREPAD
from trackers.services import storage
from trackers.services.storage import SCHEMA_VERSION, Store


@pytest.fixture
def setup() -> Setup:
    return make_setup(SCOREPAD, ("Ann", "Bob"), {})


class Clock:
    """Stands for the wall clock the store reads: `now` until moved."""

    def __init__(self, now: float) -> None:
        self.now = now

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[Clock]:
    fake = Clock(1_700_000_000.0)
    monkeypatch.setattr(storage, "time", SimpleNamespace(time=fake.time))
    yield fake


def _ats(database: Path, game_id: str) -> list[float]:
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT at FROM log WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
    db.close()
    return [row[0] for row in rows]


def test_each_entry_keeps_when_it_was_made(store: Store, database: Path, setup: Setup, clock: Clock) -> None:
    game = store.create_game(SCOREPAD, setup, 1)
    assert store.entry_times(game.id) is None  # nothing entered yet
    game.session.play(AddPoints("Ann", 5))
    clock.now += 60
    game.session.dispatch_group([AddPoints("Bob", 3), EndRound()])
    clock.now += 600
    game.session.play(EndGame())
    start = 1_700_000_000.0
    assert _ats(database, game.id) == [start, start + 60, start + 60, start + 660]
    assert store.entry_times(game.id) == (start, start + 660)


def test_the_times_follow_the_undo_cursor_and_a_new_entry_replaces_the_undone_ones(
    store: Store, database: Path, setup: Setup, clock: Clock
) -> None:
    game = store.create_game(SCOREPAD, setup, 1)
    start = clock.now
    for points in (1, 2, 3):
        game.session.play(AddPoints("Ann", points))
        clock.now += 100
    game.session.undo()
    assert store.entry_times(game.id) == (start, start + 100)
    game.session.redo()  # the entry comes back as it was made, not when it was redone
    assert store.entry_times(game.id) == (start, start + 200)
    game.session.undo()
    game.session.undo()
    game.session.play(AddPoints("Bob", 4))
    assert _ats(database, game.id) == [start, start + 300]
    for _ in range(2):
        game.session.undo()
    assert store.entry_times(game.id) is None


def test_entry_times_of_an_unknown_game_is_a_key_error(store: Store) -> None:
    with pytest.raises(KeyError, match="no saved game"):
        store.entry_times("0123456789abcdef")


def test_an_imported_game_was_played_at_times_its_file_does_not_give(
    store: Store, database: Path, setup: Setup, clock: Clock
) -> None:
    played = store.create_game(SCOREPAD, setup, 1)
    played.session.play(AddPoints("Ann", 5))
    played.session.play(EndGame())
    copy = store.import_game(store.export_game(played.id))
    assert _ats(database, copy.id) == [0, 0]
    assert store.entry_times(copy.id) is None
    copy.session.undo()
    copy.session.play(AddPoints("Bob", 1))  # its start is still unknown
    assert store.entry_times(copy.id) is None
    assert store.entry_times(played.id) == (clock.now, clock.now)


def test_a_version_3_database_gains_entry_times_and_keeps_its_games(
    database: Path, setup: Setup, clock: Clock
) -> None:
    """A file as storage version 3 wrote it: the same tables, without the log's `at`."""
    with Store(database) as store:
        game = store.create_game(SCOREPAD, setup, 4)
        game.session.play(AddPoints("Ann", 5))
        game.session.dispatch_group([AddPoints("Bob", 3), EndRound()])
        game.session.undo()
        expected = (game.session.entries, game.session.cursor, game.session.state)
    with sqlite3.connect(database) as db:
        db.execute("ALTER TABLE log DROP COLUMN at")
        db.execute("PRAGMA user_version = 3")
    db.close()

    with Store(database) as store:
        reopened = store.open_game(game.id)
        session = reopened.session
        assert (session.entries, session.cursor, session.state) == expected
        assert reopened.revision == 4
        assert store.entry_times(game.id) is None
        session.redo()
        session.play(EndGame())
        assert _ats(database, game.id) == [0, 0, 0, clock.now]
        assert store.entry_times(game.id) is None  # begun before times were kept
        other = store.create_game(SCOREPAD, setup, 5)
        other.session.play(AddPoints("Ann", 1))
        assert store.entry_times(other.id) == (clock.now, clock.now)
    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (4,)
    db.close()
