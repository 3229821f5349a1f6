"""Set-up: the components' data Lantern may use (a components pack, imported, fetched or saved before, or
just the rondel's order) and the number of goals on each plan: in the campaign the plans beside the board,
in a single game (optional) each player's emergency plan; then each player's starting location."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from typing import Any

import flet as ft

from trackers.blackout_hk import queries
from trackers.blackout_hk.actions import PlaceStart, StartGame
from trackers.blackout_hk.state import RESOURCE_NAMES, RESOURCES, BlackoutState
from views.forms import Form, form_stepper, rule_link
from views.games.blackout_hk.parts import CLEAR, GOAL_COUNTS, RESOURCE_CHOICES, hint
from views.model import AppModel
from views.packs import PackTransfer
from views.widgets import TOUCH, Entry, action_button, card, chip_row, choice_buttons, heading, line, tagged

S = BlackoutState


def plans_beside(state: S) -> str:
    """The plan letters the campaign chapter puts beside the board (StartGame asks a count for each)."""
    return queries.public_plans(state.chapter, state.n) if state.chapter else ""


NONE = "none"


def pack_text(data: Mapping[str, Any]) -> str:
    """What a components pack holds, in a line."""
    parts = []
    if data.get("rondel"):
        parts.append("the rondel's order")
    if data.get("dice"):
        parts.append("the dice's faces (Lantern can roll)")
    if data.get("scout_table"):
        parts.append("the scout-tile table")
    if data.get("districts"):
        links = " with links" if data.get("links") else ""
        parts.append(f"the map ({len(data.get('locations', {}))} locations{links})")
    return "Holds " + ", ".join(parts) + "." if parts else "Holds nothing yet."


@ft.component
def SetupForm(model: AppModel, state: S) -> ft.Control:
    plans = plans_beside(state)
    spots = range(0 if state.chapter else state.n)  # the seats with an emergency plan (a single game)
    form = Form(
        {
            "rondel": (),
            "pack": NONE,
            "central": 0,
            **{f"plan-{p}": 3 for p in plans},
            **{f"emergency-{i}": "" for i in spots},
        }
    )
    saved = model.packs(queries.COMPONENTS_KIND)
    names = [p.name for p in saved]
    picked = form["pack"] if form["pack"] in names else NONE
    pack = next((p for p in saved if p.name == picked), None)

    def entry(v: Mapping[str, Any]) -> StartGame:
        goals = tuple(int(v[f"plan-{p}"]) for p in plans)
        emergency = tuple(int(v[f"emergency-{i}"] or 0) for i in spots)
        chosen = next((p for p in saved if p.name == v["pack"]), None)
        if chosen is None:
            start = StartGame(rondel=tuple(v["rondel"]), plan_goals=goals)
        else:
            start = queries.start_from(chosen.data, goals, int(v["central"]))
            start = start if start.rondel else replace(start, rondel=tuple(v["rondel"]))
        return replace(start, emergency_goals=emergency) if any(emergency) else start

    def pick(value: str) -> None:
        held = tuple(form.now("rondel"))
        if value == CLEAR:
            form.put("rondel", ())
        elif value not in held:
            form.put("rondel", (*held, value))

    rondel = tuple(form["rondel"])
    left = [(r, n) for r, n in RESOURCE_CHOICES if r not in rondel]
    shown = ", ".join(RESOURCE_NAMES[r] for r in rondel) or "not entered (you enter the transport tokens)"
    reasons = (
        hint("Enter all six segments of the rondel, or none.")
        if 0 < len(rondel) < len(RESOURCES)
        else model.check(entry(form.latest.shown))
    )
    own_rondel = pack is None or not pack.data.get("rondel")
    central = state.chapter == 3 and pack is not None and bool(pack.data.get("districts"))
    return card(
        heading("Set-up"),
        ft.Text(
            "The box's components the rulebook does not print (rondel, dice, scout-tile table, map) can "
            "be entered once as a components pack; Lantern then checks and works out more.",
            size=13,
        ),
        choice_buttons(
            [(NONE, "No pack"), *((n, n) for n in names)],
            picked,
            lambda n: form.put("pack", n),
            key="bhk-pack",
        ),
        tagged("bhk-pack-about", ft.Text(pack_text(pack.data) if pack else "", size=13)),
        PackTransfer(model, queries.COMPONENTS_KIND, prefix="bhk-components", noun="components pack"),
        *(
            [
                tagged("bhk-rondel-entered", ft.Text(f"The rondel's order (optional): {shown}")),
                chip_row([*left, (CLEAR, "Clear")], None, pick, key="bhk-rondel"),
            ]
            if own_rondel
            else []
        ),
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
        *[
            chip_row(
                GOAL_COUNTS,
                form[f"emergency-{i}"] or None,
                partial(form.put, f"emergency-{i}"),
                key=f"bhk-emergency-goals-{i}",
                label=f"Optional: goals on {state.names[i]}'s emergency plan",
            )
            for i in spots
        ],
        *(
            [form_stepper(form, "central", "Chapter 3's central district", key="bhk-central", high=16)]
            if central
            else []
        ),
        action_button(
            "Start",
            lambda: model.dispatch(entry(form.latest.value)),
            key="bhk-start",
            primary=True,
            blocked=reasons,
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
