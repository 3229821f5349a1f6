"""ASHES: Blackout Protocol on the shared game screen: set-up, each player's board, the solo rival and the
final score sheet, one at a time, opening on whoever is to play.

The panel follows the game part by part (views/following.py): itself when the turn, the stage or the
screens to pick from change; the bag card when its line, its check or End round's reason does; the screen
on show, on every entry (a player's board, in parts of its own: views/games/ashes/player.py)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from trackers.ashes import actions as aa
from trackers.ashes.queries import blocked, conservation_violations
from trackers.ashes.state import ACTIVE, ESSENTIAL, RIVAL, AshesState
from trackers.core.errors import Violation
from trackers.core.game import Moment
from views.following import EveryEntry, use_game
from views.forms import send_button
from views.games.ashes.board import BoardScreen
from views.games.ashes.end import ScoreSheet
from views.games.ashes.player import PlayerScreen
from views.games.ashes.rival import RivalScreen
from views.games.ashes.setup import SetupScreen
from views.model import AppModel
from views.scrolling import screen_shown, use_picked, use_top_when_shown
from views.step import STEP, step_top
from views.widgets import card, choice_row, keyed, memo, tagged


def _bag_line(state: AshesState) -> str:
    bag = state.bag
    line = f"Bag: {bag.count(ACTIVE)} active, {bag.count(ESSENTIAL)} essential"
    if not bag.total:
        return line + " (empty)"
    odds = bag.odds()
    active, essential = (round(100 * odds.get(kind, 0)) for kind in (ACTIVE, ESSENTIAL))
    return f"{line}; next draw {active}% active, {essential}% essential"


@memo  # most entries change neither the bag nor whether the round may end: those leave it as it was
@ft.component
def BagCard(
    model: AppModel, line: str, problem: str | None, end_round: tuple[Violation, ...] | None
) -> ft.Control:
    """The survivor bag, and the check that all 75 survivors are somewhere; End round (`end_round`: why it
    is closed, None outside the round's turns), open once all have passed."""
    check = (
        ft.Text(problem, color=ft.Colors.ERROR)
        if problem is not None
        else ft.Text("All 75 survivors accounted for.", size=12)
    )
    controls: list[ft.Control] = [tagged("bag", ft.Text(line)), tagged("survivor-check", check)]
    if end_round is not None:
        controls.append(
            send_button(
                model,
                "End round",
                aa.EndRound(),
                key="end-round",
                primary=True,
                icon=ft.Icons.FLAG,
                blocked=end_round,
            )
        )
    return card(*controls, key="bag-card")


def _bag(model: AppModel) -> tuple[str, str | None, tuple[Violation, ...] | None]:
    state = _state(model)
    problems = conservation_violations(state.survivors())
    in_turns = not state.rounds.setup_left and not state.rounds.game_over  # End round: shown, open or not
    return (
        _bag_line(state),
        problems[0].message if problems else None,
        tuple(blocked(state, aa.EndRound)) if in_turns else None,
    )


@ft.component
def Bag(model: AppModel) -> ft.Control:
    return BagCard(model, *use_game(model, _bag))


def _state(model: AppModel) -> AshesState:
    assert model.game is not None
    state: AshesState = model.game.session.state
    return state


@memo  # the screens and the one shown change with the turn, not with an entry
@ft.component
def ScreenPicker(screens: tuple[tuple[str, str], ...], shown: str, show: Callable[[str], None]) -> ft.Control:
    return choice_row("Show", list(screens), shown, show, key="ashes-view")


def _screens(state: AshesState) -> list[tuple[str, str]]:
    screens = [("setup", "Set-up")] if state.rounds.setup_left else []
    screens += [(f"seat-{i}", s.name) for i, s in enumerate(state.seats)]
    if state.solo:
        screens.append(("rival", "Rival"))
    if state.board is not None:
        screens.append(("board", "Board"))
    if state.rounds.game_over:
        screens.append(("end", "Score sheet"))
    return screens


def _default_screen(state: AshesState, turn: str | None) -> str:
    """Whoever is to play, or the step the whole table is on."""
    if state.rounds.game_over:
        return "end"
    if state.rounds.setup_left and turn is None:
        return "setup"
    if turn == RIVAL:
        return "rival"
    names = [s.name for s in state.seats]
    return f"seat-{names.index(turn)}" if turn in names else "seat-0"


def _frame(model: AppModel) -> tuple[Moment, tuple[tuple[str, str], ...], str, str | None, tuple[str, ...]]:
    """What the panel itself shows: the moment of the game, the screens to pick from, the one it opens
    on, who is to play, and the seats' names."""
    state = _state(model)
    summary = model.summary()
    names = tuple(s.name for s in state.seats)
    return model.moment(), tuple(_screens(state)), _default_screen(state, summary.turn), summary.turn, names


@ft.component
def AshesPanel(model: AppModel) -> ft.Control:
    picked = use_picked()
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    moment, screens, default, turn, names = use_game(model, _frame)
    shown, show = screen_shown(picked, moment, list(screens), default)
    show = ft.use_callback(show, [moment])  # the same handler while the moment lasts: the picker skips
    # The rival's turn opens at its card to play (step_top stands right above it), the first time included.
    use_top_when_shown(shown, STEP if shown == "rival" and turn == RIVAL else None)
    body: ft.Control
    if shown == "setup":
        body = EveryEntry(model, model.revision, SetupScreen)
    elif shown == "rival":
        body = EveryEntry(model, model.revision, RivalScreen, (turn,))
    elif shown == "end":
        body = EveryEntry(model, model.revision, ScoreSheet)
    elif shown == "board":
        body = EveryEntry(model, model.revision, BoardScreen)
    else:
        index = int(shown.removeprefix("seat-"))
        body = keyed(f"player-{names[index]}", PlayerScreen, model, index)
    return ft.Column(
        [
            ScreenPicker(screens, shown, show),
            Bag(model),
            *([] if shown == "rival" else [step_top(model)]),  # the rival's is above its card to play
            body,
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
