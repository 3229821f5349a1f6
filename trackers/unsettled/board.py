"""The Scarab: its twelve environment cards, what power switches on, and a map laid out on a grid.

The rulebook does not print the layout, so a map is the player's data: cards placed on grid cells,
adjacency from orthogonal neighbours, barriers on some of those edges and extra links (the laundry
chute). Lantern ships only a clearly named example layout to try the app with.

A map (an `unsettled.map` pack, or the layout a `LoadMap` action carries) is refused unread past its
caps: `MAX_CELLS` cells, one card per cell of the grid, and `MAX_PAIRS` barriers and as many links,
one per pair of the twelve cards. A card is named as the table means it (`trackers.core.names`):
"crew quarters " is Crew Quarters.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any

from trackers.core.boundary import has_lone_surrogate, quote
from trackers.core.graph import Edge, Graph
from trackers.core.names import meant
from trackers.core.packs import MAX_NAME_LENGTH

CREW_QUARTERS = "Crew Quarters"
ORGANIC_STOWAGE = "Organic Stowage"
NAVIGATION = "Navigation"
UPPER_CORRIDOR = "Upper Corridor"
ENGINE_CONTROL = "Engine Control"
WORKSHOP = "Workshop"
INORGANIC_STOWAGE = "Inorganic Stowage"
OUTSIDE = ("Outside Front", "Outside Rear")

ROOMS = (
    CREW_QUARTERS,
    "Medical Bay",
    UPPER_CORRIDOR,
    ENGINE_CONTROL,
    NAVIGATION,
    "Research Center",
    WORKSHOP,
    "Laboratory",
    ORGANIC_STOWAGE,
    INORGANIC_STOWAGE,
)
NODES = ROOMS + OUTSIDE

SYSTEMS = {
    NAVIGATION: "Comms & Door Locks",
    ENGINE_CONTROL: "Fire Suppression Doors",
    UPPER_CORRIDOR: "Transfer Tubes",
}
STRUCTURES = {"Laboratory": "Laboratory", "Research Center": "Research Hut"}

GRID_COLUMNS = 6
GRID_ROWS = 6

MAX_CELLS = GRID_COLUMNS * GRID_ROWS
"""One card per cell of the grid: a longer list must repeat a cell, so it is refused before it is read."""
MAX_PAIRS = len(NODES) * (len(NODES) - 1) // 2
"""Barriers, and links, each join two of the Scarab's 12 cards, and there are 66 such pairs."""

Cell = tuple[str, int, int]


def edge(a: str, b: str) -> Edge:
    return (a, b) if a <= b else (b, a)


LAUNDRY_CHUTE = edge(CREW_QUARTERS, ORGANIC_STOWAGE)
"""The one link the planet prints: usable (up to Crew Quarters) only while Organic Stowage has power."""
OUTSIDE_LINK = edge(*OUTSIDE)
"""Outside Front and Outside Rear joined by a link. The example layout does not join them: its two outside
cards lie at opposite ends. The tabs on the printed cards suggest each leads round to the other, so the map
editor says so and joins them in one tap (an ordinary link, kept in the game's log)."""


@dataclass(frozen=True)
class IncapacitatedCard:
    """A card of the incapacitated deck whose text the planet prints: the action another explorer on the
    node uses to free its holder, and whether that action removes the holder's distress."""

    name: str
    label: str
    action: str
    clears_distress: bool


ENGAGED = IncapacitatedCard("Engaged", "ENGAGED", "Frantically untie, restore hoses", clears_distress=True)
INCAPACITATED_CARDS = {card.name: card for card in (ENGAGED,)}
"""The incapacitated cards Lantern knows the text of: the planet prints ENGAGED alone."""
OTHER_CARD = "Another card"
"""A card of the incapacitated deck the planet does not print: Lantern records that one was drawn and leaves
its text, and what its action does besides freeing its holder, to the table."""
CARD_NOT_ENTERED = "?"
"""An explorer's incapacitated card before the table has said which one it drew."""


