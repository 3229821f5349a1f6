"""Engine figures: dispatch, replay and rules search, all in-process and pure Python.

These are the costs a player feels on every tap (dispatch, with and without the SQLite commit),
when opening a long saved game (replay), and on every keystroke in the Rules search box.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from random import Random

import trackers  # noqa: F401  (registers every game)
from build.bench.figures import Figure, median, percentile
from rules_ref import reference
from trackers.core.actions import Action
from trackers.core.game import GameModule, Setup, make_setup
from trackers.core.registry import get_game
from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints, DrawFirstPlayer, EndRound
from trackers.services import gamefile
from trackers.services.storage import Store

PLAYERS = ("Ann", "Bob", "Cy")
SEED = 20260101
DISPATCHES = 5_000
STORED_DISPATCHES = 500
REPLAY_ACTIONS = 1_000
REPLAY_RUNS = 5
SEARCH_ROUNDS = 5

# What a table types into the Rules search: words, prefixes as they are being typed, and typos.
SEARCH_QUERIES = (
    "undo",
    "und",
    "u",
    "redo",
    "seed",
    "random seed",
    "export game file",
    "export",
    "import a game",
    "refused",
    "why was my action refused",
    "theme dark",
    "dark",
    "offline",
    "points below zero",
    "negative score",
    "first player",
    "draw first",
    "end round",
    "end the game",
    "ranking tie",
    "score pad",
    "scorpad",
    "undoo",
    "setings",
    "players",
    "add points",
    "history",
    "saved games",
    "delete",
)


def scorepad() -> tuple[GameModule, Setup]:
    module = get_game("scorepad")
    return module, make_setup(module, PLAYERS, {})


def action_mix(count: int, seed: int = 1) -> list[Action]:
    """A plausible evening: mostly points (always positive, so none is refused), some round ends, draws."""
    rng = Random(seed)
    actions: list[Action] = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.85:
            actions.append(AddPoints(rng.choice(PLAYERS), rng.randint(1, 20)))
        elif roll < 0.96:
            actions.append(EndRound())
        else:
            actions.append(DrawFirstPlayer())
    return actions


def time_dispatches(session: Session, actions: list[Action]) -> list[float]:
    """Microseconds per dispatch; a refusal would mean the mix is wrong, so it is an error."""
    samples: list[float] = []
    for action in actions:
        start = time.perf_counter_ns()
        result = session.dispatch(action)
        samples.append((time.perf_counter_ns() - start) / 1_000)
        if not result.ok:
            raise RuntimeError(f"dispatch refused {action!r}: {result.violations[0].message}")
    return samples


def time_ms(call: Callable[[], object], runs: int) -> list[float]:
    samples: list[float] = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        call()
        samples.append((time.perf_counter_ns() - start) / 1_000_000)
    return samples


def filesystem_of(path: Path) -> str:
    """The filesystem type holding `path`: fsync on tmpfs is free, on ext4 it is not."""
    best, kind = "", "?"
    try:
        mounts = Path("/proc/self/mounts").read_text().splitlines()
    except OSError:
        return kind
    resolved = str(path.resolve())
    for line in mounts:
        parts = line.split()
        if len(parts) < 3 or len(parts[1]) <= len(best):
            continue
        if resolved == parts[1] or resolved.startswith(parts[1].rstrip("/") + "/"):
            best, kind = parts[1], parts[2]
    return kind


def dispatch_figures() -> Iterator[Figure]:
    module, setup = scorepad()
    session = Session(module, setup, SEED)
    samples = time_dispatches(session, action_mix(DISPATCHES))
    notes = f"{DISPATCHES} dispatches, scorepad, 85% AddPoints / 11% EndRound / 4% DrawFirstPlayer"
    yield Figure("dispatch in memory, median", median(samples), "µs", notes)
    yield Figure("dispatch in memory, p99", percentile(samples, 99), "µs", "")

    with tempfile.TemporaryDirectory(prefix="lantern-bench-") as tmp, Store(Path(tmp) / "b.sqlite3") as store:
        game = store.create_game(module, setup, SEED)
        samples = time_dispatches(game.session, action_mix(STORED_DISPATCHES, seed=2))
        fs = filesystem_of(Path(tmp))
        notes = (
            f"{STORED_DISPATCHES} dispatches, each one committed transaction (synchronous=NORMAL; the fsync "
            f"follows on the flush thread), {fs}"
        )
        yield Figure("dispatch with Store, median", median(samples), "µs", notes)
        yield Figure("dispatch with Store, p99", percentile(samples, 99), "µs", "")


def replay_figures() -> Iterator[Figure]:
    module, setup = scorepad()
    actions = action_mix(REPLAY_ACTIONS, seed=3)
    samples = time_ms(lambda: Session.replay(module, setup, SEED, actions), REPLAY_RUNS)
    notes = f"{REPLAY_ACTIONS}-action log, median of {REPLAY_RUNS}"
    yield Figure("replay Session.replay", median(samples), "ms", notes)

    source = Session.replay(module, setup, SEED, actions)
    text = gamefile.dumps(gamefile.export_document(source))
    with tempfile.TemporaryDirectory(prefix="lantern-bench-") as tmp, Store(Path(tmp) / "b.sqlite3") as store:
        game_id = store.import_game(text).id
        opened = store.open_game(game_id).session
        if len(opened.entries) != REPLAY_ACTIONS:
            raise RuntimeError(f"stored game reopened with {len(opened.entries)} entries")
        samples = time_ms(lambda: store.open_game(game_id), REPLAY_RUNS)
        notes = f"{REPLAY_ACTIONS}-action stored game (read + replay + event check), median of {REPLAY_RUNS}"
        yield Figure("replay Store.open_game", median(samples), "ms", notes)


def search_figures() -> Iterator[Figure]:
    ref = reference()
    for query in SEARCH_QUERIES:  # warm-up: first queries pay for SQLite's page cache
        ref.search(query)
    samples: list[float] = []
    empty: set[str] = set()
    for _ in range(SEARCH_ROUNDS):
        for query in SEARCH_QUERIES:
            start = time.perf_counter_ns()
            hits = ref.search(query)
            samples.append((time.perf_counter_ns() - start) / 1_000_000)
            if not hits:
                empty.add(query)
    sections = len(ref.sections())
    notes = f"{len(SEARCH_QUERIES)} queries x {SEARCH_ROUNDS} rounds after a warm-up, {sections} sections"
    yield Figure("rules search, median", median(samples), "ms", notes)
    found_nothing = ", ".join(repr(q) for q in SEARCH_QUERIES if q in empty) or "none"
    yield Figure("rules search, p95", percentile(samples, 95), "ms", f"found nothing: {found_nothing}")
