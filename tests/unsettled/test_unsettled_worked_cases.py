"""The spec's worked cases T01-T17 (shared/design/games/unsettled_blackout.md §8), one test each."""

from __future__ import annotations

from dataclasses import replace

from tests.unsettled.fixtures import TEST_GRAPH, play_state, refused, run
from trackers.unsettled.actions import (
    Barricade,
    ClearPath,
    ConstructTrap,
    FreeExplorer,
    GainDiscovery,
    HotWire,
    Move,
    PursuitStep,
    ResolveChaos,
    StartPursuit,
)
from trackers.unsettled.state import CARD_NOT_ENTERED, UnsettledState


def pursue(state: UnsettledState, roll: int) -> tuple[UnsettledState, list[str]]:
    """LUNA's whole turn with an entered roll; returns the state and every event line."""
    state, events = run(state, StartPursuit(roll))
    while state.pursuit is not None:
        state, more = run(state, PursuitStep())
        events += more
    return state, [e.text for e in events]


def test_t01_luna_closes_in_and_attacks_twice() -> None:
    state, lines = pursue(play_state(luna="A", explorers={"X": "C"}), 3)
    assert state.luna == "C" and state.ire == 0
    assert state.explorer("X").distress == 2
    assert lines[2].startswith("Ire 3 to 2: LUNA moves from A to B")
    assert lines[3].startswith("Ire 2 to 1: LUNA moves from B to C")


def test_t02_shortest_path_wins() -> None:
    state, lines = pursue(play_state(luna="A", explorers={"X": "D"}), 1)
    assert state.luna == "E" and state.ire == 0
    assert "shortest path 2 vs 3 via B" in lines[2]


def test_t03_obstacles_do_not_change_her_route() -> None:
    start = play_state(luna="A", explorers={"X": "D"}, graph=TEST_GRAPH.add_blockers("A", "E", 2))
    state, _ = pursue(start, 3)
    assert state.luna == "E" and state.ire == 0
    assert state.graph.blockers("A", "E") == 0


def test_t04_bystanders_on_her_way_are_attacked() -> None:
    state, _ = pursue(play_state(luna="A", explorers={"X": "C", "Y": "B"}), 2)
    assert state.explorer("Y").distress == 1 and state.explorer("X").distress == 1
    assert state.ire == 0


def test_t05_incapacitated_bystanders_are_spared() -> None:
    state, _ = pursue(play_state(luna="A", explorers={"X": "C", "Y": "B"}, incapacitated=("Y",)), 2)
    assert state.explorer("Y").distress == 0 and state.explorer("X").distress == 1


def test_t06_third_distress_incapacitates_and_ire_carries_over() -> None:
    start = play_state(luna="B", explorers={"X": "C"}, ire=1, distress={"X": 2})
    state, lines = pursue(start, 3)
    x = state.explorer("X")
    assert x.incapacitated == CARD_NOT_ENTERED and x.distress == 2
    assert state.ire == 3 and state.pursuit is None
    assert any("third distress" in line for line in lines)


def test_t07_no_pursuit_of_an_incapacitated_target() -> None:
    start = play_state(luna="A", explorers={"X": "C"}, ire=2, incapacitated=("X",))
    state, _ = pursue(start, 4)
    assert state.ire == 6 and state.luna == "A" and state.explorer("X").distress == 0


def test_t08_walking_into_luna_costs_a_distress() -> None:
    state, _ = run(play_state(luna="C", explorers={"X": "B"}), Move("X", "C"))
    assert state.explorer("X").distress == 1


def test_t09_an_obstacle_costs_the_move_and_one_block() -> None:
    start = play_state(luna="A", explorers={"X": "B"}, graph=TEST_GRAPH.add_blockers("B", "C"))
    state, _ = run(start, Move("X", "C"))
    assert state.explorer("X").node == "B" and state.graph.blockers("B", "C") == 0
    state, _ = run(state, Move("X", "C"))
    assert state.explorer("X").node == "C"


