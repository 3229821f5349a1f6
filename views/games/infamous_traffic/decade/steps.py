"""The end of a decade as numbered steps: the current one highlighted (and said to be current, not only
coloured), what happened in those done (read from this decade's history), and what those to come will do."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from trackers.core.session import LogEntry
from trackers.infamous_traffic import queries
from trackers.infamous_traffic.actions import (
    AttackQing,
    PoliceTreatyPort,
    SkipPrize,
    SuppressTaiping,
    TakePrize,
)
from trackers.infamous_traffic.state import DECADES, InfamousTrafficState
from views.widgets import card, heading, line

STEPS = ("Opium War", "Post-War Rush", "Balance Books", "London Season", "Add Events", "Clean-up")
CURRENT = {"war": 1, "rush": 2, "books": 3, "season": 4, "compound": 4, "penalty": 0}
"""The step each stage belongs to (0: past the six, the final score)."""
WAR_MOVES = (AttackQing, SuppressTaiping, PoliceTreatyPort)


def this_decade(history: Sequence[LogEntry]) -> list[LogEntry]:
    """The entries since the decade's end began (the entry whose events open it, and those after)."""
    for i in range(len(history) - 1, -1, -1):
        if any(e.kind == "decade" for e in history[i].events):
            return list(history[i:])
    return []


def _said(entries: Sequence[LogEntry], *kinds: str) -> list[str]:
    return [e.text for entry in entries for e in entry.events if e.kind in kinds]


def game_ends(state: InfamousTrafficState) -> bool:
    """Whether this London Season is the last (the rule the engine applies at its end)."""
    return state.final or state.decade >= DECADES or not state.pool or state.demand_supply <= 0


def _past_or_next(done: bool, past: str, coming: str) -> str:
    return past if done else coming


def step_texts(state: InfamousTrafficState, history: Sequence[LogEntry]) -> list[str]:
    """What each of the six steps did, does now, or will do."""
    entries = this_decade(history)
    now = CURRENT.get(state.stage, 0)
    done = [now == 0 or n < now for n in range(1, 7)]
    war = [f"{e.text}." for e in entries if isinstance(e.action, WAR_MOVES)]
    warred = bool(_said(entries, "war")) or state.stage in ("war", "rush")
    picks = f"{state.season_done} of {len(state.season_order)} have drafted"
    kept = [e.text for e in entries if isinstance(e.action, TakePrize | SkipPrize)]
    season = "; ".join([*kept, *_said(entries, "compound")])
    texts = [
        " ".join([*_said(entries, "war")[:1], *war]) if warred else "No war: outrage was not on a red space.",
        _past_or_next(
            done[1],
            " ".join([*_said(entries, "rush"), "Everyone has passed."])
            if warred
            else "No rush without a war.",
            "After a war: 2 cash per new Treaty Port, then China actions at 1 more debt.",
        ),
        _past_or_next(
            done[2],
            " ".join(_said(entries, "books")) or "Done.",
            "Revenue minus upkeep; tiles over the limit go back.",
        ),
        _past_or_next(
            done[3],
            f"{season}." if season else "Done.",
            "The prize draft, most parties first; then debt compounds.",
        ),
        f"This decade's drawn tiles go back in the bag, with {queries.events_to_add(state)} more.",
        f"A tile into each bowl; decade {state.decade + 1} begins.",
    ]
    if now == 1:
        texts[0] = f"{state.commander} commands; strength {state.war_strength} left."
    elif now == 2:
        texts[1] = f"{state.on_turn}'s turn; {len(state.rush_out)} of {len(state.players)} have passed."
    elif now == 3:
        texts[2] = "Return the tiles over the limit."
    elif now == 4:
        texts[3] = (
            f"Debt compounds; {picks}." if state.stage == "compound" else f"{state.on_turn} drafts; {picks}."
        )
    if game_ends(state):
        texts[4] = texts[5] = "Not this time: the game ends after this London Season."
    return texts


def _step(n: int, text: str, current: bool) -> ft.Control:
    name = f"{n}. {STEPS[n - 1]}" + (" (now)" if current else "")
    return ft.Container(
        line(f"it-step-{n}", f"{name}: {text}"),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if current else None,
        border_radius=8,
        padding=ft.Padding.symmetric(horizontal=8, vertical=4),
        key=f"it-step-{n}-now" if current else f"it-step-{n}-box",
    )


def steps_card(state: InfamousTrafficState, history: Sequence[LogEntry]) -> ft.Control:
    now = CURRENT.get(state.stage, 0)
    rows = [_step(n, text, n == now) for n, text in enumerate(step_texts(state, history), 1)]
    if state.stage == "penalty":
        rows.append(
            ft.Container(
                line("it-step-final", "Final score (now): enter each penalty for debt."),
                bgcolor=ft.Colors.PRIMARY_CONTAINER,
                border_radius=8,
                padding=ft.Padding.symmetric(horizontal=8, vertical=4),
            )
        )
    return card(heading(f"End of decade {state.decade}"), *rows, key="it-steps")
