"""An Infamous Traffic: the cost of replaying a whole four-decade game, as opening a stored game or undoing
far back does, and of resolving one event tile (the Draw an event tap) where it has work to do: an
Enforcement disrupting an active chain, a Tax, a Taiping Uprising, a Missionary Expulsion."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import replace

from build.bench.engine import time_ms
from build.bench.figures import Figure, median, percentile
from tests.infamous_traffic.play import play_game
from trackers.core.session import Session
from trackers.infamous_traffic import actions as it
from trackers.infamous_traffic.game import INFAMOUS_TRAFFIC
from trackers.infamous_traffic.state import EVENTS_PER_DECADE, InfamousTrafficState

SEED = 4
PLAYERS = 4
RUNS = 20
EVENT_SEEDS = range(1, 13)
"""Games whose end-of-round states with active chains the event figure resolves events on."""
EVENT_RUNS = 5
TILES = (
    "enforce-canton",
    "enforce-mountain",
    "enforce-mid-coast",
    "enforce-city",
    "tax",
    "taiping",
    "missionary",
)


def figures() -> Iterator[Figure]:
    yield from replay_figures()
    yield from event_figures()


def replay_figures() -> Iterator[Figure]:
    played = play_game(SEED, PLAYERS)
    log = [(entry.action, entry.group) for entry in played.entries]
    replayed = Session.replay(INFAMOUS_TRAFFIC, played.setup, played.seed, log)
    if replayed.state != played.state or not played.state.result:
        raise RuntimeError("the replayed game does not end where it was played, or does not end")
    samples = time_ms(lambda: Session.replay(INFAMOUS_TRAFFIC, played.setup, played.seed, log), RUNS)
    state = played.state
    notes = (
        f"Session.replay of the {len(log)} entries of a whole game, {PLAYERS} players, seed {SEED}, "
        f"over in decade {state.decade} ({state.reason}); median of {RUNS}"
    )
    yield Figure("Inf. Traffic replay, whole game", median(samples), "ms", notes)
    yield Figure("Inf. Traffic replay, whole game, p95", percentile(samples, 95), "ms", "")


def end_of_round_states() -> list[InfamousTrafficState]:
    """States waiting for an event to be drawn, with an active chain on the map and the decade not on its
    last event (so the draw is the event alone, not the decade's end), from whole seeded games."""
    out: list[InfamousTrafficState] = []
    for seed in EVENT_SEEDS:
        played = play_game(seed, PLAYERS)
        session = Session(INFAMOUS_TRAFFIC, played.setup, played.seed)
        for entry in played.entries:
            session.dispatch(entry.action)
            s: InfamousTrafficState = session.state
            if (
                s.stage == "events"
                and not s.questions
                and s.events_done < EVENTS_PER_DECADE - 1
                and any(c.active for c in s.chains)
            ):
                out.append(s)
    return out


def did_work(before: InfamousTrafficState, after: InfamousTrafficState) -> bool:
    """The event changed the map, a firm, or asked the resolver to break a tie (not ignored)."""
    return (
        after.chains != before.chains
        or after.regions != before.regions
        or after.firms != before.firms
        or after.questions != before.questions
    )


def event_figures() -> Iterator[Figure]:
    """`apply` of a DrawEvent naming the tile (the engine's resolution and the steps that follow it), on
    each prepared state with the tile put in the bag; only draws that do work are timed."""
    states = end_of_round_states()
    cases: list[tuple[InfamousTrafficState, it.DrawEvent]] = []
    tried = 0
    for state in states:
        for tile in TILES:
            prepared = replace(state, event_bag=state.event_bag.put([tile]))
            action = it.DrawEvent(tile)
            if INFAMOUS_TRAFFIC.validate(prepared, action):
                raise RuntimeError(f"a prepared draw of {tile} is refused")
            tried += 1
            after, _ = INFAMOUS_TRAFFIC.apply(prepared, action, random.Random(0))
            if did_work(prepared, after):
                cases.append((prepared, action))
    if not cases:
        raise RuntimeError("no prepared event did any work")
    samples: list[float] = []
    for _ in range(EVENT_RUNS):
        for prepared, action in cases:
            rng = random.Random(0)
            start = time.perf_counter_ns()
            INFAMOUS_TRAFFIC.apply(prepared, action, rng)
            samples.append((time.perf_counter_ns() - start) / 1_000)
    kinds = len({action.tile for _, action in cases})
    notes = (
        f"GAME.apply(DrawEvent) on {len(states)} end-of-round states with active chains "
        f"({len(EVENT_SEEDS)} games, {PLAYERS} players); {len(cases)} of {tried} draws do work "
        f"({kinds} tile kinds), each timed {EVENT_RUNS} times"
    )
    yield Figure("Inf. Traffic event resolution", median(samples), "µs", notes)
    yield Figure("Inf. Traffic event resolution, p95", percentile(samples, 95), "µs", "")
