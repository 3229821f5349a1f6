"""The ASHES module driven through a real session: a solo game of 3 rounds from the board entry to the final
scoring, with 75 survivors after every entry, its refusals along the way, and its replay."""

from __future__ import annotations

import json
from typing import Any

from rules_ref import reference
from tests.ashes.entries import rescue_card
from tests.ashes.states import LAYOUT, TOPS
from trackers.ashes.actions import (
    Activate,
    CompleteSetupStep,
    Emerge,
    EndRound,
    EndTurn,
    FinalCountsEntry,
    FinishGame,
    Pass,
    Radiate,
    RivalPass,
    RivalTurn,
    SetRival,
    StartingCombo,
    UseBoard,
)
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL, FULL_BAG
from trackers.ashes.game import ASHES
from trackers.core.actions import Action, ActionCodec
from trackers.core.bag import Bag
from trackers.core.game import make_setup
from trackers.core.session import Session

A, E = ACTIVE, ESSENTIAL
UPGRADES: tuple[Any, ...] = ("I", "II") * 5
MIDDLE_STEPS = (CompleteSetupStep("discard two missions"), CompleteSetupStep("reset area tiles"))


def card(label: str, cases: int = 0, **fields: Any) -> RivalTurn:
    """A rescue with an orange arrow unless `fields` say otherwise."""
    return rescue_card(label, cases, **{"arrow": "orange", **fields})


def play(session: Session, *actions: Action) -> None:
    """Each entry keeps every survivor in the game and cites a rule for every event."""
    for action in actions:
        result = session.play(action)
        assert session.state.survivors() == FULL_BAG, action
        assert all(reference().exists(e.value("rule")) for e in result.events), action


def refused(session: Session, action: Action) -> str:
    violations = session.check(action)
    assert violations, f"{action} was accepted"
    assert all(reference().exists(v.rule) for v in violations)
    return violations[0].code


def vp(session: Session) -> dict[str, int]:
    return {s.player: s.points for s in ASHES.summary(session.state).scores}


def on_board(session: Session, name: str) -> int:
    return sum(a.survivors.total for a in session.state.areas if a.name == name)


def set_up() -> Session:
    session = Session(ASHES, make_setup(ASHES, ("Ann",), {}), 7)
    assert refused(session, Emerge()) == "ashes.board.missing"
    play(session, UseBoard(LAYOUT, TOPS))
    assert refused(session, Emerge()) == "ashes.rival.missing"
    play(session, SetRival(2, 3, 6, UPGRADES))
    play(session, StartingCombo("Ann", fuel=2, antirad=1, survivors=2, drawn=(A, A)))
    play(session, Emerge((("S1a", (A, E)), ("S2a", (A, A)))))
    assert session.state.bag == Bag.of({A: 45, E: 24})
    assert refused(session, SetRival(2, 3, 6, UPGRADES)) == "ashes.setup.over"
    return session


def round_one(session: Session) -> None:
    play(session, Activate("Ann", 2), EndTurn("Ann"))
    play(session, card("c1", 1, area="S1a"))
    assert vp(session)["rival"] == 22 and on_board(session, "S1a") == 0
    play(session, Pass("Ann", 1, recovered=(2,)))
    assert refused(session, EndTurn("Ann")) == "ashes.turn.passed"
    play(session, card("c2", 3, rounds_1_and_3="build:2", secondary="score_column:2", space="C1"))
    assert vp(session)["rival"] == 25
    assert refused(session, card("c3")) == "ashes.rival.must_pass"
    play(session, RivalPass())
    assert ASHES.summary(session.state).turn == "rival"
    assert refused(session, EndRound()) == "ashes.rival.bonus_due"
    bonus = card("c3", 1, arrow=None, round_2="install:pink", secondary="discard_missions", level=1)
    play(session, bonus)
    assert vp(session)["rival"] == 27 and session.state.installs == (1, 0, 0)
    assert refused(session, card("c4")) == "ashes.turn.passed"
    play(session, EndRound())


def round_two(session: Session) -> None:
    assert refused(session, CompleteSetupStep("radiation")) == "ashes.round.use_entry"
    assert refused(session, Emerge()) == "ashes.round.setup_order"
    play(session, Radiate())
    assert session.state.seat("Ann").board.happiness == 1
    play(session, *MIDDLE_STEPS, Emerge((("S2a", (A, E)), ("S3a", (E, E)))))
    assert ASHES.summary(session.state).turn == "Ann"
    play(session, Activate("Ann", 3), EndTurn("Ann"))
    play(session, card("c4", 1, arrow="blue", round_2="rescue", sector="next_sector", area="S3a"))
    play(session, Pass("Ann", 1))
    play(session, card("c5", 2, arrow="pink", round_2="move_vehicle", area="S2b"), RivalPass())
    assert vp(session)["rival"] == 29
    assert session.state.rival_vehicle == "S2b"
    assert [(a.name, a.vehicles) for a in session.state.areas if a.vehicles] == [("S2b", 1)]
    bonus = card("c6", 1, arrow=None, rounds_1_and_3="install:light_blue", level=1, achievement_has_room=True)
    play(session, bonus, EndRound())
    assert vp(session)["rival"] == 33
    assert session.state.claims == ((), ("rival",), ()) and session.state.installs == (2, 0, 0)


