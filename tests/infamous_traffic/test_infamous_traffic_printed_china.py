"""#28 point 5: what the rulebook text says of China's map, in one place (`RULEBOOK_CHINA`): seven regions in
four areas, the five regions it names, the fish icon on the Canton Enforcement tile, Canton's and Shanghai's
set-up pieces. A board built on those facts validates and sets up with them; a board whose regions differ
is told how."""

from __future__ import annotations

import copy
from typing import Any

import trackers  # noqa: F401  (registers the games and pack kinds)
from tests.infamous_traffic.boards import TEST_BOARD
from tests.infamous_traffic.states import P, fresh
from trackers.infamous_traffic.board import (
    ENFORCEMENT,
    RULEBOOK_CHINA,
    SetUpPiece,
    board_problems,
    rulebook_differences,
)
from trackers.infamous_traffic.state import EVENT_TILES


def test_the_rulebooks_china_is_seven_regions_in_four_areas_five_of_them_named() -> None:
    china = RULEBOOK_CHINA
    assert china.regions == 7
    assert china.areas == ("Fish", "Wave", "Temple", "Mountains")
    assert china.named == ("Canton", "Shanghai", "Changsha", "Wuchang", "Wenzhou")
    assert china.tiles == (("canton", "Fish"),), "only the Canton tile's icon is printed: the fish"
    assert all(tile in ENFORCEMENT and f"enforce-{tile}" in EVENT_TILES for tile, _ in china.tiles)
    assert china.tile_of("canton ") == "canton" and china.tile_of("Shanghai") is None
    assert china.set_up == (
        SetUpPiece("Canton", 0, "bureaucrat", 2),
        SetUpPiece("Canton", -1, "smuggler", 2),
        SetUpPiece("Shanghai", -1, "bureaucrat", 2),
    )
    assert china.missionary == "Canton" and china.demand_dice == ("Canton", 2)


def printed_board() -> dict[str, Any]:
    """A board begun from the printed facts (the named regions, Canton's tile), the rest made up for the
    test: two more regions, a coast, borders in a ring, and chains."""
    names = [*RULEBOOK_CHINA.named, "Hill", "Lake"]
    regions = [
        {
            "name": n,
            "enforcement": RULEBOOK_CHINA.tile_of(n) or "city",
            "coastal": i < 3,
            "adjacent": [names[i - 1], names[(i + 1) % len(names)]],
        }
        for i, n in enumerate(names)
    ]
    chains = [
        {"id": f"{n.lower()}-{k}", "region": n, "spaces": ["ship", "opium", "blank"], "toward": None}
        for n in names
        for k in ((1, 2) if n == "Canton" else (1,))
    ]
    return {"name": "Printed", "regions": regions, "chains": chains, "outrage": {"spaces": 12}}


def test_a_board_built_on_the_printed_facts_validates_and_sets_up_with_them() -> None:
    board = printed_board()
    assert board_problems(board) == [] and rulebook_differences(board) == []
    state = fresh(3, board)
    assert state.board is not None and state.board.region("Canton").enforcement == "canton"
    assert state.region("Canton").missionary and state.region("Canton").demand == (2, 4)
    assert state.chain("canton-1").tiles[2] == P("bureaucrat", 2)
    assert state.chain("canton-2").tiles[2] == P("smuggler", 2)
    assert state.chain("shanghai-1").tiles[2] == P("bureaucrat", 2)
    assert [c.tiles for c in state.chains if c.id not in ("canton-1", "canton-2", "shanghai-1")] == [
        (None, None, None)
    ] * 5, "the set-up puts nothing else in a chain"
    assert rulebook_differences(TEST_BOARD) == [], "the test board has the printed regions, and seven"


def test_a_board_whose_regions_are_not_the_rulebooks_is_told_how() -> None:
    three = copy.deepcopy(TEST_BOARD)
    three["regions"] = [r for r in three["regions"] if r["name"] in ("Canton", "Shanghai", "Hill")]
    assert rulebook_differences(three) == [
        "the rulebook's China has 7 regions in 4 areas (Fish, Wave, Temple, Mountains); this board has 3",
        "the rulebook names Changsha, Wuchang and Wenzhou as regions of China, which this board lacks",
    ]
    renamed = copy.deepcopy(TEST_BOARD)
    renamed["regions"][1]["name"] = "Wen Zhou"
    assert rulebook_differences(renamed) == [
        "the rulebook names Wenzhou as a region of China, which this board lacks"
    ]
    spelt = copy.deepcopy(TEST_BOARD)
    spelt["regions"][1]["name"] = " wenzhou"
    assert rulebook_differences(spelt) == [], "names compared as the table means them"
    eight = copy.deepcopy(TEST_BOARD)
    eight["regions"].append({"name": "Delta", "enforcement": "city", "coastal": True, "adjacent": []})
    assert rulebook_differences(eight) == [
        "the rulebook's China has 7 regions in 4 areas (Fish, Wave, Temple, Mountains); this board has 8"
    ]
