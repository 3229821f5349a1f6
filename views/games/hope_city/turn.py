"""The main screen: what the table does next and whose turn it is, the open question first, then the year's
start, the turn's steps in order with the talent and temptation, or the clean-up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from trackers.hope_city.actions import ChaosIn, EndTurn, EndYear, ResolveChaos
from trackers.hope_city.queries import blocked
from trackers.hope_city.state import HopeCityState, Turn
from views.forms import rule_link, send_button
from views.games.hope_city.attack import AttackStep, fight_back_step
from views.games.hope_city.first_steps import TradeStep, move_step, wage_step
from views.games.hope_city.objective import objective_steps
from views.games.hope_city.parts import TALENT, TEMPTATION
from views.games.hope_city.payment import PaymentForm
from views.games.hope_city.questions import PendingCard
from views.games.hope_city.sets import SetsCard
from views.games.hope_city.talents import TalentForm
from views.games.hope_city.temptations import TemptationForm
from views.model import AppModel
from views.widgets import Act, action_button, action_row, card, heading, keyed, tagged


def year_start(model: AppModel, state: HopeCityState) -> ft.Control:
    return card(
        heading("The year begins"),
        tagged("hc-chaos-left", ft.Text(f"Chaos cards in the pile: {state.chaos_pile}.")),
        send_button(
            model,
            "Put a chaos card in play",
            ChaosIn(),
            key="hc-chaos-in",
            primary=True,
            blocked=blocked(state, ChaosIn),
        ),
        ft.Text("A claimed Phoenix Monument is placed now, under What the card says."),
        rule_link(model, "hope-city/chaos", key="hc-rule-chaos"),
        key="hc-year-start",
    )


def cleanup(model: AppModel, state: HopeCityState) -> ft.Control:
    why = blocked(state, ResolveChaos)
    return card(
        heading("Clean-up"),
        ft.Text("Conditions met? (the chaos card's text stays on the table)"),
        action_row(
            [
                Act("Yes", lambda: model.dispatch(ResolveChaos(True)), "hc-chaos-met", why),
                Act(
                    "No: enter its consequence",
                    lambda: model.dispatch(ResolveChaos(False)),
                    "hc-chaos-not-met",
                    why,
                ),
            ],
            key="hc-chaos-resolve",
        ),
        send_button(
            model, "End the year", EndYear(), key="hc-end-year", primary=True, blocked=blocked(state, EndYear)
        ),
        rule_link(model, "hope-city/year", key="hc-rule-cleanup"),
        key="hc-cleanup",
    )


def turn_cards(
    model: AppModel, state: HopeCityState, turn: Turn, open_effects: Callable[[], Any]
) -> list[ft.Control]:
    who = state.citizen(turn.citizen)
    tag = f"{state.year}-{turn.citizen}"
    objective = turn.objective
    attempt: ft.Control = ft.Container()
    if objective is not None and not objective.paid:
        pay_key = f"hc-payment-{tag}-{objective.category}-{'-'.join(objective.cost)}-{objective.source}"
        attempt = keyed(pay_key, PaymentForm, model, state, turn, objective)
    after: list[ft.Control] = []
    if turn.objective_done:
        after.append(action_button("8. What the card says", open_effects, key="hc-card-says", primary=True))
    return [
        card(
            tagged("hc-on-turn", heading(f"The {who.label}'s turn")),
            wage_step(model, state, turn),
            keyed(f"hc-trade-{tag}", TradeStep, model, state, turn),
            move_step(model, state, turn),
            key="hc-first-steps",
        ),
        card(
            keyed(f"hc-attack-{tag}", AttackStep, model, state, turn),
            fight_back_step(model, state, turn),
            key="hc-attack-card",
        ),
        card(*objective_steps(model, state, turn, attempt), *after, key="hc-objective-card"),
        keyed(f"hc-sets-{tag}", SetsCard, model, state),
        card(
            send_button(
                model,
                f"End the {who.name}'s turn",
                EndTurn(),
                key="hc-end-turn",
                primary=True,
                blocked=blocked(state, EndTurn),
            ),
            key="hc-end-turn-card",
        ),
        card(
            heading(f"{TALENT[who.id]} and {TEMPTATION[who.id]}: the {who.name}"),
            keyed(f"hc-talent-{tag}", TalentForm, model, state, who),
            keyed(f"hc-temptation-{tag}", TemptationForm, model, state, who),
            key="hc-talent-card",
        ),
    ]


@ft.component
def TurnScreen(model: AppModel, state: HopeCityState, open_effects: Callable[[], Any]) -> ft.Control:
    controls: list[ft.Control] = [PendingCard(model, state)]
    if state.stage == "chaos":
        controls.append(year_start(model, state))
    elif state.stage == "turns" and state.turn is not None:
        controls += turn_cards(model, state, state.turn, open_effects)
    elif state.stage == "cleanup":
        controls += [cleanup(model, state), keyed(f"hc-sets-cleanup-{state.year}", SetsCard, model, state)]
    return ft.Column(controls, spacing=12)
