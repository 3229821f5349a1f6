"""LUNA's pursuit and what happens when she and the explorers meet: pure functions over the state.

Each function returns the new state and the events that explain it, so the pursuit can be shown
step by step and replayed exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from trackers.core.actions import Event
from trackers.unsettled.board import CARD_NOT_ENTERED, ENGAGED, ROOMS
from trackers.unsettled.state import UnsettledState

INCAPACITATED_CARD = ENGAGED.name
"""The card a game of edition 1 records for every incapacitated explorer (see `state.EDITION`)."""
IRE_CAP = 3

EVENT_RULES = {
    "map": "unsettled/map",
    "setup": "unsettled/setup",
    "phase": "unsettled/setup",
    "enter": "unsettled/map",
    "check": "unsettled/clumsiness",
    "clumsiness": "unsettled/clumsiness",
    "chute": "unsettled/map/laundry-chute",
    "ire": "unsettled/luna/ire",
    "obstacle": "unsettled/obstacles",
    "luna_obstacle": "unsettled/obstacles",
    "discovery": "unsettled/discoveries",
    "power": "unsettled/power",
    "system": "unsettled/ship-systems",
    "structure": "unsettled/structures",
    "hot_wire": "unsettled/power/hot-wire",
    "trap": "unsettled/traps",
    "distress": "unsettled/distress",
    "incapacitated": "unsettled/incapacitated",
    "freed": "unsettled/incapacitated",
    "incapacitated_card": "unsettled/incapacitated",
    "pursuit_roll": "unsettled/luna/ire",
    "pursuit": "unsettled/luna/targeting",
    "pursuit_end": "unsettled/luna/pursuit",
    "luna_move": "unsettled/luna/pursuit",
    "luna_attack": "unsettled/luna/attack",
    "luna_quiet": "unsettled/options",
    "luna_unreachable": "unsettled/options",
    "timeline": "unsettled/timeline",
    "chaos": "unsettled/luna/chaos",
    "chaos_die": "unsettled/luna/chaos",
    "chaos_b": "unsettled/luna/chaos",
    "chaos_place": "unsettled/luna/chaos",
    "chaos_clear": "unsettled/luna/chaos",
    "chaos_hack": "unsettled/luna/chaos",
    "chaos_flip": "unsettled/luna/chaos",
    "chaos_text": "unsettled/luna/chaos",
    "end": "unsettled/end",
}
"""The rules section behind each kind of step, so every explained step links into the reference."""


def with_rule(event: Event) -> Event:
    """The event with its rules section added to its data (already frozen, so only sorted again)."""
    return Event(event.kind, event.text, tuple(sorted((*event.data, ("rule", EVENT_RULES[event.kind])))))


StepKind = Literal["attack", "move", "obstacle", "tie", "unreachable"]


@dataclass(frozen=True)
class StepPlan:
    """What LUNA's next ire point will do, and why (the distances that decided it)."""

    kind: StepKind
    target: str
    to: str | None = None
    candidates: tuple[str, ...] = ()
    distance: int | None = None
    others: tuple[tuple[str, int], ...] = ()

    def reason(self) -> str:
        if self.distance is None:
            return ""
        text = f"shortest path {self.distance}"
        if self.others:
            text += " vs " + ", ".join(f"{d} via {n}" for n, d in self.others)
        return text


def plan_step(state: UnsettledState, choice: str | None = None) -> StepPlan:
    """Plan one LUNA PURSUES step toward the pursued explorer (obstacles ignored, barriers respected)."""
    assert state.pursuit is not None and state.luna is not None
    target = state.explorer(state.pursuit)
    assert target.node is not None
    if state.luna == target.node:
        return StepPlan("attack", target.name)
    distances = state.pursuit_distances
    if state.luna not in distances:
        return StepPlan("unreachable", target.name)
    via = sorted((distances[n] + 1, n) for n in state.ways.neighbours(state.luna) if n in distances)
    best = via[0][0]
    hops = tuple(n for d, n in via if d == best)
    others = tuple((n, d) for d, n in via if d != best)
    if len(hops) > 1 and choice not in hops:
        return StepPlan("tie", target.name, candidates=hops, distance=best, others=others)
    to = choice if choice in hops else hops[0]
    assert to is not None
    kind: StepKind = "obstacle" if state.graph.blockers(state.luna, to) else "move"
    return StepPlan(kind, target.name, to=to, candidates=hops, distance=best, others=others)


