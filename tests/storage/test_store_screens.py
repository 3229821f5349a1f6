"""One game, many screens: two sessions on one stored game (two browser tabs) never fork it.

Each stored game has a revision; a change from a session that did not see the latest one is refused
(GameChangedElsewhere), writes nothing and leaves that session as it was; reopening the game goes on from
what is stored.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import trackers  # noqa: F401  (registers the games)
from trackers.core.game import Setup, make_setup
from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints, EndRound
from trackers.scorepad.game import SCOREPAD
from trackers.services.storage import GameChangedElsewhere, StorageError, Store, StoredGame

CHANGES = 200


@pytest.fixture
def setup() -> Setup:
    return make_setup(SCOREPAD, ("Ann", "Bob"), {})


def _seen(session: Session) -> tuple[Any, ...]:
    return (session.entries, session.cursor, session.state)


def _rows(database: Path) -> tuple[list[Any], list[Any]]:
    with sqlite3.connect(database) as db:
        rows = (
            db.execute("SELECT * FROM games ORDER BY id").fetchall(),
            db.execute("SELECT * FROM log ORDER BY game_id, seq").fetchall(),
        )
    db.close()
    return rows


def test_a_change_from_a_tab_that_did_not_see_the_last_one_is_refused(
    store: Store, database: Path, setup: Setup
) -> None:
    """The issue's two tabs: A adds Ann +5, B (still showing 0) adds Ann +1, A adds +5 again."""
    game_id = store.create_game(SCOREPAD, setup, 1).id
    tab_a, tab_b = store.open_game(game_id), store.open_game(game_id)
    tab_a.session.play(AddPoints("Ann", 5))

    before = _rows(database)
    with pytest.raises(GameChangedElsewhere) as refused:
        tab_b.session.play(AddPoints("Ann", 1))
    assert isinstance(refused.value, StorageError)
    assert refused.value.game_id == game_id
    assert (refused.value.seen, refused.value.stored) == (1, 2)
    assert "changed on another screen" in str(refused.value)
    assert GameChangedElsewhere.SCREEN_MESSAGE == (
        "This game changed on another screen: here it is as saved; your last entry was not recorded."
    )
    assert _rows(database) == before, "a refused change wrote something"
    assert tab_b.session.state.scores == (0, 0) and tab_b.session.entries == ()
    with pytest.raises(GameChangedElsewhere):  # still out of date: every change from it is refused
        tab_b.session.play(AddPoints("Bob", 2))
    assert _rows(database) == before

    tab_b = store.open_game(game_id)  # what the screen does: reload the game as stored
    assert tab_b.session.state.scores == (5, 0)
    tab_b.session.play(AddPoints("Ann", 1))
    with pytest.raises(GameChangedElsewhere):
        tab_a.session.play(AddPoints("Ann", 5))
    assert tab_a.session.state.scores == (5, 0)
    stored = store.open_game(game_id).session
    assert stored.state.scores == (6, 0)
    assert [entry.text for entry in stored.history] == ["Ann +5", "Ann +1"]


def test_undo_and_redo_from_a_tab_that_did_not_see_the_last_change_are_refused(
    store: Store, setup: Setup
) -> None:
    game_id = store.create_game(SCOREPAD, setup, 1).id
    tab_a = store.open_game(game_id)
    tab_a.session.play(AddPoints("Ann", 5))
    tab_a.session.dispatch_group([AddPoints("Bob", 3), EndRound()])
    tab_b = store.open_game(game_id)

    tab_a.session.undo()
    seen = _seen(tab_b.session)
    with pytest.raises(GameChangedElsewhere):
        tab_b.session.undo()
    assert _seen(tab_b.session) == seen
    assert not tab_b.session.redo()  # nothing to redo on this tab: no change, so nothing to refuse

    tab_b = store.open_game(game_id)
    assert tab_b.session.cursor == 1 and tab_b.session.can_redo
    tab_b.session.redo()
    with pytest.raises(GameChangedElsewhere):
        tab_a.session.redo()
    with pytest.raises(GameChangedElsewhere):
        tab_a.session.play(AddPoints("Ann", 1))  # would have dropped the redo tail B brought back
    assert store.open_game(game_id).session.entries == tab_b.session.entries
    assert store.open_game(game_id).session.cursor == 3


def test_every_change_has_its_revision(store: Store, database: Path, setup: Setup) -> None:
    game = store.create_game(SCOREPAD, setup, 1)
    assert game.revision == 1
    game.session.play(AddPoints("Ann", 5))
    game.session.dispatch_group([AddPoints("Bob", 3), EndRound()])
    game.session.undo()
    game.session.redo()
    game.session.undo()
    game.session.play(AddPoints("Bob", 1))  # drops the redo tail
    assert game.revision == 7
    with Store(database) as other:
        assert other.open_game(game.id).revision == 7
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT revision FROM games").fetchall() == [(7,)]
    db.close()


