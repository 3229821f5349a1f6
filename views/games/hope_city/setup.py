"""Hope City's set-up: who plays which citizen, the Doctor's starting space, what the table counts once
(the Pool and the PUNKS beside the board), then each citizen's starting tokens."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from trackers.core.errors import Violation
from trackers.hope_city.actions import ChooseCitizens, DrawToken
from trackers.hope_city.queries import blocked
from trackers.hope_city.state import CITIZENS, COLOURS, GOOD_NAME, HopeCityState
from views.forms import Form, form_stepper, rule_link
from views.games.hope_city.parts import draw_row, hint, label
from views.model import AppModel
from views.widgets import action_button, card, chip_row, heading, tagged

OUT = "out"
COUNTS = (
    ("pool", "Corruption tokens in the Pool", 300),
    ("punks", "Punks in the supply", 100),
    ("big", "Big Punks in the supply", 100),
)


def _seats(values: dict[str, Any], players: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(player, citizen) in seating order: the players as set up, a player's citizens in card order."""
    chosen = [(int(values[f"seat-{c}"]), c) for c in CITIZENS if values[f"seat-{c}"] not in (None, OUT)]
    return tuple((players[p], c) for p, c in sorted(chosen, key=lambda pc: (pc[0], CITIZENS.index(pc[1]))))


def _action(values: dict[str, Any], players: tuple[str, ...]) -> ChooseCitizens | None:
    """The entry the form makes, or None while a count is not entered."""
    if any(values[name] is None for name, _, _ in COUNTS):
        return None
    seats = _seats(values, players)
    doctor = any(c == "doctor" for _, c in seats)
    return ChooseCitizens(
        seats,
        int(values["pool"]),
        int(values["punks"]),
        int(values["big"]),
        (values["doctor_space"] or "") if doctor else "",
    )


@ft.component
def CitizensForm(model: AppModel, state: HopeCityState) -> ft.Control:
    players = state.players
    form = Form(
        {
            **{f"seat-{c}": None if c == "mayor" else OUT for c in CITIZENS},
            "doctor_space": None,
            **{name: None for name, _, _ in COUNTS},
        }
    )

    def add(name: str, high: int, n: str) -> None:
        now = form.now(name)
        form.put(name, max(0, min(high, (now or 0) + int(n))))

    def start() -> None:
        action = _action(form.latest.value, players)
        if action is not None:
            model.dispatch(action)

    rows: list[ft.Control] = []
    for c in CITIZENS:
        choices = [] if c == "mayor" else [(OUT, "Not in play")]
        choices += [(str(i), p) for i, p in enumerate(players)]
        rows.append(
            chip_row(
                choices,
                form[f"seat-{c}"],
                partial(form.put, f"seat-{c}"),
                key=f"hc-seat-{c}",
                label=f"{GOOD_NAME[c]}:",
            )
        )
    if form["seat-doctor"] not in (None, OUT):
        rows.append(
            chip_row(
                [(s, label(s)) for s in COLOURS],
                form["doctor_space"],
                lambda s: form.put("doctor_space", s),
                key="hc-doctor-space",
                label="The Doctor starts on:",
            )
        )
    counts: list[ft.Control] = []
    for name, text, high in COUNTS:
        counts.append(form_stepper(form, name, text, key=f"hc-count-{name}", high=high))
        counts.append(
            chip_row(
                [("10", "+10"), ("5", "+5"), ("-5", "-5")],
                None,
                partial(add, name, high),
                key=f"hc-count-{name}-quick",
            )
        )
    action = _action(form.latest.shown, players)
    reasons: list[Violation] = (
        hint("Count the Pool's corruption tokens and the Punks and Big Punks beside the board.")
        if action is None
        else model.check(action)
    )
    return card(
        heading("Who plays which citizen"),
        ft.Text(
            "3 to 6 citizens play; with 1 or 2 players, each runs several. Players sit in the order they "
            "were entered; a player's citizens follow one another. Turns go clockwise from the Mayor."
        ),
        *rows,
        heading("Count these once"),
        ft.Text(
            "The rulebook does not print how many corruption tokens and PUNKS there are: count the Pool "
            "and the Punks and Big Punks beside the board."
        ),
        *counts,
        action_button(
            "Start", start, key="hc-start", primary=True, icon=ft.Icons.PLAY_ARROW, blocked=reasons
        ),
        rule_link(model, "hope-city/setup/citizens", key="hc-rule-setup"),
        key="hc-citizens-form",
    )


def StartingTokens(model: AppModel, state: HopeCityState) -> ft.Control:
    who = state.citizen(state.start_due[0])
    left = len(state.start_due)
    return card(
        heading("Starting tokens"),
        tagged("hc-start-left", ft.Text(f"{left} starting token{'s' if left != 1 else ''} still to draw.")),
        draw_row(
            model,
            state,
            f"Draw for the {who.name}",
            key="hc-start-token",
            blocked=blocked(state, DrawToken),
        ),
        rule_link(model, "hope-city/setup", key="hc-rule-tokens"),
        key="hc-starting-tokens",
    )


@ft.component
def SetupScreen(model: AppModel, state: HopeCityState) -> ft.Control:
    if state.stage == "citizens":
        return CitizensForm(model, state)
    if state.stage == "tokens" and state.start_due:
        return StartingTokens(model, state)
    return card(ft.Text("The set-up is done."), key="hc-setup-done")
