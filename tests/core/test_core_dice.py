from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackers.core.dice import DicePool, Die, Face
from trackers.core.errors import TableError

FACES = st.lists(st.one_of(st.integers(-3, 12), st.sampled_from(["blank", "hit", "crit", "1"])), min_size=1)
DICE = FACES.map(lambda faces: Die(tuple(faces)))


def test_d6() -> None:
    d6 = Die.d(6)
    assert d6.faces == (1, 2, 3, 4, 5, 6)
    assert d6.is_face(6)
    assert not d6.is_face(7)
    assert not d6.is_face("6")
    assert not d6.is_face(True)
    assert d6.odds(6) == Fraction(1, 6)
    assert d6.odds(lambda face: isinstance(face, int) and face >= 5) == Fraction(1, 3)
    with pytest.raises(TableError):
        Die.d(0)


def test_repeated_faces_weigh_the_odds() -> None:
    die = Die(("blank", "blank", "hit", "hit", "hit", "crit"))
    assert die.odds("hit") == Fraction(1, 2)
    assert die.odds("blank") == Fraction(1, 3)
    assert die.odds("miss") == 0
    assert die.odds(1) == 0


def test_bad_faces_are_refused() -> None:
    with pytest.raises(TableError):
        Die(())
    with pytest.raises(TableError):
        Die((1, 2.5))  # type: ignore[arg-type]
    with pytest.raises(TableError):
        Die((True, False))


def test_roll_until_six_with_at_most_three_rolls() -> None:
    d6 = Die.d(6)
    for seed in range(50):
        rng = random.Random(seed)
        rolls = d6.roll_until(rng, lambda face: face == 6, max_rolls=3)
        assert 1 <= len(rolls) <= 3
        assert all(face != 6 for face in rolls[:-1])
        assert rolls[-1] == 6 or len(rolls) == 3
        replay = random.Random(seed)
        assert rolls == tuple(d6.roll(replay) for _ in rolls)
    with pytest.raises(TableError):
        d6.roll_until(random.Random(0), lambda face: True, max_rolls=0)


def test_roll_until_stops_at_first_accepted_and_at_max() -> None:
    die = Die(("hit",))
    assert die.roll_until(random.Random(0), lambda face: face == "hit", 3) == ("hit",)
    assert die.roll_until(random.Random(0), lambda face: False, 3) == ("hit", "hit", "hit")


def test_pool_roll_and_validation() -> None:
    pool = DicePool((Die.d(6), Die(("blank", "hit"))))
    values = pool.roll(random.Random(5))
    assert len(values) == 2
    assert pool.is_result(values)
    assert pool.is_result((3, "hit"))
    assert not pool.is_result(("hit", 3))
    assert not pool.is_result((3,))
    assert not pool.is_result((3, "hit", 1))
    assert DicePool.of(Die.d(6), 3).dice == (Die.d(6),) * 3


@given(DICE, st.integers(min_value=0, max_value=2**32))
def test_same_seed_same_rolls(die: Die, seed: int) -> None:
    first = [die.roll(rng) for rng in [random.Random(seed)] for _ in range(5)]
    second = [die.roll(rng) for rng in [random.Random(seed)] for _ in range(5)]
    assert first == second
    assert all(die.is_face(face) for face in first)


@given(DICE)
def test_odds_over_all_faces_sum_to_one(die: Die) -> None:
    assert sum(die.odds(face) for face in set(die.faces)) == 1

    def always(face: Face) -> bool:
        return True

    assert die.odds(always) == 1


@given(st.lists(DICE, max_size=4))
def test_json_round_trip(dice: list[Die]) -> None:
    pool = DicePool(tuple(dice))
    assert DicePool.from_json(json.loads(json.dumps(pool.to_json()))) == pool
    for die in dice:
        assert Die.from_json(json.loads(json.dumps(die.to_json()))) == die


@pytest.mark.parametrize("data", [{}, {"faces": []}, {"faces": "123"}, {"faces": [1, None]}, []])
def test_malformed_die_json_is_refused(data: object) -> None:
    with pytest.raises(TableError):
        Die.from_json(data)  # type: ignore[arg-type]


@pytest.mark.parametrize("data", [{}, {"dice": [{"faces": []}]}, {"dice": {"faces": [1]}}])
def test_malformed_pool_json_is_refused(data: object) -> None:
    with pytest.raises(TableError):
        DicePool.from_json(data)  # type: ignore[arg-type]
