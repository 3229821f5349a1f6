"""LUNA's pursuit: the cost of one whole turn with ire 6 on the 12-node example map of the Scarab."""

from __future__ import annotations

import time
from collections.abc import Iterator
from random import Random

import trackers  # noqa: F401  (registers every game)
from build.bench.figures import Figure, median, percentile
from trackers.core.actions import Action
from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.unsettled import actions as ua
from trackers.unsettled.game import UNSETTLED
from trackers.unsettled.luna import plan_step
from trackers.unsettled.state import UnsettledState

RUNS = 300
ROLL = 6


def _ready_session() -> Session:
    """A game in play: Ann far from LUNA, so all six ire points move her (ties take the first way)."""
    session = Session(UNSETTLED, make_setup(UNSETTLED, ("Ann",), {}), 7)
    for action in (ua.ConfirmMap(), ua.PlaceExplorer("Ann", "Outside Rear"), ua.PlaceLuna("Outside Front")):
        session.play(action)
    session.play(ua.BeginPlay())
    return session


def _turn(state: UnsettledState) -> list[Action]:
    actions: list[Action] = [ua.StartPursuit(ROLL)]
    state, _ = UNSETTLED.apply(state, actions[0], Random(0))
    while state.pursuit is not None:
        plan = plan_step(state)
        step = ua.PursuitStep(plan.candidates[0] if plan.kind == "tie" else None)
        state, _ = UNSETTLED.apply(state, step, Random(0))
        actions.append(step)
    return actions


def pursuit_figures() -> Iterator[Figure]:
    session = _ready_session()
    turn = _turn(session.state)
    samples = []
    for _ in range(RUNS):
        started = time.perf_counter_ns()
        result = session.dispatch_group(turn)
        samples.append((time.perf_counter_ns() - started) / 1_000)
        if not result.ok:
            raise RuntimeError(f"the bench's LUNA turn was refused: {result.violations[0].message}")
        session.undo()
    notes = f"roll {ROLL}, {len(turn) - 1} steps validated and applied as one group, {RUNS} runs"
    yield Figure("LUNA pursuit, ire 6, median", median(samples), "µs", notes)
    yield Figure("LUNA pursuit, ire 6, p95", percentile(samples, 95), "µs", "")
