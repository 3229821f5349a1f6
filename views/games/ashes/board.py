"""ASHES: the main board as Lantern tracks it, so the table can check it against the pieces: each area's
survivors and the vehicles standing there, sector by sector."""

from __future__ import annotations

import flet as ft

from trackers.ashes.state import ACTIVE, ESSENTIAL, RIVAL, Area, AshesState
from views.forms import rule_link
from views.model import AppModel
from views.widgets import card, heading, tagged


def vehicles_in(state: AshesState, area: str) -> list[str]:
    """Whose vehicles stand in `area` (the rival's too)."""
    owners = [s.name for s in state.seats if s.vehicle == area]
    return owners + ([RIVAL] if state.solo and state.rival_vehicle == area else [])


def area_line(state: AshesState, area: Area) -> str:
    people = area.survivors
    held = (
        f"{people.count(ACTIVE)} active, {people.count(ESSENTIAL)} essential"
        if people.total
        else "no survivors"
    )
    icon = ", bag icon" if area.bag_icon else ""
    who = vehicles_in(state, area.name)
    there = f"; vehicles: {', '.join(who)}" if who else ""
    return f"{area.name}{icon}: {held}{there}"


@ft.component
def BoardScreen(model: AppModel, state: AshesState) -> ft.Control:
    board = state.board
    if board is None:
        return card(ft.Text("Enter the board in the set-up first."), key="board-screen")
    controls: list[ft.Control] = [heading(f"Board: {board.name}")]
    at_shelter = vehicles_in(state, board.shelter)
    if state.solo and not state.rival_vehicle:
        at_shelter.append(RIVAL)
    controls.append(ft.Text(f"{board.shelter}: vehicles {', '.join(at_shelter) or 'none'}"))
    for sector in sorted({a.sector for a in state.areas}):
        controls.append(ft.Text(f"Sector {sector}", weight=ft.FontWeight.BOLD))
        controls += [
            tagged(f"area-{a.name}", ft.Text(area_line(state, a))) for a in state.areas if a.sector == sector
        ]
    controls.append(rule_link(model, "ashes/tracking", key="board-screen-rule"))
    return card(*controls, key="board-screen")
