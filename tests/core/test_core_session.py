"""Session: validate -> apply -> append, undo/redo by cursor, groups, replay equals live play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trackers.core.actions import Action
from trackers.core.errors import IllegalAction
from trackers.core.game import make_setup
from trackers.core.session import LogEntry, ReplayError, Session
from trackers.scorepad.actions import AddPoints, DrawFirstPlayer, EndGame, EndRound
from trackers.scorepad.game import SCOREPAD

SETUP = make_setup(SCOREPAD, ("Ann", "Bob", "Cy"), {})


def new_session(seed: int = 1) -> Session:
    return Session(SCOREPAD, SETUP, seed)


def test_dispatch_validates_applies_and_appends() -> None:
    session = new_session()
    result = session.dispatch(AddPoints("Ann", 4))
    assert result.ok
    assert session.state.scores == (4, 0, 0)
    assert [e.text for e in session.history] == ["Ann +4"]
    assert result.events[0].value("total") == 4


def test_refused_action_changes_nothing() -> None:
    session = new_session()
    session.dispatch(AddPoints("Ann", 2))
    before = (session.state, session.entries, session.cursor)
    result = session.dispatch(AddPoints("Bob", -1))
    assert not result.ok
    assert result.violations[0].code == "scorepad.negative"
    assert result.violations[0].rule == "scorepad/points"
    assert (session.state, session.entries, session.cursor) == before


def test_play_raises_for_programmatic_callers() -> None:
    with pytest.raises(IllegalAction, match="below zero"):
        new_session().play(AddPoints("Ann", -3))


def test_undo_redo_and_new_action_drops_the_redo_tail() -> None:
    session = new_session()
    for points in (1, 2, 3):
        session.dispatch(AddPoints("Ann", points))
    assert session.undo() and session.undo()
    assert session.state.scores == (1, 0, 0)
    assert session.can_redo
    assert session.redo()
    assert session.state.scores == (3, 0, 0)
    session.dispatch(AddPoints("Bob", 5))
    assert not session.can_redo
    assert [e.text for e in session.entries] == ["Ann +1", "Ann +2", "Bob +5"]
    assert not new_session().undo()
    assert not session.redo()


def test_a_group_is_accepted_whole_and_undone_in_one_step() -> None:
    session = new_session()
    session.dispatch(AddPoints("Ann", 1))
    assert session.dispatch_group([EndRound(), AddPoints("Bob", 2), AddPoints("Cy", 3)]).ok
    assert session.state.round == 2
    session.undo()
    assert session.state.round == 1 and session.state.scores == (1, 0, 0)
    session.redo()
    assert session.state.scores == (1, 2, 3)
    refused = session.dispatch_group([AddPoints("Ann", 1), AddPoints("Bob", -9)])
    assert not refused.ok and session.state.scores == (1, 2, 3) and session.cursor == 4


def test_random_outcomes_depend_on_seed_and_position_only() -> None:
    picks = set()
    for seed in range(20):
        a, b = new_session(seed), new_session(seed)
        a.dispatch(DrawFirstPlayer())
        b.dispatch(DrawFirstPlayer())
        assert a.state.first_player == b.state.first_player
        assert a.history[0].events[0].value("player") == a.state.first_player
        picks.add(a.state.first_player)
    assert picks == {"Ann", "Bob", "Cy"}


def test_replay_refuses_an_illegal_log_and_a_changed_outcome() -> None:
    with pytest.raises(ReplayError, match=r"action 2: .*below zero"):
        Session.replay(SCOREPAD, SETUP, 1, [AddPoints("Ann", 1), AddPoints("Bob", -1)])
    live = new_session(3)
    live.dispatch(DrawFirstPlayer())
    recorded = [entry.events for entry in live.entries]
    Session.replay(SCOREPAD, SETUP, 3, [DrawFirstPlayer()], recorded=recorded)
    other_seed = next(s for s in range(100) if _first(s) != live.state.first_player)
    with pytest.raises(ReplayError, match="no longer produces"):
        Session.replay(SCOREPAD, SETUP, other_seed, [DrawFirstPlayer()], recorded=recorded)


def _first(seed: int) -> str:
    session = new_session(seed)
    session.dispatch(DrawFirstPlayer())
    return str(session.state.first_player)


def test_the_game_refuses_entries_after_its_end_until_undone() -> None:
    session = new_session()
    session.dispatch(AddPoints("Cy", 7))
    session.dispatch(EndGame())
    outcome = SCOREPAD.outcome(session.state)
    assert outcome is not None and outcome.winners == ("Cy",)
    assert session.dispatch(AddPoints("Ann", 1)).violations[0].code == "scorepad.finished"
    session.undo()
    assert session.dispatch(AddPoints("Ann", 1)).ok


class RecordingJournal:
    def __init__(self, fail: bool = False) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.fail = fail

    def record(self, start: int, entries: Sequence[LogEntry], cursor: int, state: Any) -> None:
        if self.fail:
            raise OSError("disk full")
        self.calls.append(("record", start, len(entries), cursor))

    def move_cursor(self, cursor: int, state: Any) -> None:
        self.calls.append(("move", cursor))


def test_the_journal_sees_every_change_before_the_session_commits_it() -> None:
    journal = RecordingJournal()
    session = Session(SCOREPAD, SETUP, 1, journal)
    session.dispatch(AddPoints("Ann", 1))
    session.dispatch_group([AddPoints("Bob", 1), EndRound()])
    session.undo()
    session.dispatch(AddPoints("Cy", 2))
    assert journal.calls == [("record", 0, 1, 1), ("record", 1, 2, 3), ("move", 1), ("record", 1, 1, 2)]


def test_a_failing_journal_leaves_the_session_unchanged() -> None:
    session = Session(SCOREPAD, SETUP, 1, RecordingJournal(fail=True))
    with pytest.raises(OSError):
        session.dispatch(AddPoints("Ann", 1))
    assert session.cursor == 0 and session.state.scores == (0, 0, 0)


steps = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.sampled_from(["Ann", "Bob", "Cy"]), st.integers(-6, 9)),
        st.tuples(st.just("round")),
        st.tuples(st.just("draw")),
        st.tuples(st.just("undo")),
        st.tuples(st.just("redo")),
    ),
    max_size=80,
)


def _run(session: Session, plan: list[tuple[Any, ...]]) -> None:
    for step in plan:
        action: Action
        if step[0] == "undo":
            session.undo()
            continue
        if step[0] == "redo":
            session.redo()
            continue
        if step[0] == "add":
            action = AddPoints(step[1], step[2])
        elif step[0] == "round":
            action = EndRound()
        else:
            action = DrawFirstPlayer()
        session.dispatch(action)


@settings(max_examples=60, deadline=None)
@given(steps, st.integers(0, 2**31))
def test_replay_equals_live_play_and_undo_redo_is_identity(plan: list[tuple[Any, ...]], seed: int) -> None:
    Session.SNAPSHOT_EVERY = 4
    try:
        live = Session(SCOREPAD, SETUP, seed)
        _run(live, plan)
        groups = [(e.action, e.group) for e in live.entries]
        recorded = [e.events for e in live.entries]
        replayed = Session.replay(SCOREPAD, SETUP, seed, groups, recorded=recorded, cursor=live.cursor)
        assert replayed.state == live.state
        assert replayed.history == live.history
        state, cursor = live.state, live.cursor
        if live.undo():
            live.redo()
            assert (live.state, live.cursor) == (state, cursor)
        assert min(live.state.scores, default=0) >= 0
    finally:
        Session.SNAPSHOT_EVERY = 32
