"""Worked cases T04 (emergence) and T05 (radiation), and the survivor count that never changes."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from trackers.ashes.board.survivors import (
    ACTIVE,
    ESSENTIAL,
    FULL_BAG,
    Area,
    conservation_violations,
    count_survivors,
    emerge,
    emergence_plan,
    empty_area,
    radiation,
)
from trackers.ashes.colony.scoring import change_happiness
from trackers.core.bag import Bag

BOARD = (
    Area("1a", 1, bag_icon=True),
    Area("2a", 2, bag_icon=True),
    Area("2b", 2),
    Area("2c", 2, bag_icon=True),
    Area("3a", 3, bag_icon=True),
    Area("3b", 3, bag_icon=True),
    Area("4a", 4, bag_icon=True),
)


def test_t04_round_2_fills_sector_2_then_3_two_per_bag_icon() -> None:
    assert emergence_plan(75, BOARD, 2) == (("2a", 2), ("2c", 2), ("3a", 2), ("3b", 2))
    done = emerge(FULL_BAG, BOARD, 2, random.Random(4))
    assert done.bag.total == 75 - 8
    assert [a.survivors.total for a in done.areas] == [0, 2, 0, 2, 2, 2, 0]


def test_t04_emergence_stops_when_the_bag_is_empty() -> None:
    assert emergence_plan(3, BOARD, 2) == (("2a", 2), ("2c", 1))
    last = Bag.of({ESSENTIAL: 3})
    done = emerge(last, BOARD, 2, random.Random(0))
    assert done.bag.total == 0
    assert [a.survivors.total for a in done.areas] == [0, 2, 0, 1, 0, 0, 0]


def test_t05_radiation_skips_vehicles_and_takes_actives_first() -> None:
    a = Area("A", 3, survivors=Bag.of({ACTIVE: 2, ESSENTIAL: 2}))
    b = Area("B", 2, survivors=Bag.of({ACTIVE: 4}), vehicles=1)
    bag = FULL_BAG.take([ACTIVE] * 6 + [ESSENTIAL] * 2)
    after = radiation(bag, (a, b))
    assert after.areas[0].survivors == Bag.of({ESSENTIAL: 1})
    assert after.areas[1] == b
    assert after.bag == bag.put([ACTIVE, ACTIVE, ESSENTIAL])
    assert after.happiness_loss == 3
    first, second = (change_happiness(h, 10, -after.happiness_loss) for h in (5, 2))
    assert (first.happiness, first.vp) == (2, 10)
    assert (second.happiness, second.vp) == (0, 8)


def test_a_survivor_count_off_by_one_is_refused() -> None:
    spare = FULL_BAG.take([ACTIVE])
    assert conservation_violations(count_survivors(spare, BOARD, [ACTIVE, None])) == []
    refused = conservation_violations(count_survivors(spare, BOARD))
    assert [(v.code, v.rule) for v in refused] == [("ashes.survivors.count", "ashes/survivor-bag")]


areas_strategy = st.lists(
    st.tuples(st.integers(1, 4), st.booleans(), st.integers(0, 1)), min_size=1, max_size=12
).map(lambda specs: tuple(Area(f"a{i}", s, icon, vehicles=v) for i, (s, icon, v) in enumerate(specs)))
moves_strategy = st.lists(
    st.one_of(
        st.tuples(st.just("emerge"), st.integers(1, 3)),
        st.tuples(st.just("radiation"), st.just(0)),
        st.tuples(st.just("rescue"), st.integers(0, 11)),
    ),
    max_size=20,
)


@given(areas_strategy, moves_strategy, st.integers(0, 2**16))
def test_survivor_moves_keep_all_75(areas: tuple[Area, ...], moves: list[tuple[str, int]], seed: int) -> None:
    rng = random.Random(seed)
    bag = FULL_BAG
    for move, n in moves:
        if move == "emerge":
            done = emerge(bag, areas, n, rng)
            bag, areas = done.bag, done.areas
        elif move == "radiation":
            after = radiation(bag, areas)
            bag, areas = after.bag, after.areas
        else:
            i = n % len(areas)
            bag, emptied = empty_area(bag, areas[i])
            areas = (*areas[:i], emptied, *areas[i + 1 :])
        assert conservation_violations(count_survivors(bag, areas)) == []
