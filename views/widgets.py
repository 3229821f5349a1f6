"""Small building blocks shared by every screen: big touch targets and tagged read-outs."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import flet as ft

TOUCH = 48


def tagged(identifier: str, control: ft.Control) -> ft.Control:
    """Give a read-out a stable identifier so tests (and screen readers) can find it."""
    return ft.Semantics(identifier=identifier, content=control)


def action_button(
    label: str,
    on_click: Callable[[], Any],
    *,
    key: str,
    icon: ft.IconData | None = None,
    primary: bool = False,
    disabled: bool = False,
) -> ft.Control:
    """A button at least 48 px tall, as fingers holding game pieces need."""
    kind = ft.FilledButton if primary else ft.OutlinedButton
    return kind(
        label,
        icon=icon,
        key=key,
        on_click=_handler(on_click),
        disabled=disabled,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=12)),
        height=TOUCH,
    )


def icon_action(
    icon: ft.IconData,
    label: str,
    on_click: Callable[[], Any],
    *,
    key: str,
    disabled: bool = False,
) -> ft.Control:
    """An icon button that screen readers (and browser tests) know by its label."""
    return ft.Semantics(
        label=label,
        button=True,
        identifier=key,
        content=ft.IconButton(
            icon,
            tooltip=label,
            key=key,
            on_click=_handler(on_click),
            disabled=disabled,
            width=TOUCH,
            height=TOUCH,
        ),
    )


def _handler(fn: Callable[[], Any]) -> Callable[[Any], Any]:
    """Flet passes the event to one-argument handlers; our callbacks take none."""
    if inspect.iscoroutinefunction(fn):

        async def run_async(_: Any) -> None:
            await fn()

        return run_async
    return lambda _: fn()


def heading(text: str) -> ft.Control:
    return ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD)


def card(*controls: ft.Control, key: str | None = None) -> ft.Control:
    return ft.Card(
        key=key,
        content=ft.Container(ft.Column(list(controls), spacing=8), padding=12),
    )
