"""The small pieces every ASHES screen shares: a form's values, a stepper row, a toggle, a link to a rule,
the areas of the board as buttons, and engine text made safe for an offline font."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from trackers.ashes import actions as aa
from trackers.ashes.queries import vp_display
from trackers.ashes.state import AshesState
from views import widgets
from views.model import AppModel
from views.widgets import Latest, action_button, icon_action, tagged

KINDS = ("active", "essential")
ROW_NAMES: tuple[tuple[aa.RowName, str], ...] = (
    ("dark_blue", "Dark blue"),
    ("light_blue", "Light blue"),
    ("pink", "Pink"),
)
ROMAN = {1: "I", 2: "II", 3: "III"}
COUNTED: tuple[tuple[aa.Counted, str], ...] = (
    ("vp", "VP"),
    ("happiness", "Happiness"),
    ("fuel", "Fuel"),
    ("data", "Data"),
    ("antirad", "Antirad"),
    ("strength", "Strength"),
)
PRODUCED: tuple[aa.Produced, ...] = ("fuel", "data", "strength")
FAMILIES: tuple[aa.Family, ...] = ("activation", "stacking", "storage", "vehicle", "colony scoring", "scout")
COLONY_AREAS: tuple[aa.ColonyAreaName, ...] = (
    "column 1",
    "column 2",
    "column 3",
    "column 4",
    "materials",
    "survivors",
)
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


def stepper(
    label: str, shown: str, minus: Callable[[], Any], plus: Callable[[], Any], *, key: str
) -> ft.Control:
    """A value with - and + beside it: the one-tap change a player makes with a piece in the other hand."""
    return ft.Row(
        [
            ft.Text(label, expand=True, size=16),
            icon_action(ft.Icons.REMOVE, f"{label} minus one", minus, key=f"{key}-minus"),
            ft.Container(
                tagged(key, ft.Text(shown, size=20, weight=ft.FontWeight.BOLD)),
                width=88,  # "not set" in 20 px bold: the label beside it keeps room for a word
                alignment=ft.Alignment.CENTER,
            ),
            icon_action(ft.Icons.ADD, f"{label} plus one", plus, key=f"{key}-plus"),
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


def toggle(label: str, on: bool, flip: Callable[[], Any], *, key: str) -> ft.Control:
    """A big button that shows its state by being filled: easier to hit than a checkbox."""
    return action_button(label, flip, key=key, primary=on, icon=ft.Icons.CHECK if on else None)


def rule_link(model: AppModel, rule: str, *, key: str, text: str | None = None) -> ft.Control:
    if not model.reference.exists(rule):
        return ft.Container()
    return widgets.rule_link(text or model.reference.get(rule).title, lambda: model.show_rule(rule), key=key)


def vp_text(vp: int) -> str:
    lap, _ = vp_display(vp)
    return f"{vp} (lap +{lap})" if lap else str(vp)


def areas_by_sector(
    state: AshesState,
    pick: Callable[[str], Any],
    selected: str | None,
    *,
    key: str,
    with_shelter: bool = False,
) -> ft.Control:
    """Every area as a button, a row per sector, showing who is there: the board in the palm of a hand."""
    rows: list[ft.Control] = []
    if with_shelter and state.board is not None:
        shelter = state.board.shelter
        rows.append(
            ft.Row([action_button(shelter, lambda: pick(shelter), key=f"{key}-{shelter}")], wrap=True)
        )
    for sector in sorted({a.sector for a in state.areas}):
        buttons: list[ft.Control] = [ft.Text(f"Sector {sector}", width=70)]
        for area in (a for a in state.areas if a.sector == sector):
            people = area.survivors.total
            label = f"{area.name} ({people})" if people else area.name
            buttons.append(
                action_button(
                    label,
                    lambda n=area.name: pick(n),
                    key=f"{key}-{area.name}",
                    primary=area.name == selected,
                )
            )
        rows.append(ft.Row(buttons, wrap=True))
    return ft.Column(rows, spacing=4, key=key)
