"""Score pad panel: one row per player with quick point buttons and a free entry.

Its parts follow the game themselves (views/following.py): a point re-renders that player's score alone."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.core.errors import Violation
from trackers.scorepad.actions import AddPoints, ChooseFirstPlayer, DrawFirstPlayer, EndGame, EndRound
from trackers.scorepad.queries import blocked
from trackers.scorepad.state import ScorePadState
from views.following import use_game
from views.forms import send_button
from views.model import AppModel
from views.step import step_top
from views.widgets import TOUCH, Entry, action_button, card, choice_row, heading, keyed, memo, tagged

QUICK = (-1, 1, 5)


def _state(model: AppModel) -> ScorePadState:
    assert model.game is not None
    state: ScorePadState = model.game.session.state
    return state


@ft.component
def Score(model: AppModel, index: int) -> ft.Control:
    score = use_game(model, lambda m: _state(m).scores[index])
    return tagged(f"score-{index}", ft.Text(str(score), size=28, weight=ft.FontWeight.BOLD))


@memo  # the card stays as it was: its score follows the game by itself
@ft.component
def PlayerRow(model: AppModel, index: int, player: str) -> ft.Control:
    return card(
        ft.Row([ft.Text(player, size=18, weight=ft.FontWeight.BOLD, expand=True), Score(model, index)]),
        PointsEntry(model, index, player),
        key=f"player-{index}",
    )


@memo  # the buttons and the field stay as they are when the score above them changes
@ft.component
def PointsEntry(model: AppModel, index: int, player: str) -> ft.Control:
    entry = Entry()

    def add_entered() -> None:
        text = entry.value.strip()
        try:
            points = int(text)
        except ValueError:
            model.refuse("Enter the points as a whole number, like 3 or -2.", "scorepad/points")
            return
        if model.dispatch(AddPoints(player, points)):
            entry.clear()

    return ft.Column(
        [
            ft.Row(
                [
                    action_button(
                        f"{q:+d}",
                        partial(model.dispatch, AddPoints(player, q)),
                        key=f"quick-{index}-{q}",
                        tally=True,
                    )
                    for q in QUICK
                ],
                wrap=True,
            ),
            ft.Row(
                [
                    entry.field(
                        "Points",
                        key=f"points-{index}",
                        width=120,
                        height=TOUCH + 8,
                        keyboard_type=ft.KeyboardType.NUMBER,
                        on_submit=lambda _: add_entered(),
                    ),
                    action_button("Add", add_entered, key=f"add-{index}", icon=ft.Icons.ADD, primary=True),
                ]
            ),
        ],
        spacing=8,
    )


Blocked = tuple[Violation, ...]


def _table(model: AppModel) -> tuple[str | None, Blocked, Blocked, Blocked]:
    """What the table card shows: the first player, and why drawing one, ending the round or the game is
    not allowed now. Most entries leave all four as they were."""
    state = _state(model)
    return (
        state.first_player,
        tuple(blocked(state, DrawFirstPlayer)),
        tuple(blocked(state, EndRound)),
        tuple(blocked(state, EndGame)),
    )


@memo
@ft.component
def TableCard(model: AppModel, players: tuple[str, ...]) -> ft.Control:
    first_player, draw_blocked, round_blocked, end_blocked = use_game(model, _table)
    return card(
        heading("Table"),
        ft.Row(
            [
                send_button(
                    model,
                    "Draw first player",
                    DrawFirstPlayer(),
                    key="draw-first",
                    icon=ft.Icons.CASINO,
                    blocked=draw_blocked,
                ),
            ],
            wrap=True,
        ),
        choice_row(
            "Or the table chose who goes first:",
            [(p, p) for p in players],
            first_player,
            lambda p: model.dispatch(ChooseFirstPlayer(p)),
            key="choose-first",
        ),
        ft.Row(
            [
                send_button(model, "End round", EndRound(), key="end-round", blocked=round_blocked),
                send_button(model, "End game", EndGame(), key="end-game", blocked=end_blocked),
            ],
            wrap=True,
        ),
    )


@ft.component
def ScorePadPanel(model: AppModel) -> ft.Control:
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    players = tuple(_state(model).players)  # fixed for the game: the rows follow their own scores
    return ft.Column(
        [
            step_top(model),
            *[keyed(p, PlayerRow, model, i, p) for i, p in enumerate(players)],
            TableCard(model, players),
        ],
        spacing=12,
    )
