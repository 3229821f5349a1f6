"""Saved games in one SQLite file: each game's action log row by row, beside a summary for the list.

Durability: WAL, and every journal call is one transaction committed before it returns, so an action the
table saw accepted survives the app being killed. The fsync that makes it survive a power cut too runs
on a thread of its own right after the commit, while the screen is drawn (trackers/services/flushing.py),
not on the path of the tap; where there are no threads (the static web build), every commit fsyncs itself.

One game, many screens: every open game (two browser tabs, the CLI beside the app, another process on
the same data folder) keeps its own copy of the log in memory, so a stored game has a revision, bumped by
every change (an entry, an undo, a redo). A write says which revision it extends and checks it inside
its BEGIN IMMEDIATE transaction, so the check and the write are one step even between processes; when
the game changed since that copy was opened or last saved, the write is refused with
GameChangedElsewhere, writes nothing, and the session stays as it was. A game is never forked: its
stored log only ever grows from what the writer saw.

Threads: the web server calls in from several threads, so one connection is shared
(check_same_thread=False) and every use of it holds one lock. Transactions are explicit (BEGIN
IMMEDIATE for writes, BEGIN for multi-statement reads): each call sees or makes one consistent
change, and a second process (the CLI beside a running app) waits for the write lock instead of
failing halfway.

The file is never deleted or replaced: a damaged, foreign or newer file is refused with StorageError
and left as it was, so nothing a player saved is lost to a bug or a downgrade. An older file is
migrated in place, in one transaction, keeping everything in it.

Content packs (trackers.core.packs) live beside the games, one row per kind and name (its `names.name_key`:
a name typed in another case or with other spaces means the pack already saved).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from trackers.core.boundary import MAX_DEPTH, nests_deeper
from trackers.core.game import GameModule, Setup
from trackers.core.names import known_as
from trackers.core.packs import Pack, check_pack, pack_kind, parse_pack
from trackers.core.registry import get_game, title_of
from trackers.core.session import LogEntry, Session
from trackers.services import gamefile
from trackers.services.datadir import database_path
from trackers.services.flushing import THREADS, WalFlusher

SCHEMA_VERSION = 4

# data is declared TEXT, not JSON: a JSON column would get numeric affinity.
_PACKS = """CREATE TABLE packs (
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        version INTEGER NOT NULL,
        data TEXT NOT NULL,
        created REAL NOT NULL,
        updated REAL NOT NULL,
        PRIMARY KEY (kind, name)
    )"""

_SCHEMA = (
    """CREATE TABLE games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        setup TEXT NOT NULL,
        seed INTEGER NOT NULL,
        content_versions TEXT NOT NULL,
        cursor INTEGER NOT NULL,
        summary TEXT NOT NULL,
        finished INTEGER NOT NULL,
        created REAL NOT NULL,
        updated REAL NOT NULL,
        revision INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE log (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        grp INTEGER NOT NULL,
        action TEXT NOT NULL,
        events TEXT NOT NULL,
        text TEXT NOT NULL,
        at REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seq)
    )""",
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    _PACKS,
)

# The statements that take a database from each older version to the next. Version 2's games start at
# revision 0: every screen that opens one after the upgrade reads it. Version 3's log entries were made at
# an unknown time (`at` 0).
_MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (_PACKS,),
    2: ("ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",),
    3: ("ALTER TABLE log ADD COLUMN at REAL NOT NULL DEFAULT 0",),
}

_INT64 = range(-(2**63), 2**63)


class StorageError(Exception):
    """The saved games cannot be read or written; the message says why and what was left untouched."""


class GameChangedElsewhere(StorageError):
    """A change was refused because the stored game moved on since this screen opened or last saved it
    (another tab, the CLI, another process on the same data folder). Nothing was written and the
    session is as it was before the refused change, but it is out of date: every further change from it
    is refused too. Reopen the game (`Store.open_game(error.game_id)`) to go on from what is stored, and
    tell the player with `SCREEN_MESSAGE`.
    """

    SCREEN_MESSAGE = (
        "This game changed on another screen: here it is as saved; your last entry was not recorded."
    )

    def __init__(self, game_id: str, seen: int, stored: int) -> None:
        self.game_id = game_id
        self.seen = seen  # the revision this screen last read or wrote
        self.stored = stored  # the revision the store holds
        super().__init__(
            "This game changed on another screen, so this change was not saved; "
            "reopen the game to go on from what is saved."
        )


@dataclass(frozen=True)
class StoredGame:
    """A saved game, open for play: its session writes every change through to the store.

    A change the store refuses because another screen changed the game first raises
    GameChangedElsewhere from the session's dispatch, undo or redo, and leaves the session unchanged.
    """

    id: str
    session: Session

    @property
    def revision(self) -> int:
        """The stored game's revision as this session last read or wrote it."""
        journal = self.session.journal
        if not isinstance(journal, GameJournal):
            raise TypeError("This session is not saved to a store.")
        return journal.revision


