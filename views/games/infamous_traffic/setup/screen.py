"""An Infamous Traffic's set-up: the China board and the box's counts, then each player's starting card
(where the pawn starts, the first tile, and the card's name if the table wants it kept)."""

from __future__ import annotations

import flet as ft

from trackers.core.errors import Violation
from trackers.infamous_traffic.actions import ChooseStart
from trackers.infamous_traffic.state import LOCATIONS, PLAYER_TILES, InfamousTrafficState
from views.forms import Form, rule_link
from views.games.infamous_traffic.parts import PLACES, counts_text, hint, name
from views.games.infamous_traffic.setup.board import BoardForm
from views.model import AppModel
from views.widgets import (
    TOUCH,
    Entry,
    Latest,
    action_button,
    card,
    chip_row,
    choice_row,
    heading,
    keyed,
    tagged,
)

S = InfamousTrafficState


def waiting(state: S) -> list[str]:
    """The players without a starting card yet, in seating order."""
    return [p for p in state.players if not any(p in row for row in state.action_rows)]


def started_text(state: S) -> str:
    done = [
        f"{p} in {PLACES[state.location_of(p)]}, holdings {counts_text(state.firm(p).holdings)}"
        for p in state.players
        if p not in waiting(state)
    ]
    return "; ".join(done) or "Nobody has chosen yet."


@ft.component
def StartForm(model: AppModel, state: S, player: str) -> ft.Control:
    form = Form({"location": None, "tile": None})
    card_name = Entry()

    def action() -> ChooseStart:
        return ChooseStart(
            player, form.now("location") or "", form.now("tile") or "", card_name.value.strip()
        )

    location, tile = form["location"], form["tile"]
    reasons: list[Violation]
    if location is None:
        reasons = hint(f"Choose where {player}'s pawn starts.")
    elif tile is None:
        reasons = hint(f"Choose {player}'s starting tile.")
    else:
        reasons = model.check(ChooseStart(player, location, tile, card_name.value.strip()))
    return ft.Column(
        [
            choice_row(
                "The pawn starts in:",
                [(loc, PLACES[loc]) for loc in LOCATIONS],
                location,
                lambda v: form.put("location", v),
                key="it-start-location",
            ),
            choice_row(
                "The starting tile (into holdings):",
                [(t, name(t)) for t in PLAYER_TILES],
                tile,
                lambda v: form.put("tile", v),
                key="it-start-tile",
            ),
            card_name.field("The starting card's name (optional)", key="it-start-card", height=TOUCH + 8),
            action_button(
                f"Start {player}",
                lambda: model.dispatch(action()),
                key="it-start-go",
                primary=True,
                icon=ft.Icons.CHECK,
                blocked=reasons,
            ),
        ],
        spacing=8,
    )


@ft.component
def StartsCard(model: AppModel, state: S) -> ft.Control:
    picked = Latest[str | None](None)
    left = waiting(state)
    who = picked.shown if picked.shown in left else left[0]
    return card(
        heading("Starting cards"),
        chip_row([(p, p) for p in left], who, picked.set, key="it-start-who", label="Who chooses:")
        if len(left) > 1
        else ft.Container(),
        keyed(f"it-start-form-{who}", StartForm, model, state, who),
        tagged("it-started", ft.Text(started_text(state), size=13)),
        rule_link(model, "infamous-traffic/setup/players", key="it-rule-players"),
        key="it-starts-card",
    )


@ft.component
def SetupScreen(model: AppModel, state: S) -> ft.Control:
    if state.stage == "board":
        body = keyed("it-board-form", BoardForm, model, state)
    elif state.stage == "starts" and waiting(state):
        body = keyed("it-starts", StartsCard, model, state)
    else:
        body = card(tagged("it-setup-done", ft.Text("The set-up is done.")), key="it-setup-done-card")
    return ft.Column([body], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
