"""Settings: the theme, where games are stored, and what this build is."""

from __future__ import annotations

from typing import Any

import flet as ft

from trackers.core.registry import games
from views.model import THEMES, AppModel
from views.widgets import card, heading, tagged

VERSION = "0.1.0"


@ft.component
def Settings(model: AppModel) -> ft.Control:
    def on_theme(e: ft.Event[Any]) -> None:
        chosen = e.control.selected
        if chosen:
            model.set_theme(next(iter(chosen)))

    return ft.Column(
        [
            card(
                heading("Theme"),
                ft.SegmentedButton(
                    key="theme",
                    selected=[model.theme],
                    allow_empty_selection=False,
                    allow_multiple_selection=False,
                    segments=[ft.Segment(value=t, label=ft.Text(t.capitalize())) for t in THEMES],
                    on_change=on_theme,
                ),
                tagged("theme-current", ft.Text(f"Theme: {model.theme}")),
            ),
            card(
                heading("Your data"),
                ft.Text("Games are saved on this device, entry by entry, in:"),
                tagged("data-path", ft.Text(str(model.store.path), selectable=True, size=12)),
            ),
            card(
                heading("About"),
                ft.Text(f"Lantern {VERSION}: a companion for the board game on your table."),
                ft.Text("Games: " + ", ".join(g.title for g in games())),
                ft.Text(
                    "Works offline. The rules reference is written in our own words; "
                    "the printed rulebook is the final word."
                ),
            ),
        ],
        spacing=12,
    )
