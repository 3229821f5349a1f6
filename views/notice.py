"""The refusal banner: why an entry was refused, with a button to the rule it breaks."""

from __future__ import annotations

import flet as ft

from views.model import AppModel
from views.widgets import action_button, tagged


@ft.component
def NoticeBanner(model: AppModel) -> ft.Control:
    notice = model.notice
    if notice is None:
        return ft.Container(height=0)
    refusal = notice.kind == "refusal"
    if notice.kind == "info":
        return ft.Container(
            tagged("notice-message", ft.Text(notice.message)),
            key="notice",
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border_radius=12,
            padding=12,
            on_click=lambda _: model.dismiss(),
        )
    buttons: list[ft.Control] = []
    if notice.rule:
        rule = notice.rule
        buttons.append(
            action_button("Rule", lambda: model.show_rule(rule), key="notice-rule", icon=ft.Icons.MENU_BOOK)
        )
    buttons.append(action_button("Dismiss", model.dismiss, key="notice-dismiss"))
    return ft.Container(
        key="notice",
        bgcolor=ft.Colors.ERROR_CONTAINER,
        border_radius=12,
        padding=12,
        content=ft.Column(
            [
                ft.Row(
                    [
                        ft.Icon(ft.Icons.BLOCK if refusal else ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR),
                        ft.Text("Refused" if refusal else "Problem", weight=ft.FontWeight.BOLD),
                    ]
                ),
                tagged("notice-message", ft.Text(notice.message, color=ft.Colors.ON_ERROR_CONTAINER)),
                ft.Row(buttons, wrap=True),
            ],
            spacing=6,
        ),
    )
