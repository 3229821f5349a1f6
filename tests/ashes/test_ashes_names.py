"""Names the table types are compared as it means them (#28 point 4): "s1a " is the area S1a, "c1" the card
C1, "ann" the player Ann; the log keeps what was typed, and older games replay as they were played."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from tests.ashes.entries import apply, codes, play, rescue_card
from tests.ashes.states import BOARD, LAYOUT, TOPS, new, playing, with_board
from trackers.ashes.actions import Build, CatalogueRivalDeck, Emerge, Kind, Move, Rescue, SetRival, UseBoard
from trackers.ashes.board.layout import board_from_json, board_pack, board_problems
from trackers.ashes.game import ASHES
from trackers.ashes.queries import unlabelled_name
from trackers.ashes.rival.card import RivalCard
from trackers.ashes.rival.deck import add_card_violations, card_to_json, deck_pack, deck_problems
from trackers.ashes.rounds.turn_order import take_turn
from trackers.ashes.rules.rival_turns import card_of
from trackers.ashes.state import AshesState
from trackers.core.game import make_setup
from trackers.core.packs import PackError
from trackers.core.session import Session

A: Kind = "active"
E: Kind = "essential"
UPGRADES: tuple[Any, ...] = ("I", "II") * 5


def layout(**changes: Any) -> dict[str, Any]:
    return BOARD.to_json() | changes


# The engine: an entry naming an area, a space, a card or a player in another case means that one


def test_a_move_typed_in_another_case_goes_through_the_areas_it_means() -> None:
    state = with_board(playing(), "Ann", fuel=2)
    moved = play(state, Move("ann ", (" s1A", "S1B ")))
    assert moved.seat("Ann").vehicle == "S1b"
    assert [(a.name, a.vehicles) for a in moved.areas if a.vehicles] == [("S1b", 1)]
    assert ASHES.describe(state, Move("ann ", ("s1a",))).startswith("Ann")


def test_a_rescue_and_a_build_name_the_area_and_space_in_any_case() -> None:
    state = with_board(playing(), "Ann", strength=5)
    state = replace(state, seats=tuple(replace(s, main_actions=5) for s in state.seats))
    built, events = apply(state, Build("Ann", " c1"))
    assert built.seat("Ann").shelters == ("C1",) and events[1].value("space") == "C1"
    assert codes(built, Build("Ann", "C1")) == ["ashes.build.taken"]
    emerged = play(
        new(),
        UseBoard(LAYOUT, TOPS),
        SetRival(2, 3, 6, UPGRADES),
        Emerge((("s1A ", (A, E)), ("s2a", (A, A)))),
    )
    area = emerged.area("S1a")
    assert area is not None and area.survivors.items() == (A, E)
    ready = replace(emerged, rounds=replace(emerged.rounds, current="Ann"))
    ready = replace(ready, seats=tuple(replace(s, main_actions=5) for s in ready.seats))
    rescued, _ = apply(ready, Rescue("Ann", "S1A", active=1))
    assert rescued.seat("Ann").board.entrance == (A,)


def test_the_log_keeps_the_entry_as_typed() -> None:
    session = Session(ASHES, make_setup(ASHES, ("Ann",), {}), seed=7)
    session.play(UseBoard(LAYOUT, TOPS))
    session.play(SetRival(2, 3, 6, UPGRADES))
    session.play(Emerge((("s1a", (A, E)), ("S2A", (A, A)))))
    assert session.entries[-1].action == Emerge((("s1a", (A, E)), ("S2A", (A, A))))
    replayed = Session.replay(ASHES, session.setup, session.seed, [e.action for e in session.entries])
    assert replayed.state == session.state


def rivals_turn(*before: Any) -> AshesState:
    state = play(
        new(),
        UseBoard(LAYOUT, TOPS),
        *before,
        SetRival(2, 3, 6, UPGRADES),
        Emerge((("S1a", (A, E)), ("S2a", (A, A)))),
    )
    return replace(state, rounds=take_turn(state.rounds, "Ann"))


def deck(*turns: Any) -> CatalogueRivalDeck:
    return CatalogueRivalDeck(tuple(json.dumps(card_to_json(card_of(t))) for t in turns))


def test_a_rival_card_entered_in_another_case_is_the_catalogued_card() -> None:
    state = rivals_turn(deck(rescue_card("c1", 1, area="S1a"), rescue_card("c2")))
    after, _ = apply(state, rescue_card("C1 ", 1, area=" s1a"))
    assert after.rival is not None and after.rival.deck.discard_pile == ("c1",)
    emptied = after.area("S1a")
    assert emptied is not None and emptied.survivors.total == 0


# The packs: two names differing only in case or spaces are one name given twice


def test_a_board_pack_refuses_two_areas_or_spaces_with_one_name() -> None:
    areas = [*layout()["areas"], {"id": "s1A ", "sector": 1}]
    assert board_problems(layout(areas=areas)) == ["two areas share the id 'S1a'"]
    spaces = [*layout()["construction_spaces"], {"id": "c1", "sector": 1}]
    assert board_problems(layout(construction_spaces=spaces)) == ["two construction spaces share the id 'C1'"]
    with pytest.raises(PackError, match="two areas share the id 'S1a'"):
        board_pack(replace(BOARD, areas=(*BOARD.areas, replace(BOARD.areas[0], id="S1A"))))


def test_a_board_link_or_space_naming_an_area_in_another_case_means_that_area() -> None:
    links = [["shelter ", "s1a"], *(k for k in layout()["links"] if "Shelter" not in k)]
    spaces = [{"id": "C1", "sector": 1, "areas": ["s1a", " S1B"]}]
    board = board_from_json(layout(links=links, red_lines=[["s4a", "S3B"]], construction_spaces=spaces))
    assert board.links == BOARD.links
    assert board.red_lines == BOARD.red_lines
    assert board.touching("C1") == ("S1a", "S1b")
    listed_twice = layout(links=[*layout()["links"], ["S1A", "SHELTER"]])
    assert board_problems(listed_twice) == ["the link S1a–Shelter is listed twice"]


def test_a_board_an_older_game_entered_with_two_names_in_one_case_still_replays() -> None:
    """Before #28 "S1a" and "s1a" were two areas: a log carrying such a board keeps them apart."""
    old = layout(
        areas=[*layout()["areas"], {"id": "s1a", "sector": 1}], links=[*layout()["links"], ["S1a", "s1a"]]
    )
    assert board_problems(old, logged=True) == []
    state = play(new(), UseBoard(json.dumps(old), TOPS))
    assert [a.name for a in state.areas][:1] == ["S1a"] and state.area("s1a") is not None


