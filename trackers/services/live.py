"""The games open in this process: one live session per game, shared by every screen that shows it.

Two browser tabs (or two phones on one server) showing the same game share its session, so an entry on
one is on the other at once and undo on one undoes for both. Every change goes through `Watch.change`,
one at a time per game, and then every other screen watching that game is told. A change the store
refuses because another process changed the game first (GameChangedElsewhere) replaces the shared
session by the game as stored, for every screen, before the error reaches the caller.

Each screen also says whom it plays (a player of the game, or the whole table), so every screen on a game
can show who else is there: a screen that comes, goes or changes seat tells the others' `Company`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from trackers.services.per_store import PerStore
from trackers.services.storage import GameChangedElsewhere, Store, StoredGame

T = TypeVar("T")
Listener = Callable[[StoredGame], None]
"""Told the game as it now is, after a change made on another screen (or reread from the store)."""
Company = Callable[[], None]
"""Told that another screen came to the game, left it, or changed whom it plays."""


@dataclass(eq=False)
class _Open:
    game: StoredGame
    lock: threading.RLock = field(default_factory=threading.RLock)
    watches: list[Watch] = field(default_factory=list)


@dataclass(eq=False)
class Watch:
    """One screen showing one live game: what it changes goes through here, and it hears of the rest."""

    live: LiveGames
    entry: _Open
    listener: Listener
    company: Company | None = None
    seat: str | None = None
    """The player this screen plays; None: the whole table."""

    @property
    def game(self) -> StoredGame:
        return self.entry.game

    def change(self, step: Callable[[StoredGame], T]) -> T:
        """Run one change on the shared game, alone; then tell every other screen watching it.

        On GameChangedElsewhere the game is reread from the store and every screen, this one too, is
        given it before the error is raised again."""
        entry = self.entry
        with entry.lock:
            try:
                result = step(entry.game)
            except GameChangedElsewhere:
                entry.game = self.live.store.open_game(entry.game.id)
                self.live.tell(entry, skip=None)
                raise
            self.live.tell(entry, skip=self)
            return result

    def stop(self) -> None:
        """This screen no longer shows the game; a game no screen shows is let go."""
        self.live.release(self)

    def take_seat(self, seat: str | None) -> None:
        """Play as one of the game's players, or the whole table (None); the other screens are told."""
        players = self.game.session.setup.players
        if seat is not None and seat not in players:
            raise ValueError(
                f"{seat!r} does not play this game: pick one of {', '.join(players)}, or the whole table"
            )
        with self.live._lock:
            self.seat = seat
        self.live.tell_company(self.entry, skip=self)

    def others(self) -> tuple[str | None, ...]:
        """Whom the other screens on this game play (None: the whole table), first come first."""
        with self.live._lock:
            return tuple(watch.seat for watch in self.entry.watches if watch is not self)


class LiveGames:
    """The authority for the games open in this process, over one Store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._open: dict[str, _Open] = {}
        self._lock = threading.Lock()

    @classmethod
    def of(cls, store: Store) -> LiveGames:
        """The one authority over `store`, shared by every screen of the process."""
        return _LIVE(store)

    def watch(self, game: StoredGame, listener: Listener, company: Company | None = None) -> Watch:
        """Show a game just created, imported or opened; the live one wins if a screen has it already."""
        with self._lock:
            entry = self._open.setdefault(game.id, _Open(game))
            watch = Watch(self, entry, listener, company)
            entry.watches.append(watch)
        self.tell_company(entry, skip=watch)
        return watch

    def open(self, game_id: str, listener: Listener, company: Company | None = None) -> Watch:
        """Show a saved game: the live one when a screen has it open, else read from the store (KeyError,
        StorageError as `Store.open_game`)."""
        with self._lock:
            entry = self._open.get(game_id)
        game = entry.game if entry is not None else self.store.open_game(game_id)
        return self.watch(game, listener, company)

    def is_open(self, game_id: str) -> bool:
        with self._lock:
            return game_id in self._open

    def forget(self, game_id: str) -> None:
        """The game was deleted: every screen's watch of it is let go."""
        with self._lock:
            self._open.pop(game_id, None)

    def release(self, watch: Watch) -> None:
        with self._lock:
            entry = watch.entry
            if watch in entry.watches:
                entry.watches.remove(watch)
            if not entry.watches and self._open.get(entry.game.id) is entry:
                del self._open[entry.game.id]
        self.tell_company(entry, skip=watch)

    def tell(self, entry: _Open, *, skip: Watch | None) -> None:
        with self._lock:
            others = [watch for watch in entry.watches if watch is not skip]
        for watch in others:
            watch.listener(entry.game)

    def tell_company(self, entry: _Open, *, skip: Watch) -> None:
        with self._lock:
            others = [watch.company for watch in entry.watches if watch is not skip]
        for company in others:
            if company is not None:
                company()


_LIVE = PerStore(LiveGames)
