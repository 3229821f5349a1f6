"""Phase 3: goals completed by the player on turn, each paid and rewarded as printed: a goal on a card of the
objective area or the emergency spot, a restore power goal, or (in the campaign) a goal of a plan beside the
board; then done. A goal the catalogue prints is one tap, its entry the one the form would send. A goal's
cubes for the map are placed one by one in the placement form. The step above says whose turn it is and what
to do, so the forms do not say it again."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from trackers.blackout_hk import queries
from trackers.blackout_hk.actions import CompleteGoal, Done, PlaceCube, PublicGoal, RestorePower
from trackers.blackout_hk.state import DICE, PERKS, BlackoutState, Player
from trackers.core.actions import Action
from trackers.core.catalogue import saved
from trackers.core.wording import unit
from views.catalogue import MY_CARDS, cards_in_pack, catalogued_card, keep_cards, read_card, refuse
from views.forms import Form, form_stepper, rule_link, toggle
from views.games.blackout_hk.parts import (
    EFFECTS,
    all_done,
    counted,
    counts_row,
    effects_fields,
    effects_of,
    hint,
)
from views.model import AppModel, Notice
from views.widgets import TOUCH, Act, Entry, action_button, action_row, card, chip_row, line

S = BlackoutState
PLAN = "plan-"
RESTORE = "restore-"
RESTORE_NAMES = {1: "Restore power 1", 2: "Restore power 2"}
"""Short, so the row of choices stays short: 1 lets a refresh take up to 6 cards, 2 opens slot 4."""
BLANK: dict[str, Any] = {
    **EFFECTS,
    "more": False,
    "what": "",
    "goal": "",
    "finish": True,
    "to": "hand",
    "colour": "",
    "perk": "",
    "icons": 0,
    "slot_colours": (),
}
"""The goal form, empty."""


def goals_left(state: S, p: Player, what: str) -> tuple[int, ...]:
    """The goal numbers the form may offer for what is picked (a card, a plan beside the board, a restore
    power goal): only those still open, only up to the goals printed on a card when it is known."""
    if what.startswith(RESTORE):
        return (int(what.removeprefix(RESTORE)),)
    if what.startswith(PLAN):
        return dict(queries.open_plans(state, p)).get(what.removeprefix(PLAN), ())
    card = p.objective(what)
    return queries.open_goals(card) if card is not None else ()


def goal_entry(state: S, p: Player, v: dict[str, Any]) -> Action | None:
    """The entry the form holds, or None while the card (or plan) and its goal are still to pick."""
    what = str(v["what"])
    if not what or not v["goal"]:
        return None
    effects = {**effects_of(v), "slot_colours": tuple(v["slot_colours"])}
    if what.startswith(RESTORE):
        return RestorePower(goal=int(v["goal"]), **effects)
    if what.startswith(PLAN):
        return PublicGoal(plan=what.removeprefix(PLAN), goal=int(v["goal"]), **effects)
    finish = bool(v["finish"]) or len(goals_left(state, p, what)) == 1
    to_marks = finish and v["to"] == "checkmarks"
    return CompleteGoal(
        card=what,
        goal=int(v["goal"]),
        finish=finish,
        to=v["to"],
        colour=v["colour"] if not to_marks else "",
        perk=v["perk"] if to_marks else "",
        icons=int(v["icons"]) if to_marks else 0,
        **effects,
    )


def goal_choices(state: S, p: Player) -> list[tuple[str, str]]:
    """Everything the player may complete a goal of: the cards held, the plans beside the board and the
    restore power goals still open, in one row of chips."""
    held = [o for o in ((p.emergency,) if p.emergency else ()) + p.objectives if queries.open_goals(o)]
    names = [o.name for o in held]
    choices = [(o.id, f"{o.name} ({o.id})" if names.count(o.name) > 1 else o.name) for o in held]
    choices += [(f"{PLAN}{plan}", f"Plan {plan}") for plan, _ in queries.open_plans(state, p)]
    choices += [(f"{RESTORE}{g}", RESTORE_NAMES[g]) for g in (1, 2) if g not in p.restored]
    return choices


def catalogued(model: AppModel, name: str) -> Any | None:
    """The catalogued card of that name (the table's own first), or None (also when the catalogue cannot be
    read: the form then stands as without one)."""
    return catalogued_card(model, queries.CATALOGUE_KIND, queries.CARDS, name)


def plan_name(plan: str) -> str:
    """The name a plan beside the board has in the catalogue: the rulebook's, "Emergency plan A"."""
    return f"Emergency plan {plan}"


def known_card(model: AppModel, p: Player, what: str) -> Any | None:
    """The catalogued card of what the goal is on: a card held by its name, a plan beside the board by
    `plan_name` (a restore power goal is on the player board: none)."""
    if what.startswith(PLAN):
        return catalogued(model, plan_name(what.removeprefix(PLAN)))
    card = p.objective(what)
    return catalogued(model, card.name) if card is not None else None


