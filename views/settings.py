"""Settings: the theme, playing on several phones, where games are stored, and what this build is."""

from __future__ import annotations

import flet as ft

from trackers.core.registry import entries
from views.join import PhonesCard
from views.model import THEMES, AppModel
from views.widgets import card, choice_buttons, heading, tagged

VERSION = "0.1.0"


@ft.component
def Settings(model: AppModel) -> ft.Control:
    return ft.Column(
        [
            card(
                heading("Theme"),
                choice_buttons(
                    [(t, t.capitalize()) for t in THEMES], model.theme, model.set_theme, key="theme"
                ),
                tagged("theme-current", ft.Text(f"Theme: {model.theme}")),
            ),
            PhonesCard(model),
            card(
                heading("Your data"),
                ft.Text("Games are saved on this device, entry by entry, in:"),
                ft.SelectionArea(tagged("data-path", ft.Text(str(model.store.path), size=12))),
            ),
            card(
                heading("About"),
                ft.Text(f"Lantern {VERSION}: a companion for the board game on your table."),
                ft.Text("Games: " + ", ".join(g.title for g in entries())),
                ft.Text(
                    "Works offline. The rules reference is written in our own words; "
                    "the printed rulebook is the final word."
                ),
            ),
        ],
        spacing=12,
    )
