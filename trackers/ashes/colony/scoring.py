"""ASHES scoring arithmetic: every VP and happiness rule with its cap, clamp or overflow in one place."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from trackers.ashes.terms import Difficulty, Medal, UpgradeClass
from trackers.core.errors import TableError, Violation
from trackers.core.track import Track

START_VP = 20
VP_LAP = 100
MAX_LAP = 200
HAPPINESS_LOW, HAPPINESS_HIGH = 0, 9
VP_PER_HAPPINESS_OVERFLOW = 1
VP_PER_HAPPINESS_UNDERFLOW = 2
RESOURCES_PER_FINAL_HAPPINESS = 3
MILESTONE_CAP = 12
PHOENIX_ROW_CAP = 24
VP_PER_CLOSED_CARD = 3
VP_PER_LEVEL_II_MATERIAL, VP_PER_LEVEL_III_MATERIAL = 2, 4
MATERIALS_SCORE_CAP = {UpgradeClass.INITIAL: 2, UpgradeClass.CLASS_I: 6, UpgradeClass.CLASS_II: 12}


def add_vp(vp: int, delta: int) -> int:
    """A score never drops below 0; a loss past 0 is simply lost."""
    return max(0, vp + delta)


def vp_display(vp: int) -> tuple[int, int]:
    """(lap disc, marker space) as the board shows a score: the disc sits on +0, +100 or +200."""
    lap = min(vp // VP_LAP * VP_LAP, MAX_LAP)
    return lap, vp - lap


@dataclass(frozen=True)
class HappinessChange:
    """Happiness and VP after a change; the steps that did not fit on the 0..9 track are kept for the log."""

    happiness: int
    vp: int
    overflow: int
    underflow: int


def change_happiness(happiness: int, vp: int, delta: int) -> HappinessChange:
    """Steps above 9 are worth 1 VP each and steps below 0 cost 2 VP each, so no gain or loss is wasted."""
    move = Track(HAPPINESS_LOW, HAPPINESS_HIGH, happiness).move(delta)
    vp_delta = VP_PER_HAPPINESS_OVERFLOW * move.overflow - VP_PER_HAPPINESS_UNDERFLOW * move.underflow
    return HappinessChange(move.track.value, add_vp(vp, vp_delta), move.overflow, move.underflow)


@dataclass(frozen=True)
class InstallPrice:
    """What installing on one Phoenix Project level costs and pays."""

    level: int
    materials: int
    data: int
    vp: int


_INSTALL_MATERIALS = {1: 1, 2: 2, 3: 2}
_INSTALL_DATA = {1: (1, 2, 3), 2: (1, 2, 3), 3: (2, 3, 4)}
INSTALL_VP = {1: 2, 2: 6, 3: 12}


def install_price(level: int, installs_so_far: int) -> InstallPrice:
    """The data price rises with the installs already made at that level by anyone, up to the third."""
    if level not in INSTALL_VP or installs_so_far < 0:
        raise TableError(f"no Phoenix Project level {level!r} with {installs_so_far!r} installs")
    data = _INSTALL_DATA[level][min(installs_so_far, 2)]
    return InstallPrice(level, _INSTALL_MATERIALS[level], data, INSTALL_VP[level])


def install_violations(price: InstallPrice, data: int, materials_of_level: int) -> list[Violation]:
    """Payments cannot be waived, so a player short of data or materials cannot install at all."""
    problems = []
    if materials_of_level < price.materials:
        problems.append(
            Violation(
                "ashes.install.materials",
                f"Level {price.level} needs {price.materials} level {price.level} material(s); "
                f"you have {materials_of_level}.",
                "ashes/phoenix",
            )
        )
    if data < price.data:
        problems.append(
            Violation(
                "ashes.install.data",
                f"This install costs {price.data} data; you have {data}.",
                "ashes/phoenix",
            )
        )
    return problems


def milestone_score(count: int, medal_value: int) -> int:
    """Items counted on the left-hand tile times its medal value, never above 12 VP."""
    return min(MILESTONE_CAP, count * medal_value)


def milestone_claim_cost(claims_before: int) -> int:
    """2 data for the first claimant of a milestone, 3 for the second."""
    return 2 + claims_before


def milestone_violations(
    claims_before: int, capacity: int, claimed_it_already: bool, requirement_met: bool, data: int
) -> list[Violation]:
    problems = []
    if not requirement_met:
        problems.append(
            Violation(
                "ashes.milestone.requirement", "The milestone's condition is not met.", "ashes/milestones"
            )
        )
    if claimed_it_already:
        problems.append(
            Violation("ashes.milestone.twice", "You already claimed this milestone.", "ashes/milestones")
        )
    if claims_before >= capacity:
        problems.append(
            Violation(
                "ashes.milestone.full", "No space is left on this achievement tile.", "ashes/milestones"
            )
        )
    elif data < milestone_claim_cost(claims_before):
        problems.append(
            Violation(
                "ashes.milestone.data",
                f"Claiming costs {milestone_claim_cost(claims_before)} data; you have {data}.",
                "ashes/actions/milestone",
            )
        )
    return problems


class ColonyArea(Enum):
    """The colony board's scoring areas; the fourth column exists only with the character that adds it."""

    COLUMN_1 = "column 1"
    COLUMN_2 = "column 2"
    COLUMN_3 = "column 3"
    COLUMN_4 = "column 4"
    MATERIALS = "materials"
    SURVIVORS = "survivors"


