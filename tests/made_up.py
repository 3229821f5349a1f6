"""Entries of any kind with made-up fields, for the stateful tests: every field drawn from the names and
numbers a game knows, or not, so that each entry class meets values its checks must refuse."""

from __future__ import annotations

import dataclasses
import random
import typing
from collections.abc import Sequence

from trackers.core.actions import Action


def made_up(
    kinds: Sequence[type[Action]], rng: random.Random, numbers: Sequence[int], words: Sequence[str]
) -> Action:
    """An entry of one of `kinds`, each field drawn from `numbers`, `words`, yes/no and short tuples."""
    kind = rng.choice(kinds)
    hints = typing.get_type_hints(kind)
    return kind(**{f.name: _value(hints[f.name], rng, numbers, words) for f in dataclasses.fields(kind)})


def _value(hint: object, rng: random.Random, numbers: Sequence[int], words: Sequence[str]) -> object:
    if hint is bool:
        return rng.random() < 0.5
    if hint is int:
        return rng.choice(numbers)
    if hint is str:
        return rng.choice(words)
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_value(args[0], rng, numbers, words) for _ in range(rng.choice((0, 1, 2, 2, 5))))
        return tuple(_value(arg, rng, numbers, words) for arg in args)
    raise AssertionError(f"no values for {hint!r}")
