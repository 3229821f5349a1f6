"""An Infamous Traffic as a game module: the rulebook, the steps that follow an entry by themselves, the
header's summary and the final ranking (ties go to the player earlier in turn order)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

from trackers.core.actions import Action, Event
from trackers.core.errors import Violation
from trackers.core.game import Moment, Outcome, Score, Setup, Summary, TableNote
from trackers.core.options import options_of, settings_from
from trackers.core.registry import register
from trackers.core.rules import RulebookGame
from trackers.infamous_traffic import (
    ENTRY,
    catalogue,  # noqa: F401  (registers the infamous-traffic.cards pack kind)
    china,
    decade,
    flow,
    table_notes,
)
from trackers.infamous_traffic.guards import as_meant
from trackers.infamous_traffic.rules import RULEBOOK
from trackers.infamous_traffic.state import EVENTS_PER_DECADE, TILE_NAMES, InfamousTrafficState, Settings

STAGES = {
    "board": "Set-up",
    "starts": "Set-up",
    "turns": "Turns",
    "events": "Events",
    "war": "Opium War",
    "rush": "Post-War Rush",
    "books": "Balance books",
    "season": "London Season",
    "compound": "London Season",
    "penalty": "Final score",
    "over": "Game over",
}
ASKS = {
    "place": "{p}: place the bowl's tiles ({t}).",
    "deploy": "{p}: Deploy for 1 debt, or skip it.",
    "discard": "{p}: discard a card down to 5.",
    "activate": "{p}: choose which ready chain activates first.",
    "target": "{p} breaks the tie: {o}.",
    "supply": "No demand dice left: {p} chooses which region gives one back ({o}).",
    "returns": "{p}: return {n} inactive tile(s) to the supply.",
}


def next_step(state: InfamousTrafficState) -> str:
    """What the table does next."""
    if state.result:
        return f"Game over: {state.reason}."
    if q := state.question:
        tiles = ", ".join(TILE_NAMES[t] for t in q.tiles)
        return ASKS[q.kind].format(p=q.player, t=tiles, o=", ".join(q.options), n=q.count)
    if state.stage == "board":
        return "Enter the China board and count the demand dice in the box."
    if state.stage == "starts":
        left = [p for p in state.players if not any(p in row for row in state.action_rows)]
        return f"{left[0]}: choose a starting card."
    if state.stage == "turns":
        return f"{state.on_turn}: take one action."
    if state.stage == "events":
        return f"Draw event {state.events_done + 1} of {EVENTS_PER_DECADE}."
    if state.stage == "war":
        return f"{state.commander} spends the war's strength ({state.war_strength} left)."
    if state.stage == "rush":
        return f"{state.rush_player}: a China action for 1 more debt, or pass."
    if state.stage == "season":
        return f"{state.on_turn}: keep a prize."
    if state.stage == "compound":
        return f"Enter the compounded debt of {', '.join(state.compound_due)}."
    return f"Enter the debt penalty of {', '.join(decade.penalty_due(state))}."


def _new_mismatches(before: InfamousTrafficState, after: InfamousTrafficState) -> list[Event]:
    """A region whose demand dice stopped matching its black tiles (a case the rules leave open)."""
    if after.board is None:
        return []
    known = set(china.demand_mismatches(before)) if before.board is not None else set()
    return [
        Event.of(
            "demand_mismatch",
            f"{region} now has {len(after.region(region).demand)} demand dice for "
            f"{china.black_tiles(after, region)} black tile(s): settle its dice at the table.",
            region=region,
            rule="infamous-traffic/demand",
        )
        for region in china.demand_mismatches(after)
        if region not in known
    ]


class InfamousTraffic(RulebookGame[InfamousTrafficState]):
    id = ENTRY.id
    title = ENTRY.title
    min_players = 2
    max_players = 5
    options = options_of(Settings)
    rulebook = RULEBOOK
    content_versions: Mapping[str, str] = {}

    def new_state(self, setup: Setup, seed: int) -> InfamousTrafficState:
        return InfamousTrafficState(setup.players, settings_from(Settings, setup))

    def validate(self, state: InfamousTrafficState, action: Action) -> list[Violation]:
        """Names are compared as the table means them (`guards.as_meant`)."""
        return self.rulebook.validate(state, as_meant(state, action))

    def describe(self, state: InfamousTrafficState, action: Action) -> str:
        return self.rulebook.describe(state, as_meant(state, action))

    def apply(
        self, state: InfamousTrafficState, action: Action, rng: Random
    ) -> tuple[InfamousTrafficState, list[Event]]:
        """Whatever follows by itself (the end of a turn, a round, a decade's steps) runs at once."""
        after, events = self.rulebook.apply(state, as_meant(state, action), rng)
        after, more = flow.settle(after, rng)
        return after, events + more + _new_mismatches(state, after)

    def summary(self, state: InfamousTrafficState) -> Summary:
        if state.result:
            scores = tuple(Score(p, sum(n for _, n in decade.score(state, p))) for p in state.players)
            label = "VP"
        else:
            scores = tuple(Score(p, china.revenue(state, p) if state.board else 0) for p in state.players)
            label = "revenue"
        return Summary(
            state.decade, STAGES[state.stage], state.on_turn, scores, next_step(state), label, "Decade"
        )

    def outcome(self, state: InfamousTrafficState) -> Outcome | None:
        if not state.result:
            return None
        ranked = decade.ranking(state)
        ranking = tuple(Score(p, total) for p, total, _ in ranked)
        breakdown = tuple((p, parts) for p, _, parts in ranked)
        return Outcome((ranked[0][0],), ranking, f"Game over: {state.reason}.", breakdown)

    def moment(self, state: InfamousTrafficState) -> Moment:
        """A new stage, decade, round, turn or question is a new step."""
        return (state.stage, state.decade, state.round, state.acted, state.question, state.result)

    def table_notes(self, action: Action, events: Sequence[Event], drew: bool) -> tuple[TableNote, ...]:
        return table_notes.notes(events, drew)


INFAMOUS_TRAFFIC = InfamousTraffic()
register(INFAMOUS_TRAFFIC)
