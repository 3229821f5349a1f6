"""Set-up entries and the round cycle: the board, starting combos, radiation (T05), emergence (T04) by area
with the table's own draws checked against the bag, and the end of a round."""

from __future__ import annotations

import json
from dataclasses import replace

from tests.ashes.entries import apply, codes
from tests.ashes.states import BOARD, LAYOUT, SHELTER, TOPS, new, playing, with_board
from trackers.ashes.actions import (
    CompleteSetupStep,
    Emerge,
    EndRound,
    Radiate,
    SetRival,
    StartingCombo,
    UseBoard,
)
from trackers.ashes.board.layout import AshesBoard, BoardArea
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL, Area
from trackers.ashes.colony.player_board import Limited
from trackers.ashes.game import ASHES
from trackers.ashes.rival.play import new_rival
from trackers.ashes.rounds.turn_order import SetupKind, pass_turn, setup_steps
from trackers.ashes.state import AshesState
from trackers.ashes.terms import Difficulty
from trackers.core.bag import Bag

A, E = ACTIVE, ESSENTIAL
UPGRADES = ("I", "II") * 5


def boarded(players: tuple[str, ...] = ("Ann", "Bob"), **options: object) -> AshesState:
    state, _ = apply(new(players, **options), UseBoard(LAYOUT, TOPS))
    return state


def round_2(state: AshesState) -> AshesState:
    """`state` moved to round 2's setup, nobody on the track having played yet."""
    return replace(state, rounds=replace(state.rounds, round=2, setup_left=setup_steps(2), current=None))


def placed(state: AshesState, *areas: Area) -> AshesState:
    """The board's areas replaced by `areas`, their survivors taken out of the bag."""
    bag = state.bag.take(s for area in areas for s in area.survivors.items())
    return replace(state, areas=areas, bag=bag)


# The board


def test_the_board_gives_areas_production_tops_and_the_vehicles_start() -> None:
    state = new(("Ann", "Bob"))
    assert codes(state, UseBoard("{", TOPS)) == ["ashes.board.layout"]
    assert codes(state, UseBoard("[]", TOPS)) == ["ashes.board.layout"]
    empty = json.dumps({"name": "Empty", "shelter": "Shelter", "areas": []})
    assert ASHES.validate(state, UseBoard(empty, TOPS))[0].message == (
        "This board cannot be used: the board has no areas."
    )
    assert codes(state, UseBoard(LAYOUT, (5, 1, 5))) == ["ashes.board.tops"]
    state, events = apply(state, UseBoard(LAYOUT, (4, 6, 2)))
    assert state.board == BOARD and state.areas == BOARD.play_areas()
    assert [(s.board.production_tops, s.vehicle) for s in state.seats] == [((4, 6, 2), SHELTER)] * 2
    assert events[0].text == "Board 'Test board': 8 areas; vehicles start in Shelter"


def test_the_board_may_be_entered_again_until_the_survivors_emerge() -> None:
    small = AshesBoard("Small", "Camp", (BoardArea("X", 1, bag_icon=True),), ())
    state, _ = apply(boarded(), UseBoard(json.dumps(small.to_json()), TOPS))
    assert state.board == small and [a.name for a in state.areas] == ["X"]
    assert {s.vehicle for s in state.seats} == {"Camp"}
    state, _ = apply(state, Emerge())
    assert state.areas[0].survivors.total == 2
    assert codes(state, UseBoard(LAYOUT, TOPS)) == ["ashes.setup.over"]


# Starting combos


