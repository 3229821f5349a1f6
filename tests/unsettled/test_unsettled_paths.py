"""How LUNA picks her way on small hand-made maps: ties, barriers, obstacles, unreachable targets, options.

The rules: she takes the shortest route to her target, barriers are walls nobody crosses, obstacles do
not change her route (each attempt costs an ire point and removes one block), and the spec's options
(unsettled/options) settle the readings the text leaves open.
"""

from __future__ import annotations

import re
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from tests.unsettled.fixtures import play_state, refused, run
from trackers.core.actions import Event
from trackers.core.graph import Graph
from trackers.unsettled.actions import (
    CommandLuna,
    HotWire,
    Move,
    PursuitStep,
    ResolveClumsiness,
    StartPursuit,
)
from trackers.unsettled.board import CARD_NOT_ENTERED, example_map
from trackers.unsettled.game import UNSETTLED
from trackers.unsettled.luna import plan_step
from trackers.unsettled.state import UnsettledState

# A square: two equally short ways from A to D.
SQUARE = Graph.build("ABCD", [("A", "B"), ("B", "D"), ("A", "C"), ("C", "D")])
# Three equally short ways from A to D, edges given out of order.
FAN = Graph.build("DECBA", [("E", "D"), ("A", "E"), ("C", "D"), ("A", "C"), ("B", "D"), ("A", "B")])
# A direct edge A-D and a long way A-B-C-D.
LOOP = Graph.build("ABCD", [("A", "D"), ("A", "B"), ("B", "C"), ("C", "D")])
# The rulebook's example: A-B-C-D reaches D in 3 moves, A-E-D in 2.
EXAMPLE = Graph.build("ABCDE", [("A", "B"), ("B", "C"), ("C", "D"), ("A", "E"), ("E", "D")])
# A line A-B-C.
LINE = Graph.build("ABC", [("A", "B"), ("B", "C")])


def pursuing(state: UnsettledState, roll: int) -> UnsettledState:
    """Start LUNA's turn with an entered roll; she is now pursuing the active explorer."""
    state, _ = run(state, StartPursuit(roll))
    assert state.pursuit == state.explorers[0].name
    return state


def message(state: UnsettledState, action: PursuitStep | Move | CommandLuna) -> str:
    problems = UNSETTLED.validate(state, action)
    assert problems, f"{action} was accepted"
    return problems[0].message


def names(text: str) -> set[str]:
    """The single-letter node names a message mentions."""
    return set(re.findall(r"\b[A-Z]\b", text))


def step(state: UnsettledState, choice: str | None = None) -> tuple[UnsettledState, list[Event]]:
    return run(state, PursuitStep(choice))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


# Ties -------------------------------------------------------------------------------------------


def test_a_tie_must_be_settled_by_the_table() -> None:
    state = pursuing(play_state(luna="A", explorers={"Ann": "D"}, graph=SQUARE), 2)
    assert refused(state, PursuitStep()) == "unsettled.pursuit.tie"
    text = message(state, PursuitStep())
    assert names(text) >= {"B", "C"}


def test_a_tie_choice_moves_her_there() -> None:
    state = pursuing(play_state(luna="A", explorers={"Ann": "D"}, graph=SQUARE), 2)
    after, events = step(state, "B")
    assert after.luna == "B" and after.ire == 1 and after.pursuit == "Ann"
    assert events[0].kind == "luna_move" and dict(events[0].data) == {
        "frm": "A",
        "to": "B",
        "rule": "unsettled/luna/pursuit",
    }
    other, _ = step(state, "C")
    assert other.luna == "C"
    # From B the way on is single, so no choice is needed.
    final, _ = step(after)
    assert final.luna == "D" and final.explorer("Ann").distress == 1 and final.ire == 0


def test_a_choice_off_the_shortest_ways_is_refused() -> None:
    state = pursuing(play_state(luna="A", explorers={"Ann": "D"}, graph=SQUARE), 2)
    for bad in ("X", "D", "A"):
        code = refused(state, PursuitStep(bad))
        assert code in ("unsettled.pursuit.tie", "unsettled.pursuit.choice"), (bad, code)
    # Without a tie, a choice must still be her one shortest way.
    single = pursuing(play_state(luna="A", explorers={"Ann": "C"}, graph=LINE), 2)
    assert refused(single, PursuitStep("X")) == "unsettled.pursuit.choice"
    assert "X" in names(message(single, PursuitStep("X")))
    after, _ = step(single, "B")
    assert after.luna == "B"


