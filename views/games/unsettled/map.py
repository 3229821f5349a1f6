"""The Scarab drawn as its grid of cards: walls as thick red sides, LUNA, explorers, power and traps."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from trackers.unsettled.queries import edge
from trackers.unsettled.state import GRID_COLUMNS, GRID_ROWS, LAUNDRY_CHUTE, UnsettledState

SHORT = {
    "Crew Quarters": "Crew",
    "Medical Bay": "Medical",
    "Upper Corridor": "Corridor",
    "Engine Control": "Engine",
    "Navigation": "Nav",
    "Research Center": "Research",
    "Workshop": "Workshop",
    "Laboratory": "Lab",
    "Organic Stowage": "Organic",
    "Inorganic Stowage": "Inorganic",
    "Outside Front": "Out front",
    "Outside Rear": "Out rear",
}
CELL = 50
"""Six cells and their gaps fit a 360 px phone (312 px inside a card); still above the 48 px touch minimum."""


def initials(name: str) -> str:
    """'Player 1' -> 'P1', 'Ann' -> 'An': short enough for a map cell."""
    words = name.split()
    return "".join(w[0] for w in words)[:3] if len(words) > 1 else name[:2]


def _side(state: UnsettledState, node: str | None, col: int, row: int) -> ft.BorderSide:
    other = state.scarab.node_at(col, row)
    if node is None or other is None:
        return ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)
    if edge(node, other) in state.scarab.barriers:
        return ft.BorderSide(5, ft.Colors.RED)
    blocks = state.graph.blockers(node, other)
    if blocks:
        return ft.BorderSide(2 + blocks, ft.Colors.ORANGE_800)
    return ft.BorderSide(1, ft.Colors.OUTLINE)


def _cell(
    state: UnsettledState,
    col: int,
    row: int,
    selected: str | None,
    on_tap: Callable[[int, int, str | None], None],
) -> ft.Control:
    node = state.scarab.node_at(col, row)
    lines: list[ft.Control] = []
    label = "empty cell"
    bg = None
    if node is not None:
        powered = node in state.powered
        bg = ft.Colors.AMBER_100 if powered else ft.Colors.BLUE_GREY_100
        if node == selected:
            bg = ft.Colors.PRIMARY_CONTAINER
        short = ft.Text(SHORT[node], size=11, weight=ft.FontWeight.BOLD, color=ft.Colors.BLACK)
        lines.append(ft.Semantics(exclude_semantics=True, content=short))  # the label says the full name
        marks = []
        if state.luna == node:
            lines.append(ft.Text("LUNA", size=11, weight=ft.FontWeight.BOLD, color=ft.Colors.RED_900))
        marks = [initials(e.name) for e in state.explorers_at(node)]
        if state.traps_at(node):
            marks.append(f"T{len(state.traps_at(node))}")
        if marks:
            lines.append(ft.Text(" ".join(marks), size=11, color=ft.Colors.BLACK))
        label = node + (", powered" if powered else "") + (", LUNA here" if state.luna == node else "")
    border = ft.Border(
        left=_side(state, node, col - 1, row),
        right=_side(state, node, col + 1, row),
        top=_side(state, node, col, row - 1),
        bottom=_side(state, node, col, row + 1),
    )
    cell = ft.Semantics(
        identifier=f"cell-{col}-{row}",
        label=label,
        button=True,
        content=ft.Container(
            ft.Column(lines, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True),
            key=f"cell-{col}-{row}",
            width=CELL,
            height=CELL,
            bgcolor=bg,
            border=border,
            border_radius=4,
            alignment=ft.Alignment.CENTER,
            on_click=lambda _: on_tap(col, row, node),
        ),
    )
    return ft.MergeSemantics(cell)  # one node: its label, its tap, the marks in it; no control inside it


def scarab_grid(
    state: UnsettledState,
    on_tap: Callable[[int, int, str | None], None],
    *,
    selected: str | None = None,
    full: bool = False,
) -> ft.Control:
    """The map; `full` shows every grid cell (for editing), else only the rows and columns in use."""
    cols = range(GRID_COLUMNS)
    rows = range(GRID_ROWS)
    if not full and state.scarab.cells:
        used_c = [c for _, c, _ in state.scarab.cells]
        used_r = [r for _, _, r in state.scarab.cells]
        cols = range(min(used_c), max(used_c) + 1)
        rows = range(min(used_r), max(used_r) + 1)
    return ft.Column(
        [ft.Row([_cell(state, c, r, selected, on_tap) for c in cols], spacing=2) for r in rows],
        spacing=2,
        key="scarab-grid",
    )


def obstacle_lines(state: UnsettledState) -> list[str]:
    lines = [
        f"{SHORT[a]}–{SHORT[b]}: {n} obstacle{'s' if n > 1 else ''}"
        for (a, b), n in state.graph.blocker_counts
    ]
    for a, b in state.scarab.links:
        shut = state.graph.has_barrier(a, b)
        closed = " (closed until Organic Stowage has power)" if shut else ""
        if (a, b) == LAUNDRY_CHUTE and state.edition >= 2:
            lines.append(f"Laundry chute: up only, from {SHORT[b]} to {SHORT[a]}{closed}")
        else:
            lines.append(f"Link {SHORT[a]} – {SHORT[b]}{closed}")
    return lines