def attack(state: UnsettledState, name: str) -> tuple[UnsettledState, list[Event]]:
    """LUNA attacks: one distress; the third is resolved, discarded, and an incapacitated card drawn: the
    table says which (`DrawIncapacitated`); a game of edition 1 records ENGAGED as it always did."""
    explorer = state.explorer(name)
    if explorer.incapacitated is not None:
        return state, []
    if explorer.distress < 2:
        updated = replace(explorer, distress=explorer.distress + 1)
        text = f"LUNA attacks {name}: distress {updated.distress}"
        return state.with_explorer(updated), [
            Event.of("distress", text, explorer=name, distress=updated.distress)
        ]
    kept = explorer.distress if state.settings.keep_distress else 0
    discards = "" if state.settings.keep_distress else " and discards all distress"
    if state.edition < 2:
        card = INCAPACITATED_CARD
        text = (
            f"LUNA attacks {name}: third distress: resolve it and discard it; "
            f"{name} draws an incapacitated card ({INCAPACITATED_CARD}){discards}"
        )
    else:
        card = CARD_NOT_ENTERED
        text = (
            f"LUNA attacks {name}: third distress: resolve it and discard it; "
            f"{name} draws an incapacitated card{discards}: say which card it is"
        )
    updated = replace(explorer, incapacitated=card, distress=kept)
    return state.with_explorer(updated), [Event.of("incapacitated", text, explorer=name)]


def luna_enters(
    state: UnsettledState, node: str, spare: str | None = None
) -> tuple[UnsettledState, list[Event]]:
    """LUNA arrives: traps there spring and are gone for good; everyone there who can be is attacked.

    `spare` names the one explorer her arrival does not attack (the arrival-distress option).
    """
    events: list[Event] = []
    steps = ("traps", "attacks") if state.settings.traps_first else ("attacks", "traps")
    for step in steps:
        if step == "traps":
            for trap in state.traps_at(node):
                state = replace(
                    state,
                    traps_on=tuple(p for p in state.traps_on if p != (node, trap)),
                    traps_gone=(*state.traps_gone, trap),
                )
                text = f"LUNA springs {trap} on {node}: resolve it; the trap is gone for good"
                events.append(Event.of("trap", text, trap=trap, node=node))
        else:
            for explorer in state.explorers_at(node):
                if explorer.name != spare:
                    state, hit = attack(state, explorer.name)
                    events += hit
    return state, events


def explorer_enters(state: UnsettledState, name: str, node: str) -> tuple[UnsettledState, list[Event]]:
    """An explorer arrives: LUNA there attacks; an unpowered room asks for a clumsiness check."""
    explorer = replace(state.explorer(name), node=node)
    state = state.with_explorer(explorer)
    events = [Event.of("enter", f"{name} enters {node}", explorer=name, node=node)]
    if state.luna == node:
        state, hit = attack(state, name)
        events += hit
    if node in ROOMS and node not in state.powered:
        state = replace(state, pending_checks=(*state.pending_checks, (name, node)))
        events.append(Event.of("check", f"{node} is unpowered: {name} checks for clumsiness", node=node))
    return state, events


def spend_ire(state: UnsettledState) -> UnsettledState:
    """One ire point is used; the pursuit ends at 0 ire or when its target is incapacitated."""
    state = replace(state, ire=state.ire - 1)
    target = state.explorer(state.pursuit) if state.pursuit else None
    if state.ire <= 0 or target is None or target.incapacitated is not None:
        return end_pursuit(state)
    return state


def end_pursuit(state: UnsettledState) -> UnsettledState:
    """The pursuit is over: the next explorer becomes active (left-over ire stays on the card)."""
    return replace(
        state,
        pursuit=None,
        active=(state.active + 1) % len(state.explorers),
        luna_commanded=False,
    )


def raise_ire(state: UnsettledState, amount: int) -> tuple[UnsettledState, int]:
    """Ire grows by `amount`; with the ire cap option it stops at 3. Returns the state and the real rise."""
    ire = state.ire + amount
    if state.settings.ire_cap:
        ire = min(ire, IRE_CAP)
    return replace(state, ire=ire), ire - state.ire