def test_a_starting_combo_gives_resources_survivors_and_a_technology_once() -> None:
    state = boarded()
    combo = StartingCombo("Bob", fuel=2, antirad=1, survivors=2, drawn=(A, E), technology="Drill", slot=3)
    state, events = apply(state, combo)
    bob = state.seat("Bob")
    assert (bob.board.fuel, bob.board.data, bob.board.antirad, bob.board.strength) == (2, 1, 1, 0)
    assert bob.board.entrance == (A, E) and bob.board.tech[2] == ("Drill",) and bob.combo_taken
    assert state.bag == Bag.of({A: 49, E: 24})
    assert events[0].text == "Bob takes a starting combo: 2 fuel, 1 antirad; draws 1 active, 1 essential"
    assert codes(state, combo) == ["ashes.setup.combo_taken"]


def test_a_starting_combo_draws_from_the_bag_when_the_table_enters_nothing() -> None:
    state, events = apply(boarded(), StartingCombo("Ann", strength=1, survivors=3), seed=5)
    entrance = state.seat("Ann").board.entrance
    assert len(entrance) == 3 and sorted(events[0].value("drawn")) == sorted(entrance)
    assert state.bag.total == 72


def test_a_starting_combo_that_does_not_fit_is_refused() -> None:
    state = boarded()
    essentials_gone = replace(state, bag=Bag.of({A: 50}))
    cases = [
        (state, StartingCombo("Cy"), "ashes.player.unknown"),
        (state, StartingCombo("Ann", fuel=-1), "ashes.setup.negative"),
        (state, StartingCombo("Ann", survivors=2, drawn=(A,)), "ashes.setup.drawn"),
        (essentials_gone, StartingCombo("Ann", survivors=1, drawn=(E,)), "ashes.bag.missing"),
        (state, StartingCombo("Ann", survivors=5), "ashes.entrance.full"),
        (state, StartingCombo("Ann", technology="Drill", slot=5), "ashes.tech.slot"),
        (playing(("Ann", "Bob")), StartingCombo("Ann"), "ashes.setup.over"),
    ]
    for where, combo, code in cases:
        assert codes(where, combo) == [code], combo


# Round-setup steps


def test_radiation_and_emergence_have_their_own_entries() -> None:
    state = round_2(playing(("Ann", "Bob")))
    assert codes(state, CompleteSetupStep("radiation")) == ["ashes.round.use_entry"]
    assert codes(state, CompleteSetupStep("survivors emerge")) == ["ashes.round.use_entry"]
    assert codes(state, CompleteSetupStep("discard two missions")) == ["ashes.round.setup_order"]
    state, _ = apply(state, Radiate())
    assert codes(state, CompleteSetupStep("reset area tiles")) == ["ashes.round.setup_order"]
    state, events = apply(state, CompleteSetupStep("discard two missions"))
    assert (events[0].value("step"), events[0].value("round")) == (2, 2)
    assert state.rounds.setup_left[0].kind is SetupKind.RESET_AREA_TILES


# Radiation


def t05(**options: object) -> AshesState:
    """Worked case T05: area A (sector 3) with 2 active and 2 essential, area B (sector 2) with 4 active
    under a vehicle; the players at happiness 5 and 2."""
    state = round_2(playing(("Ann", "Bob"), **options))
    state = placed(
        state,
        Area("A", 3, survivors=Bag.of({A: 2, E: 2})),
        Area("B", 2, survivors=Bag.of({A: 4}), vehicles=1),
    )
    return with_board(with_board(state, "Ann", happiness=5), "Bob", happiness=2)


def test_t05_radiation_sends_sector_level_back_and_everyone_loses_the_total() -> None:
    state, events = apply(t05(), Radiate())
    assert state.areas == (
        Area("A", 3, survivors=Bag.of({E: 1})),
        Area("B", 2, survivors=Bag.of({A: 4}), vehicles=1),
    )
    assert state.bag == t05().bag.put([A, A, E])
    ann, bob = (state.seat(n).board for n in ("Ann", "Bob"))
    assert (ann.happiness, ann.vp, bob.happiness, bob.vp) == (2, 20, 0, 18)
    assert [(e.kind, e.text) for e in events] == [
        ("radiation", "A: 2 active and 1 essential back to the bag"),
        ("happiness", "Ann loses 3 happiness"),
        ("happiness", "Bob loses 3 happiness"),
        ("board", "Bob: 1 happiness below 0 cost VP."),
        ("setup", setup_steps(2)[0].text),
    ]
    assert state.rounds.setup_left[0].kind is SetupKind.DISCARD_MISSIONS
    assert codes(t05(), Radiate((3, 3))) == ["ashes.radiation.losses"]


