"""ASHES: one player's board on the phone: the counts two to a row, then the turn, then the rarer forms, so
a turn's usual steps (a reward's counts, a move, End turn) all show on one screen."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from trackers.ashes import actions as aa
from trackers.ashes.queries import free_positions, income_needs_room, stays
from trackers.ashes.state import TECH_SLOTS, AshesState, Seat
from trackers.core.errors import Violation
from views.following import use_game
from views.forms import Form, form_stepper, rule_link, send_button, stepper_value, toggle
from views.games.ashes.actions import ActionsCard
from views.games.ashes.colony import MoreCard
from views.games.ashes.parts import COLONY_AREAS, COUNTED, areas_by_sector, use_form_card, vp_text
from views.model import AppModel
from views.widgets import (
    TOUCH,
    Act,
    Latest,
    action_button,
    action_row,
    card,
    choice_row,
    heading,
    icon_action,
    keyed,
    memo,
    tagged,
)

COUNT_VALUE_WIDTH = 72
"""A count's value between its - and +: "5 of 9" in 20 px bold, so two counts fit side by side on a phone."""


def _counted(seat: Seat, resource: aa.Counted) -> str:
    board = seat.board
    if resource == "vp":
        return vp_text(board.vp)
    value = int(getattr(board, resource))
    return f"{value} of 9" if resource == "happiness" else str(value)


def _seat(model: AppModel, index: int) -> Seat:
    assert model.game is not None
    seat: Seat = model.game.session.state.seats[index]
    return seat


@ft.component
def SeatHeading(model: AppModel, index: int) -> ft.Control:
    """The name and the vehicle, following the game: a count changing leaves them as they were."""
    name, vehicle = use_game(model, lambda m: (_seat(m, index).name, _seat(m, index).vehicle))
    return ft.Row(
        [
            tagged("seat-name", heading(name)),
            tagged("vehicle", ft.Text(f"Vehicle: {vehicle or 'not placed'}")),
        ],
        wrap=True,
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
    )


@memo  # each row follows its own count: the card itself never re-renders for an entry
@ft.component
def Steppers(model: AppModel, index: int) -> ft.Control:
    return card(
        SeatHeading(model, index),
        ft.Row(
            [
                keyed(f"stepper-{resource}", CountStepper, model, index, resource, label)
                for resource, label in COUNTED
            ],
            wrap=True,
            spacing=8,
            run_spacing=4,
        ),
        key="steppers",
    )


@ft.component
def Count(model: AppModel, index: int, resource: aa.Counted) -> ft.Control:
    """One count's value, following the game: a +1 to fuel re-renders this text alone."""
    return stepper_value(f"adj-{resource}", use_game(model, lambda m: _counted(_seat(m, index), resource)))


@memo
@ft.component
def CountStepper(model: AppModel, index: int, resource: aa.Counted, label: str) -> ft.Control:
    """One count, its name over its - value + (half a phone's width, so the six take three rows): its buttons
    stay as they are, its value follows the game by itself."""
    player = use_game(model, lambda m: _seat(m, index).name)
    key = f"adj-{resource}"
    return ft.Column(
        [
            ft.Text(label, size=14),
            ft.Row(
                [
                    icon_action(
                        ft.Icons.REMOVE,
                        f"{label} minus one",
                        partial(model.dispatch, aa.Adjust(player, resource, -1)),
                        key=f"{key}-minus",
                        tally=True,
                    ),
                    ft.Container(
                        Count(model, index, resource), width=COUNT_VALUE_WIDTH, alignment=ft.Alignment.CENTER
                    ),
                    icon_action(
                        ft.Icons.ADD,
                        f"{label} plus one",
                        partial(model.dispatch, aa.Adjust(player, resource, 1)),
                        key=f"{key}-plus",
                        tally=True,
                    ),
                ],
                spacing=0,
            ),
        ],
        spacing=0,
        width=2 * TOUCH + COUNT_VALUE_WIDTH,
        key=f"{key}-row",
    )


