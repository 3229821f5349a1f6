"""Toy game panel: each player's banked score, the points at stake, and the turn's two buttons."""

from __future__ import annotations

import flet as ft

from tests.toy_game.actions import Bank, DrawFirstPlayer, Roll
from tests.toy_game.queries import at_stake, blocked
from tests.toy_game.state import ToyState
from views.model import AppModel
from views.widgets import action_button, card, heading


@ft.component
def ToyPanel(model: AppModel) -> ft.Control:
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    state: ToyState = model.game.session.state
    who = state.current or ""
    return card(
        heading(f"At stake: {at_stake(state)}"),
        *[
            ft.Text(f"{p}: {s}", key=f"score-{i}")
            for i, (p, s) in enumerate(zip(state.players, state.scores, strict=True))
        ],
        ft.Row(
            [
                action_button(
                    "Draw first player",
                    lambda: model.dispatch(DrawFirstPlayer()),
                    key="draw-first",
                    disabled=bool(blocked(state, DrawFirstPlayer)),
                ),
                action_button(
                    "Roll", lambda: model.dispatch(Roll(who)), key="roll", disabled=bool(blocked(state, Roll))
                ),
                action_button(
                    "Bank", lambda: model.dispatch(Bank(who)), key="bank", disabled=bool(blocked(state, Bank))
                ),
            ],
            wrap=True,
        ),
    )
