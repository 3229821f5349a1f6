"""What Lantern drew or rolled for the table, and what the table does with its pieces then."""

from __future__ import annotations

from collections.abc import Sequence

from trackers.core.actions import Event
from trackers.core.game import TableNote, notes_from
from trackers.core.wording import a_or_an


def _token(event: Event) -> str:
    token = event.value("token")
    if token == "corruption":
        return "Take a corruption token out of the bag: it goes on that citizen's card."
    return f"Take {a_or_an(str(token))} token out of the bag: it goes on that citizen's card."


def _attack(event: Event) -> str:
    hits = event.value("hits")
    if not hits:
        return "No hits: nothing to take."
    return (
        f"{hits} hit{'s' if hits != 1 else ''}: that much corruption from the Pool, as the lines below say."
    )


TODO = {"token": _token, "attack": _attack}


def notes(events: Sequence[Event], drew: bool) -> tuple[TableNote, ...]:
    return notes_from(events, TODO) if drew else ()
