"""The citizen on turn's temptation, with what the corruption die showed (0, 1 or 2: Lantern cannot roll it,
its faces are not printed): BRIBE, SCAM (resources from the Trade Center to others), GANG UP, HACK,
TRESPASS, SELL SCRIPTS (with its own die)."""

from __future__ import annotations

from typing import Any

import flet as ft

from trackers.core.actions import Action
from trackers.hope_city.actions import Bribe, GangUp, Hack, Scam, SellScripts, Trespass
from trackers.hope_city.state import Citizen, HopeCityState
from views.forms import Form, rule_link
from views.games.hope_city.parts import TEMPTATION, citizen_choices, dice_row, held_choices, hint, label
from views.model import AppModel
from views.widgets import action_button, chip_row, tagged

PLAIN: dict[str, type[Bribe | GangUp | Hack | Trespass]] = {
    "mayor": Bribe,
    "coach": GangUp,
    "engineer": Hack,
    "ranger": Trespass,
}
WHAT = {
    "mayor": "open the Future Track by one",
    "entrepreneur": "up to two resources from the Trade Center, each to another citizen",
    "coach": "take the purple die",
    "engineer": "the next objective this turn costing 2 or less is free",
    "ranger": "a random chaos card leaves the pile",
    "doctor": "roll a die: that many corruption leave other citizens",
}
START: dict[str, Any] = {"die": None, "gifts": (), "token": None, "to": None, "roll": None}


def temptation_action(acting: Citizen, values: dict[str, Any]) -> Action | str:
    """The temptation entry the form makes, or what is still to pick."""
    die = values["die"]
    if die is None:
        return "Enter what the corruption die shows."
    if acting.id == "entrepreneur":
        gifts = tuple((g.partition("|")[0], g.partition("|")[2]) for g in values["gifts"])
        return Scam(die, gifts) if gifts else "Add one or two resources to give."
    if acting.id == "doctor":
        return SellScripts(die, values["roll"] or 0)
    return PLAIN[acting.id](die)


def _scam(state: HopeCityState, acting: Citizen, form: Form) -> list[ft.Control]:
    others = [c for c in state.active if c.id != acting.id]
    gifts = [g.split("|") for g in form["gifts"]]
    said = ", ".join(f"{label(t)} to the {state.citizen(c).name}" for t, c in gifts) or "nothing yet"

    def add() -> None:
        token, to = form.now("token"), form.now("to")
        if token and to and len(form.now("gifts")) < 2:
            form.put_all(gifts=(*form.now("gifts"), f"{token}|{to}"), token=None, to=None)

    return [
        chip_row(
            held_choices(state.trade),
            form["token"],
            lambda v: form.put("token", v),
            key="hc-scam-token",
            label="Give:",
        ),
        chip_row(
            citizen_choices(others), form["to"], lambda v: form.put("to", v), key="hc-scam-to", label="To:"
        ),
        ft.Row(
            [
                action_button("Add", add, key="hc-scam-add"),
                action_button("Clear", lambda: form.put("gifts", ()), key="hc-scam-clear"),
            ],
            wrap=True,
        ),
        tagged("hc-scam-gifts", ft.Text(f"SCAM gives: {said}.")),
    ]


@ft.component
def TemptationForm(model: AppModel, state: HopeCityState, acting: Citizen) -> ft.Control:
    form = Form(dict(START))
    name = TEMPTATION[acting.id]

    def give_in() -> None:
        action = temptation_action(acting, form.latest.value)
        if not isinstance(action, str) and model.dispatch(action):
            form.reset()

    action = temptation_action(acting, form.latest.shown)
    extra: list[ft.Control] = []
    if acting.id == "entrepreneur":
        extra = _scam(state, acting, form)
    elif acting.id == "doctor":
        extra = [
            dice_row(
                form["roll"],
                lambda n: form.put("roll", n),
                key="hc-scripts-die",
                text="Scripts die (or Lantern rolls):",
            )
        ]
    return ft.Column(
        [
            ft.Text(f"Temptation: {name}: {WHAT[acting.id]}."),
            chip_row(
                [("0", "0"), ("1", "1"), ("2", "2")],
                None if form["die"] is None else str(form["die"]),
                lambda v: form.put("die", int(v)),
                key="hc-tempt-die",
                label="The corruption die shows (roll it at the table):",
            ),
            *extra,
            action_button(
                f"Give in: {name}",
                give_in,
                key="hc-tempt-go",
                blocked=hint(action) if isinstance(action, str) else model.check(action),
            ),
            rule_link(model, "hope-city/citizens/temptations", key="hc-rule-temptations"),
        ],
        spacing=4,
    )