def round_three(session: Session) -> None:
    play(session, Radiate(), *MIDDLE_STEPS, Emerge((("S3a", (A, A)), ("S4a", (E, A)))))
    board = session.state.seat("Ann").board
    assert (board.happiness, board.vp) == (0, 16)
    assert ASHES.summary(session.state).turn == "Ann"
    play(session, Pass("Ann", 2), card("c1", 1, arrow=None, area="S3a"))
    play(session, card("c2", 1, rounds_1_and_3="build:2", secondary="score_column:2", space="C3"), card("c7"))
    assert vp(session)["rival"] == 44
    play(session, RivalPass(), card("c3", round_2="install:pink", secondary="discard_missions"), EndRound())
    assert vp(session)["rival"] == 47


def whole_game() -> Session:
    session = set_up()
    round_one(session)
    round_two(session)
    round_three(session)
    return session


def test_a_solo_game_of_three_rounds_ends_with_a_ranking_and_breakdown() -> None:
    session = whole_game()
    board = session.state.seat("Ann").board
    assert (board.vp, board.happiness, board.fuel, board.data, board.antirad) == (16, 0, 3, 1, 0)
    assert ASHES.outcome(session.state) is None
    assert refused(session, FinishGame()) == "ashes.end.counts_missing"
    assert refused(session, EndTurn("Ann")) == "ashes.game.over"
    finish = FinishGame(5, light_blue_medal="silver", pink_medal="gold")
    play(session, FinalCountsEntry("Ann", 4), finish)
    outcome = ASHES.outcome(session.state)
    assert outcome is not None and outcome.winners == ("rival",)
    assert [(s.player, s.points) for s in outcome.ranking] == [("rival", 62), ("Ann", 17)]
    breakdown = dict(outcome.breakdown)
    assert [points for _, points in breakdown["Ann"]] == [16, -4, 0, 1, 4, 0, 0, 0]
    assert [points for _, points in breakdown["rival"]] == [47, 5, 10]
    assert on_board(session, "S4a") == 0 and session.state.bag.total == 75 - 4
    assert ASHES.summary(session.state).phase == "Game over"
    assert refused(session, finish) == "ashes.end.scored"


def test_the_log_replays_to_the_live_state_and_every_event_cites_a_rule() -> None:
    session = whole_game()
    play(session, FinalCountsEntry("Ann", 4), FinishGame())
    history = session.history
    replayed = Session.replay(
        ASHES, session.setup, session.seed, [e.action for e in history], recorded=[e.events for e in history]
    )
    assert replayed.state == session.state
    codec = ActionCodec(ASHES.actions)
    assert all(codec.decode(json.loads(json.dumps(e.action.to_json()))) == e.action for e in history)
    assert all(reference().exists(option.rule) for option in ASHES.options)


def test_players_take_turns_in_track_order_and_only_solo_has_a_rival() -> None:
    session = Session(ASHES, make_setup(ASHES, ("Ann", "Bob"), {}), 3)
    assert refused(session, SetRival(2, 3, 6, UPGRADES)) == "ashes.solo.only"
    assert refused(session, Pass("Ann", 2)) == "ashes.round.setup"
    play(session, UseBoard(LAYOUT, TOPS), Emerge())
    assert session.state.bag.total == 71
    assert refused(session, Pass("Bob", 2)) == "ashes.turn.not_yours"
    assert refused(session, Pass("Cy", 2)) == "ashes.player.unknown"
    assert refused(session, card("c1")) == "ashes.solo.only"
    play(session, Pass("Ann", 2))
    assert refused(session, Pass("Bob", 2)) == "ashes.turn.taken"
    assert refused(session, EndRound()) == "ashes.round.not_over"
    play(session, Pass("Bob", 1), EndRound())
    summary = ASHES.summary(session.state)
    assert (summary.round, summary.phase, summary.turn) == (2, "Round setup", None)
    assert session.state.rounds.order == ("Bob", "Ann")
    assert refused(session, FinalCountsEntry("Ann", 0)) == "ashes.end.not_yet"
