"""The materials pyramid: nine storage slots in three levels, with cables saying which pairs manufacture what.

The rulebook names some materials (plastic and metal make a tool) but prints neither the slot layout nor
the cables, so slots are named by level and index and the pyramid's shape and cables are data.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from trackers.ashes.terms import UpgradeClass
from trackers.core.errors import TableError, Violation

LEVELS = (1, 2, 3)
SLOT_COUNT = 9
STORAGE_CAPACITY = {UpgradeClass.INITIAL: 1, UpgradeClass.CLASS_I: 2, UpgradeClass.CLASS_II: 3}
_ROMAN = {1: "I", 2: "II", 3: "III"}


@dataclass(frozen=True, order=True)
class Slot:
    """A storage slot by level (1 = bottom row) and its index in that row, counted from the left from 1."""

    level: int
    index: int

    def __str__(self) -> str:
        return f"level {_ROMAN.get(self.level, self.level)} slot {self.index}"


@dataclass(frozen=True)
class Cable:
    """Two different materials of one level that together make one material of the level above."""

    pair: frozenset[Slot]
    makes: Slot


@dataclass(frozen=True)
class Pyramid:
    """The board's layout: how many slots each level has and the cables between them."""

    slots_per_level: tuple[int, int, int]
    cables: tuple[Cable, ...]

    def __post_init__(self) -> None:
        if sum(self.slots_per_level) != SLOT_COUNT or min(self.slots_per_level) < 1:
            raise TableError(f"a pyramid has {SLOT_COUNT} slots over 3 levels, got {self.slots_per_level}")
        for cable in self.cables:
            levels = {slot.level for slot in cable.pair}
            if len(cable.pair) != 2 or len(levels) != 1 or cable.makes.level != min(levels) + 1:
                raise TableError(f"a cable joins two slots of one level to the next level up: {cable}")
            if not all(self.has(slot) for slot in (*cable.pair, cable.makes)):
                raise TableError(f"cable {cable} names a slot the pyramid does not have")

    @property
    def slots(self) -> tuple[Slot, ...]:
        return tuple(
            Slot(level, i) for level in LEVELS for i in range(1, self.slots_per_level[level - 1] + 1)
        )

    def has(self, slot: Slot) -> bool:
        return slot.level in LEVELS and 1 <= slot.index <= self.slots_per_level[slot.level - 1]

    def product(self, a: Slot, b: Slot) -> Slot | None:
        """What the cable joining `a` and `b` makes, or None when no cable joins them."""
        return next((c.makes for c in self.cables if c.pair == {a, b}), None)


def _adjacent_pyramid(rows: tuple[int, int, int]) -> Pyramid:
    cables = tuple(
        Cable(frozenset({Slot(level, i), Slot(level, i + 1)}), Slot(level + 1, i))
        for level in (1, 2)
        for i in range(1, rows[level] + 1)
    )
    return Pyramid(rows, cables)


ASSUMED_PYRAMID = _adjacent_pyramid((4, 3, 2))
"""A guess until the board is entered: 4, 3 and 2 slots, each slot fed by the two slots below it."""


@dataclass(frozen=True)
class Materials:
    """Cubes per slot, in `pyramid.slots` order; the slot capacity comes from the storage upgrade."""

    pyramid: Pyramid
    cubes: tuple[int, ...]

    @classmethod
    def empty(cls, pyramid: Pyramid = ASSUMED_PYRAMID) -> Materials:
        return cls(pyramid, (0,) * SLOT_COUNT)

    def count(self, slot: Slot) -> int:
        return self.cubes[self.pyramid.slots.index(slot)]

    def level_count(self, level: int) -> int:
        """Cubes on one level, which is what installs, materials scoring and scoring tiles count."""
        return sum(n for slot, n in zip(self.pyramid.slots, self.cubes, strict=True) if slot.level == level)

    def shifted(self, slot: Slot, n: int) -> Materials:
        """`n` cubes more (or fewer) in one slot, unchecked: the check_* functions guard every caller."""
        i = self.pyramid.slots.index(slot)
        return replace(self, cubes=(*self.cubes[:i], self.cubes[i] + n, *self.cubes[i + 1 :]))


def _unknown(slot: Slot) -> Violation:
    return Violation("ashes.materials.slot", f"Your pyramid has no {slot}.", "ashes/materials")


def check_gain(materials: Materials, slot: Slot, capacity: int) -> list[Violation]:
    """A full slot takes no cube: the gain is declined, never stored elsewhere."""
    if not materials.pyramid.has(slot):
        return [_unknown(slot)]
    if materials.count(slot) >= capacity:
        return [
            Violation(
                "ashes.materials.full",
                f"Your {slot} already holds {capacity} cube(s); decline this material.",
                "ashes/materials",
            )
        ]
    return []


def apply_gain(materials: Materials, slot: Slot) -> Materials:
    return materials.shifted(slot, 1)


def check_pay(materials: Materials, slots: Iterable[Slot]) -> list[Violation]:
    """Material costs cannot be waived, so every cube asked for must be there (a slot may repeat)."""
    wanted = tuple(slots)
    problems = [_unknown(slot) for slot in sorted(set(wanted)) if not materials.pyramid.has(slot)]
    if problems:
        return problems
    return [
        Violation(
            "ashes.materials.short",
            f"You need {wanted.count(slot)} cube(s) from your {slot}; you have {materials.count(slot)}.",
            "ashes/costs",
        )
        for slot in sorted(set(wanted))
        if materials.count(slot) < wanted.count(slot)
    ]


def apply_pay(materials: Materials, slots: Iterable[Slot]) -> Materials:
    for slot in slots:
        materials = materials.shifted(slot, -1)
    return materials


def check_manufacture(materials: Materials, a: Slot, b: Slot, capacity: int) -> list[Violation]:
    """Two different materials joined by a cable, both in stock, and room for the result."""
    if a == b:
        return [
            Violation(
                "ashes.manufacture.same",
                "Manufacturing takes two different materials.",
                "ashes/actions/manufacture",
            )
        ]
    made = materials.pyramid.product(a, b)
    if made is None:
        return [
            Violation(
                "ashes.manufacture.no_cable",
                f"No cable joins your {a} and {b}.",
                "ashes/actions/manufacture",
            )
        ]
    return check_pay(materials, (a, b)) + check_gain(materials, made, capacity)


def apply_manufacture(materials: Materials, a: Slot, b: Slot) -> Materials:
    made = materials.pyramid.product(a, b)
    if made is None:
        raise TableError(f"no cable joins {a} and {b}; check_manufacture first")
    return apply_gain(apply_pay(materials, (a, b)), made)
