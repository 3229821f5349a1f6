"""The survivor bag and the board areas it feeds: the one limited component, so every move keeps the count."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from trackers.core.bag import Bag
from trackers.core.errors import Violation

ACTIVE = "active"
ESSENTIAL = "essential"
FULL_BAG = Bag.of({ACTIVE: 50, ESSENTIAL: 25})
PER_BAG_ICON = 2
NOBODY = Bag()


@dataclass(frozen=True)
class Area:
    """One board area. The board's geometry is the caller's data; this holds only what survivors need."""

    name: str
    sector: int
    bag_icon: bool = False
    survivors: Bag = NOBODY
    vehicles: int = 0


def emergence_sectors(round_number: int) -> tuple[int, int]:
    """Each round fills the sector with the round's number first, then the next one."""
    return round_number, round_number + 1


def emergence_plan(bag_total: int, areas: Sequence[Area], round_number: int) -> tuple[tuple[str, int], ...]:
    """(area, how many to draw) in placing order; `areas` lists each sector's areas from top to bottom.

    When the bag runs dry the rest stay empty; a lone last survivor is still placed.
    """
    plan = []
    left = bag_total
    for sector in emergence_sectors(round_number):
        for area in areas:
            if area.sector == sector and area.bag_icon and left > 0:
                n = min(PER_BAG_ICON, left)
                plan.append((area.name, n))
                left -= n
    return tuple(plan)


@dataclass(frozen=True)
class Emergence:
    bag: Bag
    areas: tuple[Area, ...]
    placed: tuple[tuple[str, tuple[str, ...]], ...]


def emerge(bag: Bag, areas: Sequence[Area], round_number: int, rng: random.Random) -> Emergence:
    """Draw and place the round's new survivors, following `emergence_plan`."""
    drawn_for: dict[str, tuple[str, ...]] = {}
    for name, n in emergence_plan(bag.total, areas, round_number):
        bag, drawn_for[name] = bag.draw(rng, n)
    new_areas = tuple(
        replace(a, survivors=a.survivors.put(drawn_for[a.name])) if a.name in drawn_for else a for a in areas
    )
    return Emergence(bag, new_areas, tuple(drawn_for.items()))


@dataclass(frozen=True)
class Radiation:
    """The board after radiation; `happiness_loss` is what each player loses on the literal reading."""

    bag: Bag
    areas: tuple[Area, ...]
    returned: tuple[tuple[str, Bag], ...]
    happiness_loss: int


def irradiate(area: Area) -> Bag:
    """Survivors radiation sends back from one area: its sector number of them, active ones first."""
    if area.vehicles:
        return NOBODY
    k = min(area.sector, area.survivors.total)
    active = min(k, area.survivors.count(ACTIVE))
    return Bag.of({ACTIVE: active, ESSENTIAL: k - active})


def radiation(bag: Bag, areas: Sequence[Area]) -> Radiation:
    """Unshielded areas lose survivors to the bag; each player loses 1 happiness per survivor returned."""
    returned = tuple((a.name, lost) for a in areas if (lost := irradiate(a)).total)
    back = dict(returned)
    new_areas = tuple(
        replace(a, survivors=a.survivors.take(back[a.name].items())) if a.name in back else a for a in areas
    )
    total = sum(lost.total for _, lost in returned)
    bag = bag.put(item for _, lost in returned for item in lost.items())
    return Radiation(bag, new_areas, returned, total)


def empty_area(bag: Bag, area: Area) -> tuple[Bag, Area]:
    """Send every survivor in an area back to the bag (the rival's rescue)."""
    return bag.put(area.survivors.items()), replace(area, survivors=NOBODY)


def count_survivors(bag: Bag, areas: Iterable[Area], *player_spaces: Iterable[str | None]) -> Bag:
    """All survivors in the game: bag, areas, then each entrance, activation zone row and pod list given.

    None marks an empty space.
    """
    total = bag
    for area in areas:
        total = total.put(area.survivors.items())
    for spaces in player_spaces:
        total = total.put(s for s in spaces if s is not None)
    return total


def conservation_violations(counted: Bag) -> list[Violation]:
    """Survivors are never created or destroyed: anything else than 50 active and 25 essential is a slip."""
    if counted == FULL_BAG:
        return []
    return [
        Violation(
            "ashes.survivors.count",
            f"The game should hold 50 active and 25 essential survivors, found "
            f"{counted.count(ACTIVE)} active and {counted.count(ESSENTIAL)} essential.",
            "ashes/survivor-bag",
        )
    ]
