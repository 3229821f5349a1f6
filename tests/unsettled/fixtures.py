"""The spec's test map (not the Scarab): A-B-C-D in a line plus A-E-D, and a wall between B and E."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from trackers.core.actions import Action, Event
from trackers.core.game import make_setup
from trackers.core.graph import Graph
from trackers.core.session import Session
from trackers.unsettled import actions as ua
from trackers.unsettled.game import UNSETTLED
from trackers.unsettled.state import Explorer, UnsettledState

TEST_GRAPH = Graph.build(
    "ABCDE", [("A", "B"), ("B", "C"), ("C", "D"), ("A", "E"), ("E", "D"), ("B", "E")]
).add_barrier("B", "E")


def play_state(
    *,
    luna: str,
    explorers: dict[str, str],
    graph: Graph = TEST_GRAPH,
    ire: int = 0,
    distress: dict[str, int] | None = None,
    incapacitated: tuple[str, ...] = (),
    powered: frozenset[str] = frozenset(),
    **options: Any,
) -> UnsettledState:
    """A game already in play on `graph`, the first explorer active."""
    setup = make_setup(UNSETTLED, tuple(explorers), options)
    base = UNSETTLED.new_state(setup, 0)
    people = tuple(
        Explorer(
            name,
            node,
            distress=(distress or {}).get(name, 0),
            incapacitated="Engaged" if name in incapacitated else None,
        )
        for name, node in explorers.items()
    )
    return replace(base, phase="play", graph=graph, explorers=people, luna=luna, ire=ire, powered=powered)


def run(state: UnsettledState, *actions: Action, seed: int = 0) -> tuple[UnsettledState, list[Event]]:
    """Validate and apply each action in turn, failing loudly on a refusal."""
    events: list[Event] = []
    for index, action in enumerate(actions):
        problems = UNSETTLED.validate(state, action)
        assert not problems, problems
        state, new = UNSETTLED.apply(state, action, Random(seed + index))
        events += new
    return state, events


def refused(state: UnsettledState, action: Action) -> str:
    problems = UNSETTLED.validate(state, action)
    assert problems, f"{action} was accepted"
    return problems[0].code


def in_play() -> Session:
    """Ann and Bob on the example layout, LUNA in the Laboratory: play has begun."""
    session = Session(UNSETTLED, make_setup(UNSETTLED, ("Ann", "Bob"), {}), 3)
    for entry in (
        ua.ConfirmMap(),
        ua.PlaceExplorer("Ann", "Outside Front"),
        ua.PlaceExplorer("Bob", "Outside Rear"),
        ua.PlaceLuna("Laboratory"),
        ua.BeginPlay(),
    ):
        session.play(entry)
    return session
