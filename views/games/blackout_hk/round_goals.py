"""Phase 3: goals completed by the player on turn, each paid and rewarded as printed: a goal on a card of the
objective area or the emergency spot, a restore power goal, or (in the campaign) a goal of a plan beside the
board; then done. A goal's cubes for the map are placed one by one in the placement form."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from trackers.blackout_hk import queries
from trackers.blackout_hk.actions import CompleteGoal, Done, PlaceCube, PublicGoal, RestorePower
from trackers.blackout_hk.state import DICE, PERKS, BlackoutState
from trackers.core.actions import Action
from views.forms import Form, form_stepper, rule_link, send_button, toggle
from views.games.blackout_hk.parts import EFFECTS, all_done, counts_row, effects_fields, effects_of, hint
from views.model import AppModel
from views.widgets import TOUCH, Entry, action_button, card, chip_row, choice_buttons, heading, line

S = BlackoutState
KINDS = [("card", "A card's goal"), ("restore", "Restore power"), ("plan", "A plan beside the board")]
GOALS = [(str(n), str(n)) for n in range(1, 7)]


def goal_entry(state: S, v: dict[str, Any]) -> Action | None:
    effects = {**effects_of(v), "slot_colours": tuple(v["slot_colours"])}
    if v["kind"] == "restore":
        return RestorePower(goal=int(v["goal"] or 0), **effects) if v["goal"] else None
    if v["kind"] == "plan":
        if not v["plan"] or not v["goal"]:
            return None
        return PublicGoal(plan=v["plan"], goal=int(v["goal"]), **effects)
    if not v["card"] or not v["goal"]:
        return None
    to_marks = bool(v["finish"]) and v["to"] == "checkmarks"
    return CompleteGoal(
        card=v["card"],
        goal=int(v["goal"]),
        finish=bool(v["finish"]),
        to=v["to"],
        colour=v["colour"] if not to_marks else "",
        perk=v["perk"] if to_marks else "",
        icons=int(v["icons"]) if to_marks else 0,
        **effects,
    )


@ft.component
def ObjectivesForm(model: AppModel, state: S) -> ft.Control:
    who = state.on_turn or ""
    p = state.player(who)
    form = Form(
        {
            **EFFECTS,
            "kind": "card",
            "card": "",
            "goal": "",
            "finish": True,
            "to": "hand",
            "colour": "",
            "plan": "",
            "perk": "",
            "icons": 0,
            "slot_colours": (),
        }
    )
    v = form.latest.shown
    kinds = KINDS if state.public_plans else KINDS[:2]

    def send() -> None:
        action = goal_entry(state, form.latest.value)
        if action is not None and model.dispatch(action):
            form.reset()

    action = goal_entry(state, v)
    reasons = hint("Pick the card (or plan) and the goal.") if action is None else model.check(action)
    controls: list[ft.Control] = [
        heading(f"{who}: goals"),
        choice_buttons(kinds, v["kind"], lambda k: form.put_all(kind=k, goal=""), key="bhk-goal-kind"),
    ]
    if v["kind"] == "card":
        held = ((p.emergency,) if p.emergency else ()) + p.objectives
        cards = [(o.id, f"{o.name} ({o.id})") for o in held]
        plans = {o.id for o in held if o.done} | ({p.emergency.id} if p.emergency else set())

        def pick(cid: str) -> None:
            """A plan finished goes to the check-mark area, so its form starts there."""
            form.put_all(card=cid, to="checkmarks" if cid in plans else "hand")

        controls += [
            chip_row(cards, v["card"] or None, pick, key="bhk-goal-card", label="Card:"),
            chip_row(GOALS, v["goal"] or None, partial(form.put, "goal"), key="bhk-goal-no", label="Goal:"),
            toggle(
                "The card leaves (finished)",
                bool(v["finish"]),
                lambda: form.put("finish", not form.now("finish")),
                key="bhk-goal-finish",
            ),
        ]
        if v["finish"]:
            controls += [
                chip_row(
                    [("hand", "to the hand"), ("checkmarks", "to the check-mark area")],
                    v["to"],
                    partial(form.put, "to"),
                    key="bhk-goal-to",
                    label="Goes:",
                ),
            ]
            if v["to"] == "hand":
                controls.append(
                    chip_row(
                        [*((c, c) for c in DICE), ("", "specialist / none")],
                        v["colour"],
                        partial(form.put, "colour"),
                        key="bhk-goal-colour",
                        label="Volunteer colour:",
                    )
                )
            else:
                controls += [
                    chip_row(
                        list(PERKS.items()),
                        v["perk"],
                        partial(form.put, "perk"),
                        key="bhk-goal-perk",
                        label="Its lasting effect:",
                    ),
                    form_stepper(form, "icons", "Search icons it adds", key="bhk-goal-icons", high=9),
                ]
    elif v["kind"] == "restore":
        controls.append(
            chip_row(
                [("1", "1: refresh with up to 6"), ("2", "2: slot 4")],
                v["goal"] or None,
                partial(form.put, "goal"),
                key="bhk-restore",
                label="Restore power goal:",
            )
        )
    else:
        controls += [
            chip_row(
                [(plan, f"Plan {plan}") for plan, _ in state.public_plans],
                v["plan"] or None,
                partial(form.put, "plan"),
                key="bhk-public-plan",
                label="Plan:",
            ),
            chip_row(
                GOALS, v["goal"] or None, partial(form.put, "goal"), key="bhk-public-goal", label="Goal:"
            ),
        ]
    controls += [
        counts_row(
            form,
            "slot_colours",
            "Optional: the slot requirement's colours",
            [(c, c) for c in DICE],
            key="bhk-goal-slot",
        ),
        *effects_fields(form, "bhk-goal"),
        action_button("Complete the goal", send, key="bhk-goal-go", primary=True, blocked=reasons),
        send_button(
            model, f"{who} is done with goals", Done(), key="bhk-goals-done", blocked=model.check(Done())
        ),
        *all_done(model, state, "goals", key="bhk-goals-all-done"),
        rule_link(model, "blackout-hk/round/objectives", key="bhk-rule-objectives"),
    ]
    return card(*controls, key="bhk-objectives")


@ft.component
def PlaceForm(model: AppModel, state: S) -> ft.Control:
    """Where the cube goes. With the map's links entered, the colour the effect shows and Lantern counts
    the skips; otherwise the table counts them, and the cost in tokens (and points) shows first."""
    who = state.on_turn or ""
    p = state.player(who)
    where = Entry()
    form = Form({"skipped": 0, "colour": ""})
    linked = bool(state.components.links)

    def send() -> None:
        placed = PlaceCube(where.value.strip(), int(form.now("skipped")), str(form.now("colour")))
        if model.dispatch(placed):
            where.clear()
            form.reset()

    skipped = int(form["skipped"])
    points = queries.placement_points(p, skipped)
    cost = f"Skipping {skipped} location(s) costs {skipped} transport token(s)"
    cost += f"; {p.name} has {p.transport}, so {points} point(s) buy the rest." if points else "."
    if linked:
        colours = sorted({colour for _, colour in state.components.locations})
        counting: list[ft.Control] = [
            chip_row(
                [(c, c) for c in colours],
                str(form["colour"]) or None,
                lambda c: form.put("colour", c),
                key="bhk-place-colour",
                label="The colour the effect shows:",
            ),
            line(
                "bhk-place-cost",
                f"Lantern counts the locations skipped from the map; {p.name} has {p.transport} "
                "transport token(s), and each one lacking costs 1 point.",
            ),
        ]
    else:
        counting = [
            form_stepper(form, "skipped", "Locations skipped", key="bhk-place-skipped", high=20),
            line("bhk-place-cost", cost),
        ]
    return card(
        heading(f"{who}: place {state.to_place} cube(s) on the map"),
        where.field("Location (as the map names it)", key="bhk-place-location", height=TOUCH + 8),
        *counting,
        action_button("Place the cube", send, key="bhk-place-go", primary=True),
        rule_link(model, "blackout-hk/map/placing", key="bhk-rule-place"),
        key="bhk-place",
    )
