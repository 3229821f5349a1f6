"""Hope City: the cost of replaying a whole seven-year game, as opening a stored game or undoing far back
does."""

from __future__ import annotations

from collections.abc import Iterator

from build.bench.engine import time_ms
from build.bench.figures import Figure, median, percentile
from tests.hope_city.play import play_game
from trackers.core.session import Session
from trackers.hope_city.game import HOPE_CITY

SEED = 4
GOAL = "survive"
SIZE = 4
RUNS = 20


def figures() -> Iterator[Figure]:
    played = play_game(SEED, GOAL, SIZE)
    log = [(entry.action, entry.group) for entry in played.entries]
    replayed = Session.replay(HOPE_CITY, played.setup, played.seed, log)
    if replayed.state != played.state:
        raise RuntimeError("the replayed game does not end where it was played")
    samples = time_ms(lambda: Session.replay(HOPE_CITY, played.setup, played.seed, log), RUNS)
    state = played.state
    notes = (
        f"Session.replay of the {len(log)} entries of a whole game, {SIZE} citizens, seed {SEED}, "
        f"ending {state.result} in year {state.year}; median of {RUNS}"
    )
    yield Figure("Hope City replay, whole game", median(samples), "ms", notes)
    yield Figure("Hope City replay, whole game, p95", percentile(samples, 95), "ms", "")
