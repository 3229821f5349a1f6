"""The solo rival's entries: its components and deck, a turn whose rescue empties a tracked area, installs
that raise the data price and fill achievement tiles, the digital draw, and undo of a drawn turn."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from tests.ashes.entries import apply, codes, play, rescue_card
from tests.ashes.play import random_card
from tests.ashes.states import LAYOUT, TOPS, new
from trackers.ashes.actions import (
    Activate,
    CatalogueRivalDeck,
    Emerge,
    EndTurn,
    RevealRivalCard,
    RivalPass,
    RivalTurn,
    SetRival,
    StartingCombo,
    UseBoard,
)
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL, FULL_BAG, Area
from trackers.ashes.game import ASHES
from trackers.ashes.queries import TrackedRescue, tracked_rescue
from trackers.ashes.rival.deck import card_to_json
from trackers.ashes.rival.play import play_card
from trackers.ashes.rounds.turn_order import RIVAL, take_turn
from trackers.ashes.rules.main_actions import price
from trackers.ashes.rules.rival_turns import card_of, entry_for
from trackers.ashes.state import AshesState
from trackers.ashes.terms import Difficulty, UpgradeClass
from trackers.core.actions import Action
from trackers.core.bag import Bag
from trackers.core.game import make_setup
from trackers.core.session import Session

A, E = ACTIVE, ESSENTIAL
UPGRADES: tuple[Any, ...] = ("I", "II") * 5
EMERGED = (("S1a", (A, E)), ("S2a", (A, A)))


def card(label: str, cases: int = 0, **fields: Any) -> RivalTurn:
    """A rescue in this round's sector with no activator arrow unless `fields` say otherwise."""
    return rescue_card(label, cases, **fields)


def deck(*turns: RivalTurn) -> CatalogueRivalDeck:
    return CatalogueRivalDeck(tuple(json.dumps(card_to_json(card_of(t))) for t in turns))


def rivals_turn(upgrades: tuple[Any, ...] = UPGRADES, *before: Action, **options: Any) -> AshesState:
    """Round 1 of a solo game, track top 2, S1a holding 1 active and 1 essential: Ann has played."""
    state = play(
        new(**options), UseBoard(LAYOUT, TOPS), *before, SetRival(2, 3, 6, upgrades), Emerge(EMERGED)
    )
    return replace(state, rounds=take_turn(state.rounds, "Ann"))


def again(state: AshesState) -> AshesState:
    """The rival's turn once more, after Ann's."""
    return replace(state, rounds=take_turn(state.rounds, "Ann"))


# Components and deck


def test_the_rival_starts_from_the_options_and_the_entered_components() -> None:
    assert codes(new(("Ann", "Bob")), SetRival(2, 3, 6, UPGRADES)) == ["ashes.solo.only"]
    state = new(difficulty="advanced", rival_start_vp=25)
    for bad, code in [
        (SetRival(0, 3, 6, UPGRADES), "ashes.rival.component"),
        (SetRival(2, 31, 6, UPGRADES), "ashes.rival.component"),
        (SetRival(2, 3, 13, UPGRADES), "ashes.rival.component"),
        (SetRival(2, 3, 6, UPGRADES[:9]), "ashes.rival.upgrades"),
        (SetRival(2, 3, 6, ("III",) * 10), "ashes.rival.upgrades"),
    ]:
        assert codes(state, bad) == [code], bad
    state = play(state, SetRival(2, 3, 6, UPGRADES), SetRival(5, 4, 4, ("II",) * 10))
    rival = state.rival
    assert rival is not None
    assert (rival.difficulty, rival.marker.high, rival.direct_score, rival.vp) == (
        Difficulty.ADVANCED,
        5,
        4,
        25,
    )
    assert rival.upgrades_left == (UpgradeClass.CLASS_II,) * 10 and rival.shelter_discs_left == 4
    assert codes(rivals_turn(), SetRival(2, 3, 6, UPGRADES)) == ["ashes.setup.over"]


