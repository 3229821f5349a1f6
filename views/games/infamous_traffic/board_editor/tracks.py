"""The board editor's tracks: the outrage track (its spaces, the red ones with their war strength, the
left-arrow ones), and folded away the optional debt track and tile limits, as steps of "at least N, then
M"."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from views.forms import Form, stepper, toggle
from views.games.infamous_traffic.board_editor.data import steps_text, with_step
from views.games.infamous_traffic.board_editor.regions import multi_chips
from views.widgets import chip_row, heading, tagged

WAR = [(str(n), str(n)) for n in range(1, 13)]
SMALL_NUMBERS = [(str(n), str(n)) for n in range(13)]
OPTIONAL_NOTE = (
    "Optional. Without the debt track and tile limits, Lantern asks the table for the compounded debt, "
    "the debt penalty and the tiles returned at the end of a decade. Each step below is one printed on "
    "the board: set the number it starts from, then tap what it gives."
)


def number(
    form: Form,
    name: str,
    label: str,
    *,
    key: str,
    low: int,
    high: int,
    then: Callable[[], Any] = lambda: None,
) -> ft.Control:
    """A stepper with +5 and +10 beside it: a count of 12 or 15 in a few taps."""

    def jump(n: str) -> None:
        form.put(name, max(low, min(high, (form.now(name) or 0) + int(n))))
        then()

    def step(delta: int) -> None:
        form.bump(name, delta, low, high)
        then()

    value = form[name]
    shown = "not set" if value is None else str(value)
    steps = stepper(label, shown, lambda: step(-1), lambda: step(1), key=key)
    quick = chip_row([("5", "+5"), ("10", "+10"), ("-5", "-5")], None, jump, key=f"{key}-quick")
    return ft.Column([steps, quick], spacing=2)


def _trim(form: Form) -> None:
    """Red and arrow spaces past a shortened track go with it."""
    spaces = form.now("spaces") or 0
    form.put_all(
        red=tuple((n, w) for n, w in form.now("red") if n <= spaces),
        arrows=tuple(n for n in form.now("arrows") if n <= spaces),
        red_at=form.now("red_at") if (form.now("red_at") or 0) <= spaces else None,
    )


def outrage_part(form: Form) -> list[ft.Control]:
    spaces: int | None = form["spaces"]
    controls: list[ft.Control] = [
        heading("The outrage track"),
        number(form, "spaces", "Its spaces", key="it-ed-outrage", low=3, high=60, then=lambda: _trim(form)),
    ]
    if spaces is None:
        return [*controls, ft.Text("Count its spaces first; space 1 is the leftmost.", italic=True)]
    red: tuple[tuple[int, int], ...] = form["red"]
    red_at: int | None = form["red_at"]
    numbers = [(str(n), str(n)) for n in range(1, spaces + 1)]

    def strength(war: str) -> None:
        at = form.now("red_at")
        left = tuple((n, w) for n, w in form.now("red") if n != at)
        if war == "0":
            form.put("red", left)
        else:  # the next space is picked for its strength: red spaces usually come in a row
            following = at + 1 if at < form.now("spaces") else None
            form.put_all(red=tuple(sorted((*left, (at, int(war))))), red_at=following)

    red_line = ", ".join(f"{n} (war {w})" for n, w in red) or "none yet"
    controls += [
        ft.Text("Space 1 is the leftmost.", size=13),
        tagged("it-ed-red", ft.Text(f"Red spaces: {red_line}.")),
        chip_row(
            numbers,
            str(red_at) if red_at else None,
            lambda n: form.put("red_at", int(n)),
            key="it-ed-red-at",
            label="Red space:",
        ),
    ]
    if red_at is not None:
        controls.append(
            chip_row(
                [*WAR, ("0", "Not red")],
                str(dict(red).get(red_at, "")) or None,
                strength,
                key="it-ed-red-war",
                label=f"Space {red_at}'s war strength (then the next space):",
            )
        )
    controls.append(
        multi_chips(
            numbers,
            [str(n) for n in form["arrows"]],
            lambda n: form.flip("arrows", int(n)),
            key="it-ed-arrows",
            label="Left-arrow spaces:",
        )
    )
    return controls


@dataclass(frozen=True)
class Steps:
    """A table of steps printed on the board: from a debt (or revenue) of N, M more debt (points, tiles)."""

    field: str
    title: str
    what: str
    then: str
    ask: str
    low: int


COMPOUND = Steps("compound", "Debt compounds", "debt", "take {} more", "Take this many more", 1)
PENALTY = Steps("penalty", "Debt penalty", "debt", "lose {} VP", "Lose this many VP", 1)
LIMITS = Steps("limits", "Tile limits", "revenue", "keep {} inactive tiles", "Keep this many tiles", 0)


def _steps(form: Form, spec: Steps) -> list[ft.Control]:
    """Steps of "from N, then M": N on a stepper, then a tap on M adds the step (or changes it)."""
    field = spec.field
    steps: tuple[tuple[int, int], ...] = form[field]

    def add(m: str) -> None:
        if (n := form.now(f"{field}_at")) is not None:
            form.put(field, with_step(form.now(field), n, int(m)))

    def drop(n: str) -> None:
        form.put(field, tuple(s for s in form.now(field) if s[0] != int(n)))

    entered = steps_text(steps, spec.what, spec.then)
    controls: list[ft.Control] = [
        ft.Divider(height=1),
        tagged(f"it-ed-{field}", ft.Text(f"{spec.title}: {entered}.", weight=ft.FontWeight.BOLD)),
        number(
            form,
            f"{field}_at",
            f"{spec.what.capitalize()} at least",
            key=f"it-ed-{field}-at",
            low=spec.low,
            high=999,
        ),
    ]
    if form[f"{field}_at"] is not None:
        controls.append(
            chip_row(
                SMALL_NUMBERS, None, add, key=f"it-ed-{field}-then", label=f"{spec.ask} (adds the step):"
            )
        )
    if steps:
        controls.append(
            chip_row(
                [(str(n), f"{n}: {m}") for n, m in steps],
                None,
                drop,
                key=f"it-ed-{field}-drop",
                label="Take a step out:",
            )
        )
    return controls


def optional_part(form: Form) -> list[ft.Control]:
    shown = bool(form["more"])
    controls = [
        toggle(
            "Debt track and tile limits (optional)",
            shown,
            lambda: form.put("more", not form.now("more")),
            key="it-ed-more",
        ),
        ft.Text(OPTIONAL_NOTE, size=13),
    ]
    if not shown:
        return controls
    return [
        *controls,
        heading("The debt track"),
        number(form, "debt_end", "Largest debt it shows", key="it-ed-debt-end", low=1, high=999),
        *_steps(form, COMPOUND),
        *_steps(form, PENALTY),
        *_steps(form, LIMITS),
    ]
