"""Toy game rules: per entry, what refuses it, what it does and its history line."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from tests.toy_game.actions import Bank, DrawFirstPlayer, Roll
from tests.toy_game.state import ToyState as S
from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.rules import Phase, Rule, Rulebook, refuse

Step = tuple[S, list[Event]]
TURN = "toy-game/turn"
BUST = "toy-game/bust"
BUST_FACE = 1


def open_game(state: S) -> list[Violation]:
    if state.winner is not None:
        return refuse(
            "toy-game.over", f"{state.winner} has won. Undo to reopen the game.", "toy-game/winning"
        )
    return []


def something_at_stake(state: S) -> list[Violation]:
    if state.pot == 0:
        return refuse("toy-game.nothing", "Nothing to bank yet: roll at least once first.", "toy-game/bank")
    return []


def at_table(state: S, action: Roll | Bank) -> list[Violation]:
    if action.player not in state.players:
        return refuse("toy-game.player", f"{action.player!r} is not at this table.", "toy-game/players")
    return []


def on_turn(state: S, action: Roll | Bank) -> list[Violation]:
    if action.player != state.current:
        return refuse("toy-game.turn", f"It is {state.current}'s turn, not {action.player}'s.", TURN)
    return []


def passed(state: S) -> S:
    """The state with the points at stake dropped and the die handed to the next player."""
    assert state.turn is not None
    return replace(state, turn=(state.turn + 1) % len(state.players), pot=0)


def draw_first(state: S, action: DrawFirstPlayer, rng: Random) -> Step:
    turn = rng.randrange(len(state.players))
    player = state.players[turn]
    return replace(state, turn=turn), [Event.of("first_player", f"{player} rolls first", player=player)]


def roll(state: S, action: Roll, rng: Random) -> Step:
    die = rng.randint(1, 6)
    rolled = Event.of("roll", f"{action.player} rolled {die}", player=action.player, die=die)
    if die == BUST_FACE:
        text = f"{action.player} loses {state.pot} at stake and the turn"
        return passed(state), [
            rolled,
            Event.of("bust", text, player=action.player, lost=state.pot, rule=BUST),
        ]
    return replace(state, pot=state.pot + die), [rolled]


def bank(state: S, action: Bank, rng: Random) -> Step:
    index = state.players.index(action.player)
    total = state.scores[index] + state.pot
    after = replace(state, scores=(*state.scores[:index], total, *state.scores[index + 1 :]))
    banked = Event.of("bank", f"{action.player} now has {total}", player=action.player, total=total)
    if total >= state.settings.target:
        return replace(after, winner=action.player, pot=0), [
            banked,
            Event.of("win", f"{action.player} wins", player=action.player),
        ]
    return passed(after), [banked]


RULEBOOK: Rulebook[S] = Rulebook(
    "toy-game",
    [
        Rule(DrawFirstPlayer, "Draw first player", draw_first, lambda s, a: "Draw the first player"),
        Rule(Roll, "Roll", roll, lambda s, a: f"{a.player} rolls", (at_table, on_turn)),
        Rule(
            Bank,
            "Bank",
            bank,
            lambda s, a: f"{a.player} banks {s.pot}",
            (at_table, on_turn),
            (something_at_stake,),
        ),
    ],
    phases=(
        Phase("the draw", lambda s: s.turn is None, frozenset({DrawFirstPlayer}), "toy-game/start"),
        Phase("play", lambda s: s.turn is not None, frozenset({Roll, Bank}), TURN),
    ),
    always=(open_game,),
)
