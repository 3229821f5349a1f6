from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackers.core.bag import Bag
from trackers.core.errors import TableError

ITEMS = st.sampled_from(["red", "blue", "green", "skull", "a b"])
BAGS = st.dictionaries(ITEMS, st.integers(min_value=0, max_value=5)).map(Bag.of)


def test_of_drops_zero_counts_and_sorts() -> None:
    bag = Bag.of({"red": 3, "gold": 0, "blue": 2})
    assert bag.counts == {"blue": 2, "red": 3}
    assert bag.total == 5
    assert bag.count("red") == 3
    assert bag.count("gold") == 0
    assert "blue" in bag
    assert "gold" not in bag
    assert bag.items() == ("blue", "blue", "red", "red", "red")
    assert bag == Bag.of({"blue": 2, "red": 3})


def test_negative_or_non_int_counts_are_refused() -> None:
    with pytest.raises(TableError, match="red"):
        Bag.of({"red": -1})
    with pytest.raises(TableError):
        Bag.of({"red": True})
    with pytest.raises(TableError):
        Bag((("red", 1), ("blue", 1)))


def test_odds_of_three_red_two_blue() -> None:
    assert Bag.of({"red": 3, "blue": 2}).odds() == {"blue": Fraction(2, 5), "red": Fraction(3, 5)}
    assert Bag().odds() == {}


def test_missing_respects_multiplicity() -> None:
    bag = Bag.of({"red": 1, "blue": 2})
    assert bag.missing(["red", "red", "blue", "gold"]) == ["red", "gold"]
    assert bag.missing(["blue", "blue", "red"]) == []


def test_take_removes_entered_draws() -> None:
    bag = Bag.of({"red": 3, "blue": 2}).take(["red", "blue"])
    assert bag.counts == {"red": 2, "blue": 1}
    assert bag.take(["blue"]).counts == {"red": 2}


def test_take_names_what_is_missing() -> None:
    bag = Bag.of({"red": 1})
    with pytest.raises(TableError, match="'gold'"):
        bag.take(["gold"])
    with pytest.raises(TableError, match="'red'"):
        bag.take(["red", "red"])
    with pytest.raises(TableError, match="single string"):
        bag.take("red")


def test_put_adds_items() -> None:
    assert Bag.of({"red": 1}).put(["red", "blue"]).counts == {"blue": 1, "red": 2}


def test_draw_without_replacement() -> None:
    bag = Bag.of({"red": 3, "blue": 2})
    left, drawn = bag.draw(random.Random(1), 5)
    assert sorted(drawn) == list(bag.items())
    assert left == Bag()
    with pytest.raises(TableError):
        bag.draw(random.Random(1), 6)
    with pytest.raises(TableError):
        bag.draw(random.Random(1), -1)


def test_draw_leaves_the_original_unchanged() -> None:
    bag = Bag.of({"red": 3})
    bag.draw(random.Random(0))
    assert bag.total == 3


@given(BAGS, st.integers(min_value=0, max_value=2**32))
def test_same_seed_same_draws(bag: Bag, seed: int) -> None:
    n = bag.total // 2
    assert bag.draw(random.Random(seed), n) == bag.draw(random.Random(seed), n)


@given(BAGS, st.randoms(use_true_random=False), st.data())
def test_conservation(bag: Bag, rng: random.Random, data: st.DataObject) -> None:
    everything = Counter(bag.items())
    out: list[str] = []
    for step in data.draw(st.lists(st.sampled_from(["draw", "take", "put"]), max_size=8)):
        if step == "draw":
            bag, drawn = bag.draw(rng, data.draw(st.integers(0, bag.total)))
            out.extend(drawn)
        elif step == "take" and bag.total:
            taken = data.draw(st.lists(st.sampled_from(bag.items()), max_size=3))
            if not bag.missing(taken):
                bag = bag.take(taken)
                out.extend(taken)
        elif step == "put" and out:
            back = out.pop(data.draw(st.integers(0, len(out) - 1)))
            bag = bag.put([back])
        assert bag.total + len(out) == everything.total()
        assert Counter(bag.items()) + Counter(out) == everything


@given(BAGS)
def test_json_round_trip(bag: Bag) -> None:
    assert Bag.from_json(json.loads(json.dumps(bag.to_json()))) == bag


@pytest.mark.parametrize(
    "data",
    [{}, {"counts": []}, {"counts": {"red": -1}}, {"counts": {"red": 1.5}}, {"counts": {"red": "2"}}, []],
)
def test_malformed_json_is_refused(data: object) -> None:
    with pytest.raises(TableError):
        Bag.from_json(data)  # type: ignore[arg-type]
