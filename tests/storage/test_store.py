"""The SQLite store: games survive a reopen exactly, and a file it cannot trust is refused untouched."""

from __future__ import annotations

import os
import shutil
import sqlite3
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

import trackers  # noqa: F401  (registers the games)
from tests.wasm import no_threads
from trackers.core.game import Setup, make_setup
from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints, ChooseFirstPlayer, DrawFirstPlayer, EndGame, EndRound
from trackers.scorepad.game import SCOREPAD
from trackers.services.flushing import THREADS
from trackers.services.gamefile import load_document
from trackers.services.storage import GameInfo, StorageError, Store, StoredGame


@pytest.fixture
def setup() -> Setup:
    return make_setup(SCOREPAD, ("Ann", "Bob"), {})


def _play(game: StoredGame) -> Session:
    session = game.session
    session.play(AddPoints("Ann", 5))
    session.play(DrawFirstPlayer())
    session.dispatch_group([AddPoints("Bob", 3), EndRound()])
    session.play(AddPoints("Ann", 2))
    return session


def _reopen(database: Path, game_id: str) -> Session:
    with Store(database) as store:
        return store.open_game(game_id).session


def _same(a: Session, b: Session) -> None:
    assert a.state == b.state
    assert a.cursor == b.cursor
    assert a.entries == b.entries
    assert a.history == b.history


def test_a_game_reopens_exactly(store: Store, database: Path, setup: Setup) -> None:
    game = store.create_game(SCOREPAD, setup, 11)
    session = _play(game)
    reopened = _reopen(database, game.id)
    _same(reopened, session)
    assert reopened.seed == 11 and reopened.setup == setup
    assert [entry.text for entry in reopened.history][-1] == "Ann +2"


def test_undo_and_redo_are_saved(store: Store, database: Path, setup: Setup) -> None:
    session = _play(store.create_game(SCOREPAD, setup, 3))
    session.undo()
    session.undo()  # the two-action group goes back as one step
    assert session.cursor == 2
    reopened = _reopen(database, store.list_games()[0].id)
    _same(reopened, session)
    assert reopened.can_redo
    session.redo()
    _same(_reopen(database, store.list_games()[0].id), session)
    assert session.cursor == 4


def test_a_dispatch_after_undo_drops_the_redo_tail_in_storage(
    store: Store, database: Path, setup: Setup
) -> None:
    game = store.create_game(SCOREPAD, setup, 3)
    session = _play(game)
    session.undo()
    session.undo()
    session.play(ChooseFirstPlayer("Bob"))
    reopened = _reopen(database, game.id)
    _same(reopened, session)
    assert len(reopened.entries) == 3 and not reopened.can_redo
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT count(*) FROM log WHERE game_id = ?", (game.id,)).fetchone() == (3,)


def test_a_reopened_game_keeps_saving(store: Store, database: Path, setup: Setup) -> None:
    game = store.create_game(SCOREPAD, setup, 3)
    _play(game)
    with Store(database) as other:
        session = other.open_game(game.id).session
        session.undo()
        session.play(AddPoints("Bob", 9))
    _same(_reopen(database, game.id), session)


def test_list_uses_the_stored_summary_latest_first(store: Store, setup: Setup) -> None:
    first = store.create_game(SCOREPAD, setup, 1)
    second = store.create_game(SCOREPAD, make_setup(SCOREPAD, ("Cy",), {}), 2)
    first.session.play(AddPoints("Bob", 4))
    listed = store.list_games()
    assert [info.id for info in listed] == [first.id, second.id]
    info = listed[0]
    assert isinstance(info, GameInfo)
    assert (info.game, info.title, info.players) == ("scorepad", "Score pad", ("Ann", "Bob"))
    assert not info.finished
    assert info.summary == SCOREPAD.summary(first.session.state).to_json()
    assert info.summary["scores"] == {"Ann": 0, "Bob": 4}
    assert info.created <= info.updated
    first.session.play(EndGame())
    assert store.list_games()[0].finished
    first.session.undo()
    assert not store.list_games()[0].finished


