"""The outrage track: where the marker stands, the red spaces with their war strength and the arrows, a strip
of the spaces at a glance, and what the end of the decade would do from here."""

from __future__ import annotations

import flet as ft

from trackers.infamous_traffic import queries
from trackers.infamous_traffic.state import InfamousTrafficState
from views.forms import rule_link
from views.model import AppModel
from views.widgets import card, heading, line

BOX = 26
"""A space of the strip: read, never tapped, so smaller than a touch target; twelve fit in a phone's card."""


def decade_end_text(state: InfamousTrafficState) -> str:
    """What the Opium War step would make of the marker where it stands: an arrow first, then a red space."""
    at, strength = queries.war_outlook(state)
    steps = [f"the arrow moves outrage back to {at}"] if at != state.outrage else []
    steps.append(f"a war of strength {strength} breaks out" if strength else "no war (not a red space)")
    return "If the decade ended now: " + ", then ".join(steps) + "."


def track_text(state: InfamousTrafficState) -> tuple[str, str]:
    assert state.board is not None
    track = state.board.outrage
    where = f"Outrage {state.outrage} of {track.last}. At {track.last - 1} or more the decade ends at once."
    red = ", ".join(f"{at} (strength {n})" for at, n in track.red) or "none"
    arrows = ", ".join(str(a) for a in track.arrows) or "none"
    return where, f"Red spaces: {red}. Arrows back: {arrows}."


def _strip(state: InfamousTrafficState) -> ft.Control:
    assert state.board is not None
    track = state.board.outrage
    red = dict(track.red)
    boxes: list[ft.Control] = []
    for at in range(track.spaces):
        here = at == state.outrage
        fill = ft.Colors.PRIMARY if here else ft.Colors.ERROR_CONTAINER if at in red else None
        ink = ft.Colors.ON_PRIMARY if here else ft.Colors.ON_ERROR_CONTAINER if at in red else None
        mark = f"<{at}" if at in track.arrows else str(at)
        boxes.append(
            ft.Container(
                ft.Text(mark, size=10, color=ink, weight=ft.FontWeight.BOLD if here else None),
                width=BOX,
                height=BOX,
                bgcolor=fill,
                border=ft.Border.all(1, ft.Colors.OUTLINE),
                border_radius=4,
                alignment=ft.Alignment.CENTER,
            )
        )
    # The lines above say all of it in words; a screen reader skips the strip.
    return ft.Semantics(exclude_semantics=True, content=ft.Row(boxes, wrap=True, spacing=2, run_spacing=2))


def outrage_card(model: AppModel, state: InfamousTrafficState) -> ft.Control:
    where, spaces = track_text(state)
    return card(
        heading("Outrage"),
        line("it-outrage", where),
        _strip(state),
        line("it-outrage-spaces", spaces),
        line("it-outrage-end", decade_end_text(state)),
        rule_link(model, "infamous-traffic/disruption", key="it-rule-outrage"),
        key="it-outrage-card",
    )
