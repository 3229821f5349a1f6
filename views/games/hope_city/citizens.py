"""Every citizen card: the side up, who plays it, where it stands, its corruption against its cap, its tokens,
talent tokens, Hope cards and the purple die. Those in play come first, in turn order."""

from __future__ import annotations

import flet as ft

from trackers.hope_city.state import Citizen, HopeCityState, corruption_cap
from views.forms import rule_link
from views.games.hope_city.parts import HELD_KINDS, bag_text, label
from views.model import AppModel
from views.widgets import card, heading, line


def describe(citizen: Citizen) -> str:
    side = "good" if citizen.good else "bad"
    who = f"played by {citizen.player}" if citizen.player else "not in play"
    where = f" on {label(citizen.space)}" if citizen.space else ""
    parts = [
        f"{citizen.name} ({side}), {who}{where}.",
        f"Corruption {citizen.corruption} of {corruption_cap(citizen.id)}.",
        f"Tokens: {bag_text(citizen.tokens, HELD_KINDS)}.",
        f"Talent tokens {citizen.talents}, Hope cards {citizen.hope_cards}.",
    ]
    if citizen.purple_die:
        parts.append("Holds the purple die.")
    return " ".join(parts)


def CitizensScreen(model: AppModel, state: HopeCityState) -> ft.Control:
    shown = [*state.active, *(c for c in state.citizens if c.id not in state.order)]
    return card(
        heading("Citizens"),
        *[line(f"hc-citizen-{c.id}", describe(c)) for c in shown],
        rule_link(model, "hope-city/citizens", key="hc-rule-citizens"),
        key="hc-citizens",
    )
