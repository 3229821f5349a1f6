"""The end of a game of Unsettled: Blackout. The survival task and the ways to lose come from the base game
and the scenario, so Lantern never ends a game itself: the table enters how it ended, and Undo reopens it.
Once it is over, every entry is refused (the rulebook's `always` gate)."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.rules import Rule, refuse
from trackers.unsettled import actions as a
from trackers.unsettled.state import UnsettledState


def game_open(state: UnsettledState) -> list[Violation]:
    if state.ended:
        return refuse("unsettled.over", "The game is over. Undo to reopen it.", "unsettled/end")
    return []


def verdict(survived: bool) -> str:
    return "The explorers survived" if survived else "LUNA won"


def _end(state: UnsettledState, action: a.EndGame, rng: Random) -> tuple[UnsettledState, list[Event]]:
    return replace(state, survived=action.survived), [
        Event.of("end", f"{verdict(action.survived)}.", survived=action.survived)
    ]


RULES = (Rule(a.EndGame, "End the game", _end, lambda state, action: verdict(action.survived)),)
