"""Score pad rules: per entry, what refuses it, what it does and its history line."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.limits import Count
from trackers.core.names import meant
from trackers.core.rules import Rule, Rulebook, refuse
from trackers.core.wording import unit
from trackers.scorepad.actions import AddPoints, ChooseFirstPlayer, DrawFirstPlayer, EndGame, EndRound
from trackers.scorepad.state import ScorePadState as S

Step = tuple[S, list[Event]]
POINTS = Count(
    -1_000_000,
    1_000_000,
    "An entry adds or takes away",
    "points",
    code="scorepad.points",
    rule="scorepad/points",
    why="A score sheet has no use for more.",
)
"""Points are free-form; the bound only keeps a slip, or a doctored game file, from recording a number no
score sheet needs."""


def open_game(state: S) -> list[Violation]:
    if state.finished:
        return refuse("scorepad.finished", "The game is over. Undo to reopen it.", "scorepad/end")
    return []


def player_of(state: S, action: AddPoints | ChooseFirstPlayer) -> str:
    """The player an entry names as the table typed it: "ann " is Ann. The entry keeps what was typed."""
    return meant(action.player, state.players)


def at_table(state: S, action: AddPoints | ChooseFirstPlayer) -> list[Violation]:
    if player_of(state, action) not in state.players:
        return refuse("scorepad.player", f"{action.player!r} is not at this table.", "scorepad/players")
    return []


def some_points(state: S, action: AddPoints) -> list[Violation]:
    if problems := POINTS.violations(action.points):
        return problems
    if action.points == 0:
        return refuse("scorepad.zero", "Adding 0 points would record nothing.", "scorepad/points")
    return []


def stays_above_zero(state: S, action: AddPoints) -> list[Violation]:
    player = player_of(state, action)
    score = state.score_of(player)
    if not state.settings.allow_negative and score + action.points < 0:
        return refuse(
            "scorepad.negative",
            f"{player} has {score} {unit(score, 'points')}; taking {-action.points} would go below zero.",
            "scorepad/points",
        )
    return []


def add_points(state: S, action: AddPoints, rng: Random) -> Step:
    player = player_of(state, action)
    index = state.players.index(player)
    total = state.scores[index] + action.points
    scores = (*state.scores[:index], total, *state.scores[index + 1 :])
    event = Event.of("score", f"{player} now has {total}", player=player, total=total)
    return replace(state, scores=scores), [event]


def end_round(state: S, action: EndRound, rng: Random) -> Step:
    return replace(state, round=state.round + 1), [Event.of("round", f"Round {state.round + 1} begins")]


def draw_first(state: S, action: DrawFirstPlayer, rng: Random) -> Step:
    player = rng.choice(state.players)
    return replace(state, first_player=player), [
        Event.of("first_player", f"{player} goes first", player=player)
    ]


def choose_first(state: S, action: ChooseFirstPlayer, rng: Random) -> Step:
    who = player_of(state, action)
    return replace(state, first_player=who), [Event.of("first_player", f"{who} goes first", player=who)]


def end_game(state: S, action: EndGame, rng: Random) -> Step:
    return replace(state, finished=True), [Event.of("end", "Game over")]


def describe_points(state: S, action: AddPoints) -> str:
    return f"{player_of(state, action)} {'+' if action.points > 0 else '−'}{abs(action.points)}"


RULEBOOK: Rulebook[S] = Rulebook(
    "scorepad",
    [
        Rule(AddPoints, "Add points", add_points, describe_points, (at_table, some_points, stays_above_zero)),
        Rule(EndRound, "End round", end_round, lambda s, a: f"End of round {s.round}"),
        Rule(DrawFirstPlayer, "Draw first player", draw_first, lambda s, a: "Draw the first player"),
        Rule(
            ChooseFirstPlayer,
            "Choose first player",
            choose_first,
            lambda s, a: f"{player_of(s, a)} goes first",
            (at_table,),
        ),
        Rule(EndGame, "End game", end_game, lambda s, a: "End the game"),
    ],
    always=(open_game,),
)
