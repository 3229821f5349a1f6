"""The slips a rules read found (issue #29) and names compared as the table means them (#28 point 4), each
with the rulebook's outcome; and games saved before these fixes (edition 1 of Lantern's readings), which
still replay as they were played."""

from __future__ import annotations

import dataclasses
import gzip
import json
from dataclasses import replace
from pathlib import Path

import pytest

from rules_ref import reference
from tests.blackout_hk.made_up_components import COMPONENTS
from tests.blackout_hk.test_blackout_hk_map import mapped, placing
from tests.blackout_hk.test_blackout_hk_spec import (
    applied,
    at,
    begun,
    deploying,
    edit,
    fresh,
    objectives,
    refreshing,
    refusal,
    scouting,
)
from trackers.blackout_hk import actions as bk
from trackers.blackout_hk.components import start_from
from trackers.blackout_hk.game import BLACKOUT_HK as GAME
from trackers.blackout_hk.queries import newly_secured
from trackers.blackout_hk.state import BlackoutState, Objective
from trackers.core.actions import ActionCodec
from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.services.gamefile import load_document

S = BlackoutState
SAVED = Path(__file__).parent / "saved"
CODEC = ActionCodec(GAME.actions)


def legacy(entry: bk.StartGame) -> bk.LegacyStartGame:
    """The same set-up under the old type name: a game begun before these fixes."""
    return bk.LegacyStartGame(**{f.name: getattr(entry, f.name) for f in dataclasses.fields(entry)})


def two_started(entry: bk.StartGame) -> S:
    return applied(GAME.new_state(make_setup(GAME, ("Ada", "Ben"), {}), 1), entry)


# Point 2: the battery stands in for any resource, but water or food wasted


def test_a_battery_pays_the_doctors_medipack() -> None:
    state = applied(deploying("doctor"), bk.UseDoctor("blue-3", 1, pay="battery"))
    ada = state.player("Ada")
    assert ada.battery == 0 and ada.held("medipack") == 0 and ada.score == 1
    assert "blue-3" in [c.id for c in ada.hand] and ada.cubes_accounted == 25


def test_a_battery_pays_the_scouts_gps_and_the_mechanics_tools() -> None:
    scout = applied(deploying("scout"), bk.UseScout("scout", "battery")).player("Ada")
    assert (scout.battery, scout.gps, scout.hkd) == (0, 1, 6)
    mechanic = applied(deploying("mechanic"), bk.UseMechanic("mechanic", True, pay="battery")).player("Ada")
    assert (mechanic.battery, mechanic.hkd, mechanic.held("tools")) == (0, 10, 0)
    assert refusal(deploying("doctor"), bk.UseDoctor("blue-3", 1, pay="water")).code == "blackout-hk.resource"


def test_a_battery_pays_a_board_check_mark_actions_resource() -> None:
    """Board action 3 spends 1 tools for 3 HK$: Ada has no tools but her battery."""
    state = applied(refreshing(unlocked=(3,)), bk.Refresh(2))
    assert state.window == ("3",)
    assert refusal(state, bk.UseCheckmark(action="3")).code == "blackout-hk.cannot_pay"
    ada = applied(state, bk.UseCheckmark(action="3", pay=("battery",))).player("Ada")
    assert (ada.battery, ada.hkd) == (0, 7)
    five = applied(refreshing(unlocked=(5,)), bk.Refresh(2))
    assert refusal(five, bk.UseCheckmark(action="5", pay=("battery",))).code == "blackout-hk.resource"


# Point 3: each newly secured district is settled in the phase 7 it was secured in


def surrounding(state: S) -> S:
    """Ada surrounds district 1 of the made-up map (L00, L01, L10, L11): phase 7."""
    state = state.with_player(replace(state.player("Ada"), map=("L00", "L01", "L10", "L11"), supply=20))
    return replace(state, stage="secure", turn=0)


def test_phase_7_does_not_end_while_the_map_shows_a_district_newly_secured() -> None:
    state = surrounding(mapped())
    assert refusal(state, bk.Done()).code == "blackout-hk.secured_waiting"
    settled = applied(state, bk.Secure(1, 4, (4, 0), (2,)))
    assert settled.player("Ada").score == 5
    after = applied(settled, bk.Done())
    assert (after.stage, after.round) == ("dice", 2), "nobody may refresh with 7 cards: the next round"


# Point 4: a finished plan goes to the check-mark area


def test_the_emergency_plan_finished_goes_to_the_check_mark_area_not_the_hand() -> None:
    state = objectives(2)
    plan = state.player("Ada").emergency
    assert plan is not None
    to_hand = bk.CompleteGoal(card=plan.id, goal=1, to="hand")
    assert refusal(state, to_hand).code == "blackout-hk.plan_to_hand"
    ada = applied(state, replace(to_hand, to="checkmarks")).player("Ada")
    assert ada.emergency is None and [o.id for o in ada.checkmarks] == [plan.id]
    assert plan.id not in [c.id for c in ada.hand]


