"""The ASHES module driven through a real session: a solo game of 3 rounds, its refusals and its replay."""

from __future__ import annotations

import json

import pytest

from rules_ref import reference
from trackers.ashes.actions import (
    CatalogueRivalDeck,
    CompleteSetupStep,
    EndRound,
    EndTurn,
    FinalCountsEntry,
    FinishGame,
    Pass,
    RivalPass,
    RivalTurn,
    SetScore,
)
from trackers.ashes.game import ASHES, card_of
from trackers.ashes.rival_deck import card_to_json
from trackers.core.actions import Action, ActionCodec
from trackers.core.game import make_setup
from trackers.core.session import Session

EMERGE = CompleteSetupStep("survivors emerge")
FULL_SETUP = (
    CompleteSetupStep("radiation"),
    CompleteSetupStep("discard two missions"),
    CompleteSetupStep("reset area tiles"),
    EMERGE,
)


def card(label: str, cases: int = 0, **fields: object) -> RivalTurn:
    values: dict[str, object] = {
        "arrow": "orange",
        "rounds_1_and_3": "rescue",
        "round_2": "rescue",
        "secondary": None,
        "ordinal": "from_bottom",
        "numeric": 1,
        "sector": "this_round",
    }
    values.update(fields)
    return RivalTurn(label=label, cases=cases, **values)  # type: ignore[arg-type]


def solo(**options: object) -> Session:
    return Session(ASHES, make_setup(ASHES, ("Ann",), {"rival_track_top": 2, **options}), 7)


def play(session: Session, *actions: Action) -> None:
    for action in actions:
        session.play(action)


def refused(session: Session, action: Action) -> str:
    violations = session.check(action)
    assert violations, f"{action} was accepted"
    assert all(reference().exists(v.rule) for v in violations)
    return violations[0].code


def rival_vp(session: Session) -> int:
    return dict((s.player, s.points) for s in ASHES.summary(session.state).scores)["rival"]


def round_one(session: Session) -> None:
    play(session, EMERGE, EndTurn("Ann"))
    play(session, card("c1", 2, survivors_active=2, survivors_essential=1))
    assert rival_vp(session) == 23
    play(session, Pass("Ann", 1))
    assert refused(session, EndTurn("Ann")) == "ashes.turn.passed"
    play(session, card("c2", 3, rounds_1_and_3="build:2", secondary="score_column:2"))
    assert rival_vp(session) == 26
    assert refused(session, card("c3")) == "ashes.rival.must_pass"
    play(session, RivalPass())
    assert ASHES.summary(session.state).turn == "rival"
    assert refused(session, EndRound()) == "ashes.rival.bonus_due"
    play(session, card("c3", arrow=None, round_2="install:pink", secondary="discard_missions"))
    assert rival_vp(session) == 29
    assert refused(session, card("c4")) == "ashes.turn.passed"
    play(session, EndRound())


def whole_game() -> Session:
    session = solo()
    round_one(session)
    assert refused(session, EMERGE) == "ashes.round.setup_order"
    play(session, *FULL_SETUP, SetScore("Ann", 31))
    assert ASHES.summary(session.state).turn == "Ann"
    play(session, Pass("Ann", 2))
    play(session, card("c4", 2, arrow="blue", round_2="install:dark_blue", numeric=3, level=2))
    play(session, card("c5", arrow="pink", round_2="move_vehicle"))
    assert rival_vp(session) == 38
    play(session, RivalPass())
    bonus = card("c6", 1, arrow=None, rounds_1_and_3="install:light_blue", level=1, achievement_has_room=True)
    play(session, bonus, EndRound())
    assert rival_vp(session) == 42
    play(session, *FULL_SETUP)
    assert ASHES.summary(session.state).turn == "rival"
    play(session, card("c1", 1, survivors_active=1), EndTurn("Ann"))
    play(session, card("c2", rounds_1_and_3="build:2", secondary="score_column:2"), Pass("Ann", 1))
    play(session, RivalPass(), card("c3", arrow=None), SetScore("Ann", 60), EndRound())
    assert rival_vp(session) == 52
    return session


