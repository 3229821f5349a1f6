"""Each player's board: score, money, tokens, the rondel's cubes, cubes left, cards by place, the objective
area, the check-mark area and the scout tiles; with Buy transport and Buy battery, open at any time, and a
correction, one tap a point (or HK$, token, cube) up or down."""

from __future__ import annotations

import flet as ft

from trackers.blackout_hk.actions import Adjust, BuyBattery, BuyTransport
from trackers.blackout_hk.state import (
    CHECKMARK_NAMES,
    CUBES,
    RESOURCE_NAMES,
    RESOURCES,
    BlackoutState,
    Player,
)
from views.forms import Form, rule_link, send_button
from views.games.blackout_hk.parts import rondel_text
from views.model import AppModel
from views.widgets import card, chip_row, heading, keyed, line

S = BlackoutState


def objectives_text(p: Player) -> str:
    cards = [
        f"{o.name} ({o.id}){' goals done ' + ', '.join(map(str, o.done)) if o.done else ''}"
        for o in p.objectives
    ]
    spot = f"; emergency spot: {p.emergency.name} ({p.emergency.id})" if p.emergency is not None else ""
    return f"Objective area: {', '.join(cards) or 'empty'}{spot}."


def sheet_lines(p: Player) -> list[tuple[str, str]]:
    slots = " / ".join(str(len(p.slots[i])) for i in range(p.usable_slots))
    unlocked = ", ".join(f"{i} ({CHECKMARK_NAMES[i]})" for i in p.unlocked) or "none"
    tiles = ", ".join(f"{t.reward}{'' if t.face_up else ' (face down)'}" for t in p.tiles) or "none"
    plans = ", ".join(o.name for o in p.checkmarks)
    return [
        (
            "money",
            f"Score {p.score} · HK$ {p.hkd} · transport {p.transport} · GPS {p.gps} · batteries {p.battery}",
        ),
        ("rondel", f"Rondel: {rondel_text(p)}."),
        (
            "cubes",
            f"Cubes left: {p.supply} of {CUBES}; on the map {len(p.map)} ({', '.join(p.map) or 'none'}).",
        ),
        ("cards", f"Hand {len(p.hand)} · slots {slots} · hospital {len(p.hospital)}."),
        ("objectives", objectives_text(p)),
        (
            "checkmarks",
            f"Unlocked check-marks: {unlocked}.{' Check-mark area: ' + plans + '.' if plans else ''}",
        ),
        ("tiles", f"Scout tiles: {tiles}."),
    ]


CORRECTABLE = [
    ("score", "Points"),
    ("hkd", "HK$"),
    ("gps", "GPS"),
    ("transport", "Transport"),
    *((r, RESOURCE_NAMES[r].capitalize()) for r in (*RESOURCES, "battery")),
]


@ft.component
def Correction(model: AppModel, name: str, i: int) -> ft.Control:
    """A gain or payment the forms do not cover: pick what, then each tap of -1 or +1 is one entry."""
    form = Form({"what": "score"})
    what = str(form["what"])
    k = f"bhk-correct-{i}"
    return ft.Column(
        [
            chip_row(
                CORRECTABLE,
                what,
                lambda w: form.put("what", w),
                key=f"{k}-what",
                label="Correct (a card's effect, a miscount):",
            ),
            ft.Row(
                [
                    *(
                        send_button(
                            model,
                            f"{by:+d}",
                            Adjust(name, what, by),
                            key=f"{k}-{side}",
                            blocked=model.check(Adjust(name, what, by)),
                        )
                        for by, side in ((-1, "minus"), (1, "plus"))
                    ),
                    rule_link(model, "blackout-hk/corrections", key=f"{k}-rule"),
                ],
                wrap=True,
            ),
        ],
        spacing=4,
    )


@ft.component
def PlayersScreen(model: AppModel, state: S) -> ft.Control:
    cards: list[ft.Control] = []
    for i, p in enumerate(state.players):
        cards.append(
            card(
                heading(p.name),
                *[line(f"bhk-player-{i}-{name}", text) for name, text in sheet_lines(p)],
                ft.Row(
                    [
                        send_button(
                            model,
                            "Buy transport (1 point)",
                            BuyTransport(p.name),
                            key=f"bhk-buy-transport-{i}",
                            blocked=model.check(BuyTransport(p.name)),
                        ),
                        send_button(
                            model,
                            "Buy battery (5 HK$)",
                            BuyBattery(p.name),
                            key=f"bhk-buy-battery-{i}",
                            blocked=model.check(BuyBattery(p.name)),
                        ),
                    ],
                    wrap=True,
                ),
                keyed(f"bhk-correct-part-{i}", Correction, model, p.name, i),
                key=f"bhk-player-{i}",
            )
        )
    cards.append(ft.Row([rule_link(model, "blackout-hk/transport", key="bhk-rule-transport")], wrap=True))
    return ft.Column(cards, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