def test_the_list_follows_the_order_of_play_when_the_clock_does_not_move(
    store: Store, setup: Setup, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A browser's clock ticks in milliseconds: several saves can carry the same time."""
    monkeypatch.setattr("trackers.services.storage.time", SimpleNamespace(time=lambda: 1_800_000_000.0))
    first = store.create_game(SCOREPAD, setup, 1)
    second = store.create_game(SCOREPAD, make_setup(SCOREPAD, ("Cy",), {}), 2)
    assert [info.id for info in store.list_games()] == [second.id, first.id]
    first.session.play(AddPoints("Bob", 4))
    assert [info.id for info in store.list_games()] == [first.id, second.id]
    second.session.play(AddPoints("Cy", 1))
    second.session.undo()
    assert [info.id for info in store.list_games()] == [second.id, first.id]


def test_each_committed_change_and_nothing_else_is_announced(database: Path, setup: Setup) -> None:
    """What the static web build hangs its copy to the browser's storage on (views/browser_storage.py)."""
    commits: list[str] = []
    with Store(database, on_commit=lambda: commits.append("commit")) as store:
        game = store.create_game(SCOREPAD, setup, 1)
        assert commits
        commits.clear()
        game.session.play(AddPoints("Bob", 4))
        game.session.undo()
        assert commits == ["commit", "commit"]  # one transaction each
        store.list_games()
        store.open_game(game.id)
        store.get_setting("theme", "system")
        with pytest.raises(StorageError, match="not valid Unicode"):
            store.set_setting("theme", "dark\ud800")
        assert commits == ["commit", "commit"]


def test_list_shows_a_game_no_longer_registered_by_its_id(store: Store, database: Path, setup: Setup) -> None:
    game = store.create_game(SCOREPAD, setup, 1)
    with sqlite3.connect(database) as db:
        db.execute("UPDATE games SET game = 'retired'")
    db.close()
    assert store.list_games()[0].title == "retired"
    with pytest.raises(StorageError, match="'retired', which this Lantern does not have"):
        store.open_game(game.id)


def test_delete(store: Store, database: Path, setup: Setup) -> None:
    kept = store.create_game(SCOREPAD, setup, 1)
    gone = store.create_game(SCOREPAD, setup, 2)
    _play(gone)
    store.delete_game(gone.id)
    assert [info.id for info in store.list_games()] == [kept.id]
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT count(*) FROM log").fetchone() == (0,)
    with pytest.raises(KeyError, match="no saved game"):
        store.open_game(gone.id)
    with pytest.raises(KeyError):
        store.delete_game(gone.id)


def test_a_change_to_a_deleted_game_is_refused_and_the_session_unchanged(store: Store, setup: Setup) -> None:
    game = store.create_game(SCOREPAD, setup, 1)
    game.session.play(AddPoints("Ann", 1))
    store.delete_game(game.id)
    with pytest.raises(StorageError, match="deleted"):
        game.session.play(AddPoints("Ann", 1))
    assert game.session.state.scores == (1, 0) and game.session.cursor == 1
    assert store.list_games() == []


def test_settings(store: Store, database: Path) -> None:
    assert store.get_setting("theme", "dark") == "dark"
    store.set_setting("theme", "light")
    store.set_setting("theme", "sepia")
    with Store(database) as again:
        assert again.get_setting("theme", "dark") == "sepia"


def test_unknown_game_id(store: Store) -> None:
    with pytest.raises(KeyError, match="no saved game with id 'nope'"):
        store.open_game("nope")


def test_export_then_import_gives_the_same_game(store: Store, setup: Setup) -> None:
    game = store.create_game(SCOREPAD, setup, 5)
    session = _play(game)
    session.undo()
    text = store.export_game(game.id)
    assert load_document(text).session.state == session.state
    copy = store.import_game(text)
    assert copy.id != game.id
    _same(copy.session, session)
    copy.session.play(AddPoints("Bob", 1))  # the copy saves on its own
    assert store.open_game(game.id).session.state == session.state
    _same(store.open_game(copy.id).session, copy.session)
    assert store.export_game(game.id) == text


@no_threads
def test_threads_share_one_store(store: Store, database: Path, setup: Setup) -> None:
    games = [store.create_game(SCOREPAD, setup, n) for n in range(4)]

    def play(game: StoredGame) -> None:
        for points in range(1, 26):
            game.session.play(AddPoints("Ann", points))

    threads = [threading.Thread(target=play, args=(game,)) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for game in games:
        assert _reopen(database, game.id).state.scores == (325, 0)


def test_a_log_that_no_longer_replays_is_refused_and_kept(store: Store, database: Path, setup: Setup) -> None:
    game = store.create_game(SCOREPAD, setup, 5)
    _play(game)
    tampered = '{"type":"scorepad.add_points","player":"Ann","points":-50}'
    with sqlite3.connect(database) as db:
        db.execute("UPDATE log SET action = ? WHERE seq = 3", (tampered,))
    db.close()
    with pytest.raises(StorageError, match=r"Action 4 \(scorepad.add_points\) does not replay: .*below zero"):
        store.open_game(game.id)
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT action FROM log WHERE seq = 3").fetchone() == (tampered,)
    db.close()
    assert [info.id for info in store.list_games()] == [game.id]


def test_a_log_with_a_gap_is_refused(store: Store, database: Path, setup: Setup) -> None:
    game = store.create_game(SCOREPAD, setup, 5)
    _play(game)
    with sqlite3.connect(database) as db:
        db.execute("DELETE FROM log WHERE seq = 1")
    db.close()
    with pytest.raises(StorageError, match="missing"):
        store.open_game(game.id)


def _filled(database: Path, setup: Setup) -> bytes:
    with Store(database) as store:
        for seed in range(20):
            _play(store.create_game(SCOREPAD, setup, seed))
    return database.read_bytes()


def test_a_corrupted_database_is_refused_and_left_byte_identical(
    tmp_path: Path, database: Path, setup: Setup
) -> None:
    original = _filled(database, setup)
    page = 4096
    assert len(original) > 4 * page
    damaged = tmp_path / "damaged.sqlite3"
    shutil.copy(database, damaged)
    garbage = bytes((n * 151 + 7) % 256 for n in range(page))
    with damaged.open("r+b") as handle:
        handle.seek(2 * page)
        handle.write(garbage)
    before = damaged.read_bytes()
    with pytest.raises(StorageError, match="left untouched"):
        Store(damaged)
    assert damaged.read_bytes() == before


def test_a_file_that_is_not_a_database_is_refused_and_left_byte_identical(tmp_path: Path) -> None:
    path = tmp_path / "lantern.sqlite3"
    path.write_bytes(b"these are my notes, not a database\n" * 200)
    before = path.read_bytes()
    with pytest.raises(StorageError, match="cannot be read"):
        Store(path)
    assert path.read_bytes() == before


def test_a_database_from_a_newer_lantern_is_refused(database: Path, setup: Setup) -> None:
    _filled(database, setup)
    with sqlite3.connect(database) as db:
        db.execute("PRAGMA user_version = 99")
    db.close()
    before = database.read_bytes()
    with pytest.raises(StorageError, match="newer Lantern"):
        Store(database)
    assert database.read_bytes() == before


def test_someone_elses_database_is_refused(database: Path) -> None:
    with sqlite3.connect(database) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
    db.close()
    before = database.read_bytes()
    with pytest.raises(StorageError, match="not one of Lantern's"):
        Store(database)
    assert database.read_bytes() == before


def test_the_database_is_durable_by_configuration(store: Store, database: Path) -> None:
    assert store._db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    # NORMAL: a commit is in the WAL file when it returns; the fsync follows on the flusher's thread.
    assert store._db.execute("PRAGMA synchronous").fetchone() == ((1,) if THREADS else (2,))
    assert store._db.execute("PRAGMA foreign_keys").fetchone() == (1,)


@no_threads
def test_every_commit_is_flushed_to_the_disk_after_it(
    store: Store, setup: Setup, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[int] = []  # the inode of each file fsynced
    real_fsync = os.fsync

    def fsync(descriptor: int) -> None:
        synced.append(os.fstat(descriptor).st_ino)
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", fsync)
    game = store.create_game(SCOREPAD, setup, seed=1)
    wal = Path(f"{store.path}-wal").stat().st_ino
    assert store.flushed()
    assert synced and set(synced) == {wal}
    synced.clear()
    game.session.dispatch(AddPoints("Ann", 3))
    assert store.flushed()
    assert synced == [wal]


@no_threads
def test_a_flusher_that_cannot_flush_hands_the_fsync_back_to_each_commit(
    store: Store, setup: Setup, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fsync(descriptor: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", fsync)
    game = store.create_game(SCOREPAD, setup, seed=1)
    assert store.flushed()
    assert game.session.dispatch(AddPoints("Ann", 3)).ok  # the next transaction goes back to FULL first
    assert store._db.execute("PRAGMA synchronous").fetchone() == (2,)
    assert store.flushed()  # nothing left to wait for
    assert store.open_game(game.id).session.state.scores[0] == 3


def test_closing_the_store_ends_its_flusher(database: Path, setup: Setup) -> None:
    before = threading.active_count()
    with Store(database) as store:
        store.create_game(SCOREPAD, setup, seed=1)
    assert threading.active_count() == before


def test_open_default_uses_the_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("FLET_APP_STORAGE_DATA", raising=False)
    monkeypatch.setenv("LANTERN_DATA", str(tmp_path / "data"))
    with Store.open_default() as store:
        assert store.path == tmp_path / "data" / "lantern.sqlite3"
    assert store.path.is_file()
