from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackers.core.deck import Deck, Reshuffle
from trackers.core.errors import TableError

CARDS = st.lists(st.sampled_from(["ace", "king", "queen", "jack", "joker"]), max_size=10)
DECKS = st.builds(Deck, CARDS.map(tuple), CARDS.map(tuple), st.sampled_from(Reshuffle))


def test_new_keeps_order_unless_shuffled() -> None:
    cards = [str(i) for i in range(20)]
    assert Deck.new(cards).draw_pile == tuple(cards)
    shuffled = Deck.new(cards, rng=random.Random(3))
    assert shuffled.draw_pile != tuple(cards)
    assert sorted(shuffled.draw_pile) == sorted(cards)
    assert shuffled == Deck.new(cards, rng=random.Random(3))
    assert Deck.new(cards).reshuffle is Reshuffle.NEVER


def test_draw_takes_top_cards_in_order() -> None:
    deck, drawn, reshuffled = Deck.new(["a", "b", "c"]).draw(random.Random(0), 2)
    assert drawn == ("a", "b")
    assert deck.draw_pile == ("c",)
    assert not reshuffled


def test_never_reshuffle_cannot_draw_from_empty_pile() -> None:
    deck = Deck(("a",), ("b", "c"), Reshuffle.NEVER)
    assert deck.can_draw(1)
    assert not deck.can_draw(2)
    with pytest.raises(TableError, match="cannot draw"):
        deck.draw(random.Random(0), 2)


def test_reshuffles_exactly_when_empty() -> None:
    rng = random.Random(0)
    deck = Deck(("a", "b"), ("x", "y", "z"), Reshuffle.WHEN_EMPTY)
    deck, drawn, reshuffled = deck.draw(rng, 2)
    assert (drawn, reshuffled) == (("a", "b"), False)
    assert deck.discard_pile == ("x", "y", "z")
    deck, drawn, reshuffled = deck.draw(rng, 1)
    assert reshuffled
    assert drawn[0] in {"x", "y", "z"}
    assert deck.discard_pile == ()
    assert sorted(deck.draw_pile + drawn) == ["x", "y", "z"]


def test_draw_across_the_reshuffle() -> None:
    deck = Deck(("a",), ("x", "y"), Reshuffle.WHEN_EMPTY)
    assert deck.can_draw(3)
    assert not deck.can_draw(4)
    deck, drawn, reshuffled = deck.draw(random.Random(0), 3)
    assert reshuffled
    assert drawn[0] == "a"
    assert sorted(drawn[1:]) == ["x", "y"]
    assert deck == Deck((), (), Reshuffle.WHEN_EMPTY)


def test_take_removes_an_entered_card_from_anywhere() -> None:
    deck = Deck.new(["a", "b", "a", "c"])
    assert deck.take("b").draw_pile == ("a", "a", "c")
    assert deck.take("a").draw_pile == ("b", "a", "c")
    assert not deck.discard(["d"]).in_draw_pile("d")
    with pytest.raises(TableError, match="'d'"):
        deck.discard(["d"]).take("d")


def test_put_on_top_and_bottom() -> None:
    deck = Deck.new(["m"])
    assert deck.put_on_top(["a", "b"]).draw_pile == ("a", "b", "m")
    assert deck.put_on_bottom(["y", "z"]).draw_pile == ("m", "y", "z")
    with pytest.raises(TableError, match="single string"):
        deck.put_on_top("ab")


def test_shuffle_touches_only_the_draw_pile() -> None:
    deck = Deck(tuple("abcdef"), ("x",)).shuffle(random.Random(1))
    assert sorted(deck.draw_pile) == list("abcdef")
    assert deck.discard_pile == ("x",)


def test_shuffle_in_discards_merges_both_piles() -> None:
    deck = Deck(("a", "b"), ("x", "y")).shuffle_in_discards(random.Random(1))
    assert sorted(deck.draw_pile) == ["a", "b", "x", "y"]
    assert deck.discard_pile == ()


def test_odds_next_by_composition() -> None:
    deck = Deck(("a", "b", "a", "c"), ("z",))
    assert deck.size == 4
    assert deck.odds_next() == {"a": Fraction(1, 2), "b": Fraction(1, 4), "c": Fraction(1, 4)}
    assert Deck((), ("z",), Reshuffle.NEVER).odds_next() == {}
    assert Deck((), ("z",), Reshuffle.WHEN_EMPTY).odds_next() == {"z": Fraction(1)}


@given(DECKS, st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=20))
def test_same_seed_same_draws(deck: Deck, seed: int, n: int) -> None:
    if deck.can_draw(n):
        assert deck.draw(random.Random(seed), n) == deck.draw(random.Random(seed), n)


@given(DECKS, st.randoms(use_true_random=False), st.data())
def test_conservation(deck: Deck, rng: random.Random, data: st.DataObject) -> None:
    def everything() -> Counter[str]:
        return Counter(deck.draw_pile + deck.discard_pile + tuple(hand))

    hand: list[str] = []
    before = everything()
    steps = ["draw", "discard", "take", "shuffle", "shuffle_in_discards"]
    for step in data.draw(st.lists(st.sampled_from(steps), max_size=12)):
        if step == "draw":
            n = data.draw(st.integers(0, 4))
            if deck.can_draw(n):
                deck, drawn, _ = deck.draw(rng, n)
                hand.extend(drawn)
        elif step == "discard" and hand:
            deck = deck.discard([hand.pop(data.draw(st.integers(0, len(hand) - 1)))])
        elif step == "take" and deck.draw_pile:
            card = data.draw(st.sampled_from(deck.draw_pile))
            deck = deck.take(card)
            hand.append(card)
        elif step == "shuffle":
            deck = deck.shuffle(rng)
        elif step == "shuffle_in_discards":
            deck = deck.shuffle_in_discards(rng)
        assert everything() == before


@given(DECKS)
def test_json_round_trip(deck: Deck) -> None:
    assert Deck.from_json(json.loads(json.dumps(deck.to_json()))) == deck


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"draw_pile": [], "discard_pile": [], "reshuffle": "sometimes"},
        {"draw_pile": "abc", "discard_pile": [], "reshuffle": "never"},
        {"draw_pile": [1], "discard_pile": [], "reshuffle": "never"},
        {"draw_pile": [], "reshuffle": "never"},
        [],
    ],
)
def test_malformed_json_is_refused(data: object) -> None:
    with pytest.raises(TableError):
        Deck.from_json(data)  # type: ignore[arg-type]
