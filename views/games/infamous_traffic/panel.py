"""An Infamous Traffic on the shared game screen: the final ranking once the game is over, then one screen
at a time (set-up, the turn or the decade's step, China, the bags, the firms, the card catalogue), opening
on what the table needs now."""

from __future__ import annotations

import flet as ft

from trackers.infamous_traffic.state import InfamousTrafficState
from views.games.infamous_traffic.bags import BagsScreen
from views.games.infamous_traffic.cards import CardsScreen
from views.games.infamous_traffic.china.screen import ChinaScreen
from views.games.infamous_traffic.decade.screen import DecadeScreen
from views.games.infamous_traffic.firms import FirmsScreen
from views.games.infamous_traffic.setup.screen import SetupScreen
from views.games.infamous_traffic.turn.screen import TurnScreen
from views.model import AppModel
from views.scrolling import screen_shown, use_picked, use_top_when_shown
from views.step import step_top
from views.widgets import card, choice_row, heading, keyed, tagged

DECADE_END = ("war", "rush", "books", "season", "compound", "penalty")


def _screens(state: InfamousTrafficState) -> list[tuple[str, str]]:
    if state.stage in ("board", "starts"):
        return [("setup", "Set-up"), ("cards", "Cards")]
    first = ("decade", "Decade end") if state.stage in DECADE_END else ("turn", "Turn")
    return [first, ("china", "China"), ("bags", "Bags"), ("firms", "Firms"), ("cards", "Cards")]


def _default_screen(state: InfamousTrafficState) -> str:
    if state.stage in ("board", "starts"):
        return "setup"
    if state.result:
        return "firms"
    return "decade" if state.stage in DECADE_END else "turn"


def result_banner(state: InfamousTrafficState) -> ft.Control:
    if not state.result:
        return ft.Container()
    return card(
        heading("Game over"),
        tagged("it-result", ft.Text(f"Game over: {state.reason}.", weight=ft.FontWeight.BOLD)),
        key="it-result-card",
    )


@ft.component
def InfamousTrafficPanel(model: AppModel) -> ft.Control:
    picked = use_picked()
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    state: InfamousTrafficState = model.game.session.state
    screens = _screens(state)
    shown, show = screen_shown(picked, model.moment(), screens, _default_screen(state))
    use_top_when_shown(shown)

    body: ft.Control
    if shown == "setup":
        body = keyed("it-screen-setup", SetupScreen, model, state)
    elif shown == "turn":
        body = keyed("it-screen-turn", TurnScreen, model, state)
    elif shown == "decade":
        body = keyed("it-screen-decade", DecadeScreen, model, state)
    elif shown == "china":
        body = keyed("it-screen-china", ChinaScreen, model, state)
    elif shown == "bags":
        body = keyed("it-screen-bags", BagsScreen, model, state)
    elif shown == "cards":
        body = CardsScreen(model)
    else:
        body = keyed("it-screen-firms", FirmsScreen, model, state)
    return ft.Column(
        [
            result_banner(state),
            choice_row("Show", screens, shown, show, key="it-show"),
            step_top(model),
            body,
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