def test_a_catalogue_entered_before_or_after_the_rival_gives_it_the_deck() -> None:
    cards = deck(card("c1"), card("c2"))
    first = play(new(), cards, SetRival(2, 3, 6, UPGRADES))
    second = play(new(), SetRival(2, 3, 6, UPGRADES), cards)
    assert first.rival == second.rival and first.catalogue == second.catalogue
    assert first.rival is not None and first.rival.deck.draw_pile == ("c1", "c2")
    assert codes(new(("Ann", "Bob")), cards) == ["ashes.solo.only"]
    assert codes(new(), CatalogueRivalDeck(("{",))) == ["ashes.rival.deck.json"]
    assert codes(new(), deck(card("c1"), card("c1"))) == ["ashes.rival.deck.card"]
    assert codes(rivals_turn(), cards) == ["ashes.setup.over"]


# A turn entered from the table


def test_a_rescue_empties_the_named_area_into_the_bag_for_1_vp_each() -> None:
    state = rivals_turn()
    assert state.bag == Bag.of({A: 47, E: 24})
    state, events = apply(state, card("c1", 1, area="S1a"))
    assert state.area("S1a") == Area("S1a", 1, bag_icon=True)
    assert state.bag == Bag.of({A: 48, E: 25})
    assert state.rival is not None and state.rival.vp == 22
    summary = next(e for e in events if e.kind == "rival_turn")
    assert summary.value("to_bag") == (1, 1)
    assert [e.value("number") for e in events if e.kind == "rival_step"] == list(range(1, 8))
    assert (events[-1].text, state.rounds.current) == ("Ann is next", "Ann")


@pytest.mark.parametrize(
    ("entry", "code"),
    [
        (card("c1", 1), "ashes.rival.area"),
        (card("c1", 1, area="Nowhere"), "ashes.rival.area"),
        (card("c1", 1, area="S2a"), "ashes.rival.area_sector"),
        (card("c1", 1, area="S1b"), "ashes.rival.rescue_empty"),
        (card("c1", -1), "ashes.rival.cases"),
        (card("c1", round_2="build:7"), "ashes.rival.card"),
        (card("c1", rounds_1_and_3="install:pink", cases=1), "ashes.rival.level"),
    ],
)
def test_a_card_or_answer_that_cannot_be_played_is_refused(entry: RivalTurn, code: str) -> None:
    assert codes(rivals_turn(), entry) == [code]


def test_no_case_scores_the_direct_score_and_the_area_is_not_needed() -> None:
    state, _ = apply(rivals_turn(), card("c1", 0))
    assert state.rival is not None and state.rival.vp == 23
    assert state.area("S1a") == rivals_turn().area("S1a")


def test_rival_installs_raise_the_data_price_unless_the_option_says_not() -> None:
    install = card("c1", 1, rounds_1_and_3="install:dark_blue", level=2)
    counted, _ = apply(rivals_turn(), install)
    assert counted.installs == (0, 1, 0)
    uncounted, _ = apply(rivals_turn(rival_installs_count=False), install)
    assert uncounted.installs == (0, 1, 0), "the count is everyone's; the option changes the price only"
    assert price(counted, 2).data == 2 and price(uncounted, 2).data == 1
    assert counted.rival is not None and counted.rival.vp == 26


def test_a_class_ii_install_claims_the_rows_milestone_only_where_there_is_room() -> None:
    state = rivals_turn(("II",) * 10)
    claim = card("c1", 1, rounds_1_and_3="install:pink", level=1, achievement_has_room=True)
    state, _ = apply(state, claim)
    assert state.claims == ((), (), (RIVAL,))
    assert state.rival is not None and state.rival.vp == 20 + 2 + 2
    more = card("c2", 1, rounds_1_and_3="install:pink", level=1, achievement_has_room=True)
    assert codes(again(state), more) == ["ashes.rival.achievement_full"]
    state, _ = apply(again(state), replace(more, achievement_has_room=False))
    assert state.claims == ((), (), (RIVAL,)) and state.installs == (2, 0, 0)


