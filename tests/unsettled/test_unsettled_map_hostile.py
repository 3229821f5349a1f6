"""Hostile Scarab maps: oversized packs and `LoadMap` actions are refused at their caps, and every field of
the wrong type is refused in words, never converted or raised as an exception.

Every crafted input is generated (here or in `tests.hostile`); none of them is stored in the repository.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import trackers  # noqa: F401  (registers the map pack kind and the game)
from tests import hostile
from trackers.core.game import make_setup
from trackers.core.packs import MAX_PACK_BYTES, PackError, parse_pack
from trackers.core.session import Session
from trackers.services.gamefile import GameFileError, load_document
from trackers.unsettled import actions as ua
from trackers.unsettled.board import MAX_CELLS, MAX_PAIRS, NODES, example_map, map_from_json, map_problems
from trackers.unsettled.game import UNSETTLED


def layout(**changes: Any) -> dict[str, Any]:
    return example_map().to_json() | changes


def with_cell(index: int, cell: Any) -> dict[str, Any]:
    data = layout()
    data["cells"][index] = cell
    return data


def test_a_1_mb_map_pack_with_72000_cells_is_refused_at_the_cap() -> None:
    text = hostile.map_pack()
    assert 900_000 < len(text) <= MAX_PACK_BYTES
    with pytest.raises(
        PackError, match=f"the map has {hostile.MAP_PACK_CELLS} cells; a Scarab map has at most {MAX_CELLS}"
    ):
        parse_pack(text, expected_kind="unsettled.map")


def test_a_game_file_loading_a_16000_cell_map_is_refused_at_the_cap() -> None:
    with pytest.raises(GameFileError, match=f"a Scarab map has at most {MAX_CELLS}"):
        load_document(hostile.load_map_game_file())


def test_a_16000_cell_load_map_is_refused_by_the_game() -> None:
    cells = tuple(("Navigation", i % 6, i // 6) for i in range(hostile.LOAD_MAP_CELLS))
    session = Session(UNSETTLED, make_setup(UNSETTLED, ("Ann",), {}), 1)
    result = session.dispatch(ua.LoadMap("Huge", cells))
    assert not result.ok
    assert f"the map has {hostile.LOAD_MAP_CELLS} cells" in result.violations[0].message


@pytest.mark.parametrize("key", ["barriers", "links"])
def test_too_many_barriers_or_links_are_refused_at_the_cap(key: str) -> None:
    pairs = [["Navigation", "Workshop"]] * (MAX_PAIRS + 1)
    assert map_problems(layout(**{key: pairs})) == [
        f"the map has {MAX_PAIRS + 1} {key}; a Scarab map has at most {MAX_PAIRS} (one per pair of cards)"
    ]


@pytest.mark.parametrize(
    ("cell", "problem"),
    [
        (["Workshop", 1.9, 3], "cell 1 ('Workshop') needs a whole-number column, not 1.9"),
        (["Workshop", "2", 3], "cell 1 ('Workshop') needs a whole-number column, not '2'"),
        (["Workshop", 2, json.loads("1e400")], "cell 1 ('Workshop') needs a whole-number row, not inf"),
        (["Workshop", float("inf"), 3], "cell 1 ('Workshop') needs a whole-number column, not inf"),
        (["Workshop", 2, float("nan")], "cell 1 ('Workshop') needs a whole-number row, not nan"),
        (["Workshop", True, 3], "cell 1 ('Workshop') needs a whole-number column, not True"),
        (["Workshop", 2.0, 3], "cell 1 ('Workshop') needs a whole-number column, not 2.0"),
        (["Workshop", 2, None], "cell 1 ('Workshop') needs a whole-number row, not None"),
        ([7, 2, 3], "cell 1 must name its card as text, not 7"),
        (["Workshop", 2], "cell 1 must be a list of three: [card, column, row]"),
        ({"card": "Workshop"}, "cell 1 must be a list of three: [card, column, row]"),
        (["Workshop", 10**4000, 3], "'Workshop' lies outside the 6x6 grid"),
        (["Work\ud800shop", 2, 3], "'Work\\ud800shop' is not a Scarab card"),
    ],
)
def test_a_cell_of_the_wrong_type_is_refused_not_converted(cell: Any, problem: str) -> None:
    assert problem in map_problems(with_cell(0, cell))
    with pytest.raises(ValueError, match=r"cell 1|Workshop|not a Scarab card"):
        map_from_json(with_cell(0, cell))


def test_a_pack_file_with_a_coordinate_of_1e400_is_refused_not_raised() -> None:
    doc = {"format": "lantern-pack", "kind": "unsettled.map", "name": "Far", "version": 1}
    text = json.dumps(doc | {"data": with_cell(0, ["Workshop", 2, 3])}).replace("3]", "1e400]", 1)
    assert "1e400" in text
    with pytest.raises(PackError):
        parse_pack(text, expected_kind="unsettled.map")


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ({"a": 1}, "the map needs a name as text, not an object"),
        (["Map"], "the map needs a name as text, not a list"),
        (3, "the map needs a name as text, not 3"),
        ("  ", "the map needs a name as text, not '  '"),
        ("x" * 81, "the map's name is longer than 80 characters"),
        ("Ours \ud800", "the map's name holds a broken character (a lone surrogate): retype it"),
    ],
)
def test_a_name_that_is_not_text_is_refused(name: Any, problem: str) -> None:
    assert map_problems(layout(name=name)) == [problem]


@pytest.mark.parametrize("value", [None, 3, "cells", {"cells": []}, True])
def test_lists_of_the_wrong_type_are_refused(value: Any) -> None:
    for key in ("cells", "barriers", "links"):
        problems = map_problems(layout(**{key: value}))
        assert len(problems) == 1 and problems[0].startswith(f"{key!r} must be a list of")


@pytest.mark.parametrize("data", [None, [], "map", 1.5, [["Workshop", 1, 1]]])
def test_data_that_is_not_an_object_is_refused(data: Any) -> None:
    assert map_problems(data)[0].startswith("a map must be a JSON object")


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        (
            {"barriers": [["Laboratory", "Research Center"], ["Research Center", "Laboratory"]]},
            "the barrier Laboratory–Research Center is listed twice",
        ),
        (
            {"links": [["Crew Quarters", "Organic Stowage"]] * 2},
            "the link Crew Quarters–Organic Stowage is listed twice",
        ),
        ({"links": [["Workshop", "Workshop"]]}, "the link Workshop–Workshop joins a card to itself"),
        ({"barriers": [["Workshop", 3]]}, "barrier 1 must be a pair of card names: [card, card]"),
        (
            {"links": [["Workshop", "x" * 1000]]},
            "link Workshop–'" + "x" * 40 + "…' names a card not on the map",
        ),
    ],
)
def test_pairs_the_graph_could_not_hold_are_refused(changes: dict[str, Any], problem: str) -> None:
    assert problem in map_problems(layout(**changes))


@pytest.mark.parametrize(
    "action",
    [
        ua.LoadMap("Twice walled", example_map().cells, (("Laboratory", "Research Center"),) * 2),
        ua.LoadMap("Self link", example_map().cells, (), (("Workshop", "Workshop"),)),
        ua.LoadMap("Ours \ud800", example_map().cells),
        ua.LoadMap("x" * 81, example_map().cells),
        ua.LoadMap("", example_map().cells),
    ],
)
def test_a_load_map_the_graph_could_not_hold_is_refused_not_raised(action: ua.LoadMap) -> None:
    session = Session(UNSETTLED, make_setup(UNSETTLED, ("Ann",), {}), 1)
    result = session.dispatch(action)
    assert not result.ok and result.violations[0].rule == "unsettled/map"


def test_a_load_map_with_reversed_pairs_is_read_like_the_pack() -> None:
    scarab = example_map()
    reversed_barriers = tuple((b, a) for a, b in scarab.barriers)
    session = Session(UNSETTLED, make_setup(UNSETTLED, ("Ann",), {}), 1)
    result = session.dispatch(ua.LoadMap("Reversed", scarab.cells, reversed_barriers, scarab.links))
    assert result.ok
    assert session.state.scarab.barriers == scarab.barriers
    assert session.state.graph == UNSETTLED.new_state(make_setup(UNSETTLED, ("Ann",), {}), 1).graph


def test_the_example_map_still_reads_and_its_graph_is_unchanged() -> None:
    scarab = example_map()
    assert map_problems(scarab.to_json()) == []
    graph = scarab.graph()
    assert graph.has_barrier("Laboratory", "Research Center")
    assert graph.adjacent("Crew Quarters", "Organic Stowage")


EXAMPLE = example_map()
names = st.sampled_from(NODES) | st.text(st.characters(exclude_categories=()), max_size=8)
coordinates = st.integers(-1, 6) | st.integers()
layouts = st.builds(
    lambda kept, extra: (*kept, *extra),
    st.just(EXAMPLE.cells) | st.lists(st.sampled_from(EXAMPLE.cells), unique=True, max_size=12),
    st.lists(st.tuples(names, coordinates, coordinates), max_size=2),
)
near = st.sampled_from(EXAMPLE.grid_edges()).flatmap(lambda e: st.sampled_from([e, e[::-1]]))
pairs = st.lists(near | st.tuples(names, names), max_size=4)


@given(layouts, pairs, pairs, names)
def test_any_load_map_is_applied_or_refused_never_raised(
    cells: list[tuple[str, int, int]],
    barriers: list[tuple[str, str]],
    links: list[tuple[str, str]],
    name: str,
) -> None:
    session = Session(UNSETTLED, make_setup(UNSETTLED, ("Ann",), {}), 1)
    result = session.dispatch(ua.LoadMap(name, cells, tuple(barriers), tuple(links)))
    assert result.ok or result.violations[0].code == "unsettled.map.invalid"
