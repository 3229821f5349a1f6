"""The app shell: the Games / Rules / Settings tabs, themed from the settings, built once for every game.

Each screen scrolls in a view of its own (opened at its top), refusals are pinned above the navigation
bar, and a rule opened from a game is a second view over the game, which stays mounted, scroll and
half-filled forms included, until "Back to the game".
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import flet as ft

from trackers.services.lan import Listening, is_host_device
from trackers.services.storage import Store
from views.game import BarStatus, GameScreen
from views.home import Home
from views.join import join_view
from views.model import AppModel, Revision
from views.new_game import NewGame
from views.notice import NoticeBar
from views.plays import Plays
from views.rules import Rules
from views.scrolling import SCREEN_SCROLL, ScreenScroll, screen_area
from views.settings import Settings
from views.widgets import action_button, icon_action, memo, tagged

TABS = ("games", "rules", "settings")
THEME_MODES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}


def _body(model: AppModel) -> ft.Control:
    if model.tab == "rules":
        return Rules(model)
    if model.tab == "settings":
        return Settings(model)
    if model.game_on_screen:
        return GameScreen(model)
    if model.screen == "new":
        return NewGame(model)
    if model.screen == "plays":
        return Plays(model)
    return Home(model)


def _later(page: ft.Page, delay: float, step: Callable[[], None]) -> None:
    """Run `step` after `delay` seconds on the page's own loop."""

    async def after() -> None:
        await asyncio.sleep(delay)
        step()

    page.run_task(after)


def navigation(selected: str, on_pick: Callable[[str], None], *, key: str) -> ft.NavigationBar:
    def on_change(e: ft.Event[Any]) -> None:
        on_pick(TABS[e.control.selected_index])

    return ft.NavigationBar(
        key=key,
        selected_index=TABS.index(selected),
        on_change=on_change,
        destinations=[
            ft.NavigationBarDestination(icon=ft.Icons.CASINO_OUTLINED, label="Games"),
            ft.NavigationBarDestination(icon=ft.Icons.MENU_BOOK_OUTLINED, label="Rules"),
            ft.NavigationBarDestination(icon=ft.Icons.SETTINGS_OUTLINED, label="Settings"),
        ],
    )


def rule_over_game(model: AppModel) -> ft.View:
    """A rule opened from the game, as a view above it: the game below keeps its scroll and its forms."""

    def pick_tab(tab: str) -> None:
        if tab == "games":
            model.back_to_game()
        else:
            model.go(tab)

    back = action_button(
        "Back to the game", model.back_to_game, key="back-to-game", icon=ft.Icons.ARROW_BACK, primary=True
    )
    return ft.View(
        route="/rule",
        padding=0,
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        appbar=ft.AppBar(
            title=ft.Text("Rules"),
            leading=icon_action(ft.Icons.ARROW_BACK, "Back", model.back_to_game, key="rule-back"),
            automatically_imply_leading=False,
        ),
        navigation_bar=navigation("rules", pick_tab, key="rule-nav"),
        controls=[
            screen_area(
                f"rule-{model.rules_section or 'search'}",
                ft.Column([ft.Row([back]), Rules(model)], spacing=12),
            )
        ],
    )


@ft.component
def UndoRedo(model: AppModel, log: Revision) -> ft.Control:
    """Undo and Redo in the app bar, given the model's `log`: they follow the open game's entries on their
    own, so an entry does not re-render the shell, and a moment after its result, with the history (the
    result's message goes out first; nobody taps Undo within those 40 ms)."""
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    session = model.game.session
    return BarButtons(model, session.can_undo, session.can_redo)


@memo
@ft.component
def BarButtons(model: AppModel, can_undo: bool, can_redo: bool) -> ft.Control:
    return ft.Row(
        [
            icon_action(ft.Icons.UNDO, "Undo", model.undo, key="undo", disabled=not can_undo),
            icon_action(ft.Icons.REDO, "Redo", model.redo, key="redo", disabled=not can_redo),
        ],
        spacing=0,
        tight=True,
    )


@ft.component
def App(store: Store, listening: Listening | None = None) -> list[ft.View]:
    # The annotation lets mypy solve Flet's `StateT | Callable[[], StateT]` for a factory.
    page = ft.context.page
    made: tuple[AppModel, Callable[[AppModel], None]] = ft.use_state(
        lambda: AppModel(
            store,
            run_here=lambda show: page.run_thread(show),
            later=lambda delay, step: _later(page, delay, step),
            listening=listening,
            visitor=not is_host_device(page.client_ip, page.url),
            client=page.client_ip or "",
        )
    )
    model = made[0]
    ft.use_effect(lambda: None, [], cleanup=model.leave)  # this page is gone: others stop telling it

    def apply_theme() -> None:
        page = ft.context.page
        page.theme_mode = THEME_MODES[model.theme]
        page.update()

    ft.use_effect(apply_theme, [model.theme])

    def follow_back() -> None:
        ft.context.page.on_view_pop = lambda _: model.back_to_game()

    ft.use_effect(follow_back, [])

    actions: list[ft.Control] = [UndoRedo(model, model.log)] if model.game_on_screen else []
    memory: Any = ft.use_ref(ScreenScroll)
    scroll: ScreenScroll = memory.current
    if not model.admitted:  # another device without the join code: nothing of the games is sent
        return [join_view(model)]
    scroll.area = screen_area(model.screen_key, SCREEN_SCROLL(scroll, lambda: _body(model)))
    views = [
        ft.View(
            route="/",
            padding=0,
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            appbar=ft.AppBar(
                title=BarStatus(model) if model.game_on_screen else ft.Text("Lantern"), actions=actions
            ),
            navigation_bar=navigation(model.tab, model.go, key="nav"),
            controls=[scroll.area, NoticeBar(model, model.notices)],
        )
    ]
    if model.rule_over_game and model.game_on_screen:
        views.append(rule_over_game(model))
    return views


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


def start(page: ft.Page, store: Store, listening: Listening | None = None) -> None:
    """Entry for ft.run: title, Material 3 theme, then the component tree (`listening`: where the server
    serving this page listens, None when the app is no server)."""
    page.title = "Lantern"
    page.fonts = {"DejaVu Sans": "fonts/DejaVuSans.ttf"}  # assets/fonts/: arrows and symbols, offline
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.AMBER, font_family="DejaVu Sans")
    page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.AMBER, font_family="DejaVu Sans")
    page.render_views(App, store, listening)
