"""Small building blocks shared by every screen: big touch targets and tagged read-outs."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

import flet as ft

TOUCH = 48
T = TypeVar("T")


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


class Latest(Generic[T]):
    """Component state whose newest value any handler can read at once.

    A tap can reach the server before the re-render that follows typing, so handlers must not read
    values from a render's closure: they read `value`, which every change updates first. `keep`
    records a value without re-rendering (what a person types is already on their screen).
    """

    def __init__(self, initial: T) -> None:
        self.ref: Any = ft.use_ref(initial)
        self.shown, self._set_shown = ft.use_state(initial)

    @property
    def value(self) -> T:
        return cast(T, self.ref.current)

    def keep(self, value: T) -> None:
        self.ref.current = value

    def set(self, value: T) -> None:
        self.ref.current = value
        self._set_shown(value)


class Entry:
    """A free-text field the server never rewrites while someone types in it.

    Re-sending a field's value from the server while its owner is typing races with the keystrokes,
    so the field is uncontrolled: typing only updates `value`; `clear` swaps in a fresh empty field.
    """

    def __init__(self, initial: str = "") -> None:
        self.ref: Any = ft.use_ref(initial)
        self.generation, self._set_generation = ft.use_state(0)
        self.initial = initial

    @property
    def value(self) -> str:
        return str(self.ref.current)

    def clear(self) -> None:
        self.ref.current = ""
        self._set_generation(self.generation + 1)

    def field(self, label: str, *, key: str, **options: Any) -> ft.Control:
        """The field in a semantics container of its own, so nearby text is not merged into its label."""
        fresh = self.generation == 0
        return ft.Semantics(
            container=True,
            identifier=key,
            content=ft.TextField(
                label=label,
                value=self.initial if fresh else "",
                key=key if fresh else f"{key}~{self.generation}",
                on_change=lambda e: setattr(self.ref, "current", e.control.value),
                **options,
            ),
        )


def _bound(on_pick: Callable[[str], Any], value: str) -> Callable[[], Any]:
    """`on_pick` with its value fixed, still a coroutine function when it was one (so it is awaited)."""
    if inspect.iscoroutinefunction(on_pick):

        async def picked() -> None:
            await on_pick(value)

        return picked
    return lambda: on_pick(value)


def choice_row(
    label: str,
    choices: list[tuple[str, str]],
    selected: str | None,
    on_pick: Callable[[str], Any],
    *,
    key: str,
) -> ft.Control:
    """A short list of choices as big buttons (value, text): one tap, readable, no menu to open."""
    return ft.Column(
        [
            ft.Text(label),
            ft.Row(
                [
                    action_button(
                        text, _bound(on_pick, value), key=f"{key}-{value}", primary=value == selected
                    )
                    for value, text in choices
                ],
                wrap=True,
            ),
        ],
        spacing=4,
        key=key,
    )
