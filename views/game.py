"""The game screen every game shares: status header, the results sheet once the game is finished
(views/results.py), the game's own panel, history (refusals: notice.py).

The screen is given the open game's `revision`, so an entry re-renders it (and the game's panel inside it)
while the shell stays as it was; the header and the history's lines are memoised on what they show, so
they are rebuilt only when that changed."""

from __future__ import annotations

import flet as ft

from trackers.core.game import Outcome, Summary
from views.company import Company
from views.games import panel_for
from views.history import History
from views.model import AppModel, Revision
from views.results import ResultsProblem, ResultsSheet, open_results
from views.scrolling import use_top_when_shown
from views.widgets import action_button, card, icon_action, keyed, line, memo, tagged


@memo
@ft.component
def TitleBar(model: AppModel, title: str) -> ft.Control:
    return ft.Row(
        [
            ft.Text(title, size=20, weight=ft.FontWeight.BOLD),
            icon_action(ft.Icons.CLOSE, "Back to games", model.close_game, key="close-game"),
        ],
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
    )


@memo
@ft.component
def ScoreChip(text: str) -> ft.Control:
    """One player's score: an entry re-renders the chip whose score it changed, not its neighbours."""
    return ft.Container(
        ft.Text(text, weight=ft.FontWeight.W_500),
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        border_radius=16,
        padding=ft.Padding.symmetric(horizontal=12, vertical=6),
    )


@memo
@ft.component
def RulesButton(model: AppModel, game_id: str) -> ft.Control:
    return action_button(
        "Rules for this game",
        lambda: model.show_rule(game_id + "/overview"),
        key="game-rules",
        icon=ft.Icons.MENU_BOOK,
    )


@memo
@ft.component
def ScoreRow(texts: tuple[str, ...]) -> ft.Control:
    return tagged(
        "scores", ft.Row([keyed(f"score-chip-{i}", ScoreChip, t) for i, t in enumerate(texts)], wrap=True)
    )


@memo
@ft.component
def StatusHeader(model: AppModel, title: str, summary: Summary, outcome: Outcome | None) -> ft.Control:
    """Round, phase and who plays; the scores; the winner once there is one; the next step. Each line is its
    own part, so a score changing re-renders the scores alone inside the card."""
    facts = [f"{summary.round_label} {summary.round}" if summary.round is not None else None, summary.phase]
    if summary.turn:
        facts.append(f"{summary.turn} to play")
    result: list[ft.Control] = []
    if outcome is not None:
        winners = " and ".join(outcome.winners)
        result.append(
            tagged(
                "outcome", ft.Text(f"Winner: {winners}", weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)
            )
        )
    return card(
        TitleBar(model, title),
        line("status", " · ".join(f for f in facts if f)),
        ScoreRow(tuple(f"{s.player}: {s.points} {summary.score_label}".rstrip() for s in summary.scores)),
        *result,
        line("next-step", summary.next_step, italic=True),
        key="status-header",
    )


@ft.component
def GameBody(model: AppModel, revision: Revision) -> ft.Control:
    """Given the open game's `revision`, it follows every entry: the header, the results once the game is
    over, the game's panel. One component, so an entry's result reaches the browser in one message and
    shows in one frame; the history inside is given the model's `log` and follows a moment later."""
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    module = model.module
    state = model.game.session.state
    outcome = module.outcome(state)
    # The game ending (here or on another screen) or reopened shows the screen from its top: the results
    # sheet above the panel, where the scroll would otherwise have kept the middle of it.
    use_top_when_shown("results" if outcome is not None else "play")
    # Replayed once per change of the finished game (not on a re-render that changed nothing).
    results = ft.use_memo(
        lambda: None if outcome is None else open_results(model),
        [model.game.id, revision.number, outcome is None],
    )
    sheet: list[ft.Control] = []
    if isinstance(results, str):
        sheet.append(ResultsProblem(results))
    elif results is not None:
        sheet.append(ResultsSheet(model, results))
    return ft.Column(
        [
            StatusHeader(model, module.title, module.summary(state), outcome),
            *sheet,
            ft.ResponsiveRow(
                [
                    ft.Container(panel_for(module.id)(model), col={"xs": 12, "md": 7}),
                    ft.Container(History(model, model.log), col={"xs": 12, "md": 5}),
                ],
            ),
        ],
        spacing=12,
    )


@ft.component
def GameScreen(model: AppModel) -> ft.Control:
    """Rendered when the game is opened; an entry re-renders the body given the revision, not this frame."""
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    return ft.Column(
        [
            Company(model, model.presence),
            GameBody(model, model.revision),
            RulesButton(model, model.module.id),
        ],
        spacing=12,
    )
