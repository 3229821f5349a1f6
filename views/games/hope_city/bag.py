"""The wage bag: what it holds by kind, the chance the next draw is corruption, the Pool, and the ledger of
every token in and out (newest first, a few lines until "show all")."""

from __future__ import annotations

import flet as ft

from trackers.core.wording import unit
from trackers.hope_city.state import HopeCityState
from views.forms import rule_link, toggle
from views.games.hope_city.parts import WAGE_KINDS, label, odds_text
from views.model import AppModel
from views.widgets import Latest, card, heading, line, tagged

FEW = 6


@ft.component
def BagScreen(model: AppModel, state: HopeCityState) -> ft.Control:
    showing = Latest(False)
    show_all = showing.shown
    counts = [line(f"hc-bag-{k}", f"{label(k)}: {state.bag.count(k)}") for k in WAGE_KINDS]
    ledger = list(reversed(state.ledger))
    lines = ledger if show_all else ledger[:FEW]
    entries = [
        tagged(
            f"hc-ledger-{i}",
            ft.Text(f"Year {year}, {'into' if way == 'in' else 'out of'} the bag: {what}", size=13),
        )
        for i, (year, way, what) in enumerate(lines)
    ]
    more: list[ft.Control] = []
    if len(ledger) > FEW:
        more.append(
            toggle(
                f"Show all {len(ledger)} lines",
                show_all,
                lambda: showing.set(not showing.value),
                key="hc-ledger-all",
            )
        )
    return ft.Column(
        [
            card(
                heading("The wage bag"),
                line("hc-bag-total", f"{state.bag.total} {unit(state.bag.total, 'tokens')} in the bag."),
                *counts,
                line("hc-odds", odds_text(state)),
                line("hc-pool", f"The Pool holds {state.pool} corruption."),
                rule_link(model, "hope-city/wage", key="hc-rule-bag"),
                key="hc-bag",
            ),
            card(
                heading("Ledger, newest first"),
                *(entries or [ft.Text("Nothing has gone in or out yet.")]),
                *more,
                key="hc-ledger",
            ),
        ],
        spacing=12,
    )