def starting(state: S, p: Player, what: str, known: Any | None) -> dict[str, Any]:
    """What picking `what` fills in the form: the only goal left on a card, a plan beside the board's first
    goal still open (its goals are done in any order, most often in turn), a plan finished to the check-mark
    area, a bought volunteer's colour; and, for a card the catalogue has, that goal as printed, the card's
    colour, and a plan's lasting effect and search icons."""
    left = goals_left(state, p, what)
    card = p.objective(what)
    emergency = p.emergency is not None and p.emergency.id == what
    plan = card is not None and (card.goals > 1 or bool(card.done) or emergency)
    lasting = known is not None and bool(known.perk or known.icons)
    goal = str(left[0]) if len(left) == 1 or (left and what.startswith(PLAN)) else ""
    return {
        "what": what,
        "goal": goal,
        "finish": True,
        "to": "checkmarks" if plan or lasting else "hand",
        "colour": (card.colour or (known.colour if known is not None else "")) if card is not None else "",
        "perk": known.perk if known is not None and lasting else "",
        "icons": known.icons if known is not None and lasting else 0,
        **printed(known, goal),
    }


def goal_text(action: Action) -> str:
    """What a goal's entry pays and gives, and where its card goes, in a few words for its button."""
    assert isinstance(action, (CompleteGoal, PublicGoal))
    parts = [f"pay {counted(action.pay)}"] if action.pay else []
    if action.hkd:
        parts.append(f"{action.hkd:+} HK$")
    parts += [
        f"{n:+} {what}"
        for n, what in (
            (action.points, unit(action.points, "points")),
            (action.gps, "GPS"),
            (action.transport, unit(action.transport, "transport tokens")),
            (action.batteries, unit(action.batteries, "batteries")),
        )
        if n
    ]
    if action.gain:
        parts.append(f"gain {counted(action.gain)}")
    if action.slot_colours:
        parts.append(f"a slot holding {' + '.join(action.slot_colours)}")
    if action.place:
        parts.append(f"place {action.place} {unit(action.place, 'cubes')}")
    if isinstance(action, CompleteGoal) and action.finish:
        to_hand = f"to the hand as {action.colour}" if action.colour else "to the hand"
        parts.append(to_hand if action.to == "hand" else "to the check-mark area")
    return ", ".join(parts) or "nothing paid or gained"


def known_goals(model: AppModel, state: S, p: Player) -> list[tuple[str, Action]]:
    """The goals one tap completes: each the catalogue prints and that leaves no choice open (the one goal
    left on a card; a plan beside the board's first open goal, which never leaves), as (its button's label,
    the entry the form sends when that card is picked). The engine checks each as it checks the form's."""
    offered: list[tuple[str, Action]] = []
    for what, label in goal_choices(state, p):
        known = known_card(model, p, what)
        left = goals_left(state, p, what)
        beside = what.startswith(PLAN)
        if known is None or not left or (len(left) > 1 and not beside):
            continue
        values = {**BLANK, **starting(state, p, what, known)}
        action = goal_entry(state, p, values)
        if action is None or not printed(known, values["goal"]):
            continue
        number = f", goal {values['goal']}" if beside or len(known.goals) > 1 else ""
        offered.append((f"Complete {label}{number}: {goal_text(action)}", action))
    return offered


def printed(known: Any, goal: str) -> dict[str, Any]:
    """What goal `goal` of a catalogued card fills in the form: its payment, gains and slot colours."""
    number = int(goal) if goal else 0
    if known is None or not 1 <= number <= len(known.goals):
        return {}
    g = known.goals[number - 1]
    fields = ("pay", "gain", "hkd", "points", "gps", "transport", "batteries", "place", "slot_colours")
    return {name: getattr(g, name) for name in fields}


def save_goal(model: AppModel, state: S, p: Player, v: dict[str, Any]) -> None:
    """Keep the goal's payment and gains into the catalogued card of that name (a new card, its other goals
    blank, when the catalogue has none: a volunteer's printed cubes are asked on the Buy form). A plan beside
    the board is kept as `plan_name` names it, with the goals it shows."""
    what, number = str(v["what"]), int(v["goal"] or 0)
    card = p.objective(what)
    beside = what.removeprefix(PLAN) if what.startswith(PLAN) else ""
    if (card is None and not beside) or not number:
        refuse(model, "Pick the card and its goal first: the catalogue keeps the goal on its card.")
        return
    name = plan_name(beside) if beside else card.name if card is not None else ""
    printed_goals = dict(state.public_plans).get(beside, 0) if beside else card.goals if card else 0
    known = catalogued(model, name)
    if known is None and card is not None and card.colour:
        refuse(model, f"“{name}” is not catalogued yet: save it from the Buy form with its cubes.")
        return
    base = queries.CARDS.write(known) if known is not None else {"name": name, "goals": []}
    goals = list(base["goals"]) + [{}] * max(0, max(printed_goals, number) - len(base["goals"]))
    goals[number - 1] = {**effects_of(v), "pay": list(v["pay"]), "gain": list(v["gain"])}
    goals[number - 1]["slot_colours"] = list(v["slot_colours"])
    entry = read_card(model, queries.CARDS, {**base, "goals": goals}, name)
    mine = next((k for k in model.packs(queries.CATALOGUE_KIND) if k.name == MY_CARDS), None)
    held = cards_in_pack(mine, queries.CARDS) if mine is not None else ()
    if entry is not None and keep_cards(
        model, queries.CATALOGUE_KIND, MY_CARDS, queries.CARDS, saved(held, entry)
    ):
        model.show_notice(Notice(f"Goal {number} of “{name}” saved to the catalogue.", kind="info"))


