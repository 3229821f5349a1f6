"""Every screen opens at its top: the shell gives each screen a scroll view of its own, keyed by the screen,
and a game panel that swaps screens of its own (ASHES's boards, the rival) asks for the top the same way."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from views.widgets import Latest

Picked = Latest[tuple[tuple[object, ...], str] | None]
"""The screen a panel's reader picked by hand, and the moment of the game it was picked in."""


def screen_area(name: str, body: ft.Control) -> ft.Column:
    """The scrolling part of a view, keyed by its screen: a new screen is a new scroll view, at its top."""
    return ft.Column(
        [ft.Container(body, padding=12)],
        key=f"screen-{name}",
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


@dataclass(eq=False)
class ScreenScroll:
    """The scroll view of the screen on show (the shell sets it on every render)."""

    area: ft.Column | None = None

    def to_top(self) -> None:
        area = self.area
        if area is not None:
            ft.context.page.run_task(area.scroll_to, offset=0)

    def to_key(self, key: str) -> None:
        """Bring the control keyed `ft.ScrollKey(key)` to the screen's top (as far as the screen scrolls)."""
        area = self.area
        if area is not None:
            ft.context.page.run_task(area.scroll_to, scroll_key=key)


SCREEN_SCROLL = ft.create_context(ScreenScroll())


def use_top_when_shown(screen: str, anchor: str | None = None) -> None:
    """Scroll to the top when a panel shows another of its own screens (not when the panel first shows); to
    `anchor` instead whenever one is given, the first time included: the control keyed `ft.ScrollKey(anchor)`
    that holds what a turn is spent on (the rival's card form), so a phone shows it whole without a scroll."""
    scroll = ft.use_context(SCREEN_SCROLL)
    shown = ft.use_ref(screen)

    def follow() -> None:
        if anchor is not None:
            scroll.to_key(anchor)
        elif shown.current != screen:
            scroll.to_top()
        shown.current = screen

    ft.use_effect(follow, [screen, anchor])


def use_picked() -> Picked:
    """A panel's hand-picked screen: call it first in the panel, before any early return."""
    return Latest[tuple[tuple[object, ...], str] | None](None)


def screen_shown(
    picked: Picked, moment: tuple[object, ...], screens: Sequence[tuple[str, str]], default: str
) -> tuple[str, Callable[[str], None]]:
    """The screen on show and how to pick another: one picked by hand lasts while the game's `moment` does
    (a new turn, stage or question opens `default` again), and only while it is among `screens`."""
    choice = picked.shown
    shown = choice[1] if choice is not None and choice[0] == moment else default
    if shown not in dict(screens):
        shown = default

    def show(screen: str) -> None:
        picked.set((moment, screen))

    return shown, show