@dataclass(frozen=True)
class GameInfo:
    """One line of the saved-games list, read without replaying the game."""

    id: str
    game: str
    title: str
    players: tuple[str, ...]
    summary: dict[str, Any]
    finished: bool
    created: float
    updated: float


class GameJournal:
    """The Journal of one stored game as one session sees it: every call is one transaction, committed
    before it returns, and refused (GameChangedElsewhere) unless the stored game is still at `revision`,
    the one this session last read or wrote. The session calls it before changing itself, so a refused
    change leaves the session as it was."""

    def __init__(self, store: Store, game_id: str, module: GameModule, revision: int) -> None:
        self.store = store
        self.game_id = game_id
        self.module = module
        self.revision = revision

    def record(self, start: int, entries: Sequence[LogEntry], cursor: int, state: Any) -> None:
        self._save(start, entries, cursor, state)

    def move_cursor(self, cursor: int, state: Any) -> None:
        self._save(None, (), cursor, state)

    def _save(self, start: int | None, entries: Sequence[LogEntry], cursor: int, state: Any) -> None:
        with self.store._transaction() as db:
            revision = _write(
                db, self.game_id, self.module, self.revision, start, entries, cursor, state, time.time()
            )
        # Only once committed. Should the commit fail after all, the session (left as it was) keeps the
        # old revision: its next change is refused rather than saved over whatever the store now holds.
        self.revision = revision


