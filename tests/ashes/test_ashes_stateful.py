"""Whole solo games played at random, in both rival deck modes, checking what must always hold: no entry
raises, VP never below 0, happiness within 0..9, 75 survivors in the game, an undo restores the exact state
before the entry, and the log replays to the same game."""

from __future__ import annotations

import random

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tests.ashes.play import new_session, play_game, step
from trackers.ashes.board.survivors import FULL_BAG
from trackers.ashes.state import AshesState
from trackers.core.session import Session


def check_invariants(state: AshesState) -> None:
    for seat in state.seats:
        assert seat.board.vp >= 0, seat.name
        assert 0 <= seat.board.happiness <= 9, seat.name
        assert min(seat.board.fuel, seat.board.data, seat.board.antirad, seat.board.strength) >= 0
    if state.rival is not None:
        assert state.rival.vp >= 0
    assert state.survivors() == FULL_BAG
    assert state.bag.total >= 0


@pytest.mark.parametrize("digital", [False, True], ids=["physical deck", "digital deck"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_solo_games_end_scored_and_replay(seed: int, digital: bool) -> None:
    session = play_game(seed, digital)
    state = session.state
    assert state.result is not None and state.rounds.game_over
    assert {s.name for s in state.result.ranking} == {"Ann", "rival"}
    check_invariants(state)
    replayed = Session.replay(
        session.module, session.setup, session.seed, [e.action for e in session.history]
    )
    assert replayed.state == state


class SoloGame(RuleBasedStateMachine):
    """Random entries, whole rounds at once, and undo checks, from the board entry to the final score."""

    session: Session
    rng: random.Random
    turn: int

    @initialize(seed=st.integers(0, 2**16), digital=st.booleans())
    def start(self, seed: int, digital: bool) -> None:
        self.session = new_session(seed, digital)
        self.rng = random.Random(seed)
        self.turn = 0

    def _step(self) -> bool:
        self.turn += 1
        return step(self.session, self.rng, self.turn) is not None

    @precondition(lambda self: self.session.state.result is None)
    @rule()
    def one_entry(self) -> None:
        self._step()

    @precondition(lambda self: self.session.state.result is None)
    @rule()
    def rest_of_the_round(self) -> None:
        """Up to 400 entries, stopping when the round marker moves or the game ends."""
        start = self.session.state.rounds.round
        for _ in range(400):
            state = self.session.state
            if state.rounds.round != start or state.result is not None:
                return
            check_invariants(state)
            self._step()

    @rule()
    def undo_is_exact(self) -> None:
        """Undo one new entry (once the game is scored, the final one), compare, redo."""
        if self.session.state.result is None:
            before = self.session.state
            if not self._step():
                return
        else:
            actions = [e.action for e in self.session.history[:-1]]
            before = Session.replay(self.session.module, self.session.setup, self.session.seed, actions).state
        after = self.session.state
        self.session.undo()
        assert self.session.state == before
        self.session.redo()
        assert self.session.state == after

    @invariant()
    def always(self) -> None:
        if hasattr(self, "session"):
            check_invariants(self.session.state)


SoloGame.TestCase.settings = settings(max_examples=25, stateful_step_count=30, deadline=None)
test_solo_games = SoloGame.TestCase