def test_the_catalogue_checks_each_card_entered_against_the_pile() -> None:
    c1, c2 = card("c1", 1, area="S1a"), card("c2", rounds_1_and_3="build:1")
    state = rivals_turn(UPGRADES, deck(c1, c2))
    assert codes(state, card("c9")) == ["ashes.rival.card_not_in_pile"]
    assert codes(state, replace(c1, numeric=2)) == ["ashes.rival.card_differs"]
    state, _ = apply(state, c1)
    assert codes(again(state), c1) == ["ashes.rival.card_not_in_pile"]
    assert codes(state, c2) == ["ashes.turn.not_yours"]


# The pass


def test_at_the_top_step_the_rival_passes_then_plays_one_bonus_card() -> None:
    state = rivals_turn()
    assert codes(state, RivalPass()) == ["ashes.rival.not_at_top"]
    state = play(state, card("c1", arrow="orange"))
    state = play(again(state), card("c2", arrow="blue"))
    state = again(state)
    assert codes(state, card("c3")) == ["ashes.rival.must_pass"]
    state, events = apply(state, RivalPass())
    assert [e.value("number") for e in events] == [1, 2, 3, 4, 5]
    assert state.rival is not None and state.rival.bonus_turn_due and state.rival.marker.value == 0
    assert ASHES.summary(state).turn == RIVAL
    state = play(state, card("c3"))
    assert codes(state, card("c4")) == ["ashes.turn.passed"]
    assert codes(state, RivalPass()) == ["ashes.turn.passed"]


# The digital deck


def digital(**options: Any) -> AshesState:
    return rivals_turn(UPGRADES, deck(card("c1"), card("c2", rounds_1_and_3="build:2")), **options)


def test_a_digital_draw_needs_a_catalogue_and_the_rivals_turn() -> None:
    assert codes(rivals_turn(), RevealRivalCard()) == ["ashes.rival.no_catalogue"]
    assert codes(new(("Ann", "Bob")), RevealRivalCard()) == ["ashes.solo.only"]
    state = digital()
    anns_turn = replace(state, rounds=replace(state.rounds, current="Ann"))
    assert codes(anns_turn, RevealRivalCard()) == ["ashes.turn.not_yours"]
    rival = state.rival
    assert rival is not None
    at_top = replace(state, rival=replace(rival, marker=rival.marker.set(rival.marker.high)))
    assert codes(at_top, RevealRivalCard()) == ["ashes.rival.must_pass"]
    shown, _ = apply(state, RevealRivalCard())
    assert codes(shown, RevealRivalCard()) == ["ashes.rival.card_pending"]
    assert codes(shown, EndTurn("Ann")) == ["ashes.rival.card_pending"]


def test_the_drawn_card_is_on_show_until_its_entry_resolves_it() -> None:
    state, events = apply(digital(), RevealRivalCard(), seed=2)
    shown = state.pending_card
    assert shown is not None and shown.label in ("c1", "c2")
    other = "c2" if shown.label == "c1" else "c1"
    question = events[0].value("question")
    assert question in (
        "Sector 1, counting from the bottom: how many areas holding survivors?",
        "Sector 1, counting from the bottom: how many free construction spaces?",
    )
    assert events[0].text == f"Rival card {shown.label}: {question}"
    assert codes(state, replace(entry_for(shown), label=other)) == ["ashes.rival.not_pending"]
    state, _ = apply(state, entry_for(shown))
    assert state.pending_card is None
    assert state.rival is not None and state.rival.deck.discard_pile == (shown.label,)