def test_a_game_imported_from_a_file_saves_from_its_first_revision(store: Store, setup: Setup) -> None:
    game = store.create_game(SCOREPAD, setup, 1)
    game.session.play(AddPoints("Ann", 5))
    copy = store.import_game(store.export_game(game.id))
    assert copy.revision == 1
    copy.session.play(AddPoints("Ann", 1))
    assert store.open_game(copy.id).session.state.scores == (6, 0)
    assert store.open_game(game.id).revision == 2


@pytest.fixture(params=["one store", "two stores"])
def second_store(request: pytest.FixtureRequest, store: Store, database: Path) -> Iterator[Store]:
    """The served app's tabs share one store; another process on the data folder has its own."""
    if request.param == "one store":
        yield store
    else:
        with Store(database) as other:
            yield other


def test_two_tabs_playing_at_random_never_fork_the_game(
    store: Store, second_store: Store, setup: Setup
) -> None:
    """Two hundred changes from two tabs in turns picked at random: every change either is saved, and
    the store then holds exactly what that tab shows, or is refused, changing nothing, and only then."""
    rng = random.Random(20260403)
    game_id = store.create_game(SCOREPAD, setup, 9).id
    stores = (store, second_store)
    tabs = [stores[tab].open_game(game_id) for tab in (0, 1)]
    current = [True, True]  # has the tab seen the store's last change?
    changes: list[Callable[[Session], bool]] = [
        lambda session: session.dispatch(AddPoints(rng.choice(("Ann", "Bob")), rng.randint(1, 9))).ok,
        lambda session: session.dispatch_group([AddPoints("Ann", 1), AddPoints("Bob", 2)]).ok,
        lambda session: session.undo(),
        lambda session: session.redo(),
    ]
    saved = refused = 0
    for _ in range(CHANGES):
        tab = rng.randrange(2)
        session = tabs[tab].session
        seen = _seen(session)
        try:
            changed = rng.choices(changes, weights=(5, 2, 2, 1))[0](session)
        except GameChangedElsewhere as error:
            assert not current[tab], "a change from an up-to-date tab was refused"
            assert error.game_id == game_id
            assert _seen(session) == seen, "a refused change changed the tab"
            refused += 1
            tabs[tab] = stores[tab].open_game(game_id)
            current[tab] = True
            continue
        if changed:
            assert current[tab], "a change from an out-of-date tab was saved"
            current[1 - tab] = False
            saved += 1
            stored = store.open_game(game_id)
            assert _seen(stored.session) == _seen(session), "the store is not what the tab was told"
            assert stored.revision == tabs[tab].revision
    assert saved > CHANGES // 3 and refused > CHANGES // 10
    final = store.open_game(game_id).session  # the game opens and replays
    assert [_seen(tab.session) == _seen(final) for tab in tabs] == current


def test_a_change_to_a_game_changed_then_deleted_elsewhere_says_it_was_deleted(
    store: Store, setup: Setup
) -> None:
    game_id = store.create_game(SCOREPAD, setup, 1).id
    tab_a, tab_b = store.open_game(game_id), store.open_game(game_id)
    tab_a.session.play(AddPoints("Ann", 5))
    store.delete_game(game_id)
    with pytest.raises(StorageError, match="deleted") as refused:
        tab_b.session.play(AddPoints("Ann", 1))
    assert not isinstance(refused.value, GameChangedElsewhere)


def test_a_version_2_database_gains_revisions_and_keeps_its_games(database: Path, setup: Setup) -> None:
    """A file as the storage version before revisions wrote it: the same tables, without the column."""
    with Store(database) as store:
        game = store.create_game(SCOREPAD, setup, 4)
        game.session.play(AddPoints("Ann", 5))
        game.session.dispatch_group([AddPoints("Bob", 3), EndRound()])
        game.session.undo()
        expected = _seen(game.session)
    with sqlite3.connect(database) as db:
        db.execute("ALTER TABLE games DROP COLUMN revision")
        db.execute("ALTER TABLE log DROP COLUMN at")
        db.execute("PRAGMA user_version = 2")
    db.close()

    with Store(database) as store:
        tab_a, tab_b = store.open_game(game.id), store.open_game(game.id)
        assert _seen(tab_a.session) == expected and tab_a.revision == 0
        tab_a.session.redo()
        with pytest.raises(GameChangedElsewhere):
            tab_b.session.play(AddPoints("Ann", 1))
        assert tab_a.revision == 1
    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (4,)
        assert db.execute("SELECT revision FROM games").fetchall() == [(1,)]
    db.close()


def test_stored_game_revision_needs_a_stored_session(setup: Setup) -> None:
    with pytest.raises(TypeError, match="not saved"):
        _ = StoredGame("0", Session(SCOREPAD, setup, 1)).revision