def test_a_choice_when_she_attacks_is_refused() -> None:
    state = pursuing(play_state(luna="D", explorers={"Ann": "D"}, graph=SQUARE), 2)
    assert refused(state, PursuitStep("B")) == "unsettled.pursuit.choice"


def test_plan_step_lists_the_tied_candidates_sorted() -> None:
    state = pursuing(play_state(luna="A", explorers={"Ann": "D"}, graph=SQUARE), 2)
    plan = plan_step(state)
    assert plan.kind == "tie" and plan.candidates == ("B", "C") and plan.distance == 2
    assert plan.target == "Ann" and plan.to is None
    fan = pursuing(play_state(luna="A", explorers={"Ann": "D"}, graph=FAN), 1)
    plan = plan_step(fan)
    assert plan.kind == "tie" and plan.candidates == ("B", "C", "E")
    chosen = plan_step(fan, "E")
    assert chosen.kind == "move" and chosen.to == "E" and chosen.candidates == ("B", "C", "E")
    assert names(message(fan, PursuitStep())) >= {"B", "C", "E"}


def test_a_tie_is_asked_again_at_each_step() -> None:
    # A-B-D and A-C-D, then from B or C two ways again to F: D-F and E-F where B-E, C-E.
    graph = Graph.build(
        "ABCDEF", [("A", "B"), ("A", "C"), ("B", "D"), ("C", "D"), ("B", "E"), ("C", "E"), ("D", "F")]
    ).add_edge("E", "F")
    state = pursuing(play_state(luna="A", explorers={"Ann": "F"}, graph=graph), 3)
    assert plan_step(state).candidates == ("B", "C")
    state, _ = step(state, "C")
    assert refused(state, PursuitStep()) == "unsettled.pursuit.tie"
    assert plan_step(state).candidates == ("D", "E")
    state, _ = step(state, "E")
    state, _ = step(state)
    assert state.luna == "F" and state.explorer("Ann").distress == 1


def test_a_tie_with_a_blocked_way_is_still_a_tie() -> None:
    state = pursuing(play_state(luna="A", explorers={"Ann": "D"}, graph=SQUARE.add_blockers("A", "B")), 3)
    assert plan_step(state).kind == "tie"
    assert plan_step(state, "B").kind == "obstacle" and plan_step(state, "C").kind == "move"
    state, events = step(state, "B")
    assert state.luna == "A" and events[0].kind == "luna_obstacle" and state.graph.blockers("A", "B") == 0
    assert refused(state, PursuitStep()) == "unsettled.pursuit.tie"
    state, _ = step(state, "B")
    assert state.luna == "B"


# Barriers ---------------------------------------------------------------------------------------


def test_a_wall_on_the_direct_edge_sends_her_the_long_way() -> None:
    walled = LOOP.add_barrier("A", "D")
    state = pursuing(play_state(luna="A", explorers={"Ann": "D"}, graph=walled), 3)
    plan = plan_step(state)
    assert plan.kind == "move" and plan.to == "B" and plan.distance == 3
    visited = [state.luna]
    while state.pursuit is not None:
        state, events = step(state)
        for event in events:
            if event.kind == "luna_move":
                assert walled.adjacent(event.value("frm"), event.value("to"))
        visited.append(state.luna)
    assert visited == ["A", "B", "C", "D"]
    assert state.explorer("Ann").distress == 1 and state.ire == 0


def test_without_the_wall_she_takes_the_direct_edge() -> None:
    state = pursuing(play_state(luna="A", explorers={"Ann": "D"}, graph=LOOP), 1)
    after, events = step(state)
    assert after.luna == "D" and after.explorer("Ann").distress == 1
    assert "shortest path 1 vs 3 via B" in events[0].text


def test_she_never_crosses_a_wall_even_when_it_is_the_only_way_left() -> None:
    # The only edge out of A toward D is walled; B is a dead end.
    graph = Graph.build("ABD", [("A", "B"), ("A", "D")]).add_barrier("A", "D")
    state = pursuing(play_state(luna="A", explorers={"Ann": "D"}, graph=graph), 2)
    assert plan_step(state).kind == "unreachable"
    while state.pursuit is not None:
        state, events = step(state)
        assert "luna_move" not in kinds(events)
    assert state.luna == "A" and state.explorer("Ann").distress == 0