def test_a_small_area_loses_what_it_has() -> None:
    state = placed(round_2(playing(("Ann", "Bob"))), Area("D", 4, survivors=Bag.of({A: 1, E: 2})))
    state, _ = apply(state, Radiate())
    assert state.areas[0].survivors.total == 0
    assert [s.board.happiness for s in state.seats] == [0, 0]
    assert [s.board.vp for s in state.seats] == [20, 20]


def test_manual_radiation_takes_one_loss_per_player_in_seat_order() -> None:
    manual = t05(radiation_loss="entered by the table")
    assert codes(manual, Radiate()) == ["ashes.radiation.losses"]
    assert codes(manual, Radiate((1,))) == ["ashes.radiation.losses"]
    assert codes(manual, Radiate((1, -1))) == ["ashes.radiation.losses"]
    state, _ = apply(manual, Radiate((1, 4)))
    ann, bob = (state.seat(n).board for n in ("Ann", "Bob"))
    assert (ann.happiness, ann.vp, bob.happiness, bob.vp) == (4, 20, 0, 16)
    assert state.areas[0].survivors == Bag.of({E: 1})


def test_round_1_has_no_radiation() -> None:
    assert codes(boarded(), Radiate()) == ["ashes.round.setup_order"]


# Survivors emerge


def test_emergence_needs_the_board_and_in_solo_the_rival() -> None:
    state = new()
    assert codes(state, Emerge()) == ["ashes.board.missing"]
    state, _ = apply(state, UseBoard(LAYOUT, TOPS))
    assert codes(state, Emerge()) == ["ashes.rival.missing"]
    state, _ = apply(state, SetRival(4, 3, 6, UPGRADES))
    state, events = apply(state, Emerge())
    assert events[-1].text == "Round 1: Ann plays first"
    assert state.rounds.current == "Ann"


def test_t04_two_per_bag_icon_area_lowest_sector_first_top_to_bottom() -> None:
    state = boarded()
    state = replace(
        state,
        areas=(
            Area("N2a", 2, bag_icon=True),
            Area("N1a", 1, bag_icon=True),
            Area("N1b", 1),
            Area("N1c", 1, bag_icon=True),
            Area("N3a", 3, bag_icon=True),
        ),
    )
    state, events = apply(state, Emerge(), seed=3)
    emerged = [(e.value("area"), len(e.value("kinds"))) for e in events if e.kind == "emerge"]
    assert emerged == [("N1a", 2), ("N1c", 2), ("N2a", 2)]
    assert [a.survivors.total for a in state.areas] == [2, 2, 0, 2, 0]
    assert state.bag.total == 69
    assert [e.kind for e in events][-2:] == ["setup", "turn"]


def test_round_2_fills_sectors_2_then_3() -> None:
    state = playing(("Ann", "Bob"))
    state = replace(
        state, rounds=replace(state.rounds, round=2, setup_left=setup_steps(2)[-1:], current=None)
    )
    state, events = apply(state, Emerge())
    assert [e.value("area") for e in events if e.kind == "emerge"] == ["S2a", "S3a"]
    assert events[-1].text == "Round 2: Ann plays first"


