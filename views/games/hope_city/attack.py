"""The PUNK attack on the citizen on turn: Lantern rolls, or the table enters one die per PUNK (and the
Bully's purple die); then fighting back against the PUNKS the dice beat, one resource each."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.hope_city.actions import FaceAttack, FightBack
from trackers.hope_city.queries import blocked
from trackers.hope_city.state import HopeCityState, Turn
from views.forms import Form, rule_link, send_button
from views.games.hope_city.parts import (
    PURPLE,
    dice_row,
    held_choices,
    hint,
    label,
    punk_name,
    purple_rows,
)
from views.model import AppModel
from views.widgets import action_button, chip_row


@ft.component
def AttackStep(model: AppModel, state: HopeCityState, turn: Turn) -> ft.Control:
    form = Form({"dice": {}, **PURPLE})
    title = ft.Text("4. PUNK attack")
    gate = blocked(state, FaceAttack)
    rolled = FaceAttack(purple=form["purple"] or 0, gang_up=form["gang_up"])
    roll = send_button(
        model,
        "Roll for me",
        rolled,
        key="hc-attack-roll",
        icon=ft.Icons.CASINO,
        blocked=gate or model.check(rolled),
    )
    if gate:
        return ft.Column([title, roll], spacing=4)
    who = state.citizen(turn.citizen)
    space = who.space or ""
    punks = state.city.on(space)
    bully = who.id == "coach" and not who.good

    def picked(i: int, n: int) -> None:
        form.put("dice", {**form.now("dice"), i: n})

    def entered() -> FaceAttack | None:
        dice = form.now("dice")
        if len(dice) < len(punks) or (bully and form.now("purple") is None):
            return None
        return FaceAttack(
            tuple(dice[i] for i in range(len(punks))), form.now("purple") or 0, form.now("gang_up")
        )

    def enter() -> None:
        action = entered()
        if action is not None and model.dispatch(action):
            form.reset()

    dice = form["dice"]
    rows = [
        dice_row(dice.get(i), partial(picked, i), key=f"hc-attack-die-{i}", text=f"{punk_name(p)} {i + 1}:")
        for i, p in enumerate(punks)
    ]
    if bully:
        rows.append(
            dice_row(form["purple"], partial(form.put, "purple"), key="hc-attack-purple", text="Purple die:")
        )
    rows += purple_rows(state, form, key="hc-attack")
    ready = len(dice) == len(punks) and (not bully or form["purple"] is not None)
    shown = (
        FaceAttack(tuple(dice[i] for i in range(len(punks))), form["purple"] or 0, form["gang_up"])
        if ready
        else None
    )
    return ft.Column(
        [
            title,
            ft.Text(f"{len(punks)} PUNKS on {label(space)} attack the {who.name}: one die per PUNK."),
            roll,
            ft.Text("Or enter the dice the table rolled:"),
            *rows,
            action_button(
                "Enter these dice",
                enter,
                key="hc-attack-enter",
                blocked=model.check(shown) if shown else hint("Enter one die per PUNK, or let Lantern roll."),
            ),
            rule_link(model, "hope-city/punks/attack", key="hc-rule-attack"),
        ],
        spacing=4,
    )


def _fight(model: AppModel, punk: str, token: str) -> None:
    model.dispatch(FightBack(punk, token))


def fight_back_step(model: AppModel, state: HopeCityState, turn: Turn) -> ft.Control:
    """One row of chips per beaten PUNK: the resource paid to remove it (or leave it be)."""
    if not turn.fight_back:
        return ft.Container()
    who = state.citizen(turn.citizen)
    space = label(turn.attacked_on or "")
    rows: list[ft.Control] = [ft.Text("Fight back (if you like): pay 1 resource to remove a beaten PUNK")]
    rows += [
        chip_row(
            held_choices(who.tokens),
            None,
            partial(_fight, model, punk),
            key=f"hc-fight-{i}",
            label=f"Remove the {punk_name(punk)} on {space}, paying:",
        )
        for i, punk in enumerate(turn.fight_back)
    ]
    rows.append(rule_link(model, "hope-city/punks/fight-back", key="hc-rule-fight"))
    return ft.Column(rows, spacing=4)
