"""The main screen: the open question first, then the year's start, the turn as one card that fits a phone's
screen (a stepper: steps taken one line each, the step open now in full, the optional entries a tap away,
the steps to come named once), or the clean-up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from trackers.hope_city.actions import ChaosIn, ClaimPunkSite, EndTurn, EndYear, Move, ResolveChaos, Trade
from trackers.hope_city.queries import attack_due, blocked, complete_sets, question
from trackers.hope_city.state import HopeCityState, Turn
from views.forms import rule_link, send_button
from views.games.hope_city.attack import AttackStep, fight_back_step
from views.games.hope_city.card_steps import card_steps
from views.games.hope_city.first_steps import TradeStep, done, move_step, wage_step
from views.games.hope_city.objective import objective_step
from views.games.hope_city.parts import TALENT, TEMPTATION, label
from views.games.hope_city.payment import PaymentForm
from views.games.hope_city.questions import PendingCard
from views.games.hope_city.sets import SetsForm
from views.games.hope_city.talents import TalentForm
from views.games.hope_city.temptations import TemptationForm
from views.model import AppModel
from views.widgets import Act, Latest, action_button, action_row, card, chip_row, heading, keyed, line, tagged


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


LATER = (
    "2. Trade",
    "3. Move",
    "4. PUNK attack",
    "5. Objective",
    "6. Attempt or defer",
    "7. Success or failure",
    "8. What the card says",
)
"""The turn's steps after the wage, each as the line that names it while it is not open yet."""
TRADE_PASSED = ("hope-city.traded", "hope-city.trade_late")
MOVE_PASSED = ("hope-city.moved", "hope-city.move_late")
"""Why the engine refuses a trade or a move once its moment in the turn has gone (no button for it then)."""


def _open_now(state: HopeCityState, turn: Turn) -> int:
    """The step open now after the wage, as its place in LATER (past the end once the objective is done and
    the card's text is what remains)."""
    if attack_due(state):
        return 2
    card = turn.objective
    if card is None:
        return 6 if turn.objective_done else 3
    return 5 if card.paid else 4


def later_steps(state: HopeCityState, turn: Turn, waiting: bool) -> tuple[str, ...]:
    """The steps not open yet, each named once, with the one open now while a question waits above: the End
    button under them says what opens them."""
    who = state.citizen(turn.citizen)
    if not turn.wage_taken:
        return (*LATER, f"{TALENT[who.id]} and {TEMPTATION[who.id]}")
    at = _open_now(state, turn)
    return LATER[at if waiting else at + 1 :]


def _still_open(state: HopeCityState, kind: type[Trade | Move], passed: tuple[str, ...]) -> bool:
    """A trade or a move the turn may still take (its form says why not while something else comes first)."""
    return not any(v.code in passed for v in blocked(state, kind))


def _optional(
    model: AppModel, state: HopeCityState, turn: Turn, opened: Latest[frozenset[str]]
) -> list[ft.Control]:
    """Trade, the talent and temptation, and the sets: each a tap away, its form under the buttons while
    open; the move's spaces, while the turn may still move, and a complete set or the PUNKS' City Site are
    shown at once (moving is what most turns do next: one tap, not two)."""
    who = state.citizen(turn.citizen)
    tag = f"{state.year}-{turn.citizen}"
    sets_due = bool(complete_sets(state)) or not blocked(state, ClaimPunkSite)
    parts: list[tuple[str, str, Callable[[], ft.Control]]] = []
    if not turn.traded and _still_open(state, Trade, TRADE_PASSED):
        parts.append(("trade", "Trade", lambda: keyed(f"hc-trade-{tag}", TradeStep, model, state, turn)))
    parts += [
        ("talent", TALENT[who.id], lambda: keyed(f"hc-talent-{tag}", TalentForm, model, state, who)),
        (
            "temptation",
            TEMPTATION[who.id],
            lambda: keyed(f"hc-temptation-{tag}", TemptationForm, model, state, who),
        ),
    ]
    if not sets_due:
        parts.append(("sets", "Sets", lambda: keyed(f"hc-sets-{tag}", SetsForm, model, state)))

    def flip(name: str) -> None:
        opened.set(opened.value ^ {name})

    shown = opened.shown
    buttons = chip_row([(name, text) for name, text, _ in parts], shown, flip, key="hc-open")
    forms = [build() for name, _, build in parts if name in shown]
    if not turn.moved and _still_open(state, Move, MOVE_PASSED):
        forms.insert(1 if "trade" in shown else 0, move_step(model, state, turn))
    if sets_due:
        forms.append(keyed(f"hc-sets-{tag}", SetsForm, model, state))
    return [buttons, *forms]


