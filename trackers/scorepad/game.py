"""Score pad: running scores per player, rounds, a first-player draw and a final ranking.

It serves any game Lantern does not track in full, and it is the smallest complete game module:
read it first when adding a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from random import Random
from typing import ClassVar

from trackers.core.actions import Action, Event
from trackers.core.errors import Violation
from trackers.core.game import Option, Outcome, Score, Setup, Summary

ALLOW_NEGATIVE = "allow_negative"


@dataclass(frozen=True)
class ScorePadState:
    players: tuple[str, ...]
    scores: tuple[int, ...]
    round: int = 1
    first_player: str | None = None
    finished: bool = False
    allow_negative: bool = False

    def score_of(self, player: str) -> int:
        return self.scores[self.players.index(player)]


@dataclass(frozen=True)
class AddPoints(Action):
    """Add (or, with a negative number, take away) points for one player."""

    type: ClassVar[str] = "scorepad.add_points"
    player: str
    points: int


@dataclass(frozen=True)
class EndRound(Action):
    type: ClassVar[str] = "scorepad.end_round"


@dataclass(frozen=True)
class DrawFirstPlayer(Action):
    """The app picks the first player at random; the pick is recorded in the log."""

    type: ClassVar[str] = "scorepad.draw_first_player"


@dataclass(frozen=True)
class ChooseFirstPlayer(Action):
    """The table picked the first player its own way; the app records who."""

    type: ClassVar[str] = "scorepad.choose_first_player"
    player: str


@dataclass(frozen=True)
class EndGame(Action):
    type: ClassVar[str] = "scorepad.end_game"


class ScorePad:
    id = "scorepad"
    title = "Score pad"
    min_players = 1
    max_players = 8
    options = (
        Option(
            ALLOW_NEGATIVE,
            "Scores can go below zero",
            False,
            rule="scorepad/points",
            help="Off: a score never drops under 0.",
        ),
    )
    actions: tuple[type[Action], ...] = (AddPoints, EndRound, DrawFirstPlayer, ChooseFirstPlayer, EndGame)
    content_versions: Mapping[str, str] = {}

    def new_state(self, setup: Setup, seed: int) -> ScorePadState:
        return ScorePadState(
            players=setup.players,
            scores=(0,) * len(setup.players),
            allow_negative=bool(setup.option(ALLOW_NEGATIVE)),
        )

    def validate(self, state: ScorePadState, action: Action) -> list[Violation]:
        if state.finished:
            return [Violation("scorepad.finished", "The game is over. Undo to reopen it.", "scorepad/end")]
        if isinstance(action, AddPoints | ChooseFirstPlayer) and action.player not in state.players:
            return [
                Violation("scorepad.player", f"{action.player!r} is not at this table.", "scorepad/players")
            ]
        if isinstance(action, AddPoints):
            if action.points == 0:
                return [
                    Violation("scorepad.zero", "Adding 0 points would record nothing.", "scorepad/points")
                ]
            if not state.allow_negative and state.score_of(action.player) + action.points < 0:
                return [
                    Violation(
                        "scorepad.negative",
                        f"{action.player} has {state.score_of(action.player)} points; "
                        f"taking {-action.points} would go below zero.",
                        "scorepad/points",
                    )
                ]
        return []

    def apply(self, state: ScorePadState, action: Action, rng: Random) -> tuple[ScorePadState, list[Event]]:
        if isinstance(action, AddPoints):
            index = state.players.index(action.player)
            total = state.scores[index] + action.points
            scores = (*state.scores[:index], total, *state.scores[index + 1 :])
            event = Event.of("score", f"{action.player} now has {total}", player=action.player, total=total)
            return replace(state, scores=scores), [event]
        if isinstance(action, EndRound):
            return replace(state, round=state.round + 1), [
                Event.of("round", f"Round {state.round + 1} begins")
            ]
        if isinstance(action, DrawFirstPlayer):
            player = rng.choice(state.players)
            return replace(state, first_player=player), [
                Event.of("first_player", f"{player} goes first", player=player)
            ]
        if isinstance(action, ChooseFirstPlayer):
            return replace(state, first_player=action.player), [
                Event.of("first_player", f"{action.player} goes first", player=action.player)
            ]
        if isinstance(action, EndGame):
            return replace(state, finished=True), [Event.of("end", "Game over")]
        raise TypeError(f"score pad has no action {action.type!r}")

    def describe(self, state: ScorePadState, action: Action) -> str:
        if isinstance(action, AddPoints):
            sign = "+" if action.points > 0 else "−"
            return f"{action.player} {sign}{abs(action.points)}"
        if isinstance(action, EndRound):
            return f"End of round {state.round}"
        if isinstance(action, DrawFirstPlayer):
            return "Draw the first player"
        if isinstance(action, ChooseFirstPlayer):
            return f"{action.player} goes first"
        if isinstance(action, EndGame):
            return "End the game"
        return action.type

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


SCOREPAD = ScorePad()