def test_explorers_and_commands_cannot_cross_a_wall() -> None:
    walled = LOOP.add_barrier("A", "D")
    state = play_state(luna="B", explorers={"Ann": "A", "Bob": "D"}, graph=walled)
    assert refused(state, Move("Ann", "D")) == "unsettled.adjacency"
    assert "wall" in message(state, Move("Ann", "D"))
    assert refused(state, Move("Bob", "A")) == "unsettled.adjacency"
    assert refused(state, Move("Ann", "C")) == "unsettled.adjacency"
    assert "not adjacent" in message(state, Move("Ann", "C"))
    at_a = replace(state, luna="A")
    assert refused(at_a, CommandLuna("Ann", "D")) == "unsettled.adjacency"
    moved, _ = run(at_a, CommandLuna("Ann", "B"))
    assert moved.luna == "B"


# Obstacles --------------------------------------------------------------------------------------


def test_obstacles_do_not_change_her_route_rulebook_example() -> None:
    """3 moves one way, 2 moves with 2 obstacles the other: she still takes the 2-move way."""
    blocked = EXAMPLE.add_blockers("A", "E", 2)
    state = pursuing(play_state(luna="A", explorers={"Ann": "D"}, graph=blocked), 4)
    plan = plan_step(state)
    assert plan.kind == "obstacle" and plan.to == "E" and plan.distance == 2
    assert plan.others == (("B", 3),)
    seen: list[Event] = []
    lunas = []
    while state.pursuit is not None:
        state, events = step(state)
        seen += events
        lunas.append(state.luna)
    assert [e.kind for e in seen if e.kind.startswith("luna")] == [
        "luna_obstacle",
        "luna_obstacle",
        "luna_move",
        "luna_move",
    ]
    assert lunas == ["A", "A", "E", "D"]
    assert [e.value("left") for e in seen if e.kind == "luna_obstacle"] == [1, 0]
    assert state.graph.blockers("A", "E") == 0 and state.ire == 0
    assert state.explorer("Ann").distress == 1


def test_two_blocks_cost_two_ire_points_then_the_move() -> None:
    blocked = EXAMPLE.add_blockers("A", "E", 2)
    state = pursuing(play_state(luna="A", explorers={"Ann": "D"}, graph=blocked), 2)
    state, first = step(state)
    assert state.luna == "A" and state.ire == 1 and state.graph.blockers("A", "E") == 1
    assert first[0].kind == "luna_obstacle" and first[0].value("to") == "E" and first[0].value("left") == 1
    assert first[0].text.endswith("(shortest path 2 vs 3 via B)")
    state, _ = step(state)
    assert state.luna == "A" and state.ire == 0 and state.pursuit is None
    assert state.graph.blockers("A", "E") == 0
    # Next turn the way is open: the first ire point moves her.
    state = pursuing(state, 1)
    state, events = step(state)
    assert state.luna == "E" and events[0].kind == "luna_move"


def test_blocks_split_over_her_route_each_cost_a_point() -> None:
    blocked = EXAMPLE.add_blockers("A", "E").add_blockers("E", "D")
    state = pursuing(play_state(luna="A", explorers={"Ann": "D"}, graph=blocked), 4)
    route = []
    while state.pursuit is not None:
        state, _ = step(state)
        route.append(state.luna)
    assert route == ["A", "E", "E", "D"]
    assert state.graph.blocker_counts == ()


def test_obstacles_on_the_long_way_are_left_alone() -> None:
    blocked = EXAMPLE.add_blockers("A", "B", 3)
    state = pursuing(play_state(luna="A", explorers={"Ann": "D"}, graph=blocked), 2)
    while state.pursuit is not None:
        state, _ = step(state)
    assert state.luna == "D" and state.graph.blockers("A", "B") == 3


# Unreachable targets ----------------------------------------------------------------------------

CUT = Graph.build("ABC", [("A", "B"), ("B", "C")]).add_barrier("B", "C")


