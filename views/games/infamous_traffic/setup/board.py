"""The China board at set-up: a saved `infamous-traffic.board` pack picked (or one imported from a file,
pasted or fetched), the demand dice in the box counted once (remembered for the next game), and what the
table drew itself, folded away: left empty, Lantern draws it."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from typing import Any

import flet as ft

from trackers.core.errors import Violation
from trackers.core.packs import Pack
from trackers.infamous_traffic.actions import UseBoard
from trackers.infamous_traffic.state import (
    CONSPIRACY,
    EVENT_NAMES,
    EVENT_TILES,
    STARTING_BAG,
    InfamousTrafficState,
)
from trackers.services.storage import StorageError
from views.forms import Form, form_stepper, rule_link, toggle
from views.games.infamous_traffic.board_editor.editor import BoardEditor
from views.games.infamous_traffic.parts import DIE, hint, name, sequence_row
from views.model import AppModel, Notice
from views.widgets import Entry, action_button, card, chip_row, choice_buttons, heading, keyed, tagged

KIND = "infamous-traffic.board"
DICE_SETTING = "infamous-traffic.demand_dice"
FATE = [(k, EVENT_NAMES[k]) for k, n in EVENT_TILES.items() if n > STARTING_BAG.get(k, 0)]
"""The tiles outside the starting event bag: the Fate of China shows two of them."""
BOWL_TILES = [(k, name(k)) for k in CONSPIRACY]
EMPTY: dict[str, Any] = {"canton": (), "pool": (), "fate": (), "bowls": ()}
"""What the table drew itself: nothing entered lets Lantern draw."""


def _remembered_dice(model: AppModel) -> int | None:
    try:
        text = model.store.get_setting(DICE_SETTING, "")
    except (StorageError, sqlite3.Error):
        return None
    return int(text) if text.isdigit() else None


def _remember_dice(model: AppModel, dice: int) -> None:
    try:
        model.store.set_setting(DICE_SETTING, str(dice))
    except (StorageError, sqlite3.Error) as exc:
        model.show_notice(Notice(f"Entered, but not remembered for the next game: {exc}", kind="error"))


def pack_text(data: Mapping[str, Any]) -> str:
    """What a saved board holds, and what it leaves to the table."""
    regions, chains = data.get("regions") or [], data.get("chains") or []
    spaces = (data.get("outrage") or {}).get("spaces", "?")
    debt = (
        "a debt track" if data.get("debt") else "no debt track (the table enters compounding and penalties)"
    )
    limits = "tile limits" if data.get("tile_limits") else "no tile limits (the table returns tiles)"
    return f"{len(regions)} regions, {len(chains)} chains, outrage track of {spaces}; {debt}; {limits}."


def bowl_groups(tiles: tuple[str, ...], of_two: bool) -> str:
    sizes = (2, 2, 1, 1, 1, 1) if of_two else (1,) * 6
    out, at = [], 0
    for i, n in enumerate(sizes):
        if at < len(tiles):
            out.append(f"bowl {i + 1}: {', '.join(name(t) for t in tiles[at : at + n])}")
        at += n
    return "; ".join(out)


def _action(layout: str, v: Mapping[str, Any]) -> UseBoard:
    return UseBoard(
        layout,
        int(v["dice"]),
        tuple(int(f) for f in v["canton"]),
        tuple(int(f) for f in v["pool"]),
        tuple(v["fate"]),
        tuple(v["bowls"]),
    )


@ft.component
def BoardForm(model: AppModel, state: InfamousTrafficState) -> ft.Control:
    form = Form({"pack": None, "dice": _remembered_dice(model), "table": False, **EMPTY})
    paste = Entry()
    url = Entry()
    saved = model.packs(KIND)
    names = [p.name for p in saved]
    picked = form["pack"] if form["pack"] in names else (names[0] if len(names) == 1 else None)
    bowls = 8 if state.settings.bowls_of_two else 6

    def chosen() -> Pack | None:
        now = form.now("pack")
        return next((p for p in saved if p.name == now), saved[0] if len(saved) == 1 else None)

    def use() -> None:
        pack, values = chosen(), form.latest.value
        if pack is None or values["dice"] is None:
            return
        if model.dispatch(_action(json.dumps(dict(pack.data)), values)):
            _remember_dice(model, int(values["dice"]))

    def paste_in() -> None:
        text = paste.value.strip()
        try:
            data = json.loads(text)
        except ValueError:
            model.refuse(
                "The pasted text is not JSON: paste a whole board pack.", "infamous-traffic/setup/board"
            )
            return
        if isinstance(data, dict) and "format" in data:
            pack = model.import_pack(text, KIND)
        elif isinstance(data, dict):
            pack = Pack(KIND, str(data.get("name") or "Pasted board")[:80], 1, data)
            pack = pack if model.save_pack(pack, replace=True) else None
        else:
            model.refuse("A board pack is a JSON object.", "infamous-traffic/setup/board")
            return
        if pack is not None:
            form.put("pack", pack.name)
            paste.clear()

    def fetch() -> None:
        if (pack := model.fetch_pack(url.value, KIND)) is not None:
            form.put("pack", pack.name)

    async def import_file() -> None:
        try:
            files = await ft.FilePicker().pick_files(allowed_extensions=["json"], with_data=True)
        except Exception as exc:  # the platform's file dialog can fail in many ways; say so
            model.show_notice(Notice(f"Could not open the file: {exc}", kind="error"))
            return
        if files and files[0].bytes is not None and (pack := model.import_pack(files[0].bytes, KIND)):
            form.put("pack", pack.name)

    pack = next((p for p in saved if p.name == picked), None)
    reasons: list[Violation]
    if pack is None:
        reasons = hint("Pick a saved China board, or import one.")
    elif form["dice"] is None:
        reasons = hint("Count the demand dice in the box.")
    else:
        reasons = model.check(_action(json.dumps(dict(pack.data)), form.latest.shown))
    table: list[ft.Control] = []
    if form["table"]:
        table = [
            sequence_row(form, "canton", "Canton's demand dice", DIE, 2, key="it-board-canton"),
            sequence_row(form, "pool", "The Opportunity Pool", DIE, 5, key="it-board-pool"),
            sequence_row(form, "fate", "Fate of China, left then right", FATE, 2, key="it-board-fate"),
            sequence_row(
                form, "bowls", "The bowls' tiles, bowl 1 first", BOWL_TILES, bowls, key="it-board-bowls"
            ),
            tagged("it-board-bowl-groups", ft.Text(bowl_groups(tuple(form["bowls"]), bowls == 8), size=13)),
        ]
    return card(
        heading("The China board"),
        ft.Text("The rulebook does not print the board: it comes from a board pack entered once."),
        choice_buttons([(n, n) for n in names], picked, lambda n: form.put("pack", n), key="it-board-pack")
        if saved
        else ft.Text("No saved China board yet: import one."),
        tagged("it-board-about", ft.Text(pack_text(pack.data) if pack else "", size=13)),
        ft.Row(
            [
                action_button(
                    "Import a board file", import_file, key="it-board-import", icon=ft.Icons.UPLOAD_FILE
                ),
                url.field("https:// address of a board", key="it-board-url", width=240),
                action_button("Fetch", fetch, key="it-board-fetch"),
            ],
            wrap=True,
        ),
        paste.field("Or paste a board pack's JSON", key="it-board-paste", multiline=True, max_lines=4),
        action_button("Import the pasted board", paste_in, key="it-board-paste-import"),
        keyed("it-board-editor-part", BoardEditor, model, lambda pack: form.put("pack", pack.name)),
        rule_link(model, "infamous-traffic/setup/board", key="it-rule-board"),
        heading("Count once"),
        form_stepper(form, "dice", "Demand dice in the box", key="it-board-dice", low=2, high=60),
        chip_row(
            [("10", "+10"), ("5", "+5"), ("-5", "-5")],
            None,
            lambda n: form.put("dice", max(2, min(60, (form.now("dice") or 0) + int(n)))),
            key="it-board-dice-quick",
        ),
        toggle(
            "Entered at the table (empty: Lantern draws)",
            bool(form["table"]),
            lambda: form.put("table", not form.now("table")),
            key="it-board-table",
        ),
        *table,
        action_button(
            "Use this board", use, key="it-use-board", primary=True, icon=ft.Icons.CHECK, blocked=reasons
        ),
        rule_link(model, "infamous-traffic/setup", key="it-rule-setup"),
        key="it-board-card",
    )
