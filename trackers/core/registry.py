"""Where views, storage and the CLI discover games.

Each game package's `__init__` registers a cheap `GameEntry` (its id, its title, the module that holds its
engine, the pack kinds it brings): Home and the game lists need no more, so the app starts without any
game's engine. The engine module registers its `GameModule` when it is imported, which `get_game` does
the first time a game is asked for (a game opened or begun).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from trackers.core.game import GameModule
from trackers.core.packs import pack_kinds_from


@dataclass(frozen=True)
class GameEntry:
    """What is known of a game before its engine loads: what the game lists show, and where the engine is."""

    id: str
    title: str
    engine: str
    """The module that defines and registers the game's `GameModule` ("trackers.ashes.game")."""
    pack_kinds: tuple[str, ...] = ()
    """The content pack kinds the engine registers: asking for one of them loads the engine."""

    def load(self) -> GameModule:
        importlib.import_module(self.engine)
        return _GAMES[self.id]


_ENTRIES: dict[str, GameEntry] = {}
_GAMES: dict[str, GameModule] = {}


def register_entry(entry: GameEntry) -> GameEntry:
    if entry.id in _ENTRIES and _ENTRIES[entry.id] != entry:
        raise ValueError(f"a game with id {entry.id!r} is already registered")
    _ENTRIES[entry.id] = entry
    pack_kinds_from(entry.pack_kinds, entry.load)
    return entry


def register(module: GameModule) -> GameModule:
    """The engine's own registration; its id and title must be those of its entry, if it has one."""
    if module.id in _GAMES and _GAMES[module.id] is not module:
        raise ValueError(f"a game with id {module.id!r} is already registered")
    entry = _ENTRIES.get(module.id)
    if entry is not None and entry.title != module.title:
        raise ValueError(f"game {module.id!r} is titled {module.title!r}, its entry {entry.title!r}")
    _GAMES[module.id] = module
    return module


def entries() -> tuple[GameEntry, ...]:
    """Every game's cheap entry, by title: what Home, New game, Rules and Settings list."""
    return tuple(sorted(_ENTRIES.values(), key=lambda e: e.title))


def entry(game_id: str) -> GameEntry:
    try:
        return _ENTRIES[game_id]
    except KeyError:
        raise KeyError(f"no game called {game_id!r}; known games: {', '.join(sorted(_ENTRIES))}") from None


def title_of(game_id: str) -> str:
    """A game's title, without loading its engine (a game registered with no entry: its engine's)."""
    if game_id in _ENTRIES:
        return _ENTRIES[game_id].title
    return get_game(game_id).title


def games() -> tuple[GameModule, ...]:
    """Every game's engine, by title: loads each one not loaded yet (the contract test, the CLI)."""
    for known in tuple(_ENTRIES.values()):
        if known.id not in _GAMES:
            known.load()
    return tuple(sorted(_GAMES.values(), key=lambda g: g.title))


def get_game(game_id: str) -> GameModule:
    """A game's engine, loaded the first time it is asked for."""
    if game_id in _GAMES:
        return _GAMES[game_id]
    if game_id in _ENTRIES:
        return _ENTRIES[game_id].load()
    raise KeyError(f"no game called {game_id!r}; known games: {', '.join(sorted(_ENTRIES | _GAMES))}")
