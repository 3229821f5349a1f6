"""Any mix of score pad actions, refusals, undo and redo reopens as the very same game."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import trackers  # noqa: F401  (registers the games)
from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints, ChooseFirstPlayer, DrawFirstPlayer, EndGame, EndRound
from trackers.scorepad.game import SCOREPAD
from trackers.services.storage import Store

PLAYERS = ("Ann", "Bob", "Cy")

points = st.builds(AddPoints, st.sampled_from(PLAYERS), st.integers(-15, 15))
actions = st.one_of(
    points,
    points,
    st.just(EndRound()),
    st.just(DrawFirstPlayer()),
    st.builds(ChooseFirstPlayer, st.sampled_from((*PLAYERS, "Zed"))),
    st.just(EndGame()),
)
steps = st.lists(
    st.one_of(
        actions,
        st.lists(actions, min_size=1, max_size=3),  # a group: all or nothing
        st.sampled_from(("undo", "redo")),
    ),
    max_size=40,
)


def _do(session: Session, step: Any) -> None:
    if step == "undo":
        session.undo()
    elif step == "redo":
        session.redo()
    elif isinstance(step, list):
        session.dispatch_group(step)
    else:
        session.dispatch(step)


@settings(max_examples=100, deadline=None)
@given(steps=steps, seed=st.integers(0, 2**40), allow_negative=st.booleans(), reopen_at=st.integers(0, 40))
def test_reopen_gives_the_same_state_and_cursor(
    steps: list[Any], seed: int, allow_negative: bool, reopen_at: int
) -> None:
    setup = make_setup(SCOREPAD, PLAYERS, {"allow_negative": allow_negative})
    unsaved = Session(SCOREPAD, setup, seed)
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "lantern.sqlite3"
        with Store(database) as store:
            game = store.create_game(SCOREPAD, setup, seed)
            for step in steps[:reopen_at]:
                _do(game.session, step)
                _do(unsaved, step)
        with Store(database) as store:  # carry on in a reopened store partway through
            session = store.open_game(game.id).session
            for step in steps[reopen_at:]:
                _do(session, step)
                _do(unsaved, step)
        with Store(database) as store:
            reopened = store.open_game(game.id).session
            listed = store.list_games()[0]
    for other in (session, reopened):
        assert other.state == unsaved.state
        assert other.cursor == unsaved.cursor
        assert other.entries == unsaved.entries
    assert listed.summary == SCOREPAD.summary(unsaved.state).to_json()
    assert listed.finished == (SCOREPAD.outcome(unsaved.state) is not None)
