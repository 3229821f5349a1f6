"""A bounded track (happiness 0..9, a threat dial) that reports the steps lost past either end."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from trackers.core.errors import TableError


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Track:
    """A marker at `value` on a track running from `low` to `high`, both inclusive."""

    low: int
    high: int
    value: int

    def __post_init__(self) -> None:
        if not (_is_int(self.low) and _is_int(self.high) and _is_int(self.value)):
            raise TableError(f"track bounds and value must be ints, got {self!r}")
        if self.low > self.high:
            raise TableError(f"track low {self.low} is above high {self.high}")
        if not self.contains(self.value):
            raise TableError(f"track value {self.value} is outside {self.low}..{self.high}")

    @property
    def room_up(self) -> int:
        return self.high - self.value

    @property
    def room_down(self) -> int:
        return self.value - self.low

    def contains(self, value: int) -> bool:
        return self.low <= value <= self.high

    def move(self, delta: int) -> TrackMove:
        """Move by `delta`, stopping at the ends; the steps that did not fit are reported, not dropped."""
        target = self.value + delta
        clamped = min(max(target, self.low), self.high)
        return TrackMove(
            replace(self, value=clamped),
            overflow=max(0, target - self.high),
            underflow=max(0, self.low - target),
        )

    def set(self, value: int) -> Track:
        if not self.contains(value):
            raise TableError(f"cannot set track to {value}: outside {self.low}..{self.high}")
        return replace(self, value=value)

    def to_json(self) -> dict[str, Any]:
        return {"low": self.low, "high": self.high, "value": self.value}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Track:
        if not isinstance(data, Mapping):
            raise TableError(f"track JSON must be an object, got {data!r}")
        try:
            return cls(data["low"], data["high"], data["value"])
        except KeyError as missing:
            raise TableError(f"track JSON is missing {missing}") from None


@dataclass(frozen=True)
class TrackMove:
    """The result of `Track.move`: the new track and how many steps went past the high or low end."""

    track: Track
    overflow: int
    underflow: int