def test_the_tables_draws_are_used_as_entered_when_they_match_the_plan() -> None:
    drawn = (("S1a", (E, E)), ("S2a", (A, E)))
    state, events = apply(boarded(), Emerge(drawn))
    assert [(a.name, a.survivors) for a in state.areas if a.survivors.total] == [
        ("S1a", Bag.of({E: 2})),
        ("S2a", Bag.of({A: 1, E: 1})),
    ]
    assert [e.text for e in events if e.kind == "emerge"] == [
        "S1a: 2 essential",
        "S2a: 1 active, 1 essential",
    ]
    assert state.bag == Bag.of({A: 49, E: 22})


def test_draws_that_do_not_match_the_plan_or_the_bag_are_refused() -> None:
    state = boarded()
    one_essential = replace(state, bag=Bag.of({A: 74, E: 1}))
    for where, drawn, code in [
        (state, (("S2a", (A, A)), ("S1a", (A, A))), "ashes.emerge.drawn"),
        (state, (("S1a", (A,)), ("S2a", (A, A))), "ashes.emerge.drawn"),
        (state, (("S1a", (A, A)),), "ashes.emerge.drawn"),
        (state, (("S1a", (A, A)), ("S2a", (A, A)), ("S3a", (A, A))), "ashes.emerge.drawn"),
        (one_essential, (("S1a", (E, A)), ("S2a", (E, A))), "ashes.bag.missing"),
    ]:
        assert codes(where, Emerge(drawn)) == [code], drawn
    message = ASHES.validate(state, Emerge((("S1a", (A,)),)))[0].message
    assert message == "This round's survivors go, in order: 2 on S1a; 2 on S2a."


def test_a_short_bag_places_a_lone_last_survivor_unless_the_option_says_not() -> None:
    for lone, areas in ((True, [("S1a", 2), ("S2a", 1)]), (False, [("S1a", 2)])):
        state = boarded(lone_survivor=lone)
        hoard = Area("S4b", 4, survivors=Bag.of({A: 47, E: 25}))
        state = placed(state, *(hoard if a.name == "S4b" else a for a in state.areas))
        assert state.bag.total == 3
        state, events = apply(state, Emerge())
        assert [(e.value("area"), len(e.value("kinds"))) for e in events if e.kind == "emerge"] == areas
        assert state.bag.total == 3 - sum(n for _, n in areas)


# The end of a round


def passed_round(players: tuple[str, ...] = ("Ann", "Bob")) -> AshesState:
    """Round 1 with everyone passed: Ann to position 2 of the bottom row, Bob to position 1."""
    state = playing(players)
    rounds = pass_turn(pass_turn(state.rounds, "Ann", 2).state, "Bob", 1).state
    for name in players:
        state = with_board(state, name, passed=True, limited_used=frozenset({Limited.SCOUT}))
        state = state.with_seat(replace(state.seat(name), protocol="pass"))
    return replace(state, rounds=rounds)


def test_the_round_ends_once_everyone_passed_and_boards_open_again() -> None:
    assert codes(playing(("Ann", "Bob")), EndRound()) == ["ashes.round.not_over"]
    state, events = apply(passed_round(), EndRound())
    assert (state.rounds.round, state.rounds.order) == (2, ("Bob", "Ann"))
    assert all(not s.board.passed and not s.board.limited_used and s.protocol is None for s in state.seats)
    assert events[0].text == "Round 2 begins with its setup; turn order: Bob, Ann"
    last = replace(passed_round(), rounds=replace(passed_round().rounds, round=3))
    state, events = apply(last, EndRound())
    assert state.rounds.game_over and events[0].kind == "game_over"
    assert codes(state, EndRound()) == ["ashes.game.over"]


def test_the_rivals_bonus_card_comes_before_the_round_ends() -> None:
    rival = new_rival(Difficulty.NORMAL, 4, 3, (), (), 6)
    state = replace(passed_round(), rival=replace(rival, passed=True, bonus_turn_due=True))
    assert codes(state, EndRound()) == ["ashes.rival.bonus_due"]
    state = replace(state, rival=replace(rival, passed=True))
    state, _ = apply(state, EndRound())
    assert state.rival is not None and not state.rival.passed
