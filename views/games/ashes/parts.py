"""What every ASHES screen shares: the names of rows, kinds and areas, VP on the track, and the board's
areas as buttons. The form tools themselves are in `views/forms.py`."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import flet as ft

from trackers.ashes import actions as aa
from trackers.ashes.queries import vp_display
from trackers.ashes.state import AshesState
from views.following import use_state_while
from views.forms import Form
from views.model import AppModel
from views.widgets import action_button

T = TypeVar("T")
KINDS = ("active", "essential")
ROW_NAMES: tuple[tuple[aa.RowName, str], ...] = (
    ("dark_blue", "Dark blue"),
    ("light_blue", "Light blue"),
    ("pink", "Pink"),
)
ROMAN = {1: "I", 2: "II", 3: "III"}
COUNTED: tuple[tuple[aa.Counted, str], ...] = (
    ("vp", "VP"),
    ("happiness", "Happiness"),
    ("fuel", "Fuel"),
    ("data", "Data"),
    ("antirad", "Antirad"),
    ("strength", "Strength"),
)
PRODUCED: tuple[aa.Produced, ...] = ("fuel", "data", "strength")
FAMILIES: tuple[aa.Family, ...] = ("activation", "stacking", "storage", "vehicle", "colony scoring", "scout")
COLONY_AREAS: tuple[aa.ColonyAreaName, ...] = (
    "column 1",
    "column 2",
    "column 3",
    "column 4",
    "materials",
    "survivors",
)


def vp_text(vp: int) -> str:
    lap, _ = vp_display(vp)
    return f"{vp} (lap +{lap})" if lap else str(vp)


def areas_by_sector(
    state: AshesState,
    pick: Callable[[str], Any],
    selected: str | None,
    *,
    key: str,
    with_shelter: bool = False,
) -> ft.Control:
    """Every area as a button, a row per sector, showing who is there: the board in the palm of a hand."""
    rows: list[ft.Control] = []
    if with_shelter and state.board is not None:
        shelter = state.board.shelter
        rows.append(
            ft.Row([action_button(shelter, lambda: pick(shelter), key=f"{key}-{shelter}")], wrap=True)
        )
    for sector in sorted({a.sector for a in state.areas}):
        buttons: list[ft.Control] = [ft.Text(f"Sector {sector}", width=70)]
        for area in (a for a in state.areas if a.sector == sector):
            people = area.survivors.total
            label = f"{area.name} ({people})" if people else area.name
            buttons.append(
                action_button(
                    label,
                    partial(pick, area.name),
                    key=f"{key}-{area.name}",
                    primary=area.name == selected,
                )
            )
        rows.append(ft.Row(buttons, wrap=True))
    return ft.Column(rows, spacing=4, key=key)


def use_form_card(
    model: AppModel, form: Form, shown: Callable[[AppModel], T]
) -> tuple[Callable[[str], None], AshesState | None, T | None]:
    """How a seat's card with forms starts, after its own hooks: one handler for the card's life that opens
    a form or closes it (so the buttons above the forms skip while nothing they show changed), and the
    card following the game (`use_state_while`: every entry while a form is open, else `shown`). Then
    the state to read and what `shown` gave, both None once the game has closed (the parent drops the
    card next)."""
    opened = ft.use_callback(lambda which: form.put("open", "" if form.now("open") == which else which), [])
    frame = use_state_while(model, bool(form["open"]), shown)
    if model.game is None:
        return opened, None, None
    state: AshesState = model.game.session.state
    return opened, state, frame
