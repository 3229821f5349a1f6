"""Toy game: 2 to 4 players take turns rolling a die, banking or busting; the first to the target wins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tests.toy_game.rules import RULEBOOK
from tests.toy_game.state import Settings, ToyState
from trackers.core.actions import Action, Event
from trackers.core.game import Moment, Outcome, Score, Setup, Summary, TableNote, notes_from
from trackers.core.options import options_of, settings_from
from trackers.core.rules import RulebookGame


class ToyGame(RulebookGame[ToyState]):
    id = "toy-game"
    title = "Toy game"
    min_players = 2
    max_players = 4
    options = options_of(Settings)
    rulebook = RULEBOOK
    content_versions: Mapping[str, str] = {}

    def new_state(self, setup: Setup, seed: int) -> ToyState:
        return ToyState(setup.players, (0,) * len(setup.players), settings=settings_from(Settings, setup))

    def summary(self, state: ToyState) -> Summary:
        scores = tuple(Score(p, s) for p, s in zip(state.players, state.scores, strict=True))
        if state.winner is not None:
            return Summary(None, "Game over", None, scores, "Undo to reopen the game.")
        if state.current is None:
            return Summary(None, "The draw", None, scores, "Draw who rolls first.")
        step = f"Roll, or bank {state.pot}." if state.pot else "Roll the die."
        return Summary(None, "Play", state.current, scores, step)

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.winner is None:
            return None
        ranking = tuple(sorted(self.summary(state).scores, key=lambda s: -s.points))
        return Outcome((state.winner,), ranking, f"first to {state.settings.target} points")

    def moment(self, state: ToyState) -> Moment:
        return (state.current, state.winner)

    def table_notes(self, action: Action, events: Sequence[Event], drew: bool) -> tuple[TableNote, ...]:
        if not drew:
            return ()
        return notes_from(
            events,
            {
                "first_player": lambda e: f"{e.value('player')} takes the die.",
                "roll": lambda e: f"Set the die to {e.value('die')}.",
            },
        )


TOY_GAME = ToyGame()
