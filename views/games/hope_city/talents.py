"""The citizen on turn's talent (LEAD, INVEST, INNOVATE, EXPLORE, HEAL; the Coach's RECRUIT copies one), paid
with a talent token of its own or recruited from a card nobody plays, and a token for the Phoenix Monument."""

from __future__ import annotations

from typing import Any

import flet as ft

from trackers.core.actions import Action
from trackers.hope_city.actions import Explore, Heal, Innovate, InvestMonument, InvestResource, Lead
from trackers.hope_city.state import MONUMENT_COST, Citizen, HopeCityState
from views.forms import Form, rule_link
from views.games.hope_city.parts import (
    PURPLE,
    TALENT,
    WAGE_KINDS,
    citizen_choices,
    dice_row,
    held_choices,
    hint,
    label,
    punk_at,
    punk_choices,
    purple_rows,
)
from views.model import AppModel
from views.widgets import action_button, chip_row

OWN = "own"
BAG = "bag"
FIELDS = {
    "give": None,
    "to": None,
    "take": None,
    "drawn": None,
    "punk": None,
    "die": None,
    "target": None,
    **PURPLE,
}
RECRUITED = "coach:"
"""An owner picked as "coach:<citizen>": that citizen's talent, paid with the non-active Coach card's token
(RECRUIT)."""


def whose(value: str | None) -> str | None:
    """The citizen whose talent an owner pick names."""
    return None if value is None else value.removeprefix(RECRUITED)


def owners(state: HopeCityState, acting: Citizen) -> list[tuple[str, str]]:
    """Whose talent the citizen may use: its own, a non-active card's (with that card's token), and for the
    Coach every other citizen's (RECRUIT; the engine says when a copy is allowed)."""
    found = [] if acting.id == "coach" else [(acting.id, f"{TALENT[acting.id]} (own)")]
    for other in state.citizens:
        if other.id in (acting.id, "coach"):
            continue
        if not other.active:
            found.append((other.id, f"{TALENT[other.id]} with the {other.name} card's token"))
        elif acting.id == "coach":
            found.append((other.id, f"RECRUIT: {TALENT[other.id]}"))
    if acting.id != "coach" and not state.citizen("coach").active:
        found += [
            (f"{RECRUITED}{c.id}", f"RECRUIT with the Coach card's token: {TALENT[c.id]}")
            for c in state.citizens
            if c.id not in ("coach", "doctor")
        ]
    return found


def talent_action(state: HopeCityState, acting: Citizen, values: dict[str, Any]) -> Action | str:
    """The talent entry the form makes, or what is still to pick."""
    owner = whose(values["owner"])
    if owner is None:
        return "Pick whose talent to use."
    recruited = values["owner"].startswith(RECRUITED)
    token_from = "coach" if recruited else "" if state.citizen(owner).active else owner
    if owner == "mayor":
        return Lead(token_from)
    if owner == "ranger":
        return Explore(token_from)
    if owner == "doctor":
        return Heal(values["target"], token_from) if values["target"] else "Pick whose corruption is healed."
    if owner == "engineer":
        space, punk = punk_at(state, values["punk"])
        if not punk:
            return "Pick a PUNK."
        return Innovate(space, punk, values["die"] or 0, token_from, values["gang_up"], values["purple"] or 0)
    if values["give"] is None or values["to"] is None or values["take"] is None:
        return "Pick what to give, to whom, and what to take."
    from_bag = values["take"] == BAG
    return InvestResource(
        values["give"],
        values["to"],
        "" if from_bag else values["take"],
        (values["drawn"] or "") if from_bag else "",
        token_from,
    )


def _fields(state: HopeCityState, acting: Citizen, form: Form) -> list[ft.Control]:
    owner = whose(form["owner"])
    if owner == "doctor":
        targets = [*citizen_choices(state.active), (BAG, "The bag")]
        return [
            chip_row(
                targets, form["target"], lambda v: form.put("target", v), key="hc-heal-target", label="Heal:"
            )
        ]
    if owner == "engineer":
        return [
            chip_row(
                punk_choices(state), form["punk"], lambda v: form.put("punk", v), key="hc-innovate-punk"
            ),
            dice_row(
                form["die"],
                lambda n: form.put("die", n),
                key="hc-innovate-die",
                text="Die (or Lantern rolls):",
            ),
            *purple_rows(state, form, key="hc-innovate"),
        ]
    if owner != "entrepreneur":
        return []
    others = [c for c in state.active if c.id != acting.id]
    controls = [
        chip_row(
            held_choices(acting.tokens),
            form["give"],
            lambda v: form.put("give", v),
            key="hc-invest-give",
            label="Give:",
        ),
        chip_row(
            citizen_choices(others), form["to"], lambda v: form.put("to", v), key="hc-invest-to", label="To:"
        ),
        chip_row(
            [*held_choices(state.trade), (BAG, "Draw from the bag")],
            form["take"],
            lambda v: form.put("take", v),
            key="hc-invest-take",
            label="Then take:",
        ),
    ]
    if form["take"] == BAG:
        controls.append(
            chip_row(
                [(k, label(k)) for k in WAGE_KINDS],
                form["drawn"],
                lambda v: form.put("drawn", v),
                key="hc-invest-drawn",
                label="We drew (or Lantern draws):",
            )
        )
    return controls


@ft.component
def TalentForm(model: AppModel, state: HopeCityState, acting: Citizen) -> ft.Control:
    form = Form({"owner": None if acting.id == "coach" else acting.id, "monument_from": OWN, **FIELDS})

    def use() -> None:
        action = talent_action(state, acting, form.latest.value)
        if not isinstance(action, str) and model.dispatch(action):
            form.reset()

    def invest() -> None:
        source = form.now("monument_from")
        if model.dispatch(InvestMonument("" if source == OWN else source)):
            form.reset()

    action = talent_action(state, acting, form.latest.shown)
    lenders = [(OWN, "Own token")] + [(c.id, f"The {c.name} card's") for c in state.citizens if not c.active]
    source = form["monument_from"]
    monument = InvestMonument("" if source == OWN else source)
    return ft.Column(
        [
            ft.Text(f"Talents left: the {acting.name} {acting.talents}."),
            chip_row(
                owners(state, acting),
                form["owner"],
                lambda v: form.put_all(owner=v, **FIELDS),
                key="hc-talent-owner",
                label="Talent:",
            ),
            *_fields(state, acting, form),
            action_button(
                "Use the talent",
                use,
                key="hc-talent-go",
                blocked=hint(action) if isinstance(action, str) else model.check(action),
            ),
            ft.Text(
                f"Or a talent token for the Phoenix Monument ({state.monument.talents} of {MONUMENT_COST}):"
            ),
            chip_row(lenders, source, lambda v: form.put("monument_from", v), key="hc-monument-from")
            if len(lenders) > 1
            else ft.Container(),
            action_button("Invest in the monument", invest, key="hc-monument", blocked=model.check(monument)),
            rule_link(model, "hope-city/citizens/talents", key="hc-rule-talents"),
        ],
        spacing=4,
    )
