"""Phase 5: the player on turn buys a card from a row at its price, named as it is bought, or passes;
phase 6: the water and food wasted (Lantern's best split suggested, the split checked as it is entered) and
one objective discarded."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.blackout_hk import queries
from trackers.blackout_hk.actions import Buy, CleanUp, Done
from trackers.blackout_hk.state import DICE, OBJECTIVE_SPOTS, RESOURCES, BlackoutState
from trackers.core.wording import unit
from views.forms import Form, form_stepper, rule_link, send_button
from views.games.blackout_hk.parts import GOAL_COUNTS
from views.model import AppModel
from views.widgets import TOUCH, Act, Entry, action_button, action_row, card, chip_row, heading, line

S = BlackoutState


KINDS = [
    *((c, f"{c.capitalize()} volunteer") for c in DICE),
    ("specialist", "Specialist"),
    ("plan", "Plan"),
]


def bought_name(kind: str, goals: str, row: int, price: int | None) -> str:
    """The name a card bought gets when none is typed: its kind (a plan with its goals) and its price, else
    the row it came from."""
    paid = f" ({price} HK$)" if price is not None else ""
    if kind == "plan" and goals:
        return f"Plan, {goals} goal(s){paid}"
    return f"{dict(KINDS)[kind]}{paid}" if kind else f"Card from row {row}{paid}"


def bought(kind: str, goals: str, row: int, name: str, price: int | None) -> Buy:
    """The purchase as an entry: the name typed (else `bought_name`), a volunteer's colour, and the goals
    printed on the card (one on a volunteer or specialist; a plan's as picked)."""
    count = 1 if kind in (*DICE, "specialist") else int(goals or 0)
    return Buy(
        row,
        name.strip() or bought_name(kind, goals, row, price),
        goals=count,
        colour=kind if kind in DICE else "",
    )


@ft.component
def BuyCard(model: AppModel, state: S) -> ft.Control:
    """A card bought is named when bought: what kind it is (optional; it tells the goal form its goals and a
    volunteer's colour) and a name, which defaults to the kind and the price."""
    who = state.on_turn or ""
    p = state.player(who)
    form = Form({"kind": "", "goals": ""})
    name = Entry()
    v = form.latest.shown

    def buy(row: int) -> None:
        values = form.latest.value
        entry = bought(values["kind"], values["goals"], row, name.value, queries.price(state, row))
        if model.dispatch(entry):
            name.clear()
            form.reset()

    acts = []
    for row in (1, 2, 3):
        price = queries.price(state, row)
        label = f"Row {row}: {price} HK$" if price is not None else f"Row {row}: empty"
        shown = bought(v["kind"], v["goals"], row, "", price)
        acts.append(Act(label, partial(buy, row), f"bhk-buy-row-{row}", model.check(shown)))
    kind_rows: list[ft.Control] = [
        chip_row(
            KINDS,
            v["kind"] or None,
            lambda k: form.put_all(kind="" if k == form.now("kind") else k, goals=""),
            key="bhk-buy-kind",
            label="It is (optional):",
        )
    ]
    if v["kind"] == "plan":
        kind_rows.append(
            chip_row(
                GOAL_COUNTS,
                v["goals"] or None,
                partial(form.put, "goals"),
                key="bhk-buy-goals",
                label="Goals:",
            )
        )
    return card(
        line(
            "bhk-buy-money", f"HK$ {p.hkd}; {len(p.objectives)} of {OBJECTIVE_SPOTS} objective spots taken."
        ),
        *kind_rows,
        name.field("Name (empty: the kind and its price)", key="bhk-buy-name", height=TOUCH + 8),
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
