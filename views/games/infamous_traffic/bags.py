"""The bags: the event bag by tile with the odds of the next draw, this decade's event track, the Fate of
China; the conspiracy bag with its odds, the six bowls (and which cost 1 debt to take), the tiles set aside
and those out of the game."""

from __future__ import annotations

import flet as ft

from trackers.infamous_traffic import queries
from trackers.infamous_traffic.state import (
    CONSPIRACY,
    EVENT_NAMES,
    EVENT_TILES,
    EVENTS_PER_DECADE,
    InfamousTrafficState,
)
from views.forms import rule_link
from views.games.infamous_traffic.china.parts import SMALL, bag_lines, counted, tile_name
from views.model import AppModel
from views.widgets import card, heading, line

COSTLY = ("smuggler", "missionary")
"""A bowl holding either costs 1 debt to take."""


def bowl_text(number: int, tiles: tuple[str, ...]) -> str:
    if not tiles:
        return f"Bowl {number}: empty."
    fee = "costs 1 debt" if any(t in COSTLY for t in tiles) else "free"
    return f"Bowl {number}: {', '.join(tile_name(t) for t in tiles)} ({fee})."


def fate_text(state: InfamousTrafficState) -> str:
    left, right = (EVENT_NAMES[t] if t else "empty" for t in state.fate)
    return f"Fate of China, face up: left {left}, right {right}; {len(state.fate_pile)} face down."


def _events(model: AppModel, state: InfamousTrafficState) -> ft.Control:
    bag = state.event_bag
    odds = queries.event_odds(state)
    counts = bag_lines(bag, odds, ((t, EVENT_NAMES[t]) for t in EVENT_TILES))
    drawn = len(state.event_track)
    track = [
        line(f"it-track-{n}", f"{n}. {EVENT_NAMES[tile]}", SMALL)
        for n, tile in enumerate(state.event_track, 1)
    ]
    if drawn < EVENTS_PER_DECADE:
        empty = (
            f"{drawn + 1} to {EVENTS_PER_DECADE}" if drawn + 1 < EVENTS_PER_DECADE else str(EVENTS_PER_DECADE)
        )
        track.append(line("it-track-empty", f"Spaces {empty}: not drawn yet.", SMALL))
    total = f"{bag.total} tiles in the event bag; the next draw:" if bag.total else "The event bag is empty."
    return card(
        heading("Event bag"),
        line("it-event-total", total),
        *[line(f"it-event-{kind}", text) for kind, text in counts],
        heading(f"Event track, decade {state.decade}"),
        line("it-track", f"{state.events_done} of {EVENTS_PER_DECADE} events resolved."),
        *track,
        line("it-fate", fate_text(state)),
        rule_link(model, "infamous-traffic/events", key="it-rule-events"),
        key="it-events-card",
    )


def _conspiracy(model: AppModel, state: InfamousTrafficState) -> ft.Control:
    bag = state.conspiracy_bag
    odds = queries.conspiracy_odds(state)
    counts = bag_lines(bag, odds, ((t, tile_name(t)) for t in CONSPIRACY))
    total = (
        f"{bag.total} tiles in the conspiracy bag; the next draw:"
        if bag.total
        else "The conspiracy bag is empty."
    )
    return card(
        heading("Conspiracy bag and bowls"),
        line("it-conspiracy-total", total),
        *[line(f"it-conspiracy-{kind}", text) for kind, text in counts],
        *[line(f"it-bags-bowl-{n}", bowl_text(n, tiles)) for n, tiles in enumerate(state.bowls, 1)],
        line("it-set-aside", f"Set aside: {counted(state.set_aside)}."),
        line("it-removed", f"Out of the game: {counted(state.removed)}."),
        rule_link(model, "infamous-traffic/actions/conspiracy", key="it-rule-bags-conspiracy"),
        key="it-conspiracy-card",
    )


@ft.component
def BagsScreen(model: AppModel, state: InfamousTrafficState) -> ft.Control:
    return ft.Column(
        [_events(model, state), _conspiracy(model, state)],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
