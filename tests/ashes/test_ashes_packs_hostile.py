"""Hostile ASHES packs: oversized board layouts and rival decks are refused at their caps, and every field of
the wrong type is refused in words, never converted or raised as an exception.

Every crafted input is generated (here or in `tests.hostile`); none of them is stored in the repository.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import trackers  # noqa: F401  (registers the pack kinds and the games)
from tests import hostile
from tests.ashes.states import TOPS, new
from trackers.ashes import actions as aa
from trackers.ashes.board.layout import (
    MAX_AREAS,
    MAX_CONSTRUCTION_SPACES,
    MAX_ID_LENGTH,
    MAX_LINKS,
    board_from_json,
    board_problems,
)
from trackers.ashes.game import ASHES
from trackers.ashes.rival.deck import MAX_CARDS, card_from_json, card_to_json, deck_problems
from trackers.core.packs import MAX_PACK_BYTES, PackError, parse_pack

SHELTER = "Shelter"


def layout(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": "Test board",
        "shelter": SHELTER,
        "areas": [{"id": "A", "sector": 1, "bag_icon": True}, {"id": "B", "sector": 2}],
        "links": [[SHELTER, "A"], ["A", "B"]],
        "red_lines": [["A", "B"]],
        "construction_spaces": [{"id": "S1", "sector": 1, "landmark": True}],
    }
    return data | changes


def raw(**changes: Any) -> dict[str, Any]:
    return card_to_json(hostile.rival_card("7")) | changes


def test_a_1_mb_board_pack_is_refused_at_the_cap() -> None:
    text = hostile.board_pack()
    assert 900_000 < len(text) <= MAX_PACK_BYTES
    with pytest.raises(
        PackError,
        match=f"the board has {hostile.BOARD_PACK_AREAS} areas; a board layout has at most {MAX_AREAS}",
    ):
        parse_pack(text, expected_kind="ashes.board")


def test_a_huge_board_is_refused_at_the_cap_when_a_game_uses_it() -> None:
    data = hostile.board_layout()
    with pytest.raises(ValueError, match=f"a board layout has at most {MAX_AREAS}"):
        board_from_json(data)
    violations = ASHES.validate(new(), aa.UseBoard(json.dumps(data), TOPS))
    assert violations and f"at most {MAX_AREAS}" in violations[0].message


@pytest.mark.parametrize(
    ("key", "rows", "cap"),
    [
        ("areas", [{"id": f"A{i}", "sector": 1} for i in range(MAX_AREAS + 1)], MAX_AREAS),
        ("links", [[SHELTER, "A"]] * (MAX_LINKS + 1), MAX_LINKS),
        ("red_lines", [["A", "B"]] * (MAX_LINKS + 1), MAX_LINKS),
        (
            "construction_spaces",
            [{"id": f"S{i}", "sector": 1} for i in range(MAX_CONSTRUCTION_SPACES + 1)],
            MAX_CONSTRUCTION_SPACES,
        ),
    ],
)
def test_each_list_of_the_board_is_capped(key: str, rows: list[Any], cap: int) -> None:
    what = key.replace("_", " ")
    assert board_problems(layout(**{key: rows})) == [
        f"the board has {cap + 1} {what}; a board layout has at most {cap}"
    ]


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"areas": [{"id": "A", "sector": 1.0}]}, "area 1 needs a sector number, not 1.0"),
        ({"areas": [{"id": "A", "sector": "2"}]}, "area 1 needs a sector number, not '2'"),
        ({"areas": [{"id": "A", "sector": json.loads("1e400")}]}, "area 1 needs a sector number, not inf"),
        ({"areas": [{"id": "A", "sector": float("inf")}]}, "area 1 needs a sector number, not inf"),
        ({"areas": [{"id": "A", "sector": True}]}, "area 1 needs a sector number, not True"),
        ({"areas": [{"id": "A", "sector": 10**4000}]}, "area 'A' is in sector a huge number"),
        ({"areas": [{"id": "A", "sector": 1, "bag_icon": 1.0}]}, "area 1's 'bag_icon' must be true or false"),
        ({"areas": [{"id": {"a": 1}, "sector": 1}]}, "area 1 needs a name"),
        (
            {"areas": [{"id": "A\ud800", "sector": 1}]},
            "area 1's name holds a broken character (a lone surrogate)",
        ),
        (
            {"areas": [{"id": "x" * (MAX_ID_LENGTH + 1), "sector": 1}]},
            f"area 1's name is longer than {MAX_ID_LENGTH} characters",
        ),
        ({"name": {"a": 1}}, "the board needs a name"),
        ({"name": "x" * 81}, "the board's name is longer than 80 characters"),
        ({"name": "\udfff"}, "the board's name holds a broken character"),
        ({"shelter": "Home\ud800"}, "the starting shelter's name holds a broken character"),
        ({"links": [[SHELTER, "A"], ["A", "y" * 5000]]}, "names '" + "y" * 40 + "…', which is not an area"),
    ],
)
def test_a_field_of_the_wrong_type_is_refused_not_converted(changes: dict[str, Any], problem: str) -> None:
    problems = board_problems(layout(**changes))
    assert any(problem in p for p in problems), problems


@pytest.mark.parametrize("data", [None, [], "board", 2, [{"id": "A"}]])
def test_board_data_that_is_not_an_object_is_refused(data: Any) -> None:
    assert board_problems(data)[0].startswith("a board layout must be a JSON object")


def test_a_deck_with_thousands_of_cards_is_refused_at_the_cap() -> None:
    text = hostile.deck_pack()
    assert len(text) <= MAX_PACK_BYTES
    with pytest.raises(
        PackError, match=f"the deck has {hostile.DECK_PACK_CARDS} cards; a rival deck has at most {MAX_CARDS}"
    ):
        parse_pack(text, expected_kind="ashes.rival-deck")
    assert deck_problems({"cards": [{}] * 100_000}) == [
        f"the deck has 100000 cards; a rival deck has at most {MAX_CARDS}"
    ]


def test_a_deck_at_the_cap_is_accepted() -> None:
    assert (
        deck_problems({"cards": [card_to_json(hostile.rival_card(f"Card {i}")) for i in range(MAX_CARDS)]})
        == []
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (raw(numeric=4.0), "'numeric' must be a whole number from 1 to 9, not 4.0"),
        (raw(numeric=json.loads("1e400")), "'numeric' must be a whole number from 1 to 9, not inf"),
        (raw(numeric=float("inf")), "'numeric' must be a whole number from 1 to 9, not inf"),
        (raw(numeric=10**4000), "'numeric' must be a whole number from 1 to 9, not a huge number"),
        (
            raw(rounds_1_and_3={"action": "build", "column": 2.0}),
            "'rounds_1_and_3' needs a 'column' of 1, 2, 3, not 2.0",
        ),
        (
            raw(secondary={"action": "score_column", "column": "2"}),
            "'secondary' needs a 'column' of 1, 2, 3, not '2'",
        ),
        (raw(label="A\ud800"), "'label' holds a broken character (a lone surrogate): retype it"),
        (raw(label={"a": 1}), "'label' must be a name without spaces around it, not an object"),
        (raw(arrow="z" * 5000), "'arrow' must be one of orange, blue, pink, not '" + "z" * 40 + "…'"),
        (raw(round_2=[1, 2]), "'round_2' must be an object with an 'action', not a list"),
        (raw(ordinal=["from_left"]), "'ordinal' must be one of from_bottom, from_top, from_left, from_right"),
        (
            raw() | {f"extra{i}": i for i in range(1000)},
            "'extra0' is unknown; 'extra1' is unknown; 'extra10' is unknown; and 997 more fields are unknown",
        ),
    ],
)
def test_a_card_field_of_the_wrong_type_is_refused_not_converted(data: Any, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        card_from_json(data)
    assert message in str(refused.value)
    assert deck_problems({"cards": [data]}) == [f"card 1{_label(data)}: {refused.value}"]


def _label(data: dict[str, Any]) -> str:
    label = data.get("label")
    return f" ({label!r})" if isinstance(label, str) else ""


@pytest.mark.parametrize("data", [None, [], "deck", 2.5, [{"cards": []}]])
def test_deck_data_that_is_not_an_object_is_refused(data: Any) -> None:
    assert deck_problems(data)[0].startswith("a rival deck must be a JSON object")


def test_a_board_layout_nested_100000_deep_is_refused_without_recursion() -> None:
    """UseBoard carries its layout as JSON text in the log: it passes the same door as a pack."""
    from trackers.ashes.actions import UseBoard
    from trackers.ashes.game import ASHES
    from trackers.core.game import make_setup

    state = ASHES.new_state(make_setup(ASHES, ("Ann",), {}), 1)
    deep = "[" * 100_000 + "]" * 100_000
    problems = ASHES.validate(state, UseBoard(deep, (6, 6, 6)))
    assert [p.code for p in problems] == ["ashes.board.layout"]
    assert "nested" in problems[0].message or "deep" in problems[0].message


def test_a_catalogue_of_more_cards_than_a_deck_holds_is_refused_before_reading_them() -> None:
    from trackers.ashes.actions import CatalogueRivalDeck
    from trackers.ashes.game import ASHES
    from trackers.ashes.rival.deck import MAX_CARDS
    from trackers.core.game import make_setup

    state = ASHES.new_state(make_setup(ASHES, ("Ann",), {}), 1)
    problems = ASHES.validate(state, CatalogueRivalDeck(("[" * 100_000,) * (MAX_CARDS + 1)))
    assert [p.code for p in problems] == ["ashes.rival.deck.card"]
    assert str(MAX_CARDS) in problems[0].message


def test_a_rival_card_with_a_lone_surrogate_or_nan_is_refused() -> None:
    from trackers.ashes.actions import CatalogueRivalDeck
    from trackers.ashes.game import ASHES
    from trackers.core.game import make_setup

    state = ASHES.new_state(make_setup(ASHES, ("Ann",), {}), 1)
    for text in ('{"label": "\\ud800"}', '{"numeric": NaN}', '{"a": 1, "a": 2}'):
        assert [p.code for p in ASHES.validate(state, CatalogueRivalDeck((text,)))] == [
            "ashes.rival.deck.json"
        ]
