"""What Lantern drew or rolled for the table, and what the table does with its pieces then."""

from __future__ import annotations

from collections.abc import Sequence

from trackers.core.actions import Event
from trackers.core.game import TableNote, notes_from
from trackers.infamous_traffic.state import EVENT_NAMES


def _event(event: Event) -> str:
    """The drawn tile's own line says which tile to take; the lines resolving it say what it did."""
    tile = dict(event.data).get("tile")
    if not isinstance(tile, str):
        return ""
    return f"Take the {EVENT_NAMES.get(tile, tile)} tile out of the event bag and lay it on the event track."


TABLE_DOES = {
    "event": _event,
    "cleanup": lambda e: "Draw one conspiracy tile from the bag into each bowl: the Bags screen shows which.",
}


def notes(events: Sequence[Event], drew: bool) -> tuple[TableNote, ...]:
    return notes_from(events, TABLE_DOES) if drew else ()
