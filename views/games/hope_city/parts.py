"""What every Hope City screen shares: names of tokens, spaces and PUNKS, rows of chips for them, the
draw-or-enter row for the bag, and the reason a form that is not filled in yet gives."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import flet as ft

from trackers.core.bag import Bag
from trackers.core.errors import Violation
from trackers.hope_city.actions import DrawToken
from trackers.hope_city.queries import corruption_odds
from trackers.hope_city.state import ANY, BIG, COLOURS, CORRUPTION, HOPE, Citizen, HopeCityState, Objective
from views.forms import Form, send_button
from views.model import AppModel
from views.widgets import chip_row, line

TALENT = {
    "mayor": "LEAD",
    "entrepreneur": "INVEST",
    "coach": "RECRUIT",
    "engineer": "INNOVATE",
    "ranger": "EXPLORE",
    "doctor": "HEAL",
}
TEMPTATION = {
    "mayor": "BRIBE",
    "entrepreneur": "SCAM",
    "coach": "GANG UP",
    "engineer": "HACK",
    "ranger": "TRESPASS",
    "doctor": "SELL SCRIPTS",
}
DIE_FACES = tuple(range(1, 7))
WAGE_KINDS = (*COLOURS, CORRUPTION)
"""What a draw from the bag can bring."""
HELD_KINDS = (*COLOURS, HOPE)
"""What a citizen can hold and pay with."""


def label(kind: str) -> str:
    """A colour, space, token or cost item as a screen names it."""
    return "Any" if kind == ANY else kind.capitalize()


def punk_name(kind: str) -> str:
    return "Big Punk" if kind == BIG else "Punk"


def punks_text(punks: Sequence[str]) -> str:
    return ", ".join(punk_name(p) for p in punks) or "no PUNKS"


def cost_text(cost: Sequence[str]) -> str:
    return ", ".join(label(c) for c in cost) or "nothing"


def objective_text(card: Objective) -> str:
    """The card as entered: its colour and cost, after its name when it was taken from the catalogue."""
    kind = "Major Objective" if card.major else "objective"
    text = f"{label(card.category)} {kind}, costing {cost_text(card.cost)}"
    return f"{card.name} ({text})" if card.name else text


def bag_text(bag: Bag, kinds: Iterable[str]) -> str:
    """`Politics 2, Hope 1`: the kinds held, in the board's order, or "none"."""
    return ", ".join(f"{label(k)} {bag.count(k)}" for k in kinds if bag.count(k)) or "none"


def held_choices(bag: Bag, kinds: Iterable[str] = HELD_KINDS) -> list[tuple[str, str]]:
    """The kinds in a bag (a citizen's tokens, the Trade Center) as chips, each with how many there are."""
    return [(k, f"{label(k)} ({bag.count(k)})") for k in kinds if bag.count(k)]


def citizen_choices(citizens: Iterable[Citizen]) -> list[tuple[str, str]]:
    return [(c.id, c.name) for c in citizens]


def punk_choices(state: HopeCityState) -> list[tuple[str, str]]:
    """Every PUNK in the city as `space:index`, for an entry that names one PUNK anywhere."""
    return [
        (f"{space}:{i}", f"{label(space)} {punk_name(punk)}")
        for space in COLOURS
        for i, punk in enumerate(state.city.on(space))
    ]


def punk_at(state: HopeCityState, value: str | None) -> tuple[str, str]:
    """The (space, kind) a `punk_choices` value names, or ("", "") when none is picked (or it left)."""
    if not value:
        return "", ""
    space, _, index = value.partition(":")
    here = state.city.on(space) if space in COLOURS else ()
    i = int(index) if index.isdigit() else len(here)
    return (space, here[i]) if i < len(here) else ("", "")


def dice_row(selected: int | None, on_pick: Callable[[int], Any], *, key: str, text: str) -> ft.Control:
    """A die's faces as chips after `text`; nothing picked lets Lantern roll where the entry allows."""
    return chip_row(
        [(str(n), str(n)) for n in DIE_FACES],
        None if selected is None else str(selected),
        lambda v: on_pick(int(v)),
        key=key,
        label=text,
    )


PURPLE = {"gang_up": False, "purple": None}
"""The form fields of GANG UP's purple die beside a roll."""


def holds_purple(state: HopeCityState) -> bool:
    """The good Coach on turn holds the purple die GANG UP gave him."""
    who = state.on_turn
    return who is not None and who.id == "coach" and who.good and who.purple_die


def purple_rows(state: HopeCityState, form: Form, *, key: str) -> list[ft.Control]:
    """Whether the purple die joins this roll, and what it showed (or Lantern rolls it)."""
    if not holds_purple(state):
        return []
    added = bool(form["gang_up"])
    rows = [
        chip_row(
            [("keep", "Keep it"), ("add", "Add it to this roll")],
            "add" if added else "keep",
            lambda v: form.put("gang_up", v == "add"),
            key=f"{key}-gang-up",
            label="Purple die:",
        )
    ]
    if added:
        rows.append(
            dice_row(form["purple"], lambda n: form.put("purple", n), key=f"{key}-purple", text="It shows:")
        )
    return rows


def hint(message: str) -> list[Violation]:
    """Why a form's button waits: something still to pick, not a rule (the engine answers those)."""
    return [Violation("hope-city.form", message, "hope-city/tracking")]


def odds_text(state: HopeCityState) -> str:
    total = state.bag.total
    if not total:
        return "The bag is empty: the next wage brings nothing."
    odds = corruption_odds(state)
    return f"Next draw is corruption: {state.bag.count(CORRUPTION)} in {total} ({round(100 * odds)}%)."


def draw_row(
    model: AppModel, state: HopeCityState, text: str, *, key: str, blocked: Sequence[Violation] = ()
) -> ft.Control:
    """Lantern draws from the bag, or the table says what it drew itself (the chips hide while closed)."""
    button = send_button(
        model, text, DrawToken(), key=key, primary=True, icon=ft.Icons.CASINO, blocked=blocked
    )
    if blocked:
        return button
    chips = chip_row(
        [(k, label(k)) for k in WAGE_KINDS],
        None,
        lambda token: model.dispatch(DrawToken(token)),
        key=f"{key}-drew",
        label="Or we drew:",
    )
    return ft.Column([button, chips, line(f"{key}-odds", odds_text(state))], spacing=4)
