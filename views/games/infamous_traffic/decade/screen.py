"""The end of a decade: what the table does now, then the six steps with the current one highlighted. Now: a
question first (tiles over the limit, a sixth card, or what a China action in the rush left open), else the
Opium War's moves, the Post-War Rush, the London Season's prize draft, compounding debt or the penalty."""

from __future__ import annotations

import flet as ft

from trackers.infamous_traffic import queries
from trackers.infamous_traffic.state import InfamousTrafficState
from views.games.infamous_traffic.decade.debt import ReturnsForm, compound_part, penalty_part
from views.games.infamous_traffic.decade.rush import RushStep
from views.games.infamous_traffic.decade.season import discard_part, season_part
from views.games.infamous_traffic.decade.steps import steps_card
from views.games.infamous_traffic.decade.war import WarStep
from views.games.infamous_traffic.questions.card import QuestionCard
from views.model import AppModel
from views.widgets import card, keyed, line


def now_part(model: AppModel, state: InfamousTrafficState) -> ft.Control:
    """The card of what the table does now."""
    q = state.question
    tag = f"{state.decade}-{state.stage}"
    parts: list[ft.Control]
    if q is not None and q.kind == "returns":
        parts = [keyed(f"it-returns-form-{tag}-{q.player}", ReturnsForm, model, state, q)]
    elif q is not None and q.kind == "discard":
        parts = discard_part(model, state, q.player)
    elif q is not None:
        return QuestionCard(model, state)  # what a China action in the rush left open: the turn's own card
    elif state.stage == "war":
        parts = [keyed(f"it-war-form-{tag}", WarStep, model, state)]
    elif state.stage == "rush" and state.on_turn is not None:
        parts = [keyed(f"it-rush-form-{tag}-{state.rush_turn}", RushStep, model, state, state.on_turn)]
    elif state.stage == "season":
        parts = season_part(model, state)
    elif state.stage == "compound":
        parts = compound_part(model, state)
    elif state.stage == "penalty":
        parts = penalty_part(model, state)
    else:
        parts = [line("it-decade-next", queries.next_step(state))]
    return card(*parts, key="it-decade-now")


@ft.component
def DecadeScreen(model: AppModel, state: InfamousTrafficState) -> ft.Control:
    history = model.game.session.history if model.game is not None else ()
    return ft.Column(
        [now_part(model, state), steps_card(state, history)],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
