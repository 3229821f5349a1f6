"""The before/after measurements, against whichever tree is first on PYTHONPATH.

`build/bench/baseline.py` starts this file as a script (`python -P probe.py CASES.json`) once per tree,
with PYTHONPATH pointing at the tree to measure. A case is built one of two ways, then timed the same way:

- from its entries as game-file JSON, built once by the current tree's bench, so both trees play exactly
  the same entries. This uses only engine APIs every tree since the first bench has had: the registry,
  `make_setup`, `Session` (dispatch, dispatch_group, undo, replay), `ActionCodec`, `Store`, `gamefile`;
- where a tree cannot read those entries (a game's entries changed format since the baseline), by each
  tree's own bench code for that section (`build.bench.engine.action_mix`, `build.bench.ashes._ready`,
  `tests.ashes.play.play_game`, `build.bench.unsettled._ready_session` and `_turn`; under `tests.bench` in
  trees before the bench moved to build/): the same seeds and steps, but each tree's own entries.

It prints one JSON line naming where `trackers` came from and which cases it cannot read. Then each JSON
line read from stdin is {"own": name} (build that case with the bench code) or {"run": name} (run one
round of it), answered by one JSON line: the samples, how many entries the case plays and events its
dispatches produced; or the error that keeps this tree from building or running it.
"""

from __future__ import annotations

import gc
import importlib
import json
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import trackers  # registers every game; PYTHONPATH decides from which tree
from trackers.core.actions import ActionCodec
from trackers.core.game import make_setup
from trackers.core.registry import get_game
from trackers.core.session import Session
from trackers.services import gamefile
from trackers.services.storage import Store

WARM_UP = 10

Answer = tuple[list[float], int]
Run = Callable[[], Answer]
# What a case is timed from: the kind's objects and how many entries the case plays.
Scenario = tuple[dict[str, Any], int]


def _game(case: dict[str, Any]) -> tuple[Any, Any, Any]:
    """The case's game module, its setup (options filled in by this tree's defaults) and a JSON decoder."""
    module = get_game(case["game"])
    setup = make_setup(module, tuple(case["players"]), case["options"])
    return module, setup, ActionCodec(module.actions).decode


def from_json(case: dict[str, Any]) -> Scenario:
    """The case's objects decoded from the entries it carries."""
    module, setup, decode = _game(case)
    found: dict[str, Any] = {"module": module, "setup": setup, "seed": case["seed"]}
    if case["kind"] == "dispatch":
        found["actions"] = [decode(raw) for raw in case["actions"]]
        return found, len(found["actions"])
    if case["kind"] == "replay":
        found["log"] = [(decode(raw), index) for raw, index in case["log"]]
        return found, len(found["log"])
    prefix = [(decode(raw), index) for raw, index in case["prefix"]]
    found["session"] = Session.replay(module, setup, case["seed"], prefix)
    found["actions"] = [decode(raw) for raw in case["group"]]
    return found, len(prefix)


def _bench(name: str) -> Any:
    """This tree's bench module `name`: in build/bench/, or in tests/bench/ where the bench lived before."""
    try:
        return importlib.import_module(f"build.bench.{name}")
    except ModuleNotFoundError as missing:
        if missing.name not in ("build", "build.bench", f"build.bench.{name}"):
            raise
        return importlib.import_module(f"tests.bench.{name}")


def own(case: dict[str, Any]) -> Scenario:
    """The case's objects as this tree's own bench code builds them (see the module's docstring)."""
    how = case["own"]
    if how["builder"] == "scorepad":
        engine = _bench("engine")
        module, setup = engine.scorepad()
        actions = engine.action_mix(how["count"], seed=how["seed"])
        found = {"module": module, "setup": setup, "seed": engine.SEED}
        if case["kind"] == "dispatch":
            return {**found, "actions": actions}, len(actions)
        return {**found, "log": [(action, index) for index, action in enumerate(actions)]}, len(actions)
    if how["builder"] == "ashes-turn":
        session, group = _bench("ashes")._ready(how["digital"])
        return {"session": session, "actions": group}, len(session.history)
    if how["builder"] == "ashes-game":
        seed = _bench("ashes").SEED
        played = importlib.import_module("tests.ashes.play").play_game(seed, how["digital"])
        log = [(entry.action, entry.group) for entry in played.history]
        return {"module": played.module, "setup": played.setup, "seed": played.seed, "log": log}, len(log)
    bench = _bench("unsettled")
    session = bench._ready_session()
    return {"session": session, "actions": bench._turn(session.state)}, len(session.history)


