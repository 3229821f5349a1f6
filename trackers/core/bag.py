"""A draw bag (survivor tiles, event tokens): a multiset of item ids the table can count and draw from."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from trackers.core.errors import TableError


def _item_ids(items: Iterable[str]) -> tuple[str, ...]:
    """Materialise item ids, refusing a bare string that would otherwise be read as one id per letter."""
    if isinstance(items, str):
        raise TableError(f"expected a sequence of item ids, got the single string {items!r}")
    ids = tuple(items)
    for item in ids:
        if not isinstance(item, str):
            raise TableError(f"item ids must be strings, got {item!r}")
    return ids


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass(frozen=True)
class Bag:
    """Bag contents as sorted (item, count) pairs with positive counts, so equal contents compare equal.

    Build bags with `Bag.of`; the constructor only accepts the canonical form.
    """

    entries: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        for entry in self.entries:
            if not (isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], str)):
                raise TableError(f"bag entries must be (item, count) pairs, got {entry!r}")
            if not _is_count(entry[1]) or entry[1] == 0:
                raise TableError(f"bag count for {entry[0]!r} must be a positive int, got {entry[1]!r}")
        names = [item for item, _ in self.entries]
        if names != sorted(set(names)):
            raise TableError("bag entries must be sorted by item without repeats; build bags with Bag.of")

    @classmethod
    def of(cls, counts: Mapping[str, int]) -> Bag:
        """A bag holding `counts[item]` of each item; zero counts are dropped."""
        for item, n in counts.items():
            if not isinstance(item, str):
                raise TableError(f"item ids must be strings, got {item!r}")
            if not _is_count(n):
                raise TableError(f"count for {item!r} must be a non-negative int, got {n!r}")
        return cls(tuple(sorted((item, n) for item, n in counts.items() if n)))

    @property
    def counts(self) -> dict[str, int]:
        return dict(self.entries)

    @property
    def total(self) -> int:
        return sum(n for _, n in self.entries)

    def count(self, item: str) -> int:
        return self.counts.get(item, 0)

    def __contains__(self, item: object) -> bool:
        return item in self.counts

    def items(self) -> tuple[str, ...]:
        """Every item in the bag, repeated by its count, in sorted order."""
        return tuple(item for item, n in self.entries for _ in range(n))

    def odds(self) -> dict[str, Fraction]:
        """Chance that the next single draw is each item; an empty bag has no odds."""
        total = self.total
        return {item: Fraction(n, total) for item, n in self.entries}

    def missing(self, items: Iterable[str]) -> list[str]:
        """The requested items the bag cannot supply, counting repeats, in request order."""
        left = Counter(self.counts)
        lacking: list[str] = []
        for item in _item_ids(items):
            if left[item] > 0:
                left[item] -= 1
            else:
                lacking.append(item)
        return lacking

    def draw(self, rng: random.Random, n: int = 1) -> tuple[Bag, tuple[str, ...]]:
        """Draw `n` items without replacement; the result is fixed by the rng state."""
        if not _is_count(n) or n > self.total:
            raise TableError(f"cannot draw {n!r} item(s) from a bag of {self.total}")
        drawn = tuple(rng.sample(self.items(), n))
        return self.take(drawn), drawn

    def take(self, items: Iterable[str]) -> Bag:
        """Remove items drawn at the table."""
        ids = _item_ids(items)
        lacking = self.missing(ids)
        if lacking:
            raise TableError(f"not in the bag: {', '.join(map(repr, lacking))}")
        left = Counter(self.counts)
        left.subtract(ids)
        return Bag.of(left)

    def put(self, items: Iterable[str]) -> Bag:
        """Add items, or put drawn ones back."""
        more = Counter(self.counts)
        more.update(_item_ids(items))
        return Bag.of(more)

    def to_json(self) -> dict[str, Any]:
        return {"counts": self.counts}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Bag:
        counts = data.get("counts") if isinstance(data, Mapping) else None
        if not isinstance(counts, Mapping):
            raise TableError(f"bag JSON needs a 'counts' object, got {data!r}")
        return cls.of(counts)
