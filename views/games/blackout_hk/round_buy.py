"""Phase 5: the player on turn buys a card from a row at its price, or passes; phase 6: the water and food
wasted (Lantern's best split suggested, the split checked as it is entered) and one objective discarded."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.blackout_hk import queries
from trackers.blackout_hk.actions import Buy, CleanUp, Done
from trackers.blackout_hk.state import RESOURCES, BlackoutState
from trackers.core.wording import unit
from views.forms import Form, form_stepper, rule_link, send_button
from views.model import AppModel
from views.widgets import Act, action_button, action_row, card, chip_row, heading, line

S = BlackoutState


@ft.component
def BuyCard(model: AppModel, state: S) -> ft.Control:
    who = state.on_turn or ""
    p = state.player(who)
    acts = []
    for row in (1, 2, 3):
        price = queries.price(state, row)
        label = f"Row {row}: {price} HK$" if price is not None else f"Row {row}: empty"
        action = Buy(row)
        acts.append(Act(label, partial(model.dispatch, action), f"bhk-buy-row-{row}", model.check(action)))
    return card(
        heading(f"{who} buys a card (HK$ {p.hkd}, {len(p.objectives)} in the objective area)"),
        action_row(acts, key="bhk-buy-rows"),
        send_button(model, "Pass", Done(), key="bhk-buy-pass", blocked=model.check(Done())),
        rule_link(model, "blackout-hk/round/buy", key="bhk-rule-buy"),
        key="bhk-buy",
    )


@ft.component
def CleanUpForm(model: AppModel, state: S) -> ft.Control:
    who = state.on_turn or ""
    p = state.player(who)
    water, food = p.rondel[RESOURCES.index("water")], p.rondel[RESOURCES.index("food")]
    pairs, singles, wp, fp = queries.best_split(p)
    form = Form({"pairs": pairs, "singles": singles, "water_plan": wp, "food_plan": fp, "discard": ""})
    v = form.latest.shown

    def entry(values: dict[str, object]) -> CleanUp:
        return CleanUp(
            int(str(values["pairs"])),
            int(str(values["singles"])),
            int(str(values["water_plan"])),
            int(str(values["food_plan"])),
            str(values["discard"]),
        )

    used = queries.waste_total(int(v["pairs"]), int(v["singles"]), int(v["water_plan"]))
    hkd, gps, points = queries.waste_gains(
        water, food, int(v["pairs"]), int(v["singles"]), int(v["water_plan"]), int(v["food_plan"])
    )
    check = f"Water accounted for: {used} of {water}" + (
        " (adds up)." if used == water else " (must add up)."
    )
    steppers = [
        form_stepper(form, "pairs", "Water pairs (1 GPS each)", key="bhk-clean-pairs"),
        form_stepper(form, "singles", "Single water (1 HK$ each)", key="bhk-clean-singles"),
    ]
    if "water" in p.perks:
        steppers.append(form_stepper(form, "water_plan", "2 water for 7 HK$", key="bhk-clean-water-plan"))
    if "food" in p.perks:
        steppers.append(form_stepper(form, "food_plan", "2 food for 4 points", key="bhk-clean-food-plan"))
    return card(
        heading(f"{who}: clean up ({water} water, {food} food)"),
        line(
            "bhk-clean-best",
            f"Most HK$: {pairs} pair(s), {singles} single(s), {wp} water trade(s), {fp} food trade(s).",
        ),
        *steppers,
        line("bhk-clean-check", check),
        line("bhk-clean-gains", f"Gives +{hkd} HK$, +{gps} GPS, +{points} {unit(points, 'points')}."),
        chip_row(
            [("", "none"), *((o.id, f"{o.name} ({o.id})") for o in p.objectives)],
            v["discard"],
            partial(form.put, "discard"),
            key="bhk-clean-discard",
            label="Discard an objective:",
        ),
        action_button(
            "Clean up",
            lambda: model.dispatch(entry(form.latest.value)),
            key="bhk-clean-go",
            primary=True,
            blocked=model.check(entry(v)),
        ),
        rule_link(model, "blackout-hk/round/cleanup", key="bhk-rule-cleanup"),
        key="bhk-cleanup",
    )
