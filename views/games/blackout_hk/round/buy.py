"""Phase 5: the player on turn buys a card from a row at its price, named as it is bought, or passes (with
the purchase, when it leaves them on turn with no card they can buy: the pass the rules then force);
phase 6: the water and food wasted (Lantern's best split suggested, the split checked as it is entered) and
one objective discarded."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from trackers.blackout_hk import queries
from trackers.blackout_hk.actions import Buy, CleanUp, Done
from trackers.blackout_hk.state import DICE, OBJECTIVE_SPOTS, RESOURCES, BlackoutState
from trackers.core.names import same_name
from trackers.core.wording import unit
from views.catalogue import use_catalogue
from views.forms import Form, form_stepper, rule_link, send_button
from views.games.blackout_hk.parts import GOAL_COUNTS
from views.model import AppModel
from views.widgets import Act, Entry, action_button, action_row, card, chip_row, heading, line

S = BlackoutState


KINDS = [
    *((c, f"{c.capitalize()} volunteer") for c in DICE),
    ("specialist", "Specialist"),
    ("plan", "Plan"),
]
CUBES = [(str(n), str(n)) for n in range(1, 4)]


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


def forced_pass(model: AppModel, who: str, purchase: Buy) -> str:
    """Why `who` must pass right after this purchase ("" when they may buy again, or the turn moves on to
    someone else): what the engine would make of the purchase, then `queries.cannot_buy`."""
    game = model.game
    if game is None:
        return ""
    result = game.session.preview(purchase)
    after = result.state
    if result.ok and after.stage == "buy" and after.on_turn == who:
        return queries.cannot_buy(after, after.player(who))
    return ""


def catalogued_kind(card: Any) -> str:
    """The kind a catalogued card is bought as: a volunteer's colour, else a plan (a perk, search icons or
    several goals) or a specialist."""
    if card.colour:
        return str(card.colour)
    return "plan" if card.perk or card.icons or len(card.goals) > 1 else "specialist"


def catalogued_text(card: Any) -> str:
    """A catalogued card on its button: its name, then its kind as the buy form names it."""
    kind = catalogued_kind(card)
    if kind in DICE:
        return f"{card.name}: {kind} volunteer, {card.cubes} {unit(card.cubes, 'cubes')}"
    return f"{card.name}: plan, {len(card.goals)} goal(s)" if kind == "plan" else f"{card.name}: specialist"


def as_card(values: dict[str, Any], name: str) -> dict[str, Any] | str:
    """The card the buy form describes, as the catalogue holds it (each goal as nothing paid and nothing
    gained until the catalogue's editor says more), or why it describes none."""
    kind = values["kind"]
    if not kind:
        return "pick what the card is first."
    if kind in DICE:
        if values["cubes"] is None:
            return "pick the volunteer's printed cubes first."
        return {"name": name, "colour": kind, "cubes": int(values["cubes"]), "goals": [{}]}
    if kind == "plan" and not values["goals"]:
        return "pick the plan's goals first."
    return {"name": name, "goals": [{}] * (int(values["goals"]) if kind == "plan" else 1)}


@ft.component
def BuyCard(model: AppModel, state: S) -> ft.Control:
    """A card bought is named when bought: what kind it is (optional; it tells the goal form its goals and a
    volunteer's colour) and a name, which defaults to the kind and the price. A card of the catalogue fills
    both, and is bought as catalogued while its name and kind stay as picked."""
    who = state.on_turn or ""
    p = state.player(who)
    form = Form({"kind": "", "goals": "", "cubes": None, "card": None})
    name = Entry()
    v = form.latest.shown

    def entry(values: dict[str, Any], row: int, typed: str) -> Buy:
        card = values["card"]
        if card is not None and same_name(typed, card.name) and catalogued_kind(card) == values["kind"]:
            return queries.buy_from(card, row)
        return bought(values["kind"], values["goals"], row, typed, queries.price(state, row))

    def buy(row: int) -> None:
        purchase = entry(form.latest.value, row, name.value)
        then = [Done()] if forced_pass(model, who, purchase) else []
        if model.dispatch(purchase, *then):
            name.clear()
            form.reset()

    def pick(card: Any) -> None:
        kind = catalogued_kind(card)
        goals = str(len(card.goals)) if kind == "plan" else ""
        form.put_all(kind=kind, goals=goals, cubes=str(card.cubes) if card.cubes else None, card=card)

    acts = []
    for row in (1, 2, 3):
        price = queries.price(state, row)
        label = f"Row {row}: {price} HK$" if price is not None else f"Row {row}: empty"
        shown = entry(v, row, "")
        if forced := forced_pass(model, who, shown):
            label += f", then pass ({forced})"
        acts.append(Act(label, partial(buy, row), f"bhk-buy-row-{row}", model.check(shown)))
    kind_rows: list[ft.Control] = [
        chip_row(
            KINDS,
            v["kind"] or None,
            lambda k: form.put_all(kind="" if k == form.now("kind") else k, goals="", cubes=None),
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
    if v["kind"] in DICE:
        kind_rows.append(
            chip_row(
                CUBES,
                v["cubes"],
                partial(form.put, "cubes"),
                key="bhk-buy-cubes",
                label="Cubes printed (for the catalogue):",
            )
        )
    catalogue = use_catalogue(
        model,
        queries.CATALOGUE_KIND,
        queries.CARDS,
        prefix="bhk-buy-catalogue",
        offered=lambda _: True,
        label=catalogued_text,
        pick=pick,
        typed=lambda typed: as_card(form.latest.value, typed),
        name=name,
        field_key="bhk-buy-name",
        field_label="Name (searches the catalogue; empty: the kind and its price)",
    )
    return card(
        line(
            "bhk-buy-money", f"HK$ {p.hkd}; {len(p.objectives)} of {OBJECTIVE_SPOTS} objective spots taken."
        ),
        catalogue.picker,
        *kind_rows,
        catalogue.save,
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
