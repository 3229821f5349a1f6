"""History: every entry of the open game, newest first, with Undo and Redo one tap away."""

from __future__ import annotations

import flet as ft

from views.model import AppModel
from views.widgets import action_button, card, heading, tagged


@ft.component
def History(model: AppModel) -> ft.Control:
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    session = model.game.session
    lines: list[ft.Control] = []
    for index, entry in reversed(list(enumerate(session.history, start=1))):
        outcome = "; ".join(e.text for e in entry.events if e.text)
        lines.append(
            ft.ListTile(
                key=f"history-{index}",
                dense=True,
                leading=ft.Text(str(index), weight=ft.FontWeight.BOLD),
                title=ft.Text(entry.text),
                subtitle=ft.Text(outcome) if outcome and outcome != entry.text else None,
            )
        )
    redo_count = len(session.entries) - session.cursor
    return card(
        ft.Row(
            [
                heading("History"),
                tagged(
                    "history-count", ft.Text(f"{session.cursor} entr{'y' if session.cursor == 1 else 'ies'}")
                ),
            ],
            alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
        ),
        ft.Row(
            [
                action_button(
                    "Undo", model.undo, key="history-undo", icon=ft.Icons.UNDO, disabled=not session.can_undo
                ),
                action_button(
                    f"Redo ({redo_count})" if redo_count else "Redo",
                    model.redo,
                    key="history-redo",
                    icon=ft.Icons.REDO,
                    disabled=not session.can_redo,
                ),
            ]
        ),
        *(lines or [ft.Text("Nothing entered yet.")]),
        key="history",
    )
