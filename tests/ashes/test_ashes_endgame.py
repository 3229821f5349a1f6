"""Worked cases T05-T08 and T18 through the final-scoring pipeline, and a tie the turn-order track breaks."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

import trackers.ashes.rounds.final_scoring as endgame_module
from rules_ref import reference
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL, FULL_BAG, Area
from trackers.ashes.rival.play import new_rival
from trackers.ashes.rounds.final_scoring import PlayerEnd, RivalEnd, RowCount, end_game, rival_end
from trackers.ashes.rounds.turn_order import RIVAL, TurnRow, TurnSpot
from trackers.ashes.terms import Difficulty, Medal, PhoenixRow
from trackers.core.bag import Bag
from trackers.core.errors import IllegalAction, TableError

DARK, LIGHT, PINK = PhoenixRow.DARK_BLUE, PhoenixRow.LIGHT_BLUE, PhoenixRow.PINK
T05_A = Area("A", 3, survivors=Bag.of({ACTIVE: 2, ESSENTIAL: 2}))
T05_B = Area("B", 2, survivors=Bag.of({ACTIVE: 4}), vehicles=1)
T05_BAG = FULL_BAG.take([ACTIVE] * 6 + [ESSENTIAL] * 2)


def player(name: str = "ana", **changes: object) -> PlayerEnd:
    quiet = PlayerEnd(name, 50, 3, 0, 0, 0, 0, (), 1)
    return replace(quiet, **changes)  # type: ignore[arg-type]


def lines(result_lines: tuple[tuple[str, int], ...], prefix: str) -> list[tuple[str, int]]:
    return [line for line in result_lines if line[0].startswith(prefix)]


def test_t05_final_radiation_literal_mode() -> None:
    five = player("ana", happiness=5, vp=10, turn_position=1)
    two = player("ben", happiness=2, vp=10, turn_position=2)
    result = end_game(T05_BAG, (T05_A, T05_B), (five, two))
    assert result.board.areas == (replace(T05_A, survivors=Bag.of({ESSENTIAL: 1})), T05_B)
    assert result.board.bag == T05_BAG.put([ACTIVE, ACTIVE, ESSENTIAL])
    ana, ben = (next(s for s in result.ranking if s.name == n) for n in ("ana", "ben"))
    assert lines(ana.breakdown, "12.1") == [("12.1 Radiation: 3 happiness lost", 0)]
    assert lines(ana.breakdown, "12.2 Happiness") == [("12.2 Happiness 2", 2)]
    assert lines(ben.breakdown, "12.1") == [("12.1 Radiation: 3 happiness lost, 1 below 0 at 2 VP each", -2)]
    assert lines(ben.breakdown, "12.2 Happiness") == [("12.2 Happiness 0", 0)]


def test_manual_radiation_loss_replaces_the_literal_one() -> None:
    result = end_game(T05_BAG, (T05_A,), (player(happiness=5, radiation_loss=1),))
    assert lines(result.ranking[0].breakdown, "12.1") == [("12.1 Radiation: 1 happiness lost", 0)]
    assert result.ranking[0].vp == 50 + 4


def test_t06_leftover_tokens_then_happiness() -> None:
    result = end_game(FULL_BAG, (), (player(happiness=7, fuel=4, data=3, antirad=1),))
    assert lines(result.ranking[0].breakdown, "12.2") == [
        ("12.2 8 leftover tokens: +2 happiness, 0 past 9", 0),
        ("12.2 Happiness 9", 9),
    ]
    assert result.ranking[0].vp == 59


def test_t07_happiness_past_9_still_scores() -> None:
    result = end_game(FULL_BAG, (), (player(happiness=8, fuel=9),))
    assert sum(p for _, p in lines(result.ranking[0].breakdown, "12.2")) == 11
    assert result.ranking[0].vp == 61


def test_t08_phoenix_row_capped_at_24() -> None:
    result = end_game(FULL_BAG, (), (player(phoenix_rows=(RowCount(LIGHT, 3, 4, 3),)),))
    assert lines(result.ranking[0].breakdown, "12.4") == [
        ("12.4 Phoenix light blue row: 3 x 4 x 3 = 36, capped at 24", 24)
    ]


def test_t18_rival_scores_colony_and_installed_upgrades_but_no_happiness() -> None:
    rival = new_rival(Difficulty.NORMAL, 4, 3, ("c1",), (), 4)
    rival = replace(
        rival, vp=40, spot=TurnSpot(TurnRow.BOTTOM, 1), installed=((DARK, 1), (LIGHT, 2), (PINK, 3))
    )
    medals = {DARK: Medal.GOLD, LIGHT: Medal.SILVER, PINK: Medal.BRONZE}
    entry = rival_end(rival, medals, uncovered_colony_vp=6)
    assert entry == RivalEnd(40, Difficulty.NORMAL, (Medal.GOLD, Medal.SILVER, Medal.BRONZE), 6, 1)
    result = end_game(T05_BAG, (T05_A,), (player(turn_position=2),), entry)
    score = result.ranking[0]
    assert score.name == RIVAL and score.turn_position == 1
    assert score.breakdown == (
        ("Score after round 3", 40),
        ("13.12 Colony board: uncovered shelter-disc spaces", 6),
        ("13.12 Phoenix upgrades at normal values (gold, silver, bronze)", 12),
    )


def test_full_end_with_a_tie_broken_on_the_turn_order_track() -> None:
    ana = PlayerEnd(
        "ana",
        vp=60,
        happiness=6,
        fuel=2,
        data=3,
        antirad=1,
        uncovered_colony_vp=10,
        phoenix_rows=(RowCount(DARK, 2, 3, 2), RowCount(LIGHT, 3, 4, 3), RowCount(PINK, 1, 2, 4)),
        turn_position=2,
    )
    ben = PlayerEnd(
        "ben",
        vp=70,
        happiness=2,
        fuel=0,
        data=1,
        antirad=0,
        uncovered_colony_vp=5,
        phoenix_rows=(RowCount(DARK, 1, 2, 3), RowCount(LIGHT, 2, 5, 3), RowCount(PINK, 2, 2, 4)),
        turn_position=1,
    )
    third = RivalEnd(80, Difficulty.NORMAL, (Medal.GOLD, Medal.SILVER), 8, 3)
    result = end_game(T05_BAG, (T05_A, T05_B), (ana, ben), third)
    by_name = {s.name: s for s in result.ranking}
    assert by_name["ana"].breakdown == (
        ("Score after round 3", 60),
        ("12.1 Radiation: 3 happiness lost", 0),
        ("12.2 6 leftover tokens: +2 happiness, 0 past 9", 0),
        ("12.2 Happiness 5", 5),
        ("12.3 Colony board: uncovered shelter-disc spaces", 10),
        ("12.4 Phoenix dark blue row: 2 x 3 x 2", 12),
        ("12.4 Phoenix light blue row: 3 x 4 x 3 = 36, capped at 24", 24),
        ("12.4 Phoenix pink row: 1 x 2 x 4", 8),
    )
    assert sum(p for _, p in by_name["ana"].breakdown) == by_name["ana"].vp == 119
    assert [(s.name, s.vp) for s in result.ranking] == [("ben", 119), ("ana", 119), (RIVAL, 98)]
    assert result.winner == "ben" and result.tied_on_top == ("ben", "ana")
    assert result.tie_break_row is TurnRow.BOTTOM
    assert result.verdict == (
        "ben and ana tie on 119 VP; ben wins, further forward on the bottom row of the turn-order track "
        "(position 1)."
    )
    assert end_game(FULL_BAG, (), (player(vp=5),)).verdict == "ana wins with 8 VP."


def test_a_score_at_zero_loses_only_what_it_has() -> None:
    result = end_game(T05_BAG, (T05_A,), (player(vp=1, happiness=0),))
    assert lines(result.ranking[0].breakdown, "12.1")[0][1] == -1
    assert result.ranking[0].vp == 0


def test_refusals() -> None:
    with pytest.raises(IllegalAction) as shared:
        end_game(FULL_BAG, (), (player("ana"), player("ben")))
    assert [(v.code, v.rule) for v in shared.value.violations] == [
        ("ashes.end.same_position", "ashes/turn-order")
    ]
    twice = player(phoenix_rows=(RowCount(PINK, 1, 1, 1), RowCount(PINK, 1, 1, 1)))
    with pytest.raises(IllegalAction) as row_twice:
        end_game(FULL_BAG, (), (twice,))
    assert [(v.code, v.rule) for v in row_twice.value.violations] == [("ashes.end.row_twice", "ashes/end")]
    for names in (("ana", "ana"), (RIVAL,)):
        with pytest.raises(TableError):
            end_game(FULL_BAG, (), tuple(player(n, turn_position=i) for i, n in enumerate(names, 1)))


def test_every_rule_id_in_endgame_exists() -> None:
    source = Path(endgame_module.__file__).read_text()
    ids = set(re.findall(r'"(ashes/[a-z0-9/-]+)"', source))
    assert ids and all(reference().exists(i) for i in ids)
