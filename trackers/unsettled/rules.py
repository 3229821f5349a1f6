"""What Unsettled: Blackout's entries share: the phases that decide which entries exist now, and the
guards of who and where an entry names. Each entry's own `Rule` sits beside its appliers (layout.py,
explorers.py, pursuit.py); game.py gathers them into the rulebook with `PHASES`.

The game runs through three stretches, the map, the set-up and play, and an entry of one that is over or
not begun is refused in its own stretch's words (`closed`). Inside play, what must be answered first
interrupts it, in this order: a clumsiness check, LUNA's chaos, then her pursuit, which leaves the free
actions open; each refuses whatever it lacks in its own words (`refusal`).
"""

from __future__ import annotations

from typing import Protocol

from trackers.core.actions import Action
from trackers.core.errors import Violation
from trackers.core.limits import Count
from trackers.core.rules import Phase, refuse
from trackers.unsettled import actions as a
from trackers.unsettled.board import CREW_QUARTERS, LAUNDRY_CHUTE, UPPER_CORRIDOR, edge
from trackers.unsettled.state import UnsettledState as S


class ByExplorer(Protocol):
    """An entry naming the explorer who makes it (or is placed)."""

    @property
    def explorer(self) -> str: ...


class OnNode(Protocol):
    """An entry naming a node of the map."""

    @property
    def node(self) -> str: ...


def map_closed(state: S) -> list[Violation]:
    return refuse(
        "unsettled.phase.map", "The map is confirmed; it cannot change during a game.", "unsettled/map"
    )


def setup_closed(state: S) -> list[Violation]:
    when = "Confirm the map first." if state.phase == "map" else "Play has begun."
    return refuse("unsettled.phase.setup", when, "unsettled/setup")


def play_closed(state: S) -> list[Violation]:
    return refuse(
        "unsettled.phase.play", "Confirm the map and place everyone before play.", "unsettled/setup"
    )


def check_first(state: S) -> list[Violation]:
    who, node = state.pending_checks[0]
    return refuse(
        "unsettled.pending.clumsiness",
        f"First resolve {who}'s clumsiness check for {node}.",
        "unsettled/clumsiness",
    )


def chaos_first(state: S) -> list[Violation]:
    return refuse(
        "unsettled.pending.chaos",
        "The timeline reached the trigger: LUNA causes chaos first.",
        "unsettled/luna/chaos",
    )


def not_pursuing(state: S) -> list[Violation]:
    """LUNA's pursuit comes first: the pursuit phase's refusal, and a gate of her chaos (see pursuit.py)."""
    if state.pursuit is not None:
        return refuse(
            "unsettled.pending.pursuit",
            f"LUNA is pursuing {state.pursuit} (ire {state.ire}): only free actions until she stops.",
            "unsettled/luna/pursuit",
        )
    return []


ANYTIME: frozenset[type[Action]] = frozenset({a.SetChaosBackText})
"""The chaos card's back may be typed in at any time."""
RECORD: frozenset[type[Action]] = frozenset({a.DrawIncapacitated, a.EndGame})
"""What the table tells Lantern at any moment of play, a question or a pursuit waiting or not: the card it
drew (nothing waits for it but the freeing its card's action does), and that the game is over."""
FREE: frozenset[type[Action]] = frozenset({a.GainDiscovery, a.SetPower, a.PlaceTrap, a.PickUpTrap})
"""Free actions: discoveries, power switched by hand, traps set or picked up, also during LUNA's pursuit."""
TURN: frozenset[type[Action]] = frozenset(
    {
        a.Move,
        a.Barricade,
        a.ClearPath,
        a.HotWire,
        a.ConstructTrap,
        a.FreeExplorer,
        a.CommandLuna,
        a.StartPursuit,
        a.AdvanceTimeline,
    }
)
"""An explorer's turn and LUNA's turn after it, which wait until LUNA stops."""