class Store:
    """The saved games: open or create the database at `path`, refusing one it cannot trust.

    `on_commit` is called after every change is committed, before the caller goes on (the static web
    build copies the file to the browser's storage then: views/browser_storage.py). It must not raise.
    """

    def __init__(self, path: Path, on_commit: Callable[[], None] | None = None) -> None:
        self.path = Path(path)
        self._on_commit = on_commit
        self._lock = threading.RLock()
        self._flusher: WalFlusher | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as error:
            raise StorageError(f"Lantern cannot open its saved games at {self.path}: {error}.") from None
        try:
            self._prepare()
        except BaseException:
            self._db.close()
            raise

    @classmethod
    def open_default(cls) -> Store:
        return cls(database_path())

    def _prepare(self) -> None:
        """Check the file before anything can write to it, then set up a new one."""
        untouched = f"The file {self.path} was left untouched; move it away to start with no saved games."
        try:
            problems = [row[0] for row in self._db.execute("PRAGMA quick_check")]
            if problems != ["ok"]:
                detail = problems[0].splitlines()[-1]  # skip quick_check's "*** in database main ***"
                raise StorageError(f"The saved games are damaged ({detail}). {untouched}")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StorageError(
                    f"The saved games were written by a newer Lantern (storage version {version}; this "
                    f"Lantern reads up to {SCHEMA_VERSION}). Update Lantern to open them. {untouched}"
                )
            if version == 0 and self._db.execute("SELECT 1 FROM sqlite_master").fetchone() is not None:
                raise StorageError(f"{self.path} is a database, but not one of Lantern's. {untouched}")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute(f"PRAGMA synchronous = {'NORMAL' if THREADS else 'FULL'}")
            self._db.execute("PRAGMA foreign_keys = ON")
            if version < SCHEMA_VERSION:
                with self._transaction() as db:
                    _upgrade(db)
        except sqlite3.DatabaseError as error:
            raise StorageError(f"The saved games cannot be read ({error}). {untouched}") from None
        if THREADS:
            self._flusher = WalFlusher(self.path)

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[sqlite3.Connection]:
        """One transaction under the lock; sqlite errors, and text SQLite cannot encode, come out as
        StorageError, after a rollback."""
        with self._lock:
            if self._flusher is not None and self._flusher.failed is not None:
                self._db.execute("PRAGMA synchronous = FULL")  # the flusher cannot flush: each commit does
                self._flusher = None
            try:
                self._db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    yield self._db
                    self._db.execute("COMMIT")
                finally:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
            except sqlite3.Error as error:
                action = "save to" if write else "read"
                raise StorageError(f"Lantern could not {action} its saved games: {error}.") from error
            except UnicodeEncodeError:  # a lone surrogate cannot be written as UTF-8, so SQLite refuses it
                action = "save to" if write else "read"
                raise StorageError(
                    f"Lantern could not {action} its saved games: "
                    "the text given holds a character that is not valid Unicode."
                ) from None
        if write and self._flusher is not None:
            self._flusher.committed()
        if write and self._on_commit is not None:
            self._on_commit()

    def flushed(self) -> bool:
        """Wait until every commit so far is on the disk (the tests wait on it); False on a timeout."""
        return self._flusher is None or self._flusher.wait()

    def close(self) -> None:
        with self._lock:
            if self._flusher is not None:
                self._flusher.stop()
                self._flusher = None
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def create_game(self, module: GameModule, setup: Setup, seed: int) -> StoredGame:
        return self._insert(Session(module, setup, seed))

    def import_game(self, text: str | bytes) -> StoredGame:
        """Store a game file as a new game; a file that does not load (GameFileError) writes nothing."""
        return self._insert(gamefile.load_document(text).session)

    def _insert(self, session: Session) -> StoredGame:
        if session.seed not in _INT64:
            raise StorageError(f"The random seed {session.seed} is too large to save.")
        game_id = secrets.token_hex(8)
        module = session.module
        now = time.time()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO games (id, game, setup, seed, content_versions, cursor, summary, finished,"
                " created, updated) VALUES (?, ?, ?, ?, ?, 0, '{}', 0, ?, ?)",
                (
                    game_id,
                    module.id,
                    _json(session.setup.to_json()),
                    session.seed,
                    _json(dict(module.content_versions)),
                    now,
                    now,
                ),
            )
            # An imported game's entries were made before it came here, at times its file does not give.
            revision = _write(db, game_id, module, 0, 0, session.entries, session.cursor, session.state, 0.0)
        session.journal = GameJournal(self, game_id, module, revision)
        return StoredGame(game_id, session)

    def open_game(self, game_id: str) -> StoredGame:
        """Replay a saved game; KeyError for an unknown id, StorageError when its log does not replay.

        The log and the revision are read in one transaction, so the session's later changes are checked
        against exactly what it replayed."""
        with self._transaction(write=False) as db:
            query = "SELECT game, setup, seed, cursor, revision FROM games WHERE id = ?"
            game = db.execute(query, (game_id,)).fetchone()
            if game is None:
                raise KeyError(f"There is no saved game with id {game_id!r}.")
            log = db.execute(
                "SELECT seq, grp, action, events FROM log WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
        name, setup, seed, cursor, revision = game
        try:
            module = get_game(name)
        except KeyError:
            raise StorageError(
                f"Saved game {game_id} is a game of {name!r}, which this Lantern does not have."
            ) from None
        try:
            if [row[0] for row in log] != list(range(len(log))):
                raise ValueError("entries are missing from its log.")
            doc = {
                "setup": _log_json(setup),
                "seed": seed,
                "actions": [_log_json(row[2]) for row in log],
                "groups": [row[1] for row in log],
                "events": [_log_json(row[3]) for row in log],
                "cursor": cursor,
            }
            session = gamefile.rebuild(module, doc).session
        except ValueError as error:
            raise StorageError(f"Saved game {game_id} cannot be opened: {error}") from None
        session.journal = GameJournal(self, game_id, module, revision)
        return StoredGame(game_id, session)

    def list_games(self) -> list[GameInfo]:
        """Most recently played first, from the stored summaries (no replay, so the list is instant)."""
        with self._transaction(write=False) as db:
            rows = db.execute(
                "SELECT id, game, setup, summary, finished, created, updated FROM games"
                " ORDER BY updated DESC, rowid DESC"
            ).fetchall()
        return [
            GameInfo(
                id=game_id,
                game=name,
                title=_title(name),
                players=tuple(json.loads(setup)["players"]),
                summary=json.loads(summary),
                finished=bool(finished),
                created=created,
                updated=updated,
            )
            for game_id, name, setup, summary, finished, created, updated in rows
        ]

    def entry_times(self, game_id: str) -> tuple[float, float] | None:
        """When the game's first entry and its last one up to the undo cursor were made (epoch seconds), or
        None when it has none yet or they were made before Lantern kept their times (an imported game's,
        or one saved before storage version 4); KeyError for an unknown id."""
        with self._transaction(write=False) as db:
            row = db.execute("SELECT cursor FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise KeyError(f"There is no saved game with id {game_id!r}.")
            query = "SELECT at FROM log WHERE game_id = ? AND seq = ?"
            first = db.execute(query, (game_id, 0)).fetchone() if row[0] else None
            last = db.execute(query, (game_id, row[0] - 1)).fetchone() if row[0] else None
        if first is None or last is None or not first[0] or not last[0]:
            return None
        return float(first[0]), float(last[0])

    def delete_game(self, game_id: str) -> None:
        with self._transaction() as db:
            if db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 0:
                raise KeyError(f"There is no saved game with id {game_id!r}.")

    def export_game(self, game_id: str) -> str:
        return gamefile.dumps(gamefile.export_document(self.open_game(game_id).session))

    def get_setting(self, key: str, default: str) -> str:
        with self._transaction(write=False) as db:
            row = db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return default if row is None else str(row[0])

    def set_setting(self, key: str, value: str) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = ?",
                (key, value, value),
            )

    def save_pack(self, pack: Pack, *, replace: bool = False) -> None:
        """Keep a pack; one with the same kind and name is a StorageError unless `replace`.

        Raises PackError for a pack that breaks its kind's rules, so nothing unreadable is stored.
        """
        check_pack(pack)
        with self._transaction() as db:
            _save_pack(db, pack, replace)

    def import_pack(self, text: str | bytes, expected_kind: str | None = None, replace: bool = False) -> Pack:
        """Read a pack file and keep it; a file that does not read (PackError) writes nothing."""
        pack = parse_pack(text, expected_kind)
        with self._transaction() as db:
            _save_pack(db, pack, replace)
        return pack

    def list_packs(self, kind: str | None = None) -> list[Pack]:
        """By name, ignoring case, as a player looks for one."""
        with self._transaction(write=False) as db:
            rows = db.execute(
                "SELECT kind, name, version, data FROM packs WHERE ? IS NULL OR kind = ?", (kind, kind)
            ).fetchall()
        packs = [Pack(row[0], row[1], row[2], json.loads(row[3])) for row in rows]
        return sorted(packs, key=lambda pack: (pack.name.casefold(), pack.name, pack.kind))

    def get_pack(self, kind: str, name: str) -> Pack:
        """The pack `name` means, case and spaces aside (`names.name_key`), under the name it was saved as."""
        with self._transaction(write=False) as db:
            held = _held_name(db, kind, name)
            query = "SELECT version, data FROM packs WHERE kind = ? AND name = ?"
            row = None if held is None else db.execute(query, (kind, held)).fetchone()
        if held is None or row is None:
            raise KeyError(f"There is no {_pack_title(kind)} called {name!r}.")
        return Pack(kind, held, row[0], json.loads(row[1]))

    def delete_pack(self, kind: str, name: str) -> None:
        with self._transaction() as db:
            held = _held_name(db, kind, name)
            if held is None:
                raise KeyError(f"There is no {_pack_title(kind)} called {name!r}.")
            db.execute("DELETE FROM packs WHERE kind = ? AND name = ?", (kind, held))


def _upgrade(db: sqlite3.Connection) -> None:
    """Bring the schema up to date, reading the version inside the write lock so two processes opening
    an old file at once migrate it once."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    statements = (
        _SCHEMA if version == 0 else [s for v in range(version, SCHEMA_VERSION) for s in _MIGRATIONS[v]]
    )
    for statement in statements:
        db.execute(statement)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _held_name(db: sqlite3.Connection, kind: str, name: str) -> str | None:
    """The name a pack of `kind` is saved under that `name` means, itself first, if any: a store written
    before names were compared by key may hold two that differ only in case, each still reached by its own."""
    exact = "SELECT name FROM packs WHERE kind = ? AND name = ?"
    if db.execute(exact, (kind, name)).fetchone() is not None:
        return name
    held = [row[0] for row in db.execute("SELECT name FROM packs WHERE kind = ?", (kind,))]
    return known_as(name, held)


def _save_pack(db: sqlite3.Connection, pack: Pack, replace: bool) -> None:
    """Insert, or overwrite in place (keeping when it was first saved) when `replace`: a pack whose name
    means a saved one's (case and spaces aside) is that pack, and takes the name as now typed."""
    held = _held_name(db, pack.kind, pack.name)
    if held is not None and not replace:
        raise StorageError(
            f"There is already {pack_kind(pack.kind).a_title} called {held!r}; "
            "choose another name or replace it."
        )
    data = _json(dict(pack.data))
    if held is not None:
        db.execute(
            "UPDATE packs SET name = ?, version = ?, data = ?, updated = ? WHERE kind = ? AND name = ?",
            (pack.name, pack.version, data, time.time(), pack.kind, held),
        )
        return
    now = time.time()
    db.execute(
        "INSERT INTO packs (kind, name, version, data, created, updated) VALUES (?, ?, ?, ?, ?, ?)",
        (pack.kind, pack.name, pack.version, data, now, now),
    )


def _pack_title(kind: str) -> str:
    try:
        return pack_kind(kind).title
    except KeyError:
        return kind


def _write(
    db: sqlite3.Connection,
    game_id: str,
    module: GameModule,
    revision: int,
    start: int | None,
    entries: Sequence[LogEntry],
    cursor: int,
    state: Any,
    at: float,
) -> int:
    """Set the cursor and what the list shows, then replace the log from `start` on (None: keep it), the
    new entries made `at` (epoch seconds; 0: unknown); returns the game's new revision.

    Inside the caller's write transaction: refused (GameChangedElsewhere, the caller rolls back) unless
    the stored game is at `revision` and its log reaches `start`, so a change only ever extends the log
    its writer saw."""
    stored = db.execute(
        "SELECT revision, (SELECT COALESCE(MAX(seq) + 1, 0) FROM log WHERE game_id = ?) FROM games"
        " WHERE id = ?",
        (game_id, game_id),
    ).fetchone()
    if stored is None:
        raise StorageError("This game was deleted, so the change was not saved.")
    if stored[0] != revision or (start is not None and start > stored[1]):
        raise GameChangedElsewhere(game_id, revision, stored[0])
    summary = _json(module.summary(state).to_json())
    finished = module.outcome(state) is not None
    # Later than every other game's time, even by a clock that ticks in milliseconds (a browser's), so
    # the list's "latest first" is the order of play.
    db.execute(
        "UPDATE games SET cursor = ?, summary = ?, finished = ?, revision = revision + 1,"
        " updated = MAX(?, (SELECT MAX(updated) FROM games) + 0.000001) WHERE id = ?",
        (cursor, summary, finished, time.time(), game_id),
    )
    if start is not None:
        db.execute("DELETE FROM log WHERE game_id = ? AND seq >= ?", (game_id, start))
        db.executemany(
            "INSERT INTO log (game_id, seq, grp, action, events, text, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id,
                    start + offset,
                    entry.group,
                    _json(entry.action.to_json()),
                    _json([event.to_json() for event in entry.events]),
                    entry.text,
                    at,
                )
                for offset, entry in enumerate(entries)
            ],
        )
    return revision + 1


def _title(name: str) -> str:
    try:
        return title_of(name)
    except KeyError:
        return name


def _log_json(text: str) -> Any:
    """A game's stored JSON (its setup, a log row) as `_json` wrote it. A damaged one nested thousands
    deep is refused before it is parsed: on WebAssembly parsing it would overflow the JavaScript stack,
    which ends the runtime instead of raising RecursionError."""
    if nests_deeper(text, MAX_DEPTH):
        raise ValueError("its log is nested too deep.")
    return json.loads(text)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
