"""The end of a round: the events to draw (Lantern draws, or the table says which tile it drew), the odds of
the next one, and what the last event did."""

from __future__ import annotations

import flet as ft

from trackers.infamous_traffic.actions import ChooseTarget, DrawEvent
from trackers.infamous_traffic.queries import blocked, event_odds
from trackers.infamous_traffic.state import EVENT_NAMES, EVENT_TILES, EVENTS_PER_DECADE, InfamousTrafficState
from views.forms import plain, rule_link, send_button
from views.model import AppModel
from views.widgets import card, chip_row, heading, line, tagged

S = InfamousTrafficState


def odds_text(state: S) -> str:
    odds = event_odds(state)
    if not odds:
        return "The event bag is empty."
    bag = state.event_bag
    ranked = sorted(odds, key=lambda t: (-odds[t], list(EVENT_TILES).index(t)))
    parts = [f"{plain(EVENT_NAMES[t])} {bag.count(t)} ({round(100 * odds[t])}%)" for t in ranked]
    return f"Next event, {bag.total} tiles in the bag: " + ", ".join(parts) + "."


def track_text(state: S) -> str:
    drawn = ", ".join(plain(EVENT_NAMES[t]) for t in state.event_track) or "none yet"
    assert state.board is not None
    return f"Drawn this decade: {drawn}. Outrage {state.outrage} of {state.board.outrage.last}."


def last_event(model: AppModel) -> list[str]:
    """What the latest event entries did (a draw, and the tie broken after it), oldest first."""
    history = model.game.session.history if model.game is not None else ()
    texts: list[str] = []
    for entry in reversed(history):
        if not isinstance(entry.action, DrawEvent | ChooseTarget):
            break
        texts = [plain(ev.text) for ev in entry.events] + texts
        if isinstance(entry.action, DrawEvent):
            break
    return texts


def last_event_card(model: AppModel) -> ft.Control:
    texts = last_event(model)
    if not texts:
        return ft.Container()
    return card(
        heading("The last event"),
        tagged("it-last-event", ft.Text("\n".join(texts))),
        key="it-last-event-card",
    )


def events_card(model: AppModel, state: S) -> ft.Control:
    why = blocked(state, DrawEvent)
    bag = state.event_bag
    drew = (
        chip_row(
            [(t, f"{plain(EVENT_NAMES[t])} ({bag.count(t)})") for t in EVENT_TILES if bag.count(t)],
            None,
            lambda t: model.dispatch(DrawEvent(t)),
            key="it-drew",
            label="Or we drew:",
        )
        if not why
        else ft.Container()
    )
    return card(
        heading(f"Event {state.events_done + 1} of {EVENTS_PER_DECADE}"),
        tagged("it-draws-left", ft.Text(f"{state.draws_left} event(s) to draw this round.")),
        send_button(
            model,
            "Draw an event",
            DrawEvent(),
            key="it-draw-event",
            primary=True,
            icon=ft.Icons.CASINO,
            blocked=why,
        ),
        drew,
        line("it-event-odds", odds_text(state)),
        line("it-event-track", track_text(state)),
        rule_link(model, "infamous-traffic/events", key="it-rule-events"),
        key="it-events-card",
    )
