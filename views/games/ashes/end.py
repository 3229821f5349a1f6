"""ASHES after round 3: the counts only the table can read off, then every seat's final score line by line."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from trackers.ashes import actions as aa
from trackers.ashes.state import AshesState, Seat
from views.forms import Form, form_stepper, plain, rule_link
from views.games.ashes.parts import ROW_NAMES
from views.model import AppModel
from views.widgets import action_button, card, choice_row, heading, keyed, tagged

MEDALS: list[tuple[str, str]] = [("bronze", "Bronze"), ("silver", "Silver"), ("gold", "Gold")]


@ft.component
def CountsCard(model: AppModel, index: int, seat: Seat) -> ft.Control:
    """Uncovered colony VP, and per Phoenix row how often the right-hand tile is met and what it pays."""
    final = seat.final
    start: dict[str, Any] = {"uncovered": final.uncovered_colony_vp if final else 0}
    for r in range(len(ROW_NAMES)):
        count, value = final.rows[r] if final else (0, 0)
        start |= {f"count{r}": count, f"value{r}": value}
    counts = Form(start)

    def enter() -> None:
        v = counts.latest.value
        rows = tuple((int(v[f"count{r}"]), int(v[f"value{r}"])) for r in range(len(ROW_NAMES)))
        model.dispatch(aa.FinalCountsEntry(seat.name, int(v["uncovered"]), (rows[0], rows[1], rows[2])))

    key = f"final-{index}"
    controls: list[ft.Control] = [
        heading(seat.name),
        tagged(f"{key}-state", ft.Text("Counts entered." if final else "Counts still to enter.")),
        form_stepper(counts, "uncovered", "Uncovered colony VP", key=f"{key}-uncovered", high=60),
    ]
    for r, (_, row) in enumerate(ROW_NAMES):
        controls += [
            form_stepper(counts, f"count{r}", f"{row}: times met", key=f"{key}-count-{r}", high=30),
            form_stepper(counts, f"value{r}", f"{row}: value at its medal", key=f"{key}-value-{r}", high=12),
        ]
    controls.append(action_button("Enter counts", enter, key=f"{key}-go", primary=not final))
    return card(*controls, key=key)


@ft.component
def FinishCard(model: AppModel, state: AshesState) -> ft.Control:
    seats = range(len(state.seats))
    finish = Form(
        {
            "dark_blue": "bronze",
            "light_blue": "bronze",
            "pink": "bronze",
            "rival": 0,
            **{f"loss{i}": 0 for i in seats},
        }
    )
    manual = state.settings.radiation_manual

    def done() -> None:
        v = finish.latest.value
        losses = tuple(int(v[f"loss{i}"]) for i in seats) if manual else ()
        model.dispatch(aa.FinishGame(int(v["rival"]), v["dark_blue"], v["light_blue"], v["pink"], losses))

    medals = [
        choice_row(f"{text} medal:", MEDALS, finish[row], partial(finish.put, row), key=f"medal-{row}")
        for row, text in ROW_NAMES
    ]
    rival = (
        [form_stepper(finish, "rival", "Rival's uncovered colony VP", key="rival-uncovered", high=60)]
        if state.solo
        else []
    )
    losses = (
        [
            form_stepper(
                finish, f"loss{i}", f"{seat.name}: happiness lost to radiation", key=f"end-loss-{i}", high=75
            )
            for i, seat in enumerate(state.seats)
        ]
        if manual
        else []
    )
    return card(
        heading("Final scoring"),
        *medals,
        *rival,
        *losses,
        action_button("Finish the game", done, key="finish-game", primary=True, icon=ft.Icons.FLAG),
        rule_link(model, "ashes/end", key="end-rule"),
        key="finish",
    )


@ft.component
def ScoreSheet(model: AppModel, state: AshesState) -> ft.Control:
    if state.result is None:
        return ft.Column(
            [
                *[keyed(f"counts-{s.name}", CountsCard, model, i, s) for i, s in enumerate(state.seats)],
                FinishCard(model, state),
            ],
            spacing=12,
        )
    if model.game is None:
        return ft.Container()
    outcome = model.module.outcome(state)
    if outcome is None:
        return ft.Container()
    sheets = [
        card(
            ft.Row(
                [
                    heading(name),
                    tagged(
                        f"total-{name}",
                        ft.Text(f"{sum(p for _, p in lines)} VP", size=20, weight=ft.FontWeight.BOLD),
                    ),
                ],
                alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            ),
            *[
                ft.Row(
                    [ft.Text(plain(label), expand=True, size=13), ft.Text(str(points))],
                    key=f"line-{name}-{i}",
                )
                for i, (label, points) in enumerate(lines)
            ],
            key=f"breakdown-{name}",
        )
        for name, lines in outcome.breakdown
    ]
    return ft.Column(
        [
            card(tagged("verdict", ft.Text(plain(outcome.reason), size=18, weight=ft.FontWeight.BOLD))),
            *sheets,
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
