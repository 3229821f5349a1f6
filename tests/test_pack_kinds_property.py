"""Every pack kind's validator keeps the `PackKind.validate` contract on any JSON at all: it returns a list of
phrases, and never raises. A pack it accepts is one the game can read and lay out.

Two sources of hostile data: random JSON values of every type (lone surrogates, NaN, infinities and huge
numbers included), and valid packs with one value anywhere in them replaced by random JSON.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import trackers  # noqa: F401  (registers every pack kind)
from tests.hostile import rival_card
from tests.made_up_cards import BLACKOUT_CARDS, HOPE_CARDS, TRAFFIC_CARDS
from trackers.ashes.board.layout import board_from_json
from trackers.ashes.rival.deck import card_from_json, card_to_json
from trackers.blackout_hk import catalogue as blackout_cards
from trackers.core.packs import Pack, PackError, pack_kind, pack_kinds, parse_pack
from trackers.hope_city import catalogue as hope_cards
from trackers.infamous_traffic import catalogue as traffic_cards
from trackers.unsettled.board import example_map, map_from_json

Path = tuple[str | int, ...]

texts = st.text(st.characters(exclude_categories=()), max_size=12)
scalars = (
    st.none() | st.booleans() | st.integers() | st.floats() | texts | st.sampled_from([10**4000, -(10**300)])
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(texts, children, max_size=4),
    max_leaves=20,
)
awkward = st.sampled_from(
    [
        float("inf"),
        -float("inf"),
        float("nan"),
        1.9,
        2.0,
        "2",
        True,
        False,
        None,
        0,
        -1,
        10**4000,
        "",
        " ",
        "\ud800",
        [],
        {},
    ]
)
"""Values that a lenient reader converts or chokes on: drawn as often as all the other JSON values."""
replacements = awkward | json_values

BOARD = {
    "name": "Board",
    "shelter": "Shelter",
    "areas": [{"id": "A", "sector": 1, "bag_icon": True}, {"id": "B", "sector": 2}],
    "links": [["Shelter", "A"], ["A", "B"]],
    "red_lines": [["A", "B"]],
    "construction_spaces": [{"id": "S1", "sector": 1, "landmark": True}],
}
DECK = {"cards": [card_to_json(rival_card(label)) for label in ("A", "B")]}


def _catalogue_reads(kind: str, *read: Callable[[Pack], object]) -> Callable[[Any], None]:
    """A catalogue the validator accepts reads whole through the game's own readers."""

    def reads(data: Any) -> None:
        for cards in read:
            cards(Pack(kind, "Test catalogue", 1, data))

    return reads


def _deck_reads(data: Any) -> None:
    for card in data["cards"]:
        card_from_json(card)


VALID: dict[str, tuple[dict[str, Any], Callable[[Any], object]]] = {
    "unsettled.map": (example_map().to_json(), lambda data: map_from_json(data).graph()),
    "ashes.board": (BOARD, lambda data: board_from_json(data).graph()),
    "ashes.rival-deck": (DECK, _deck_reads),
    "blackout-hk.cards": (
        BLACKOUT_CARDS,
        _catalogue_reads("blackout-hk.cards", blackout_cards.cards_in, blackout_cards.tiles_in),
    ),
    "hope-city.cards": (HOPE_CARDS, _catalogue_reads("hope-city.cards", hope_cards.objectives_in)),
    "infamous-traffic.cards": (
        TRAFFIC_CARDS,
        _catalogue_reads("infamous-traffic.cards", traffic_cards.cards_in),
    ),
}


def _paths(value: Any, here: Path = ()) -> Iterator[Path]:
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*here, index))


def _replaced(value: Any, path: Path, new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replaced(value[head], rest, new)}
    assert isinstance(value, list) and isinstance(head, int)
    return [_replaced(item, rest, new) if i == head else item for i, item in enumerate(value)]


def _at(value: Any, path: Path) -> Any:
    for step in path:
        value = value[step]
    return value


def _phrases(kind: str, data: Any) -> list[str]:
    problems = pack_kind(kind).validate(data)
    assert isinstance(problems, list) and all(isinstance(p, str) for p in problems), problems
    return problems


@given(st.dictionaries(texts, json_values, max_size=6))
def test_every_validator_returns_phrases_for_any_json_object(data: dict[str, Any]) -> None:
    for kind in pack_kinds():
        _phrases(kind.kind, data)


@given(json_values)
def test_the_game_validators_return_phrases_for_any_json_value(data: Any) -> None:
    for kind in VALID:
        _phrases(kind, data)


@given(st.sampled_from(sorted(VALID)), st.data())
def test_a_valid_pack_with_any_value_replaced_is_refused_in_words_or_read_unconverted(
    kind: str, data: st.DataObject
) -> None:
    valid, read = VALID[kind]
    path = data.draw(st.sampled_from(list(_paths(valid))), label="path")
    new = data.draw(replacements, label="value")
    changed = _replaced(valid, path, new)
    if not _phrases(kind, changed):
        old = _at(valid, path)
        assert new is None or type(new) is type(old), f"{new!r} accepted in place of {old!r}: converted?"
        read(changed)


@given(st.sampled_from(sorted(VALID)), st.data())
def test_a_pack_file_is_read_or_refused_with_a_pack_error(kind: str, data: st.DataObject) -> None:
    valid, _ = VALID[kind]
    path = data.draw(st.sampled_from(list(_paths(valid))), label="path")
    changed = _replaced(valid, path, data.draw(replacements, label="value"))
    doc = {"format": "lantern-pack", "kind": kind, "name": "Random", "version": 1, "data": changed}
    with contextlib.suppress(PackError):
        parse_pack(json.dumps(doc), expected_kind=kind)
