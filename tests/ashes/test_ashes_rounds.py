"""The ASHES round cycle: setup steps, turn order by row, passing (AS-V07, AS-V11) and the round's end."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

import trackers.ashes.rounds.turn_order as rounds_module
from rules_ref import reference
from trackers.ashes.rival.play import new_rival, rival_pass
from trackers.ashes.rounds.turn_order import (
    RIVAL,
    TIE_BREAK_ROW,
    RoundState,
    SetupKind,
    TurnRow,
    TurnSpot,
    end_round,
    free_positions,
    new_game,
    next_row,
    pass_turn,
    setup_done,
    setup_steps,
    spot_of,
    take_turn,
    unavailable,
)
from trackers.ashes.terms import Difficulty, UpgradeClass
from trackers.core.errors import IllegalAction, TableError


def refused(error: pytest.ExceptionInfo[IllegalAction]) -> list[tuple[str, str]]:
    return [(v.code, v.rule) for v in error.value.violations]


def set_up(state: RoundState) -> RoundState:
    for step in state.setup_left:
        state = setup_done(state, step.kind)
    return state


def passes(state: RoundState, *moves: tuple[str, int]) -> RoundState:
    for seat, position in moves:
        state = pass_turn(state, seat, position).state
    return state


def test_round_1_only_emerges_and_later_rounds_run_all_four_steps_in_order() -> None:
    (only,) = setup_steps(1)
    assert (only.kind, only.number, only.rule) == (SetupKind.EMERGE, 4, "ashes/rounds/emerge")
    assert "sectors 1 then 2" in only.text
    for r, sectors in ((2, "sectors 2 then 3"), (3, "sectors 3 then 4")):
        steps = setup_steps(r)
        assert [s.kind for s in steps] == list(SetupKind)
        assert [s.number for s in steps] == [1, 2, 3, 4]
        assert steps[0].rule == "ashes/radiation" and sectors in steps[-1].text
    with pytest.raises(TableError):
        setup_steps(4)


def test_setup_seats_the_start_player_first_and_blocks_position_4_with_three() -> None:
    three = new_game(["ana", "ben", "cy"])
    assert three.order == ("ana", "ben", "cy") and three.current is None
    assert spot_of(three, "cy") == TurnSpot(TurnRow.TOP, 3)
    assert unavailable(three, TurnRow.BOTTOM) == {4}
    assert free_positions(three) == (1, 2, 3)
    assert free_positions(new_game(["ana", "ben"])) == (1, 2, 3, 4)
    solo = new_game(["ana"], solo=True)
    assert solo.order == ("ana", RIVAL) and spot_of(solo, RIVAL) == TurnSpot(TurnRow.TOP, 2)
    for bad in (["ana"], ["a", "b", "c", "d", "e"], ["ana", "ana"], ["ana", RIVAL]):
        with pytest.raises(TableError):
            new_game(bad)


def test_rows_alternate_and_round_3_passes_into_the_tie_break_row() -> None:
    assert [next_row(r) for r in (1, 2, 3)] == [TurnRow.BOTTOM, TurnRow.TOP, TurnRow.BOTTOM]
    assert TIE_BREAK_ROW is TurnRow.BOTTOM


def test_three_rounds_with_different_passing_orders() -> None:
    state = set_up(new_game(["ana", "ben", "cy"]))
    assert state.current == "ana"
    state = take_turn(state, "ana")
    state = pass_turn(state, "ben", 1).state
    assert state.current == "cy"
    state = take_turn(state, "cy")
    assert state.current == "ana"
    state = take_turn(state, "ana")
    state = pass_turn(state, "cy", 3).state
    assert state.current == "ana"
    state = take_turn(state, "ana")
    assert state.current == "ana"
    state = pass_turn(state, "ana", 2).state
    assert state.current is None

    state = end_round(state)
    assert (state.round, state.order, state.passed) == (2, ("ben", "ana", "cy"), ())
    assert [s.kind for s in state.setup_left] == list(SetupKind)
    state = set_up(state)
    assert state.current == "ben"
    state = passes(state, ("ben", 3), ("ana", 1), ("cy", 2))

    state = end_round(state)
    assert (state.round, state.order) == (3, ("ana", "cy", "ben"))
    state = passes(set_up(state), ("ana", 2), ("cy", 1), ("ben", 3))
    state = end_round(state)
    assert state.game_over and state.current is None
    assert [spot_of(state, s) for s in ("cy", "ana", "ben")] == [
        TurnSpot(TIE_BREAK_ROW, p) for p in (1, 2, 3)
    ]


def test_a_pass_pays_the_reward_the_table_entered_for_that_space() -> None:
    rewards = {TurnSpot(TurnRow.BOTTOM, 1): (("data", 1),)}
    state = set_up(new_game(["ana", "ben"], rewards))
    first = pass_turn(state, "ana", 1)
    assert (first.spot, first.reward) == (TurnSpot(TurnRow.BOTTOM, 1), (("data", 1),))
    assert pass_turn(first.state, "ben", 4).reward == ()


def test_solo_round_ends_when_player_and_rival_have_both_passed() -> None:
    state = set_up(new_game(["ana"], solo=True))
    state = pass_turn(state, "ana", 1).state
    assert state.current == RIVAL
    rival = new_rival(Difficulty.NORMAL, 4, 3, ("c1", "c2"), (UpgradeClass.CLASS_I,), 4)
    rival = replace(rival, marker=rival.marker.set(4))
    moved = rival_pass(rival, state.round, unavailable(state, next_row(state.round))).rival
    assert moved.spot == TurnSpot(TurnRow.BOTTOM, 2)
    with pytest.raises(IllegalAction) as early:
        end_round(take_turn(state, RIVAL))
    assert refused(early) == [("ashes.round.not_over", "ashes/rounds/end")]
    done = pass_turn(state, RIVAL, moved.spot.position)
    assert done.reward == () and done.state.current is None
    assert end_round(done.state).order == ("ana", RIVAL)


def test_refusals() -> None:
    fresh = new_game(["ana", "ben", "cy"])
    with pytest.raises(IllegalAction) as setup_first:
        take_turn(fresh, "ana")
    assert refused(setup_first) == [("ashes.round.setup", "ashes/rounds/setup")]
    with pytest.raises(IllegalAction) as out_of_order:
        setup_done(end_round(passes(set_up(fresh), ("ana", 1), ("ben", 2), ("cy", 3))), SetupKind.EMERGE)
    assert refused(out_of_order) == [("ashes.round.setup_order", "ashes/rounds/setup")]
    state = set_up(fresh)
    with pytest.raises(IllegalAction) as again:
        setup_done(state, SetupKind.EMERGE)
    assert refused(again) == [("ashes.round.setup_order", "ashes/rounds/setup")]
    cases: list[tuple[str, str, Callable[[], object]]] = [
        ("ashes.turn.seat", "ashes/turn-order", lambda: take_turn(state, "dee")),
        ("ashes.turn.not_yours", "ashes/rounds", lambda: take_turn(state, "ben")),
        ("ashes.turn.position", "ashes/turn-order", lambda: pass_turn(state, "ana", 4)),
        ("ashes.turn.position", "ashes/turn-order", lambda: pass_turn(state, "ana", 9)),
        (
            "ashes.turn.taken",
            "ashes/turn-order",
            lambda: pass_turn(pass_turn(state, "ana", 1).state, "ben", 1),
        ),
        ("ashes.turn.passed", "ashes/protocols/pass", lambda: take_turn(passes(state, ("ana", 1)), "ana")),
        ("ashes.turn.passed", "ashes/protocols/pass", lambda: pass_turn(passes(state, ("ana", 1)), "ana", 2)),
        ("ashes.round.not_over", "ashes/rounds/end", lambda: end_round(state)),
    ]
    for code, rule, attempt in cases:
        with pytest.raises(IllegalAction) as error:
            attempt()
        assert refused(error) == [(code, rule)]
    solo = pass_turn(set_up(new_game(["ana"], solo=True)), "ana", 2).state
    with pytest.raises(IllegalAction) as not_first_free:
        pass_turn(solo, RIVAL, 3)
    assert refused(not_first_free) == [("ashes.turn.rival_first_free", "ashes/solo/rival-pass")]
    over = state
    for _ in range(3):
        over = end_round(passes(set_up(over), ("ana", 1), ("ben", 2), ("cy", 3)))
    for attempt in (lambda: take_turn(over, "ana"), lambda: end_round(over)):
        with pytest.raises(IllegalAction) as finished:
            attempt()
        assert refused(finished) == [("ashes.game.over", "ashes/end")]


def test_every_rule_id_in_rounds_exists() -> None:
    source = Path(rounds_module.__file__).read_text()
    ids = set(re.findall(r'"(ashes/[a-z0-9/-]+)"', source))
    assert ids and all(reference().exists(i) for i in ids)
