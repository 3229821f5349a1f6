"""Before play: editing the Scarab's layout on the grid, and placing the explorers and LUNA."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.limits import Count
from trackers.core.rules import Rule, refuse
from trackers.unsettled import actions as a
from trackers.unsettled.board import (
    GRID_COLUMNS,
    GRID_ROWS,
    LAUNDRY_CHUTE,
    NODES,
    ORGANIC_STOWAGE,
    ScarabMap,
    edge,
)
from trackers.unsettled.rules import known_explorer, on_map
from trackers.unsettled.state import EDITION, UnsettledState

GRID_COLUMN = Count(
    0,
    GRID_COLUMNS - 1,
    "Grid columns are numbered",
    "",
    code="unsettled.map.cell",
    rule="unsettled/map",
    why=f"The grid is {GRID_COLUMNS} by {GRID_ROWS} cells.",
)
GRID_ROW = replace(GRID_COLUMN, high=GRID_ROWS - 1, what="Grid rows are numbered")


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
    state: UnsettledState, action: a.ConfirmMap | a.LegacyConfirmMap, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    """The set-up begins; a log's old confirmation keeps its game on the readings it was played with."""
    edition = 1 if isinstance(action, a.LegacyConfirmMap) else EDITION
    confirmed = replace(state, phase="setup", edition=edition)
    return confirmed, [Event.of("phase", "Map confirmed: place the explorers and LUNA")]


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


def known_card(state: UnsettledState, action: a.PlaceCard) -> list[Violation]:
    if action.node not in NODES:
        return refuse(
            "unsettled.map.card", f"{action.node!r} is not one of the Scarab's cards.", "unsettled/map"
        )
    return []


def on_grid(state: UnsettledState, action: a.PlaceCard) -> list[Violation]:
    return GRID_COLUMN.violations(action.column) or GRID_ROW.violations(action.row)


def free_cell(state: UnsettledState, action: a.PlaceCard) -> list[Violation]:
    there = state.scarab.node_at(action.column, action.row)
    if there is not None and there != action.node:
        return refuse("unsettled.map.taken", f"{there} already lies on that cell.", "unsettled/map")
    if there == action.node:
        return refuse("unsettled.map.same", f"{action.node} already lies there.", "unsettled/map")
    return []


def card_placed(state: UnsettledState, action: a.RemoveCard) -> list[Violation]:
    if state.scarab.position(action.node) is None:
        return refuse("unsettled.map.absent", f"{action.node} is not on the map.", "unsettled/map")
    return []


def cards_touch(state: UnsettledState, action: a.ToggleBarrier) -> list[Violation]:
    if edge(action.a, action.b) not in state.scarab.grid_edges():
        return refuse(
            "unsettled.map.barrier", f"{action.a} and {action.b} do not touch on the grid.", "unsettled/map"
        )
    return []


def cards_apart(state: UnsettledState, action: a.ToggleLink) -> list[Violation]:
    """A link joins two placed cards that do not already touch (the laundry chute)."""
    ends = {action.a, action.b}
    if len(ends) != 2 or any(state.scarab.position(n) is None for n in ends):
        return refuse("unsettled.map.link", "A link joins two different cards on the map.", "unsettled/map")
    if edge(action.a, action.b) in state.scarab.grid_edges():
        return refuse("unsettled.map.link", f"{action.a} and {action.b} already touch.", "unsettled/map")
    return []


def usable_map(state: UnsettledState, action: a.LoadMap) -> list[Violation]:
    problems = ScarabMap(action.name, action.cells, action.barriers, action.links).problems()
    if problems:
        return refuse(
            "unsettled.map.invalid", "This map cannot be used: " + "; ".join(problems[:3]), "unsettled/map"
        )
    return []


def map_complete(state: UnsettledState) -> list[Violation]:
    missing = state.scarab.missing()
    if missing:
        return refuse(
            "unsettled.map.incomplete", "Place every card first: " + ", ".join(missing) + ".", "unsettled/map"
        )
    return []


def everyone_placed(state: UnsettledState) -> list[Violation]:
    unplaced = [e.name for e in state.explorers if e.node is None]
    if unplaced or state.luna is None:
        who = ", ".join(unplaced + (["LUNA"] if state.luna is None else []))
        return refuse("unsettled.setup.incomplete", f"Place {who} on the map first.", "unsettled/setup")
    return []


RULES = (
    Rule(
        a.PlaceCard,
        "Place card",
        _place_card,
        lambda state, action: f"Map: place {action.node}",
        (known_card, on_grid, free_cell),
    ),
    Rule(
        a.RemoveCard,
        "Remove card",
        _remove_card,
        lambda state, action: f"Map: remove {action.node}",
        (card_placed,),
    ),
    Rule(
        a.ToggleBarrier,
        "Wall",
        _toggle_barrier,
        lambda state, action: f"Map: wall {action.a} | {action.b}",
        (cards_touch,),
    ),
    Rule(
        a.ToggleLink,
        "Link",
        _toggle_link,
        lambda state, action: f"Map: link {action.a} – {action.b}",
        (cards_apart,),
    ),
    Rule(
        a.LoadMap,
        "Load map",
        _load_map,
        lambda state, action: f"Map: load “{action.name}”",
        (usable_map,),
    ),
    Rule(
        a.ConfirmMap,
        "Confirm map",
        _confirm_map,
        lambda state, action: "Map confirmed",
        (),
        (map_complete,),
    ),
    Rule(
        a.LegacyConfirmMap,
        "Confirm map (a game begun before the play-test fixes)",
        _confirm_map,
        lambda state, action: "Map confirmed (with the readings of the Lantern this game began in)",
        (),
        (map_complete,),
    ),
    Rule(
        a.PlaceExplorer,
        "Place explorer",
        _place_explorer,
        lambda state, action: f"{action.explorer} starts on {action.node}",
        (known_explorer, on_map),
    ),
    Rule(
        a.PlaceLuna,
        "Place LUNA",
        _place_luna,
        lambda state, action: f"LUNA starts on {action.node}",
        (on_map,),
    ),
    Rule(
        a.BeginPlay,
        "Begin play",
        _begin,
        lambda state, action: "Play begins",
        (),
        (everyone_placed,),
    ),
)
"""The map editor's entries, then the set-up's: the phases of rules.py keep each to its own stretch."""