@ft.component
def ObjectivesForm(model: AppModel, state: S) -> ft.Control:
    """One screen on a phone: what the goal is on, its number only where the card has more than one goal
    left, where the card goes, what it cost and gave (the rare parts behind More)."""
    who = state.on_turn or ""
    p = state.player(who)
    form = Form(dict(BLANK))
    v = form.latest.shown

    def pick(what: str) -> None:
        form.put_all(**starting(state, p, what, known_card(model, p, what)))

    def choose_goal(goal: str) -> None:
        form.put_all(goal=goal, **printed(known_card(model, p, str(form.now("what"))), goal))

    def send() -> None:
        action = goal_entry(state, p, form.latest.value)
        if action is not None and model.dispatch(action):
            form.reset()

    action = goal_entry(state, p, v)
    what = str(v["what"])
    missing = "Pick the goal." if what else "Pick what the goal is on."
    reasons = hint(missing) if action is None else model.check(action)
    left = goals_left(state, p, what) if what else ()
    one_tap = [
        Act(label, partial(model.dispatch, entry), f"bhk-goal-known-{i}", model.check(entry))
        for i, (label, entry) in enumerate(known_goals(model, state, p), 1)
    ]
    controls: list[ft.Control] = [
        *([action_row(one_tap, key="bhk-goal-known")] if one_tap else []),
        chip_row(goal_choices(state, p), what or None, pick, key="bhk-goal-card", label="A goal of:"),
    ]
    if len(left) > 1:
        controls.append(
            chip_row(
                [(str(g), str(g)) for g in left],
                v["goal"] or None,
                choose_goal,
                key="bhk-goal-no",
                label="Goal:",
            )
        )
    held = p.objective(what)
    if held is not None:
        controls += card_leaves(form, v, stays=len(left) > 1)
    controls += [
        *effects_fields(
            form,
            "bhk-goal",
            more="More: gains, GPS, tokens, batteries",
            rare=[
                counts_row(
                    form,
                    "slot_colours",
                    "Optional: the slot requirement's colours",
                    [(c, c) for c in DICE],
                    key="bhk-goal-slot",
                )
            ],
        ),
        action_row(
            [
                Act("Complete the goal", send, "bhk-goal-go", reasons, primary=True),
                Act(
                    "Done with goals", partial(model.dispatch, Done()), "bhk-goals-done", model.check(Done())
                ),
            ],
            key="bhk-goal-acts",
        ),
        # Under the goal's own buttons: saving is seldom, and Complete stays where it was.
        *(
            [
                action_button(
                    "Save to the catalogue",
                    lambda: save_goal(model, state, p, form.latest.value),
                    key="bhk-goal-catalogue-save",
                    icon=ft.Icons.SAVE,
                )
            ]
            if (held is not None or what.startswith(PLAN)) and v["goal"]
            else []
        ),
        *all_done(model, state, "goals", key="bhk-goals-all-done"),
        rule_link(model, "blackout-hk/round/objectives", key="bhk-rule-objectives"),
    ]
    return card(*controls, key="bhk-objectives")


def card_leaves(form: Form, v: dict[str, Any], *, stays: bool) -> list[ft.Control]:
    """Whether the card leaves (asked only while it has other goals left) and where it goes: to the hand as
    a volunteer of its colour or a specialist, or to the check-mark area with its lasting effect."""
    rows: list[ft.Control] = []
    if stays:
        rows.append(
            toggle(
                "The card leaves (finished)",
                bool(v["finish"]),
                lambda: form.put("finish", not form.now("finish")),
                key="bhk-goal-finish",
            )
        )
    if stays and not v["finish"]:
        return rows
    rows.append(
        chip_row(
            [("hand", "to the hand"), ("checkmarks", "to the check-mark area")],
            v["to"],
            partial(form.put, "to"),
            key="bhk-goal-to",
            label="Goes:",
        )
    )
    if v["to"] == "hand":
        rows.append(
            chip_row(
                [*((c, c) for c in DICE), ("", "specialist")],
                v["colour"],
                partial(form.put, "colour"),
                key="bhk-goal-colour",
                label="As:",
            )
        )
    else:
        rows += [
            chip_row(
                list(PERKS.items()),
                v["perk"],
                partial(form.put, "perk"),
                key="bhk-goal-perk",
                label="Its lasting effect:",
            ),
            form_stepper(form, "icons", "Search icons it adds", key="bhk-goal-icons", high=9),
        ]
    return rows


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
        where.field("Location (as the map names it)", key="bhk-place-location", height=TOUCH + 8),
        *counting,
        action_button("Place the cube", send, key="bhk-place-go", primary=True),
        rule_link(model, "blackout-hk/map/placing", key="bhk-rule-place"),
        key="bhk-place",
    )
