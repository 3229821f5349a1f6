"""The player board: payments, rewards, production, upgrades, entrance, activation, tech slots and turns."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_ref import reference
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL
from trackers.ashes.colony.materials import Materials, Slot
from trackers.ashes.colony.player_board import (
    Cost,
    Limited,
    PlayerBoard,
    Resource,
    Reward,
    capacities,
)
from trackers.ashes.colony.upgrades import UpgradeFamily
from trackers.ashes.terms import UpgradeClass
from trackers.core.errors import TableError, Violation

C1, C2 = UpgradeClass.CLASS_I, UpgradeClass.CLASS_II
F = UpgradeFamily
START = PlayerBoard(Materials.empty(), production_tops=(4, 4, 4))


def refused(problems: list[Violation]) -> list[tuple[str, str]]:
    assert all(reference().exists(v.rule) for v in problems)
    return [(v.code, v.rule) for v in problems]


def test_start_of_game() -> None:
    assert (START.vp, START.happiness, START.production, START.tech) == (20, 3, (1, 1, 1), ((),) * 4)
    assert START.caps == capacities(())


@pytest.mark.parametrize(
    ("cls", "expected"),
    [
        (UpgradeClass.INITIAL, (4, 3, 2, 1, 2, 2, False, 2, 2)),
        (C1, (5, 3, 2, 2, 3, 3, False, 3, 3)),
        (C2, (5, 4, 3, 3, 4, 4, True, 4, 4)),
    ],
)
def test_capacities_follow_appendix_ii(cls: UpgradeClass, expected: tuple[object, ...]) -> None:
    caps = capacities({(f, c) for f in F for c in (C1, C2) if c <= cls})
    assert (
        caps.entrance,
        caps.activations,
        caps.stacking,
        caps.storage,
        caps.vehicle_move,
        caps.vehicle_carry,
        caps.sector_iv,
        caps.scoring_areas,
        caps.scout_draw,
    ) == expected


def test_stacking_by_class_is_a_game_option() -> None:
    assert capacities({(F.STACKING, C1)}, stacking=(2, 3, 3)).stacking == 3


def cost_of(resource: Resource, n: int) -> Cost:
    fuel, data, antirad, strength = (n if r is resource else 0 for r in Resource)
    return Cost(fuel, data, antirad, strength)


@pytest.mark.parametrize("resource", list(Resource))
def test_a_short_payment_is_refused(resource: Resource) -> None:
    board = START.apply_reward(Reward.of(resource, 1)).board
    assert refused(board.check_pay(cost_of(resource, 2))) == [(f"ashes.pay.{resource.value}", "ashes/costs")]
    assert board.check_pay(cost_of(resource, 1)) == []
    assert board.apply_pay(cost_of(resource, 1)).board.amount(resource) == 0


def test_happiness_paid_below_zero_costs_two_vp_a_step() -> None:
    """Rulebook 5.5: paying, like losing, moves the disc down; each step it cannot go costs 2 VP."""
    assert START.check_pay(Cost(happiness=4)) == []
    paid = START.apply_pay(Cost(happiness=4)).board
    assert (paid.happiness, paid.vp) == (0, START.vp - 2)
    assert START.apply_pay(Cost(happiness=3)).board.vp == START.vp


def test_the_characters_happiness_move_needs_the_happiness_on_the_track() -> None:
    """Appendix I: that protocol cannot be paid with VP, so it needs all 4 happiness."""
    strict = Cost(happiness=4, happiness_in_hand=True)
    assert refused(START.check_pay(strict)) == [("ashes.pay.happiness", "ashes/costs")]
    assert replace(START, happiness=4).check_pay(strict) == []


def test_material_costs_are_checked_with_the_rest() -> None:
    board = START.apply_reward(Reward(data=1, materials=(Slot(1, 1),))).board
    assert board.check_pay(Cost(data=1, materials=(Slot(1, 1),))) == []
    assert refused(board.check_pay(Cost(data=2, materials=(Slot(2, 1),)))) == [
        ("ashes.pay.data", "ashes/costs"),
        ("ashes.materials.short", "ashes/costs"),
    ]
    paid = board.apply_pay(Cost(data=1, materials=(Slot(1, 1),))).board
    assert (paid.data, paid.materials.level_count(1)) == (0, 0)


def test_t01_happiness_overflow_and_underflow() -> None:
    up = replace(START, happiness=8, vp=30).apply_reward(Reward(happiness=3))
    assert (up.board.happiness, up.board.vp) == (9, 32)
    assert up.events == ("2 happiness past 9 became VP.",)
    down = replace(START, happiness=1, vp=3).apply_lose_happiness(3)
    assert (down.board.happiness, down.board.vp) == (0, 0)
    assert down.events == ("2 happiness below 0 cost VP.",)


def test_a_reward_declines_the_cubes_that_have_no_room() -> None:
    two = Reward(fuel=1, materials=(Slot(1, 1), Slot(1, 1)))
    kept, declined = START.fitting(two)
    assert kept == Reward(fuel=1, materials=(Slot(1, 1),))
    assert declined == ("No room in your level I slot 1: that cube is declined.",)
    roomy = START.apply_take_upgrade(F.STORAGE, C1).board
    assert roomy.fitting(two) == (two, ())


def test_rewards_are_never_negative() -> None:
    with pytest.raises(TableError):
        Reward(fuel=-1)
    with pytest.raises(TableError):
        Cost(happiness=-2)


def test_production_yields_the_disc_height_and_2_vp_at_the_top() -> None:
    assert START.production_yield(Resource.DATA) == Reward(data=1)
    raised = START.apply_production_steps(Resource.FUEL, 2).board
    assert raised.production == (3, 1, 1)
    top = raised.apply_production_steps(Resource.FUEL, 3)
    assert (top.board.production, top.board.vp) == ((4, 1, 1), 20 + 2 * 2)
    assert top.events == ("fuel production is at the top: 2 step(s) scored VP.",)
    assert top.board.production_yield(Resource.FUEL) == Reward(fuel=4, vp=2)


def test_taking_upgrades() -> None:
    board = START.apply_take_upgrade(F.VEHICLE, C1).board
    assert board.upgrade_class(F.VEHICLE) is C1
    assert refused(board.check_take_upgrade(F.VEHICLE, C1)) == [("ashes.upgrade.taken", "ashes/upgrades")]
    assert refused(board.check_take_upgrade(F.VEHICLE, UpgradeClass.INITIAL)) == [
        ("ashes.upgrade.initial", "ashes/upgrades")
    ]
    assert refused(board.check_take_upgrade(F.VEHICLE, C2)) == [
        ("ashes.upgrade.production", "ashes/upgrades")
    ]
    ready = board.apply_production_steps(Resource.STRENGTH, 2).board
    assert ready.check_take_upgrade(F.VEHICLE, C2) == []


def test_ten_upgrade_tiles_at_most() -> None:
    taken = frozenset((f, c) for f in F for c in (C1, C2))
    board = replace(START, upgrades=frozenset(sorted(taken, key=str)[:10]))
    left = next(iter(taken - board.upgrades))
    assert refused(board.check_take_upgrade(*left)) == [("ashes.upgrade.none_left", "ashes/upgrades")]


def test_entrance_holds_four_or_five() -> None:
    full = START.apply_enter((ACTIVE, ACTIVE, ESSENTIAL, ACTIVE)).board
    assert refused(full.check_enter((ESSENTIAL,))) == [("ashes.entrance.full", "ashes/colony")]
    assert full.apply_take_upgrade(F.ACTIVATION, C1).board.check_enter((ESSENTIAL,)) == []
    assert refused(full.check_leave((ESSENTIAL, ESSENTIAL))) == [("ashes.entrance.missing", "ashes/colony")]
    assert full.apply_leave((ACTIVE, ESSENTIAL)).board.entrance == (ACTIVE, ACTIVE)


def test_activation_moves_an_active_survivor_into_the_zone() -> None:
    board = START.apply_enter((ESSENTIAL, ACTIVE)).board
    done = board.apply_activate(3).board
    assert (done.entrance, done.zones, done.zones_used) == (
        (ESSENTIAL,),
        (None, None, ACTIVE, None),
        frozenset({3}),
    )
    assert refused(done.check_activate(3)) == [
        ("ashes.activate.no_active", "ashes/protocols/activate"),
        ("ashes.activate.zone_used", "ashes/protocols/activate"),
    ]


def test_technology_stacks() -> None:
    board = START
    for tile, slot in (("a", 1), ("b", 1)):
        assert board.check_place_tech(slot, replace_top=False) == []
        board = board.apply_place_tech(tile, slot, replace_top=False).board
    assert board.tech[0] == ("a", "b")
    assert refused(board.check_place_tech(1, replace_top=False)) == [("ashes.tech.full", "ashes/technology")]
    assert refused(board.check_place_tech(5, replace_top=False)) == [("ashes.tech.slot", "ashes/technology")]
    assert refused(board.check_place_tech(1, replace_top=True)) == [
        ("ashes.tech.room_left", "ashes/technology")
    ]
    tall = board.apply_take_upgrade(F.STACKING, C1).board.apply_take_upgrade(F.STACKING, C2).board
    assert tall.check_place_tech(1, replace_top=False) == []


def test_a_tile_with_every_stack_full_covers_a_top_tile() -> None:
    full = replace(START, tech=(("a", "b"), ("c", "d"), ("e", "f"), ("g", "h")))
    assert full.check_place_tech(2, replace_top=True) == []
    covered = full.apply_place_tech("new", 2, replace_top=True)
    assert covered.board.tech[1] == ("c", "new")
    assert covered.events == ("new replaces d in slot 2.",)


def test_each_limited_action_once_per_turn() -> None:
    board = START.apply_limited(Limited.SCOUT).board
    assert refused(board.check_limited(Limited.SCOUT)) == [
        ("ashes.limited.twice", "ashes/actions/additional")
    ]
    assert board.check_limited(Limited.MISSION) == []
    assert board.apply_new_turn().board.check_limited(Limited.SCOUT) == []


def test_nothing_after_passing() -> None:
    board = START.apply_enter((ACTIVE,)).board.apply_reward(Reward(materials=(Slot(1, 1), Slot(1, 2)))).board
    gone = board.apply_pass().board
    after = [("ashes.pass.done", "ashes/protocols/pass")]
    assert refused(gone.check_open()) == after
    assert refused(gone.check_limited(Limited.SCOUT)) == after
    assert refused(gone.check_activate(1)) == after
    assert refused(gone.check_manufacture(Slot(1, 1), Slot(1, 2))) == after
    assert board.check_manufacture(Slot(1, 1), Slot(1, 2)) == []
    made = board.apply_manufacture(Slot(1, 1), Slot(1, 2)).board
    assert made.materials.count(Slot(2, 1)) == 1
    assert gone.apply_new_round().board.check_activate(1) == []


CHANGES = st.one_of(
    st.builds(lambda n: ("gain", Reward(happiness=n, vp=n % 3, fuel=n)), st.integers(0, 12)),
    st.builds(lambda n: ("lose", n), st.integers(0, 12)),
    st.builds(lambda n: ("pay", Cost(happiness=n % 5, fuel=n)), st.integers(0, 6)),
    st.builds(lambda n: ("produce", n), st.integers(0, 5)),
)


@given(st.lists(CHANGES, max_size=40), st.integers(0, 9), st.integers(0, 30))
def test_happiness_stays_on_the_track_and_vp_never_negative(
    changes: list[tuple[str, object]], happiness: int, vp: int
) -> None:
    board = replace(START, happiness=happiness, vp=vp)
    for kind, what in changes:
        if kind == "gain" and isinstance(what, Reward):
            board = board.apply_reward(what).board
        elif kind == "lose" and isinstance(what, int):
            board = board.apply_lose_happiness(what).board
        elif kind == "pay" and isinstance(what, Cost) and not board.check_pay(what):
            board = board.apply_pay(what).board
        elif kind == "produce" and isinstance(what, int):
            board = board.apply_production_steps(Resource.DATA, what).board
        assert 0 <= board.happiness <= 9
        assert board.vp >= 0
        assert min(board.fuel, board.data, board.antirad, board.strength) >= 0
        assert 1 <= board.production_of(Resource.DATA) <= 4
