"""What Lantern drew or rolled for the table, and what the table does with its pieces then."""

from __future__ import annotations

from collections.abc import Sequence

from trackers.core.actions import Action, Event
from trackers.core.game import TableNote, notes_from
from trackers.core.wording import a_or_an
from trackers.hope_city import actions as a


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


def _bag_corruption(event: Event) -> str:
    return "Take a corruption token out of the bag: it goes on that citizen's card."


TABLE_DOES = {"token": _token, "attack": _attack}
BAG_DRAWS = (a.DrawToken, a.InvestResource, a.GainToken)
"""The entries that draw a token from the bag: a corruption token drawn shows as the corruption it gives."""


def notes(action: Action, events: Sequence[Event], drew: bool) -> tuple[TableNote, ...]:
    if not drew:
        return ()
    todo = TABLE_DOES | {"corruption": _bag_corruption} if isinstance(action, BAG_DRAWS) else TABLE_DOES
    return notes_from(events, todo)
