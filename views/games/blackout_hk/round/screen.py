"""The round screen: where the round stands and what comes next, then the form of the stage the table is
in (a cube to place on the map comes first)."""

from __future__ import annotations

import flet as ft

from trackers.blackout_hk import queries
from trackers.blackout_hk.state import CHAPTER_NAMES, BlackoutState
from views.games.blackout_hk.round.buy import BuyCard, CleanUpForm
from views.games.blackout_hk.round.deploy import DeployCard
from views.games.blackout_hk.round.dice import DiceForm, PlanForm
from views.games.blackout_hk.round.end import ChapterCard, FinalForm, RefreshCard, SecureForm
from views.games.blackout_hk.round.goals import ObjectivesForm, PlaceForm
from views.games.blackout_hk.round.scout import ScoutForm
from views.games.blackout_hk.round.start import SetupForm, StartsForm
from views.model import AppModel
from views.widgets import card, keyed, line, tagged

S = BlackoutState
FORMS = {
    "setup": SetupForm,
    "starts": StartsForm,
    "dice": DiceForm,
    "plan": PlanForm,
    "deploy": DeployCard,
    "objectives": ObjectivesForm,
    "scout": ScoutForm,
    "buy": BuyCard,
    "cleanup": CleanUpForm,
    "secure": SecureForm,
    "refresh": RefreshCard,
    "final": FinalForm,
    "chapter": ChapterCard,
}


def where_text(state: S) -> str:
    chapter = f"Chapter {state.chapter} ({CHAPTER_NAMES[state.chapter]}) · " if state.chapter else ""
    rnd = f"round {state.round} · " if state.round else ""
    return f"{chapter}{rnd}{queries.STAGES[state.stage]}"


@ft.component
def RoundScreen(model: AppModel, state: S) -> ft.Control:
    tag = f"{state.chapter}-{state.round}-{state.stage}-{state.turn}-{state.to_place}-{len(state.campaign)}"
    tag += "-" + "-".join(d or "_" for d in state.dice)
    header = card(
        line("bhk-where", where_text(state)),
        tagged("bhk-step", ft.Text(queries.next_step(state), size=18, weight=ft.FontWeight.BOLD)),
        key="bhk-round-header",
    )
    body: ft.Control
    if state.to_place:
        body = keyed(f"bhk-place-{tag}", PlaceForm, model, state)
    elif state.stage in FORMS:
        body = keyed(f"bhk-form-{state.stage}-{tag}", FORMS[state.stage], model, state)
    else:
        body = card(line("bhk-over", "The game is over: see the final sheet."), key="bhk-over-card")
    return ft.Column([header, body], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
