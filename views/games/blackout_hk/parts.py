"""What the Blackout: Hong Kong screens share: resource names, the reason a form not filled in yet gives, a
phase 3 or 4 ended for everyone left in one tap, a read-out line, counts entered one tap each (resources
paid or gained), and the effects form (what a card or goal costs and gives) that deploy, objectives and
check-mark actions use."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import flet as ft

from trackers.blackout_hk.actions import Done
from trackers.blackout_hk.queries import still_to_go
from trackers.blackout_hk.state import RESOURCE_NAMES, RESOURCES, BlackoutState, Card, Player
from trackers.core.errors import Violation
from views.forms import Form, form_stepper, stepper
from views.model import AppModel
from views.widgets import CHIP, action_button, chip_row, tagged

S = BlackoutState
RESOURCE_CHOICES = [(r, RESOURCE_NAMES[r]) for r in RESOURCES]
PAY_CHOICES = [*RESOURCE_CHOICES, ("battery", "battery")]
CLEAR = "clear"
GOAL_COUNTS = [(str(n), str(n)) for n in range(1, 7)]
"""The goals a card or plan may show."""
EFFECTS: dict[str, Any] = {
    "pay": (),
    "gain": (),
    "hkd": 0,
    "points": 0,
    "gps": 0,
    "transport": 0,
    "batteries": 0,
    "place": 0,
}
"""The effects form's fields, empty."""


def hint(message: str) -> list[Violation]:
    """Why a form's button waits: something still to pick, not a rule (the engine answers those)."""
    return [Violation("blackout-hk.form", message, "blackout-hk/lantern")]


def rondel_text(p: Player) -> str:
    return ", ".join(f"{RESOURCE_NAMES[r]} {n}" for r, n in zip(RESOURCES, p.rondel, strict=True))


def counted(values: Sequence[str]) -> str:
    out: dict[str, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return ", ".join(f"{n} {RESOURCE_NAMES.get(r, r)}" for r, n in out.items()) or "none"


def effects_of(v: dict[str, Any]) -> dict[str, Any]:
    """The effects form's values as the keyword arguments of an `Effects` entry."""
    return {
        "pay": tuple(v["pay"]),
        "gain": tuple(v["gain"]),
        "hkd": int(v["hkd"]),
        "points": int(v["points"]),
        "gps": int(v["gps"]),
        "transport": int(v["transport"]),
        "batteries": int(v["batteries"]),
        "place": int(v["place"]),
    }


def counts_row(
    form: Form, field: str, label: str, choices: Sequence[tuple[str, str]], *, key: str
) -> ft.Control:
    """Resources entered one cube a tap (Clear starts over): what a card's cost or reward names."""

    def pick(value: str) -> None:
        held = tuple(form.now(field))
        form.put(field, () if value == CLEAR else (*held, value))

    return ft.Column(
        [
            tagged(f"{key}-entered", ft.Text(f"{label}: {counted(form[field])}")),
            chip_row([*choices, (CLEAR, "Clear")], None, pick, key=key),
        ],
        spacing=2,
    )


RARE = ("gain", "gps", "transport", "batteries")
"""What a goal seldom gives: kept behind "More" in the goal form while nothing is entered in them."""


def effects_fields(
    form: Form, key: str, *, place: bool = True, more: str = "", rare: Sequence[ft.Control] = ()
) -> list[ft.Control]:
    """Cost and reward as printed: cubes paid, resources gained, HK$ (+/-), points, GPS, tokens, batteries and
    cubes to place on the map. With `more` (the label of a button; the form has a "more" field), the `RARE`
    fields and the form's own `rare` controls wait behind that button until it is tapped or one of them
    holds something, so a form fits a phone's screen and never hides what was entered."""
    fields = {
        "pay": counts_row(form, "pay", "Pay", PAY_CHOICES, key=f"{key}-pay"),
        "gain": counts_row(form, "gain", "Gain", RESOURCE_CHOICES, key=f"{key}-gain"),
        "hkd": stepper(
            "HK$ (+ gained, - paid)",
            str(form["hkd"]),
            lambda: form.bump("hkd", -1, -99, 99),
            lambda: form.bump("hkd", 1, -99, 99),
            key=f"{key}-hkd",
        ),
        "points": form_stepper(form, "points", "Points", key=f"{key}-points"),
        "gps": form_stepper(form, "gps", "GPS", key=f"{key}-gps"),
        "transport": form_stepper(form, "transport", "Transport tokens", key=f"{key}-transport"),
        "batteries": form_stepper(form, "batteries", "Batteries", key=f"{key}-batteries"),
    }
    if place:
        fields["place"] = form_stepper(form, "place", "Cubes to place on the map", key=f"{key}-place", high=5)
    if not more:
        return [*fields.values(), *rare]
    shown = [c for name, c in fields.items() if name not in RARE]
    if form["more"] or any(form[name] != EFFECTS[name] for name in RARE):
        return [*shown, *(fields[name] for name in RARE), *rare]
    return [*shown, action_button(more, lambda: form.put("more", True), key=f"{key}-more")]


def all_done(model: AppModel, state: S, what: str, *, key: str) -> list[ft.Control]:
    """Phases 3 and 4 in one tap when the table says nobody else does anything: a Done for the player on
    turn and each one after, as one entry to undo. Only while more than one player is still to go."""
    left = still_to_go(state)
    if len(left) < 2:
        return []
    names = ", ".join(left[:-1]) + f" and {left[-1]}"
    return [
        action_button(
            f"{names}: all done with {what}",
            partial(model.dispatch, *[Done()] * len(left)),
            key=key,
            blocked=model.check(Done()),
        )
    ]


def toggle_chips(
    choices: Sequence[tuple[str, str]],
    selected: Sequence[str],
    flip: Callable[[str], Any],
    *,
    key: str,
    label: str | None = None,
) -> ft.Control:
    """Several of a few choices, each chip filled while chosen (tap again to take it out): a team, say."""
    chips: list[ft.Control] = [
        (ft.FilledButton if value in selected else ft.OutlinedButton)(
            text, key=f"{key}-{value}", on_click=_flip_handler(flip, value), style=CHIP
        )
        for value, text in choices
    ]
    lead: list[ft.Control] = [ft.Text(label)] if label else []
    row = ft.Row([*lead, *chips], wrap=True, spacing=4, run_spacing=4, key=key)
    return ft.Semantics(container=True, identifier=key, content=row)


def _flip_handler(flip: Callable[[str], Any], value: str) -> Callable[[Any], Any]:
    return lambda _: flip(value)


def card_choices(cards: Sequence[Card]) -> list[tuple[str, str]]:
    """(id, label) of cards for a chip row: a name two cards share gets the card's id after it."""
    names = [c.name for c in cards]
    return [(c.id, f"{c.name} ({c.id})" if names.count(c.name) > 1 else c.name) for c in cards]
