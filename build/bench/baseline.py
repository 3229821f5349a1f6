"""Before/after: the engine figures of a baseline git ref and of this tree, side by side in one run.

`make bench BASELINE=<ref>` (or `python -m build.bench.baseline <ref>`) checks the ref out into a temporary
git worktree outside the repo (removed afterwards). This tree's bench code builds every case once, as the
JSON actions a game file holds: the scorepad mixes of engine.py, the seeded ASHES table played up to a
rival turn that rescues (ashes.py), LUNA's pursuit (unsettled.py). Then one probe.py process per tree,
PYTHONPATH pointing at that tree, runs each case in turn with the other, ROUNDS times (which tree goes first
alternates by round), and the samples of the rounds are pooled. A case whose entries the ref cannot read
(a game's entries changed format since) is built by each tree's own bench code instead, and its row says
so. A busy machine still moves wall-clock figures; taking turns spreads that over both trees rather than
removing it. Figures are printed, never judged.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from build.bench import ashes, engine, unsettled
from build.bench.figures import NAME_WIDTH, format_value, median, percentile
from tests.ashes.play import play_game
from trackers.ashes.game import ASHES
from trackers.core.actions import Action
from trackers.core.game import GameModule, Setup, make_setup
from trackers.core.session import Session
from trackers.unsettled.game import UNSETTLED

REPO = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("probe.py")
ROUNDS = 40
SHARE = 4
"""A round of a case is a quarter of what its own section measures (ROUNDS of them in all, so ten times as
many samples): on a busy machine with two hyperthreads a second or two can run at half speed, and short
turns, many of them, spread such stretches over both trees."""
COLUMN = 9

Case = dict[str, Any]


def _git(*args: str) -> str:
    done = subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"git {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout.strip()


def _game(module: GameModule, setup: Setup, seed: int) -> Case:
    """The case's game as the probe rebuilds it; options are left to each tree's defaults, so check that
    the bench played with the defaults."""
    if setup != make_setup(module, setup.players, {}):
        raise RuntimeError(f"the {module.id} bench game does not use the default options")
    return {"game": module.id, "players": list(setup.players), "options": {}, "seed": seed}


def _json(actions: list[Action]) -> list[Any]:
    return [action.to_json() for action in actions]


def _log(session: Session) -> list[Any]:
    return [[entry.action.to_json(), entry.group] for entry in session.history]


def _share(count: int) -> int:
    return max(1, count // SHARE)


def cases() -> dict[str, Case]:
    """Every case, named as its rows are, with a round's share of its section's work."""
    module, setup = engine.scorepad()
    pad = _game(module, setup, engine.SEED)
    mix = engine.action_mix(engine.REPLAY_ACTIONS, seed=3)
    pad_log = [[action.to_json(), index] for index, action in enumerate(mix)]
    found: dict[str, Case] = {
        "dispatch in memory": {
            **pad,
            "kind": "dispatch",
            "actions": _json(engine.action_mix(_share(engine.DISPATCHES))),
            "own": {"builder": "scorepad", "count": _share(engine.DISPATCHES), "seed": 1},
        },
        "dispatch with Store": {
            **pad,
            "kind": "dispatch",
            "store": True,
            "actions": _json(engine.action_mix(_share(engine.STORED_DISPATCHES), seed=2)),
            "own": {"builder": "scorepad", "count": _share(engine.STORED_DISPATCHES), "seed": 2},
        },
        "replay Session.replay": {
            **pad,
            "kind": "replay",
            "runs": _share(engine.REPLAY_RUNS),
            "log": pad_log,
            "own": {"builder": "scorepad", "count": engine.REPLAY_ACTIONS, "seed": 3},
        },
        "replay Store.open_game": {
            **pad,
            "kind": "replay",
            "store": True,
            "runs": _share(engine.REPLAY_RUNS),
            "log": pad_log,
            "own": {"builder": "scorepad", "count": engine.REPLAY_ACTIONS, "seed": 3},
        },
    }
    for _, digital, suffix in ashes.MODES:
        session, group = ashes._ready(digital)
        found[f"ASHES rival turn{suffix}"] = {
            **_game(ASHES, session.setup, session.seed),
            "kind": "group",
            "runs": _share(ashes.RUNS),
            "prefix": _log(session),
            "group": _json(group),
            "own": {"builder": "ashes-turn", "digital": digital},
        }
    for _, digital, suffix in ashes.MODES:
        played = play_game(ashes.SEED, digital)
        found[f"ASHES replay, 3-round solo{suffix}"] = {
            **_game(ASHES, played.setup, played.seed),
            "kind": "replay",
            "runs": _share(ashes.REPLAY_RUNS),
            "log": _log(played),
            "own": {"builder": "ashes-game", "digital": digital},
        }
    session = unsettled._ready_session()
    found["LUNA pursuit, ire 6"] = {
        **_game(UNSETTLED, session.setup, session.seed),
        "kind": "group",
        "runs": _share(unsettled.RUNS),
        "prefix": _log(session),
        "group": _json(unsettled._turn(session.state)),
        "own": {"builder": "pursuit"},
    }
    return found


class _Probe:
    """probe.py running against one tree, in an interpreter that imports only that tree: `unreadable` names
    the cases whose entries the tree cannot read, `own` has it build a case with its own bench code, and
    `run` asks it for one round of one case."""

    def __init__(self, tree: Path, cases_file: Path, errors: Path) -> None:
        self.tree = tree
        self.errors = errors
        with errors.open("w") as sink:
            self.process = subprocess.Popen(
                [sys.executable, "-P", str(PROBE), str(cases_file)],
                cwd=tree,
                env={**os.environ, "PYTHONPATH": str(tree)},
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=sink,
                text=True,
            )
        hello = self._answer()
        if not Path(hello["trackers"]).is_relative_to(tree):
            raise RuntimeError(f"the probe for {tree} imported {hello['trackers']}")
        self.unreadable: dict[str, str] = hello["unreadable"]

    def _answer(self) -> dict[str, Any]:
        assert self.process.stdout is not None  # opened as a pipe
        line = self.process.stdout.readline()
        if not line:
            self.process.wait()
            last = (self.errors.read_text().strip().splitlines() or ["no output"])[-1]
            raise RuntimeError(f"the probe failed against {self.tree}: {last}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def _ask(self, request: dict[str, str]) -> dict[str, Any]:
        assert self.process.stdin is not None  # opened as a pipe
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return self._answer()

    def own(self, name: str) -> dict[str, Any]:
        return self._ask({"own": name})

    def run(self, name: str) -> dict[str, Any]:
        return self._ask({"run": name})

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _rows(name: str, unit: str, tail: int | None, base: list[float], now: list[float]) -> Iterator[str]:
    figures = [("median", median(base), median(now))]
    if tail is not None:
        figures.append((f"p{tail}", percentile(base, tail), percentile(now, tail)))
    for which, before, after in figures:
        label = f"{name}, {which}" if tail is not None else name
        yield (
            f"{label:<{NAME_WIDTH}} {format_value(before):>{COLUMN}} {format_value(after):>{COLUMN}} "
            f"{unit:<4} {after / before:>6.2f}"
        )


def _notes(own: bool, base: tuple[int, int], now: tuple[int, int]) -> Iterator[str]:
    """Whether the two trees played the same entries, and whether those gave as many events."""
    (base_entries, base_events), (entries, events) = base, now
    if own:
        yield (
            f"  (each tree's own bench scenario, the ref cannot read this tree's entries: entries "
            f"{base_entries} / {entries}, events {base_events} / {events})"
        )
    elif base_events != events:
        yield f"  (events differ: baseline {base_events}, current {events})"


def _tail(name: str) -> tuple[str, int | None]:
    """The unit and the tail percentile each case is printed with, as its own section prints it."""
    if name.startswith("dispatch"):
        return "µs", 99
    if "replay" in name:
        return "ms", None
    return "µs", 95


def compare(ref: str) -> Iterator[str]:
    """The side-by-side table, line by line; the worktree is gone when the iterator finishes or is closed."""
    commit = _git("rev-parse", "--verify", f"{ref}^{{commit}}")
    here = _git("rev-parse", "--short", "HEAD")
    changed = " + uncommitted changes in trackers/" if _git("status", "--porcelain", "--", "trackers") else ""
    yield f"baseline: {_git('log', '-1', '--format=%h %s', commit)[:100]}"
    yield f"current:  {REPO} ({here}{changed})"
    yield (
        f"{ROUNDS} rounds of 1/{SHARE} of each case's own section, run by each tree's process in turn "
        "(the first alternating), samples pooled"
    )
    yield ""
    head = f"{'name':<{NAME_WIDTH}} {'baseline':>{COLUMN}} {'current':>{COLUMN}} {'unit':<4} {'ratio':>6}"
    yield f"{head}  (current / baseline: below 1 is faster)"
    yield "-" * (len(head) + 40)
    scratch = Path(tempfile.mkdtemp(prefix="lantern-baseline-"))
    tree = scratch / "tree"
    probes: dict[Path, _Probe] = {}
    try:
        _git("worktree", "add", "--detach", "--quiet", str(tree), commit)
        cases_file = scratch / "cases.json"
        built = cases()
        cases_file.write_text(json.dumps(built), encoding="utf-8")
        where = {tree: "baseline", REPO: "current"}
        for side in where:
            probes[side] = _Probe(side, cases_file, scratch / f"{where[side]}.err")
        skipped: dict[str, str] = {}
        # Entries one tree cannot read: both trees build that case with their own bench code instead.
        own = [name for name in built if any(name in probe.unreadable for probe in probes.values())]
        for name in own:
            for side, probe in probes.items():
                if "error" in (answer := probe.own(name)):
                    skipped[name] = f"{where[side]}: {answer['error']}"
        pooled: dict[Path, dict[str, list[float]]] = {tree: {}, REPO: {}}
        counts: dict[Path, dict[str, tuple[int, int]]] = {tree: {}, REPO: {}}
        for round_ in range(ROUNDS):
            for name in (name for name in built if name not in skipped):
                for side in (tree, REPO) if round_ % 2 == 0 else (REPO, tree):
                    result = probes[side].run(name)
                    if "error" in result:
                        skipped[name] = f"{where[side]}: {result['error']}"
                        break
                    pooled[side].setdefault(name, []).extend(result["samples"])
                    counts[side][name] = (result["entries"], result["events"])
        for name in built:
            if name in skipped:
                yield f"{name:<{NAME_WIDTH}} not compared ({skipped[name]})"
                continue
            unit, tail = _tail(name)
            yield from _rows(name, unit, tail, pooled[tree][name], pooled[REPO][name])
            yield from _notes(name in own, counts[tree][name], counts[REPO][name])
    finally:
        for probe in probes.values():
            probe.close()
        subprocess.run(
            ["git", "-C", str(REPO), "worktree", "remove", "--force", str(tree)],
            capture_output=True,
            check=False,
        )
        subprocess.run(["git", "-C", str(REPO), "worktree", "prune"], capture_output=True, check=False)
        shutil.rmtree(scratch, ignore_errors=True)


def main(ref: str) -> int:
    # Turn SIGTERM into SystemExit so that `compare` removes its worktree.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    for line in compare(ref):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m build.bench.baseline <git ref>")
    sys.exit(main(sys.argv[1]))
