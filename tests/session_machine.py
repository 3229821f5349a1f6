"""What every game's hypothesis stateful test holds its session to, whatever the game: nonsense is refused
with a reason and changes nothing, any entry is accepted or refused but never raises, undo and redo land on
the states seen before, an undone future is dropped, and the log replays to the same state.

A game's machine sets `session`, `rng` and `stops` in its `@initialize`, and says how its table plays on,
what its nonsense and made-up entries are, what its code prefix is and what must hold after every entry.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, precondition, rule

from trackers.core.actions import Action
from trackers.core.session import Result, Session


class SessionMachine(RuleBasedStateMachine):
    """`stops` holds the state at every cursor undo and redo can reach."""

    prefix: ClassVar[str]
    """The game's refusal codes start with it."""
    session: Session
    rng: random.Random
    stops: dict[int, Any]

    # What each game says -----------------------------------------------------------------------------

    def check(self, state: Any) -> None:
        """The game's invariants, after every accepted entry."""
        raise NotImplementedError

    def play_on(self) -> None:
        """One more accepted entry from the game's table."""
        raise NotImplementedError

    def nonsense(self, state: Any, rng: random.Random) -> Action:
        """An entry this state cannot accept."""
        raise NotImplementedError

    def anything(self, rng: random.Random) -> Action:
        """An entry of any kind with made-up fields."""
        raise NotImplementedError

    def set_up_entries(self) -> int:
        """How many entries the set-up takes before play begins."""
        raise NotImplementedError

    # Helpers ---------------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.session.state

    def accept(self, action: Action) -> None:
        before = self.state
        result = self.session.dispatch(action)
        assert result.ok, (action, result.violations)
        self.checked(before, result)

    def checked(self, before: Any, result: Result) -> None:
        """After one dispatch: a refusal gave its reasons and changed nothing; an acceptance is a new stop."""
        session = self.session
        if not result.ok:
            assert session.state is before and result.state is before
            assert self.stops[session.cursor] == before
            assert result.violations
            assert all(v.code.startswith(self.prefix) and v.message and v.rule for v in result.violations)
            return
        assert result.state is session.state
        cursor = session.cursor
        self.stops = {c: s for c, s in self.stops.items() if c < cursor}
        self.stops[cursor] = session.state
        self.check(session.state)

    # Rules -----------------------------------------------------------------------------------------

    @rule(seed=st.integers(0, 2**16))
    def nonsense_is_refused(self, seed: int) -> None:
        """An entry no state accepts: refused with a reason, and nothing changes."""
        before = self.state
        action = self.nonsense(before, random.Random(seed))
        result = self.session.dispatch(action)
        assert not result.ok, f"{action} was accepted"
        self.checked(before, result)

    @rule(seed=st.integers(0, 2**16))
    def any_entry(self, seed: int) -> None:
        """Any kind of entry with made-up fields: accepted or refused, never an exception."""
        before = self.state
        self.checked(before, self.session.dispatch(self.anything(random.Random(seed))))

    @rule(back=st.integers(1, 6))
    def undo_and_redo(self, back: int) -> None:
        """Step back `back` entries, each landing on the state seen before it, then forward again."""
        end = self.session.cursor
        for _ in range(back):
            if not self.session.undo():
                break
            assert self.state == self.stops[self.session.cursor]
        while self.session.cursor < end:
            assert self.session.redo()
            assert self.state == self.stops[self.session.cursor]
        assert self.session.cursor == end and self.state == self.stops[end]

    @precondition(lambda self: self.session.cursor > self.set_up_entries())
    @rule()
    def undo_then_play_on(self) -> None:
        """Undo one entry and play something else: the undone future is dropped."""
        self.session.undo()
        assert self.state == self.stops[self.session.cursor]
        if not self.state.result:
            self.play_on()

    @rule()
    def log_replays(self) -> None:
        history = self.session.history
        replayed = Session.replay(
            self.session.module,
            self.session.setup,
            self.session.seed,
            [(e.action, e.group) for e in history],
            recorded=[e.events for e in history],
        )
        assert replayed.state == self.state
