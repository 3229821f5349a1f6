"""What the board screens of An Infamous Traffic (China, the bags, the firms, the decade's end) share: names
of tiles and spaces, money, dice and odds as text, the reason a form that is not filled in yet gives, and
read-outs that re-render only when their text changes."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from trackers.core.bag import Bag
from trackers.core.errors import Violation

TILE_NAMES = {
    "merchant": "Merchant",
    "ship": "Ship",
    "opium": "Opium",
    "smuggler": "Smuggler",
    "bureaucrat": "Bureaucrat",
    "qing": "Qing Force",
    "missionary": "Missionary",
    "treaty": "Treaty Port",
    "taiping": "Taiping",
}
SPACE_NAMES = {"ship": "Ship", "opium": "Opium", "blank": "Blank"}
ALIGNMENTS = {"qing": "Qing", "treaty": "Treaty Port", "taiping": "Taiping"}
SMALL = 13
"""The size of a secondary read-out: a region's chains, a card in a tableau."""


def tile_name(kind: str) -> str:
    return TILE_NAMES.get(kind, kind.capitalize())


def money_text(money: int) -> str:
    """A firm's marker as the board shows it: cash above 0, debt below."""
    return f"Debt {-money}" if money < 0 else f"Cash {money}"


def dice_text(dice: Iterable[int]) -> str:
    return ", ".join(str(d) for d in dice) or "none"


def percent(odds: Fraction) -> str:
    return f"{round(100 * odds)}%"


def bag_lines(bag: Bag, odds: dict[str, Fraction], names: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """(kind, "Name: count (odds)") for every kind the bag holds, in the order `names` gives."""
    return [
        (kind, f"{name}: {bag.count(kind)} ({percent(odds[kind])})")
        for kind, name in names
        if bag.count(kind)
    ]


def counted(bag: Bag) -> str:
    """`2 Smuggler, 1 Qing Force`, or "none"."""
    return ", ".join(f"{n} {tile_name(kind)}" for kind, n in bag.entries) or "none"


def hint(message: str) -> list[Violation]:
    """Why a form's button waits: something still to pick, not a rule (the engine answers those)."""
    return [Violation("infamous-traffic.form", message, "infamous-traffic/lantern")]