@dataclass(frozen=True)
class ScarabMap:
    """Where each card lies (node, column, row), which edges are walled off, and the extra links."""

    name: str
    cells: tuple[Cell, ...]
    barriers: tuple[Edge, ...] = ()
    links: tuple[Edge, ...] = ()

    @cached_property
    def _by_cell(self) -> dict[tuple[int, int], str]:
        return {(col, row): name for name, col, row in self.cells}

    def position(self, node: str) -> tuple[int, int] | None:
        for name, col, row in self.cells:
            if name == node:
                return col, row
        return None

    def node_at(self, col: int, row: int) -> str | None:
        return self._by_cell.get((col, row))

    @cached_property
    def _grid_edges(self) -> tuple[Edge, ...]:
        found = set()
        for name, col, row in self.cells:
            for dc, dr in ((1, 0), (0, 1)):
                other = self._by_cell.get((col + dc, row + dr))
                if other is not None:
                    found.add(edge(name, other))
        return tuple(sorted(found))

    def grid_edges(self) -> tuple[Edge, ...]:
        """Pairs of cards on orthogonally neighbouring cells."""
        return self._grid_edges

    def problems(self) -> list[str]:
        """Everything that makes this map unusable; empty when it can be played.

        The sizes are checked first, so an oversized map costs nothing more to refuse."""
        out = _size_problems(len(self.cells), len(self.barriers), len(self.links))
        if out:
            return out
        if (problem := _name_problem(self.name)) is not None:
            out.append(problem)
        names = Counter(c[0] for c in self.cells)
        out += [f"{quote(n)} is not a Scarab card" for n, _, _ in self.cells if n not in NODES]
        out += [f"{quote(n)} is placed twice" for n in sorted(names) if names[n] > 1]
        inside = [(n, c, r) for n, c, r in self.cells if 0 <= c < GRID_COLUMNS and 0 <= r < GRID_ROWS]
        out += [
            f"{quote(n)} lies outside the {GRID_COLUMNS}x{GRID_ROWS} grid"
            for n, c, r in self.cells
            if not (0 <= c < GRID_COLUMNS and 0 <= r < GRID_ROWS)
        ]
        spots = Counter((c, r) for _, c, r in inside)
        out += [f"two cards share the cell {s}" for s in sorted(spots) if spots[s] > 1]
        grid = set(self.grid_edges())
        barriers = [edge(a, b) for a, b in self.barriers]
        out += [
            f"no edge between {_named(a)} and {_named(b)} to wall off"
            for a, b in barriers
            if (a, b) not in grid
        ]
        out += _repeats(barriers, "barrier")
        links = [edge(a, b) for a, b in self.links]
        out += [f"the link {_named(a)}–{_named(b)} joins a card to itself" for a, b in links if a == b]
        out += [
            f"{a} and {b} already touch; a link must join cards apart" for a, b in links if (a, b) in grid
        ]
        out += [
            f"link {_named(a)}–{_named(b)} names a card not on the map"
            for a, b in links
            if not (a in names and b in names)
        ]
        out += _repeats(links, "link")
        return out

    def missing(self) -> tuple[str, ...]:
        placed = {c[0] for c in self.cells}
        return tuple(n for n in NODES if n not in placed)

    def graph(self) -> Graph:
        """The cards joined by their grid edges and links (plain edges), each wall a barrier; needs
        `problems()` empty."""
        graph = Graph.build([c[0] for c in self.cells], (*self.grid_edges(), *self.links))
        return replace(graph, barriers=tuple(sorted(edge(a, b) for a, b in self.barriers)))

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "cells": [list(c) for c in self.cells],
            "barriers": [list(b) for b in self.barriers],
            "links": [list(link) for link in self.links],
        }


def _named(card: str) -> str:
    """A card as a refusal names it: plainly when it is one of the Scarab's, quoted and cut short if not."""
    return card if card in NODES else quote(card)


def _size_problems(cells: int, barriers: int, links: int) -> list[str]:
    out = []
    if cells > MAX_CELLS:
        out.append(
            f"the map has {cells} cells; a Scarab map has at most {MAX_CELLS} "
            f"(one card per cell of the {GRID_COLUMNS}x{GRID_ROWS} grid)"
        )
    out += [
        f"the map has {count} {what}; a Scarab map has at most {MAX_PAIRS} (one per pair of cards)"
        for count, what in ((barriers, "barriers"), (links, "links"))
        if count > MAX_PAIRS
    ]
    return out


def _name_problem(name: Any) -> str | None:
    if not isinstance(name, str) or not name.strip():
        return f"the map needs a name as text, not {quote(name)}"
    if len(name) > MAX_NAME_LENGTH:
        return f"the map's name is longer than {MAX_NAME_LENGTH} characters"
    if has_lone_surrogate(name):
        return "the map's name holds a broken character (a lone surrogate): retype it"
    return None


def _repeats(pairs: list[Edge], what: str) -> list[str]:
    counts = Counter(pairs)
    return [f"the {what} {_named(a)}–{_named(b)} is listed twice" for (a, b), k in counts.items() if k > 1]


def _cell(row: Any, number: int) -> Cell | str:
    """One [card, column, row] entry, the card read as the Scarab's it means, or why it cannot be read."""
    if not isinstance(row, list) or len(row) != 3:
        return f"cell {number} must be a list of three: [card, column, row]"
    name, col, line = row
    if not isinstance(name, str):
        return f"cell {number} must name its card as text, not {quote(name)}"
    for what, value in (("column", col), ("row", line)):
        if isinstance(value, bool) or not isinstance(value, int):
            return f"cell {number} ({quote(name)}) needs a whole-number {what}, not {quote(value)}"
    return meant(name, NODES), col, line


