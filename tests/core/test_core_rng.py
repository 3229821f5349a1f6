"""A log position's generator seeds itself on its first draw, and draws exactly what `Random(key)` draws:
the draws a saved game recorded must come out the same however the generator is built."""

from __future__ import annotations

import copy
import hashlib
import pickle
from random import Random

import pytest

from trackers.core.rng import key_for, rng_for


def reference(seed: int, index: int) -> Random:
    """The generator as Lantern has always built it, spelled out (games saved before must replay)."""
    digest = hashlib.sha256(f"lantern:{seed}:{index}".encode()).digest()
    return Random(int.from_bytes(digest[:16], "big"))


@pytest.mark.parametrize(("seed", "index"), [(0, 0), (7, 1), (20260101, 999), (-3, 31), (2**70, 5)])
def test_draws_match_the_eagerly_seeded_generator(seed: int, index: int) -> None:
    assert key_for(seed, index) == int.from_bytes(
        hashlib.sha256(f"lantern:{seed}:{index}".encode()).digest()[:16], "big"
    )
    lazy, eager = rng_for(seed, index), reference(seed, index)
    assert isinstance(lazy, Random)
    first, second = list(range(75)), list(range(75))
    lazy.shuffle(first)
    eager.shuffle(second)
    assert first == second
    assert lazy.choice("abcdef") == eager.choice("abcdef")
    assert lazy.sample(range(100), 7) == eager.sample(range(100), 7)
    assert lazy.randrange(6) == eager.randrange(6)
    assert lazy.random() == eager.random()
    assert lazy.gauss(0, 1) == eager.gauss(0, 1)
    assert lazy.randbytes(5) == eager.randbytes(5)
    assert lazy.getstate() == eager.getstate()


@pytest.mark.parametrize("draw", ["random", "getstate", "choice"])
def test_any_first_use_seeds_it(draw: str) -> None:
    lazy, eager = rng_for(11, 4), reference(11, 4)
    if draw == "choice":
        assert lazy.choice(range(1000)) == eager.choice(range(1000))
    else:
        assert getattr(lazy, draw)() == getattr(eager, draw)()
    assert lazy.random() == eager.random()


def test_copies_and_explicit_seeds_behave_as_for_random() -> None:
    assert copy.deepcopy(rng_for(5, 2)).random() == reference(5, 2).random()
    assert pickle.loads(pickle.dumps(rng_for(5, 2))).random() == reference(5, 2).random()
    reseeded = rng_for(5, 2)
    reseeded.seed(42)
    assert reseeded.random() == Random(42).random()
    restored = rng_for(5, 2)
    restored.setstate(Random(9).getstate())
    assert restored.random() == Random(9).random()
