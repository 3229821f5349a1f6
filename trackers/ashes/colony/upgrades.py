"""Colony upgrade checks: when a class II tile may be taken and how many survivors a round may activate."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from enum import Enum

from trackers.ashes.terms import UpgradeClass
from trackers.core.errors import Violation

CLASS_II_PRODUCTION = 3
ACTIVATION_ZONES = (1, 2, 3, 4)
ACTIVATIONS_PER_ROUND = {False: 3, True: 4}


class UpgradeFamily(Enum):
    """The upgrade kinds of the colony board, each with an initial value and class I and II improvements."""

    ACTIVATION = "activation"
    STACKING = "stacking"
    STORAGE = "storage"
    VEHICLE = "vehicle"
    COLONY_SCORING = "colony scoring"
    SCOUT = "scout"


def class_ii_violations(
    family: UpgradeFamily,
    taken: Collection[tuple[UpgradeFamily, UpgradeClass]],
    production: Iterable[int],
) -> list[Violation]:
    """A class II tile needs its family's class I tile gone and one production disc on space 3 or higher."""
    problems = []
    if (family, UpgradeClass.CLASS_I) not in taken:
        problems.append(
            Violation(
                "ashes.upgrade.class_i_first",
                f"Take the class I {family.value} upgrade before its class II.",
                "ashes/upgrades",
            )
        )
    if max(production, default=0) < CLASS_II_PRODUCTION:
        problems.append(
            Violation(
                "ashes.upgrade.production",
                f"A class II upgrade needs a production disc on space {CLASS_II_PRODUCTION} or higher.",
                "ashes/upgrades",
            )
        )
    return problems


def activation_limit(class_ii_activation: bool) -> int:
    return ACTIVATIONS_PER_ROUND[class_ii_activation]


def activation_violations(
    zone: int, zones_used: Collection[int], class_ii_activation: bool, active_at_entrance: int
) -> list[Violation]:
    problems = []
    if active_at_entrance < 1:
        problems.append(
            Violation(
                "ashes.activate.no_active",
                "You need an active survivor at your colony entrance.",
                "ashes/protocols/activate",
            )
        )
    if zone not in ACTIVATION_ZONES:
        problems.append(
            Violation(
                "ashes.activate.zone", f"There is no activation zone {zone}.", "ashes/protocols/activate"
            )
        )
    elif zone in zones_used:
        problems.append(
            Violation(
                "ashes.activate.zone_used",
                f"Zone {zone} was already used this round.",
                "ashes/protocols/activate",
            )
        )
    limit = activation_limit(class_ii_activation)
    if len(zones_used) >= limit:
        problems.append(
            Violation(
                "ashes.activate.limit",
                f"You may activate {limit} survivors per round.",
                "ashes/protocols/activate",
            )
        )
    return problems
