"""Set-up: the components' data Lantern may use (the rondel's order) and, in the campaign, the number of
goals on each plan beside the board; then each player's starting location."""

from __future__ import annotations

import flet as ft

from trackers.blackout_hk.actions import PlaceStart, StartGame
from trackers.blackout_hk.state import CHAPTER_PLANS, RESOURCE_NAMES, RESOURCES, BlackoutState
from views.forms import Form, form_stepper, rule_link
from views.games.blackout_hk.parts import CLEAR, RESOURCE_CHOICES, hint, line
from views.model import AppModel
from views.widgets import TOUCH, Entry, action_button, card, chip_row, heading, tagged

S = BlackoutState


def plans_beside(state: S) -> str:
    """The plan letters the campaign chapter puts beside the board (StartGame asks a count for each)."""
    return CHAPTER_PLANS[state.chapter][0 if state.n <= 2 else 1] if state.chapter else ""


@ft.component
def SetupForm(model: AppModel, state: S) -> ft.Control:
    plans = plans_beside(state)
    form = Form({"rondel": (), **{f"plan-{p}": 3 for p in plans}})

    def entry() -> StartGame:
        v = form.latest.value
        return StartGame(rondel=tuple(v["rondel"]), plan_goals=tuple(int(v[f"plan-{p}"]) for p in plans))

    def pick(value: str) -> None:
        held = tuple(form.now("rondel"))
        if value == CLEAR:
            form.put("rondel", ())
        elif value not in held:
            form.put("rondel", (*held, value))

    rondel = tuple(form["rondel"])
    left = [(r, n) for r, n in RESOURCE_CHOICES if r not in rondel]
    shown = ", ".join(RESOURCE_NAMES[r] for r in rondel) or "not entered (you enter the transport tokens)"
    v = form.latest.shown
    reasons = (
        hint("Enter all six segments of the rondel, or none.")
        if 0 < len(rondel) < len(RESOURCES)
        else model.check(StartGame(rondel=rondel, plan_goals=tuple(int(v[f"plan-{p}"]) for p in plans)))
    )
    return card(
        heading("Set-up"),
        tagged("bhk-rondel-entered", ft.Text(f"The rondel's order (optional): {shown}")),
        chip_row([*left, (CLEAR, "Clear")], None, pick, key="bhk-rondel"),
        *[
            form_stepper(
                form,
                f"plan-{p}",
                f"Goals on plan {p} beside the board",
                key=f"bhk-plan-goals-{p}",
                low=1,
                high=6,
            )
            for p in plans
        ],
        action_button(
            "Start", lambda: model.dispatch(entry()), key="bhk-start", primary=True, blocked=reasons
        ),
        rule_link(model, "blackout-hk/setup", key="bhk-rule-setup"),
        key="bhk-setup",
    )


@ft.component
def StartsForm(model: AppModel, state: S) -> ft.Control:
    who = state.on_turn or ""
    where = Entry()

    def send() -> None:
        if model.dispatch(PlaceStart(who, where.value.strip())):
            where.clear()

    placed = "; ".join(f"{p.name} on {p.map[0]}" for p in state.players if p.map) or "nobody yet"
    return card(
        heading(f"{who}: starting location"),
        where.field("Location (as the map names it)", key="bhk-start-location", height=TOUCH + 8),
        action_button(f"Start {who} here", send, key="bhk-start-place", primary=True),
        line("bhk-starts", f"Placed: {placed}."),
        rule_link(model, "blackout-hk/setup/start", key="bhk-rule-start"),
        key="bhk-starts-card",
    )