def test_unreachable_default_she_stays_and_spends_each_point() -> None:
    state = pursuing(play_state(luna="A", explorers={"Ann": "C"}, graph=CUT), 3)
    assert plan_step(state).kind == "unreachable"
    ires = []
    while state.pursuit is not None:
        state, events = step(state)
        assert events[0].kind == "luna_unreachable"
        assert state.luna == "A"
        ires.append(state.ire)
    assert ires == [2, 1, 0]
    assert state.explorer("Ann").distress == 0 and state.active == 0  # one explorer: back to Ann


def test_unreachable_stop_ends_the_pursuit_at_once_keeping_the_ire() -> None:
    start = play_state(luna="A", explorers={"Ann": "C", "Bob": "A"}, graph=CUT, unreachable="stop")
    state = pursuing(start, 3)
    assert state.ire == 3
    state, events = step(state)
    assert state.pursuit is None and state.ire == 3 and state.luna == "A"
    assert state.active == 1
    assert events[0].kind == "luna_unreachable"
    assert refused(state, PursuitStep()) == "unsettled.pursuit.none"


# Options ----------------------------------------------------------------------------------------


def test_arrival_distress_off_spares_only_the_target_on_arrival() -> None:
    start = play_state(luna="A", explorers={"Ann": "C", "Bob": "C"}, graph=LINE, arrival_distress=False)
    state = pursuing(start, 3)
    state, _ = step(state)
    assert state.luna == "B"
    state, events = step(state)
    assert state.luna == "C"
    assert state.explorer("Ann").distress == 0
    assert state.explorer("Bob").distress == 1
    assert [e.value("explorer") for e in events if e.kind == "distress"] == ["Bob"]
    assert state.explorer("Ann").incapacitated is None
    state, events = step(state)
    assert state.explorer("Ann").distress == 1 and state.explorer("Bob").distress == 1
    assert events[0].kind == "luna_attack"


def test_arrival_distress_default_hits_the_target_on_arrival() -> None:
    start = play_state(luna="A", explorers={"Ann": "C", "Bob": "C"}, graph=LINE)
    state = pursuing(start, 3)
    state, _ = step(state)
    state, _ = step(state)
    assert state.explorer("Ann").distress == 1 and state.explorer("Bob").distress == 1
    state, _ = step(state)
    assert state.explorer("Ann").distress == 2


def test_arrival_distress_off_keeps_an_incapacitated_target_incapacitated() -> None:
    start = play_state(
        luna="A", explorers={"Ann": "B", "Bob": "B"}, graph=LINE, arrival_distress=False, distress={"Bob": 2}
    )
    state = pursuing(start, 2)
    state, _ = step(state)
    assert state.explorer("Ann").distress == 0 and state.explorer("Ann").incapacitated is None
    assert state.explorer("Bob").incapacitated == CARD_NOT_ENTERED


def test_traps_first_off_attacks_before_the_trap() -> None:
    start = replace(
        play_state(luna="A", explorers={"Ann": "B"}, graph=LINE, traps_first=False),
        traps_on=(("B", "Trap 1"),),
        trap_tray=("Trap 2", "Trap 3", "Trap 4"),
    )
    state = pursuing(start, 1)
    state, events = step(state)
    order = kinds(events)
    assert order.index("distress") < order.index("trap")
    assert state.traps_gone == ("Trap 1",) and state.traps_on == ()


def test_traps_first_default_springs_the_trap_before_the_attack() -> None:
    start = replace(play_state(luna="A", explorers={"Ann": "B"}, graph=LINE), traps_on=(("B", "Trap 1"),))
    state = pursuing(start, 1)
    _, events = step(state)
    order = kinds(events)
    assert order.index("trap") < order.index("distress")


@given(ire=st.integers(0, 3), roll=st.integers(1, 6))
def test_ire_cap_keeps_ire_at_most_three(ire: int, roll: int) -> None:
    start = play_state(luna="A", explorers={"Ann": "C"}, graph=LINE, ire=ire, ire_cap=True)
    state, _ = run(start, StartPursuit(roll))
    assert state.ire == min(3, ire + roll)
    while state.pursuit is not None:
        state, _ = step(state)
        assert 0 <= state.ire <= 3


def test_ire_cap_holds_for_hot_wire_and_clumsiness() -> None:
    graph = example_map().graph()
    start = play_state(
        luna="Outside Rear", explorers={"Ann": "Engine Control"}, graph=graph, ire=3, ire_cap=True
    )
    start = replace(start, explorers=(replace(start.explorers[0], discoveries=1),))
    state, _ = run(start, HotWire("Ann"))
    assert state.ire == 3
    state = replace(state, pending_checks=(("Ann", "Workshop"),))
    state, _ = run(state, ResolveClumsiness(failed=True))
    assert state.ire == 3


