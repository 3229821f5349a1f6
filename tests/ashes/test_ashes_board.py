"""The board layout pack: reading, writing, every validator problem, and the graph moves run on."""

from __future__ import annotations

from typing import Any

import pytest

from trackers.ashes.board.layout import (
    BOARD,
    AshesBoard,
    BoardArea,
    ConstructionSpace,
    board_from_json,
    board_from_pack,
    board_pack,
    board_problems,
)
from trackers.ashes.board.survivors import Area
from trackers.core.packs import Pack, PackError, PackKind, dumps, pack_kind, parse_pack, register_pack_kind

SHELTER = "Shelter"
OTHER = register_pack_kind(PackKind("test.ashes-board-other", 1, "seating plan", lambda data: []))


def layout(**changes: Any) -> dict[str, Any]:
    """Shelter - A - B - C - D, with a red line A-E and E also reached from B; D is in sector IV."""
    data: dict[str, Any] = {
        "name": "Test board",
        "shelter": SHELTER,
        "areas": [
            {"id": "A", "sector": 1, "bag_icon": True},
            {"id": "B", "sector": 2},
            {"id": "C", "sector": 3, "bag_icon": True},
            {"id": "D", "sector": 4},
            {"id": "E", "sector": 2, "bag_icon": False},
        ],
        "links": [[SHELTER, "A"], ["A", "B"], ["C", "B"], ["C", "D"], ["A", "E"], ["B", "E"]],
        "red_lines": [["E", "A"]],
        "construction_spaces": [{"id": "S1", "sector": 1, "landmark": True}, {"id": "S2", "sector": 3}],
    }
    return data | changes


def test_reading_a_layout() -> None:
    board = board_from_json(layout())
    assert board.areas[0] == BoardArea("A", 1, bag_icon=True)
    assert board.links == (("A", "B"), ("A", "E"), ("A", SHELTER), ("B", "C"), ("B", "E"), ("C", "D"))
    assert board.red_lines == (("A", "E"),)
    assert board.construction_spaces == (ConstructionSpace("S1", 1, True), ConstructionSpace("S2", 3))
    assert (board.sector(SHELTER), board.sector("D")) == (1, 4)
    with pytest.raises(KeyError):
        board.sector("Z")


def test_json_and_pack_round_trip() -> None:
    board = board_from_json(layout())
    assert board_from_json(board.to_json()) == board
    pack = board_pack(board)
    assert (pack.kind, pack.name, pack.version) == ("ashes.board", "Test board", 1)
    assert board_from_pack(parse_pack(dumps(pack), expected_kind="ashes.board")) == board
    assert pack_kind("ashes.board") is BOARD and BOARD.a_title == "a board layout"


def test_a_pack_of_another_kind_is_refused() -> None:
    with pytest.raises(PackError, match="holds a seating plan, not a board layout"):
        board_from_pack(Pack(OTHER.kind, "Seats", 1, {}))


def test_the_graph_closes_red_lines() -> None:
    graph = board_from_json(layout()).graph()
    assert graph.neighbours("A") == ("B", SHELTER)
    assert graph.has_barrier("A", "E")
    assert graph.shortest_path_length(SHELTER, "E") == 3


def test_play_areas_keep_the_entered_order_for_emergence() -> None:
    areas = board_from_json(layout()).play_areas()
    assert [a.name for a in areas] == ["A", "B", "C", "D", "E"]
    assert areas[0] == Area("A", 1, bag_icon=True)


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"links": [[SHELTER, "A"], ["A", "Z"]]}, "the link A–Z names 'Z', which is not an area"),
        ({"areas": [{"id": "A", "sector": 1}, {"id": "A", "sector": 2}]}, "two areas share the id 'A'"),
        ({"shelter": "A"}, "two areas share the id 'A'"),
        (
            {"construction_spaces": [{"id": "S", "sector": 1}, {"id": "S", "sector": 2}]},
            "two construction spaces share the id 'S'",
        ),
        ({"areas": [{"id": "A", "sector": 5}]}, "area 'A' is in sector 5; sectors run from 1 to 4"),
        (
            {"construction_spaces": [{"id": "S", "sector": 0}]},
            "construction space 'S' is in sector 0; sectors run from 1 to 4",
        ),
        ({"red_lines": [["C", "A"]]}, "the red line A–C is not on a link"),
        ({"red_lines": [["A", "E"], ["E", "A"]]}, "the red line A–E is listed twice"),
        ({"links": [[SHELTER, "A"], ["A", SHELTER]]}, f"the link A–{SHELTER} is listed twice"),
        ({"links": [[SHELTER, "A"], ["A", "A"]]}, "the link A–A joins an area to itself"),
        ({"areas": []}, "the board has no areas"),
        (
            {"links": [[SHELTER, "A"], ["A", "B"], ["A", "E"], ["B", "E"], ["C", "D"]]},
            "the starting shelter cannot reach 'C', 'D'",
        ),
        (
            {"links": [[SHELTER, "A"], ["A", "B"], ["A", "E"], ["B", "C"], ["C", "D"]]},
            "the starting shelter cannot reach 'E'",
        ),
    ],
)
def test_each_problem_is_named(changes: dict[str, Any], problem: str) -> None:
    data = layout(**changes)
    if "areas" in changes and "links" not in changes:
        data["links"], data["red_lines"] = [[SHELTER, a["id"]] for a in changes["areas"]], []
    assert problem in board_problems(data)
    with pytest.raises(ValueError, match=problem):
        board_from_json(data)


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"name": ""}, "the board needs a name"),
        ({"shelter": None}, "the starting shelter needs a name"),
        ({"areas": [{"sector": 1}]}, "area 1 needs a name"),
        ({"areas": [{"id": "A", "sector": True}]}, "area 1 needs a sector number, not True"),
        ({"areas": [{"id": "A", "sector": 1, "bag_icon": 1}]}, "area 1's 'bag_icon' must be true or false"),
        (
            {"construction_spaces": [{"id": "S", "sector": 1, "landmark": "yes"}]},
            "construction space 1's 'landmark' must be true or false",
        ),
        ({"areas": "A"}, "'areas' must be a list of objects"),
        ({"links": [["A", "B", "C"]]}, r"'links' must be a list of \[area, area\] pairs"),
    ],
)
def test_a_badly_shaped_layout_is_refused(changes: dict[str, Any], problem: str) -> None:
    assert len(board_problems(layout(**changes))) == 1
    with pytest.raises(ValueError, match=problem):
        board_from_json(layout(**changes))


def test_a_bad_layout_cannot_be_packed() -> None:
    board = AshesBoard("Lonely", SHELTER, (BoardArea("A", 1), BoardArea("B", 2)), links=((SHELTER, "A"),))
    with pytest.raises(PackError, match="the starting shelter cannot reach 'B'"):
        board_pack(board)


def test_an_areas_only_layout_is_playable() -> None:
    """Without any link the layout still feeds emergence and radiation; moves are then not checked."""
    board = AshesBoard(
        "Counted", SHELTER, (BoardArea("1-1", 1, bag_icon=True), BoardArea("2-1", 2)), links=()
    )
    assert board.problems() == []
    assert [a.name for a in board.play_areas()] == ["1-1", "2-1"]
