"""Before play: editing the Scarab's layout on the grid, and placing the explorers and LUNA."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from random import Random
from typing import Any

from trackers.core.actions import Action, Event
from trackers.unsettled import actions as a
from trackers.unsettled.board import LAUNDRY_CHUTE, ORGANIC_STOWAGE, ScarabMap, edge
from trackers.unsettled.state import UnsettledState

Handler = Callable[[UnsettledState, Any, Random], tuple[UnsettledState, list[Event]]]


def with_map(state: UnsettledState, scarab: ScarabMap) -> UnsettledState:
    return sync_chute(replace(state, scarab=scarab, graph=scarab.graph()))


def sync_chute(state: UnsettledState) -> UnsettledState:
    """The laundry chute is closed, like a wall, until Organic Stowage is powered."""
    if LAUNDRY_CHUTE not in state.scarab.links:
        return state
    closed = ORGANIC_STOWAGE not in state.powered
    if state.graph.has_barrier(*LAUNDRY_CHUTE) == closed:
        return state
    return replace(state, graph=state.graph.toggle_barrier(*LAUNDRY_CHUTE))


def _place_card(
    state: UnsettledState, action: a.PlaceCard, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    others = tuple(c for c in state.scarab.cells if c[0] != action.node)
    cells = (*others, (action.node, action.column, action.row))
    grid = ScarabMap(state.scarab.name, tuple(sorted(cells)))
    kept = ScarabMap(
        state.scarab.name,
        grid.cells,
        tuple(b for b in state.scarab.barriers if b in grid.grid_edges()),
        tuple(k for k in state.scarab.links if k not in grid.grid_edges()),
    )
    return with_map(state, kept), [Event.of("map", f"{action.node} placed", node=action.node)]


def _remove_card(
    state: UnsettledState, action: a.RemoveCard, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    cells = tuple(c for c in state.scarab.cells if c[0] != action.node)
    old = state.scarab
    kept = ScarabMap(
        old.name,
        cells,
        tuple(b for b in old.barriers if action.node not in b),
        tuple(k for k in old.links if action.node not in k),
    )
    return with_map(state, kept), [Event.of("map", f"{action.node} removed", node=action.node)]


def _toggle(pairs: tuple[tuple[str, str], ...], pair: tuple[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(set(pairs) ^ {pair}))


def _toggle_barrier(
    state: UnsettledState, action: a.ToggleBarrier, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    pair = edge(action.a, action.b)
    scarab = replace(state.scarab, barriers=_toggle(state.scarab.barriers, pair))
    walled = pair in scarab.barriers
    text = f"Wall between {pair[0]} and {pair[1]}" if walled else f"{pair[0]} and {pair[1]} open again"
    return with_map(state, scarab), [Event.of("map", text)]


def _toggle_link(
    state: UnsettledState, action: a.ToggleLink, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    pair = edge(action.a, action.b)
    scarab = replace(state.scarab, links=_toggle(state.scarab.links, pair))
    linked = pair in scarab.links
    text = f"Link {pair[0]} – {pair[1]}" if linked else f"Link {pair[0]} – {pair[1]} removed"
    return with_map(state, scarab), [Event.of("map", text)]


def _load_map(state: UnsettledState, action: a.LoadMap, rng: Random) -> tuple[UnsettledState, list[Event]]:
    scarab = ScarabMap(
        action.name,
        tuple(sorted(action.cells)),
        tuple(sorted(edge(*b) for b in action.barriers)),
        tuple(sorted(edge(*k) for k in action.links)),
    )
    return with_map(state, scarab), [Event.of("map", f"Map “{action.name}” loaded")]


def _confirm_map(
    state: UnsettledState, action: a.ConfirmMap, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    return replace(state, phase="setup"), [Event.of("phase", "Map confirmed: place the explorers and LUNA")]


def _place_explorer(
    state: UnsettledState, action: a.PlaceExplorer, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    updated = replace(state.explorer(action.explorer), node=action.node)
    return state.with_explorer(updated), [Event.of("setup", f"{action.explorer} starts on {action.node}")]


def _place_luna(
    state: UnsettledState, action: a.PlaceLuna, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    return replace(state, luna=action.node), [Event.of("setup", f"LUNA starts on {action.node}")]


def _begin(state: UnsettledState, action: a.BeginPlay, rng: Random) -> tuple[UnsettledState, list[Event]]:
    first = state.explorers[0].name
    return replace(state, phase="play", active=0), [Event.of("phase", f"Play begins: {first} is active")]


LAYOUT_HANDLERS: dict[type[Action], Handler] = {
    a.PlaceCard: _place_card,
    a.RemoveCard: _remove_card,
    a.ToggleBarrier: _toggle_barrier,
    a.ToggleLink: _toggle_link,
    a.LoadMap: _load_map,
    a.ConfirmMap: _confirm_map,
    a.PlaceExplorer: _place_explorer,
    a.PlaceLuna: _place_luna,
    a.BeginPlay: _begin,
}
