"""Worked cases T01, T02, T06-T10 and T18 of the ASHES spec (shared/design/games/ashes.md §8)."""

from __future__ import annotations

from dataclasses import replace

from trackers.ashes.colony.scoring import (
    Colony,
    ColonyArea,
    add_vp,
    change_happiness,
    colony_score,
    colony_scoring_violations,
    end_happiness,
    install_price,
    install_violations,
    milestone_claim_cost,
    milestone_score,
    milestone_violations,
    phoenix_row_score,
    rival_phoenix_vp,
    vp_display,
)
from trackers.ashes.terms import Difficulty, Medal, UpgradeClass
from trackers.core.errors import Violation


def codes(violations: list[Violation]) -> list[tuple[str, str]]:
    return [(v.code, v.rule) for v in violations]


def test_t01_happiness_overflow_and_underflow() -> None:
    gain = change_happiness(8, 30, +3)
    assert (gain.happiness, gain.vp, gain.overflow) == (9, 32, 2)
    loss = change_happiness(1, 3, -3)
    assert (loss.happiness, loss.vp, loss.underflow) == (0, 0, 2)


def test_vp_never_drops_below_zero_and_shows_laps() -> None:
    assert add_vp(3, -10) == 0
    assert vp_display(20) == (0, 20)
    assert vp_display(135) == (100, 35)
    assert vp_display(205) == (200, 5)


def test_t02_install_price_by_level_and_installs_so_far() -> None:
    second = install_price(2, installs_so_far=2)
    assert (second.materials, second.data, second.vp) == (2, 3, 6)
    assert install_violations(second, data=3, materials_of_level=2) == []
    first_top = install_price(3, installs_so_far=0)
    assert (first_top.materials, first_top.data, first_top.vp) == (2, 2, 12)
    assert [install_price(1, k).data for k in range(5)] == [1, 2, 3, 3, 3]


def test_install_refused_when_short_of_data_or_materials() -> None:
    price = install_price(3, installs_so_far=1)
    assert codes(install_violations(price, data=2, materials_of_level=1)) == [
        ("ashes.install.materials", "ashes/phoenix"),
        ("ashes.install.data", "ashes/phoenix"),
    ]


def test_t09_milestone_capped_at_12_and_costs_2_then_3_data() -> None:
    assert milestone_score(7, 2) == 12
    assert milestone_score(0, 3) == 0
    assert (milestone_claim_cost(0), milestone_claim_cost(1)) == (2, 3)
    assert milestone_violations(0, 1, claimed_it_already=False, requirement_met=True, data=2) == []


def test_milestone_refusals() -> None:
    assert codes(milestone_violations(1, 1, claimed_it_already=True, requirement_met=False, data=9)) == [
        ("ashes.milestone.requirement", "ashes/milestones"),
        ("ashes.milestone.twice", "ashes/milestones"),
        ("ashes.milestone.full", "ashes/milestones"),
    ]
    assert codes(milestone_violations(1, 2, claimed_it_already=False, requirement_met=True, data=2)) == [
        ("ashes.milestone.data", "ashes/actions/milestone")
    ]


T10_COLONY = Colony(
    closed_columns=(2, 1, 0),
    level_ii_materials=2,
    level_iii_materials=1,
    storage=UpgradeClass.INITIAL,
    vp_per_active=0,
    active_at_entrance=3,
    scoring_areas=2,
)


def colony(**changes: object) -> Colony:
    return replace(T10_COLONY, **changes)  # type: ignore[arg-type]


def test_t10_colony_scoring_column_and_capped_materials() -> None:
    chosen = (ColonyArea.COLUMN_1, ColonyArea.MATERIALS)
    assert colony_scoring_violations(colony(), chosen) == []
    assert colony_score(colony(), chosen) == 6 + 2
    assert colony_score(colony(storage=UpgradeClass.CLASS_I), chosen) == 6 + 6
    assert colony_score(colony(storage=UpgradeClass.CLASS_II), chosen) == 6 + 8
    assert colony_score(colony(vp_per_active=2), (ColonyArea.SURVIVORS,)) == 6


def test_colony_scoring_refusals() -> None:
    too_many = (ColonyArea.COLUMN_1, ColonyArea.COLUMN_2, ColonyArea.MATERIALS)
    assert codes(colony_scoring_violations(colony(), too_many)) == [
        ("ashes.colony.too_many", "ashes/colony-scoring")
    ]
    twice = (ColonyArea.COLUMN_1, ColonyArea.COLUMN_1)
    assert codes(colony_scoring_violations(colony(), twice)) == [
        ("ashes.colony.repeat", "ashes/colony-scoring")
    ]
    fourth = (ColonyArea.COLUMN_4,)
    assert codes(colony_scoring_violations(colony(), fourth)) == [
        ("ashes.colony.no_column", "ashes/colony-scoring")
    ]
    assert colony_scoring_violations(colony(closed_columns=(0, 0, 0, 2)), fourth) == []


def test_t06_final_happiness_from_leftover_resources() -> None:
    final = end_happiness(7, 50, leftover_resources=4 + 3 + 1)
    assert (final.happiness, final.vp) == (9, 59)


def test_t07_final_happiness_overflow_counts_too() -> None:
    final = end_happiness(8, 50, leftover_resources=9)
    assert (final.happiness, final.overflow, final.vp) == (9, 2, 50 + 11)


def test_t08_phoenix_row_capped_at_24() -> None:
    assert phoenix_row_score(3, 4, 3) == 24
    assert phoenix_row_score(1, 4, 3) == 12


def test_t18_rival_end_scoring_by_difficulty_and_medal() -> None:
    medals = (Medal.GOLD, Medal.SILVER, Medal.BRONZE)
    assert rival_phoenix_vp(Difficulty.NORMAL, medals) == 12
    assert rival_phoenix_vp(Difficulty.ADVANCED, medals) == 20
    assert rival_phoenix_vp(Difficulty.EXPERT, medals) == 26
