"""The range every count in an entry must lie in, checked before anything is built from the count.

Engines turn counts into tuples, loops and messages (`(ACTIVE,) * active`), so an entry carrying 10**8
would cost seconds and gigabytes before any rule refused it, and 10**10 would run out of memory. Each game
therefore checks every count against what its rules and its table's components allow (75 survivors, the
faces of a die, the top of a track) first, through `Count`, and the refusal names the allowed range.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass

from trackers.core.errors import TableError, Violation

SHOWN_DIGITS = 18
"""Longer numbers are described rather than quoted: a refusal stays short, and Python will not even write
out an int of more than 4,300 digits."""


def shown(value: int) -> str:
    """`value` as a refusal quotes it."""
    if -(10**SHOWN_DIGITS) < value < 10**SHOWN_DIGITS:
        return str(value)
    sign = "negative " if value < 0 else ""
    return f"a {sign}number of more than {SHOWN_DIGITS} digits"


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _other(value: object) -> str:
    """Anything else a caller slipped in, named by its kind (a list's repr could be huge)."""
    return str(value) if isinstance(value, bool) or value is None else f"a {type(value).__name__}"


@dataclass(frozen=True)
class Count:
    """The whole numbers an entry's count may take, `low` to `high` both included, and the refusal of any
    other: `what` opens the sentence, `unit` follows the range and `why`, if given, explains it.

    Count(0, 75, "Rescue", "survivors", code=..., rule=...) refuses 100000000 with
    "Rescue between 0 and 75 survivors, not 100000000."
    """

    low: int
    high: int
    what: str
    unit: str
    _: KW_ONLY
    code: str
    rule: str
    why: str = ""

    def __post_init__(self) -> None:
        if not (_whole(self.low) and _whole(self.high)) or self.low > self.high:
            raise TableError(
                f"a count runs from one whole number up to another, not {self.low!r}..{self.high!r}"
            )

    def holds(self, value: int) -> bool:
        return _whole(value) and self.low <= value <= self.high

    def message(self, value: int) -> str:
        unit = f" {self.unit}" if self.unit else ""
        given = shown(value) if _whole(value) else _other(value)
        why = f" {self.why}" if self.why else ""
        return f"{self.what} between {self.low} and {self.high}{unit}, not {given}.{why}"

    def violations(self, value: int) -> list[Violation]:
        """Nothing when `value` is in range, else the one refusal naming the range."""
        if value.__class__ is int and self.low <= value <= self.high:  # `holds`, without a call
            return []
        if self.holds(value):
            return []
        return [Violation(self.code, self.message(value), self.rule)]


def count_violations(*checks: tuple[Count, int]) -> list[Violation]:
    """The refusal of the first (count, value) pair out of range, in the order given; empty when all hold.

    Only comparisons: nothing is built from a value before it is found in range."""
    for count, value in checks:
        if value.__class__ is int and count.low <= value <= count.high:  # `holds`, without a call
            continue
        if problems := count.violations(value):
            return problems
    return []
