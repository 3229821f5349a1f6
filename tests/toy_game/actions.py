"""Toy game entries: draw who starts, then roll or bank on your turn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from trackers.core.actions import Action


@dataclass(frozen=True)
class DrawFirstPlayer(Action):
    """The app draws who rolls first; the draw is recorded in the log."""

    type: ClassVar[str] = "toy-game.draw_first_player"


@dataclass(frozen=True)
class Roll(Action):
    """The player whose turn it is rolls the die: a 1 loses the points at stake and the turn."""

    type: ClassVar[str] = "toy-game.roll"
    player: str


@dataclass(frozen=True)
class Bank(Action):
    """The player whose turn it is keeps the points at stake and passes the die."""

    type: ClassVar[str] = "toy-game.bank"
    player: str
