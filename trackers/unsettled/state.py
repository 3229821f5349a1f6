"""What the tracker keeps for Unsettled: Blackout: the map, power, LUNA, ire, explorers, traps, timeline.

A screen reads the state through this module, so it also re-exports (`from x import X as X`) the constants
of the map a screen names (the rooms, the outside cards, the laundry chute, the grid's size) and the
incapacitated cards the table may say it drew.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Literal

from trackers.core.graph import Graph
from trackers.core.options import option
from trackers.unsettled.board import CARD_NOT_ENTERED as CARD_NOT_ENTERED
from trackers.unsettled.board import GRID_COLUMNS as GRID_COLUMNS
from trackers.unsettled.board import GRID_ROWS as GRID_ROWS
from trackers.unsettled.board import INCAPACITATED_CARDS as INCAPACITATED_CARDS
from trackers.unsettled.board import LAUNDRY_CHUTE as LAUNDRY_CHUTE
from trackers.unsettled.board import OTHER_CARD as OTHER_CARD
from trackers.unsettled.board import OUTSIDE as OUTSIDE
from trackers.unsettled.board import ROOMS as ROOMS
from trackers.unsettled.board import SYSTEMS, ScarabMap, open_ways

Phase = Literal["map", "setup", "play"]

EDITION = 2
"""Which of Lantern's readings a game plays by, fixed when its map is confirmed. 2 since the play-test fixes:
the laundry chute goes up only, the table says which incapacitated card it drew, and (an option) an
unpowered Upper Corridor is not left. 1: a game whose map was confirmed before them, which keeps the readings
it was played with, so that its log replays to the same game (`actions.LegacyConfirmMap`)."""


@dataclass(frozen=True)
class Explorer:
    name: str
    node: str | None = None
    distress: int = 0
    incapacitated: str | None = None
    traps: tuple[str, ...] = ()
    discoveries: int = 0


@dataclass(frozen=True)
class Settings:
    """The New game options: readings the rulebook leaves open (see unsettled/options) and the set-up."""

    die_sides: int = option(
        "Sides of the die you roll for LUNA", 6, minimum=2, maximum=20, rule="unsettled/options"
    )
    clumsy_faces: str = option(
        "A clumsiness check fails on",
        "ask",
        choices=("ask", "1", "1-2", "1-3", "6", "5-6"),
        rule="unsettled/clumsiness",
        help="The printed icon cannot be read from the text: 'ask' lets you say whether it failed.",
    )
    arrival_distress: bool = option("LUNA's arrival also attacks her target", True, rule="unsettled/options")
    traps_first: bool = option("Traps spring before LUNA attacks", True, rule="unsettled/options")
    forced_moves_enter: bool = option(
        "Forced LUNA moves attack and spring traps", True, rule="unsettled/options"
    )
    chute_drop_enters: bool = option(
        "Laundry chute drop counts as entering", True, rule="unsettled/map/laundry-chute"
    )
    structures_stay: bool = option(
        "Structures stay built after power loss", True, rule="unsettled/structures"
    )
    keep_distress: bool = option("Incapacitated explorers keep 2 distress", True, rule="unsettled/distress")
    corridor_needs_power: bool = option(
        "Upper Corridor is left only once it has power",
        True,
        rule="unsettled/rooms",
        help=(
            "Lantern's reading of 'access to adjacent nodes' on the powered side: while it is unpowered "
            "anyone, explorer or LUNA, may step into the corridor but not out of it to an adjacent node. "
            "Off: its ways are open, powered or not."
        ),
    )
    unreachable: str = option(
        "When walls keep LUNA from her target",
        "stay",
        choices=("stay", "stop"),
        rule="unsettled/options",
        help="stay: she waits and each ire point is spent; stop: the pursuit ends and the ire stays.",
    )
    ire_cap: bool = option("Ire never goes above 3", False, rule="unsettled/luna/ire")
    chaos_at: int = option(
        "Timeline space of the chaos trigger", 10, minimum=1, maximum=40, rule="unsettled/timeline"
    )
    chaos_side: str = option(
        "LUNA Causes Chaos starts on side", "A", choices=("A", "B"), rule="unsettled/luna/chaos"
    )
    """The side the card starts on; `UnsettledState.chaos_side` is the side it shows now."""
    traps: int = option("Traps in the tray", 4, minimum=0, maximum=12, rule="unsettled/traps")


@dataclass(frozen=True)
class UnsettledState:
    phase: Phase
    scarab: ScarabMap
    graph: Graph
    explorers: tuple[Explorer, ...]
    settings: Settings
    luna: str | None = None
    ire: int = 0
    powered: frozenset[str] = frozenset()
    built: frozenset[str] = frozenset()
    trap_tray: tuple[str, ...] = ()
    traps_on: tuple[tuple[str, str], ...] = ()
    traps_gone: tuple[str, ...] = ()
    active: int = 0
    pursuit: str | None = None
    luna_commanded: bool = False
    pending_checks: tuple[tuple[str, str], ...] = ()
    timeline: int = 0
    chaos_pending: bool = False
    chaos_side: str = "A"
    chaos_back_text: str = ""
    edition: int = EDITION
    survived: bool | None = None
    """How the game ended, once the table entered it: True, the explorers survived; False, LUNA won."""

    @property
    def ended(self) -> bool:
        return self.survived is not None

    def explorer(self, name: str) -> Explorer:
        for e in self.explorers:
            if e.name == name:
                return e
        raise KeyError(name)

    def has_explorer(self, name: str) -> bool:
        return any(e.name == name for e in self.explorers)

    def with_explorer(self, updated: Explorer) -> UnsettledState:
        return replace(
            self, explorers=tuple(updated if e.name == updated.name else e for e in self.explorers)
        )

    @property
    def active_explorer(self) -> Explorer:
        return self.explorers[self.active]

    def traps_at(self, node: str) -> tuple[str, ...]:
        return tuple(t for n, t in self.traps_on if n == node)

    def explorers_at(self, node: str) -> tuple[Explorer, ...]:
        return tuple(e for e in self.explorers if e.node == node)

    def active_systems(self) -> tuple[str, ...]:
        return tuple(system for node, system in SYSTEMS.items() if node in self.powered)

    def structures(self) -> tuple[str, ...]:
        return tuple(sorted(self.built))

    @cached_property
    def ways(self) -> Graph:
        """Where anyone may step now (`board.open_ways`): the map's graph with the laundry chute going up
        only and, by the option, an unpowered Upper Corridor not left. Adjacency and distances only: the
        obstacles are on `graph`. A game of edition 1 steps on `graph` itself."""
        if self.edition < 2:
            return self.graph
        return open_ways(
            self.graph,
            self.powered,
            chute=LAUNDRY_CHUTE in self.scarab.links,
            corridor_needs_power=self.settings.corridor_needs_power,
        )

    @cached_property
    def pursuit_distances(self) -> dict[str, int]:
        """Steps from each node to the pursued explorer: LUNA's next step is planned when it is checked and
        again when it is taken, from the same state, so the search runs once."""
        assert self.pursuit is not None
        target = self.explorer(self.pursuit).node
        assert target is not None
        return self.ways.distances_to(target)