def test_undoing_a_drawn_turn_as_one_group_restores_the_exact_state() -> None:
    session = Session(ASHES, make_setup(ASHES, ("Ann",), {}), 11)
    for action in (
        UseBoard(LAYOUT, TOPS),
        deck(card("c1"), card("c2", rounds_1_and_3="build:2"), card("c3", secondary="score_column:1")),
        SetRival(2, 3, 6, UPGRADES),
        StartingCombo("Ann", survivors=1, drawn=(A,)),
        Emerge(EMERGED),
        Activate("Ann", 2),
        EndTurn("Ann"),
    ):
        session.play(action)
    before = session.state
    shown = session.play(RevealRivalCard()).state.pending_card
    assert shown is not None and session.undo() and session.state == before
    result = session.dispatch_group([RevealRivalCard(), entry_for(shown, 0)])
    assert result.ok and result.state.pending_card is None
    after = session.state
    assert after.rival is not None and after.rival.vp == 23
    assert [e.action.type for e in session.history[-2:]] == ["ashes.reveal_rival_card", "ashes.rival_turn"]
    assert session.undo() and session.state == before
    assert session.redo() and session.state == after
    assert session.state.survivors() == FULL_BAG


def test_lantern_counts_a_rescue_on_the_tracked_board_and_names_the_area() -> None:
    state = rivals_turn()
    s1b = state.area("S1b")
    assert s1b is not None
    one_more = replace(s1b, survivors=s1b.survivors.put((A,)))
    state = replace(state, bag=state.bag.take((A,))).with_area(one_more)
    rival = state.rival
    assert rival is not None

    def tracked(**fields: Any) -> TrackedRescue | None:
        return tracked_rescue(state, play_card(rival, card_of(card("c1", **fields)), 1))

    assert tracked(ordinal="from_bottom") == TrackedRescue(2, "S1b")
    assert tracked(ordinal="from_top") == TrackedRescue(2, "S1a")
    assert tracked(ordinal="from_top", numeric=3) == TrackedRescue(2, "S1a"), "3 wraps round to the first"
    assert tracked(ordinal="from_left") == TrackedRescue(2, None), "left and right are not entered"
    assert tracked(sector="next_sector") == TrackedRescue(1, "S2a")
    assert tracked(rounds_1_and_3="move_vehicle") is None


@pytest.mark.parametrize("seed", range(20))
def test_an_entry_made_for_a_card_reads_back_as_that_card(seed: int) -> None:
    shown = card_of(random_card(random.Random(seed), f"R{seed}"))
    entry = entry_for(shown, cases=2, area="S1a", level=2, achievement_has_room=True)
    assert card_of(entry) == shown
    assert (entry.cases, entry.area, entry.level, entry.achievement_has_room) == (2, "S1a", 2, True)


def test_the_rivals_vehicle_brings_the_survivors_of_the_area_it_leaves_and_shields_where_it_stands() -> None:
    move = {"rounds_1_and_3": "move_vehicle", "arrow": None}
    state = rivals_turn()
    assert codes(state, card("c1", 2, **move)) == ["ashes.rival.area"]
    assert codes(state, card("c1", 2, area="S2a", **move)) == ["ashes.rival.area_sector"]
    state, events = apply(state, card("c1", 2, area="S1a", **move))
    assert state.rival_vehicle == "S1a"
    assert [(a.name, a.vehicles, a.survivors.total) for a in state.areas if a.vehicles] == [("S1a", 1, 2)]
    assert "The rival's vehicle goes from the starting shelter to S1a" in [e.text for e in events]
    state, events = apply(again(state), card("c2", 2, area="S1b", **move))
    assert [(a.name, a.vehicles, a.survivors.total) for a in state.areas if a.name in ("S1a", "S1b")] == [
        ("S1a", 0, 0),
        ("S1b", 1, 2),
    ]
    assert "The rival's vehicle goes from S1a to S1b, bringing 2 survivor(s)" in [e.text for e in events]