def _refused(result: Any, what: str) -> RuntimeError:
    return RuntimeError(f"{what} was refused: {result.violations[0].message}")


def _dispatches(session: Any, actions: Sequence[Any]) -> Answer:
    """Microseconds per dispatch, and how many events the dispatches produced."""
    samples: list[float] = []
    events = 0
    for action in actions:
        start = time.perf_counter_ns()
        result = session.dispatch(action)
        samples.append((time.perf_counter_ns() - start) / 1_000)
        if not result.ok:
            raise _refused(result, repr(action))
        events += len(result.events)
    return samples, events


def dispatch(case: dict[str, Any], found: dict[str, Any]) -> Run:
    """Each action dispatched in turn on a new game (in memory, or committed to a new store)."""
    module, setup, seed, actions = found["module"], found["setup"], found["seed"], found["actions"]

    def run() -> Answer:
        if not case.get("store"):
            return _dispatches(Session(module, setup, seed), actions)
        with (
            tempfile.TemporaryDirectory(prefix="lantern-bench-") as tmp,
            Store(Path(tmp) / "b.sqlite3") as store,
        ):
            return _dispatches(store.create_game(module, setup, seed).session, actions)

    return run


def group(case: dict[str, Any], found: dict[str, Any]) -> Run:
    """The group dispatched on top of the ready game `runs` times, each undone untimed."""
    session, actions = found["session"], found["actions"]

    def run() -> Answer:
        samples: list[float] = []
        events = 0
        for attempt in range(WARM_UP + case["runs"]):
            start = time.perf_counter_ns()
            result = session.dispatch_group(actions)
            elapsed = (time.perf_counter_ns() - start) / 1_000
            if not result.ok:
                raise _refused(result, "the group")
            session.undo()
            if attempt >= WARM_UP:
                samples.append(elapsed)
            events = len(result.events)
        return samples, events

    return run


def replay(case: dict[str, Any], found: dict[str, Any]) -> Run:
    """Milliseconds per replay of the log: `Session.replay`, or `Store.open_game` of its game file."""
    module, setup, seed, log = found["module"], found["setup"], found["seed"], found["log"]
    source = Session.replay(module, setup, seed, log)
    events = sum(len(entry.events) for entry in source.entries)
    text = gamefile.dumps(gamefile.export_document(source))

    def timed(call: Callable[[], object]) -> list[float]:
        samples = []
        for _ in range(case["runs"]):
            start = time.perf_counter_ns()
            call()
            samples.append((time.perf_counter_ns() - start) / 1_000_000)
        return samples

    def run() -> Answer:
        if not case.get("store"):
            return timed(lambda: Session.replay(module, setup, seed, log)), events
        with (
            tempfile.TemporaryDirectory(prefix="lantern-bench-") as tmp,
            Store(Path(tmp) / "b.sqlite3") as store,
        ):
            game_id = store.import_game(text).id
            return timed(lambda: store.open_game(game_id)), events

    return run


KINDS: dict[str, Callable[[dict[str, Any], dict[str, Any]], Run]] = {
    "dispatch": dispatch,
    "group": group,
    "replay": replay,
}


def _problem(error: Exception) -> str:
    return " ".join(f"{type(error).__name__}: {error}".split())[:200]


def main(path: str) -> int:
    cases = json.loads(Path(path).read_text(encoding="utf-8"))
    runs: dict[str, tuple[Run, int]] = {}
    problems: dict[str, str] = {}

    def build(name: str, how: Callable[[dict[str, Any]], Scenario]) -> None:
        try:
            found, entries = how(cases[name])
            runs[name] = KINDS[cases[name]["kind"]](cases[name], found), entries
            problems.pop(name, None)
        except Exception as error:  # an entry this tree does not have, or refuses: that case only
            problems[name] = _problem(error)

    for name in cases:
        build(name, from_json)
    print(json.dumps({"trackers": trackers.__file__, "unreadable": problems}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        name = request.get("own") or request["run"]
        if "own" in request:
            build(name, own)
        elif name not in problems:
            gc.collect()  # each round of a case starts from the same collector state in both trees
            run, entries = runs[name]
            try:
                samples, events = run()
            except Exception as error:
                problems[name] = _problem(error)
            else:
                print(json.dumps({"samples": samples, "entries": entries, "events": events}), flush=True)
                continue
        answer = {"error": problems[name]} if name in problems else {"built": name}
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
