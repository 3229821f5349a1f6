"""Form tools every game's screens share: a form's values held across re-renders, a stepper row, a
toggle, a link to a rule, and engine text made safe for the offline font."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import flet as ft

from trackers.core.actions import Action
from trackers.core.errors import Violation
from views import widgets
from views.model import AppModel
from views.widgets import Latest, action_button, icon_action, tagged

PLAIN = {" → ": " to ", "→": " to ", " × ": " x ", "×": "x", "–": "-", "—": "-", "“": '"', "”": '"'}


def plain(text: str) -> str:
    """Engine text without the arrows and signs that render as empty boxes on an offline phone."""
    for glyph, words in PLAIN.items():
        text = text.replace(glyph, words)
    return text


class Form:
    """A form's values in one dict that handlers read at once (see `Latest`), re-rendered on each change."""

    def __init__(self, initial: dict[str, Any]) -> None:
        self.latest = Latest(initial)
        self.initial = initial

    def __getitem__(self, name: str) -> Any:
        return self.latest.shown[name]

    def now(self, name: str) -> Any:
        return self.latest.value[name]

    def put(self, name: str, value: Any) -> None:
        self.latest.set({**self.latest.value, name: value})

    def put_all(self, **values: Any) -> None:
        self.latest.set({**self.latest.value, **values})

    def bump(self, name: str, delta: int, low: int = 0, high: int = 99) -> None:
        """A value not entered yet (None) starts at `low` on the first tap."""
        now = self.now(name)
        self.put(name, low if now is None else min(high, max(low, int(now) + delta)))

    def flip(self, name: str, item: Any) -> None:
        """Add `item` to the tuple under `name`, or take it out again."""
        held = tuple(self.now(name))
        self.put(name, tuple(i for i in held if i != item) if item in held else (*held, item))

    def reset(self) -> None:
        self.latest.set(self.initial)


def stepper_value(key: str, shown: str) -> ft.Control:
    """The value a stepper shows, tagged `key`: what a component following the game renders alone."""
    return tagged(key, ft.Text(shown, size=20, weight=ft.FontWeight.BOLD))


def stepper(
    label: str, shown: str | ft.Control, minus: Callable[[], Any], plus: Callable[[], Any], *, key: str
) -> ft.Control:
    """A value with - and + beside it: the one-tap change a player makes with a piece in the other hand.
    `shown` is the value's text, or a control that shows it (`stepper_value`) and follows the game itself."""
    return ft.Row(
        [
            ft.Text(label, expand=True, size=16),
            icon_action(ft.Icons.REMOVE, f"{label} minus one", minus, key=f"{key}-minus", tally=True),
            ft.Container(
                stepper_value(key, shown) if isinstance(shown, str) else shown,
                width=88,  # "not set" in 20 px bold: the label beside it keeps room for a word
                alignment=ft.Alignment.CENTER,
            ),
            icon_action(ft.Icons.ADD, f"{label} plus one", plus, key=f"{key}-plus", tally=True),
        ],
        key=f"{key}-row",
    )


def form_stepper(form: Form, name: str, label: str, *, key: str, low: int = 0, high: int = 99) -> ft.Control:
    """A stepper over a value of a form (nothing is sent until the form's button)."""
    return stepper(
        label,
        "not set" if form[name] is None else str(form[name]),
        lambda: form.bump(name, -1, low, high),
        lambda: form.bump(name, 1, low, high),
        key=key,
    )


def send_button(
    model: AppModel,
    label: str,
    action: Action,
    *,
    key: str,
    icon: ft.IconData | None = None,
    primary: bool = False,
    blocked: Sequence[Violation] = (),
) -> ft.Control:
    """A button that sends one action as it is: most of a game's entries are this, disabled with the kit's
    reason while the action is closed (`blocked`, from the game's `queries.blocked`)."""
    return action_button(
        label, partial(model.dispatch, action), key=key, icon=icon, primary=primary, blocked=blocked
    )


def toggle(label: str, on: bool, flip: Callable[[], Any], *, key: str) -> ft.Control:
    """A big button that shows its state by being filled: easier to hit than a checkbox."""
    return action_button(label, flip, key=key, primary=on, icon=ft.Icons.CHECK if on else None)


def rule_link(model: AppModel, rule: str, *, key: str, text: str | None = None) -> ft.Control:
    if not model.reference.exists(rule):
        return ft.Container()
    return widgets.rule_link(text or model.reference.get(rule).title, lambda: model.show_rule(rule), key=key)