def _current(
    model: AppModel, state: HopeCityState, turn: Turn, open_effects: Callable[[], Any]
) -> list[ft.Control]:
    """The step open now, in full: the wage, the PUNK attack, the objective, or the card's text."""
    if not turn.wage_taken:
        return []
    if attack_due(state):
        return [keyed(f"hc-attack-{state.year}-{turn.citizen}", AttackStep, model, state, turn)]
    objective = turn.objective
    attempt: ft.Control = ft.Container()
    if objective is not None and not objective.paid:
        tag = f"{state.year}-{turn.citizen}"
        pay_key = f"hc-payment-{tag}-{objective.category}-{'-'.join(objective.cost)}-{objective.source}"
        attempt = keyed(pay_key, PaymentForm, model, state, turn, objective)
    steps = objective_step(model, state, turn, attempt)
    if turn.objective_done:
        listed = card_steps(model, state, turn)
        text = "Something else the card says" if listed else "8. What the card says"
        steps += [*listed, action_button(text, open_effects, key="hc-card-says", primary=not listed)]
    return steps


def _done(model: AppModel, state: HopeCityState, turn: Turn) -> list[ft.Control]:
    """Steps 1 to 4 once taken, one line each (and the beaten PUNKS to fight back)."""
    who = state.citizen(turn.citizen)
    lines = [wage_step(model, state, turn)]
    if turn.traded:
        lines.append(done("hc-trade-done", "2. Trade: done."))
    if turn.moved:
        lines.append(done("hc-move-done", f"3. Move: moved to {label(who.space or '')}."))
    if turn.attack_faced:
        lines.append(done("hc-attack-done", f"4. PUNK attack: faced on {label(turn.attacked_on or '')}."))
        lines.append(fight_back_step(model, state, turn))
    return lines


@ft.component
def TurnCard(
    model: AppModel, state: HopeCityState, turn: Turn, open_effects: Callable[[], Any]
) -> ft.Control:
    """The turn as a stepper: steps taken one line each, the step open now in full, the optional entries a
    tap away, the steps to come named once, and the End button with what still holds the turn. While a
    question waits above, every other entry is closed for that one reason: the End button gives it once."""
    opened: Latest[frozenset[str]] = Latest(frozenset())
    who = state.citizen(turn.citizen)
    waiting = bool(question(state))
    later = later_steps(state, turn, waiting)
    controls: list[ft.Control] = [
        tagged("hc-on-turn", heading(f"The {who.label}'s turn")),
        *_done(model, state, turn),
    ]
    if turn.wage_taken and not waiting:
        controls += [*_optional(model, state, turn, opened), *_current(model, state, turn, open_effects)]
    if later:
        controls.append(line("hc-later", f"Later: {', '.join(later)}.", 12, italic=True))
    controls.append(
        send_button(
            model,
            f"End the {who.name}'s turn",
            EndTurn(),
            key="hc-end-turn",
            primary=True,
            blocked=blocked(state, EndTurn),
        )
    )
    return tagged("hc-turn", card(*controls, key="hc-turn-card"))


@ft.component
def TurnScreen(model: AppModel, state: HopeCityState, open_effects: Callable[[], Any]) -> ft.Control:
    controls: list[ft.Control] = [PendingCard(model, state)]
    if state.stage == "chaos":
        controls.append(year_start(model, state))
    elif state.stage == "turns" and state.turn is not None:
        tag = f"{state.year}-{state.turn.citizen}"
        controls.append(keyed(f"hc-turn-{tag}", TurnCard, model, state, state.turn, open_effects))
    elif state.stage == "cleanup":
        sets = keyed(f"hc-sets-cleanup-{state.year}", SetsForm, model, state)
        controls += [cleanup(model, state), card(sets, key="hc-sets-card")]
    return ft.Column(controls, spacing=12)
