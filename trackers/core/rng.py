"""Randomness as data: each log position gets its own generator, derived from the game seed.

Hashing (seed, index) rather than sharing one generator means undo, redo and replay from any
snapshot draw exactly what the live game drew, without replaying earlier draws.
"""

from __future__ import annotations

import hashlib
from random import Random


def rng_for(seed: int, index: int) -> Random:
    digest = hashlib.sha256(f"lantern:{seed}:{index}".encode()).digest()
    return Random(int.from_bytes(digest[:16], "big"))
