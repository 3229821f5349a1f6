"""Hope City as a game module: the rulebook, the set-up before citizens are chosen, the header's summary
and the co-operative outcome (every player wins or loses together)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from random import Random

from trackers.core.actions import Action, Event
from trackers.core.game import Moment, Outcome, Score, Setup, Summary, TableNote
from trackers.core.options import options_of, settings_from
from trackers.core.registry import register
from trackers.core.rules import RulebookGame
from trackers.hope_city import (
    ENTRY,
    catalogue,  # noqa: F401  (registers the hope-city.cards pack kind)
    flows,
    table_notes,
)
from trackers.hope_city.guards import sets_settled
from trackers.hope_city.rules import QUESTIONS, RULEBOOK
from trackers.hope_city.state import HopeCityState, Settings
from trackers.hope_city.turn import attack_due

STAGES = {
    "citizens": "Set-up",
    "tokens": "Set-up",
    "chaos": "Year start",
    "turns": "Turns",
    "cleanup": "Clean-up",
    "over": "Game over",
}


def question(state: HopeCityState) -> str:
    """The question an entry left open, by its name in `rules.QUESTIONS` ("" for none): the phase the
    rulebook is in, so the table answers it before anything else."""
    current = RULEBOOK.phase(state)
    return next((name for phase, name in QUESTIONS if phase is current), "")


ASKED: dict[str, Callable[[HopeCityState], str]] = {
    "scripts": lambda s: f"Take {s.scripts_due} corruption off other citizens (SELL SCRIPTS).",
    "corruption": lambda s: f"Pass {s.corruption_due} corruption on to good citizens.",
    "punk": lambda s: "Choose a space for the PUNK that emerged.",
    "deal": lambda s: "The Drug Dealer deals corruption.",
}


def next_step(state: HopeCityState) -> str:
    """What the table does next, in the order the rules ask."""
    if state.result:
        return f"{state.result.capitalize()}: {state.reason}"
    if state.stage == "citizens":
        return "Choose who plays which citizen, and count the Pool and the PUNKS."
    if state.stage == "tokens":
        return f"Draw the starting token for the {state.citizen(state.start_due[0]).name}."
    if asked := question(state):
        return ASKED[asked](state)
    if state.stage == "chaos":
        return f"Year {state.year}: put a chaos card in play."
    if state.stage == "cleanup":
        if state.chaos_in_play and not state.chaos_resolved:
            return "Were the chaos card's conditions met?"
        if waiting := sets_settled(state):
            return waiting[0].message
        return "End the year: PUNKS infect the bag."
    turn = state.turn
    citizen = state.on_turn
    assert turn is not None and citizen is not None
    if not turn.wage_taken:
        return f"The {citizen.name} draws the wage."
    if attack_due(state):
        return f"The {citizen.name} faces the PUNK attack."
    if turn.objective is None and not turn.objective_done:
        return f"The {citizen.name} may trade, move, then pick an objective of their space ({citizen.space})."
    if turn.objective is not None and not turn.objective.paid:
        return "Attempt the objective (pay its cost) or put it on the Future Track."
    if turn.objective is not None:
        return "Did the attempt succeed?"
    if waiting := sets_settled(state):
        return waiting[0].message
    return f"Enter the card's result, cash a set if one is complete, then end the {citizen.name}'s turn."


class HopeCity(RulebookGame[HopeCityState]):
    id = ENTRY.id
    title = ENTRY.title
    min_players = 1
    max_players = 6
    options = options_of(Settings)
    rulebook = RULEBOOK
    content_versions: Mapping[str, str] = {}

    def new_state(self, setup: Setup, seed: int) -> HopeCityState:
        return HopeCityState(setup.players, settings_from(Settings, setup))

    def apply(self, state: HopeCityState, action: Action, rng: Random) -> tuple[HopeCityState, list[Event]]:
        """The city is judged after every entry: Ruin first, then Thrive."""
        after, events = self.rulebook.apply(state, action, rng)
        after, verdict = flows.judged(after)
        return after, events + verdict

    def summary(self, state: HopeCityState) -> Summary:
        scores = tuple(
            Score(p, sum(c.corruption for c in state.active if c.player == p)) for p in state.players
        )
        who = state.on_turn
        return Summary(
            state.year,
            STAGES[state.stage],
            who.player if who else None,
            scores,
            next_step(state),
            "corruption",
            "Year",
        )

    def outcome(self, state: HopeCityState) -> Outcome | None:
        if state.result is None:
            return None
        won = state.result in ("thrive", "survive")
        sites = state.city.sites
        breakdown = tuple(
            (p, (("City Sites", sites), ("Urban Blights", state.city.blights))) for p in state.players
        )
        return Outcome(
            state.players if won else (),
            self.summary(state).scores,
            f"{state.result.capitalize()}: {state.reason}",
            breakdown,
            cooperative=True,
        )

    def moment(self, state: HopeCityState) -> Moment:
        """A new stage, year, citizen on turn or question is a new step."""
        turn = state.turn.citizen if state.turn else None
        return (state.stage, state.year, turn, question(state), state.result)

    def table_notes(self, action: Action, events: Sequence[Event], drew: bool) -> tuple[TableNote, ...]:
        return table_notes.notes(action, events, drew)


HOPE_CITY = HopeCity()
register(HOPE_CITY)
