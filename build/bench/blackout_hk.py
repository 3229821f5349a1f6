"""Blackout: Hong Kong: the cost of replaying a whole game, as opening a stored game or undoing far back
does."""

from __future__ import annotations

from collections.abc import Iterator

from build.bench.engine import time_ms
from build.bench.figures import Figure, median, percentile
from tests.blackout_hk.play import play_game
from trackers.blackout_hk.game import BLACKOUT_HK
from trackers.core.session import Session

SEED = 4
PLAYERS = 4
RUNS = 20


def figures() -> Iterator[Figure]:
    played = play_game(PLAYERS, SEED)
    log = [(entry.action, entry.group) for entry in played.entries]
    replayed = Session.replay(BLACKOUT_HK, played.setup, played.seed, log)
    if replayed.state != played.state or not played.state.result:
        raise RuntimeError("the replayed game does not end where it was played, or does not end")
    samples = time_ms(lambda: Session.replay(BLACKOUT_HK, played.setup, played.seed, log), RUNS)
    state = played.state
    notes = (
        f"Session.replay of the {len(log)} entries of a whole game, {PLAYERS} players, seed {SEED}, "
        f"over after round {state.round}; median of {RUNS}"
    )
    yield Figure("Blackout HK replay, whole game", median(samples), "ms", notes)
    yield Figure("Blackout HK replay, whole game, p95", percentile(samples, 95), "ms", "")