PHASES: tuple[Phase[S], ...] = (
    Phase(
        "the map",
        lambda s: s.phase == "map",
        frozenset(
            {
                a.PlaceCard,
                a.RemoveCard,
                a.ToggleBarrier,
                a.ToggleLink,
                a.LoadMap,
                a.ConfirmMap,
                a.LegacyConfirmMap,
            }
        )
        | ANYTIME,
        "unsettled/map",
        closed=map_closed,
    ),
    Phase(
        "the set-up",
        lambda s: s.phase == "setup",
        frozenset({a.PlaceExplorer, a.PlaceLuna, a.BeginPlay}) | ANYTIME,
        "unsettled/setup",
        closed=setup_closed,
    ),
    Phase(
        "a clumsiness check",
        lambda s: bool(s.pending_checks),
        frozenset({a.ResolveClumsiness}) | ANYTIME | RECORD,
        "unsettled/clumsiness",
        refusal=check_first,
    ),
    Phase(
        "LUNA's chaos",
        lambda s: s.chaos_pending,
        frozenset({a.ResolveChaos, a.ResolveClumsiness}) | ANYTIME | RECORD,
        "unsettled/luna/chaos",
        refusal=chaos_first,
    ),
    Phase(
        "LUNA's pursuit",
        lambda s: s.pursuit is not None,
        FREE | {a.PursuitStep, a.ResolveClumsiness} | ANYTIME | RECORD,
        "unsettled/luna/pursuit",
        refusal=not_pursuing,
    ),
    Phase(
        "play",
        lambda s: s.phase == "play",
        FREE | TURN | {a.ResolveClumsiness, a.PursuitStep, a.ResolveChaos} | ANYTIME | RECORD,
        "unsettled/turn",
        closed=play_closed,
    ),
)
"""In order: the first active phase is the current one. The three inside play come after the map and the
set-up, so they are current only in play; an entry they share with play still needs its own gate (a check
waiting, LUNA pursuing, chaos waiting) when play alone is current."""


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


def neighbour(state: S, here: str, to: str, rule: str, *, step: bool = True) -> list[Violation]:
    """`to` is one open step from `here` (`state.ways`): a node of the map, adjacent, no wall, the chute
    only up and only when open, and (by the option) not out of an unpowered Upper Corridor.

    Without `step` (an obstacle placed or cleared on the edge) the edge only has to be there and open: the
    chute's one way and the corridor's power limit who walks it, not the edge itself."""
    if to not in state.graph.nodes:
        return refuse("unsettled.node", f"{to!r} is not on the map.", rule)
    if (state.ways if step else state.graph).adjacent(here, to):
        return []
    if edge(here, to) == LAUNDRY_CHUTE and LAUNDRY_CHUTE in state.scarab.links:
        if here == CREW_QUARTERS and state.edition >= 2 and step:
            why = (
                "the laundry chute only leads up, from Organic Stowage; the way down is the drop from "
                "an unpowered Crew Quarters"
            )
            return refuse("unsettled.chute.down", f"{here} to {to}: {why}.", "unsettled/map/laundry-chute")
        why = "the laundry chute works only while Organic Stowage has power"
        return refuse("unsettled.chute", f"{here} to {to}: {why}.", "unsettled/map/laundry-chute")
    if state.graph.adjacent(here, to) and here == UPPER_CORRIDOR:
        why = "Upper Corridor has no power, so it gives no access to its adjacent nodes yet (a game option)"
        return refuse("unsettled.corridor", f"{here} to {to}: {why}.", "unsettled/rooms")
    why = "a wall stands between them" if state.graph.has_edge(here, to) else "they are not adjacent"
    return refuse("unsettled.adjacency", f"{here} to {to}: {why}.", "unsettled/map")


def roll_violations(state: S, roll: int | None, rule: str) -> list[Violation]:
    """A roll the table entered lies on the die it chose in the options (None: the app rolls)."""
    if roll is None:
        return []
    sides = state.settings.die_sides
    return Count(1, sides, "A roll on this die is", "", code="unsettled.roll", rule=rule).violations(roll)
