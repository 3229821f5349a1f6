"""The question an entry left open, shown before anything else: the bowl's tiles to place, the Deploy on
offer for 1 debt, a sixth card to discard, which ready chain activates first, an event's tie. The engine
answers which choices it takes; one it refuses is disabled with its reason."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.infamous_traffic.actions import ActivateChain, ChooseTarget, Discard, SkipDeploy
from trackers.infamous_traffic.queries import next_step, region_of
from trackers.infamous_traffic.state import EVENT_NAMES, Card, InfamousTrafficState, Question
from views.forms import plain, rule_link, send_button
from views.games.infamous_traffic.deploy import DeployForm
from views.games.infamous_traffic.parts import name
from views.games.infamous_traffic.questions.place import PlaceForm
from views.model import AppModel
from views.widgets import Act, action_button, action_row, card, heading, keyed, tagged

S = InfamousTrafficState
DECKS = {
    "starting": "starting card",
    "london": "London",
    "india": "India",
    "china": "China",
    "prize": "prize",
}


def asked(q: Question, state: S) -> ft.Control:
    """The question in the engine's words (`next_step`), with the bowl's tiles by their names."""
    text = (
        f"{q.player}: place the bowl's tiles ({', '.join(map(name, q.tiles))})." if q.kind == "place" else ""
    )
    return tagged("it-question", ft.Text(text or plain(next_step(state)), weight=ft.FontWeight.BOLD))


def card_text(i: int, c: Card) -> str:
    lock = ", locked" if c.locked else ""
    return f"{i}. {c.name} ({DECKS[c.deck]}: upkeep {c.upkeep}, {c.vp} VP, {c.parties} party{lock})"


def _deploy(model: AppModel, state: S, q: Question) -> list[ft.Control]:
    tag = f"{state.decade}-{state.round}-{state.acted}"
    return [
        heading("A Deploy on offer"),
        asked(q, state),
        keyed(f"it-paid-deploy-{tag}", DeployForm, model, state, q.player, True),
        send_button(model, "No Deploy", SkipDeploy(), key="it-skip-deploy", icon=ft.Icons.SKIP_NEXT),
    ]


def _discard(model: AppModel, state: S, q: Question) -> list[ft.Control]:
    tableau = state.firm(q.player).tableau
    return [
        heading("Five cards at most"),
        asked(q, state),
        *[
            action_button(
                card_text(i, c),
                partial(model.dispatch, Discard(i)),
                key=f"it-discard-{i}",
                blocked=model.check(Discard(i)),
            )
            for i, c in enumerate(tableau, 1)
        ],
        rule_link(model, "infamous-traffic/cards", key="it-rule-question"),
    ]


def _activate(model: AppModel, state: S, q: Question) -> list[ft.Control]:
    return [
        heading("Ready chains"),
        asked(q, state),
        ft.Text("A Smuggler lowers its region's demand: the order can matter.", size=13),
        action_row(
            [
                Act(
                    f"{cid} in {region_of(state, cid)} (value {state.chain(cid).value})",
                    partial(model.dispatch, ActivateChain(cid)),
                    f"it-activate-{cid}",
                    model.check(ActivateChain(cid)),
                )
                for cid in q.options
            ],
            key="it-activate",
        ),
        rule_link(model, "infamous-traffic/chains/active", key="it-rule-question"),
    ]


def target_label(q: Question, option: str) -> str:
    if q.event.startswith("debate"):
        return f"Outrage {plain(option)}"
    return option


def _target(model: AppModel, state: S, q: Question) -> list[ft.Control]:
    return [
        heading(plain(EVENT_NAMES.get(q.event, "The event"))),
        asked(q, state),
        action_row(
            [
                Act(
                    target_label(q, option),
                    partial(model.dispatch, ChooseTarget(option)),
                    f"it-target-{option}",
                    model.check(ChooseTarget(option)),
                )
                for option in q.options
            ],
            key="it-target",
        ),
        rule_link(model, "infamous-traffic/events", key="it-rule-question"),
    ]


def QuestionCard(model: AppModel, state: S) -> ft.Control:
    """The first open question's card (an empty container when none waits)."""
    q = state.question
    if q is None:
        return ft.Container()
    if q.kind == "place":
        form = keyed(f"it-place-{len(state.questions)}-{'-'.join(q.tiles)}", PlaceForm, model, state, q)
        return card(heading("The bowl's tiles"), asked(q, state), form, key="it-pending")
    parts = {"deploy": _deploy, "discard": _discard, "activate": _activate, "target": _target}
    if q.kind in parts:
        return card(*parts[q.kind](model, state, q), key="it-pending")
    return card(asked(q, state), ft.Text("Answer it on the Decade end screen.", size=13), key="it-pending")
