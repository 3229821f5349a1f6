"""Each player's board: score, money, tokens, the rondel's cubes, cubes left, cards by place, the objective
area, the check-mark area and the scout tiles; with Buy transport and Buy battery, open at any time."""

from __future__ import annotations

import flet as ft

from trackers.blackout_hk.actions import BuyBattery, BuyTransport
from trackers.blackout_hk.state import CHECKMARK_NAMES, CUBES, BlackoutState, Player
from views.forms import rule_link, send_button
from views.games.blackout_hk.parts import line, rondel_text
from views.model import AppModel
from views.widgets import card, heading

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
                key=f"bhk-player-{i}",
            )
        )
    cards.append(ft.Row([rule_link(model, "blackout-hk/transport", key="bhk-rule-transport")], wrap=True))
    return ft.Column(cards, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
