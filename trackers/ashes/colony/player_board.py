"""One player's colony board as a value: every `check_*` lists what the rules refuse, and the matching
`apply_*` assumes the check passed and returns the new board with a plain-text log of what happened."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from enum import Enum

from trackers.ashes.board.survivors import ACTIVE
from trackers.ashes.colony.materials import STORAGE_CAPACITY, Materials, Slot
from trackers.ashes.colony.materials import apply_gain as gain_cube
from trackers.ashes.colony.materials import apply_manufacture as manufacture_cubes
from trackers.ashes.colony.materials import apply_pay as pay_cubes
from trackers.ashes.colony.materials import check_gain as check_cube
from trackers.ashes.colony.materials import check_manufacture as check_cubes_manufacture
from trackers.ashes.colony.materials import check_pay as check_cubes
from trackers.ashes.colony.scoring import START_VP, add_vp, change_happiness
from trackers.ashes.colony.upgrades import (
    UpgradeFamily,
    activation_limit,
    activation_violations,
    class_ii_violations,
)
from trackers.ashes.terms import UpgradeClass
from trackers.core.errors import TableError, Violation

START_HAPPINESS = 3
TECH_SLOTS = (1, 2, 3, 4)
UPGRADE_TILES = 10
VP_PER_TOP_PRODUCTION = 2
ENTRANCE_SPACES = {False: 4, True: 5}
STACKING_AS_PRINTED = (2, 2, 3)
"""Stacking per class as printed; class I repeats the start value, so the spec treats it as a game option."""
RANGE_BY_CLASS = (2, 3, 4)
"""Vehicle moves and carries, colony scoring areas and scout draws all run 2/3/4 by class."""

Upgrade = tuple[UpgradeFamily, UpgradeClass]


class Resource(Enum):
    """Counted resources. Strength is a place on the strength tree, kept as the number it stands for."""

    FUEL = "fuel"
    DATA = "data"
    ANTIRAD = "antirad"
    STRENGTH = "strength"


PRODUCED = (Resource.FUEL, Resource.DATA, Resource.STRENGTH)
"""The three production tracks, in the order of production zones 2, 3 and 4."""


class Limited(Enum):
    """The limited additional actions, each allowed once per turn."""

    SCOUT = "scout"
    MILESTONE = "claim a milestone"
    MISSION = "complete a mission"


def _no_negatives(value: object) -> None:
    for name, n in vars(value).items():
        if isinstance(n, int) and n < 0:
            raise TableError(f"{name} must not be negative in {value!r}")


@dataclass(frozen=True)
class Reward:
    """What a card, pod or space gives; any part of it may be declined."""

    fuel: int = 0
    data: int = 0
    antirad: int = 0
    strength: int = 0
    happiness: int = 0
    vp: int = 0
    materials: tuple[Slot, ...] = ()

    def __post_init__(self) -> None:
        _no_negatives(self)

    @classmethod
    def of(cls, resource: Resource, n: int, vp: int = 0) -> Reward:
        fuel, data, antirad, strength = (n if r is resource else 0 for r in Resource)
        return cls(fuel, data, antirad, strength, vp=vp)


@dataclass(frozen=True)
class Cost:
    """What an action asks for; unlike a reward it must be paid in full or the action is off."""

    fuel: int = 0
    data: int = 0
    antirad: int = 0
    strength: int = 0
    happiness: int = 0
    materials: tuple[Slot, ...] = ()
    happiness_in_hand: bool = False
    """True for the one payment that needs the happiness on the track (the character's move, App. I);
    any other happiness payment may go below 0 at 2 VP a step, like a loss (5.5)."""

    def __post_init__(self) -> None:
        _no_negatives(self)


@dataclass(frozen=True)
class Capacities:
    """What the removed upgrade tiles currently allow (appendix II)."""

    entrance: int
    activations: int
    stacking: int
    storage: int
    vehicle_move: int
    vehicle_carry: int
    sector_iv: bool
    scoring_areas: int
    scout_draw: int


def capacities(
    upgrades: Collection[Upgrade], stacking: tuple[int, int, int] = STACKING_AS_PRINTED
) -> Capacities:
    def level(family: UpgradeFamily) -> UpgradeClass:
        return max((c for f, c in upgrades if f is family), default=UpgradeClass.INITIAL)

    vehicle = level(UpgradeFamily.VEHICLE)
    return Capacities(
        entrance=ENTRANCE_SPACES[(UpgradeFamily.ACTIVATION, UpgradeClass.CLASS_I) in upgrades],
        activations=activation_limit(level(UpgradeFamily.ACTIVATION) is UpgradeClass.CLASS_II),
        stacking=stacking[level(UpgradeFamily.STACKING)],
        storage=STORAGE_CAPACITY[level(UpgradeFamily.STORAGE)],
        vehicle_move=RANGE_BY_CLASS[vehicle],
        vehicle_carry=RANGE_BY_CLASS[vehicle],
        sector_iv=vehicle is UpgradeClass.CLASS_II,
        scoring_areas=RANGE_BY_CLASS[level(UpgradeFamily.COLONY_SCORING)],
        scout_draw=RANGE_BY_CLASS[level(UpgradeFamily.SCOUT)],
    )


def _refused(code: str, message: str, rule: str) -> list[Violation]:
    return [Violation(code, message, rule)]


@dataclass(frozen=True)
class PlayerBoard:
    """A player's holdings and this round's use of the board.

    `production_tops` is the top space of the fuel, data and strength tracks, which the rulebook text does not
    give. `entrance` and `zones` hold survivor kinds (None: an empty zone); `tech` holds tile names per slot,
    bottom tile first. Zones used this round are the occupied ones: survivors stay there until the pass.
    """

    materials: Materials
    production_tops: tuple[int, int, int]
    vp: int = START_VP
    happiness: int = START_HAPPINESS
    fuel: int = 0
    data: int = 0
    antirad: int = 0
    strength: int = 0
    production: tuple[int, int, int] = (1, 1, 1)
    upgrades: frozenset[Upgrade] = frozenset()
    stacking_by_class: tuple[int, int, int] = STACKING_AS_PRINTED
    entrance: tuple[str, ...] = ()
    zones: tuple[str | None, ...] = (None,) * len(TECH_SLOTS)
    tech: tuple[tuple[str, ...], ...] = ((),) * len(TECH_SLOTS)
    limited_used: frozenset[Limited] = frozenset()
    passed: bool = False

    @property
    def caps(self) -> Capacities:
        return capacities(self.upgrades, self.stacking_by_class)

    @property
    def zones_used(self) -> frozenset[int]:
        return frozenset(z for z, who in zip(TECH_SLOTS, self.zones, strict=True) if who is not None)

    def amount(self, resource: Resource) -> int:
        value: int = getattr(self, resource.value)
        return value

    def production_of(self, resource: Resource) -> int:
        return self.production[PRODUCED.index(resource)]

    def upgrade_class(self, family: UpgradeFamily) -> UpgradeClass:
        return max((c for f, c in self.upgrades if f is family), default=UpgradeClass.INITIAL)

    # Turn structure

    def check_open(self) -> list[Violation]:
        """Once you pass, nothing else is yours to do this round: no protocol and no additional action."""
        if self.passed:
            return _refused("ashes.pass.done", "You have passed this round.", "ashes/protocols/pass")
        return []

    def apply_pass(self) -> BoardStep:
        return BoardStep(replace(self, passed=True), ("Passed.",))

    def apply_new_turn(self) -> BoardStep:
        return BoardStep(replace(self, limited_used=frozenset()))

    def apply_new_round(self) -> BoardStep:
        return BoardStep(replace(self, limited_used=frozenset(), passed=False))

    def check_limited(self, action: Limited) -> list[Violation]:
        if self.passed or action not in self.limited_used:
            return self.check_open()
        return _refused(
            "ashes.limited.twice", f"You already used {action.value} this turn.", "ashes/actions/additional"
        )

    def apply_limited(self, action: Limited) -> BoardStep:
        return BoardStep(replace(self, limited_used=self.limited_used | {action}))

    # Resources, happiness and VP

    def check_pay(self, cost: Cost) -> list[Violation]:
        """Payments are never waived (rewards may be declined, costs may not), so any shortfall refuses."""
        problems = [
            Violation(
                f"ashes.pay.{r.value}",
                f"This costs {getattr(cost, r.value)} {r.value}; you have {self.amount(r)}.",
                "ashes/costs",
            )
            for r in Resource
            if self.amount(r) < getattr(cost, r.value)
        ]
        if cost.happiness_in_hand and self.happiness < cost.happiness:
            problems.append(
                Violation(
                    "ashes.pay.happiness",
                    f"This costs {cost.happiness} happiness; you have {self.happiness}.",
                    "ashes/costs",
                )
            )
        return problems + check_cubes(self.materials, cost.materials)

    def apply_pay(self, cost: Cost) -> BoardStep:
        paid = replace(
            self,
            **{r.value: self.amount(r) - getattr(cost, r.value) for r in Resource},
            materials=pay_cubes(self.materials, cost.materials),
        )
        return paid.apply_lose_happiness(cost.happiness)

    def fitting(self, reward: Reward) -> tuple[Reward, tuple[str, ...]]:
        """The reward with the cubes that have no room declined, for rewards taken as a whole (pod income)."""
        kept: list[Slot] = []
        lost: list[str] = []
        for slot in reward.materials:
            if check_cube(gain_materials(self.materials, kept), slot, self.caps.storage):
                lost.append(f"No room in your {slot}: that cube is declined.")
            else:
                kept.append(slot)
        return replace(reward, materials=tuple(kept)), tuple(lost)

    def apply_reward(self, reward: Reward) -> BoardStep:
        change = change_happiness(self.happiness, self.vp, reward.happiness)
        board = replace(
            self,
            **{r.value: self.amount(r) + getattr(reward, r.value) for r in Resource},
            happiness=change.happiness,
            vp=add_vp(change.vp, reward.vp),
            materials=gain_materials(self.materials, reward.materials),
        )
        events = (f"{change.overflow} happiness past 9 became VP.",) if change.overflow else ()
        return BoardStep(board, events)

    def apply_lose_happiness(self, n: int) -> BoardStep:
        """A loss, unlike a payment, is never refused: steps below 0 cost 2 VP each instead."""
        change = change_happiness(self.happiness, self.vp, -n)
        events = (f"{change.underflow} happiness below 0 cost VP.",) if change.underflow else ()
        return BoardStep(replace(self, happiness=change.happiness, vp=change.vp), events)

    # Production

    def production_yield(self, resource: Resource) -> Reward:
        """Zones 2 to 4 give the disc's height in their resource, and 2 VP more when it is at the top."""
        height = self.production_of(resource)
        top = height == self.production_tops[PRODUCED.index(resource)]
        return Reward.of(resource, height, vp=VP_PER_TOP_PRODUCTION if top else 0)

    def apply_production_steps(self, resource: Resource, steps: int) -> BoardStep:
        """Modifiers raise a track; a step the disc cannot take at the top is worth 2 VP instead."""
        i = PRODUCED.index(resource)
        positions = list(self.production)
        positions[i] = min(positions[i] + steps, self.production_tops[i])
        blocked = self.production[i] + steps - positions[i]
        board = replace(
            self,
            production=(positions[0], positions[1], positions[2]),
            vp=add_vp(self.vp, VP_PER_TOP_PRODUCTION * blocked),
        )
        events = (
            (f"{resource.value} production is at the top: {blocked} step(s) scored VP.",) if blocked else ()
        )
        return BoardStep(board, events)

    # Materials

    def check_manufacture(self, a: Slot, b: Slot) -> list[Violation]:
        return self.check_open() + check_cubes_manufacture(self.materials, a, b, self.caps.storage)

    def apply_manufacture(self, a: Slot, b: Slot) -> BoardStep:
        made = manufacture_cubes(self.materials, a, b)
        return BoardStep(replace(self, materials=made), (f"Manufactured from your {a} and {b}.",))

    # Upgrades

    def check_take_upgrade(self, family: UpgradeFamily, cls: UpgradeClass) -> list[Violation]:
        if cls is UpgradeClass.INITIAL:
            return _refused(
                "ashes.upgrade.initial", "The printed start value is not a tile to take.", "ashes/upgrades"
            )
        if (family, cls) in self.upgrades:
            return _refused(
                "ashes.upgrade.taken",
                f"Your class {cls.value} {family.value} upgrade is already gone.",
                "ashes/upgrades",
            )
        if len(self.upgrades) >= UPGRADE_TILES:
            return _refused("ashes.upgrade.none_left", "All your upgrade tiles are used.", "ashes/upgrades")
        if cls is UpgradeClass.CLASS_II:
            return class_ii_violations(family, self.upgrades, self.production)
        return []

    def apply_take_upgrade(self, family: UpgradeFamily, cls: UpgradeClass) -> BoardStep:
        return BoardStep(replace(self, upgrades=self.upgrades | {(family, cls)}))

    # Colony entrance and activation

    def check_enter(self, survivors: Collection[str]) -> list[Violation]:
        """The entrance never holds more survivors than it has spaces."""
        free = self.caps.entrance - len(self.entrance)
        if len(survivors) > free:
            return _refused(
                "ashes.entrance.full",
                f"Your entrance has room for {free} more survivor(s), not {len(survivors)}.",
                "ashes/colony",
            )
        return []

    def apply_enter(self, survivors: Iterable[str]) -> BoardStep:
        return BoardStep(replace(self, entrance=self.entrance + tuple(survivors)))

    def check_leave(self, survivors: Iterable[str]) -> list[Violation]:
        short = Counter(survivors) - Counter(self.entrance)
        if short:
            return _refused(
                "ashes.entrance.missing",
                f"Your entrance has no {', '.join(sorted(short))} survivor to spare.",
                "ashes/colony",
            )
        return []

    def apply_leave(self, survivors: Iterable[str]) -> BoardStep:
        left = Counter(self.entrance)
        left.subtract(survivors)
        return BoardStep(replace(self, entrance=tuple(sorted(left.elements()))))

    def check_activate(self, zone: int) -> list[Violation]:
        class_ii = self.upgrade_class(UpgradeFamily.ACTIVATION) is UpgradeClass.CLASS_II
        return self.check_open() + activation_violations(
            zone, self.zones_used, class_ii, self.entrance.count(ACTIVE)
        )

    def apply_activate(self, zone: int) -> BoardStep:
        board = self.apply_leave((ACTIVE,)).board
        i = TECH_SLOTS.index(zone)
        return BoardStep(replace(board, zones=(*self.zones[:i], ACTIVE, *self.zones[i + 1 :])))

    # Technology slots

    def check_place_tech(self, slot: int, replace_top: bool) -> list[Violation]:
        """A tile goes on a stack with room; only when every stack is full may it cover a top tile."""
        if slot not in TECH_SLOTS:
            return _refused("ashes.tech.slot", f"There is no technology slot {slot}.", "ashes/technology")
        limit = self.caps.stacking
        if replace_top and any(len(stack) < limit for stack in self.tech):
            return _refused(
                "ashes.tech.room_left",
                "A slot still has room, so no top tile may be replaced.",
                "ashes/technology",
            )
        if not replace_top and len(self.tech[slot - 1]) >= limit:
            return _refused(
                "ashes.tech.full",
                f"Slot {slot} already holds {limit} tiles.",
                "ashes/technology",
            )
        return []

    def apply_place_tech(self, tile: str, slot: int, replace_top: bool) -> BoardStep:
        stack = self.tech[slot - 1]
        events = (f"{tile} replaces {stack[-1]} in slot {slot}.",) if replace_top else ()
        new_stack = (*stack[:-1], tile) if replace_top else (*stack, tile)
        return BoardStep(replace(self, tech=(*self.tech[: slot - 1], new_stack, *self.tech[slot:])), events)


def gain_materials(materials: Materials, slots: Iterable[Slot]) -> Materials:
    for slot in slots:
        materials = gain_cube(materials, slot)
    return materials


@dataclass(frozen=True)
class BoardStep:
    """A board after an applied step, with what the player should be told about it."""

    board: PlayerBoard
    events: tuple[str, ...] = ()