def _cargo_controls(
    form: Form, state: AshesState, seat: Seat, add_lot: Callable[[], Any]
) -> list[ft.Control]:
    """Survivors the vehicle takes along: each lot boards in one area of the way and leaves in a later one."""
    way = [n for n in (seat.vehicle, *form["path"]) if state.area(n) is not None]
    lots = [f"{a + e} from {o} to {d}" for o, d, a, e in form["carried"]]
    return [
        ft.Text("Survivors carried (optional):"),
        choice_row(
            "Picked up in",
            [(n, n) for n in dict.fromkeys(way)],
            form["pick"],
            lambda n: form.put("pick", n),
            key="cargo-pick",
        ),
        choice_row(
            "Dropped in",
            [(n, n) for n in dict.fromkeys(way)],
            form["drop"],
            lambda n: form.put("drop", n),
            key="cargo-drop",
        ),
        form_stepper(form, "lot_active", "Active carried", key="cargo-active", high=4),
        form_stepper(form, "lot_essential", "Essential carried", key="cargo-essential", high=4),
        ft.Row(
            [
                action_button("Add to the cargo", add_lot, key="cargo-add"),
                action_button("Clear cargo", lambda: form.put("carried", ()), key="cargo-clear"),
            ],
            wrap=True,
        ),
        tagged("cargo", ft.Text("Cargo: " + ("; ".join(lots) if lots else "none"))),
    ]


@memo  # with no form open, an entry that changes no zone and no reason leaves the whole card as it was
@ft.component
def TurnFrame(
    model: AppModel,
    name: str,
    zones: tuple[str | None, ...],
    activate_blocked: tuple[tuple[Violation, ...], ...],
    end_blocked: tuple[Violation, ...],
    open_form: str,
    opened: Callable[[str], None],
    form: tuple[ft.Control, ...],
) -> ft.Control:
    """Move and Pass open their forms right under their row (`form`: the one open), beside End turn; then
    activate a zone in one tap (a turn takes one of the three)."""
    return card(
        heading("Turn"),
        ft.Row(
            [
                toggle("Move", open_form == "move", partial(opened, "move"), key="open-move"),
                toggle("Pass", open_form == "pass", partial(opened, "pass"), key="open-pass"),
                send_button(
                    model,
                    "End turn",
                    aa.EndTurn(name),
                    key="end-turn",
                    primary=True,
                    icon=ft.Icons.DONE,
                    blocked=end_blocked,
                ),
            ],
            wrap=True,
        ),
        *form,
        action_row(
            [
                Act(
                    f"Activate zone {z}" + (f" ({zones[z - 1]})" if zones[z - 1] else ""),
                    partial(model.dispatch, aa.Activate(name, z)),
                    f"activate-{z}",
                    why,
                )
                for z, why in zip(TECH_SLOTS, activate_blocked, strict=True)
            ],
            key="activate",
        ),
        key="turn-card",
    )


def _turn_frame(
    model: AppModel, index: int
) -> tuple[str, tuple[str | None, ...], tuple[tuple[Violation, ...], ...], tuple[Violation, ...]]:
    """What the turn card shows with no form open: the seat, its zones, why each activation and End turn
    are not open now."""
    name = _seat(model, index).name
    return (
        name,
        tuple(_seat(model, index).board.zones),
        tuple(tuple(model.check(aa.Activate(name, z))) for z in TECH_SLOTS),
        tuple(model.check(aa.EndTurn(name))),
    )


