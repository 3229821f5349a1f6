"""The Scarab: its twelve environment cards, what power switches on, and a map laid out on a grid.

The rulebook does not print the layout, so a map is the player's data: cards placed on grid cells,
adjacency from orthogonal neighbours, barriers on some of those edges and extra links (the laundry
chute). Lantern ships only a clearly named example layout to try the app with.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from trackers.core.graph import Edge, Graph

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

Cell = tuple[str, int, int]


def edge(a: str, b: str) -> Edge:
    return (a, b) if a <= b else (b, a)


LAUNDRY_CHUTE = edge(CREW_QUARTERS, ORGANIC_STOWAGE)
"""The one link the planet prints: usable (up to Crew Quarters) only while Organic Stowage has power."""


@dataclass(frozen=True)
class ScarabMap:
    """Where each card lies (node, column, row), which edges are walled off, and the extra links."""

    name: str
    cells: tuple[Cell, ...]
    barriers: tuple[Edge, ...] = ()
    links: tuple[Edge, ...] = ()

    def position(self, node: str) -> tuple[int, int] | None:
        for name, col, row in self.cells:
            if name == node:
                return col, row
        return None

    def node_at(self, col: int, row: int) -> str | None:
        for name, c, r in self.cells:
            if (c, r) == (col, row):
                return name
        return None

    def grid_edges(self) -> tuple[Edge, ...]:
        """Pairs of cards on orthogonally neighbouring cells."""
        found = set()
        for name, col, row in self.cells:
            for dc, dr in ((1, 0), (0, 1)):
                other = self.node_at(col + dc, row + dr)
                if other is not None:
                    found.add(edge(name, other))
        return tuple(sorted(found))

    def problems(self) -> list[str]:
        """Everything that makes this map unusable; empty when it can be played."""
        out: list[str] = []
        names = [c[0] for c in self.cells]
        out += [f"{n!r} is not a Scarab card" for n in names if n not in NODES]
        out += [f"{n!r} is placed twice" for n in sorted(set(names)) if names.count(n) > 1]
        spots = [(c[1], c[2]) for c in self.cells]
        out += [f"two cards share the cell {s}" for s in sorted(set(spots)) if spots.count(s) > 1]
        out += [
            f"{n!r} lies outside the {GRID_COLUMNS}x{GRID_ROWS} grid"
            for n, c, r in self.cells
            if not (0 <= c < GRID_COLUMNS and 0 <= r < GRID_ROWS)
        ]
        grid = set(self.grid_edges())
        out += [f"no edge between {a} and {b} to wall off" for a, b in self.barriers if (a, b) not in grid]
        out += [
            f"{a} and {b} already touch; a link must join cards apart"
            for a, b in self.links
            if (a, b) in grid
        ]
        placed = set(names)
        out += [f"link {a}–{b} names a card not on the map" for a, b in self.links if not {a, b} <= placed]
        return out

    def missing(self) -> tuple[str, ...]:
        placed = {c[0] for c in self.cells}
        return tuple(n for n in NODES if n not in placed)

    def graph(self) -> Graph:
        graph = Graph.build([c[0] for c in self.cells], self.grid_edges())
        for a, b in self.links:
            graph = graph.add_link(a, b, one_way=False)
        for a, b in self.barriers:
            graph = graph.add_barrier(a, b)
        return graph

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "cells": [list(c) for c in self.cells],
            "barriers": [list(b) for b in self.barriers],
            "links": [list(link) for link in self.links],
        }


def map_from_json(data: Mapping[str, Any]) -> ScarabMap:
    """Read a map from pack data; raises ValueError naming what is wrong."""
    try:
        cells = tuple((str(n), int(c), int(r)) for n, c, r in data["cells"])
        barriers = tuple(sorted(edge(str(a), str(b)) for a, b in data.get("barriers", [])))
        links = tuple(sorted(edge(str(a), str(b)) for a, b in data.get("links", [])))
        name = str(data.get("name", "Map"))
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"a map needs 'cells' as [name, column, row] rows ({exc})") from None
    scarab = ScarabMap(name, tuple(sorted(cells)), barriers, links)
    problems = scarab.problems()
    if problems:
        raise ValueError("; ".join(problems[:5]))
    return scarab


def map_problems(data: Mapping[str, Any]) -> list[str]:
    """Pack validation: a saved map must be complete and consistent."""
    try:
        scarab = map_from_json(data)
    except ValueError as exc:
        return [str(exc)]
    return [f"{n} is not placed" for n in scarab.missing()]


def example_map() -> ScarabMap:
    """The layout every new game starts from. Saved games replay from it, so never edit the file in
    place: ship a new one and bump the game's `content_versions` entry instead."""
    text = resources.files("trackers.unsettled").joinpath("content/example_map.json").read_text("utf-8")
    return map_from_json(json.loads(text))
