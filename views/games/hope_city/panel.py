"""Hope City on the shared game screen: the result once the city is judged, then one screen at a time (set-up,
the turn, what the card says, the city, the citizens, the bag, the objective catalogue), opening on what the
table needs now."""

from __future__ import annotations

import flet as ft

from trackers.hope_city.queries import CATALOGUE_KIND, OBJECTIVES
from trackers.hope_city.state import HopeCityState
from views.catalogue import CatalogueShelf
from views.games.hope_city.bag import BagScreen
from views.games.hope_city.citizens import CitizensScreen
from views.games.hope_city.city import CityScreen
from views.games.hope_city.effects import EffectsScreen
from views.games.hope_city.objective import catalogued_text
from views.games.hope_city.setup import SetupScreen
from views.games.hope_city.turn import TurnScreen
from views.model import AppModel
from views.scrolling import screen_shown, use_picked, use_top_when_shown
from views.step import step_top
from views.widgets import card, choice_row, heading, keyed, tagged

WINS = ("thrive", "survive")
TURN_LABEL = {"chaos": "Year start", "turns": "Turn", "cleanup": "Clean-up", "over": "Game over"}


def _screens(state: HopeCityState) -> list[tuple[str, str]]:
    if state.stage in ("citizens", "tokens"):
        first = [("setup", "Set-up")]
    else:
        first = [("turn", TURN_LABEL[state.stage]), ("effects", "Card effects")]
    return [*first, ("city", "City"), ("citizens", "Citizens"), ("bag", "Bag"), ("cards", "Cards")]


def _default_screen(state: HopeCityState) -> str:
    if state.stage in ("citizens", "tokens"):
        return "setup"
    return "city" if state.result else "turn"


def result_banner(state: HopeCityState) -> ft.Control:
    if state.result is None:
        return ft.Container()
    won = state.result in WINS
    verdict = "The city wins" if won else "The city is lost"
    return card(
        heading(f"{state.result.capitalize()}: {verdict}"),
        tagged(
            "hc-result",
            ft.Text(
                f"{state.result.capitalize()}: {state.reason}",
                weight=ft.FontWeight.BOLD,
                color=ft.Colors.PRIMARY if won else ft.Colors.ERROR,
            ),
        ),
        key="hc-result-card",
    )


@ft.component
def HopeCityPanel(model: AppModel) -> ft.Control:
    picked = use_picked()
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    state: HopeCityState = model.game.session.state
    screens = _screens(state)
    shown, show = screen_shown(picked, model.moment(), screens, _default_screen(state))
    use_top_when_shown(shown)

    body: ft.Control
    if shown == "setup":
        body = keyed("hc-screen-setup", SetupScreen, model, state)
    elif shown == "turn":
        body = keyed("hc-screen-turn", TurnScreen, model, state, lambda: show("effects"))
    elif shown == "effects":
        body = keyed("hc-screen-effects", EffectsScreen, model, state)
    elif shown == "city":
        body = CityScreen(model, state)
    elif shown == "citizens":
        body = CitizensScreen(model, state)
    elif shown == "bag":
        body = keyed("hc-screen-bag", BagScreen, model, state)
    else:
        body = card(
            heading("Objective catalogue"),
            CatalogueShelf(model, CATALOGUE_KIND, [(OBJECTIVES, catalogued_text)], prefix="hc-catalogue"),
            key="hc-screen-cards",
        )
    return ft.Column(
        [
            result_banner(state),
            choice_row("Show", screens, shown, show, key="hc-show"),
            step_top(model),
            body,
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