@ft.component
def TurnCard(model: AppModel, index: int) -> ft.Control:
    """The protocols: activate in one tap, move and pass behind their short forms, then End turn. It follows
    the game by itself: on every entry while a form is open, otherwise when a zone or a reason changes."""
    form = Form(
        {
            "open": "",
            "path": (),
            "happiness": False,
            "recovered": (),
            "active_out": 0,
            "essential_out": 0,
            "carried": (),
            "decline": False,
            "income": "",
            "room": "",
            "pick": "",
            "drop": "",
            "lot_active": 0,
            "lot_essential": 0,
        }
    )
    scoring = Latest(tuple[str, ...]())
    position = Latest(0)  # 0: the first free position, which is what most passes take
    opened, state, frame = use_form_card(model, form, lambda m: _turn_frame(m, index))
    if state is None or frame is None:
        return ft.Container()
    seat = state.seats[index]
    name = seat.name

    def flip_area(area: str) -> None:
        scoring.set(
            tuple(x for x in scoring.value if x != area) if area in scoring.value else (*scoring.value, area)
        )

    def move() -> None:
        action = aa.Move(
            name, tuple(form.now("path")), bool(form.now("happiness")), tuple(form.now("carried"))
        )
        if model.dispatch(action):
            form.reset()

    def add_lot() -> None:
        lot = (form.now("pick"), form.now("drop"), form.now("lot_active"), form.now("lot_essential"))
        form.put_all(carried=(*form.now("carried"), lot), lot_active=0, lot_essential=0)

    def pass_turn() -> None:
        discarded = ("active",) * form.now("active_out") + ("essential",) * form.now("essential_out")
        chosen = tuple(a for a in COLONY_AREAS if a in scoring.value)
        free = free_positions(state.rounds)
        where = position.value or (free[0] if free else 0)
        declined = bool(form.now("decline"))
        action = aa.Pass(
            name,
            where,
            tuple(form.now("recovered")),
            discarded,
            chosen,
            declined,
            form.now("room"),
            form.now("income"),
        )
        if model.dispatch(action):
            form.reset()
            scoring.set(())

    zones = seat.board.zones
    controls: list[ft.Control] = []
    if form["open"] == "move":
        path = tuple(form["path"])
        # The way and its button above the areas, so both stay in view while the areas are tapped; the
        # rarer choices (4 happiness, survivors carried) below.
        way = ", ".join(path) if path else "none yet (tap each area entered, in order)"
        controls += [
            tagged("move-path", ft.Text(f"Path: {way}")),
            ft.Row(
                [
                    action_button(
                        "Remove last", lambda: form.put("path", tuple(form.now("path"))[:-1]), key="move-back"
                    ),
                    action_button("Move the vehicle", move, key="move-go", primary=True),
                ],
                wrap=True,
            ),
            areas_by_sector(
                state,
                lambda a: form.put("path", (*form.now("path"), a)),
                None,
                key="move-area",
                with_shelter=True,
            ),
            toggle(
                "Pay 4 happiness instead of 2 fuel",
                bool(form["happiness"]),
                lambda: form.put("happiness", not form.now("happiness")),
                key="move-happiness",
            ),
            *(_cargo_controls(form, state, seat, add_lot) if path else []),
        ]
    if form["open"] == "pass":
        free = free_positions(state.rounds)
        shown = position.shown or (free[0] if free else 0)
        out: tuple[aa.Kind, ...] = ("active",) * form["active_out"] + ("essential",) * form["essential_out"]
        controls += [
            ft.Text("Zone survivors to keep (1 antirad each); the rest go back to the bag:"),
            ft.Row(
                [
                    toggle(
                        f"Zone {z}: {who}",
                        z in form["recovered"],
                        partial(form.flip, "recovered", z),
                        key=f"pass-zone-{z}",
                    )
                    for z, who in zip(TECH_SLOTS, zones, strict=True)
                    if who is not None
                ]
                or [ft.Text("No survivors in your zones.")],
                wrap=True,
            ),
            form_stepper(form, "active_out", "Entrance actives discarded", key="pass-out-active", high=5),
            form_stepper(
                form, "essential_out", "Entrance essentials discarded", key="pass-out-essential", high=5
            ),
            ft.Text("Colony areas to score:"),
            ft.Row(
                [
                    toggle(
                        a.capitalize(),
                        a in scoring.shown,
                        partial(flip_area, a),
                        key=f"pass-area-{a}",
                    )
                    for a in COLONY_AREAS
                    if not a.startswith("column") or int(a[-1]) <= len(seat.colony.columns)
                ],
                wrap=True,
            ),
            ft.Text("Round 3 has no next round: your vehicle stays where it is.")
            if stays(state)
            else choice_row(
                "Vehicle to position (next round's row):",
                [(str(p), str(p)) for p in free],
                str(shown),
                lambda p: position.set(int(p)),
                key="pass-position",
            ),
            *(
                [
                    choice_row(
                        "If your entrance is full, who goes back to the bag to make room for the income:",
                        [("", "Nobody"), ("active", "An active"), ("essential", "An essential")],
                        str(form["room"]),
                        lambda kind: form.put("room", kind),
                        key="pass-room",
                    )
                ]
                if income_needs_room(state, aa.Pass(name, 0, tuple(form["recovered"]), out))
                else []
            ),
            *(
                [
                    choice_row(
                        "Income survivor the table drew:",
                        [("", "Let Lantern draw"), ("active", "Active"), ("essential", "Essential")],
                        str(form["income"]),
                        lambda kind: form.put("income", kind),
                        key="pass-income",
                    )
                ]
                if state.settings.income_drawn_at_random
                else []
            ),
            toggle(
                "Decline the space's reward",
                bool(form["decline"]),
                lambda: form.put("decline", not form.now("decline")),
                key="pass-decline",
            ),
            action_button("Confirm pass", pass_turn, key="pass-go", primary=True),
            rule_link(model, "ashes/protocols/pass", key="pass-rule"),
        ]
    return TurnFrame(model, *frame, str(form["open"]), opened, tuple(controls))


@ft.component
def PlayerScreen(model: AppModel, index: int) -> ft.Control:
    """One seat's board: each card follows the game by itself (its turn and actions cards re-render on every
    entry only while one of their forms is open), so an entry re-renders what it changed, and alone."""
    return ft.Column(
        [
            Steppers(model, index),
            keyed(f"turn-{index}", TurnCard, model, index),
            keyed(f"actions-{index}", ActionsCard, model, index),
            keyed(f"more-{index}", MoreCard, model, index),
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
