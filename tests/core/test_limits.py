"""The kit's range check for the counts an entry carries: the refusal names the range, even for numbers
too long to print, and nothing but comparisons happens before a value is found in range."""

from __future__ import annotations

import pytest

from trackers.core.errors import TableError, Violation
from trackers.core.limits import Count, count_violations, shown

SURVIVORS = Count(0, 75, "Rescue", "survivors", code="game.rescue", rule="game/rescue")


def test_a_count_in_range_passes_and_the_ends_are_included() -> None:
    assert [SURVIVORS.violations(n) for n in (0, 1, 75)] == [[], [], []]


def test_a_count_out_of_range_is_refused_with_the_range_named() -> None:
    assert SURVIVORS.violations(10**8) == [
        Violation("game.rescue", "Rescue between 0 and 75 survivors, not 100000000.", "game/rescue")
    ]
    assert SURVIVORS.violations(-1)[0].message == "Rescue between 0 and 75 survivors, not -1."


def test_the_reason_follows_the_range_and_an_empty_unit_leaves_no_gap() -> None:
    count = Count(1, 6, "A roll is", "", code="c", rule="r", why="The die has 6 faces.")
    assert count.message(7) == "A roll is between 1 and 6, not 7. The die has 6 faces."


@pytest.mark.parametrize(
    ("value", "quoted"),
    [
        (10**10, "10000000000"),
        (-(10**10), "-10000000000"),
        (10**100, "a number of more than 18 digits"),
        (-(10**100), "a negative number of more than 18 digits"),
        (10**5000, "a number of more than 18 digits"),
    ],
    ids=["1e10", "-1e10", "1e100", "-1e100", "1e5000"],
)
def test_huge_numbers_are_described_not_printed(value: int, quoted: str) -> None:
    assert shown(value) == quoted
    assert SURVIVORS.violations(value)[0].message == f"Rescue between 0 and 75 survivors, not {quoted}."


@pytest.mark.parametrize(
    ("value", "quoted"), [(True, "True"), (2.5, "a float"), ("3", "a str"), (None, "None")]
)
def test_anything_but_a_whole_number_is_refused(value: object, quoted: str) -> None:
    problems = SURVIVORS.violations(value)  # type: ignore[arg-type]
    assert [p.message for p in problems] == [f"Rescue between 0 and 75 survivors, not {quoted}."]


def test_the_first_count_out_of_range_is_the_refusal() -> None:
    die = Count(1, 6, "A roll is", "", code="game.roll", rule="game/roll")
    assert count_violations() == []
    assert count_violations((SURVIVORS, 3), (die, 6)) == []
    assert [v.code for v in count_violations((SURVIVORS, 3), (die, 0), (SURVIVORS, -1))] == ["game.roll"]


def test_a_range_must_run_upwards_between_whole_numbers() -> None:
    with pytest.raises(TableError):
        Count(3, 2, "x", "", code="c", rule="r")
    with pytest.raises(TableError):
        Count(0, True, "x", "", code="c", rule="r")
