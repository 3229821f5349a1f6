"""Named values the ASHES modules share, so a mistyped colour or class is a type error, not a silent miss."""

from __future__ import annotations

from enum import Enum, IntEnum


class Difficulty(Enum):
    """The rival difficulty card, named by its number of radiation symbols (1, 2 or 3)."""

    NORMAL = "normal"
    ADVANCED = "advanced"
    EXPERT = "expert"


class Medal(Enum):
    """Where a row's knowledge disc stands, which picks the value a scoring tile pays."""

    BRONZE = "bronze"
    SILVER = "silver"
    GOLD = "gold"


class PhoenixRow(Enum):
    """A row of the Phoenix Project, each with its own knowledge disc, milestone and scoring tiles."""

    DARK_BLUE = "dark blue"
    LIGHT_BLUE = "light blue"
    PINK = "pink"


class UpgradeClass(IntEnum):
    """The strength of a colony upgrade: the printed start, or what removing a class I or II tile reveals."""

    INITIAL = 0
    CLASS_I = 1
    CLASS_II = 2
