"""Cashing a completed set (a City Site for a success set, an Urban Blight for a fail set) and the City Site
the removed PUNKS earn: in a turn or at the clean-up, one tile at a time."""

from __future__ import annotations

from typing import Any

import flet as ft

from trackers.hope_city.actions import CashSet, ClaimPunkSite
from trackers.hope_city.queries import blocked, small_punk_spaces, talent_holders
from trackers.hope_city.state import HopeCityState
from views.forms import Form, rule_link
from views.games.hope_city.parts import label
from views.model import AppModel
from views.widgets import Act, action_row, chip_row, heading, tagged


def talent_choices(state: HopeCityState) -> list[tuple[str, str]]:
    """Who may lose a talent to an Urban Blight: citizen cards holding one, or the unclaimed monument."""
    return [(h, "The monument" if h == "monument" else state.citizen(h).name) for h in talent_holders(state)]


def punk_space_choices(state: HopeCityState) -> list[tuple[str, str]]:
    """The spaces a City Site may take a Punk from."""
    return [(s, label(s)) for s in small_punk_spaces(state.city)]


def _cash(values: dict[str, Any]) -> CashSet:
    success = values["pile"] == "success"
    return CashSet(
        values["pile"],
        punk_from=(values["punk"] or "") if success else "",
        talent_from="" if success else (values["talent"] or ""),
    )


@ft.component
def SetsForm(model: AppModel, state: HopeCityState) -> ft.Control:
    """The set and City Site entries: a part of the turn's card, or the clean-up's own card."""
    form = Form({"pile": "success", "punk": None, "talent": None})

    def send(action: CashSet | ClaimPunkSite) -> None:
        if model.dispatch(action):
            form.reset()

    pile = form["pile"]
    gate = blocked(state, CashSet)
    punks, big = state.punk_goal
    removed = (
        f"PUNKS removed: {state.city.removed} of {punks} Punks, {state.city.removed_big} of {big} Big Punks."
    )
    controls: list[ft.Control] = [
        heading("Sets and City Sites"),
        tagged("hc-removed-goal", ft.Text(removed)),
    ]
    if not gate:
        controls.append(
            chip_row(
                [("success", "Success set: a City Site"), ("fail", "Fail set: an Urban Blight")],
                pile,
                lambda p: form.put("pile", p),
                key="hc-set-pile",
                label="Cash:",
            )
        )
        if spaces := punk_space_choices(state):
            controls.append(
                chip_row(
                    spaces,
                    form["punk"],
                    lambda s: form.put("punk", s),
                    key="hc-set-punk",
                    label="A City Site takes the Punk from:",
                )
            )
        if pile == "fail" and (holders := talent_choices(state)):
            controls.append(
                chip_row(
                    holders,
                    form["talent"],
                    lambda h: form.put("talent", h),
                    key="hc-set-talent",
                    label="Talent lost by:",
                )
            )
    controls += [
        action_row(
            [
                Act(
                    "Cash the set",
                    lambda: send(_cash(form.latest.value)),
                    "hc-cash",
                    gate or model.check(_cash(form.latest.shown)),
                ),
                Act(
                    "City Site for the PUNKS removed",
                    lambda: send(ClaimPunkSite(form.now("punk") or "")),
                    "hc-punk-site",
                    model.check(ClaimPunkSite(form["punk"] or "")),
                ),
            ],
            key="hc-set-actions",
        ),
        rule_link(model, "hope-city/piles", key="hc-rule-sets"),
    ]
    return ft.Column(controls, spacing=8, key="hc-sets")
