"""The turn screen: whose turn it is and where the pawns stand; the open question first (its words say
what comes next); then the turn's one action (a row of big buttons, the chosen one's form under it) or, at the
end of the round, the events; what the last event did; and a card's cash or debt."""

from __future__ import annotations

import flet as ft

from trackers.infamous_traffic.state import LOCATIONS, InfamousTrafficState
from views.games.infamous_traffic.deploy import DeployForm
from views.games.infamous_traffic.parts import PLACES, firm_text
from views.games.infamous_traffic.questions.card import QuestionCard
from views.games.infamous_traffic.turn.actions import BusinessForm, InquireForm, action_buttons
from views.games.infamous_traffic.turn.china import AdjustForm, InfluenceForm, conspiracy_part
from views.games.infamous_traffic.turn.events import events_card, last_event_card
from views.games.infamous_traffic.turn.money import MoneyForm
from views.model import AppModel
from views.widgets import Latest, card, keyed, line, tagged

S = InfamousTrafficState


def pawns_text(state: S) -> str:
    """Every pawn by location, in the board's reading order: those to act, then travellers and passers."""
    parts = []
    for loc in state.location_order:
        i = LOCATIONS.index(loc)
        names = [
            *state.action_rows[i],
            *(f"{p} (arrived)" for p in state.travel_rows[i]),
            *(f"{p} (passed)" for p in state.passers[i]),
        ]
        parts.append(f"{PLACES[loc]}: {', '.join(names) or 'nobody'}")
    return "; ".join(parts)


def header(state: S, who: str | None) -> ft.Control:
    """The round, whose turn, their pawn and firm, and every pawn. What comes next (`next_step`) is in the
    game's header just above, and a question's words head its own card: not said a second time here."""
    if who is not None:
        title, pawn = f"{who}'s turn", f"{who}'s pawn is in {PLACES[state.location_of(who)]}."
    else:
        title, pawn = "End of the round", "Every pawn has acted this round."
    return card(
        ft.Text(f"Decade {state.decade}, round {state.round}", size=13),
        tagged("it-on-turn", ft.Text(title, size=18, weight=ft.FontWeight.BOLD)),
        tagged("it-pawn", ft.Text(pawn)),
        line("it-firm", firm_text(state, who)) if who is not None else ft.Container(),
        line("it-pawns", pawns_text(state)),
        key="it-turn-header",
    )


def form_for(model: AppModel, state: S, who: str, form: str, tag: str) -> ft.Control:
    if form == "inquire":
        return keyed(f"it-inquire-form-{tag}", InquireForm, model, state, who)
    if form == "business":
        return keyed(f"it-business-form-{tag}", BusinessForm, model, state, who)
    if form == "deploy":
        return keyed(f"it-deploy-form-{tag}", DeployForm, model, state, who, False)
    if form == "adjust":
        return keyed(f"it-adjust-form-{tag}", AdjustForm, model, state, who)
    if form == "influence":
        return keyed(f"it-influence-form-{tag}", InfluenceForm, model, state, who)
    if form == "conspiracy":
        return conspiracy_part(model, state)
    return ft.Container()


@ft.component
def TurnScreen(model: AppModel, state: S) -> ft.Control:
    opened = Latest[tuple[tuple[object, ...], str] | None](None)
    who = state.on_turn
    moment: tuple[object, ...] = (state.decade, state.round, state.acted, state.stage, bool(state.questions))
    chosen = opened.shown[1] if opened.shown is not None and opened.shown[0] == moment else ""
    tag = f"{state.decade}-{state.round}-{state.acted}"

    def open_form(form: str) -> None:
        now = opened.value
        same = now is not None and now[0] == moment and now[1] == form
        opened.set((moment, "" if same else form))

    controls: list[ft.Control] = [header(state, who), QuestionCard(model, state)]
    if state.stage == "turns" and who is not None:
        controls.append(
            card(
                action_buttons(model, state, who, chosen, open_form),
                form_for(model, state, who, chosen, tag),
                key="it-turn-card",
            )
        )
    elif state.stage == "events":
        controls.append(events_card(model, state))
    controls.append(last_event_card(model))
    payer = who or (state.question.player if state.question else None)
    controls.append(card(keyed(f"it-money-form-{tag}", MoneyForm, model, state, payer), key="it-money-card"))
    return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
