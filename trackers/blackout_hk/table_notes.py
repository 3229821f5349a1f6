"""What Lantern drew or rolled for the table, and what the table does with its pieces then."""

from __future__ import annotations

from collections.abc import Sequence

from trackers.core.actions import Event
from trackers.core.game import TableNote, notes_from

TABLE_DOES = {
    "dice": lambda e: "Turn the resource dice to these faces.",
    "scout": lambda e: "Lantern picked who is injured: lay that volunteer card in the player's hospital.",
    "setup": lambda e: "Shuffle and lay out the decks as set-up says; Lantern keeps their order from here.",
}


def notes(events: Sequence[Event], drew: bool) -> tuple[TableNote, ...]:
    return notes_from(events, TABLE_DOES) if drew else ()
