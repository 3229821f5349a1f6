"""Why something was refused: a stable code, a plain message, and the rules section it rests on."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Violation:
    """One broken rule. `rule` is a rules_ref section id; a test checks that it exists."""

    code: str
    message: str
    rule: str

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message, "rule": self.rule}


class IllegalAction(Exception):
    """Raised for programmatic callers when an action is refused; carries every violation."""

    def __init__(self, violations: list[Violation]) -> None:
        self.violations = violations
        super().__init__("; ".join(f"{v.message} [{v.rule}]" for v in violations))


class TableError(ValueError):
    """A table primitive was asked for something impossible (draw a tile that is not in the bag).

    Engines check first and turn the situation into a Violation; this only fires on a bug.
    """
