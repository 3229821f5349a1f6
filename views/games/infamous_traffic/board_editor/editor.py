"""The China board entered in the app from the physical board, once, then saved as an `infamous-traffic.board`
pack: its name, the regions with their chains, the outrage track and optionally the debt track and tile
limits. What is still wrong shows as it is entered (the pack validator's own problems, then what the set-up
needs), and Save waits with that reason; a board whose regions are not the rulebook's China saves on a second
tap, once the first has said how it differs. Folded until opened; the whole entry lives in one `Form`, so it
survives re-renders, folding and a trip to a rule (the set-up's link to the board pack's rule is
just below it)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import flet as ft

from trackers.core.errors import Violation
from trackers.core.packs import Pack
from trackers.infamous_traffic.actions import UseBoard
from trackers.infamous_traffic.queries import BOARD_PACK, rulebook_differences
from views.forms import Form, toggle
from views.games.infamous_traffic.board_editor.data import draft_values, pack_data, problems, start_values
from views.games.infamous_traffic.board_editor.regions import regions_part
from views.games.infamous_traffic.board_editor.tracks import optional_part, outrage_part
from views.games.infamous_traffic.parts import hint
from views.model import AppModel
from views.widgets import Entry, action_button, chip_row, heading, tagged

LONGEST_NAME = 80
SHOWN = 3
"""Problems listed at once: the first few, so the line stays short while a board is half entered."""
DICE = 30
"""A count of demand dice the box allows, for asking the set-up about the board alone."""
ENTERED = ("regions", "chains", "spaces", "red", "arrows", "debt_end", "compound", "penalty", "limits")
"""The editor's values that hold what was entered from the map (the rest say what is open or picked)."""
SETUP_CODE = "infamous-traffic.board"
"""The engine's refusal of a board the set-up cannot use (no Shanghai, a chain without a blank space)."""


def board_data(values: dict[str, Any], name: str) -> dict[str, Any]:
    return {"name": name, **pack_data(values)}


def still_wrong(model: AppModel, data: dict[str, Any]) -> list[str]:
    """The validator's problems with the board; when there are none, the set-up's own refusal of it."""
    if found := problems(data):
        return found
    refusals = model.check(UseBoard(json.dumps(data), DICE))
    return [v.message.rstrip(".") for v in refusals if v.code == SETUP_CODE]


def problems_text(found: list[str], data: dict[str, Any]) -> str:
    if not found:
        return f"Ready to save: {len(data['regions'])} regions, {len(data['chains'])} chains."
    more = f" (and {len(found) - SHOWN} more)" if len(found) > SHOWN else ""
    return "Still to enter: " + "; ".join(found[:SHOWN]) + more + "."


def save_reasons(name: str, found: list[str], taken: bool, replacing: bool) -> list[Violation]:
    if not name:
        return hint("Give the board a name.")
    if len(name) > LONGEST_NAME:
        return hint(f"A board's name is at most {LONGEST_NAME} characters.")
    if found:
        return hint(f"Not yet: {found[0]}.")
    if taken and not replacing:
        return hint(f"A saved board is already called {name}: change the name, or replace that board.")
    return []


def differing(data: dict[str, Any]) -> tuple[str, ...] | None:
    """The regions of a board that differ from the rulebook's China (None if they agree): Save asks about
    them once, and asks again when they change."""
    return tuple(r["name"] for r in data["regions"]) if rulebook_differences(data) else None


def ask_text(data: dict[str, Any]) -> str:
    why = "; ".join(rulebook_differences(data))
    return f"{why[:1].upper()}{why[1:]}. Tap Save again to save it as it is."


def _entered(values: dict[str, Any]) -> bool:
    """Whether the editor holds anything a load would replace: more than a new editor holds."""
    fresh = start_values()
    return any(values[k] != fresh[k] for k in ENTERED)


def load_part(form: Form, title: Entry, packs: list[Pack]) -> list[ft.Control]:
    """The saved boards, to change one rather than enter a board again. Over entries in progress, the first
    tap only asks for a second (they would be replaced)."""
    if not packs:
        return []
    by_name = {p.name: p for p in packs}
    asked = form["loading"]

    def load(name: str) -> None:
        if _entered(form.latest.value) and form.now("loading") != name:
            form.put("loading", name)
            return
        board = draft_values(by_name[name].data)
        form.put_all(
            **{**start_values(), **board, "open": True, "name": name, "replace": True, "loading": ""}
        )
        title.show(name)

    controls: list[ft.Control] = [
        chip_row(
            [(n, n) for n in by_name], asked or None, load, key="it-ed-load", label="Or change a saved board:"
        )
    ]
    if asked:
        controls.append(
            tagged(
                "it-ed-load-ask",
                ft.Text(f"Tap {asked} again to replace what is entered here with it.", italic=True),
            )
        )
    return controls


@ft.component
def BoardEditor(model: AppModel, on_saved: Callable[[Pack], Any]) -> ft.Control:
    form = Form({**start_values(), "loading": ""})
    title = Entry(str(form.initial["name"]))
    typed = Entry()
    header = toggle(
        "Enter the board from the physical map",
        bool(form["open"]),
        lambda: form.put("open", not form.now("open")),
        key="it-board-editor",
    )
    if not form["open"]:
        return ft.Column([header], key="it-ed")
    packs = model.packs(BOARD_PACK.kind)
    saved = {p.name for p in packs}

    def save() -> None:
        name = title.value.strip()
        data = board_data(form.latest.value, name)
        if save_reasons(name, still_wrong(model, data), name in saved, bool(form.now("replace"))):
            return
        if (differs := differing(data)) is not None and form.now("asked") != differs:
            form.put("asked", differs)
            return
        pack = Pack(BOARD_PACK.kind, name, BOARD_PACK.version, data)
        if model.save_pack(pack, replace=bool(form.now("replace"))):
            form.put_all(open=False, replace=False, asked=None)
            on_saved(pack)

    name = str(form["name"]).strip()
    data = board_data(form.latest.shown, name)
    found = still_wrong(model, data)
    taken = name in saved
    asking = form["asked"] is not None and form["asked"] == differing(data)
    replace: list[ft.Control] = []
    if taken:
        replace = [
            toggle(
                f"Replace the saved board {name}",
                bool(form["replace"]),
                lambda: form.put("replace", not form.now("replace")),
                key="it-ed-replace",
            )
        ]
    return ft.Column(
        [
            header,
            ft.Text(
                "Enter what the board in front of you shows, once: it is saved as a board pack for later "
                "games.",
                size=13,
            ),
            *load_part(form, title, packs),
            title.field("The board's name", key="it-ed-name", on_change=lambda t: form.put("name", t)),
            *regions_part(form, typed),
            *outrage_part(form),
            *optional_part(form),
            heading("Save"),
            tagged("it-ed-problems", ft.Text(problems_text(found, data))),
            *replace,
            *([tagged("it-ed-save-ask", ft.Text(ask_text(data), italic=True))] if asking else []),
            action_button(
                "Tap again to save it anyway" if asking else "Save this board",
                save,
                key="it-ed-save",
                primary=True,
                icon=ft.Icons.SAVE,
                blocked=save_reasons(name, found, taken, bool(form["replace"])),
            ),
            ft.Divider(height=1),
        ],
        spacing=8,
        key="it-ed",
    )
