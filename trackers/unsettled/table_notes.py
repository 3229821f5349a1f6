"""What Lantern rolled or played for LUNA, and what the table does with its pieces then."""

from __future__ import annotations

from collections.abc import Sequence

from trackers.core.actions import Event
from trackers.core.game import TableNote, notes_from

ROLLED = {
    "pursuit_roll": lambda e: "",
    "chaos_die": lambda e: "Turn the discovery die to this face.",
    "chaos_place": lambda e: "",
}
PLAYED = {
    "luna_move": lambda e: f"Move LUNA's figure to {e.value('to')}.",
    "luna_attack": lambda e: "LUNA attacks the explorer there: resolve it as the steps below say.",
    "luna_obstacle": lambda e: "LUNA breaks through an obstacle: take one of its blocks off.",
    "luna_unreachable": lambda e: "",
    "pursuit_end": lambda e: "",
}
"""LUNA's pursuit is Lantern's whether or not it rolled for it."""


def notes(events: Sequence[Event], drew: bool) -> tuple[TableNote, ...]:
    if drew:
        return notes_from(events, ROLLED | PLAYED)
    if any(e.kind in PLAYED for e in events):
        return notes_from(events, PLAYED)
    return ()
