"""The Score pad names its players as the table means them (#28 point 4): "ann " is Ann."""

from __future__ import annotations

from random import Random

from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints, ChooseFirstPlayer
from trackers.scorepad.game import SCOREPAD
from trackers.scorepad.state import ScorePadState


def fresh() -> ScorePadState:
    state: ScorePadState = SCOREPAD.new_state(make_setup(SCOREPAD, ("Ann", "Bob"), {}), 1)
    return state


def test_points_for_a_player_typed_in_another_case_go_to_that_player() -> None:
    state = fresh()
    assert SCOREPAD.validate(state, AddPoints(" ann", 3)) == []
    after, events = SCOREPAD.apply(state, AddPoints(" ann", 3), Random(0))
    assert after.scores == (3, 0)
    assert events[0].text == "Ann now has 3" and events[0].value("player") == "Ann"
    assert SCOREPAD.describe(state, AddPoints("BOB ", -2)) == "Bob −2"
    [below] = SCOREPAD.validate(state, AddPoints("BOB ", -2))
    assert (below.code, below.message) == (
        "scorepad.negative",
        "Bob has 0 points; taking 2 would go below zero.",
    )
    [stranger] = SCOREPAD.validate(state, AddPoints("Cy", 1))
    assert stranger.code == "scorepad.player"


def test_the_first_player_is_the_one_named_and_the_log_keeps_what_was_typed() -> None:
    session = Session(SCOREPAD, make_setup(SCOREPAD, ("Ann", "Bob"), {}), seed=1)
    session.play(ChooseFirstPlayer("bob"))
    assert session.state.first_player == "Bob"
    assert SCOREPAD.summary(session.state).turn == "Bob"
    assert session.entries[-1].action == ChooseFirstPlayer("bob")


def test_a_refusal_says_one_point_in_the_singular() -> None:
    after, _ = SCOREPAD.apply(fresh(), AddPoints("Ann", 1), Random(0))
    [below] = SCOREPAD.validate(after, AddPoints("Ann", -2))
    assert below.message == "Ann has 1 point; taking 2 would go below zero."
