"""Texts made of values read as English (#28: "a economics cost", "1 points")."""

from __future__ import annotations

from trackers.core.wording import a_or_an, unit


def test_a_word_starting_with_a_vowel_takes_an() -> None:
    assert a_or_an("economics") == "an economics"
    assert a_or_an("Opium") == "an Opium"
    assert a_or_an("environment") == "an environment"
    assert a_or_an("politics") == "a politics"
    assert a_or_an("ship") == "a ship"


def test_one_of_a_unit_is_singular() -> None:
    assert [f"{n} {unit(n, 'points')}" for n in (0, 1, 2, -1)] == [
        "0 points",
        "1 point",
        "2 points",
        "-1 point",
    ]
    assert unit(1, "corruption") == "corruption" and unit(1, "VP") == "VP"