def test_a_card_carrying_goal_cubes_finished_goes_to_the_check_mark_area() -> None:
    state = objectives(2)
    ada = state.player("Ada")
    state = edit(
        state, "Ada", objectives=(Objective("c9", "Contingency plan", done=(1,)),), supply=ada.supply - 1
    )
    assert refusal(state, bk.CompleteGoal(card="c9", goal=2)).code == "blackout-hk.plan_to_hand"
    after = applied(state, bk.CompleteGoal(card="c9", goal=2, to="checkmarks")).player("Ada")
    assert [o.id for o in after.checkmarks] == ["c9"] and after.cubes_accounted == 25


# Point 5: a district chosen and left without a tile is chosen all the same


def test_a_district_chosen_without_a_tile_is_closed_to_the_next_player() -> None:
    state = scouting()
    assert state.on_turn == "Ada"
    state = applied(state, bk.ScoutNoTile(5))
    assert state.on_turn == "Ben" and state.district_tiles[4] == 3
    attempt = bk.Scout(5, "simple", 1, ("yellow-2",), 1, "points", 1)
    assert refusal(state, attempt).code == "blackout-hk.district_taken"
    assert refusal(state, bk.ScoutNoTile(5)).code == "blackout-hk.district_taken"
    assert applied(state, replace(attempt, district=6)).on_turn == "Cai"


# Point 6: a goal's slot requirement


def test_a_goals_slot_colours_are_checked_against_the_slots() -> None:
    """Ada's slots at the start: yellow in slot 1, red and blue in slot 2."""
    state = objectives(2)
    goal = bk.CompleteGoal(card="c1", goal=1, slot_colours=("blue", "red"))
    assert applied(state, goal).player("Ada").objectives[0].id == "c2"
    for colours in (("yellow", "red"), ("red", "red")):
        problem = refusal(state, replace(goal, slot_colours=colours))
        assert problem.code == "blackout-hk.slot_requirement" and problem.rule == "blackout-hk/goals/costs"
    restore = bk.RestorePower(goal=1, slot_colours=("yellow", "blue"))
    assert refusal(state, restore).code == "blackout-hk.slot_requirement"


# Point 7: a probe only on the tile with the lowest simple challenge


def test_a_probe_of_a_tile_that_is_not_the_lowest_is_refused() -> None:
    state = scouting()
    probe = bk.Scout(1, "probe", 4, ("yellow-2",), 4, "points", simples=(5, 3, 7))
    problem = refusal(state, probe)
    assert problem.code == "blackout-hk.probe_lowest" and problem.rule == "blackout-hk/scout/probe"
    after = applied(state, replace(probe, simples=(3, 5, 7)))
    assert after.player("Ada").tiles[0].probed and after.district_tiles[0] == 2
    assert refusal(state, replace(probe, simples=(3, 5, 7, 8))).code == "blackout-hk.tiles"
    simple = bk.Scout(1, "simple", 4, ("yellow-2",), 4, "points", 1, simples=(5, 3))
    assert refusal(state, simple).code == "blackout-hk.challenge"


# Names (#28 point 4): case and surrounding spaces aside


def test_a_start_typed_in_another_case_is_the_location_already_taken() -> None:
    state = two_started(bk.StartGame())
    first, second = state.start_order
    state = applied(state, bk.PlaceStart(first, "Wan Chai"))
    problem = refusal(state, bk.PlaceStart(second, " wan  chai "))
    assert problem.code == "blackout-hk.location_taken" and "starts on Wan Chai" in problem.message


def test_a_cube_typed_in_another_case_is_on_the_location_already_held() -> None:
    state = at(begun(2), "objectives", to_place=1)
    state = edit(state, "Ada", map=("Mong Kok",))
    assert refusal(state, bk.PlaceCube("mong kok ")).code == "blackout-hk.own_cube"
    state = edit(state, "Ben", map=("Ben start",))
    ben = applied(at(state, "objectives", "Ben", to_place=1), bk.PlaceCube("MONG KOK")).player("Ben")
    assert ben.map == ("Ben start", "Mong Kok")


def test_with_the_map_a_name_in_another_case_is_the_maps_location_and_scores_its_district() -> None:
    state = placing(mapped(), cubes=3, supply=23)
    state = applied(state, bk.PlaceCube(" l01 ", colour="GREEN"), bk.PlaceCube("l10"), bk.PlaceCube("L11 "))
    assert state.player("Ada").map == ("L00", "L01", "L10", "L11")
    assert newly_secured(replace(state, stage="secure")) == (bk.Secure(1, 4, (4, 0)),)


