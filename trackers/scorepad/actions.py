"""Score pad entries: one frozen dataclass per thing the table does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from trackers.core.actions import Action


@dataclass(frozen=True)
class AddPoints(Action):
    """Add (or, with a negative number, take away) points for one player."""

    type: ClassVar[str] = "scorepad.add_points"
    player: str
    points: int


@dataclass(frozen=True)
class EndRound(Action):
    type: ClassVar[str] = "scorepad.end_round"


@dataclass(frozen=True)
class DrawFirstPlayer(Action):
    """The app picks the first player at random; the pick is recorded in the log."""

    type: ClassVar[str] = "scorepad.draw_first_player"


@dataclass(frozen=True)
class ChooseFirstPlayer(Action):
    """The table picked the first player its own way; the app records who."""

    type: ClassVar[str] = "scorepad.choose_first_player"
    player: str


@dataclass(frozen=True)
class EndGame(Action):
    type: ClassVar[str] = "scorepad.end_game"
