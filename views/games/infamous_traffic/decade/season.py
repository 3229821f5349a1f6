"""The London Season: the draft order with who has drafted, the prize the drafter keeps (its name, kind and
printed numbers, face up or down) or none, and the sixth card a prize may make them discard."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from trackers.core.errors import Violation
from trackers.infamous_traffic import queries
from trackers.infamous_traffic.actions import Discard, SkipPrize, TakePrize
from trackers.infamous_traffic.state import InfamousTrafficState
from views.catalogue import beside, use_catalogue
from views.forms import Form, form_stepper, rule_link, send_button, toggle
from views.games.infamous_traffic.cards import as_card, catalogued_text
from views.games.infamous_traffic.china.parts import hint, money_text
from views.games.infamous_traffic.firms import card_text
from views.model import AppModel
from views.widgets import Act, Entry, action_button, action_row, chip_row, heading, keyed, line

KINDS = [("wealth", "Wealth"), ("marriage", "Marriage"), ("family", "Family"), ("secret", "Secret")]
HIDDEN = ("family", "secret")
"""Ambitions always taken face down."""
NUMBERS = (("debt", "Debt"), ("upkeep", "Upkeep"), ("vp", "Victory points"), ("parties", "Party icons"))
START = {"kind": None, "debt": 0, "upkeep": 0, "vp": 0, "parties": 0, "face_up": True}


def order_lines(state: InfamousTrafficState) -> list[tuple[str, str]]:
    order = state.season_order or queries.season_order(state)
    out = []
    for n, p in enumerate(order, 1):
        firm = state.firm(p)
        status = (
            "done" if n <= state.season_done else "drafting now" if n == state.season_done + 1 else "waits"
        )
        parties = f"{firm.parties} part{'y' if firm.parties == 1 else 'ies'}"
        out.append((p, f"{n}. {p}: {parties}, {money_text(firm.money)} ({status})"))
    return out


def _face(kind: str | None, face_up: bool, flip: Callable[[], Any]) -> ft.Control:
    if kind in HIDDEN:
        why = Violation(
            "infamous-traffic.face_down",
            f"A {kind} ambition is always taken face down.",
            "infamous-traffic/decade/season",
        )
        return action_button("Face up", lambda: None, key="it-prize-face", blocked=[why])
    return toggle("Face up (its debt now)", face_up, flip, key="it-prize-face")


@ft.component
def PrizeForm(model: AppModel, state: InfamousTrafficState, who: str) -> ft.Control:
    form = Form(START)
    name = Entry()
    kind = form["kind"]

    def entry(text: str) -> TakePrize:
        v = form.latest.value
        up = bool(v["face_up"]) and v["kind"] not in HIDDEN
        return TakePrize(text, v["kind"] or "", v["debt"], v["upkeep"], v["vp"], v["parties"], up)

    def keep() -> None:
        if model.dispatch(entry(name.value.strip())):
            form.reset()
            name.clear()

    def pick(card: Any) -> None:
        form.put_all(kind=card.prize, debt=card.debt, upkeep=card.upkeep, vp=card.vp, parties=card.parties)

    def typed(typed_name: str) -> dict[str, Any] | str:
        values = form.latest.value
        return as_card(values, typed_name) if values["kind"] else "pick the prize's kind first."

    blocked = model.check(entry("prize")) if kind else hint("Pick the prize's kind.")
    married = any(c.prize == "marriage" and not c.face_down for c in state.firm(who).tableau)
    notes = []
    if kind == "family" and married:
        notes.append(line("it-prize-note", f"{who} is married: a family ambition turns face up at once."))
    if len(state.players) <= 3:
        notes.append(line("it-prize-throw", "2 or 3 players: then throw one of the rest away at random."))
    catalogue = use_catalogue(
        model,
        queries.CATALOGUE_KIND,
        queries.CARDS,
        prefix="it-prize-catalogue",
        offered=lambda card: bool(card.prize),
        label=catalogued_text,
        pick=pick,
        typed=typed,
        name=name,
        field_key="it-prize-name",
        field_label="Prize name (searches the catalogue)",
    )
    return ft.Column(
        [
            heading(f"{who} keeps a prize"),
            catalogue.picker,
            chip_row(KINDS, kind, partial(form.put, "kind"), key="it-prize-kind", label="Kind:"),
            *[form_stepper(form, field, label, key=f"it-prize-{field}") for field, label in NUMBERS],
            _face(kind, bool(form["face_up"]), lambda: form.put("face_up", not form.now("face_up"))),
            *notes,
            beside(
                action_button("Keep this prize", keep, key="it-prize-keep", primary=True, blocked=blocked),
                catalogue.save,
            ),
            send_button(
                model,
                "Take no prize",
                SkipPrize(),
                key="it-prize-skip",
                blocked=queries.blocked(state, SkipPrize),
            ),
        ],
        spacing=8,
    )


def season_part(model: AppModel, state: InfamousTrafficState) -> list[ft.Control]:
    who = state.on_turn
    form: list[ft.Control] = (
        [] if who is None else [keyed(f"it-prize-form-{state.decade}-{who}", PrizeForm, model, state, who)]
    )
    return [
        heading("London Season: the prize draft"),
        *[line(f"it-draft-{p}", text) for p, text in order_lines(state)],
        *form,
        rule_link(model, "infamous-traffic/decade/season", key="it-rule-season"),
    ]


def discard_part(model: AppModel, state: InfamousTrafficState, who: str) -> list[ft.Control]:
    tableau = state.firm(who).tableau
    acts = [
        Act(card_text(n, c), partial(model.dispatch, Discard(n)), f"it-discard-{n}", model.check(Discard(n)))
        for n, c in enumerate(tableau, 1)
    ]
    return [
        heading(f"{who}: discard a card down to 5"),
        action_row(acts, key="it-discard"),
        rule_link(model, "infamous-traffic/cards", key="it-rule-discard"),
    ]
