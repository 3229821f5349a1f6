"""A correction on a player's sheet: what the forms do not cover (a card's effect at another moment, a
miscount), one step up or down, refused where it would pay what the player lacks."""

from __future__ import annotations

from random import Random

import pytest

from rules_ref import reference
from trackers.blackout_hk import actions as bk
from trackers.blackout_hk.game import BLACKOUT_HK as GAME
from trackers.blackout_hk.state import BlackoutState
from trackers.core.game import make_setup

S = BlackoutState


def in_play() -> S:
    state = GAME.new_state(make_setup(GAME, ("Ada", "Ben"), {}), 1)
    for action in (bk.StartGame(), bk.PlaceStart("Ben", "Central"), bk.PlaceStart("Ada", "Wan Chai")):
        state, _ = GAME.apply(state, action, Random(0))
    assert state.stage == "dice"
    return state


def corrected(state: S, *actions: bk.Adjust) -> S:
    for action in actions:
        assert GAME.validate(state, action) == [], action
        state, events = GAME.apply(state, action, Random(0))
        assert events[0].kind == "adjust" and events[0].value("rule") == "blackout-hk/corrections"
    return state


def test_points_money_gps_and_tokens_move_by_the_step() -> None:
    ada = corrected(
        in_play(),
        bk.Adjust("Ada", "score", -3),
        bk.Adjust("Ada", "hkd", 2),
        bk.Adjust("Ada", "gps", 1),
        bk.Adjust("Ada", "transport", -5),
    ).player("Ada")
    assert (ada.score, ada.hkd, ada.gps, ada.transport) == (-3, 6, 1, 0)


def test_cubes_come_from_the_supply_and_go_back_to_it() -> None:
    state = in_play()
    supply = state.player("Ada").supply
    ada = corrected(state, bk.Adjust("Ada", "tools", 2), bk.Adjust("Ada", "battery", -1)).player("Ada")
    assert ada.held("tools") == 2 and ada.battery == 0 and ada.supply == supply - 1
    assert ada.cubes_accounted == 25


@pytest.mark.parametrize(
    ("action", "code", "words"),
    [
        (bk.Adjust("Ada", "hkd", -5), "blackout-hk.cannot_pay", "Ada has 4 HK$, not the 5 to pay."),
        (bk.Adjust("Ada", "tools", -1), "blackout-hk.cannot_pay", "Ada has 0 tools on the rondel"),
        (bk.Adjust("Ada", "happiness", 1), "blackout-hk.what", "'happiness' is not on a player's sheet"),
        (bk.Adjust("Ada", "score", 0), "blackout-hk.amount", "+1 or more, or -1 or less"),
        (bk.Adjust("Ada", "score", 21), "blackout-hk.amount", "between -20 and 20"),
        (bk.Adjust("Eve", "score", 1), "blackout-hk.player", "'Eve' is not at this table."),
    ],
)
def test_a_correction_that_cannot_be_made_is_refused(action: bk.Adjust, code: str, words: str) -> None:
    problems = GAME.validate(in_play(), action)
    assert problems and problems[0].code == code and words in problems[0].message
    assert reference().exists(problems[0].rule)


def test_a_correction_waits_for_the_set_up() -> None:
    fresh = GAME.new_state(make_setup(GAME, ("Ada", "Ben"), {}), 1)
    assert GAME.validate(fresh, bk.Adjust("Ada", "score", 1))[0].code == "blackout-hk.phase"
