"""The guards Unsettled: Blackout's entries share: which stretch of the game it is, what must be answered
first, and who and where an entry names. Each entry's own `Rule` sits beside its appliers (layout.py,
explorers.py, pursuit.py); game.py gathers them into the rulebook.

Every entry outside its stretch (map, set-up, play) keeps its own refusal, so the stretches are gates
here rather than kit phases: the kit's single phase refusal would change their codes and wording.
"""

from __future__ import annotations

from typing import Protocol

from trackers.core.errors import Violation
from trackers.core.limits import Count
from trackers.core.rules import refuse
from trackers.unsettled.board import LAUNDRY_CHUTE, edge
from trackers.unsettled.state import UnsettledState as S


class ByExplorer(Protocol):
    """An entry naming the explorer who makes it (or is placed)."""

    @property
    def explorer(self) -> str: ...


class OnNode(Protocol):
    """An entry naming a node of the map."""

    @property
    def node(self) -> str: ...


def in_map(state: S) -> list[Violation]:
    if state.phase != "map":
        return refuse(
            "unsettled.phase.map", "The map is confirmed; it cannot change during a game.", "unsettled/map"
        )
    return []


def in_setup(state: S) -> list[Violation]:
    if state.phase != "setup":
        when = "Confirm the map first." if state.phase == "map" else "Play has begun."
        return refuse("unsettled.phase.setup", when, "unsettled/setup")
    return []


def in_play(state: S) -> list[Violation]:
    if state.phase != "play":
        return refuse(
            "unsettled.phase.play", "Confirm the map and place everyone before play.", "unsettled/setup"
        )
    return []


def no_check_waiting(state: S) -> list[Violation]:
    """A clumsiness check is answered before anything else but another check (or the chaos card's text)."""
    if state.pending_checks:
        who, node = state.pending_checks[0]
        return refuse(
            "unsettled.pending.clumsiness",
            f"First resolve {who}'s clumsiness check for {node}.",
            "unsettled/clumsiness",
        )
    return []


def no_chaos_waiting(state: S) -> list[Violation]:
    if state.chaos_pending:
        return refuse(
            "unsettled.pending.chaos",
            "The timeline reached the trigger: LUNA causes chaos first.",
            "unsettled/luna/chaos",
        )
    return []


def not_pursuing(state: S) -> list[Violation]:
    if state.pursuit is not None:
        return refuse(
            "unsettled.pending.pursuit",
            f"LUNA is pursuing {state.pursuit} (ire {state.ire}): only free actions until she stops.",
            "unsettled/luna/pursuit",
        )
    return []


PLAY = (in_play, no_check_waiting, no_chaos_waiting)
"""The gates of an entry free during LUNA's pursuit, in the order they are asked."""
TURN = (*PLAY, not_pursuing)
"""The gates of an entry of an explorer's own turn, which waits until LUNA stops."""


def known_explorer(state: S, action: ByExplorer) -> list[Violation]:
    return explorer_named(state, action.explorer)


def explorer_named(state: S, name: str) -> list[Violation]:
    if not state.has_explorer(name):
        return refuse("unsettled.explorer", f"No explorer called {name!r}.", "unsettled/setup")
    return []


def on_map(state: S, action: OnNode) -> list[Violation]:
    if action.node not in state.graph.nodes:
        return refuse("unsettled.node", f"{action.node!r} is not on the map.", "unsettled/setup")
    return []


def standing(state: S, name: str) -> str:
    """Where a known explorer stands; in play everyone has been placed."""
    here = state.explorer(name).node
    assert here is not None
    return here


def neighbour(state: S, here: str, to: str, rule: str) -> list[Violation]:
    """`to` is one open step from `here`: a node of the map, adjacent, no wall, the chute only when open."""
    if to not in state.graph.nodes:
        return refuse("unsettled.node", f"{to!r} is not on the map.", rule)
    if not state.graph.adjacent(here, to):
        if edge(here, to) == LAUNDRY_CHUTE and edge(here, to) in state.scarab.links:
            why = "the laundry chute works only while Organic Stowage has power"
            return refuse("unsettled.chute", f"{here} to {to}: {why}.", "unsettled/map/laundry-chute")
        why = "a wall stands between them" if state.graph.has_edge(here, to) else "they are not adjacent"
        return refuse("unsettled.adjacency", f"{here} to {to}: {why}.", "unsettled/map")
    return []


def roll_violations(state: S, roll: int | None, rule: str) -> list[Violation]:
    """A roll the table entered lies on the die it chose in the options (None: the app rolls)."""
    if roll is None:
        return []
    sides = state.settings.die_sides
    return Count(1, sides, "A roll on this die is", "", code="unsettled.roll", rule=rule).violations(roll)
