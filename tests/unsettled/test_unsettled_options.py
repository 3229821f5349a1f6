"""The readings the spec marks uncertain, each switchable at setup: both settings behave as described."""

from __future__ import annotations

from dataclasses import replace

from tests.unsettled.fixtures import TEST_GRAPH, play_state, run
from trackers.unsettled import actions as ua
from trackers.unsettled.board import CARD_NOT_ENTERED, example_map


def test_a_commanded_move_attacks_only_when_forced_moves_enter() -> None:
    for enters, distress in ((True, 1), (False, 0)):
        start = play_state(luna="A", explorers={"X": "C", "Y": "B"}, forced_moves_enter=enters)
        state, _ = run(start, ua.CommandLuna("X", "B"))
        assert state.luna == "B" and state.explorer("Y").distress == distress


def test_a_chaos_placement_springs_traps_only_when_forced_moves_enter() -> None:
    scarab = example_map().graph()
    for enters, gone in ((True, ("Trap 1",)), (False, ())):
        start = replace(
            play_state(
                luna="Navigation", explorers={"X": "Engine Control"}, graph=scarab, forced_moves_enter=enters
            ),
            chaos_pending=True,
            traps_on=(("Upper Corridor", "Trap 1"),),
        )
        state, _ = run(start, ua.ResolveChaos(die=1, placement=2))
        assert state.luna == "Upper Corridor" and state.traps_gone == gone


def test_the_chute_drop_checks_clumsiness_again_only_when_it_counts_as_entering() -> None:
    scarab = example_map().graph()
    for enters, pending in ((True, (("X", "Organic Stowage"),)), (False, ())):
        start = play_state(
            luna="Outside Rear", explorers={"X": "Medical Bay"}, graph=scarab, chute_drop_enters=enters
        )
        state, _ = run(start, ua.Move("X", "Crew Quarters"), ua.ResolveClumsiness(failed=False))
        assert state.explorer("X").node == "Organic Stowage"
        assert state.pending_checks == pending


def test_structures_stay_or_go_with_the_power() -> None:
    scarab = example_map().graph()
    for stay, built in ((True, ("Laboratory",)), (False, ())):
        start = play_state(
            luna="Outside Rear", explorers={"X": "Laboratory"}, graph=scarab, structures_stay=stay
        )
        state, _ = run(start, ua.SetPower("Laboratory", True), ua.SetPower("Laboratory", False))
        assert state.structures() == built


def test_the_first_two_distress_stay_or_go_on_incapacitation() -> None:
    for keep, distress in ((True, 2), (False, 0)):
        start = play_state(
            luna="B", explorers={"X": "C"}, distress={"X": 2}, graph=TEST_GRAPH, keep_distress=keep
        )
        state, _ = run(start, ua.StartPursuit(1, run=True))
        x = state.explorer("X")
        assert x.incapacitated == CARD_NOT_ENTERED and x.distress == distress
