"""The refusal bar: why an entry was refused, pinned above the navigation bar where the player is looking.

It stays until dismissed or until the next entry, carries a link to the rule the entry breaks, and is
a live region, so a screen reader reads each new message out when it appears. The same refusal again (a
refused tap tried twice) is said again: the title counts it and the message is a new node, read out anew.
"""

from __future__ import annotations

import flet as ft

from views.model import AppModel, Notices
from views.widgets import icon_action, rule_link, tagged

LOOKS = {
    "refusal": (ft.Icons.BLOCK, "Refused", ft.Colors.ERROR_CONTAINER, ft.Colors.ON_ERROR_CONTAINER),
    "error": (ft.Icons.ERROR_OUTLINE, "Problem", ft.Colors.ERROR_CONTAINER, ft.Colors.ON_ERROR_CONTAINER),
    "info": (ft.Icons.INFO_OUTLINE, "Done", ft.Colors.SECONDARY_CONTAINER, ft.Colors.ON_SECONDARY_CONTAINER),
}


@ft.component
def NoticeBar(model: AppModel, notices: Notices) -> ft.Control:
    """Given `notices` (model.notices), it re-renders when a notice comes or goes, and nothing else does."""
    notice = notices.notice
    if notice is None:
        return ft.Container(height=0, key="no-notice")
    icon, title, background, ink = LOOKS.get(notice.kind, LOOKS["error"])
    if notices.times > 1:
        title = f"{title} again ({notices.times}×)"
    actions: list[ft.Control] = []
    if notice.rule:
        rule = notice.rule
        actions.append(rule_link("Rule", lambda: model.show_rule(rule), key="notice-rule"))
    actions.append(icon_action(ft.Icons.CLOSE, "Dismiss", model.dismiss, key="notice-dismiss"))
    return ft.Container(
        key="notice",
        bgcolor=background,
        border_radius=12,
        padding=ft.Padding.only(left=12, top=4, right=4, bottom=4),
        margin=ft.Margin.only(left=8, right=8, bottom=8),
        shadow=ft.BoxShadow(blur_radius=8, color=ft.Colors.with_opacity(0.3, ft.Colors.SHADOW)),
        content=ft.Row(
            [
                ft.Icon(icon, color=ink),
                ft.Column(
                    [
                        tagged("notice-title", ft.Text(title, weight=ft.FontWeight.BOLD, color=ink)),
                        ft.Semantics(
                            key=f"notice-message-{notices.times}",  # said again: a new node
                            identifier="notice-message",
                            live_region=True,
                            content=ft.Text(notice.message, color=ink),
                        ),
                    ],
                    spacing=2,
                    expand=True,
                ),
                *actions,
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    )