def test_ire_is_not_capped_by_default() -> None:
    start = play_state(luna="A", explorers={"Ann": "C"}, graph=LINE, ire=2)
    state, _ = run(start, StartPursuit(6))
    assert state.ire == 8


# Event text -------------------------------------------------------------------------------------


def test_move_text_names_the_longer_alternatives() -> None:
    # From A: B reaches D in 2, C in 3 (C-E-D), F only back through A; a one-way chute to G never returns.
    graph = Graph.build(
        "ABCDEFG",
        [("A", "B"), ("B", "D"), ("A", "C"), ("C", "E"), ("E", "D"), ("A", "F")],
        links=[("A", "G")],
    )
    assert "G" in graph.neighbours("A")
    state = pursuing(play_state(luna="A", explorers={"Ann": "D"}, graph=graph), 1)
    _, events = step(state)
    assert dict(events[0].data) == {"frm": "A", "to": "B", "rule": "unsettled/luna/pursuit"}
    assert events[0].text.endswith(" (shortest path 2 vs 3 via C, 4 via F)")


def test_move_text_without_alternatives_gives_only_the_distance() -> None:
    state = pursuing(play_state(luna="A", explorers={"Ann": "C"}, graph=LINE), 1)
    _, events = step(state)
    assert events[0].text.endswith(" (shortest path 2)")
    assert " vs " not in events[0].text


def test_move_text_after_a_tie_choice() -> None:
    state = pursuing(play_state(luna="A", explorers={"Ann": "D"}, graph=SQUARE), 1)
    _, events = step(state, "C")
    assert dict(events[0].data) == {"frm": "A", "to": "C", "rule": "unsettled/luna/pursuit"}
    assert events[0].text.endswith(" (shortest path 2)")


# Any small map ----------------------------------------------------------------------------------

NAMES = "ABCDEF"
PAIRS = [(x, y) for i, x in enumerate(NAMES) for y in NAMES[i + 1 :]]


@given(data=st.data())
def test_every_step_follows_a_shortest_open_way(data: st.DataObject) -> None:
    """On random maps: each ire point moves her one open edge closer, or removes one block, or waits."""
    edges = data.draw(st.lists(st.sampled_from(PAIRS), unique=True, min_size=1, max_size=9))
    graph = Graph.build(NAMES, edges)
    walls = data.draw(st.lists(st.sampled_from(edges), unique=True, max_size=3))
    for wall in walls:
        graph = graph.add_barrier(*wall)
    open_edges = [e for e in edges if e not in walls]
    if open_edges:
        for pair in data.draw(st.lists(st.sampled_from(open_edges), max_size=4)):
            graph = graph.add_blockers(*pair)
    luna, target = data.draw(st.sampled_from(NAMES)), data.draw(st.sampled_from(NAMES))
    state = pursuing(
        play_state(luna=luna, explorers={"Ann": target}, graph=graph), data.draw(st.integers(1, 6))
    )
    distance = graph.distances_to(target)
    while state.pursuit is not None:
        plan = plan_step(state)
        choice = data.draw(st.sampled_from(plan.candidates)) if plan.kind == "tie" else None
        before = state
        here = before.luna
        assert here is not None
        state, events = step(state, choice)
        assert state.ire == before.ire - 1
        moved = [e for e in events if e.kind == "luna_move"]
        if here == target:
            assert events[0].kind == "luna_attack" and state.luna == here
        elif here not in distance:
            assert events[0].kind == "luna_unreachable" and state.luna == here
        elif moved:
            (move,) = moved
            to = move.value("to")
            assert move.value("frm") == here and state.luna == to
            assert graph.adjacent(here, to) and not graph.has_barrier(here, to)
            assert distance[to] == distance[here] - 1
            assert before.graph.blockers(here, to) == 0
            if choice is not None:
                assert to == choice
        else:
            assert events[0].kind == "luna_obstacle" and state.luna == here
            to = events[0].value("to")
            assert distance[to] == distance[here] - 1 and graph.adjacent(here, to)
            assert state.graph.blockers(here, to) == before.graph.blockers(here, to) - 1
