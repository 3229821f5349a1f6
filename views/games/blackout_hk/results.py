"""The end of a chapter or a game: the ranking with each score's parts, and the campaign's log (each
chapter's result, the orchid trees and the rating so far)."""

from __future__ import annotations

import flet as ft

from trackers.blackout_hk import queries
from trackers.blackout_hk.state import BlackoutState
from trackers.core.wording import unit
from views.forms import rule_link
from views.model import AppModel
from views.widgets import card, heading, line

S = BlackoutState


def ranking_lines(state: S) -> list[str]:
    out = []
    for place, (name, total, left, parts, _) in enumerate(queries.ranking(state), 1):
        detail = "; ".join(f"{label} {n}" for label, n in parts)
        out.append(f"{place}. {name}: {total} {unit(total, 'points')} ({left} HK$ left) = {detail}.")
    return out


def campaign_lines(state: S) -> list[str]:
    """Each chapter's result, then the orchid trees: so far, or with the campaign's rating at its end."""
    lines = [queries.chapter_text(r) for r in state.campaign]
    if state.result == "campaign":
        lines.append(queries.campaign_text(state))
    elif state.campaign:
        totals = ", ".join(f"{n} {queries.trees_of(state, n)}" for n in state.names)
        lines.append(f"Orchid trees so far: {totals}.")
    return lines


@ft.component
def EndScreen(model: AppModel, state: S) -> ft.Control:
    parts: list[ft.Control] = []
    ranked = ranking_lines(state)
    if ranked:
        parts.append(
            card(
                heading("Final scoring"),
                *[line(f"bhk-rank-{i}", text) for i, text in enumerate(ranked)],
                rule_link(model, "blackout-hk/final-scoring", key="bhk-rule-final"),
                key="bhk-ranking",
            )
        )
    if state.campaign:
        parts.append(
            card(
                heading("Campaign log"),
                *[line(f"bhk-campaign-{i}", text) for i, text in enumerate(campaign_lines(state))],
                rule_link(model, "blackout-hk/campaign/orchid-trees", key="bhk-rule-campaign"),
                key="bhk-campaign",
            )
        )
    if not parts:
        parts.append(card(line("bhk-end-none", "Nothing scored yet."), key="bhk-end-empty"))
    return ft.Column(parts, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
