"""Blackout: Hong Kong on the shared game screen: one screen at a time (the round's form, the players'
boards, the display, the card catalogue), opening on what the table needs now; once a chapter or the game is
over, the final sheet and the campaign's log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from trackers.blackout_hk import queries
from trackers.blackout_hk.state import BlackoutState
from trackers.core.catalogue import CardList
from views.catalogue import CatalogueShelf
from views.games.blackout_hk.display import DisplayScreen
from views.games.blackout_hk.players import PlayersScreen
from views.games.blackout_hk.results import EndScreen
from views.games.blackout_hk.round.buy import catalogued_text
from views.games.blackout_hk.round.scout import tile_text
from views.games.blackout_hk.round.screen import RoundScreen
from views.model import AppModel
from views.scrolling import screen_shown, use_picked, use_top_when_shown
from views.step import step_top
from views.widgets import card, choice_row, heading, keyed

S = BlackoutState
ENDED = ("chapter", "over")


def _screens(state: S) -> list[tuple[str, str]]:
    screens = [("round", "Round"), ("players", "Players"), ("display", "Display")]
    if state.stage in ENDED or state.campaign:
        screens.append(("end", "Final sheet"))
    return [*screens, ("cards", "Cards")]


def _default_screen(state: S) -> str:
    return "end" if state.stage in ENDED else "round"


@ft.component
def BlackoutPanel(model: AppModel) -> ft.Control:
    picked = use_picked()
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    state: S = model.game.session.state
    screens = _screens(state)
    shown, show = screen_shown(picked, model.moment(), screens, _default_screen(state))
    use_top_when_shown(shown)
    body: ft.Control
    if shown == "players":
        body = keyed("bhk-screen-players", PlayersScreen, model, state)
    elif shown == "display":
        body = keyed("bhk-screen-display", DisplayScreen, model, state)
    elif shown == "end":
        body = keyed("bhk-screen-end", EndScreen, model, state)
    elif shown == "cards":
        lists: list[tuple[CardList[Any], Callable[[Any], str]]] = [
            (queries.CARDS, catalogued_text),
            (queries.TILES, tile_text),
        ]
        body = card(
            heading("Card catalogue"),
            CatalogueShelf(model, queries.CATALOGUE_KIND, lists, prefix="bhk-catalogue"),
            key="bhk-screen-cards",
        )
    else:
        body = keyed("bhk-screen-round", RoundScreen, model, state)
    return ft.Column(
        [choice_row("Show", screens, shown, show, key="bhk-show"), step_top(model), body],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