def _pair(row: Any, number: int, what: str) -> Edge | str:
    """One [card, card] entry, each card read as the Scarab's it means, or why it cannot be read."""
    if not isinstance(row, list) or len(row) != 2 or not all(isinstance(n, str) for n in row):
        return f"{what} {number} must be a pair of card names: [card, card]"
    return edge(meant(row[0], NODES), meant(row[1], NODES))


def _read(data: Any) -> ScarabMap | list[str]:
    """The map as written, or what keeps it from being read; `ScarabMap.problems()` judges the rest."""
    if not isinstance(data, Mapping):
        return [f"a map must be a JSON object, not {quote(data)}"]
    rows = {key: data.get(key, [] if key != "cells" else None) for key in ("cells", "barriers", "links")}
    bad = [
        f"{key!r} must be a list of {shape}, not {quote(rows[key])}"
        for key, shape in (
            ("cells", "[card, column, row]"),
            ("barriers", "[card, card]"),
            ("links", "[card, card]"),
        )
        if not isinstance(rows[key], list)
    ]
    if bad:
        return bad
    out = _size_problems(len(rows["cells"]), len(rows["barriers"]), len(rows["links"]))
    if out:
        return out
    name = data.get("name", "Map")
    if (problem := _name_problem(name)) is not None:
        out.append(problem)
    cells = [_cell(row, i) for i, row in enumerate(rows["cells"], 1)]
    barriers = [_pair(row, i, "barrier") for i, row in enumerate(rows["barriers"], 1)]
    links = [_pair(row, i, "link") for i, row in enumerate(rows["links"], 1)]
    out += [entry for entry in (*cells, *barriers, *links) if isinstance(entry, str)]
    if out:
        return out
    return ScarabMap(
        name,
        tuple(sorted(c for c in cells if not isinstance(c, str))),
        tuple(sorted(b for b in barriers if not isinstance(b, str))),
        tuple(sorted(k for k in links if not isinstance(k, str))),
    )


def map_from_json(data: Any) -> ScarabMap:
    """Read a map from pack data; raises ValueError naming what is wrong."""
    scarab = _read(data)
    if isinstance(scarab, list):
        raise ValueError("; ".join(scarab[:5]))
    problems = scarab.problems()
    if problems:
        raise ValueError("; ".join(problems[:5]))
    return scarab


def map_problems(data: Any) -> list[str]:
    """Pack validation: a saved map must be complete and consistent.

    Caps, checked before anything else is read: at most `MAX_CELLS` (36) cells, one card per cell of
    the 6x6 grid (the Scarab has 12 cards); at most `MAX_PAIRS` (66) barriers and 66 links, one per
    pair of cards. The name, when given, is text of at most `MAX_NAME_LENGTH` (80) characters, like a
    pack's. Coordinates are whole numbers: 1.9, "2" and true are refused, not rounded or converted."""
    scarab = _read(data)
    if isinstance(scarab, list):
        return scarab
    return scarab.problems() or [f"{n} is not placed" for n in scarab.missing()]


@lru_cache(maxsize=64)  # every state asks once, and states of one turn share the answer (and its searches)
def open_ways(graph: Graph, powered: frozenset[str], *, chute: bool, corridor_needs_power: bool) -> Graph:
    """The ways anyone, explorer or LUNA, may step now: `graph` (walls, and the laundry chute shut like a
    wall while Organic Stowage is unpowered) with the chute going up only, from Organic Stowage to Crew
    Quarters (`chute`: the map's link is the planet's chute; down is the drop from an unpowered Crew
    Quarters), and, with `corridor_needs_power`, an unpowered Upper Corridor that can be entered but not
    left for an adjacent node. Read it for adjacency and distances only: obstacles stay on `graph`."""
    out = graph
    if chute and LAUNDRY_CHUTE in graph.edges and not graph.has_barrier(*LAUNDRY_CHUTE):
        out = out.remove_edge(*LAUNDRY_CHUTE).add_link(ORGANIC_STOWAGE, CREW_QUARTERS)
    if corridor_needs_power and UPPER_CORRIDOR in graph.nodes and UPPER_CORRIDOR not in powered:
        for other in out.neighbours(UPPER_CORRIDOR):
            way_in = edge(UPPER_CORRIDOR, other) in out.edges
            out = out.remove_edge(UPPER_CORRIDOR, other)
            if way_in:
                out = out.add_link(other, UPPER_CORRIDOR)
    return out


def example_map() -> ScarabMap:
    """The layout every new game starts from. Saved games replay from it, so never edit the file in
    place: ship a new one and bump the game's `content_versions` entry instead.

    It does not join Outside Front and Outside Rear (see `OUTSIDE_LINK`)."""
    text = resources.files("trackers.unsettled").joinpath("content/example_map.json").read_text("utf-8")
    return map_from_json(json.loads(text))
