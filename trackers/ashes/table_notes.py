"""What Lantern drew or played for the table, and what the table does with its pieces then."""

from __future__ import annotations

from collections.abc import Sequence

from trackers.core.actions import Event
from trackers.core.game import TableNote, notes_from

DRAWN = {
    "combo": lambda e: "Take these survivors out of the bag for that player's starting combination.",
    "emerge": lambda e: "Take these survivors out of the bag and stand them on that area.",
    "radiation": lambda e: "Put these survivors back into the bag.",
    "scout": lambda e: "Take the drawn survivors out of the bag and place them as said.",
    "rival_card": lambda e: "Turn up that card from the rival's deck.",
    "achievement_tiles": lambda e: "Lay the achievement tiles as said.",
}
PLAYED = {"rival_step": lambda e: "Do this for the rival on the board."}
"""The rival's steps are Lantern's whether or not anything was drawn for them."""


def notes(events: Sequence[Event], drew: bool) -> tuple[TableNote, ...]:
    if drew:
        return notes_from(events, DRAWN | PLAYED)
    if any(e.kind in PLAYED for e in events):
        return notes_from(events, PLAYED)
    return ()
