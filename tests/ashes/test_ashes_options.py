"""The game options for the readings the spec marks as uncertain, each shown changing what the engine does."""

from __future__ import annotations

from dataclasses import replace

from tests.ashes.entries import apply, codes, play
from tests.ashes.states import playing, with_board
from tests.ashes.test_ashes_protocols import passing_state
from tests.ashes.test_ashes_rival_turns import again, card, rivals_turn
from trackers.ashes.actions import Adjust, EndRound, Pass, RivalPass
from trackers.ashes.board.survivors import ESSENTIAL, FULL_BAG
from trackers.ashes.colony.upgrades import UpgradeFamily
from trackers.ashes.rounds.turn_order import TurnRow, TurnSpot, spot_of
from trackers.ashes.rules.protocols import vp_per_active
from trackers.ashes.state import AshesState
from trackers.ashes.terms import UpgradeClass


def with_settings(state: AshesState, **changes: object) -> AshesState:
    return replace(state, settings=replace(state.settings, **changes))


def test_the_upgrade_that_pays_vp_per_active_survivor_is_an_option() -> None:
    state = with_board(playing(), "Ann", upgrades=frozenset({(UpgradeFamily.SCOUT, UpgradeClass.CLASS_I)}))
    assert vp_per_active(state, state.seat("Ann")) == 0, "by default the colony-scoring upgrade sets it"
    scouting = playing(survivor_vp_upgrade="scout")
    scouting = with_board(scouting, "Ann", upgrades=frozenset({(UpgradeFamily.SCOUT, UpgradeClass.CLASS_I)}))
    assert vp_per_active(scouting, scouting.seat("Ann")) == 1


def test_a_happiness_payment_may_need_the_happiness_on_the_track() -> None:
    lose = Adjust("Ann", "happiness", -4)
    assert codes(playing(), lose) == [], "the rulebook: below 0 at 2 VP a step"
    assert play(playing(), lose).seat("Ann").board.vp == 18
    assert codes(playing(happiness_in_hand=True), lose) == ["ashes.pay.happiness"]
    assert codes(playing(happiness_in_hand=True), Adjust("Ann", "happiness", -3)) == []


def test_the_free_income_survivor_may_be_drawn_at_random() -> None:
    state = passing_state()
    taken = Pass("Ann", 2, recovered=(1,))
    assert codes(state, replace(taken, income_drawn="essential")) == ["ashes.pass.income_taken"]
    drawing = with_settings(state, income_drawn_at_random=True)
    entered = play(drawing, replace(taken, income_drawn="essential"))
    assert entered.seat("Ann").board.entrance.count(ESSENTIAL) == 2
    assert entered.survivors() == FULL_BAG
    events = apply(drawing, taken, seed=4)[1]
    drawn = [e.text for e in events if "survivor joined your entrance" in e.text]
    assert len(drawn) == 1 and drawn[0].startswith("Ann: An "), "the app drew one, active or essential"
    essentials = (ESSENTIAL,) * drawing.bag.count(ESSENTIAL)
    area = drawing.area("S1a")
    assert area is not None
    none_left = replace(drawing, bag=drawing.bag.take(essentials)).with_area(
        replace(area, survivors=area.survivors.put(essentials))
    )
    assert none_left.survivors() == FULL_BAG
    assert codes(none_left, replace(taken, income_drawn="essential")) == ["ashes.pass.income_drawn"]


def test_the_rivals_main_action_may_follow_the_round_rather_than_its_vehicles_row() -> None:
    def bonus_step(**options: object) -> str:
        state = rivals_turn(**options)
        state = play(state, card("c1", arrow="orange"))
        state = play(again(state), card("c2", arrow="blue"))
        state = play(again(state), RivalPass())
        _, events = apply(state, card("c3", rounds_1_and_3="build:1", round_2="rescue"))
        return next(e.text for e in events if "the action for" in e.text)

    assert bonus_step() == "Vehicle in the bottom row: the action for round 2, rescue survivors"
    assert (
        bonus_step(rival_action_by="round number")
        == "Round 1: the action for rounds 1 and 3, build a shelter (column 1)"
    )


def test_a_round_3_pass_may_keep_the_vehicle_where_it_is() -> None:
    def third_round(**options: object) -> AshesState:
        state = playing(("Ann", "Bob"), **options)
        return replace(state, rounds=replace(state.rounds, round=3))

    moved = play(third_round(), Pass("Ann", 3))
    assert spot_of(moved.rounds, "Ann") == TurnSpot(TurnRow.BOTTOM, 3), "by default it still moves"
    kept = play(third_round(round3_pass="stay put"), Pass("Ann", 3))
    assert spot_of(kept.rounds, "Ann") == TurnSpot(TurnRow.TOP, 1)
    assert kept.rounds.passed == ("Ann",)


def test_the_rival_also_stays_when_round_3_has_no_next_round() -> None:
    def rival_pass_in_round_3(**options: object) -> str:
        state = rivals_turn(**options)
        state = play(state, card("c1", arrow="orange"))
        state = play(again(state), card("c2", arrow="blue"))
        state = replace(again(state), rounds=replace(again(state).rounds, round=3))
        _, events = apply(state, RivalPass())
        return events[3].text

    assert rival_pass_in_round_3() == "Rival vehicle to position 1 of the bottom row"
    assert (
        rival_pass_in_round_3(round3_pass="stay put") == "No next round: the rival vehicle stays where it is"
    )


def bonus_turn(**options: object) -> AshesState:
    """Round 1: the rival reached its top step, passed, and now plays its bonus card."""
    state = rivals_turn(**options)
    state = play(state, card("c1", arrow="orange"))
    state = play(again(state), card("c2", arrow="blue"))
    return play(again(state), RivalPass())


def test_the_bonus_turn_may_leave_its_arrow_unplayed() -> None:
    played = play(bonus_turn(), card("c3", arrow="blue"))
    assert played.rival is not None and played.rival.marker.value == 1
    state, events = apply(bonus_turn(rival_bonus_arrow=False), card("c3", arrow="blue"))
    assert state.rival is not None and state.rival.marker.value == 0
    assert "Bonus turn: the activator arrow is not played; marker stays on 0" in [e.text for e in events]


def test_a_marker_back_on_top_after_the_bonus_turn_may_reset_for_the_next_round() -> None:
    for resets in (False, True):
        state = bonus_turn(rival_marker_resets=resets)
        rival = state.rival
        assert rival is not None
        state = replace(state, rival=replace(rival, marker=rival.marker.set(rival.marker.high - 1)))
        state = play(state, card("c3", arrow="blue"))
        assert state.rival is not None and state.rival.marker.value == state.rival.marker.high
        ended = play(state, Pass("Ann", 2), EndRound())
        assert ended.rival is not None
        assert ended.rival.marker.value == (0 if resets else ended.rival.marker.high)
