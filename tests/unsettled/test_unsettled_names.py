"""Names the table types are compared as it means them (#28 point 4): "crew quarters " is Crew Quarters,
"ann" the explorer Ann, "trap 1" the tray's Trap 1; the log keeps what was typed."""

from __future__ import annotations

from random import Random

import trackers  # noqa: F401  (registers the map pack kind)
from tests.unsettled.fixtures import play_state, refused, run
from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.unsettled import actions as ua
from trackers.unsettled.board import example_map, map_from_json, map_problems
from trackers.unsettled.game import UNSETTLED
from trackers.unsettled.state import UnsettledState


def fresh() -> UnsettledState:
    state: UnsettledState = UNSETTLED.new_state(make_setup(UNSETTLED, ("Ann",), {}), 1)
    return state


def retyped(name: str) -> str:
    """A card's name as a hurried table types it."""
    return f" {name.lower()} "


def test_a_map_pack_naming_cards_in_another_case_means_the_scarabs_cards() -> None:
    data = example_map().to_json()
    typed = {
        **data,
        "cells": [[retyped(n), c, r] for n, c, r in data["cells"]],
        "barriers": [[retyped(a), b.upper()] for a, b in data["barriers"]],
        "links": [[retyped(a), b] for a, b in data["links"]],
    }
    assert map_problems(typed) == []
    assert map_from_json(typed) == example_map()


def test_a_map_pack_refuses_a_card_placed_twice_in_another_case() -> None:
    data = example_map().to_json()
    free = next((c, r) for c in range(6) for r in range(6) if example_map().node_at(c, r) is None)
    twice = {**data, "cells": [*data["cells"], [" crew QUARTERS", *free]]}
    assert "'Crew Quarters' is placed twice" in map_problems(twice)


def test_the_map_editor_takes_card_names_in_any_case() -> None:
    state, _ = run(fresh(), ua.ToggleBarrier("navigation", "UPPER CORRIDOR "))
    assert not state.graph.adjacent("Navigation", "Upper Corridor")
    state, _ = run(state, ua.RemoveCard("workshop"))
    assert "Workshop" not in {n for n, _, _ in state.scarab.cells}
    state, _ = run(state, ua.PlaceCard(" Workshop", 0, 0))
    assert state.scarab.node_at(0, 0) == "Workshop"
    cells = tuple((retyped(n), c, r) for n, c, r in example_map().cells)
    loaded, _ = run(fresh(), ua.LoadMap("Ours", cells))
    assert loaded.scarab.cells == example_map().cells


def test_explorers_and_nodes_are_named_in_any_case_and_the_log_keeps_what_was_typed() -> None:
    session = Session(UNSETTLED, make_setup(UNSETTLED, ("Ann",), {}), seed=1)
    for action in (
        ua.ConfirmMap(),
        ua.PlaceExplorer("ann ", "organic stowage"),
        ua.PlaceLuna("OUTSIDE FRONT"),
        ua.BeginPlay(),
        ua.SetPower(" Organic  Stowage", True),
    ):
        session.play(action)
    assert refused(session.state, ua.Move("Ann", "Crew Quarterz")) == "unsettled.node"
    assert refused(session.state, ua.Move("Anne", "Crew Quarters")) == "unsettled.explorer"
    session.play(ua.Move("ANN", "crew quarters"))
    state = session.state
    assert state.explorer("Ann").node == "Crew Quarters" and state.luna == "Outside Front"
    assert "Organic Stowage" in state.powered
    assert session.entries[-1].action == ua.Move("ANN", "crew quarters")


def test_a_trap_is_named_in_any_case() -> None:
    start = play_state(
        luna="Outside Front",
        explorers={"Ann": "Workshop"},
        graph=example_map().graph(),
        powered=frozenset({"Workshop"}),
    )
    built, _ = run(start, ua.ConstructTrap("ann", "trap 1 "))
    assert built.explorer("Ann").traps == ("Trap 1",)
    assert "Trap 1" not in built.trap_tray
    assert UNSETTLED.describe(start, ua.ConstructTrap("ann", "trap 1 ")) == UNSETTLED.describe(
        start, ua.ConstructTrap("Ann", "Trap 1")
    )
    assert UNSETTLED.apply(start, ua.ConstructTrap("ann", "TRAP 1"), Random(0))[0] == built
