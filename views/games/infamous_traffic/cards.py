"""An Infamous Traffic's card catalogue (issue #32): how a catalogued card reads on a form's button and on the
Cards screen, the card a form's numbers describe, and the Cards screen (each card edited or deleted)."""

from __future__ import annotations

from typing import Any

import flet as ft

from trackers.infamous_traffic.queries import CARDS, CATALOGUE_KIND
from views.catalogue import CatalogueShelf
from views.model import AppModel
from views.widgets import card, heading

NUMBERS = ("upkeep", "vp", "parties")


def catalogued_text(entry: Any) -> str:
    """A catalogued card on its button: its name, then its printed numbers (a prize's kind and debt first)."""
    parties = f"{entry.parties} part{'y' if entry.parties == 1 else 'ies'}"
    numbers = f"upkeep {entry.upkeep}, {entry.vp} VP, {parties}" + (", locked" if entry.locked else "")
    if entry.prize:
        return f"{entry.name}: {entry.prize} prize, debt {entry.debt}, {numbers}"
    return f"{entry.name}: {numbers}"


def as_card(values: dict[str, Any], name: str) -> dict[str, Any]:
    """The card a form's numbers describe, as the catalogue holds it: a prize's kind and debt when the form
    has them (the prize form), the lock when it has one (the Inquire form)."""
    described: dict[str, Any] = {"name": name, **{f: int(values[f]) for f in NUMBERS}}
    if "locked" in values:
        described["locked"] = bool(values["locked"])
    if values.get("kind"):
        described.update(prize=values["kind"], debt=int(values["debt"]))
    return described


def CardsScreen(model: AppModel) -> ft.Control:
    """The catalogue on its own screen, as on the other games' Cards screens."""
    return card(
        heading("Card catalogue"),
        CatalogueShelf(model, CATALOGUE_KIND, [(CARDS, catalogued_text)], prefix="it-catalogue"),
        key="it-screen-cards",
    )
