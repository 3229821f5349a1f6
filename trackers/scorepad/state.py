"""Score pad state: the table's scores, the round, who goes first, and the one option it has."""

from __future__ import annotations

from dataclasses import dataclass

from trackers.core.options import option


@dataclass(frozen=True)
class Settings:
    allow_negative: bool = option(
        "Scores can go below zero", False, rule="scorepad/points", help="Off: a score never drops under 0."
    )


@dataclass(frozen=True)
class ScorePadState:
    players: tuple[str, ...]
    scores: tuple[int, ...]
    round: int = 1
    first_player: str | None = None
    finished: bool = False
    settings: Settings = Settings()

    def score_of(self, player: str) -> int:
        return self.scores[self.players.index(player)]
