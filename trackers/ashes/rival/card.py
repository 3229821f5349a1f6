"""A rival action card as the player reads it: the symbols only, since the deck's contents are table data."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from trackers.ashes.terms import PhoenixRow
from trackers.core.errors import TableError

COLUMNS = (1, 2, 3)


class Arrow(Enum):
    """The colour of a card's activator arrow."""

    ORANGE = "orange"
    BLUE = "blue"
    PINK = "pink"


class Ordinal(Enum):
    """Where counting starts for the numeric parameter."""

    FROM_BOTTOM = "from the bottom"
    FROM_TOP = "from the top"
    FROM_LEFT = "from the left"
    FROM_RIGHT = "from the right"


class SectorParameter(Enum):
    THIS_ROUND = "the round's sector"
    NEXT_SECTOR = "the sector after the round's"


def _check_column(column: int) -> None:
    if column not in COLUMNS:
        raise TableError(f"the rival has closed-shelter columns {COLUMNS}, not {column!r}")


@dataclass(frozen=True)
class Build:
    """Build a shelter; `column` (1..3 from the left) is the column the card's colour points to."""

    column: int

    def __post_init__(self) -> None:
        _check_column(self.column)


@dataclass(frozen=True)
class Rescue:
    pass


@dataclass(frozen=True)
class MoveVehicle:
    pass


@dataclass(frozen=True)
class Install:
    """Install in the Phoenix Project row of the icon's colour."""

    row: PhoenixRow


MainAction = Build | Rescue | MoveVehicle | Install


@dataclass(frozen=True)
class DiscardMissions:
    pass


@dataclass(frozen=True)
class ScoreColumn:
    column: int

    def __post_init__(self) -> None:
        _check_column(self.column)


SecondaryAction = DiscardMissions | ScoreColumn


@dataclass(frozen=True)
class RivalCard:
    """One rival action card as the player reads it off the table; `label` is how the player names it."""

    label: str
    arrow: Arrow | None
    rounds_1_and_3: MainAction
    round_2: MainAction
    secondary: SecondaryAction | None
    ordinal: Ordinal
    numeric: int
    sector: SectorParameter

    def __post_init__(self) -> None:
        if self.numeric < 1:
            raise TableError(f"a numeric parameter counts from 1, got {self.numeric!r}")