def test_a_solo_game_of_three_rounds_ends_with_a_ranking_and_breakdown() -> None:
    session = whole_game()
    assert ASHES.outcome(session.state) is None
    assert refused(session, FinishGame()) == "ashes.end.counts_missing"
    assert refused(session, EndTurn("Ann")) == "ashes.game.over"
    counts = FinalCountsEntry("Ann", 5, 2, 3, 1, 4, 2, (("pink", 2, 3, 3),))
    play(session, counts, FinishGame(3, dark_blue_medal="silver", light_blue_medal="gold"))
    outcome = ASHES.outcome(session.state)
    assert outcome is not None
    assert outcome.winners == ("Ann",)
    assert [(s.player, s.points) for s in outcome.ranking] == [("Ann", 87), ("rival", 65)]
    breakdown = dict(outcome.breakdown)
    assert sum(points for _, points in breakdown["Ann"]) == 87
    assert [points for _, points in breakdown["rival"]] == [52, 3, 10]
    assert ASHES.summary(session.state).phase == "Game over"
    assert refused(session, FinishGame()) == "ashes.end.scored"


def test_the_log_replays_to_the_live_state_and_every_event_cites_a_rule() -> None:
    session = whole_game()
    history = session.history
    replayed = Session.replay(
        ASHES, session.setup, session.seed, [e.action for e in history], recorded=[e.events for e in history]
    )
    assert replayed.state == session.state
    codec = ActionCodec(ASHES.actions)
    assert all(codec.decode(json.loads(json.dumps(e.action.to_json()))) == e.action for e in history)
    rules = reference()
    assert all(rules.exists(event.value("rule")) for e in history for event in e.events)
    assert all(rules.exists(option.rule) for option in ASHES.options)


def test_a_catalogued_deck_checks_each_card_against_its_pile() -> None:
    session = solo()
    c1, c2 = card("c1", 1, survivors_active=1), card("c2", rounds_1_and_3="build:1")
    deck = tuple(json.dumps(card_to_json(card_of(c))) for c in (c1, c2))
    assert refused(session, CatalogueRivalDeck(("{",))) == "ashes.rival.deck.json"
    assert refused(session, CatalogueRivalDeck((deck[0], deck[0]))) == "ashes.rival.deck.card"
    play(session, CatalogueRivalDeck(deck), EMERGE, EndTurn("Ann"))
    assert refused(session, CatalogueRivalDeck(deck)) == "ashes.rival.deck.late"
    assert refused(session, card("c9")) == "ashes.rival.card_not_in_pile"
    assert refused(session, card("c1", 1, survivors_active=1, numeric=2)) == "ashes.rival.card_differs"
    play(session, c1, EndTurn("Ann"))
    assert refused(session, c1) == "ashes.rival.card_not_in_pile"
    play(session, c2)


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (card("c1", round_2="build:7"), "ashes.rival.card"),
        (card("c1", 2), "ashes.rival.rescue_empty"),
        (card("c1", 1, survivors_active=-1), "ashes.rival.survivors"),
        (card("c1", -1), "ashes.rival.cases"),
    ],
)
def test_a_rival_card_or_answer_that_cannot_be_played_is_refused(action: RivalTurn, code: str) -> None:
    session = solo()
    play(session, EMERGE, EndTurn("Ann"))
    assert refused(session, action) == code


def test_players_take_turns_in_track_order_and_only_solo_has_a_rival() -> None:
    session = Session(ASHES, make_setup(ASHES, ("Ann", "Bob"), {}), 3)
    assert refused(session, EndTurn("Ann")) == "ashes.round.setup"
    play(session, EMERGE)
    assert refused(session, EndTurn("Bob")) == "ashes.turn.not_yours"
    assert refused(session, EndTurn("Cy")) == "ashes.player.unknown"
    assert refused(session, card("c1")) == "ashes.solo.only"
    play(session, Pass("Ann", 2))
    assert refused(session, Pass("Bob", 2)) == "ashes.turn.taken"
    assert refused(session, EndRound()) == "ashes.round.not_over"
    play(session, Pass("Bob", 1), EndRound())
    summary = ASHES.summary(session.state)
    assert (summary.round, summary.phase, summary.turn) == (2, "Round setup", None)
    assert refused(session, FinalCountsEntry("Ann", 0, 0, 0, 0, 0, 0)) == "ashes.end.not_yet"
