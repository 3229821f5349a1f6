"""The question an entry left open, shown before anything else: corruption to pass on, a PUNK to place, the
Drug Dealer's deal, or SELL SCRIPTS' tokens. The engine answers which choices it takes."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.hope_city.actions import Deal, GiveCorruption, PlacePunk, TakeScript
from trackers.hope_city.queries import legal_spaces, question
from trackers.hope_city.state import HopeCityState, corruption_cap
from views.forms import Form, rule_link
from views.games.hope_city.parts import citizen_choices, hint, label, punk_name, punks_text
from views.model import AppModel
from views.widgets import Act, action_button, action_row, card, chip_row, heading, keyed, tagged


def pending(state: HopeCityState) -> str:
    """Which question waits ("" for none): the engine's order."""
    return question(state)


def _corruption(model: AppModel, state: HopeCityState) -> list[ft.Control]:
    n = state.corruption_due
    return [
        heading("Corruption to pass on"),
        tagged(
            "hc-question",
            ft.Text(f"{n} corruption must go to good citizens, one token at a time: who takes the next?"),
        ),
        action_row(
            [
                Act(
                    f"{c.label}: {c.corruption} of {corruption_cap(c.id)}",
                    partial(model.dispatch, GiveCorruption(c.id)),
                    f"hc-give-{c.id}",
                    model.check(GiveCorruption(c.id)),
                )
                for c in state.active
            ],
            key="hc-give",
        ),
        rule_link(model, "hope-city/corruption", key="hc-rule-question"),
    ]


def _punk(model: AppModel, state: HopeCityState) -> list[ft.Control]:
    kind, more = state.punks_due[0], len(state.punks_due) - 1
    after = f" ({more} more after it)" if more else ""
    return [
        heading("A PUNK emerged"),
        tagged("hc-question", ft.Text(f"Choose a space for the {punk_name(kind)}{after}.")),
        action_row(
            [
                Act(
                    f"{label(space)} ({punks_text(state.city.on(space))})",
                    partial(model.dispatch, PlacePunk(space)),
                    f"hc-punk-{space}",
                    model.check(PlacePunk(space)),
                )
                for space in legal_spaces(state.city)
            ],
            key="hc-punk",
        ),
        rule_link(model, "hope-city/punks", key="hc-rule-question"),
    ]


@ft.component
def DealForm(model: AppModel, state: HopeCityState) -> ft.Control:
    """One token to a most corrupted citizen (the engine says who may take it), or two to others."""
    form = Form({"two": ()})
    singles = [c for c in state.active if not model.check(Deal((c.id,)))]
    two = tuple(form["two"])

    def deal_two() -> None:
        if model.dispatch(Deal(tuple(form.now("two")))):
            form.reset()

    return ft.Column(
        [
            heading("The Drug Dealer deals"),
            tagged("hc-question", ft.Text("1 corruption to the most corrupted citizen, or 2 to others.")),
            action_row(
                [
                    Act(
                        f"1 to the {c.label} ({c.corruption})",
                        partial(model.dispatch, Deal((c.id,))),
                        f"hc-deal-{c.id}",
                    )
                    for c in singles
                ],
                key="hc-deal-one",
            ),
            chip_row(
                citizen_choices(state.active),
                None,
                partial(form.flip, "two"),
                key="hc-deal-pick",
                label="Or 2, one each to: " + (", ".join(state.citizen(c).name for c in two) or "pick two"),
            ),
            action_button(
                "Deal 2",
                deal_two,
                key="hc-deal-two",
                blocked=model.check(Deal(two)) if len(two) == 2 else hint("Pick two citizens."),
            ),
            rule_link(model, "hope-city/citizens/flaws", key="hc-rule-question"),
        ],
        spacing=8,
    )


def _scripts(model: AppModel, state: HopeCityState) -> list[ft.Control]:
    return [
        heading("SELL SCRIPTS"),
        tagged(
            "hc-question",
            ft.Text(f"Take {state.scripts_due} corruption off other citizens, one at a time: from whom?"),
        ),
        action_row(
            [
                Act(
                    f"{c.label}: {c.corruption}",
                    partial(model.dispatch, TakeScript(c.id)),
                    f"hc-script-{c.id}",
                    model.check(TakeScript(c.id)),
                )
                for c in state.active
            ],
            key="hc-script",
        ),
        rule_link(model, "hope-city/citizens/temptations", key="hc-rule-question"),
    ]


def PendingCard(model: AppModel, state: HopeCityState) -> ft.Control:
    """The first open question's card (an empty container when none waits)."""
    which = pending(state)
    if which == "corruption":
        return card(*_corruption(model, state), key="hc-pending")
    if which == "punk":
        return card(*_punk(model, state), key="hc-pending")
    if which == "deal":
        return card(keyed("hc-deal-form", DealForm, model, state), key="hc-pending")
    if which == "scripts":
        return card(*_scripts(model, state), key="hc-pending")
    return ft.Container()
