"""Each game's own panel on the shared game screen, looked up by game id."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from views.games.ashes.panel import AshesPanel
from views.games.blackout_hk.panel import BlackoutPanel
from views.games.hope_city.panel import HopeCityPanel
from views.games.infamous_traffic.panel import InfamousTrafficPanel
from views.games.scorepad.panel import ScorePadPanel
from views.games.unsettled.panel import UnsettledPanel
from views.model import AppModel

Panel = Callable[[AppModel], ft.Control]

PANELS: dict[str, Panel] = {
    "ashes": AshesPanel,
    "blackout-hk": BlackoutPanel,
    "hope-city": HopeCityPanel,
    "infamous-traffic": InfamousTrafficPanel,
    "scorepad": ScorePadPanel,
    "unsettled": UnsettledPanel,
}

FOLLOWS_ITSELF = frozenset({"ashes", "scorepad"})
"""Panels whose parts follow the open game themselves (views/following.py): an entry re-renders the parts
it changed. Every other panel is re-rendered whole on every entry."""


def panel_for(game_id: str) -> Panel:
    return PANELS[game_id]
