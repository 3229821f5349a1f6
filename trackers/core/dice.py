"""Dice with arbitrary (possibly repeated) faces, and pools of them rolled together."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeAlias

from trackers.core.errors import TableError

Face: TypeAlias = str | int


def _is_face_value(value: object) -> bool:
    """Faces are strings or ints; bools are refused because True == 1 would pass for a pip."""
    return isinstance(value, str | int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Die:
    """One die; a face listed twice is twice as likely, as on custom dice like ("blank", "blank", "hit")."""

    faces: tuple[Face, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.faces, tuple) or not self.faces:
            raise TableError(f"a die needs a non-empty tuple of faces, got {self.faces!r}")
        for face in self.faces:
            if not _is_face_value(face):
                raise TableError(f"die faces must be strings or ints, got {face!r}")

    @classmethod
    def d(cls, n: int) -> Die:
        """The standard n-sided die numbered 1..n."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise TableError(f"a die needs at least one side, got {n!r}")
        return cls(tuple(range(1, n + 1)))

    def roll(self, rng: random.Random) -> Face:
        return self.faces[rng.randrange(len(self.faces))]

    def is_face(self, value: object) -> bool:
        """Whether an entered result could have been rolled on this die."""
        return _is_face_value(value) and value in self.faces

    def odds(self, target: Face | Callable[[Face], bool]) -> Fraction:
        """Chance of rolling `target`, given as a face or as a test on the face."""
        accept = target if callable(target) else (lambda face: face == target)
        return Fraction(sum(1 for face in self.faces if accept(face)), len(self.faces))

    def roll_until(
        self, rng: random.Random, accept: Callable[[Face], bool], max_rolls: int
    ) -> tuple[Face, ...]:
        """Reroll until a face is accepted or `max_rolls` are spent; returns every roll made, in order."""
        if isinstance(max_rolls, bool) or not isinstance(max_rolls, int) or max_rolls < 1:
            raise TableError(f"max_rolls must be a positive int, got {max_rolls!r}")
        rolls: list[Face] = []
        for _ in range(max_rolls):
            rolls.append(self.roll(rng))
            if accept(rolls[-1]):
                break
        return tuple(rolls)

    def to_json(self) -> dict[str, Any]:
        return {"faces": list(self.faces)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Die:
        faces = data.get("faces") if isinstance(data, Mapping) else None
        if not isinstance(faces, list | tuple):
            raise TableError(f"die JSON needs a 'faces' list, got {data!r}")
        return cls(tuple(faces))


@dataclass(frozen=True)
class DicePool:
    """Dice rolled together; results are positional, value i coming from die i."""

    dice: tuple[Die, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.dice, tuple) or not all(isinstance(die, Die) for die in self.dice):
            raise TableError(f"a dice pool needs a tuple of Die, got {self.dice!r}")

    @classmethod
    def of(cls, die: Die, n: int) -> DicePool:
        """`n` copies of the same die."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise TableError(f"a dice pool needs a non-negative number of dice, got {n!r}")
        return cls((die,) * n)

    def roll(self, rng: random.Random) -> tuple[Face, ...]:
        return tuple(die.roll(rng) for die in self.dice)

    def is_result(self, values: Sequence[object]) -> bool:
        """Whether entered values could have been rolled: one per die, each a face of its die."""
        return len(values) == len(self.dice) and all(
            die.is_face(value) for die, value in zip(self.dice, values, strict=True)
        )

    def to_json(self) -> dict[str, Any]:
        return {"dice": [die.to_json() for die in self.dice]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DicePool:
        dice = data.get("dice") if isinstance(data, Mapping) else None
        if not isinstance(dice, list | tuple):
            raise TableError(f"dice pool JSON needs a 'dice' list, got {data!r}")
        return cls(tuple(Die.from_json(die) for die in dice))
