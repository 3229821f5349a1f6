"""The player screen's steppers: resources, happiness and VP, materials, production, upgrades, technology
and shelter cards, through the ASHES module."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.ashes.entries import events, play, refused
from tests.ashes.states import new, playing, with_board
from trackers.ashes.actions import (
    AddShelterCard,
    Adjust,
    AdjustMaterial,
    Manufacture,
    PlaceTechnology,
    RaiseProduction,
    TakeUpgrade,
)
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL, FULL_BAG
from trackers.ashes.colony.materials import Slot
from trackers.ashes.colony.player_board import Reward
from trackers.ashes.colony.shelters import Colony, Pod, ShelterCard
from trackers.ashes.colony.upgrades import UpgradeFamily
from trackers.ashes.game import ASHES
from trackers.ashes.rules.adjustments import parse_reward, reward_text
from trackers.ashes.terms import UpgradeClass
from trackers.core.game import make_setup
from trackers.core.session import Session

DUO = ("Ann", "Bob")


# Adjust


def test_happiness_past_9_turns_into_vp_as_in_t01() -> None:
    state = with_board(playing(), "Ann", happiness=8, vp=30)
    after = play(state, Adjust("Ann", "happiness", 3))
    assert (after.seat("Ann").board.happiness, after.seat("Ann").vp) == (9, 32)
    texts = [e.text for e in events(state, Adjust("Ann", "happiness", 3))]
    assert texts == ["Ann gains 3 happiness: 9 happiness now", "Ann: 2 happiness past 9 became VP."]


def test_happiness_below_0_costs_2_vp_a_step_and_vp_stops_at_0_as_in_t01() -> None:
    state = with_board(playing(), "Ann", happiness=1, vp=3)
    after = play(state, Adjust("Ann", "happiness", -3)).seat("Ann").board
    assert (after.happiness, after.vp) == (0, 0)


def test_a_happiness_payment_may_go_below_0() -> None:
    state = with_board(playing(), "Ann", happiness=1)
    after = play(state, Adjust("Ann", "happiness", -3)).seat("Ann").board
    assert (after.happiness, after.vp) == (0, 16)


def test_vp_gains_add_and_losses_stop_at_0() -> None:
    state = with_board(playing(), "Ann", vp=3)
    assert play(state, Adjust("Ann", "vp", 4)).seat("Ann").vp == 7
    assert play(state, Adjust("Ann", "vp", -5)).seat("Ann").vp == 0


def test_a_resource_payment_must_be_affordable() -> None:
    state = with_board(playing(), "Ann", fuel=3, strength=1)
    assert play(state, Adjust("Ann", "fuel", -2)).seat("Ann").board.fuel == 1
    assert refused(state, Adjust("Ann", "fuel", -4)) == ("ashes.pay.fuel", "ashes/costs")
    assert refused(state, Adjust("Ann", "strength", -2)) == ("ashes.pay.strength", "ashes/costs")
    assert play(state, Adjust("Ann", "antirad", 2)).seat("Ann").board.antirad == 2


def test_an_adjustment_of_0_is_refused() -> None:
    assert refused(playing(), Adjust("Ann", "data", 0)) == ("ashes.adjust.zero", "ashes/resources")


def test_an_adjustment_names_a_player_of_the_game() -> None:
    assert refused(playing(), Adjust("Eve", "data", 1)) == ("ashes.player.unknown", "ashes/setup")
    assert refused(playing(), Adjust("rival", "vp", 1)) == ("ashes.player.unknown", "ashes/setup")


def test_adjustments_are_allowed_out_of_turn_after_a_pass_and_before_round_1() -> None:
    state = playing(DUO)
    assert play(state, Adjust("Bob", "data", 2)).seat("Bob").board.data == 3
    passed = with_board(state, "Ann", passed=True)
    assert play(passed, Adjust("Ann", "fuel", 1)).seat("Ann").board.fuel == 1
    assert play(new(), Adjust("Ann", "fuel", 1)).seat("Ann").board.fuel == 1


def test_adjustments_play_undo_and_replay_in_a_session() -> None:
    session = Session(ASHES, make_setup(ASHES, ("Ann",), {}), 7)
    session.play(Adjust("Ann", "happiness", 8))
    session.play(Adjust("Ann", "fuel", 2))
    board = session.state.seat("Ann").board
    assert (board.happiness, board.vp, board.fuel) == (9, 22, 2)
    assert [e.text for e in session.history] == ["Ann gains 8 happiness", "Ann gains 2 fuel"]
    assert session.undo()
    assert session.state.seat("Ann").board.fuel == 0
    replayed = Session.replay(
        ASHES,
        session.setup,
        7,
        [e.action for e in session.history],
        recorded=[e.events for e in session.history],
    )
    assert replayed.state == session.state


# Materials


def test_a_material_goes_into_a_slot_with_room_only() -> None:
    state = playing()
    gained = play(state, AdjustMaterial("Ann", 1, 2, 1))
    assert gained.seat("Ann").board.materials.count(Slot(1, 2)) == 1
    assert refused(gained, AdjustMaterial("Ann", 1, 2, 1)) == ("ashes.materials.full", "ashes/materials")
    storage = with_board(gained, "Ann", upgrades=frozenset({(UpgradeFamily.STORAGE, UpgradeClass.CLASS_I)}))
    assert play(storage, AdjustMaterial("Ann", 1, 2, 1)).seat("Ann").board.materials.count(Slot(1, 2)) == 2


def test_a_material_slot_must_exist() -> None:
    assert refused(playing(), AdjustMaterial("Ann", 1, 5, 1)) == ("ashes.materials.slot", "ashes/materials")
    assert refused(playing(), AdjustMaterial("Ann", 4, 1, -1)) == ("ashes.materials.slot", "ashes/materials")


def test_a_material_is_paid_from_a_slot_that_has_one() -> None:
    state = playing()
    assert refused(state, AdjustMaterial("Ann", 2, 1, -1)) == ("ashes.materials.short", "ashes/costs")
    stocked = play(state, AdjustMaterial("Ann", 2, 1, 1))
    assert play(stocked, AdjustMaterial("Ann", 2, 1, -1)).seat("Ann").board.materials.count(Slot(2, 1)) == 0


def test_materials_move_one_cube_at_a_time() -> None:
    assert refused(playing(), AdjustMaterial("Ann", 1, 1, 2)) == (
        "ashes.adjust.material_amount",
        "ashes/materials",
    )


def test_manufacturing_joins_two_cabled_materials_into_the_level_above() -> None:
    state = play(playing(), AdjustMaterial("Ann", 1, 1, 1), AdjustMaterial("Ann", 1, 2, 1))
    made = play(state, Manufacture("Ann", 1, 1, 2)).seat("Ann").board.materials
    assert [made.count(s) for s in (Slot(1, 1), Slot(1, 2), Slot(2, 1))] == [0, 0, 1]
    texts = [e.text for e in events(state, Manufacture("Ann", 1, 1, 2))]
    assert texts == ["Ann manufactures level I slot 1 and level I slot 2 into level II slot 1"]


def test_manufacturing_is_refused_without_a_cable_stock_or_two_different_materials() -> None:
    state = play(playing(), AdjustMaterial("Ann", 1, 1, 1), AdjustMaterial("Ann", 1, 3, 1))
    assert refused(state, Manufacture("Ann", 1, 1, 1)) == (
        "ashes.manufacture.same",
        "ashes/actions/manufacture",
    )
    assert refused(state, Manufacture("Ann", 1, 1, 3)) == (
        "ashes.manufacture.no_cable",
        "ashes/actions/manufacture",
    )
    assert refused(state, Manufacture("Ann", 1, 1, 2)) == ("ashes.materials.short", "ashes/costs")
    full = play(state, AdjustMaterial("Ann", 1, 2, 1), AdjustMaterial("Ann", 2, 1, 1))
    assert refused(full, Manufacture("Ann", 1, 1, 2)) == ("ashes.materials.full", "ashes/materials")


def test_manufacturing_waits_for_the_players_turn() -> None:
    state = play(playing(DUO), AdjustMaterial("Bob", 1, 1, 1), AdjustMaterial("Bob", 1, 2, 1))
    assert refused(state, Manufacture("Bob", 1, 1, 2)) == ("ashes.turn.not_yours", "ashes/rounds")
    done = with_board(playing(DUO), "Ann", passed=True)
    assert refused(done, Manufacture("Ann", 1, 1, 2)) == ("ashes.pass.done", "ashes/protocols/pass")


# Production


def test_production_steps_blocked_at_the_top_score_2_vp_each() -> None:
    state = with_board(playing(), "Ann", production=(4, 1, 1))
    board = play(state, RaiseProduction("Ann", "fuel", 3)).seat("Ann").board
    assert (board.production, board.vp) == ((5, 1, 1), 24)
    texts = [e.text for e in events(state, RaiseProduction("Ann", "fuel", 3))]
    assert texts[1] == "Ann: fuel production is at the top: 2 step(s) scored VP."


def test_production_rises_by_whole_steps() -> None:
    code = refused(playing(), RaiseProduction("Ann", "data", 0))
    assert code == ("ashes.production.steps", "ashes/production")
    assert play(playing(), RaiseProduction("Ann", "data")).seat("Ann").board.production == (1, 2, 1)


def test_production_waits_for_the_board_and_its_track_tops() -> None:
    assert refused(new(), RaiseProduction("Ann", "strength")) == ("ashes.board.missing", "ashes/setup")


# Upgrades and technology


def test_a_class_ii_upgrade_needs_a_disc_on_space_3_as_in_t03() -> None:
    vehicle_i = frozenset({(UpgradeFamily.VEHICLE, UpgradeClass.CLASS_I)})
    state = with_board(playing(), "Ann", upgrades=vehicle_i, production=(2, 2, 2))
    assert refused(state, TakeUpgrade("Ann", "vehicle", "II")) == (
        "ashes.upgrade.production",
        "ashes/upgrades",
    )
    raised = with_board(state, "Ann", production=(2, 3, 2))
    assert play(raised, TakeUpgrade("Ann", "vehicle", "II")).seat("Ann").board.caps.vehicle_move == 4


def test_a_class_ii_upgrade_needs_its_class_i_first_and_each_tile_goes_once() -> None:
    state = with_board(playing(), "Ann", production=(3, 1, 1))
    code = refused(state, TakeUpgrade("Ann", "scout", "II"))
    assert code == ("ashes.upgrade.class_i_first", "ashes/upgrades")
    taken = play(state, TakeUpgrade("Ann", "scout", "I"))
    assert taken.seat("Ann").board.caps.scout_draw == 3
    assert refused(taken, TakeUpgrade("Ann", "scout", "I")) == ("ashes.upgrade.taken", "ashes/upgrades")


def test_technology_stacks_up_to_the_limit_and_covers_only_when_every_slot_is_full() -> None:
    state = play(playing(), PlaceTechnology("Ann", "Drill", 1), PlaceTechnology("Ann", "Lamp", 1))
    assert state.seat("Ann").board.tech[0] == ("Drill", "Lamp")
    assert refused(state, PlaceTechnology("Ann", "Pump", 1)) == ("ashes.tech.full", "ashes/technology")
    assert refused(state, PlaceTechnology("Ann", "Pump", 1, cover=True)) == (
        "ashes.tech.room_left",
        "ashes/technology",
    )
    full = with_board(state, "Ann", tech=(("Drill", "Lamp"),) * 4)
    covered = play(full, PlaceTechnology("Ann", "Pump", 3, cover=True))
    assert covered.seat("Ann").board.tech[2] == ("Drill", "Pump")
    texts = [e.text for e in events(full, PlaceTechnology("Ann", "Pump", 3, cover=True))]
    assert texts == ["Ann's Pump replaces the top tile of slot 3", "Ann: Pump replaces Lamp in slot 3."]


def test_technology_needs_a_real_slot_and_a_name() -> None:
    assert refused(playing(), PlaceTechnology("Ann", "Drill", 5)) == ("ashes.tech.slot", "ashes/technology")
    assert refused(playing(), PlaceTechnology("Ann", " ", 1)) == ("ashes.tech.name", "ashes/technology")


# Reward texts and shelter cards


def test_reward_texts_read_resources_happiness_vp_and_materials() -> None:
    assert parse_reward("fuel 1, vp 2") == Reward(fuel=1, vp=2)
    assert parse_reward(" Happiness 2 ,DATA 1 ") == Reward(data=1, happiness=2)
    assert parse_reward("antirad 3, strength 1, level II slot 1") == Reward(
        antirad=3, strength=1, materials=(Slot(2, 1),)
    )
    assert parse_reward("") == Reward()
    reward = Reward(fuel=2, happiness=1, vp=3, materials=(Slot(3, 2), Slot(1, 1)))
    assert reward_text(reward) == "fuel 2, happiness 1, vp 3, level III slot 2, level I slot 1"
    assert parse_reward(reward_text(reward)) == reward
    assert reward_text(Reward()) == ""


@pytest.mark.parametrize(
    "text", ["fuel", "gold 1", "fuel 0", "fuel -1", "fuel 1,", "fuel 1, fuel 2", "vp two"]
)
def test_a_reward_text_that_does_not_read_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_reward(text)


def test_a_shelter_card_joins_the_colony_with_its_pods() -> None:
    card = AddShelterCard("Ann", "Bunker", ((1, "happiness 1", ""), (3, "fuel 1", "data 2, vp 1")))
    colony = play(playing(), card).seat("Ann").colony
    assert colony.cards == (
        ShelterCard("Bunker", (Pod(1, Reward(happiness=1)), Pod(3, Reward(fuel=1), Reward(data=2, vp=1)))),
    )


def test_a_shelter_card_with_a_pod_that_does_not_read_is_refused() -> None:
    state = playing()
    bad = AddShelterCard("Ann", "Bunker", ((1, "fuel one", ""),))
    assert refused(state, bad) == ("ashes.card.pod", "ashes/shelter-cards")
    assert "'fuel one' is not a reward" in ASHES.validate(state, bad)[0].message
    assert refused(state, AddShelterCard("Ann", "Bunker", ((10, "", ""),))) == (
        "ashes.card.pod",
        "ashes/shelter-cards",
    )
    assert refused(state, AddShelterCard("Ann", "Bunker", ())) == ("ashes.card.pod", "ashes/shelter-cards")
    no_slot = AddShelterCard("Ann", "Bunker", ((1, "", "level I slot 9"),))
    assert refused(state, no_slot) == ("ashes.card.pod", "ashes/shelter-cards")
    assert refused(state, AddShelterCard("Ann", "", ((1, "", ""),))) == (
        "ashes.card.name",
        "ashes/shelter-cards",
    )


def test_a_fourth_shelter_card_replaces_the_top_one_and_its_survivors_go_back() -> None:
    def card(name: str, *survivors: str | None) -> ShelterCard:
        return ShelterCard(name, tuple(Pod(1, Reward(), survivor=s) for s in survivors))

    start = playing()
    seat = start.seat("Ann")
    colony = Colony((card("A", None), card("B", None), card("C", ACTIVE, ESSENTIAL)))
    state = replace(start.with_seat(replace(seat, colony=colony)), bag=start.bag.take([ACTIVE, ESSENTIAL]))
    assert state.survivors() == FULL_BAG
    after = play(state, AddShelterCard("Ann", "D", ((2, "", "fuel 1"),)))
    assert [c.name for c in after.seat("Ann").colony.cards] == ["A", "B", "D"]
    assert after.bag == FULL_BAG
    assert after.survivors() == FULL_BAG
    assert after.seat("Ann").board.happiness == 1
    kinds = [e.kind for e in events(state, AddShelterCard("Ann", "D", ((2, "", "fuel 1"),)))]
    assert kinds == ["board", "shelter_replaced", "board"]
