"""The game screen every game shares: status header, the results sheet once the game is finished
(views/results.py), the game's own panel, history (refusals: notice.py).

An entry re-renders only what it changed: each line of the header picks its own value from the open game
(views/following.py) and re-renders alone when that changed; the body, when the game ends or is taken
back from its end; a game's panel, on every entry (`EveryEntry`), unless it is listed as following
the game part by part itself (views/games `FOLLOWS_ITSELF`); the history, a moment later."""

from __future__ import annotations

import flet as ft

from trackers.core.game import Outcome
from trackers.core.wording import unit
from views.company import Company
from views.following import EveryEntry, use_game
from views.games import FOLLOWS_ITSELF, panel_for
from views.history import History
from views.model import AppModel
from views.results import ResultsProblem, ResultsSheet, open_results
from views.scrolling import use_top_when_shown
from views.step import FollowStep
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


@ft.component
def ScoreChip(model: AppModel, index: int) -> ft.Control:
    """One player's score, following the game: an entry re-renders the chip whose score it changed."""
    text = use_game(model, lambda m: _score_text(m, index))
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


def _facts(model: AppModel) -> str:
    summary = model.summary()
    facts = [f"{summary.round_label} {summary.round}" if summary.round is not None else None, summary.phase]
    if summary.turn:
        facts.append(f"{summary.turn} to play")
    return " · ".join(f for f in facts if f)


def _score_text(model: AppModel, index: int) -> str:
    summary = model.summary()
    if index >= len(summary.scores):  # fewer scores than before: the row drops this chip next
        return ""
    score = summary.scores[index]
    return f"{score.player}: {score.points} {unit(score.points, summary.score_label)}".rstrip()


@ft.component
def StatusLine(model: AppModel) -> ft.Control:
    return line("status", use_game(model, _facts))


@ft.component
def BarStatus(model: AppModel) -> ft.Control:
    """Where the open game stands, in the app bar: the step scrolled to the screen's top has it above."""
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    facts = use_game(model, _facts)
    return tagged(
        "bar-status",
        ft.Text(facts or model.module.title, size=15, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
    )


@ft.component
def Scores(model: AppModel) -> ft.Control:
    """A chip per score; the row re-renders only when the number of scores shown changes."""
    count = use_game(model, lambda m: len(m.summary().scores))
    return tagged(
        "scores", ft.Row([keyed(f"score-chip-{i}", ScoreChip, model, i) for i in range(count)], wrap=True)
    )


@ft.component
def Winners(model: AppModel) -> ft.Control:
    outcome = use_game(model, AppModel.outcome)
    if outcome is None:
        return ft.Container()
    winners = " and ".join(outcome.winners)
    return tagged(
        "outcome", ft.Text(f"Winner: {winners}", weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)
    )


@ft.component
def NextStep(model: AppModel) -> ft.Control:
    return line("next-step", use_game(model, lambda m: m.summary().next_step), italic=True)


@memo
@ft.component
def StatusHeader(model: AppModel, title: str) -> ft.Control:
    """Round, phase and who plays; the scores; the winner once there is one; the next step. Each line
    follows the game itself, so a score changing re-renders the scores alone, not the card around them."""
    return card(
        TitleBar(model, title),
        StatusLine(model),
        Scores(model),
        Winners(model),
        NextStep(model),
        key="status-header",
    )


def _whole_panel(model: AppModel, _state: object) -> ft.Control:
    return panel_for(model.module.id)(model)


def _finished(model: AppModel) -> tuple[Outcome | None, int]:
    """The outcome, and while there is one, the revision: a finished game's results follow every change."""
    outcome = model.outcome()
    return outcome, 0 if outcome is None else model.revision.number


@ft.component
def GameBody(model: AppModel) -> ft.Control:
    """The header, the results once the game is over, the game's panel and the history. The body itself
    re-renders only when the game ends (or an undo takes its end back); its parts follow the entries."""
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    module = model.module
    outcome, revision = use_game(model, _finished)
    # The game ending (here or on another screen) or reopened shows the screen from its top: the results
    # sheet above the panel, where the scroll would otherwise have kept the middle of it.
    use_top_when_shown("results" if outcome is not None else "play")
    # Replayed once per change of the finished game (not on a re-render that changed nothing).
    results = ft.use_memo(
        lambda: None if outcome is None else open_results(model),
        [model.game.id, revision, outcome is None],
    )
    sheet: list[ft.Control] = []
    if isinstance(results, str):
        sheet.append(ResultsProblem(results))
    elif results is not None:
        sheet.append(ResultsSheet(model, results))
    return ft.Column(
        [
            StatusHeader(model, module.title),
            *sheet,
            ft.ResponsiveRow(
                [
                    ft.Container(
                        panel_for(module.id)(model)
                        if module.id in FOLLOWS_ITSELF
                        else EveryEntry(model, model.revision, _whole_panel),
                        col={"xs": 12, "md": 7},
                    ),
                    ft.Container(History(model, model.log), col={"xs": 12, "md": 5}),
                ],
            ),
            FollowStep(model),
        ],
        spacing=12,
    )


@ft.component
def GameScreen(model: AppModel) -> ft.Control:
    """Rendered when the game is opened; an entry re-renders the parts that follow it, not this frame."""
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    return ft.Column(
        [
            Company(model, model.presence),
            GameBody(model),
            RulesButton(model, model.module.id),
        ],
        spacing=12,
    )
