"""`make bench BASELINE=<ref>` runs build/bench/probe.py against each tree in its own process. `make bench` is
not part of `make test`, so the probe is run here against this tree with a few entries of each kind."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from build.bench.baseline import REPO, _Probe
from trackers.scorepad.actions import AddPoints, DrawFirstPlayer, EndRound

PAD = {"game": "scorepad", "players": ["Ann", "Bob"], "options": {}, "seed": 5}
ENTRIES = [AddPoints("Ann", 3).to_json(), EndRound().to_json(), DrawFirstPlayer().to_json()]
LOG = [[entry, index] for index, entry in enumerate(ENTRIES)]
CASES: dict[str, dict[str, Any]] = {
    "memory": {**PAD, "kind": "dispatch", "actions": ENTRIES},
    "store": {**PAD, "kind": "dispatch", "store": True, "actions": ENTRIES},
    "group": {**PAD, "kind": "group", "runs": 3, "prefix": LOG, "group": [AddPoints("Bob", 2).to_json()]},
    "replay": {**PAD, "kind": "replay", "runs": 2, "log": LOG},
    "open": {**PAD, "kind": "replay", "store": True, "runs": 2, "log": LOG},
    "refused": {**PAD, "kind": "dispatch", "actions": [AddPoints("Zed", 1).to_json()]},
    "unknown": {
        **PAD,
        "kind": "dispatch",
        "actions": [{"type": "scorepad.add_points.v9"}],
        "own": {"builder": "scorepad", "count": 4, "seed": 1},
    },
}
# name: (samples, events): one per dispatch or run; the events each entry or group gives.
EXPECTED = {"memory": (3, 3), "store": (3, 3), "group": (3, 1), "replay": (2, 3), "open": (2, 3)}


@pytest.fixture
def probe(tmp_path: Path) -> Any:
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps(CASES), encoding="utf-8")
    running = _Probe(REPO, cases, tmp_path / "probe.err")
    yield running
    running.close()


def test_the_probe_runs_every_kind_of_case_against_this_tree(probe: _Probe) -> None:
    for name, (samples, events) in EXPECTED.items():
        for _ in range(2):  # a case may be asked for again in the next round
            answer = probe.run(name)
            assert len(answer["samples"]) == samples, name
            assert all(sample > 0 for sample in answer["samples"]), name
            assert answer["events"] == events, name


def test_a_case_a_tree_cannot_run_is_answered_with_its_reason_and_the_rest_run(
    probe: _Probe,
) -> None:
    assert "was refused: 'Zed' is not at this table" in probe.run("refused")["error"]
    assert "unknown action type" in probe.run("unknown")["error"]
    assert "unknown action type" in probe.run("unknown")["error"]  # asked again in the next round
    assert len(probe.run("memory")["samples"]) == 3


def test_entries_a_tree_cannot_read_are_named_and_its_own_bench_code_builds_the_case(probe: _Probe) -> None:
    assert list(probe.unreadable) == ["unknown"]
    assert "scorepad.add_points.v9" in probe.unreadable["unknown"]
    assert probe.own("unknown") == {"built": "unknown"}
    answer = probe.run("unknown")
    assert len(answer["samples"]) == answer["entries"] == 4
