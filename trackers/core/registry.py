"""Where views, storage and the CLI discover games: each game package registers itself on import."""

from __future__ import annotations

from trackers.core.game import GameModule

_GAMES: dict[str, GameModule] = {}


def register(module: GameModule) -> GameModule:
    if module.id in _GAMES and _GAMES[module.id] is not module:
        raise ValueError(f"a game with id {module.id!r} is already registered")
    _GAMES[module.id] = module
    return module


def games() -> tuple[GameModule, ...]:
    return tuple(sorted(_GAMES.values(), key=lambda g: g.title))


def get_game(game_id: str) -> GameModule:
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KeyError(f"no game called {game_id!r}; known games: {', '.join(sorted(_GAMES))}") from None
