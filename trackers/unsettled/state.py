"""What the tracker keeps for Unsettled: Blackout: the map, power, LUNA, ire, explorers, traps, timeline."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from trackers.core.graph import Graph
from trackers.unsettled.board import SYSTEMS, ScarabMap

Phase = Literal["map", "setup", "play"]


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
    """The game options that settle readings the rulebook leaves open (see unsettled/options)."""

    die_sides: int = 6
    clumsy_faces: str = "ask"
    arrival_distress: bool = True
    traps_first: bool = True
    forced_moves_enter: bool = True
    chute_drop_enters: bool = True
    structures_stay: bool = True
    keep_distress: bool = True
    unreachable: str = "stay"
    ire_cap: bool = False
    chaos_at: int = 10


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
