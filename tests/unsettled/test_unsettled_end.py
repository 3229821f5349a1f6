"""The table ends a game of Unsettled (EndGame): the explorers survived, or LUNA won. The tracker never ends
one itself, every entry is refused once it is over, and Undo reopens it."""

from __future__ import annotations

from pathlib import Path

import pytest

import trackers  # noqa: F401  (registers every game)
from rules_ref import reference
from tests.finished import unsettled_game
from tests.unsettled.fixtures import in_play
from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.services import gamefile
from trackers.unsettled import actions as ua
from trackers.unsettled.game import UNSETTLED

BEFORE = Path(__file__).parent / "data" / "before_the_playtest_fixes.json"


@pytest.mark.parametrize(("survived", "line"), [(True, "The explorers survived"), (False, "LUNA won")])
def test_the_table_ends_the_game_and_everyone_shares_the_result(survived: bool, line: str) -> None:
    session = in_play()
    assert UNSETTLED.outcome(session.state) is None
    result = session.play(ua.EndGame(survived=survived))
    assert session.history[-1].text == line
    assert [(e.kind, e.text, e.value("rule")) for e in result.events] == [
        ("end", f"{line}.", "unsettled/end")
    ]
    outcome = UNSETTLED.outcome(session.state)
    assert outcome is not None
    assert (outcome.winners, outcome.cooperative, outcome.reason) == (
        ("Ann", "Bob") if survived else (),
        True,
        f"{line}.",
    )
    assert [(s.player, s.points) for s in outcome.ranking] == [("Ann", 0), ("Bob", 0)]
    summary = UNSETTLED.summary(session.state)
    assert (summary.phase, summary.turn, summary.next_step) == (
        "Game over",
        None,
        f"{line}. Undo to reopen the game.",
    )


def test_once_over_every_entry_is_refused_until_undo() -> None:
    session = in_play()
    session.play(ua.EndGame(survived=True))
    for entry in (ua.Move("Ann", "Navigation"), ua.EndGame(survived=False), ua.SetChaosBackText("text")):
        [refusal] = session.check(entry)
        assert (refusal.code, refusal.message, refusal.rule) == (
            "unsettled.over",
            "The game is over. Undo to reopen it.",
            "unsettled/end",
        )
        assert UNSETTLED.rulebook.blocked(session.state, type(entry)) == [refusal]
    assert reference().exists("unsettled/end")
    session.undo()
    assert UNSETTLED.outcome(session.state) is None
    assert session.play(ua.Move("Ann", "Navigation")).ok


def test_the_end_waits_for_play_and_may_come_at_any_moment_of_it() -> None:
    fresh = Session(UNSETTLED, make_setup(UNSETTLED, ("Ann", "Bob"), {}), 3)
    [refusal] = fresh.check(ua.EndGame(survived=True))
    assert (refusal.code, refusal.rule) == ("unsettled.phase.play", "unsettled/setup")
    session = in_play()
    session.play(ua.Move("Ann", "Navigation"))
    assert session.state.pending_checks  # a clumsiness check waits: the game may still end
    assert not session.check(ua.EndGame(survived=False))
    ended = unsettled_game(survived=False)  # ended from the middle of LUNA's pursuit
    assert ended.state.survived is False and ended.state.ended


def test_a_game_saved_before_the_end_entry_replays_unchanged() -> None:
    loaded = gamefile.load_document(BEFORE.read_text())
    state = loaded.session.state
    assert (state.survived, state.ended, UNSETTLED.outcome(state)) == (None, False, None)
