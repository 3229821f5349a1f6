"""The move protocol's path (AS-V12): range with the shelter exit, links, red lines, sector IV, cargo."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from rules_ref import reference
from trackers.ashes.board.layout import AshesBoard, BoardArea
from trackers.ashes.board.movement import CHARACTER_MOVE_COST, MOVE_COST, check_move
from trackers.ashes.colony.materials import Materials
from trackers.ashes.colony.player_board import Capacities, PlayerBoard, capacities
from trackers.ashes.colony.upgrades import UpgradeFamily
from trackers.ashes.terms import UpgradeClass
from trackers.core.errors import Violation

SHELTER = "Shelter"
BOARD = AshesBoard(
    "Test board",
    SHELTER,
    (BoardArea("A", 1, True), BoardArea("B", 2), BoardArea("C", 3), BoardArea("D", 4), BoardArea("E", 2)),
    links=(("A", "B"), ("A", "E"), ("A", SHELTER), ("B", "C"), ("B", "E"), ("C", "D")),
    red_lines=(("A", "E"),),
)
NODES = (SHELTER, "A", "B", "C", "D", "E")
INITIAL = capacities(())
CLASS_I = capacities({(UpgradeFamily.VEHICLE, UpgradeClass.CLASS_I)})
CLASS_II = capacities({(UpgradeFamily.VEHICLE, UpgradeClass.CLASS_II)})


def refused(problems: list[Violation]) -> list[tuple[str, str]]:
    assert all(reference().exists(v.rule) for v in problems)
    return [(v.code, v.rule) for v in problems]


def test_the_board_is_playable() -> None:
    assert BOARD.problems() == []


def test_t20_leaving_the_shelter_is_a_step() -> None:
    """Range 2, target two steps past the area at the shelter exit: three steps, refused."""
    problems = check_move(BOARD, INITIAL, SHELTER, ["A", "B", "C"], [0, 0, 0])
    assert refused(problems) == [("ashes.move.range", "ashes/protocols/move")]
    assert "stepping out of the starting shelter is one of them" in problems[0].message


def test_a_legal_move_with_pick_ups_on_the_way() -> None:
    assert check_move(BOARD, INITIAL, SHELTER, ["A", "B"], [0, 2]) == []
    assert check_move(BOARD, CLASS_I, "A", ["B", "C", "B"], [1, 3, 0]) == []


def test_the_path_may_end_where_it_began() -> None:
    assert check_move(BOARD, INITIAL, "B", ["C", "B"], [2, 2]) == []
    assert check_move(BOARD, INITIAL, "B", [], []) == []


def test_a_red_line_cannot_be_crossed() -> None:
    problems = check_move(BOARD, INITIAL, "A", ["E"], [0])
    assert refused(problems) == [("ashes.move.red_line", "ashes/protocols/move")]
    assert check_move(BOARD, INITIAL, "A", ["B", "E"], [0, 0]) == []


def test_each_step_goes_to_a_neighbour() -> None:
    problems = check_move(BOARD, INITIAL, "A", ["C"], [0])
    assert refused(problems) == [("ashes.move.not_adjacent", "ashes/protocols/move")]
    assert refused(check_move(BOARD, INITIAL, "A", ["A"], [0])) == [
        ("ashes.move.not_adjacent", "ashes/protocols/move")
    ]


def test_sector_iv_needs_the_class_ii_vehicle() -> None:
    problems = check_move(BOARD, CLASS_I, "B", ["C", "D"], [0, 0])
    assert refused(problems) == [("ashes.move.sector_iv", "ashes/protocols/move")]
    assert check_move(BOARD, CLASS_II, "B", ["C", "D"], [0, 0]) == []


def test_carrying_over_capacity_is_refused() -> None:
    problems = check_move(BOARD, INITIAL, "A", ["B", "C"], [2, 3])
    assert refused(problems) == [("ashes.move.cargo", "ashes/protocols/move")]
    assert problems[0].message == "Step 2 has 3 survivors aboard; your vehicle carries 2 at most."


def test_the_cost_is_paid_through_the_player_board() -> None:
    player = PlayerBoard(Materials.empty(), production_tops=(4, 4, 4), fuel=1, happiness=4)
    assert [v.code for v in player.check_pay(MOVE_COST)] == ["ashes.pay.fuel"]
    assert replace(player, fuel=2).check_pay(MOVE_COST) == []
    assert player.check_pay(CHARACTER_MOVE_COST) == []
    assert [v.code for v in replace(player, happiness=3).check_pay(CHARACTER_MOVE_COST)] == [
        "ashes.pay.happiness"
    ]


@given(
    caps=st.sampled_from((INITIAL, CLASS_I, CLASS_II)),
    start=st.sampled_from(NODES),
    steps=st.lists(st.tuples(st.sampled_from(NODES), st.integers(0, 5)), max_size=6),
)
def test_every_refusal_has_a_reason(caps: Capacities, start: str, steps: list[tuple[str, int]]) -> None:
    path = [node for node, _ in steps]
    carried = [n for _, n in steps]
    reasons = {
        "ashes.move.range": len(path) > caps.vehicle_move,
        "ashes.move.not_adjacent": any(
            (a, b) not in BOARD.links and (b, a) not in BOARD.links
            for a, b in zip([start, *path], path, strict=False)
        ),
        "ashes.move.red_line": any(
            (a, b) in BOARD.red_lines or (b, a) in BOARD.red_lines
            for a, b in zip([start, *path], path, strict=False)
        ),
        "ashes.move.sector_iv": not caps.sector_iv and "D" in path,
        "ashes.move.cargo": any(n > caps.vehicle_carry for n in carried),
    }
    problems = check_move(BOARD, caps, start, path, carried)
    assert {v.code for v in problems} == {code for code, found in reasons.items() if found}
    assert all(reference().exists(v.rule) for v in problems)


def test_an_areas_only_board_checks_range_sector_iv_and_cargo_but_no_ways() -> None:
    counted = AshesBoard("Counted", SHELTER, BOARD.areas, links=())
    assert check_move(counted, INITIAL, SHELTER, ["A", "C"], [0, 0]) == [], "no links: any two areas"
    sector_iv = check_move(counted, INITIAL, SHELTER, ["D"], [0])
    assert refused(sector_iv) == [("ashes.move.sector_iv", "ashes/protocols/move")]
    too_far = check_move(counted, INITIAL, SHELTER, ["A", "B", "C"], [0, 0, 0])
    assert refused(too_far) == [("ashes.move.range", "ashes/protocols/move")]
    assert refused(check_move(counted, INITIAL, "A", ["B"], [3])) == [
        ("ashes.move.cargo", "ashes/protocols/move")
    ]
