"""Unsettled: Blackout before play: lay out the Scarab, keep maps as packs, and place everyone."""

from __future__ import annotations

from functools import partial
from typing import cast

import flet as ft

from trackers.core.packs import Pack
from trackers.unsettled import actions as ua
from trackers.unsettled.queries import edge, map_from_json
from trackers.unsettled.state import OUTSIDE, UnsettledState
from views.forms import send_button
from views.games.unsettled.map import SHORT, obstacle_lines, scarab_grid
from views.model import AppModel
from views.packs import PackTransfer, save_pack_file
from views.widgets import Entry, action_button, card, choice_buttons, choice_row, heading, tagged

MAP_KIND = "unsettled.map"


@ft.component
def MapPacks(model: AppModel, state: UnsettledState) -> ft.Control:
    name = Entry()
    saved = model.packs(MAP_KIND)

    def load(pack_name: str) -> None:
        pack = next(p for p in saved if p.name == pack_name)
        scarab = map_from_json(pack.data)
        model.dispatch(ua.LoadMap(pack.name, scarab.cells, scarab.barriers, scarab.links))

    def save() -> None:
        chosen = name.value.strip() or state.scarab.name
        if model.save_pack(Pack(MAP_KIND, chosen, 1, {**state.scarab.to_json(), "name": chosen})):
            name.clear()

    async def export() -> None:
        await save_pack_file(Pack(MAP_KIND, state.scarab.name, 1, state.scarab.to_json()))

    return card(
        heading("Saved maps"),
        choice_row("Load a saved map:", [(p.name, p.name) for p in saved], None, load, key="load-map")
        if saved
        else ft.Text("No saved maps yet."),
        ft.Row(
            [
                name.field("Save as", key="map-name", width=200),
                action_button("Save map", save, key="save-map"),
            ],
            wrap=True,
        ),
        action_button("Export this map to a file", export, key="export-map", icon=ft.Icons.DOWNLOAD),
        PackTransfer(model, MAP_KIND, prefix="map", noun="map", export_saved=False),
    )


@ft.component
def MapEditor(model: AppModel, state: UnsettledState) -> ft.Control:
    selected, set_selected = ft.use_state(cast("str | None", None))
    scarab = state.scarab

    def tap(col: int, row: int, node: str | None) -> None:
        if node is not None:
            set_selected(None if node == selected else node)
        elif selected is not None and model.dispatch(ua.PlaceCard(selected, col, row)):
            set_selected(None)

    tools: list[ft.Control] = []
    if selected is not None and scarab.position(selected) is not None:
        grid_edges = scarab.grid_edges()
        neighbours = sorted(b if a == selected else a for a, b in grid_edges if selected in (a, b))
        far = [n for n, _, _ in scarab.cells if n != selected and n not in neighbours]
        tools = [
            tagged("map-selected", ft.Text(f"{selected}: tap an empty cell to move it.")),
            ft.Row(
                [
                    *[
                        action_button(
                            f"Wall to {SHORT[other]}",
                            partial(model.dispatch, ua.ToggleBarrier(selected, other)),
                            key=f"wall-{other}",
                        )
                        for other in neighbours
                    ],
                    choice_row(
                        "Link to (or unlink):",
                        [(n, SHORT[n]) for n in sorted(far)],
                        None,
                        lambda other: model.dispatch(ua.ToggleLink(selected, other)),
                        key="link-to",
                    ),
                    action_button(
                        "Take off map", lambda: model.dispatch(ua.RemoveCard(selected)), key="remove-card"
                    ),
                ],
                wrap=True,
            ),
        ]
    elif selected is not None:
        tools = [tagged("map-selected", ft.Text(f"{selected}: tap an empty cell to place it."))]
    missing = scarab.missing()
    return ft.Column(
        [
            card(
                heading("Lay out the Scarab"),
                tagged("map-name-shown", ft.Text(scarab.name, italic=True)),
                ft.Text(
                    "Lay the map out as your cards lie on the table: tap a card, then an empty cell. "
                    "Walls show as thick red sides; links and obstacles are listed below the map."
                ),
                scarab_grid(state, tap, selected=selected, full=True),
                *[ft.Text(line, size=12) for line in obstacle_lines(state)],
                outside_link(model, state),
                *tools,
                ft.Row(
                    [
                        ft.OutlinedButton(
                            SHORT[n], key=f"unplaced-{n}", on_click=lambda _, n=n: set_selected(n)
                        )
                        for n in missing
                    ],
                    wrap=True,
                )
                if missing
                else ft.Container(),
                send_button(
                    model,
                    "Confirm map",
                    ua.ConfirmMap(),
                    key="confirm-map",
                    primary=True,
                    icon=ft.Icons.CHECK,
                ),
            ),
            MapPacks(model, state),
        ],
        spacing=12,
    )


def outside_link(model: AppModel, state: UnsettledState) -> ft.Control:
    """Whether this map joins Outside Front and Outside Rear, said in so many words, and a tap to change it:
    the printed cards' tabs suggest they lead to each other, and the example layout leaves them apart."""
    front, rear = OUTSIDE
    scarab = state.scarab
    if scarab.position(front) is None or scarab.position(rear) is None:
        return ft.Container()
    if edge(front, rear) in scarab.grid_edges():
        return tagged("outside-link", ft.Text(f"{front} and {rear} touch on this map: they are connected."))
    joined = edge(front, rear) in scarab.links
    if joined:
        said = f"{front} and {rear} are connected on this map, by a link."
        label = "Separate them"
    else:
        said = (
            f"{front} and {rear} are not connected on this map. Their tabs (TO OUTSIDE FRONT, "
            "TO OUTSIDE REAR) suggest each leads round to the other: if your table reads them so, join them."
        )
        label = f"Join {SHORT[front]} and {SHORT[rear]}"
    return ft.Column(
        [
            tagged("outside-link", ft.Text(said)),
            action_button(
                label, lambda: model.dispatch(ua.ToggleLink(front, rear)), key="outside-link-toggle"
            ),
        ],
        spacing=4,
    )


@ft.component
def SetupPanel(model: AppModel, state: UnsettledState) -> ft.Control:
    pieces = [e.name for e in state.explorers] + ["LUNA"]
    placing, set_placing = ft.use_state(pieces[0])

    def tap(col: int, row: int, node: str | None) -> None:
        if node is None:
            return
        if placing == "LUNA":
            model.dispatch(ua.PlaceLuna(node))
        else:
            model.dispatch(ua.PlaceExplorer(placing, node))

    where = [f"{e.name}: {e.node or '—'}" for e in state.explorers] + [f"LUNA: {state.luna or '—'}"]
    return card(
        heading("Starting places"),
        ft.Text("Choose a piece, then tap its node."),
        choice_buttons([(p, p) for p in pieces], placing, set_placing, key="placing"),
        scarab_grid(state, tap),
        tagged("placed", ft.Text(" · ".join(where))),
        send_button(model, "Begin", ua.BeginPlay(), key="begin-play", primary=True, icon=ft.Icons.PLAY_ARROW),
    )
