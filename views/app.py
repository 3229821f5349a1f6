"""The app shell: one view with the Games / Rules / Settings tabs, themed from the settings."""

from __future__ import annotations

from typing import Any

import flet as ft

from trackers.storage import Store
from views.game import GameScreen
from views.home import Home
from views.model import AppModel
from views.new_game import NewGame
from views.notice import NoticeBanner
from views.rules import Rules
from views.settings import Settings
from views.widgets import icon_action, tagged

TABS = ("games", "rules", "settings")
THEME_MODES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}


def _body(model: AppModel) -> ft.Control:
    if model.tab == "rules":
        return Rules(model)
    if model.tab == "settings":
        return Settings(model)
    if model.screen == "game" and model.game is not None:
        return GameScreen(model)
    if model.screen == "new":
        return NewGame(model)
    return ft.Column([NoticeBanner(model), Home(model)], spacing=12)


@ft.component
def App(store: Store) -> list[ft.View]:
    model, _ = ft.use_state(lambda: AppModel(store))

    def apply_theme() -> None:
        page = ft.context.page
        page.theme_mode = THEME_MODES[model.theme]
        page.update()

    ft.use_effect(apply_theme, [model.theme])

    def on_tab(e: ft.Event[Any]) -> None:
        model.go(TABS[e.control.selected_index])

    game_open = model.game is not None and model.tab == "games" and model.screen == "game"
    actions: list[ft.Control] = []
    if game_open and model.game is not None:
        session = model.game.session
        actions = [
            icon_action(ft.Icons.UNDO, "Undo", model.undo, key="undo", disabled=not session.can_undo),
            icon_action(ft.Icons.REDO, "Redo", model.redo, key="redo", disabled=not session.can_redo),
        ]
    return [
        ft.View(
            route="/",
            scroll=ft.ScrollMode.AUTO,
            padding=12,
            appbar=ft.AppBar(title=ft.Text("Lantern"), actions=actions),
            navigation_bar=ft.NavigationBar(
                key="nav",
                selected_index=TABS.index(model.tab),
                on_change=on_tab,
                destinations=[
                    ft.NavigationBarDestination(icon=ft.Icons.CASINO_OUTLINED, label="Games"),
                    ft.NavigationBarDestination(icon=ft.Icons.MENU_BOOK_OUTLINED, label="Rules"),
                    ft.NavigationBarDestination(icon=ft.Icons.SETTINGS_OUTLINED, label="Settings"),
                ],
            ),
            controls=[ft.Container(_body(model), key=f"body-{model.tab}-{model.screen}")],
        )
    ]


def start_without_data(page: ft.Page, problem: str, path: str) -> None:
    """The saved games could not be opened: say so and touch nothing, rather than start afresh."""
    page.title = "Lantern"
    page.add(
        ft.SafeArea(
            ft.Column(
                [
                    ft.Text("Lantern cannot open your saved games", size=22, weight=ft.FontWeight.BOLD),
                    tagged("storage-problem", ft.Text(problem)),
                    ft.Text(f"The file was left exactly as it was: {path}", selectable=True),
                    ft.Text("Copy it somewhere safe before trying anything else; nothing has been deleted."),
                ],
                spacing=12,
            )
        )
    )


def start(page: ft.Page, store: Store) -> None:
    """Entry for ft.run: title, Material 3 theme, then the component tree."""
    page.title = "Lantern"
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.AMBER)
    page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.AMBER)
    page.render_views(App, store)
