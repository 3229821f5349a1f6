"""A card's power moved someone's cash or debt: folded away until needed, then the player, the amount (cash
up, debt down) and a short note."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.infamous_traffic.actions import CardMoney
from trackers.infamous_traffic.queries import blocked
from trackers.infamous_traffic.state import InfamousTrafficState
from views.forms import Form, rule_link, stepper, toggle
from views.games.infamous_traffic.parts import hint
from views.model import AppModel
from views.widgets import TOUCH, Entry, action_button, chip_row

S = InfamousTrafficState


def amount_text(amount: int) -> str:
    return f"+{amount} cash" if amount > 0 else f"{-amount} debt" if amount < 0 else "0"


@ft.component
def MoneyForm(model: AppModel, state: S, who: str | None) -> ft.Control:
    form = Form({"open": False, "player": who, "amount": 0})
    note = Entry()
    header = toggle(
        "A card's cash or debt",
        bool(form["open"]),
        lambda: form.put("open", not form.now("open")),
        key="it-money",
    )
    if not form["open"]:
        return header

    def send() -> None:
        v = form.latest.value
        if model.dispatch(CardMoney(v["player"] or "", int(v["amount"]), note.value.strip())):
            form.put_all(open=False, amount=0)
            note.clear()

    v = form.latest.shown
    why = blocked(state, CardMoney)
    if not why:
        why = (
            hint("Pick the player.")
            if not v["player"]
            else model.check(CardMoney(v["player"], int(v["amount"])))
        )
    return ft.Column(
        [
            header,
            chip_row(
                [(p, p) for p in state.players], v["player"], partial(form.put, "player"), key="it-money-who"
            ),
            stepper(
                "Cash (+) or debt (-)",
                amount_text(int(v["amount"])),
                lambda: form.bump("amount", -1, -99, 99),
                lambda: form.bump("amount", 1, -99, 99),
                key="it-money-amount",
            ),
            note.field("What gave it (optional)", key="it-money-note", height=TOUCH + 8),
            action_button(
                "Enter it", send, key="it-money-go", primary=True, icon=ft.Icons.PAYMENTS, blocked=why
            ),
            rule_link(model, "infamous-traffic/money", key="it-rule-money"),
        ],
        spacing=8,
    )
