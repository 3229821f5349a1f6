"""Phase 1: the three resource dice as the table rolled them (or Lantern rolls, once their faces are known),
then only the dice that must be rolled again; and each player's cards planned into the slots."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.blackout_hk.actions import Plan, Reroll, Roll
from trackers.blackout_hk.state import DICE, BlackoutState
from views.forms import Form, rule_link, send_button
from views.games.blackout_hk.parts import RESOURCE_CHOICES, card_choices, hint
from views.model import AppModel
from views.widgets import Latest, action_button, card, chip_row, heading, keyed, line

S = BlackoutState


@ft.component
def DiceForm(model: AppModel, state: S) -> ft.Control:
    again = state.reroll
    form = Form({c: "" for c in DICE})
    v = form.latest.shown
    editable = again or DICE

    def entry(values: dict[str, str]) -> Roll | Reroll:
        given = {c: values[c] for c in editable}
        return Reroll(**given) if again else Roll(**given)

    missing = [c for c in editable if not v[c]]
    reasons = hint(f"Pick what {' and '.join(missing)} show.") if missing else model.check(entry(v))
    controls: list[ft.Control] = [heading("The three resource dice")]
    if again:
        shown = ", ".join(f"{c} {r}" for c, r in zip(DICE, state.dice, strict=True))
        controls.append(line("bhk-dice-shown", f"The dice show {shown}; {' and '.join(again)} match."))
    for colour in editable:
        controls.append(
            chip_row(
                RESOURCE_CHOICES,
                v[colour] or None,
                partial(form.put, colour),
                key=f"bhk-die-{colour}",
                label=f"{colour.capitalize()} die:",
            )
        )
    controls.append(
        action_button(
            "Roll again" if again else "Enter the dice",
            lambda: model.dispatch(entry(form.latest.value)),
            key="bhk-dice-go",
            primary=True,
            blocked=reasons,
        )
    )
    if state.components.faces:
        auto = Reroll() if again else Roll()
        controls.append(
            send_button(model, "Lantern rolls", auto, key="bhk-dice-auto", blocked=model.check(auto))
        )
    controls.append(rule_link(model, "blackout-hk/round/dice", key="bhk-rule-dice"))
    return card(*controls, key="bhk-dice")


@ft.component
def PlayerPlan(model: AppModel, state: S, who: str) -> ft.Control:
    p = state.player(who)
    slots = p.usable_slots
    form = Form({f"slot-{i}": "" for i in range(slots)})
    v = form.latest.shown

    def entry(values: dict[str, str]) -> Plan:
        return Plan(who, tuple(values[f"slot-{i}"] for i in range(slots)))

    def pick(slot: int, cid: str) -> None:
        form.put(f"slot-{slot}", "" if form.now(f"slot-{slot}") == cid else cid)

    controls: list[ft.Control] = [heading(f"{who} plans")]
    for i in range(slots):
        taken = {v[f"slot-{j}"] for j in range(slots) if j != i}
        choices = [(cid, text) for cid, text in card_choices(p.hand) if cid not in taken]
        controls.append(
            chip_row(
                choices,
                v[f"slot-{i}"] or None,
                partial(pick, i),
                key=f"bhk-plan-{i + 1}",
                label=f"Slot {i + 1}:",
            )
        )
    controls.append(
        action_button(
            f"Plan {sum(1 for i in range(slots) if v[f'slot-{i}'])} card(s)",
            lambda: model.dispatch(entry(form.latest.value)),
            key="bhk-plan-go",
            primary=True,
            blocked=model.check(entry(v)),
        )
    )
    return ft.Column(controls, spacing=8)


@ft.component
def PlanForm(model: AppModel, state: S) -> ft.Control:
    left = [n for n in state.names if n not in state.planned_by]
    picked = Latest[str | None](None)
    who = picked.shown if picked.shown in left else left[0]
    return card(
        chip_row([(n, n) for n in left], who, picked.set, key="bhk-plan-who", label="Who plans:")
        if len(left) > 1
        else ft.Container(),
        keyed(f"bhk-plan-form-{who}", PlayerPlan, model, state, who),
        rule_link(model, "blackout-hk/round/planning", key="bhk-rule-plan"),
        key="bhk-plan",
    )
