"""The player's rival deck: card JSON, the rival-deck pack, catalogue editing, digital and physical draws."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackers.ashes.rival.card import (
    Arrow,
    Build,
    DiscardMissions,
    Install,
    MoveVehicle,
    Ordinal,
    Rescue,
    RivalCard,
    ScoreColumn,
    SectorParameter,
)
from trackers.ashes.rival.deck import (
    MAX_LABEL_LENGTH,
    RIVAL_DECK,
    add_card,
    add_card_violations,
    card_from_json,
    card_to_json,
    cards_from_pack,
    deck_pack,
    deck_problems,
    draw_digital,
    remove_card,
)
from trackers.ashes.rival.play import RivalState, Turn, new_rival, play_card
from trackers.ashes.terms import Difficulty, PhoenixRow
from trackers.core.deck import Deck, Reshuffle
from trackers.core.errors import IllegalAction
from trackers.core.packs import Pack, PackError, PackKind, dumps, pack_kind, parse_pack, register_pack_kind

labels = st.text(min_size=1, max_size=MAX_LABEL_LENGTH).filter(lambda s: s == s.strip() != "")
mains = st.one_of(
    st.builds(Build, st.sampled_from((1, 2, 3))),
    st.just(Rescue()),
    st.just(MoveVehicle()),
    st.builds(Install, st.sampled_from(PhoenixRow)),
)
secondaries = st.one_of(
    st.none(), st.just(DiscardMissions()), st.builds(ScoreColumn, st.sampled_from((1, 2, 3)))
)
cards = st.builds(
    RivalCard,
    labels,
    st.none() | st.sampled_from(Arrow),
    mains,
    mains,
    secondaries,
    st.sampled_from(Ordinal),
    st.integers(1, 9),
    st.sampled_from(SectorParameter),
)


def card(label: str = "7", **changes: Any) -> RivalCard:
    fields: dict[str, Any] = {
        "arrow": Arrow.BLUE,
        "rounds_1_and_3": Build(2),
        "round_2": Install(PhoenixRow.DARK_BLUE),
        "secondary": ScoreColumn(3),
        "ordinal": Ordinal.FROM_LEFT,
        "numeric": 4,
        "sector": SectorParameter.NEXT_SECTOR,
    }
    return RivalCard(label, **(fields | changes))


OTHER = register_pack_kind(PackKind("test.ashes-other", 1, "other tally", lambda data: []))
DECK = (card("A"), card("B", arrow=None, secondary=None), card("C", round_2=Rescue()))
BY_LABEL = {c.label: c for c in DECK}


def raw(**changes: Any) -> dict[str, Any]:
    return card_to_json(card()) | changes


def refusal(data: Any) -> str:
    with pytest.raises(ValueError) as refused:
        card_from_json(data)
    return str(refused.value)


def test_card_json_is_readable_by_hand() -> None:
    assert card_to_json(card()) == {
        "label": "7",
        "arrow": "blue",
        "rounds_1_and_3": {"action": "build", "column": 2},
        "round_2": {"action": "install", "row": "dark_blue"},
        "secondary": {"action": "score_column", "column": 3},
        "ordinal": "from_left",
        "numeric": 4,
        "sector": "next_sector",
    }


@given(cards)
def test_every_valid_card_survives_json(rival_card: RivalCard) -> None:
    assert card_from_json(json.loads(json.dumps(card_to_json(rival_card)))) == rival_card


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a card must be a JSON object, not []"),
        (
            {k: v for k, v in raw().items() if k != "sector"} | {"sectr": 1},
            "'sector' is missing; 'sectr' is unknown",
        ),
        (raw(label=" 7"), "'label' must be a name without spaces around it, not ' 7'"),
        (raw(label=""), "'label' must be a name without spaces around it, not ''"),
        (raw(label=7), "'label' must be a name without spaces around it, not 7"),
        (raw(label="x" * 41), "'label' is longer than 40 characters"),
        (raw(arrow="green"), "'arrow' must be one of orange, blue, pink, not 'green'"),
        (
            raw(round_2={"action": "fly"}),
            "'round_2' must be build, rescue, move_vehicle or install, not 'fly'",
        ),
        (raw(round_2="rescue"), "'round_2' must be an object with an 'action', not 'rescue'"),
        (
            raw(rounds_1_and_3={"action": "build", "column": 4}),
            "'rounds_1_and_3' needs a 'column' of 1, 2, 3, not 4",
        ),
        (raw(rounds_1_and_3={"action": "build", "column": True}), "needs a 'column' of 1, 2, 3, not True"),
        (
            raw(round_2={"action": "install", "row": "green"}),
            "'round_2.row' must be one of dark_blue, light_blue",
        ),
        (
            raw(secondary={"action": "rescue"}),
            "'secondary' must be null, discard_missions or score_column, not",
        ),
        (raw(secondary={"action": "score_column"}), "'secondary' needs a 'column' of 1, 2, 3, not None"),
        (
            raw(ordinal="from the bottom"),
            "'ordinal' must be one of from_bottom, from_top, from_left, from_right",
        ),
        (raw(sector="this round"), "'sector' must be one of this_round, next_sector, not 'this round'"),
        (raw(numeric=0), "'numeric' must be a whole number from 1 to 9, not 0"),
        (raw(numeric=10), "'numeric' must be a whole number from 1 to 9, not 10"),
        (raw(numeric=2.5), "'numeric' must be a whole number from 1 to 9, not 2.5"),
        (raw(numeric=True), "'numeric' must be a whole number from 1 to 9, not True"),
        (raw(numeric="3"), "'numeric' must be a whole number from 1 to 9, not '3'"),
    ],
)
def test_a_malformed_card_is_refused_naming_the_field(data: Any, message: str) -> None:
    assert message in refusal(data)


def test_the_pack_kind_is_registered() -> None:
    assert pack_kind("ashes.rival-deck") is RIVAL_DECK
    assert (RIVAL_DECK.version, RIVAL_DECK.title) == (1, "rival deck")


@pytest.mark.parametrize(
    ("data", "problems"),
    [
        ({}, ["its data needs a 'cards' list"]),
        ({"cards": {}}, ["its data needs a 'cards' list"]),
        ({"cards": []}, ["the deck has no cards"]),
        (
            {"cards": [raw(label="A"), raw(label="B", numeric=12), "C", raw(label="A"), raw(label="B")]},
            [
                "card 2 ('B'): 'numeric' must be a whole number from 1 to 9, not 12",
                "card 3: a card must be a JSON object, not 'C'",
                "cards 1, 4 share the label 'A'",
                "cards 2, 5 share the label 'B'",
            ],
        ),
        ({"cards": [raw(label="A"), raw(label="B")]}, []),
    ],
)
def test_deck_problems(data: dict[str, Any], problems: list[str]) -> None:
    assert deck_problems(data) == problems


def test_export_then_parse_gives_the_same_cards() -> None:
    pack = deck_pack("Kitchen table deck", DECK)
    parsed = parse_pack(dumps(pack), expected_kind="ashes.rival-deck")
    assert parsed == pack
    assert cards_from_pack(parsed) == DECK


def test_a_deck_that_could_not_be_read_back_is_not_exported() -> None:
    with pytest.raises(PackError, match=r"rival deck pack is not valid: the deck has no cards\.$"):
        deck_pack("Empty", ())
    with pytest.raises(PackError, match="cards 1, 2 share the label 'A'"):
        deck_pack("Twins", (card("A"), card("A")))


def test_a_malformed_pack_is_refused_whole_and_changes_nothing() -> None:
    mine = deck_pack("Mine", DECK)
    before = dumps(mine)
    bad = [raw(label=str(n), numeric=0) for n in range(7)]
    text = dumps(Pack("ashes.rival-deck", "Broken", 1, {"cards": bad}))
    with pytest.raises(PackError) as refused:
        parse_pack(text, expected_kind="ashes.rival-deck")
    message = str(refused.value)
    assert message.startswith("This rival deck pack is not valid: card 1 ('0'): 'numeric' must be")
    assert message.count("'numeric' must be") == 5 and message.endswith("; and 2 more.")
    assert dumps(mine) == before and cards_from_pack(mine) == DECK


def test_cards_from_pack_refuses_another_kind_of_pack() -> None:
    with pytest.raises(PackError, match=r"^This pack holds an other tally, not a rival deck\.$"):
        cards_from_pack(Pack(OTHER.kind, "Tally", 1, {"cards": [raw()]}))
    with pytest.raises(PackError, match="not valid: the deck has no cards"):
        cards_from_pack(Pack("ashes.rival-deck", "Empty", 1, {"cards": []}))


def test_building_my_rival_deck() -> None:
    deck = add_card(add_card((), card("A")), card("B"))
    assert [c.label for c in deck] == ["A", "B"]
    assert remove_card(deck, "A") == (card("B"),)
    [duplicate] = add_card_violations(deck, card("A", numeric=1))
    assert duplicate.code == "ashes.rival.deck.duplicate" and duplicate.rule == "ashes/solo/rival"
    assert "already has a card labelled 'A'" in duplicate.message
    with pytest.raises(IllegalAction):
        add_card(deck, card("A"))


@pytest.mark.parametrize("bad", [card(" A"), card("A" * 41), card(numeric=10)])
def test_a_card_that_could_not_be_saved_is_refused(bad: RivalCard) -> None:
    [problem] = add_card_violations((), bad)
    assert problem.code == "ashes.rival.deck.card" and problem.message.startswith(
        "This card cannot be saved:"
    )


def test_removing_a_card_not_in_the_deck_is_a_bug() -> None:
    with pytest.raises(ValueError, match="no card labelled 'Z'"):
        remove_card(DECK, "Z")


def catalogued() -> RivalState:
    """A rival holding DECK, on a track long enough that arrows never force a pass."""
    return new_rival(Difficulty.NORMAL, 20, 3, sorted(BY_LABEL), (), 4)


def digital_game(seed: int, turns: int) -> tuple[RivalState, list[Turn]]:
    rng = random.Random(seed)
    rival, played = catalogued(), []
    for _ in range(turns):
        turn = play_card(rival, draw_digital(rival.deck, BY_LABEL, rng), 1)
        rival = turn.rival
        played.append(turn)
    return rival, played


def test_a_digital_draw_only_chooses_and_play_card_moves_the_card_once() -> None:
    rival = catalogued()
    drawn = draw_digital(rival.deck, BY_LABEL, random.Random(9))
    deck = play_card(rival, drawn, 1).rival.deck
    assert deck.discard_pile == (drawn.label,)
    assert sorted(deck.draw_pile) == sorted(set("ABC") - {drawn.label})
    assert Counter(deck.draw_pile + deck.discard_pile) == Counter("ABC")


def test_digital_draws_are_the_same_for_a_seed() -> None:
    assert digital_game(5, 8) == digital_game(5, 8)
    assert len({tuple(t.card.label for t in digital_game(seed, 8)[1]) for seed in range(20)}) > 1


def test_digital_draws_go_through_the_deck_then_play_card_reshuffles() -> None:
    rival, played = digital_game(3, 7)
    seen = [t.card.label for t in played]
    assert sorted(seen[:3]) == sorted(seen[3:6]) == ["A", "B", "C"]
    refills = [n for n, t in enumerate(played) if t.steps[0].text.startswith("The rival pile is empty")]
    assert refills == [3, 6]
    assert Counter(rival.deck.draw_pile + rival.deck.discard_pile) == Counter("ABC")
    assert rival.deck.discard_pile == (seen[6],)


def test_a_digital_draw_picks_uniformly_even_from_a_sorted_pile() -> None:
    gathered = Deck(("A", "B", "C"), (), Reshuffle.WHEN_EMPTY)  # as rival_pass leaves it: sorted
    rng = random.Random(0)
    picks = Counter(draw_digital(gathered, BY_LABEL, rng).label for _ in range(3000))
    assert set(picks) == {"A", "B", "C"} and all(900 < n < 1100 for n in picks.values())
    emptied = Deck((), ("C", "A"), Reshuffle.WHEN_EMPTY)
    assert {draw_digital(emptied, BY_LABEL, random.Random(s)).label for s in range(30)} == {"A", "C"}


def test_a_digital_draw_needs_the_catalogue() -> None:
    with pytest.raises(ValueError, match="needs a rival deck with its catalogue"):
        draw_digital(Deck(), BY_LABEL, random.Random(1))
    with pytest.raises(ValueError, match="'A' is in the deck but not in the catalogue"):
        draw_digital(Deck(("A",)), {}, random.Random(1))


def test_physical_entry_with_a_catalogue_goes_through_play_card() -> None:
    rival = play_card(catalogued(), card("B"), 1).rival
    assert rival.deck == Deck(("A", "C"), ("B",), Reshuffle.WHEN_EMPTY)
    for label in ("B", "Z"):
        with pytest.raises(IllegalAction) as refused:
            play_card(rival, card(label), 1)
        [problem] = refused.value.violations
        assert problem.code == "ashes.rival.card_not_in_pile" and problem.rule == "ashes/solo/rival-turn"
        assert f"{label!r} is not in the rival's draw pile" in problem.message
