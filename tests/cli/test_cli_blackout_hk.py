"""`python -m trackers replay` on an exported Blackout: Hong Kong game: a whole game stored, exported and
replayed by a real process ends on the final score the table saw; a file edited so that an entry no longer
holds is refused in one readable line."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import trackers  # noqa: F401  (registers the games)
from tests.blackout_hk.play import play_game
from tests.cli.process import export_played, run
from tests.wasm import no_processes
from trackers.blackout_hk import actions as bk
from trackers.blackout_hk.game import BLACKOUT_HK
from trackers.core.session import Session
from trackers.services.gamefile import checksum, dumps

pytestmark = no_processes
SEED = 4
PLAYERS = 4


def _exported(data: Path, tmp_path: Path) -> tuple[Session, Path]:
    """A whole seeded game, entered into a fresh store entry by entry, then written out by `export`."""
    played = play_game(PLAYERS, SEED)
    assert played.state.result, (played.state.stage, played.state.round)
    return played, export_played(played, data, tmp_path / "blackout-hk.lantern.json")


def test_replay_of_a_whole_game_prints_its_final_score(tmp_path: Path) -> None:
    played, target = _exported(tmp_path / "data", tmp_path)
    result = run(tmp_path / "data", "replay", str(target))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    replayed = json.loads(result.stdout)
    state = played.state
    assert state.stage == "over" and state.end_round == state.round
    outcome = BLACKOUT_HK.outcome(state)
    assert outcome is not None and len(outcome.ranking) == PLAYERS
    assert replayed == {"summary": BLACKOUT_HK.summary(state).to_json(), "outcome": outcome.to_json()}


def test_an_edited_entry_is_refused_in_one_line(tmp_path: Path) -> None:
    played, target = _exported(tmp_path / "data", tmp_path)
    doc: dict[str, Any] = json.loads(target.read_text(encoding="utf-8"))
    chosen = next(i for i, action in enumerate(doc["actions"]) if action["type"] == "blackout-hk.buy")
    edited = copy.deepcopy(doc)
    edited["actions"][chosen]["row"] = 4
    edited["checksum"] = checksum(edited)
    bad = tmp_path / "edited.json"
    bad.write_text(dumps(edited), encoding="utf-8")

    original = played.entries[chosen].action
    assert isinstance(original, bk.Buy)
    before = Session.replay(
        BLACKOUT_HK, played.setup, played.seed, [e.action for e in played.entries[:chosen]]
    )
    reason = BLACKOUT_HK.validate(before.state, dataclasses.replace(original, row=4))[0]
    assert "between 1 and 3" in reason.message

    result = run(tmp_path / "data", "replay", str(bad))
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.strip() == (
        f"lantern: {bad}: Action {chosen + 1} (blackout-hk.buy) does not replay: "
        f"{reason.message} (rule {reason.rule})"
    )
    assert "\n" not in result.stderr.strip()
