"""What the ASHES tracker keeps between entries: the round cycle, each player's score, the solo rival."""

from __future__ import annotations

from dataclasses import dataclass, replace

from trackers.ashes.endgame import EndResult, RowCount
from trackers.ashes.rival import RivalState
from trackers.ashes.rival_card import RivalCard
from trackers.ashes.rounds import RoundState
from trackers.ashes.scoring import START_VP


@dataclass(frozen=True)
class FinalCounts:
    """What a player reads off their board once round 3 is over, for the final scoring."""

    happiness: int
    fuel: int
    data: int
    antirad: int
    uncovered_colony_vp: int
    radiation_loss: int
    phoenix_rows: tuple[RowCount, ...]


@dataclass(frozen=True)
class Seat:
    """A player: the score marker as the table reports it, and the final counts once entered."""

    name: str
    vp: int = START_VP
    final: FinalCounts | None = None


@dataclass(frozen=True)
class AshesState:
    """`rival` is None unless the game is solo; `catalogue` holds the rival deck's cards when it is known,
    so a card entered from the table is checked against it; `result` is set by the final scoring."""

    rounds: RoundState
    seats: tuple[Seat, ...]
    rival: RivalState | None = None
    catalogue: tuple[RivalCard, ...] = ()
    result: EndResult | None = None

    @property
    def solo(self) -> bool:
        return self.rival is not None

    def seat(self, name: str) -> Seat:
        return next(s for s in self.seats if s.name == name)

    def has_seat(self, name: str) -> bool:
        return any(s.name == name for s in self.seats)

    def with_seat(self, updated: Seat) -> AshesState:
        return replace(self, seats=tuple(updated if s.name == updated.name else s for s in self.seats))