def test_t10_a_trap_springs_before_the_attack_and_is_gone_for_good() -> None:
    start = replace(
        play_state(luna="A", explorers={"X": "B"}), traps_on=(("B", "Trap 1"),), trap_tray=("Trap 2",)
    )
    state, lines = pursue(start, 1)
    assert state.traps_on == () and state.traps_gone == ("Trap 1",)
    assert state.trap_tray == ("Trap 2",)
    trap_line = next(i for i, line in enumerate(lines) if "springs Trap 1" in line)
    attack_line = next(i for i, line in enumerate(lines) if "LUNA attacks X" in line)
    assert trap_line < attack_line


def test_t11_clear_a_path_removes_the_chosen_number() -> None:
    start = play_state(luna="A", explorers={"X": "B"}, graph=TEST_GRAPH.add_blockers("B", "C", 3))
    assert refused(start, ClearPath("X", "C", 4)) == "unsettled.obstacles.count"
    state, _ = run(start, ClearPath("X", "C", 3))
    assert state.graph.blockers("B", "C") == 0
    state, _ = run(state, Barricade("X", "C"))
    assert state.graph.blockers("B", "C") == 1


def test_t12_chaos_die_2_clears_the_obstacles_around_luna() -> None:
    graph = TEST_GRAPH.add_blockers("A", "B", 2).add_blockers("B", "C").add_blockers("C", "D")
    start = replace(play_state(luna="B", explorers={"X": "D"}, graph=graph), chaos_pending=True)
    state, _ = run(start, ResolveChaos(die=2))
    assert (state.graph.blockers("A", "B"), state.graph.blockers("B", "C")) == (0, 0)
    assert state.graph.blockers("C", "D") == 1
    assert state.chaos_side == "B" and not state.chaos_pending


def _ship_state(node: str, powered: frozenset[str] = frozenset(), ire: int = 0) -> UnsettledState:
    return play_state(
        luna="Outside Rear",
        explorers={"X": node},
        ire=ire,
        powered=powered,
        graph=play_state(luna="A", explorers={"X": "A"}).scarab.graph(),
    )


def test_t13_hot_wire_refused_on_a_powered_node() -> None:
    start, _ = run(_ship_state("Navigation", frozenset({"Navigation"})), GainDiscovery("X"))
    assert refused(start, HotWire("X")) == "unsettled.hotwire.powered"


def test_t14_hot_wire_powers_the_node_and_its_system() -> None:
    start, _ = run(_ship_state("Engine Control", ire=1), GainDiscovery("X"))
    state, _ = run(start, HotWire("X"))
    assert state.explorer("X").discoveries == 0 and state.ire == 2
    assert "Engine Control" in state.powered
    assert state.active_systems() == ("Fire Suppression Doors",)
    assert refused(state, HotWire("X")) == "unsettled.hotwire.discovery"


def test_t15_traps_need_the_workshop_powered() -> None:
    start = _ship_state("Workshop")
    assert refused(start, ConstructTrap("X", "Trap 1")) == "unsettled.trap.workshop"


def test_t16_engaged_explorer_freed_by_another_on_the_node() -> None:
    start = play_state(luna="A", explorers={"X": "C", "Y": "C"}, distress={"X": 2}, incapacitated=("X",))
    assert refused(start, FreeExplorer("X", "X")) == "unsettled.free.helper"
    state, _ = run(start, FreeExplorer("X", "Y"))
    assert state.explorer("X").distress == 0 and state.explorer("X").incapacitated is None


def test_t17_chaos_places_luna_by_a_second_roll_and_she_attacks() -> None:
    graph = play_state(luna="A", explorers={"X": "A"}).scarab.graph()
    start = replace(
        play_state(luna="Navigation", explorers={"X": "Upper Corridor"}, graph=graph),
        chaos_pending=True,
        traps_on=(("Upper Corridor", "Trap 2"),),
    )
    state, _ = run(start, ResolveChaos(die=1, placement=2))
    assert state.luna == "Upper Corridor"
    assert state.explorer("X").distress == 1
    assert state.traps_gone == ("Trap 2",)
