"""The materials pyramid: storage limits, payments and manufacturing along the cables."""

from __future__ import annotations

import pytest

from rules_ref import reference
from trackers.ashes.colony.materials import (
    ASSUMED_PYRAMID,
    STORAGE_CAPACITY,
    Cable,
    Materials,
    Pyramid,
    Slot,
    apply_gain,
    apply_manufacture,
    apply_pay,
    check_gain,
    check_manufacture,
    check_pay,
)
from trackers.ashes.terms import UpgradeClass
from trackers.core.errors import TableError, Violation

P1, M1, X1, C1 = (Slot(1, i) for i in range(1, 5))
TOOL = Slot(2, 1)


def refused(problems: list[Violation]) -> list[tuple[str, str]]:
    assert all(reference().exists(v.rule) for v in problems)
    return [(v.code, v.rule) for v in problems]


def stocked(*slots: Slot) -> Materials:
    materials = Materials.empty()
    for slot in slots:
        materials = apply_gain(materials, slot)
    return materials


def test_nine_slots_over_three_levels() -> None:
    assert len(ASSUMED_PYRAMID.slots) == 9
    assert [sum(s.level == level for s in ASSUMED_PYRAMID.slots) for level in (1, 2, 3)] == [4, 3, 2]
    assert str(Slot(3, 2)) == "level III slot 2"


def test_storage_holds_one_two_or_three_cubes_by_class() -> None:
    assert [STORAGE_CAPACITY[c] for c in UpgradeClass] == [1, 2, 3]


def test_a_full_slot_refuses_the_gain() -> None:
    one = stocked(P1)
    assert refused(check_gain(one, P1, 1)) == [("ashes.materials.full", "ashes/materials")]
    assert check_gain(one, P1, 2) == []
    assert apply_gain(one, P1).count(P1) == 2


def test_an_unknown_slot_is_refused() -> None:
    assert refused(check_gain(Materials.empty(), Slot(3, 3), 1)) == [
        ("ashes.materials.slot", "ashes/materials")
    ]
    assert refused(check_pay(Materials.empty(), [Slot(4, 1)])) == [
        ("ashes.materials.slot", "ashes/materials")
    ]


def test_payment_needs_every_cube() -> None:
    two = apply_gain(stocked(P1), P1)
    assert check_pay(two, [P1, P1]) == []
    assert apply_pay(two, [P1, P1]).count(P1) == 0
    assert refused(check_pay(two, [P1, P1, P1])) == [("ashes.materials.short", "ashes/costs")]
    assert refused(check_pay(two, [M1])) == [("ashes.materials.short", "ashes/costs")]


def test_manufacture_turns_a_cabled_pair_into_the_level_above() -> None:
    made = apply_manufacture(stocked(P1, M1), P1, M1)
    assert (made.count(P1), made.count(M1), made.count(TOOL)) == (0, 0, 1)
    assert (made.level_count(1), made.level_count(2), made.level_count(3)) == (0, 1, 0)
    top = apply_manufacture(stocked(TOOL, Slot(2, 2)), Slot(2, 2), TOOL)
    assert top.count(Slot(3, 1)) == 1


def test_manufacture_refusals() -> None:
    both = stocked(P1, M1, X1)
    assert refused(check_manufacture(both, P1, P1, 1)) == [
        ("ashes.manufacture.same", "ashes/actions/manufacture")
    ]
    assert refused(check_manufacture(both, P1, X1, 1)) == [
        ("ashes.manufacture.no_cable", "ashes/actions/manufacture")
    ]
    assert refused(check_manufacture(stocked(P1), P1, M1, 1)) == [("ashes.materials.short", "ashes/costs")]
    assert refused(check_manufacture(apply_gain(both, TOOL), P1, M1, 1)) == [
        ("ashes.materials.full", "ashes/materials")
    ]
    assert check_manufacture(apply_gain(both, TOOL), P1, M1, 2) == []


def test_the_pyramid_is_data() -> None:
    cables = (Cable(frozenset({Slot(1, 1), Slot(1, 5)}), Slot(2, 3)),)
    wide = Pyramid((5, 3, 1), cables)
    made = apply_manufacture(
        apply_gain(apply_gain(Materials.empty(wide), Slot(1, 1)), Slot(1, 5)), Slot(1, 5), Slot(1, 1)
    )
    assert made.count(Slot(2, 3)) == 1
    with pytest.raises(TableError):
        Pyramid((4, 4, 2), ())
    with pytest.raises(TableError):
        Pyramid((4, 3, 2), (Cable(frozenset({Slot(1, 1), Slot(2, 1)}), Slot(3, 1)),))
    with pytest.raises(TableError):
        Pyramid((4, 3, 2), (Cable(frozenset({Slot(1, 1), Slot(1, 2)}), Slot(2, 4)),))
