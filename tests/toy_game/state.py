"""Toy game state: banked scores, whose turn it is, the points at stake and the one option."""

from __future__ import annotations

from dataclasses import dataclass

from trackers.core.options import option


@dataclass(frozen=True)
class Settings:
    target: int = option(
        "Points to win",
        20,
        minimum=10,
        maximum=100,
        rule="toy-game/winning",
        help="The first player to bank this many points wins.",
        main=True,
    )


@dataclass(frozen=True)
class ToyState:
    players: tuple[str, ...]
    scores: tuple[int, ...]
    turn: int | None = None
    """The index of the player rolling; None until the first player is drawn."""
    pot: int = 0
    winner: str | None = None
    settings: Settings = Settings()

    @property
    def current(self) -> str | None:
        return None if self.turn is None else self.players[self.turn]

    def score_of(self, player: str) -> int:
        return self.scores[self.players.index(player)]
