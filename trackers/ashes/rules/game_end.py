"""The end of the game (12): each player's counts only the table can read, then the final radiation and
scoring worked out from the tracked state, with a breakdown per seat and the turn-order tie-break."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from trackers.ashes import actions as a
from trackers.ashes.rounds.final_scoring import (
    PlayerEnd,
    RivalEnd,
    RowCount,
    end_game,
    end_violations,
    rival_end,
)
from trackers.ashes.rounds.turn_order import RIVAL, spot_of
from trackers.ashes.rules.guards import SCORE_TRACK_TOP, player_violations, scored_violations
from trackers.ashes.rules.round_setup import losses_violations, radiation_events
from trackers.ashes.state import ROWS, AshesState, FinalCounts
from trackers.ashes.terms import Medal, PhoenixRow
from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.limits import Count, count_violations
from trackers.core.rules import Rule, refuse

UNCOVERED = Count(
    0, SCORE_TRACK_TOP, "Uncovered colony VP are", "", code="ashes.end.negative", rule="ashes/end"
)
RIVAL_UNCOVERED = replace(UNCOVERED, what="The rival's uncovered colony VP are", rule="ashes/solo/rival-end")
ROW_COUNT = replace(UNCOVERED, what="A requirement count is")
ROW_VALUE = replace(UNCOVERED, what="A scoring tile's value is")


def _game_over_violations(state: AshesState) -> list[Violation]:
    if problems := scored_violations(state):
        return problems
    if not state.rounds.game_over:
        return refuse("ashes.end.not_yet", "The final scoring comes after round 3.", "ashes/end")
    return []


def _counts_violations(state: AshesState, action: a.FinalCountsEntry) -> list[Violation]:
    """Re-entering a player's counts replaces them until the game is scored."""
    rows = [pair for count, value in action.rows for pair in ((ROW_COUNT, count), (ROW_VALUE, value))]
    return (
        count_violations((UNCOVERED, action.uncovered_colony_vp), *rows)
        or player_violations(state, action.player)
        or _game_over_violations(state)
    )


def _final_counts(
    state: AshesState, action: a.FinalCountsEntry, rng: Random
) -> tuple[AshesState, list[Event]]:
    seat = state.seat(action.player)
    counts = FinalCounts(action.uncovered_colony_vp, action.rows)
    text = f"{seat.name}'s final counts entered"
    event = Event.of("final_counts", text, seat=seat.name, rule="ashes/end")
    return state.with_seat(replace(seat, final=counts)), [event]


def _medals(action: a.FinishGame) -> dict[PhoenixRow, Medal]:
    return {
        PhoenixRow.DARK_BLUE: Medal(action.dark_blue_medal),
        PhoenixRow.LIGHT_BLUE: Medal(action.light_blue_medal),
        PhoenixRow.PINK: Medal(action.pink_medal),
    }


def _player_ends(state: AshesState, action: a.FinishGame) -> list[PlayerEnd]:
    """Each player from the tracked board; a manual radiation loss replaces the literal one."""
    losses: tuple[int | None, ...] = action.radiation_losses or (None,) * len(state.seats)
    ends = []
    for seat, loss in zip(state.seats, losses, strict=True):
        counts = seat.final
        assert counts is not None  # _finish_violations refused missing counts
        board = seat.board
        rows = tuple(
            RowCount(row, upgrades, count, value)
            for row, upgrades, (count, value) in zip(ROWS, seat.phoenix, counts.rows, strict=True)
        )
        position = spot_of(state.rounds, seat.name).position
        ends.append(
            PlayerEnd(
                seat.name,
                board.vp,
                board.happiness,
                board.fuel,
                board.data,
                board.antirad,
                counts.uncovered_colony_vp,
                rows,
                position,
                loss,
            )
        )
    return ends


def _rival_end(state: AshesState, action: a.FinishGame) -> RivalEnd | None:
    rival = state.rival
    if rival is None:
        return None
    with_achievements = state.settings.rival_achievement_upgrades_count
    return rival_end(rival, _medals(action), action.rival_uncovered_colony_vp, with_achievements)


def _finish_violations(state: AshesState, action: a.FinishGame) -> list[Violation]:
    rival_vp = RIVAL_UNCOVERED.violations(action.rival_uncovered_colony_vp)
    if problems := rival_vp or _game_over_violations(state):
        return problems
    missing = [s.name for s in state.seats if s.final is None]
    if missing:
        return refuse(
            "ashes.end.counts_missing", f"Enter the final counts of {', '.join(missing)} first.", "ashes/end"
        )
    if action.rival_uncovered_colony_vp and state.rival is None:
        return refuse("ashes.solo.only", "Only a solo game has a rival to score.", "ashes/solo/rival-end")
    if problems := losses_violations(state, action.radiation_losses, "ashes/end"):
        return problems
    return end_violations(_player_ends(state, action), _rival_end(state, action))


def _finish(state: AshesState, action: a.FinishGame, rng: Random) -> tuple[AshesState, list[Event]]:
    result = end_game(state.bag, state.areas, _player_ends(state, action), _rival_end(state, action))
    events = radiation_events(result.board, "ashes/end")
    events += [
        Event.of(
            "final_score",
            f"{score.name}: {score.vp} VP",
            seat=score.name,
            vp=score.vp,
            lines=[[label, points] for label, points in score.breakdown],
            rule="ashes/solo/rival-end" if score.name == RIVAL else "ashes/end",
        )
        for score in result.ranking
    ]
    events.append(Event.of("winner", result.verdict, winner=result.winner, rule="ashes/end"))
    board = result.board
    return replace(state, result=result, bag=board.bag, areas=board.areas), events


RULES: tuple[Rule[AshesState, Any], ...] = (
    Rule(
        a.FinalCountsEntry,
        "Final counts",
        _final_counts,
        lambda s, x: f"{x.player}'s final counts",
        (_counts_violations,),
    ),
    Rule(a.FinishGame, "Final scoring", _finish, lambda s, x: "Final scoring", (_finish_violations,)),
)
