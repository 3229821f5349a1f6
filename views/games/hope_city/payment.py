"""Paying an objective's cost: one token per cost item, from the citizen on turn or a helper (Business
Expansion, or a card that says so); Hope is wild, and HACK may waive the cost. The form starts with the
citizen's own tokens of the cost's colours picked."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from trackers.hope_city.actions import Attempt
from trackers.hope_city.state import ANY, Citizen, HopeCityState, Objective, Turn
from views.forms import Form, rule_link, send_button, toggle
from views.games.hope_city.parts import held_choices, hint, label
from views.model import AppModel
from views.widgets import action_button, chip_row

OWN = "own"


def _attempt(values: dict[str, Any], cost: tuple[str, ...]) -> Attempt | None:
    """The entry the picks make, or None while a cost item has no token."""
    pay, by = values["pay"], values["by"]
    if len(pay) < len(cost):
        return None
    helpers = tuple("" if by.get(i, OWN) == OWN else by[i] for i in range(len(cost)))
    return Attempt(
        tuple(pay[i] for i in range(len(cost))),
        helpers if any(helpers) else (),
        bool(values["card_help"]),
    )


def own_colours(holder: Citizen, cost: tuple[str, ...]) -> dict[int, str]:
    """The cost items the citizen's own tokens of that colour cover (each colour only when it holds enough
    for all of them): the form starts with these picked; an "any" item and Hope wait for the table."""
    return {
        i: item
        for i, item in enumerate(cost)
        if item != ANY and holder.tokens.count(item) >= cost.count(item)
    }


@ft.component
def PaymentForm(model: AppModel, state: HopeCityState, turn: Turn, card: Objective) -> ft.Control:
    cost = card.cost
    form = Form({"pay": own_colours(state.citizen(turn.citizen), cost), "by": {}, "card_help": False})

    def put(field: str, i: int, value: str) -> None:
        values = {**form.now(field), i: value}
        if field == "by":  # another payer holds other tokens: pick this item's token again
            form.put_all(by=values, pay={k: v for k, v in form.now("pay").items() if k != i})
        else:
            form.put(field, values)

    def attempt() -> None:
        action = _attempt(form.latest.value, cost)
        if action is not None and model.dispatch(action):
            form.reset()

    helping = state.city.expansion > 0 or bool(form["card_help"])
    payers = [(OWN, "Own")] + [(c.id, c.name) for c in state.active if c.id != turn.citizen]
    rows: list[ft.Control] = []
    pay, by = form["pay"], form["by"]
    for i, item in enumerate(cost):
        payer = by.get(i, OWN)
        if helping:
            rows.append(
                chip_row(
                    payers,
                    payer,
                    partial(put, "by", i),
                    key=f"hc-pay-by-{i}",
                    label=f"{label(item)} cost paid by:",
                )
            )
        holder = state.citizen(turn.citizen if payer == OWN else payer)
        rows.append(
            chip_row(
                held_choices(holder.tokens),
                pay.get(i),
                partial(put, "pay", i),
                key=f"hc-pay-{i}",
                label=f"{label(item)} cost: pay with" if not helping else "with",
            )
        )
    action = _attempt(form.latest.shown, cost)
    extra: list[ft.Control] = []
    if turn.hack:
        extra.append(
            send_button(
                model, "Free (HACK)", Attempt(), key="hc-attempt-free", blocked=model.check(Attempt())
            )
        )
    return ft.Column(
        [
            *rows,
            toggle(
                "The card lets other citizens help",
                bool(form["card_help"]),
                lambda: form.put("card_help", not form.now("card_help")),
                key="hc-pay-card-help",
            ),
            action_button(
                "Pay and attempt",
                attempt,
                key="hc-attempt",
                primary=True,
                blocked=model.check(action) if action else hint("Pick a token for each cost (Hope is wild)."),
            ),
            *extra,
            rule_link(model, "hope-city/objectives/cost", key="hc-rule-cost"),
        ],
        spacing=4,
    )
