"""A turn's one action as big buttons: those that need nothing more send at once (Travel, Pass, Throw Party),
the others open their form under the row. Each is disabled with its reason: the kit's for the phase, the
engine's for the concrete entry, and the pawn's location for the China actions."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from trackers.core.errors import Violation
from trackers.infamous_traffic.actions import (
    AdjustPrice,
    ConductBusiness,
    Conspiracy,
    Deploy,
    Influence,
    Inquire,
    Pass,
    ThrowParty,
    Travel,
)
from trackers.infamous_traffic.queries import CARDS, CATALOGUE_KIND, blocked
from trackers.infamous_traffic.state import LOCATIONS, PLAYER_TILES, InfamousTrafficState
from views.catalogue import use_catalogue
from views.forms import Form, form_stepper, rule_link, send_button, toggle
from views.games.infamous_traffic.cards import as_card, catalogued_text
from views.games.infamous_traffic.parts import PLACES, hint, name
from views.model import AppModel
from views.widgets import Act, Entry, action_button, action_row, heading

S = InfamousTrafficState
FORMS = {
    "inquire": ("Inquire", Inquire),
    "business": ("Conduct Business", ConductBusiness),
    "deploy": ("Deploy", Deploy),
    "adjust": ("Adjust Price", AdjustPrice),
    "influence": ("Influence", Influence),
    "conspiracy": ("Conspiracy", Conspiracy),
}
CHINA_FORMS = ("deploy", "adjust", "influence", "conspiracy")


def china_reason(state: S, who: str) -> list[Violation]:
    """One reason for the four China actions together, said once under the row."""
    here = state.location_of(who)
    if here == "china":
        return []
    return [
        Violation(
            "infamous-traffic.location",
            f"Deploy, Adjust Price, Influence and Conspiracy need the pawn in China; {who}'s pawn is in "
            f"{PLACES[here]}.",
            "infamous-traffic/pawn",
        )
    ]


def action_buttons(
    model: AppModel, state: S, who: str, opened: str, open_form: Callable[[str], Any]
) -> ft.Control:
    here = state.location_of(who)
    # A question first: every entry of the row waits for it, Deploy too (the offered one has its own card).
    waits = blocked(state, Pass) if state.question else []

    def form_act(form: str) -> Act:
        label, kind = FORMS[form]
        why = waits or blocked(state, kind) or (china_reason(state, who) if form in CHINA_FORMS else [])
        return Act(label, partial(open_form, form), f"it-act-{form}", why, primary=form == opened)

    acts = [
        form_act("inquire"),
        form_act("business"),
        *[
            Act(
                f"Travel to {PLACES[loc]}",
                partial(model.dispatch, Travel(loc)),
                f"it-act-travel-{loc}",
                model.check(Travel(loc)),
                icon=ft.Icons.DIRECTIONS_BOAT,
            )
            for loc in LOCATIONS
            if loc != here
        ],
        Act("Pass", partial(model.dispatch, Pass()), "it-act-pass", model.check(Pass())),
        Act(
            "Throw Party (1 debt)",
            partial(model.dispatch, ThrowParty()),
            "it-act-party",
            model.check(ThrowParty()),
        ),
        *[form_act(form) for form in CHINA_FORMS],
    ]
    return action_row(acts, key="it-actions")


@ft.component
def InquireForm(model: AppModel, state: S, who: str) -> ft.Control:
    """The card kept from the three drawn, with the numbers printed on it; or all back; or expelled."""
    form = Form({"upkeep": 0, "vp": 0, "parties": 0, "locked": False})
    card_name = Entry()
    deck = PLACES[state.location_of(who)]

    def keep() -> None:
        v = form.latest.value
        action = Inquire(card_name.value.strip(), v["upkeep"], v["vp"], v["parties"], bool(v["locked"]))
        if model.dispatch(action):
            form.reset()
            card_name.clear()

    typed = card_name.value.strip()
    v = form.latest.shown
    reasons = (
        model.check(Inquire(typed, v["upkeep"], v["vp"], v["parties"], bool(v["locked"])))
        if typed
        else hint("Type the name of the card kept, or put all three back.")
    )
    catalogue = use_catalogue(
        model,
        CATALOGUE_KIND,
        CARDS,
        prefix="it-inquire-catalogue",
        offered=lambda card: not card.prize,
        label=catalogued_text,
        pick=lambda card: form.put_all(
            upkeep=card.upkeep, vp=card.vp, parties=card.parties, locked=card.locked
        ),
        typed=lambda typed_name: as_card(form.latest.value, typed_name),
        name=card_name,
        field_key="it-inquire-name",
        field_label="The card kept (searches the catalogue)",
    )
    controls: list[ft.Control] = [
        heading(f"Inquire: three cards from the {deck} deck"),
        catalogue.picker,
        # Its button above the numbers: a card picked from the catalogue is kept with the next tap, in view;
        # the lock beside it, so that the whole card is entered without a swipe.
        ft.Row(
            [
                action_button("Keep this card", keep, key="it-inquire-keep", primary=True, blocked=reasons),
                toggle(
                    "It has a lock",
                    bool(form["locked"]),
                    lambda: form.put("locked", not form.now("locked")),
                    key="it-inquire-lock",
                ),
            ],
            wrap=True,
            spacing=8,
            vertical_alignment=ft.CrossAxisAlignment.START,
        ),
        form_stepper(form, "upkeep", "Upkeep", key="it-inquire-upkeep", high=20),
        form_stepper(form, "vp", "Victory points", key="it-inquire-vp", high=20),
        form_stepper(form, "parties", "Party icons", key="it-inquire-parties", high=9),
        catalogue.save,
        send_button(
            model, "Put all three back", Inquire(), key="it-inquire-none", blocked=model.check(Inquire())
        ),
    ]
    if state.location_of(who) == "china":
        controls.append(
            send_button(
                model,
                "Expelled by Lin Zexu: the turn is lost",
                Inquire(expelled=True),
                key="it-inquire-expelled",
                blocked=model.check(Inquire(expelled=True)),
            )
        )
    controls.append(rule_link(model, "infamous-traffic/actions/inquire", key="it-rule-inquire"))
    return ft.Column(controls, spacing=8)


@ft.component
def BusinessForm(model: AppModel, state: S, who: str) -> ft.Control:
    """The tiles the cards gained (into holdings), the debt they cost, and any cash they gave; the button to
    send them first."""
    form = Form({**{t: 0 for t in PLAYER_TILES}, "debt": 0, "cash": 0})
    firm = state.firm(who)

    def entry(v: dict[str, Any]) -> ConductBusiness:
        tiles = tuple(t for t in PLAYER_TILES for _ in range(int(v[t])))
        return ConductBusiness(tiles, int(v["debt"]), int(v["cash"]))

    def send() -> None:
        if model.dispatch(entry(form.latest.value)):
            form.reset()

    return ft.Column(
        [
            heading(f"Conduct Business with {PLACES[state.location_of(who)]} cards"),
            # Its button above the counts: under the row of actions the form starts low on a phone, and the
            # button stays in view (with its reason) while the counts below it are set.
            action_button(
                "Conduct business",
                send,
                key="it-business-go",
                primary=True,
                blocked=model.check(entry(form.latest.shown)),
            ),
            *[
                form_stepper(
                    form,
                    t,
                    f"{name(t)} gained ({firm.count(firm.supply, t)} in supply)",
                    key=f"it-business-{t}",
                    high=firm.count(firm.supply, t),
                )
                for t in PLAYER_TILES
            ],
            form_stepper(form, "debt", "Debt the cards cost", key="it-business-debt", high=30),
            form_stepper(form, "cash", "Cash gained", key="it-business-cash", high=30),
            rule_link(model, "infamous-traffic/actions/business", key="it-rule-business"),
        ],
        spacing=8,
    )
