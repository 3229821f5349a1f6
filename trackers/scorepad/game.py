"""Score pad: running scores per player, rounds, a first-player draw and a final ranking.

It serves any game Lantern does not track in full, and it is the smallest complete game module:
read it (with state.py, actions.py, rules.py and queries.py beside it) first when adding a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from trackers.core.actions import Action, Event
from trackers.core.game import Moment, Outcome, Score, Setup, Summary, TableNote, notes_from
from trackers.core.options import options_of, settings_from
from trackers.core.registry import register
from trackers.core.rules import RulebookGame
from trackers.scorepad import ENTRY
from trackers.scorepad.rules import RULEBOOK
from trackers.scorepad.state import ScorePadState, Settings


class ScorePad(RulebookGame[ScorePadState]):
    id = ENTRY.id
    title = ENTRY.title
    min_players = 1
    max_players = 8
    options = options_of(Settings)
    rulebook = RULEBOOK
    content_versions: Mapping[str, str] = {}

    def new_state(self, setup: Setup, seed: int) -> ScorePadState:
        return ScorePadState(
            setup.players, (0,) * len(setup.players), settings=settings_from(Settings, setup)
        )

    def summary(self, state: ScorePadState) -> Summary:
        scores = tuple(Score(p, s) for p, s in zip(state.players, state.scores, strict=True))
        if state.finished:
            return Summary(state.round, "Game over", None, scores, "Undo to reopen the game.")
        return Summary(state.round, "Scoring", state.first_player, scores, "Enter points as they are scored.")

    def outcome(self, state: ScorePadState) -> Outcome | None:
        if not state.finished:
            return None
        ranking = tuple(sorted(self.summary(state).scores, key=lambda s: -s.points))
        best = ranking[0].points
        return Outcome(tuple(s.player for s in ranking if s.points == best), ranking, "highest score wins")

    def moment(self, state: ScorePadState) -> Moment:
        return (state.round, state.finished)

    def table_notes(self, action: Action, events: Sequence[Event], drew: bool) -> tuple[TableNote, ...]:
        if not drew:
            return ()
        return notes_from(events, {"first_player": lambda e: f"{e.value('player')} starts the round."})


SCOREPAD = ScorePad()
register(SCOREPAD)