def card(label: str) -> RivalCard:
    return card_of(rescue_card(label))


def test_a_rival_deck_refuses_two_cards_with_one_label() -> None:
    cards = [card_to_json(card("T1")), card_to_json(card("t1"))]
    assert deck_problems({"cards": cards}) == ["cards 1, 2 share the label 'T1'"]
    with pytest.raises(PackError, match="share the label 'T1'"):
        deck_pack("My rival deck", (card("T1"), card("t1")))
    [duplicate] = add_card_violations((card("T1"),), card("t1"))
    assert duplicate.code == "ashes.rival.deck.duplicate"


def test_a_deck_an_older_game_catalogued_with_two_labels_in_one_case_still_replays() -> None:
    cards = [card_to_json(card("T1")), card_to_json(card("t1"))]
    assert deck_problems({"cards": cards}, logged=True) == []
    state = play(new(), CatalogueRivalDeck(tuple(json.dumps(c) for c in cards)))
    assert [c.label for c in state.catalogue] == ["T1", "t1"]


def test_a_card_entered_without_a_label_takes_no_name_a_known_card_has_in_another_case() -> None:
    known = [replace(card("card 1"), numeric=5), replace(card("CARD  2"), numeric=6)]
    assert unlabelled_name(replace(card("?"), numeric=7), known) == "Card 3"