COLUMN_AREAS = (ColonyArea.COLUMN_1, ColonyArea.COLUMN_2, ColonyArea.COLUMN_3, ColonyArea.COLUMN_4)


@dataclass(frozen=True)
class Colony:
    """What colony scoring at a pass looks at."""

    closed_columns: tuple[int, ...]
    level_ii_materials: int
    level_iii_materials: int
    storage: UpgradeClass
    vp_per_active: int
    active_at_entrance: int
    scoring_areas: int


def colony_area_vp(colony: Colony, area: ColonyArea) -> int:
    if area is ColonyArea.MATERIALS:
        raw = (
            VP_PER_LEVEL_II_MATERIAL * colony.level_ii_materials
            + VP_PER_LEVEL_III_MATERIAL * colony.level_iii_materials
        )
        return min(MATERIALS_SCORE_CAP[colony.storage], raw)
    if area is ColonyArea.SURVIVORS:
        return colony.vp_per_active * colony.active_at_entrance
    return VP_PER_CLOSED_CARD * colony.closed_columns[COLUMN_AREAS.index(area)]


def colony_scoring_violations(colony: Colony, chosen: Sequence[ColonyArea]) -> list[Violation]:
    problems = []
    if len(chosen) > colony.scoring_areas:
        problems.append(
            Violation(
                "ashes.colony.too_many",
                f"You may score {colony.scoring_areas} areas, not {len(chosen)}.",
                "ashes/colony-scoring",
            )
        )
    if len(set(chosen)) < len(chosen):
        problems.append(
            Violation("ashes.colony.repeat", "Each area scores at most once.", "ashes/colony-scoring")
        )
    missing = [a for a in chosen if a in COLUMN_AREAS[len(colony.closed_columns) :]]
    if missing:
        problems.append(
            Violation(
                "ashes.colony.no_column",
                f"Your colony has no {missing[0].value}.",
                "ashes/colony-scoring",
            )
        )
    return problems


def colony_score(colony: Colony, chosen: Sequence[ColonyArea]) -> int:
    return sum(colony_area_vp(colony, area) for area in chosen)


def end_happiness(happiness: int, vp: int, leftover_resources: int) -> HappinessChange:
    """Final step 2: 3 leftover tokens make 1 happiness (overflow VP included), then 1 VP per happiness."""
    change = change_happiness(happiness, vp, leftover_resources // RESOURCES_PER_FINAL_HAPPINESS)
    return HappinessChange(
        change.happiness, add_vp(change.vp, change.happiness), change.overflow, change.underflow
    )


def phoenix_row_score(upgrades_in_row: int, count: int, medal_value: int) -> int:
    """Final step 4 for one row: upgrades x requirement count x medal value, never above 24 VP."""
    return min(PHOENIX_ROW_CAP, upgrades_in_row * count * medal_value)


RIVAL_END_VP = {
    Difficulty.NORMAL: {Medal.BRONZE: 2, Medal.SILVER: 4, Medal.GOLD: 6},
    Difficulty.ADVANCED: {Medal.BRONZE: 4, Medal.SILVER: 6, Medal.GOLD: 10},
    Difficulty.EXPERT: {Medal.BRONZE: 6, Medal.SILVER: 8, Medal.GOLD: 12},
}


def rival_phoenix_vp(difficulty: Difficulty, medals: Iterable[Medal]) -> int:
    """The rival scores each installed upgrade by its row's medal, from the back of its difficulty card."""
    return sum(RIVAL_END_VP[difficulty][medal] for medal in medals)
