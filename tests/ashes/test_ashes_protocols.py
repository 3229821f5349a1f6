"""The move, activate and pass protocols and the end of a turn, through the ASHES module."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.ashes.entries import events, play, refused
from tests.ashes.states import BOARD, LAYOUT, SHELTER, TOPS, new, playing, with_board
from trackers.ashes.actions import Activate, Adjust, Emerge, EndTurn, Move, Pass, UseBoard
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL, FULL_BAG
from trackers.ashes.colony.materials import Materials, Slot
from trackers.ashes.colony.player_board import Limited, Reward
from trackers.ashes.colony.shelters import Colony, Pod, ShelterCard
from trackers.ashes.colony.upgrades import UpgradeFamily
from trackers.ashes.game import ASHES
from trackers.ashes.rounds.turn_order import RIVAL
from trackers.ashes.state import AshesState, Settings
from trackers.ashes.terms import UpgradeClass

DUO = ("Ann", "Bob")
VEHICLE_I = frozenset({(UpgradeFamily.VEHICLE, UpgradeClass.CLASS_I)})


def holding(state: AshesState, name: str, entrance: tuple[str, ...] = (), **zones: str) -> AshesState:
    """`name` with survivors taken from the bag to the entrance and to zones given as z1=..., z4=..."""
    spaces = tuple(zones.get(f"z{z}") for z in (1, 2, 3, 4))
    taken = [*entrance, *(s for s in spaces if s is not None)]
    state = replace(with_board(state, name, entrance=entrance, zones=spaces), bag=state.bag.take(taken))
    assert state.survivors() == FULL_BAG
    return state


def board(state: AshesState, name: str = "Ann") -> Any:
    return state.seat(name).board


# Move


def test_leaving_the_shelter_counts_as_a_step_as_in_t20() -> None:
    state = with_board(playing(), "Ann", fuel=2)
    assert refused(state, Move("Ann", ("S1a", "S1b", "S2a"))) == ("ashes.move.range", "ashes/protocols/move")
    message = ASHES.validate(state, Move("Ann", ("S1a", "S1b", "S2a")))[0].message
    assert "stepping out of the starting shelter is one of them" in message


def test_a_move_pays_2_fuel_and_the_vehicle_shields_the_area_it_reaches() -> None:
    state = with_board(with_board(playing(DUO), "Ann", fuel=5), "Bob", fuel=2)
    moved = play(state, Move("Ann", ("S1a", "S1b")))
    assert (board(moved).fuel, moved.seat("Ann").vehicle, moved.seat("Ann").protocol) == (3, "S1b", "move")
    assert [(a.name, a.vehicles) for a in moved.areas if a.vehicles] == [("S1b", 1)]
    later = play(moved, EndTurn("Ann"), Move("Bob", ("S1a",)), EndTurn("Bob"), Move("Ann", ("S2a",)))
    assert [(a.name, a.vehicles) for a in later.areas if a.vehicles] == [("S1a", 1), ("S2a", 1)]
    text = events(state, Move("Ann", ("S1a", "S1b")))[0].text
    assert text == "Ann moves to S1b for 2 fuel: take the rewards of the area tile there"


def test_a_move_may_end_where_it_began() -> None:
    state = with_board(playing(), "Ann", fuel=2)
    stayed = play(state, Move("Ann", ()))
    assert (board(stayed).fuel, stayed.seat("Ann").vehicle, stayed.areas) == (0, SHELTER, state.areas)
    back = play(state, Move("Ann", ("S1a", SHELTER)))
    assert back.seat("Ann").vehicle == SHELTER
    assert all(a.vehicles == 0 for a in back.areas)


def test_the_class_i_vehicle_moves_3_steps() -> None:
    state = with_board(playing(), "Ann", fuel=2, upgrades=VEHICLE_I)
    assert play(state, Move("Ann", ("S1a", "S1b", "S2a"))).seat("Ann").vehicle == "S2a"
    code = refused(state, Move("Ann", ("S1a", "S1b", "S2a", "S2b")))
    assert code == ("ashes.move.range", "ashes/protocols/move")


def on_area(state: AshesState, area: str, active: int = 0, essential: int = 0) -> AshesState:
    """Survivors from the bag onto an area, keeping the count of 75."""
    lot = (ACTIVE,) * active + (ESSENTIAL,) * essential
    spot = state.area(area)
    assert spot is not None
    state = replace(state, bag=state.bag.take(lot))
    return state.with_area(replace(spot, survivors=spot.survivors.put(lot)))


def vehicle_at(state: AshesState, area: str) -> AshesState:
    spot = state.area(area)
    assert spot is not None
    return state.with_seat(replace(state.seat("Ann"), vehicle=area)).with_area(replace(spot, vehicles=1))


def survivors_in(state: AshesState) -> dict[str, tuple[int, int]]:
    return {
        a.name: (a.survivors.count(ACTIVE), a.survivors.count(ESSENTIAL))
        for a in state.areas
        if a.survivors.total
    }


def test_the_vehicle_carries_survivors_picked_up_and_dropped_along_the_way_as_in_the_rulebook() -> None:
    """8.2's example with a class I vehicle (3 steps, 3 aboard): two survivors ride one step and are left,
    three more are picked up there and ride to the end."""
    state = vehicle_at(with_board(playing(), "Ann", fuel=2, upgrades=VEHICLE_I), "S1a")
    state = on_area(on_area(state, "S1a", active=2), "S1b", active=1, essential=2)
    carried = (("S1a", "S1b", 2, 0), ("S1b", "S2b", 1, 2))
    moved = play(state, Move("Ann", ("S1b", "S2a", "S2b"), carried=carried))
    assert survivors_in(moved) == {"S1b": (2, 0), "S2b": (1, 2)}
    text = events(state, Move("Ann", ("S1b", "S2a", "S2b"), carried=carried))[0].text
    assert text.endswith("; carried 2 from S1a to S1b, 3 from S1b to S2b")


def test_cargo_is_checked_on_every_step_and_against_what_each_area_holds() -> None:
    state = vehicle_at(with_board(playing(), "Ann", fuel=2), "S1a")
    state = on_area(state, "S1a", active=3, essential=1)
    rule = "ashes/protocols/move"
    too_many = Move("Ann", ("S1b",), carried=(("S1a", "S1b", 3, 0),))
    assert refused(state, too_many) == ("ashes.move.cargo", rule)
    backwards = Move("Ann", ("S1b", "S2a"), carried=(("S2a", "S1b", 1, 0),))
    assert refused(state, backwards) == ("ashes.move.cargo_route", rule)
    short = Move("Ann", ("S1b",), carried=(("S1a", "S1b", 0, 2),))
    assert refused(state, short) == ("ashes.move.cargo_missing", rule)
    empty = Move("Ann", ("S1b",), carried=(("S1a", "S1b", 0, 0),))
    assert refused(state, empty) == ("ashes.move.cargo_count", rule)
    shelter = Move("Ann", ("S1b", SHELTER), carried=(("S1a", SHELTER, 1, 0),))
    assert refused(state, shelter) == ("ashes.move.cargo_area", rule)
    two_lots = Move("Ann", ("S1b",), carried=(("S1a", "S1b", 2, 0), ("S1a", "S1b", 0, 1)))
    assert refused(state, two_lots) == ("ashes.move.cargo", rule), "both lots ride the same step"
    assert survivors_in(play(state, Move("Ann", ("S1b",), carried=(("S1a", "S1b", 1, 1),)))) == {
        "S1a": (2, 0),
        "S1b": (1, 1),
    }


def test_a_move_follows_links_and_stops_at_red_lines_and_sector_iv() -> None:
    state = with_board(playing(), "Ann", fuel=2)
    assert refused(state, Move("Ann", ("S2a",))) == ("ashes.move.not_adjacent", "ashes/protocols/move")
    vehicle_ii = VEHICLE_I | {(UpgradeFamily.VEHICLE, UpgradeClass.CLASS_II)}
    near = with_board(state.with_seat(replace(state.seat("Ann"), vehicle="S3b")), "Ann", upgrades=vehicle_ii)
    assert refused(near, Move("Ann", ("S4a",))) == ("ashes.move.red_line", "ashes/protocols/move")


def test_an_areas_only_board_checks_range_and_sector_iv_but_not_paths() -> None:
    state = replace(with_board(playing(), "Ann", fuel=2), board=replace(BOARD, links=(), red_lines=()))
    assert play(state, Move("Ann", ("S3a", "S1a"))).seat("Ann").vehicle == "S1a"
    assert refused(state, Move("Ann", ("S3a", "S1a", "S2b"))) == ("ashes.move.range", "ashes/protocols/move")
    assert refused(state, Move("Ann", ("S4a",))) == ("ashes.move.sector_iv", "ashes/protocols/move")


def test_a_move_needs_the_fuel_or_the_happiness_in_hand() -> None:
    state = with_board(playing(), "Ann", fuel=1, happiness=3)
    assert refused(state, Move("Ann", ("S1a",))) == ("ashes.pay.fuel", "ashes/costs")
    assert refused(state, Move("Ann", ("S1a",), with_happiness=True)) == (
        "ashes.pay.happiness",
        "ashes/costs",
    )
    rich = with_board(state, "Ann", happiness=5)
    after = board(play(rich, Move("Ann", ("S1a",), with_happiness=True)))
    assert (after.happiness, after.fuel, after.vp) == (1, 1, 20)


def test_a_move_names_areas_of_the_board_that_is_entered() -> None:
    state = with_board(playing(), "Ann", fuel=2)
    assert refused(state, Move("Ann", ("Nowhere",))) == ("ashes.move.area", "ashes/protocols/move")
    assert refused(replace(state, board=None), Move("Ann", ("S1a",))) == (
        "ashes.board.missing",
        "ashes/setup",
    )


def test_a_move_is_the_players_one_protocol_on_their_own_turn() -> None:
    state = holding(with_board(playing(DUO), "Ann", fuel=4), "Ann", (ACTIVE,))
    assert refused(state, Move("Bob", ())) == ("ashes.turn.not_yours", "ashes/rounds")
    moved = play(state, Move("Ann", ()))
    assert refused(moved, Move("Ann", ())) == ("ashes.protocol.taken", "ashes/protocols")
    assert refused(moved, Activate("Ann", 1)) == ("ashes.protocol.taken", "ashes/protocols")
    assert refused(moved, Pass("Ann", 1)) == ("ashes.protocol.taken", "ashes/protocols")


# Activate


def test_the_fourth_activation_needs_the_class_ii_upgrade_as_in_t19() -> None:
    state = holding(playing(), "Ann", (ACTIVE,), z1=ACTIVE, z2=ACTIVE, z3=ACTIVE)
    assert refused(state, Activate("Ann", 4)) == ("ashes.activate.limit", "ashes/protocols/activate")
    assert refused(state, Activate("Ann", 2)) == ("ashes.activate.zone_used", "ashes/protocols/activate")


def test_activation_needs_an_active_survivor_at_the_entrance() -> None:
    state = holding(playing(), "Ann", (ESSENTIAL,))
    assert refused(state, Activate("Ann", 1)) == ("ashes.activate.no_active", "ashes/protocols/activate")
    assert refused(state, Activate("Ann", 5)) == ("ashes.activate.no_active", "ashes/protocols/activate")


def test_zone_1_gives_a_mission() -> None:
    state = holding(playing(), "Ann", (ACTIVE, ESSENTIAL))
    done = play(state, Activate("Ann", 1))
    seat = done.seat("Ann")
    assert (seat.missions_hand, seat.board.entrance, seat.board.zones) == (
        1,
        (ESSENTIAL,),
        (ACTIVE, None, None, None),
    )
    assert seat.protocol == "activate"
    texts = [e.text for e in events(state, Activate("Ann", 1))]
    assert texts == [
        "Ann activates a survivor in zone 1",
        "Ann: Take a mission from the display and refill it.",
        "Enter the rewards of the technology in slot 1, top tile first, then a main action.",
    ]


def test_a_production_zone_gives_the_track_height_and_2_vp_at_the_top() -> None:
    state = holding(with_board(playing(), "Ann", production=(5, 2, 3)), "Ann", (ACTIVE,))
    fuel = board(play(state, Activate("Ann", 2)))
    assert (fuel.fuel, fuel.vp) == (5, 22)
    data = board(play(state, Activate("Ann", 3)))
    assert (data.data, data.vp) == (2, 20)
    strength = board(play(state, Activate("Ann", 4)))
    assert (strength.strength, strength.vp) == (3, 20)
    assert events(state, Activate("Ann", 2))[1].text == "Ann: Produced 5 fuel and 2 VP at the top."


def test_production_zones_wait_for_the_board_but_zone_1_does_not() -> None:
    state = replace(holding(playing(), "Ann", (ACTIVE,)), board=None)
    assert refused(state, Activate("Ann", 3)) == ("ashes.board.missing", "ashes/setup")
    assert play(state, Activate("Ann", 1)).seat("Ann").missions_hand == 1


# End of a turn


def test_a_turn_ends_only_after_a_protocol() -> None:
    state = with_board(playing(DUO), "Ann", fuel=2, limited_used=frozenset({Limited.SCOUT}))
    assert refused(state, EndTurn("Ann")) == ("ashes.turn.no_protocol", "ashes/protocols")
    assert refused(state, EndTurn("Bob")) == ("ashes.turn.not_yours", "ashes/rounds")
    moved = play(state, Move("Ann", ()))
    ended = play(moved, EndTurn("Ann"))
    seat = ended.seat("Ann")
    assert (ended.rounds.current, seat.protocol, seat.board.limited_used) == ("Bob", None, frozenset())
    assert [(e.kind, e.text) for e in events(moved, EndTurn("Ann"))] == [
        ("turn_done", "Ann ends the turn"),
        ("turn", "Bob is next"),
    ]


# Pass


def income_card() -> ShelterCard:
    """Income pods at levels 2 and 4: the first lifts happiness to 4, which unlocks the second."""
    return ShelterCard(
        "Bunker",
        (Pod(2, Reward(), Reward(happiness=2), ESSENTIAL), Pod(4, Reward(), Reward(fuel=1), ESSENTIAL)),
    )


def passing_state() -> AshesState:
    """Ann: actives in zones 1 and 2, an active and an essential at the entrance, 1 antirad, the class I
    colony-scoring upgrade, two closed cards in column 1 and the income card above."""
    state = holding(playing(DUO), "Ann", (ACTIVE, ESSENTIAL), z1=ACTIVE, z2=ACTIVE)
    upgrades = frozenset({(UpgradeFamily.COLONY_SCORING, UpgradeClass.CLASS_I)})
    state = with_board(state, "Ann", antirad=1, upgrades=upgrades)
    seat = state.seat("Ann")
    colony = Colony((income_card(),), columns=(2, 0, 0))
    return replace(state.with_seat(replace(seat, colony=colony)), bag=state.bag.take([ESSENTIAL, ESSENTIAL]))


def test_a_pass_recovers_takes_income_scores_and_moves_the_vehicle() -> None:
    state = passing_state()
    action = Pass("Ann", 2, recovered=(2,), scoring=("column 1", "survivors"))
    after = play(state, action)
    seat = after.seat("Ann")
    # Zone 2 returns for 1 antirad, zone 1 goes back for 1 happiness (3 -> 2); income adds an active, then
    # the level 2 pod (+2 happiness, to 4) and so the level 4 pod (+1 fuel); column 1 scores 2 x 3 and the
    # three actives at the entrance 1 VP each.
    assert sorted(seat.board.entrance) == [ACTIVE, ACTIVE, ACTIVE, ESSENTIAL]
    assert seat.board.zones == (None, None, None, None)
    assert (seat.board.antirad, seat.board.happiness, seat.board.fuel, seat.vp) == (0, 4, 1, 29)
    assert (seat.board.passed, seat.protocol) == (True, None)
    assert after.bag == state.bag  # the active left in zone 1 went back; the income active came out
    assert after.rounds.current == "Bob"
    assert after.rounds.passed == ("Ann",)
    happened = events(state, action)
    assert [e.kind for e in happened[-3:]] == ["colony_scoring", "pass", "turn"]
    assert happened[-3].value("vp") == 9
    moved = happened[-2]
    assert (
        moved.text
        == "Ann passes: vehicle to position 2 of the bottom row; take the reward printed there, if any"
    )
    assert dict(moved.data) == {
        "seat": "Ann",
        "row": "bottom",
        "position": 2,
        "reward": "",
        "rule": "ashes/protocols/pass",
    }


def test_colony_scoring_at_a_pass_as_in_t10() -> None:
    materials = Materials.empty()
    for slot in (Slot(2, 1), Slot(2, 2), Slot(3, 1)):
        materials = materials.shifted(slot, 1)
    state = with_board(playing(DUO), "Ann", materials=materials)
    seat = state.seat("Ann")
    state = state.with_seat(replace(seat, colony=replace(seat.colony, columns=(2, 1, 0))))
    after = play(state, Pass("Ann", 1, scoring=("column 1", "materials")))
    assert after.seat("Ann").vp == 28


def test_survivor_scoring_reads_the_colony_scoring_class_through_the_settings() -> None:
    upgrades = frozenset(
        {(UpgradeFamily.COLONY_SCORING, c) for c in (UpgradeClass.CLASS_I, UpgradeClass.CLASS_II)}
    )
    state = with_board(holding(playing(DUO), "Ann", (ACTIVE, ACTIVE)), "Ann", upgrades=upgrades)
    assert play(state, Pass("Ann", 1, scoring=("survivors",))).seat("Ann").vp == 26
    custom = replace(state, settings=Settings(vp_per_active_by_class=(0, 1, 3)))
    assert play(custom, Pass("Ann", 1, scoring=("survivors",))).seat("Ann").vp == 29


def test_a_full_entrance_makes_way_for_a_recovered_survivor() -> None:
    state = holding(playing(DUO), "Ann", (ACTIVE, ACTIVE, ESSENTIAL, ESSENTIAL), z3=ACTIVE)
    state = with_board(state, "Ann", antirad=1)
    assert refused(state, Pass("Ann", 1, recovered=(3,))) == ("ashes.entrance.full", "ashes/colony")
    full = Pass("Ann", 1, recovered=(3,), discarded=(ESSENTIAL,))
    assert refused(state, full) == ("ashes.pass.income_room", "ashes/protocols/pass")
    after = play(state, replace(full, income_room=ESSENTIAL))
    seat = after.seat("Ann")
    # Each essential sent back costs 1 happiness; the income active takes the space the second one left.
    assert (sorted(seat.board.entrance), seat.board.happiness) == ([ACTIVE] * 4, 1)
    assert after.bag == state.bag.put([ESSENTIAL, ESSENTIAL]).take([ACTIVE])
    kept = with_settings(state, income_makes_room=False)
    assert refused(kept, replace(full, income_room=ESSENTIAL))[0] == "ashes.pass.income_room_needless"
    after = play(kept, full)
    assert (sorted(after.seat("Ann").board.entrance), after.seat("Ann").board.happiness) == (
        [ACTIVE, ACTIVE, ACTIVE, ESSENTIAL],
        2,
    ), "with the option the income active stays in the bag"


def with_settings(state: AshesState, **changes: Any) -> AshesState:
    return replace(state, settings=replace(state.settings, **changes))


def test_a_pass_refuses_a_wrong_recovery() -> None:
    state = holding(playing(DUO), "Ann", (ACTIVE,), z1=ACTIVE, z2=ACTIVE)
    rule = "ashes/protocols/pass"
    assert refused(state, Pass("Ann", 1, recovered=(3,))) == ("ashes.recover.empty_zone", rule)
    assert refused(state, Pass("Ann", 1, recovered=(1,))) == ("ashes.pay.antirad", "ashes/costs")
    rich = with_board(state, "Ann", antirad=2)
    assert refused(rich, Pass("Ann", 1, recovered=(1, 1))) == ("ashes.recover.twice", rule)
    assert refused(rich, Pass("Ann", 1, recovered=(1,), discarded=(ACTIVE,))) == (
        "ashes.recover.needless_discard",
        rule,
    )


def test_a_pass_refuses_a_wrong_colony_scoring() -> None:
    state = playing(DUO)
    rule = "ashes/colony-scoring"
    too_many = Pass("Ann", 1, scoring=("column 1", "column 2", "materials"))
    assert refused(state, too_many) == ("ashes.colony.too_many", rule)
    assert refused(state, Pass("Ann", 1, scoring=("materials", "materials"))) == ("ashes.colony.repeat", rule)
    assert refused(state, Pass("Ann", 1, scoring=("column 4",))) == ("ashes.colony.no_column", rule)


def test_a_pass_takes_a_free_position_of_the_next_row() -> None:
    state = with_board(playing(DUO), "Ann", fuel=2)
    assert refused(state, Pass("Ann", 5)) == ("ashes.turn.position", "ashes/turn-order")
    bob_passed = play(state, Move("Ann", ()), EndTurn("Ann"), Pass("Bob", 1))
    assert refused(bob_passed, Pass("Ann", 1)) == ("ashes.turn.taken", "ashes/turn-order")
    last = play(bob_passed, Pass("Ann", 2))
    assert last.rounds.current is None
    assert events(bob_passed, Pass("Ann", 2))[-1].text == "Everyone has passed: end the round"


def test_after_a_pass_only_the_steppers_remain() -> None:
    passed = play(playing(DUO), Pass("Ann", 1), Pass("Bob", 2))
    assert refused(passed, EndTurn("Ann")) == ("ashes.turn.passed", "ashes/protocols/pass")
    assert refused(passed, Pass("Ann", 3)) == ("ashes.turn.passed", "ashes/protocols/pass")
    assert board(play(passed, Adjust("Ann", "data", 1))).data == 1


def test_a_solo_pass_hands_the_turn_to_the_rival() -> None:
    after = play(playing(), Pass("Ann", 1))
    assert after.rounds.current == RIVAL
    assert events(playing(), Pass("Ann", 1))[-1].text == f"{RIVAL} is next"


def test_a_pass_pays_the_turn_order_reward_entered_with_the_board_unless_declined() -> None:
    rewards = ("data 1", "", "fuel 1, vp 1", "", "antirad 2", "happiness 1", "", "strength 1")
    state = new(("Ann", "Bob"))
    state = play(state, UseBoard(LAYOUT, TOPS, rewards), Emerge())
    bob_data = board(state, "Bob").data
    state = play(state, Pass("Ann", 1))
    assert board(state).antirad == 2, "round 1 passes go to the bottom row, whose position 1 pays 2 antirad"
    declined = play(state, Pass("Bob", 2, decline_reward=True))
    assert (board(declined, "Bob").happiness, board(declined, "Bob").data) == (3, bob_data)
    text = events(state, Pass("Bob", 2))[-2].text
    assert text == "Bob passes: vehicle to position 2 of the bottom row; the space pays happiness 1"


def test_turn_order_rewards_are_all_or_nothing_and_only_resources() -> None:
    state = new(("Ann", "Bob"))
    assert refused(state, UseBoard(LAYOUT, TOPS, ("data 1",))) == (
        "ashes.board.turn_rewards",
        "ashes/turn-order",
    )
    bad = ("data 1", "", "", "", "", "", "", "level I slot 1")
    code, _ = refused(state, UseBoard(LAYOUT, TOPS, bad))
    assert code == "ashes.board.turn_rewards"
    assert "pays resources, not materials" in ASHES.validate(state, UseBoard(LAYOUT, TOPS, bad))[0].message
    typo = ("dta 1", "", "", "", "", "", "", "")
    assert "is not a reward" in ASHES.validate(state, UseBoard(LAYOUT, TOPS, typo))[0].message
