"""`python -m trackers replay` on an exported An Infamous Traffic game: a whole four-decade game stored,
exported and replayed by a real process ends on the final score the table saw; a file edited so that an
entry no longer holds is refused in one readable line."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import trackers  # noqa: F401  (registers the games)
from tests.cli.process import export_played, run
from tests.infamous_traffic.boards import layout
from tests.infamous_traffic.play import play_game
from tests.wasm import no_processes
from trackers.core.session import Session
from trackers.infamous_traffic import actions as it
from trackers.infamous_traffic.game import INFAMOUS_TRAFFIC
from trackers.services.gamefile import checksum, dumps

pytestmark = no_processes
SEED = 4
PLAYERS = 4


def _exported(data: Path, tmp_path: Path) -> tuple[Session, Path]:
    """A whole seeded game, entered into a fresh store entry by entry, then written out by `export`."""
    played = play_game(SEED, PLAYERS, layout())
    assert played.state.result, (played.state.stage, played.state.decade)
    return played, export_played(played, data, tmp_path / "infamous-traffic.lantern.json")


def test_replay_of_a_whole_game_prints_its_final_score(tmp_path: Path) -> None:
    played, target = _exported(tmp_path / "data", tmp_path)
    result = run(tmp_path / "data", "replay", str(target))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    replayed = json.loads(result.stdout)
    state = played.state
    assert state.stage == "over" and state.decade == 4
    outcome = INFAMOUS_TRAFFIC.outcome(state)
    assert outcome is not None and len(outcome.ranking) == PLAYERS
    assert replayed["outcome"]["reason"] == f"Game over: {state.reason}."
    assert replayed == {"summary": INFAMOUS_TRAFFIC.summary(state).to_json(), "outcome": outcome.to_json()}


def test_an_edited_entry_is_refused_in_one_line(tmp_path: Path) -> None:
    played, target = _exported(tmp_path / "data", tmp_path)
    doc: dict[str, Any] = json.loads(target.read_text(encoding="utf-8"))
    chosen = next(i for i, action in enumerate(doc["actions"]) if action["type"] == "infamous-traffic.deploy")
    edited = copy.deepcopy(doc)
    edited["actions"][chosen]["chain"] = "nowhere"
    edited["checksum"] = checksum(edited)
    bad = tmp_path / "edited.json"
    bad.write_text(dumps(edited), encoding="utf-8")

    original = played.entries[chosen].action
    assert isinstance(original, it.Deploy)
    before = Session.replay(
        INFAMOUS_TRAFFIC, played.setup, played.seed, [e.action for e in played.entries[:chosen]]
    )
    reason = INFAMOUS_TRAFFIC.validate(before.state, dataclasses.replace(original, chain="nowhere"))[0]
    assert "'nowhere'" in reason.message

    result = run(tmp_path / "data", "replay", str(bad))
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.strip() == (
        f"lantern: {bad}: Action {chosen + 1} (infamous-traffic.deploy) does not replay: "
        f"{reason.message} (rule {reason.rule})"
    )
    assert "\n" not in result.stderr.strip()