def test_the_maps_names_are_compared_without_case() -> None:
    entry = start_from(COMPONENTS)
    twice = replace(entry, locations=(*entry.locations, ("l00", "red")))
    assert refusal(fresh(2), twice).code == "blackout-hk.map"
    districts = (("l00 ", "L01", "l10", "L11"), *entry.districts[1:])
    state = two_started(replace(entry, districts=districts, links=(("l00", "L01"), *entry.links[1:])))
    assert state.components.around(1) == ("L00", "L01", "L10", "L11")
    assert state.components.links[0] == ("L00", "L01")


def test_a_plan_beside_the_board_typed_in_small_letters_is_that_plan() -> None:
    state = at(begun(1, bk.StartGame(plan_goals=(3,)), mode="the campaign"), "objectives")
    ada = applied(state, bk.PublicGoal(plan=" a", goal=1)).player("Ada")
    assert ada.public_goals == (("A", 1),)
    again = applied(state, bk.PublicGoal(plan=" a", goal=1))
    assert refusal(again, bk.PublicGoal(plan="A", goal=1)).code == "blackout-hk.goal_done"


# Point 8: the reference describes both paths, without the map and with it


@pytest.mark.parametrize("section", ["blackout-hk/overview", "blackout-hk/map", "blackout-hk/lantern"])
def test_the_reference_says_what_lantern_checks_with_the_map_and_without_it(section: str) -> None:
    body = reference().get(section).body
    assert "does not know the map" not in body and "stay on the table: you say" not in body
    assert "Without a map entered" in body or "Without it, you name" in body
    assert "components pack" in body and "skip" in body


def test_the_readings_list_the_new_readings_and_the_options() -> None:
    body = reference().get("blackout-hk/lantern").body
    for words in ("capitals", "A battery may pay", "stays taken", "lowest there", "never to your hand"):
        assert words in body, words
    assert "phase 7 does not end" in body and "Three of these readings are game options" in body


# Games begun before these fixes


def saved_games() -> list[str]:
    return sorted(p.name.removesuffix(".lantern.json.gz") for p in SAVED.glob("*.lantern.json.gz"))


@pytest.mark.parametrize("name", saved_games())
def test_a_game_file_written_before_the_fixes_replays_as_it_was_saved(name: str) -> None:
    """Files written by the main of 4 December 2026 (commit b14fc6b, tests/blackout_hk/saved/README.md):
    every entry is accepted again, gives the events it recorded, and the game ends where it ended."""
    text = gzip.decompress((SAVED / f"{name}.lantern.json.gz").read_bytes()).decode("utf-8")
    session = load_document(text).session
    expected = json.loads((SAVED / "summaries.json").read_text(encoding="utf-8"))[name]
    assert GAME.summary(session.state).to_json() == expected
    assert session.state.edition == 1


def test_the_same_entries_in_a_game_begun_today_are_refused() -> None:
    """The saved two-player game starts on "Wan Chai" and "wan chai ", and its plans go to the hand: a game
    begun today refuses the second start."""
    text = gzip.decompress((SAVED / "two-players-same-start-seed7.lantern.json.gz").read_bytes()).decode()
    doc = json.loads(text)
    actions = [CODEC.decode(raw) for raw in doc["actions"]]
    assert isinstance(actions[0], bk.LegacyStartGame)
    session = Session(GAME, make_setup(GAME, ("Ada", "Ben"), {}), doc["seed"])
    assert session.dispatch(bk.StartGame(**{f: getattr(actions[0], f) for f in ("rondel", "faces")})).ok
    assert session.dispatch(actions[1]).ok
    result = session.dispatch(actions[2])
    assert [v.code for v in result.violations] == ["blackout-hk.location_taken"]


def test_a_legacy_game_keeps_the_checks_it_was_played_with() -> None:
    """Edition 1: a finished emergency plan to the hand, Done in phase 7 with a district waiting, names
    as typed."""
    state = applied(two_started(legacy(bk.StartGame())), bk.PlaceStart("Ben", "Wan Chai"))
    assert state.edition == 1
    state = applied(state, bk.PlaceStart("Ada", "wan chai"))
    state = at(state, "objectives")
    plan = state.player("Ada").emergency
    assert plan is not None
    assert plan.id in [c.id for c in applied(state, bk.CompleteGoal(card=plan.id)).player("Ada").hand]
    old_map = applied(GAME.new_state(make_setup(GAME, ("Ada", "Ben"), {}), 1), legacy(start_from(COMPONENTS)))
    old_map = applied(old_map, bk.PlaceStart("Ben", "L44"), bk.PlaceStart("Ada", "L00"))
    assert applied(surrounding(old_map), bk.Done()).stage == "dice"
