"""What Lantern keeps of a card so that the forms start from it (#28 point 3): a volunteer's cubes once
procured, the goals printed on a card (one on a starting volunteer), a bought card's name, goals and colour;
entries made before these fields mean what they meant."""

from __future__ import annotations

from tests.blackout_hk.test_blackout_hk_spec import (
    applied,
    at,
    begun,
    buying,
    deploying,
    edit,
    fresh,
    refusal,
)
from trackers.blackout_hk import actions as bk
from trackers.blackout_hk.game import BLACKOUT_HK as GAME
from trackers.blackout_hk.queries import cannot_buy, open_goals, open_plans
from trackers.blackout_hk.state import Objective


def test_a_volunteer_remembers_the_cubes_it_procured_wherever_it_goes() -> None:
    state = applied(deploying("red-2"), bk.Procure("red-2", 3, "food", 0))
    ada = state.player("Ada")
    assert [(c.id, c.cubes) for c in ada.slots[0]] == [("yellow-1", 0), ("red-2", 3)]
    assert ada.rondel[0] == 3


def test_set_up_knows_the_hospital_blue_volunteers_2_cubes_and_a_starting_volunteers_one_goal() -> None:
    ada = fresh().player("Ada")
    assert [(c.id, c.cubes) for c in ada.hospital] == [("blue-3", 2), ("leader", 0)]
    assert [o.goals for o in ada.objectives] == [1, 1]
    assert ada.emergency is not None and ada.emergency.goals == 0, "the emergency plan's goals are not said"


def test_a_bought_card_keeps_its_name_goals_and_colour() -> None:
    state = buying()
    blue = applied(state, bk.Buy(1, "Blue volunteer (4 HK$)", colour="blue")).player("Ada").objectives[-1]
    assert (blue.name, blue.goals, blue.colour) == ("Blue volunteer (4 HK$)", 1, "blue")
    plan = applied(state, bk.Buy(2, "Harbour plan", goals=3)).player("Ada").objectives[-1]
    assert (plan.name, plan.goals, plan.colour) == ("Harbour plan", 3, "")
    old = applied(state, bk.Buy(1))
    assert old.player("Ada").objectives[-1] == Objective(f"c{state.next_id}", f"Card {state.next_id}")


def test_a_volunteer_bought_with_more_than_one_goal_or_another_colour_is_refused() -> None:
    assert refusal(buying(), bk.Buy(1, colour="blue", goals=2)).code == "blackout-hk.card_goals"
    assert refusal(buying(), bk.Buy(1, colour="green")).code == "blackout-hk.colour"
    assert refusal(buying(), bk.Buy(1, goals=7)).code == "blackout-hk.card_goals"


def test_the_goals_left_on_a_card_and_on_the_plans_beside_the_board() -> None:
    assert open_goals(Objective("c9", "Plan", goals=3, done=(2,))) == (1, 3)
    assert open_goals(Objective("c1", "Starting volunteer", goals=1)) == (1,)
    assert open_goals(Objective("c3", "Emergency plan", done=(1,))) == (2, 3, 4, 5, 6)
    start = bk.StartGame(plan_goals=(3, 4))
    state = at(begun(3, start, mode="the campaign"), "objectives")
    assert open_plans(state, state.player("Ada")) == (("A", (1, 2, 3)), ("D", (1, 2, 3, 4)))
    bound = applied(state, bk.PublicGoal(plan="D", goal=2))
    assert open_plans(bound, bound.player("Ada")) == (("D", (1, 3, 4)),)


def test_a_player_who_can_buy_no_card_is_told_why_and_one_who_can_is_not() -> None:
    """#32: phase 5's pass is forced (BHK-V24, BHK-V23) with 3 cards in the objective area, with less money
    than the cheapest row, or with an empty display; a card the player can pay for and a spot free leave
    the choice open. Whenever the reason is given, every purchase is refused."""
    state = buying()
    ada = state.player("Ada")
    spots = (*ada.objectives, Objective("c99", "Plan"))
    cases = [
        (edit(state, "Ada", hkd=4), ""),
        (edit(state, "Ada", hkd=9, objectives=spots), "the objective area holds 3 cards"),
        (edit(state, "Ada", hkd=3), "3 HK$ pays for no card"),
        (edit(buying((3, 2, 1)), "Ada", hkd=1), "1 HK$ pays for no card"),
        (edit(buying((3, 2, 1)), "Ada", hkd=2), ""),
        (edit(buying((0, 0, 0)), "Ada", hkd=9), "the display is empty"),
    ]
    for case, why in cases:
        assert cannot_buy(case, case.player("Ada")) == why, why
        refused = [bool(GAME.validate(case, bk.Buy(row))) for row in (1, 2, 3)]
        assert all(refused) == bool(why), why
