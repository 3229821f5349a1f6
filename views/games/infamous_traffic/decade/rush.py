"""The Post-War Rush: whose turn it is, who has passed for good, and one China action at 1 more debt than
usual (the turn screen's Deploy, Adjust Price, Influence and Conspiracy forms, opened one at a time), or a
pass for the rest of the rush."""

from __future__ import annotations

import flet as ft

from trackers.infamous_traffic import queries
from trackers.infamous_traffic.actions import Deploy, RushPass
from trackers.infamous_traffic.state import InfamousTrafficState
from views.forms import rule_link, send_button
from views.games.infamous_traffic.deploy import DeployForm
from views.games.infamous_traffic.turn.china import AdjustForm, InfluenceForm, conspiracy_part
from views.model import AppModel
from views.widgets import Latest, choice_buttons, heading, keyed, line

ACTIONS = [
    ("deploy", "Deploy"),
    ("adjust", "Adjust Price"),
    ("influence", "Influence"),
    ("conspiracy", "Conspiracy"),
]


def _form(model: AppModel, state: InfamousTrafficState, who: str, opened: str) -> ft.Control:
    tag = f"{state.decade}-{state.rush_turn}-{who}"
    if opened == "deploy":
        return keyed(f"it-rush-deploy-{tag}", DeployForm, model, state, who, False)
    if opened == "adjust":
        return keyed(f"it-rush-adjust-{tag}", AdjustForm, model, state, who)
    if opened == "influence":
        return keyed(f"it-rush-influence-{tag}", InfluenceForm, model, state, who)
    if opened == "conspiracy":
        return conspiracy_part(model, state)
    return ft.Container()


@ft.component
def RushStep(model: AppModel, state: InfamousTrafficState, who: str) -> ft.Control:
    opened = Latest("")
    out = ", ".join(state.rush_out) or "nobody yet"
    gate = queries.blocked(state, Deploy)
    return ft.Column(
        [
            heading("Post-War Rush"),
            line(
                "it-rush",
                f"{who}'s turn: one China action, each costing 1 more debt than usual, or pass for good.",
            ),
            line("it-rush-out", f"Passed for good: {out}."),
            choice_buttons(ACTIONS, opened.shown or None, opened.set, key="it-rush-action")
            if not gate
            else ft.Container(),
            _form(model, state, who, opened.shown) if not gate else ft.Container(),
            send_button(
                model,
                "Pass for the rest of the rush",
                RushPass(),
                key="it-rush-pass",
                icon=ft.Icons.SKIP_NEXT,
                blocked=queries.blocked(state, RushPass),
            ),
            rule_link(model, "infamous-traffic/decade/rush", key="it-rule-rush"),
        ],
        spacing=8,
    )
