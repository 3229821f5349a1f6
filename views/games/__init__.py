"""Each game's own panel on the shared game screen, looked up by game id and imported when a game of it
opens: the app starts without any game's screens."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import cast

import flet as ft

from views.model import AppModel

Panel = Callable[[AppModel], ft.Control]

PANELS: dict[str, str] = {
    "ashes": "views.games.ashes.panel:AshesPanel",
    "blackout-hk": "views.games.blackout_hk.panel:BlackoutPanel",
    "hope-city": "views.games.hope_city.panel:HopeCityPanel",
    "infamous-traffic": "views.games.infamous_traffic.panel:InfamousTrafficPanel",
    "scorepad": "views.games.scorepad.panel:ScorePadPanel",
    "unsettled": "views.games.unsettled.panel:UnsettledPanel",
}
"""Where each game's panel is: "module:name"."""

FOLLOWS_ITSELF = frozenset({"ashes", "scorepad"})
"""Panels whose parts follow the open game themselves (views/following.py): an entry re-renders the parts
it changed. Every other panel is re-rendered whole on every entry."""


def panel_for(game_id: str) -> Panel:
    module, _, name = PANELS[game_id].partition(":")
    return cast(Panel, getattr(importlib.import_module(module), name))
