"""The header's company line: whom this screen plays in the open game, who else is on it, and the seat picker.

It shows only where there can be company (another screen on the game, a server open to the network, a
visiting device), so a phone playing alone keeps its whole screen for the game.
"""

from __future__ import annotations

from collections import Counter
from functools import partial

import flet as ft

from views.model import AppModel, Presence
from views.widgets import action_button, tagged

WHOLE_TABLE = "the whole table"


def _who(seat: str | None) -> str:
    return WHOLE_TABLE if seat is None else seat


def company_line(presence: Presence) -> str:
    """ "You play Ann. Also on this game: Bob, the whole table (2 screens)." A player reads it at once."""
    you = f"You play {_who(presence.seat)}."
    if not presence.others:
        return f"{you} No other screen is on this game."
    counts = Counter(_who(seat) for seat in presence.others)
    names = [name if n == 1 else f"{name} ({n} screens)" for name, n in counts.items()]
    return f"{you} Also on this game: {', '.join(names)}."


@ft.component
def Company(model: AppModel, presence: Presence) -> ft.Control:
    picking, set_picking = ft.use_state(False)
    on_network = model.listening is not None and model.listening.on_network
    if model.game is None or not (presence.others or model.visitor or on_network):
        return ft.Container()

    def pick(seat: str | None) -> None:
        model.take_seat(seat)
        set_picking(False)

    rows: list[ft.Control] = [
        ft.Row(
            [
                ft.Container(tagged("company", ft.Text(company_line(presence))), expand=True),
                action_button("Play as…", lambda: set_picking(not picking), key="seat-pick"),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
    ]
    if picking:
        players = model.game.session.setup.players
        choices = [
            action_button("Whole table", lambda: pick(None), key="seat-table", primary=presence.seat is None),
            *(
                action_button(name, partial(pick, name), key=f"seat-{i}", primary=presence.seat == name)
                for i, name in enumerate(players)
            ),
        ]
        rows.append(tagged("seat-choices", ft.Row(choices, wrap=True, key="seat-choices")))
    return ft.Container(ft.Column(rows, spacing=4, tight=True), padding=ft.Padding.symmetric(horizontal=12))
