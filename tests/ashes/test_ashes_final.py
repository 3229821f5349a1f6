"""The end of the game from the tracked state: the counts only the table can read, then the final radiation,
happiness (T06), colony board and Phoenix rows (T08 cap), the rival's part (T18) and the tie-break."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from rules_ref import reference
from tests.ashes.states import playing, with_board
from trackers.ashes.actions import FinalCountsEntry, FinishGame
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL, FULL_BAG, Area
from trackers.ashes.game import ASHES
from trackers.ashes.rival.play import new_rival
from trackers.ashes.rounds.turn_order import RIVAL, TurnRow, TurnSpot
from trackers.ashes.state import AshesState
from trackers.ashes.terms import Difficulty, PhoenixRow
from trackers.core.actions import Action, Event
from trackers.core.bag import Bag

A, E = ACTIVE, ESSENTIAL
ANN = FinalCountsEntry("Ann", 6, ((4, 3), (0, 0), (2, 2)))
BOB = FinalCountsEntry("Bob", 10, ((0, 0), (3, 4), (0, 0)))


def codes(state: AshesState, action: Action) -> list[str]:
    problems = ASHES.validate(state, action)
    assert all(reference().exists(v.rule) for v in problems)
    return [v.code for v in problems]


def apply(state: AshesState, *actions: Action) -> tuple[AshesState, list[Event]]:
    events: list[Event] = []
    for action in actions:
        assert codes(state, action) == []
        state, more = ASHES.apply(state, action, Random(1))
        assert state.survivors() == FULL_BAG
        assert all(reference().exists(e.value("rule")) for e in more)
        events = more
    return state, events


def game_over(**options: Any) -> AshesState:
    """After round 3: Bob passed into position 1 of the bottom row, Ann into 2; area S3a holds 2 active and
    2 essential for the final radiation. Ann: 40 VP, happiness 7, 4 fuel, 3 data, 1 antirad, upgrades 3 in
    dark blue and 1 in pink. Bob: 50 VP, happiness 1, 2 upgrades in light blue."""
    state = playing(("Ann", "Bob"), **options)
    bottom = (TurnSpot(TurnRow.BOTTOM, 2), TurnSpot(TurnRow.BOTTOM, 1))
    rounds = replace(state.rounds, round=3, spots=bottom, passed=("Ann", "Bob"), current=None, game_over=True)
    survivors = Bag.of({A: 2, E: 2})
    areas = tuple(replace(a, survivors=survivors) if a.name == "S3a" else a for a in state.areas)
    state = replace(state, rounds=rounds, areas=areas, bag=state.bag.take(survivors.items()))
    state = with_board(state, "Ann", vp=40, happiness=7, fuel=4, data=3, antirad=1)
    state = with_board(state, "Bob", vp=50, happiness=1, data=0)
    state = state.with_seat(replace(state.seat("Ann"), phoenix=(3, 0, 1)))
    return state.with_seat(replace(state.seat("Bob"), phoenix=(0, 2, 0)))


def test_final_counts_come_after_round_3_and_may_be_entered_again() -> None:
    assert codes(playing(("Ann", "Bob")), ANN) == ["ashes.end.not_yet"]
    state = game_over()
    assert codes(state, replace(ANN, player="Cy")) == ["ashes.player.unknown"]
    assert codes(state, replace(ANN, uncovered_colony_vp=-1)) == ["ashes.end.negative"]
    assert codes(state, replace(ANN, rows=((1, -2), (0, 0), (0, 0)))) == ["ashes.end.negative"]
    state, events = apply(state, replace(ANN, uncovered_colony_vp=2), ANN)
    final = state.seat("Ann").final
    assert final is not None and (final.uncovered_colony_vp, final.rows) == (6, ANN.rows)
    assert events[0].text == "Ann's final counts entered"


def test_finishing_needs_everyones_counts() -> None:
    state, _ = apply(game_over(), ANN)
    assert codes(state, FinishGame()) == ["ashes.end.counts_missing"]
    assert ASHES.validate(state, FinishGame())[0].message == "Enter the final counts of Bob first."
    state, _ = apply(state, BOB)
    assert codes(state, FinishGame(rival_uncovered_colony_vp=2)) == ["ashes.solo.only"]
    assert codes(state, FinishGame(radiation_losses=(1, 1))) == ["ashes.radiation.losses"]


def test_the_final_scoring_runs_in_rulebook_order_and_the_track_breaks_the_tie() -> None:
    state, events = apply(game_over(), ANN, BOB, FinishGame())
    result = state.result
    assert result is not None
    ann, bob = (next(s for s in result.ranking if s.name == n) for n in ("Ann", "Bob"))
    assert ann.breakdown == (
        ("Score after round 3", 40),
        ("12.1 Radiation: 3 happiness lost", 0),
        ("12.2 8 leftover tokens: +2 happiness, 0 past 9", 0),
        ("12.2 Happiness 6", 6),
        ("12.3 Colony board: uncovered shelter-disc spaces", 6),
        ("12.4 Phoenix dark blue row: 3 x 4 x 3 = 36, capped at 24", 24),
        ("12.4 Phoenix light blue row: 0 x 0 x 0", 0),
        ("12.4 Phoenix pink row: 1 x 2 x 2", 4),
    )
    assert [points for _, points in bob.breakdown] == [50, -4, 0, 0, 10, 0, 24, 0]
    assert (ann.vp, bob.vp) == (80, 80)
    assert result.verdict == (
        "Bob and Ann tie on 80 VP; Bob wins, further forward on the bottom row of the turn-order track "
        "(position 1)."
    )
    assert state.area("S3a") == Area("S3a", 3, True, Bag.of({E: 1}))
    assert [(e.kind, e.text) for e in events] == [
        ("radiation", "S3a: 2 active and 1 essential back to the bag"),
        ("final_score", "Bob: 80 VP"),
        ("final_score", "Ann: 80 VP"),
        ("winner", result.verdict),
    ]
    outcome = ASHES.outcome(state)
    assert outcome is not None and outcome.winners == ("Bob",)
    assert ASHES.summary(state).phase == "Game over"
    assert codes(state, FinishGame()) == ["ashes.end.scored"]
    assert codes(state, ANN) == ["ashes.end.scored"]


def test_manual_radiation_takes_each_players_final_loss() -> None:
    state, _ = apply(game_over(radiation_loss="entered by the table"), ANN, BOB)
    assert codes(state, FinishGame()) == ["ashes.radiation.losses"]
    assert codes(state, FinishGame(radiation_losses=(0, -1))) == ["ashes.radiation.losses"]
    state, _ = apply(state, FinishGame(radiation_losses=(0, 1)))
    assert state.result is not None
    assert [(s.name, s.vp) for s in state.result.ranking] == [("Bob", 84), ("Ann", 83)]


def solo_over(**options: Any) -> AshesState:
    """Ann alone after round 3 with the rival on 52 VP: upgrades installed in dark blue (level 2) and pink
    (level 1), and one more on the pink achievement tile."""
    state = playing(("Ann",), **options)
    rival = replace(
        new_rival(Difficulty.NORMAL, 4, 3, (), (), 6),
        vp=52,
        spot=TurnSpot(TurnRow.BOTTOM, 1),
        installed=((PhoenixRow.DARK_BLUE, 2), (PhoenixRow.PINK, 1)),
        milestones=(PhoenixRow.PINK,),
    )
    spots = (TurnSpot(TurnRow.BOTTOM, 2), TurnSpot(TurnRow.BOTTOM, 1))
    rounds = replace(state.rounds, round=3, spots=spots, current=None, game_over=True)
    state = replace(state, rounds=rounds, rival=rival)
    state, _ = apply(state, FinalCountsEntry("Ann", 0))
    return state


def test_t18_the_rival_scores_its_installed_upgrades_by_medal() -> None:
    finish = FinishGame(3, dark_blue_medal="silver", light_blue_medal="gold", pink_medal="bronze")
    assert codes(solo_over(), replace(finish, rival_uncovered_colony_vp=-1)) == ["ashes.end.negative"]
    state, events = apply(solo_over(), finish)
    assert state.result is not None
    rival = next(s for s in state.result.ranking if s.name == RIVAL)
    assert [points for _, points in rival.breakdown] == [52, 3, 6]
    assert [e.value("rule") for e in events if e.kind == "final_score"] == [
        "ashes/solo/rival-end",
        "ashes/end",
    ]
    counted, _ = apply(solo_over(rival_achievement_upgrades=True), finish)
    assert counted.result is not None
    assert counted.result.ranking[0].breakdown[-1] == (
        "13.12 Phoenix upgrades at normal values (silver, bronze, bronze)",
        8,
    )
