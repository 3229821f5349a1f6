"""The `infamous-traffic.cards` pack: the cards a table has read once, each under a name it chose
(`trackers.core.catalogue`), so that a later game fills an Inquire or a London Season prize from one.

Data: {"cards": [{"name", "upkeep", "vp", "parties", "locked", "prize", "debt"}, ...]}: the numbers printed
on the card (0 to 99, as the entries take them), whether it is locked, and for a prize its kind (wealth,
marriage, family or secret; empty for a location's card) and its debt. A field left out is 0, false or
empty. The card carries no deck: a location's card is kept from the deck of wherever the pawn stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from trackers.core.catalogue import CardList, Fields, cards_of, catalogue_pack, catalogue_problems
from trackers.core.packs import Pack, PackKind, register_pack_kind
from trackers.infamous_traffic.actions import Inquire, TakePrize
from trackers.infamous_traffic.decade import PRIZES
from trackers.infamous_traffic.guards import PRINTED

KIND = "infamous-traffic.cards"
FIELDS = ("name", "upkeep", "vp", "parties", "locked", "prize", "debt")


@dataclass(frozen=True)
class CardEntry:
    """A card as the table read it once."""

    name: str
    upkeep: int = 0
    vp: int = 0
    parties: int = 0
    locked: bool = False
    prize: str = ""
    debt: int = 0


def card_from_json(data: Any) -> CardEntry:
    """Read one card; raises ValueError naming the field."""
    f = Fields(data, FIELDS)
    return CardEntry(
        f.name(),
        f.whole("upkeep", PRINTED.low, PRINTED.high),
        f.whole("vp", PRINTED.low, PRINTED.high),
        f.whole("parties", PRINTED.low, PRINTED.high),
        f.flag("locked"),
        f.choice("prize", ("", *PRIZES), ""),
        f.whole("debt", PRINTED.low, PRINTED.high),
    )


def card_to_json(card: CardEntry) -> dict[str, Any]:
    return {
        "name": card.name,
        "upkeep": card.upkeep,
        "vp": card.vp,
        "parties": card.parties,
        "locked": card.locked,
        "prize": card.prize,
        "debt": card.debt,
    }


CARDS = CardList("cards", "card", card_from_json, card_to_json)


def catalogue_problems_of(data: Any) -> list[str]:
    """Pack validation (caps, strict types, one card a name: `trackers.core.catalogue`)."""
    return catalogue_problems(data, (CARDS,))


CATALOGUE = register_pack_kind(PackKind(KIND, 1, "Infamous Traffic card catalogue", catalogue_problems_of))


def catalogue(name: str, cards: Sequence[CardEntry]) -> Pack:
    """The catalogue as a pack, held to the checks of an imported file (raises PackError)."""
    return catalogue_pack(CATALOGUE, name, {CARDS: cards})


def cards_in(pack: Pack) -> tuple[CardEntry, ...]:
    return cards_of(pack, CATALOGUE, CARDS)


def inquire_from(card: CardEntry) -> Inquire:
    """The card kept after inquiring, with its printed numbers."""
    return Inquire(card.name, card.upkeep, card.vp, card.parties, card.locked)


def prize_from(card: CardEntry, face_up: bool = True) -> TakePrize:
    """The prize the drafter keeps, with its kind, debt and printed numbers."""
    return TakePrize(card.name, card.prize, card.debt, card.upkeep, card.vp, card.parties, face_up)
