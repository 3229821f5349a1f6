"""The objective display: three rows and their prices, the draw and reserve decks, and the last round once
the draw deck ran out."""

from __future__ import annotations

import flet as ft

from trackers.blackout_hk import queries
from trackers.blackout_hk.state import BlackoutState
from views.forms import rule_link
from views.model import AppModel
from views.widgets import card, heading, line

S = BlackoutState


def row_text(state: S, row: int) -> str:
    price = queries.price(state, row)
    cards = state.display[row - 1]
    return f"Row {row}: {cards} card(s), " + (f"{price} HK$ each." if price is not None else "empty.")


@ft.component
def DisplayScreen(model: AppModel, state: S) -> ft.Control:
    end = (
        f"The draw deck ran out: round {state.end_round} is the last."
        if state.end_round
        else "The end is not triggered yet."
    )
    return card(
        heading("Display"),
        *[line(f"bhk-row-{r}", row_text(state, r)) for r in (1, 2, 3)],
        line(
            "bhk-decks", f"Draw deck {state.draw}, reserve deck {state.reserve}, discarded {state.discards}."
        ),
        line("bhk-end-round", end),
        rule_link(model, "blackout-hk/round/buy", key="bhk-rule-display"),
        key="bhk-display",
    )
