"""A deck of card ids with a draw pile, a discard pile and a rule for running out."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from typing import Any

from trackers.core.errors import TableError


class Reshuffle(Enum):
    """What happens when a card is needed and the draw pile is empty.

    NEVER: the draw is impossible. WHEN_EMPTY: the discards are shuffled to form the new draw pile.
    """

    NEVER = "never"
    WHEN_EMPTY = "when_empty"


def _card_ids(cards: Iterable[str]) -> tuple[str, ...]:
    """Materialise card ids, refusing a bare string that would otherwise be read as one id per letter."""
    if isinstance(cards, str):
        raise TableError(f"expected a sequence of card ids, got the single string {cards!r}")
    ids = tuple(cards)
    for card in ids:
        if not isinstance(card, str):
            raise TableError(f"card ids must be strings, got {card!r}")
    return ids


def _shuffled(cards: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    pile = list(cards)
    rng.shuffle(pile)
    return tuple(pile)


@dataclass(frozen=True)
class Deck:
    """Index 0 of `draw_pile` is the top card; the last card of `discard_pile` is the latest discard."""

    draw_pile: tuple[str, ...] = ()
    discard_pile: tuple[str, ...] = ()
    reshuffle: Reshuffle = Reshuffle.NEVER

    def __post_init__(self) -> None:
        for pile in (self.draw_pile, self.discard_pile):
            if not isinstance(pile, tuple):
                raise TableError(f"deck piles must be tuples, got {pile!r}")
            _card_ids(pile)
        if not isinstance(self.reshuffle, Reshuffle):
            raise TableError(f"reshuffle must be a Reshuffle, got {self.reshuffle!r}")

    @classmethod
    def new(
        cls, cards: Iterable[str], reshuffle: Reshuffle = Reshuffle.NEVER, rng: random.Random | None = None
    ) -> Deck:
        """A fresh deck with everything in the draw pile, shuffled when an rng is given."""
        deck = cls(_card_ids(cards), (), reshuffle)
        return deck if rng is None else deck.shuffle(rng)

    @property
    def size(self) -> int:
        """Cards in the draw pile."""
        return len(self.draw_pile)

    def in_draw_pile(self, card: str) -> bool:
        return card in self.draw_pile

    def can_draw(self, n: int = 1) -> bool:
        """Whether `n` cards can be drawn, counting the discards a reshuffle would bring back."""
        reserve = len(self.discard_pile) if self.reshuffle is Reshuffle.WHEN_EMPTY else 0
        return 0 <= n <= self.size + reserve

    def draw(self, rng: random.Random, n: int = 1) -> tuple[Deck, tuple[str, ...], bool]:
        """Draw `n` cards from the top; the flag says the discards were reshuffled in along the way.

        The rng is only used for that reshuffle, which happens only once a card is needed and none is left.
        """
        if not self.can_draw(n):
            raise TableError(
                f"cannot draw {n!r} card(s): {self.size} in the draw pile, "
                f"{len(self.discard_pile)} discarded, reshuffle {self.reshuffle.value}"
            )
        drawn = self.draw_pile[:n]
        deck = replace(self, draw_pile=self.draw_pile[n:])
        reshuffled = len(drawn) < n
        if reshuffled:
            deck = deck.shuffle_in_discards(rng)
            rest = n - len(drawn)
            drawn += deck.draw_pile[:rest]
            deck = replace(deck, draw_pile=deck.draw_pile[rest:])
        return deck, drawn, reshuffled

    def take(self, card: str) -> Deck:
        """Remove a card drawn from the physical deck, whose order the app does not know."""
        if card not in self.draw_pile:
            raise TableError(f"card {card!r} is not in the draw pile")
        i = self.draw_pile.index(card)
        return replace(self, draw_pile=self.draw_pile[:i] + self.draw_pile[i + 1 :])

    def discard(self, cards: Iterable[str]) -> Deck:
        return replace(self, discard_pile=self.discard_pile + _card_ids(cards))

    def shuffle(self, rng: random.Random) -> Deck:
        """Shuffle the draw pile only; the discards stay where they are."""
        return replace(self, draw_pile=_shuffled(self.draw_pile, rng))

    def shuffle_in_discards(self, rng: random.Random) -> Deck:
        """Shuffle the discards together with the draw pile into a new draw pile."""
        return replace(self, draw_pile=_shuffled(self.draw_pile + self.discard_pile, rng), discard_pile=())

    def put_on_top(self, cards: Iterable[str]) -> Deck:
        """Place cards on top, the first given becoming the new top card."""
        return replace(self, draw_pile=_card_ids(cards) + self.draw_pile)

    def put_on_bottom(self, cards: Iterable[str]) -> Deck:
        """Place cards under the draw pile, the last given becoming the bottom card."""
        return replace(self, draw_pile=self.draw_pile + _card_ids(cards))

    def odds_next(self) -> dict[str, Fraction]:
        """Chance of each card being drawn next, by composition, since a physical deck's order is unknown.

        With the draw pile empty and a reshuffle due, the next card comes from the discards.
        """
        source = self.draw_pile
        if not source and self.reshuffle is Reshuffle.WHEN_EMPTY:
            source = self.discard_pile
        return {card: Fraction(n, len(source)) for card, n in sorted(Counter(source).items())}

    def to_json(self) -> dict[str, Any]:
        return {
            "draw_pile": list(self.draw_pile),
            "discard_pile": list(self.discard_pile),
            "reshuffle": self.reshuffle.value,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Deck:
        if not isinstance(data, Mapping):
            raise TableError(f"deck JSON must be an object, got {data!r}")
        piles = []
        for key in ("draw_pile", "discard_pile"):
            pile = data.get(key)
            if not isinstance(pile, list | tuple):
                raise TableError(f"deck JSON needs a {key!r} list, got {pile!r}")
            piles.append(_card_ids(pile))
        try:
            reshuffle = Reshuffle(data.get("reshuffle"))
        except ValueError:
            raise TableError(f"unknown reshuffle rule {data.get('reshuffle')!r}") from None
        return cls(piles[0], piles[1], reshuffle)
