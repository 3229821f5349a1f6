"""A card's goals as far as Lantern knows them (issue #28): the emergency plan's goals entered at set-up, and
a goal numbered above those a card shows refused (edition 3); a game set up before (edition 2) keeps taking
it, so its log replays as saved."""

from __future__ import annotations

from dataclasses import replace

from tests.blackout_hk.test_blackout_hk_spec import (
    SCOUT_TABLE,
    applied,
    applied_events,
    at,
    begun,
    fresh,
    refusal,
)
from trackers.blackout_hk import actions as bk
from trackers.blackout_hk.game import BLACKOUT_HK as GAME
from trackers.blackout_hk.queries import open_goals
from trackers.blackout_hk.state import BlackoutState
from trackers.core.actions import ActionCodec

S = BlackoutState
PLANS = bk.StartGame(scout_table=SCOUT_TABLE, emergency_goals=(3, 1, 0))
"""Ada's emergency plan shows 3 goals, Ben's 1; Cai's is not said."""


def objectives_with_plans() -> S:
    return at(begun(3, PLANS), "objectives")


def test_the_emergency_plans_goals_entered_at_set_up_are_the_goals_offered() -> None:
    state, events = applied_events(fresh(3), PLANS)
    ada, ben, cai = (state.player(n).emergency for n in ("Ada", "Ben", "Cai"))
    assert ada is not None and ben is not None and cai is not None
    assert (ada.goals, ben.goals, cai.goals) == (3, 1, 0)
    assert (open_goals(ada), open_goals(ben), open_goals(cai)) == ((1, 2, 3), (1,), (1, 2, 3, 4, 5, 6))
    assert events[0].text.endswith("Emergency plans: Ada's 3 goals, Ben's 1 goal.")


def test_a_goal_above_those_the_emergency_plan_shows_is_refused_and_changes_nothing() -> None:
    state = objectives_with_plans()
    violation = refusal(state, bk.CompleteGoal(card="c3", goal=4, finish=False, to="checkmarks"))
    assert (violation.code, violation.rule) == ("blackout-hk.goal", "blackout-hk/goals/multi")
    assert violation.message == "Emergency plan shows 3 goals: there is no goal 4."
    done = applied(state, bk.CompleteGoal(card="c3", goal=3, finish=False, to="checkmarks"))
    plan = done.player("Ada").emergency
    assert plan is not None and plan.done == (3,)


def test_a_starting_volunteer_has_no_goal_2() -> None:
    violation = refusal(at(begun(3), "objectives"), bk.CompleteGoal(card="c1", goal=2))
    assert violation.message == "Starting volunteer shows 1 goal: there is no goal 2."


def test_a_game_set_up_before_the_check_keeps_taking_the_goal_as_it_did() -> None:
    entry = ActionCodec(GAME.actions).decode(
        {"type": "blackout-hk.start_game.v2", "scout_table": SCOUT_TABLE}
    )
    assert isinstance(entry, bk.SecondStartGame)
    state = at(begun(3, entry), "objectives")
    assert state.edition == 2
    after = applied(state, bk.CompleteGoal(card="c1", goal=2))
    assert [card.id for card in after.player("Ada").objectives] == ["c2"]


def test_the_emergency_goals_are_one_number_per_player_in_a_single_game_only() -> None:
    short = refusal(fresh(3), replace(PLANS, emergency_goals=(3, 1)))
    assert (short.code, short.message) == (
        "blackout-hk.emergency_goals",
        "Enter the goals of each of the 3 players' emergency plans.",
    )
    campaign = refusal(
        fresh(3, mode="the campaign"), bk.StartGame(plan_goals=(3, 4), emergency_goals=(2, 2, 2))
    )
    assert campaign.code == "blackout-hk.emergency_goals"
    assert refusal(fresh(3), replace(PLANS, emergency_goals=(7, 1, 1))).code == "blackout-hk.card_goals"


def test_a_plan_beside_the_board_with_one_goal_is_said_in_the_singular() -> None:
    campaign = at(begun(3, bk.StartGame(plan_goals=(1, 4)), mode="the campaign"), "objectives")
    violation = refusal(campaign, bk.PublicGoal(plan="A", goal=2))
    assert violation.message == "Plan A has 1 goal."
