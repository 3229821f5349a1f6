"""Randomness as data: each log position gets its own generator, derived from the game seed.

Hashing (seed, index) rather than sharing one generator means undo, redo and replay from any
snapshot draw exactly what the live game drew, without replaying earlier draws.

Most entries draw nothing, and seeding a Mersenne Twister costs more than all the rest of a small entry's
dispatch, so the generator seeds itself on its first draw, with what `Random(key)` would have been given.
"""

from __future__ import annotations

import hashlib
from random import Random
from typing import Any


def key_for(seed: int, index: int) -> int:
    """The seed of log position `index`'s generator."""
    digest = hashlib.sha256(f"lantern:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:16], "big")


class _SeededOnFirstDraw(Random):
    """`Random(key_for(seed, index))`, seeded only when first drawn from (or its state is read): every
    draw of a `Random` goes through `random()` or `getrandbits()`, and both seed it first."""

    def __init__(self, seed: int | None = None, index: int = 0) -> None:
        # Without a position (a copy being rebuilt) it is seeded at once, as Random() would be.
        self._position = None if seed is None else (seed, index)
        if seed is None:
            super().__init__()
        self.gauss_next = None

    def _seed_now(self) -> None:
        if self._position is not None:
            seed, index = self._position
            self._position = None
            super().seed(key_for(seed, index))

    def random(self) -> float:
        self._seed_now()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self._seed_now()
        return super().getrandbits(k)

    def seed(self, a: int | float | str | bytes | bytearray | None = None, version: int = 2) -> None:  # type: ignore[override]
        self._position = None
        super().seed(a, version)

    def getstate(self) -> tuple[Any, ...]:
        self._seed_now()
        return super().getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._position = None
        super().setstate(state)


def rng_for(seed: int, index: int) -> Random:
    """Log position `index`'s generator: draws exactly what `Random(key_for(seed, index))` draws."""
    return _SeededOnFirstDraw(seed, index)


def drew(rng: Random) -> bool:
    """Whether an entry's generator was drawn from: Lantern, not the table, produced part of its outcome."""
    return not isinstance(rng, _SeededOnFirstDraw) or rng._position is None
