"""Worked cases T03 and T19: class II prerequisites and the activation limit."""

from __future__ import annotations

from trackers.ashes.colony.upgrades import (
    UpgradeFamily,
    activation_limit,
    activation_violations,
    class_ii_violations,
)
from trackers.ashes.terms import UpgradeClass

VEHICLE_I = (UpgradeFamily.VEHICLE, UpgradeClass.CLASS_I)


def test_t03_class_ii_needs_a_production_disc_on_3() -> None:
    refused = class_ii_violations(UpgradeFamily.VEHICLE, {VEHICLE_I}, (2, 2, 2))
    assert [(v.code, v.rule) for v in refused] == [("ashes.upgrade.production", "ashes/upgrades")]
    assert class_ii_violations(UpgradeFamily.VEHICLE, {VEHICLE_I}, (1, 3, 2)) == []


def test_class_ii_needs_class_i_of_the_same_family() -> None:
    refused = class_ii_violations(UpgradeFamily.STORAGE, {VEHICLE_I}, (3, 1, 1))
    assert [(v.code, v.rule) for v in refused] == [("ashes.upgrade.class_i_first", "ashes/upgrades")]


def test_t19_fourth_activation_needs_the_class_ii_upgrade() -> None:
    refused = activation_violations(4, {1, 2, 3}, class_ii_activation=False, active_at_entrance=1)
    assert [(v.code, v.rule) for v in refused] == [("ashes.activate.limit", "ashes/protocols/activate")]
    assert activation_violations(4, {1, 2, 3}, class_ii_activation=True, active_at_entrance=1) == []
    assert (activation_limit(False), activation_limit(True)) == (3, 4)


def test_activation_refusals() -> None:
    refused = activation_violations(2, {2}, class_ii_activation=False, active_at_entrance=0)
    assert [v.code for v in refused] == ["ashes.activate.no_active", "ashes.activate.zone_used"]
    assert [v.code for v in activation_violations(5, set(), False, 1)] == ["ashes.activate.zone"]
