"""Blackout: Hong Kong as a game module: the rulebook, the steps that follow an entry by themselves, the
header's summary and the final ranking (or a campaign's chapters)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from trackers.blackout_hk import (
    ENTRY,
    catalogue,  # noqa: F401  (registers the blackout-hk.cards pack kind)
    flow,
    scoring,
    table_notes,
)
from trackers.blackout_hk.rules import RULEBOOK
from trackers.blackout_hk.setup import new_chapter
from trackers.blackout_hk.state import CHAPTER_NAMES, BlackoutState, Settings
from trackers.core.actions import Action, Event
from trackers.core.game import Moment, Outcome, Score, Setup, SetupFix, Summary, TableNote
from trackers.core.options import options_of, settings_from
from trackers.core.registry import register
from trackers.core.rules import RulebookGame

S = BlackoutState
CAMPAIGN = "the campaign"
STAGES = {
    "setup": "Set-up",
    "starts": "Set-up",
    "dice": "1 Dice",
    "plan": "1 Planning",
    "deploy": "2 Deploy",
    "objectives": "3 Objectives",
    "scout": "4 Scout",
    "buy": "5 New objectives",
    "cleanup": "6 Clean up",
    "secure": "7 Secure districts",
    "refresh": "8 Refresh",
    "final": "Final scoring",
    "chapter": "Chapter over",
    "over": "Game over",
}


def next_step(state: S) -> str:
    """What the table does next."""
    who = state.on_turn
    if state.result:
        return "The campaign is over." if state.result == "campaign" else "Game over."
    if state.to_place:
        return f"{who}: place {state.to_place} cube(s) on the map."
    stage = state.stage
    if stage == "setup":
        return "Enter the components' data Lantern may use, then start."
    if stage == "starts":
        return f"{who}: put your first cube on a location."
    if stage == "dice":
        if state.reroll:
            return f"Roll again: {' and '.join(state.reroll)}."
        return "The starting player rolls the three resource dice."
    if stage == "plan":
        left = [n for n in state.names if n not in state.planned_by]
        return f"Plan cards into slots: {', '.join(left)}."
    if stage == "deploy":
        if state.window_uses:
            return f"{who}: a check-mark action, or done."
        return f"{who}: turn up your planned cards."
    if stage == "objectives":
        return f"{who}: complete goals, then done."
    if stage == "scout":
        return f"{who}: scout a district, or done."
    if stage == "buy":
        return f"{who}: buy a card or pass."
    if stage == "cleanup":
        return f"{who}: waste water and food; discard up to 1 objective."
    if stage == "secure":
        return "Enter each district secured this round, then done."
    if stage == "refresh":
        if state.window_uses:
            return f"{who}: check-mark actions, then done."
        return f"{who}: refresh your hand, or done."
    if stage == "final":
        left = [n for n in state.names if n not in {f[0] for f in state.final_points}]
        return f"Count the cards' points: {', '.join(left)}."
    return "Start the next chapter."


class BlackoutHongKong(RulebookGame[BlackoutState]):
    id = ENTRY.id
    title = ENTRY.title
    min_players = 1
    max_players = 4
    options = options_of(Settings)
    rulebook = RULEBOOK
    content_versions: Mapping[str, str] = {}

    def setup_fix(self, players: Sequence[str], options: Mapping[str, Any]) -> SetupFix | None:
        """Alone, only the campaign can be played: the New game screen picks it for one player."""
        if len(players) == 1 and options.get("mode", Settings().mode) != CAMPAIGN:
            return SetupFix(
                "Alone, Blackout: Hong Kong is played as the campaign.",
                "blackout-hk/solo",
                "Play the campaign",
                (("mode", CAMPAIGN),),
            )
        return None

    def new_state(self, setup: Setup, seed: int) -> BlackoutState:
        settings = settings_from(Settings, setup)
        chapter = settings.chapter if settings.campaign else 0
        losses = settings.losses if chapter and len(setup.players) == 1 else 0
        return new_chapter(setup.players, settings, chapter, losses)

    def apply(self, state: S, action: Action, rng: Random) -> tuple[S, list[Event]]:
        after, events = self.rulebook.apply(state, action, rng)
        after, more = flow.settle(after, rng)
        return after, events + more

    def summary(self, state: S) -> Summary:
        scores = tuple(Score(p.name, p.score) for p in state.players)
        phase = STAGES[state.stage]
        if state.chapter:
            phase = f"Ch. {state.chapter} {CHAPTER_NAMES[state.chapter]} · {phase}"
        return Summary(state.round or None, phase, state.on_turn, scores, next_step(state), "points")

    def moment(self, state: S) -> Moment:
        """A new chapter, round, stage, player on turn or cube to place is a new step."""
        return (state.chapter, state.round, state.stage, state.turn, state.to_place, state.result)

    def table_notes(self, action: Action, events: Sequence[Event], drew: bool) -> tuple[TableNote, ...]:
        return table_notes.notes(events, drew)

    def outcome(self, state: S) -> Outcome | None:
        if not state.result:
            return None
        if state.result == "campaign":
            totals = sorted(
                ((n, scoring.trees_of(state, n)) for n in state.names),
                key=lambda t: (-t[1], state.names.index(t[0])),
            )
            best = totals[0][1]
            return Outcome(
                tuple(n for n, t in totals if t == best),
                tuple(Score(n, t) for n, t in totals),
                scoring.campaign_text(state),
            )
        ranked = scoring.ranking(state)
        return Outcome(
            scoring.winners(state),
            tuple(Score(r[0], r[1]) for r in ranked),
            "Game over.",
            tuple((r[0], r[3]) for r in ranked),
        )


BLACKOUT_HK = BlackoutHongKong()
register(BLACKOUT_HK)
