"""`python -m trackers replay` on an exported Hope City game: a whole seven-year game stored, exported and
replayed by a real process ends on the verdict the table saw; a file edited so that an entry no longer holds
is refused in one readable line."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import trackers  # noqa: F401  (registers the games)
from tests.cli.process import export_played, run
from tests.hope_city.play import play_game
from tests.wasm import no_processes
from trackers.core.session import Session
from trackers.hope_city.game import HOPE_CITY
from trackers.services.gamefile import checksum, dumps

pytestmark = no_processes
SEED = 4


def _exported(data: Path, tmp_path: Path) -> tuple[Session, Path]:
    """A whole seeded game, entered into a fresh store entry by entry, then written out by `export`."""
    played = play_game(SEED, "survive", 4)
    return played, export_played(played, data, tmp_path / "hope-city.lantern.json")


def test_replay_of_a_whole_game_prints_its_verdict(tmp_path: Path) -> None:
    played, target = _exported(tmp_path / "data", tmp_path)
    result = run(tmp_path / "data", "replay", str(target))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    replayed = json.loads(result.stdout)
    state = played.state
    assert state.result == "survive" and state.year == 7
    outcome = HOPE_CITY.outcome(state)
    assert outcome is not None and outcome.winners == played.setup.players
    assert replayed["outcome"]["reason"] == f"Survive: {state.reason}"
    assert replayed == {"summary": HOPE_CITY.summary(state).to_json(), "outcome": outcome.to_json()}


def test_an_edited_entry_is_refused_in_one_line(tmp_path: Path) -> None:
    _, target = _exported(tmp_path / "data", tmp_path)
    doc: dict[str, Any] = json.loads(target.read_text(encoding="utf-8"))
    chosen = next(
        i for i, action in enumerate(doc["actions"]) if action["type"] == "hope-city.choose_citizens.v2"
    )
    edited = copy.deepcopy(doc)
    edited["actions"][chosen]["seats"] = [[seat[0], "doctor"] for seat in edited["actions"][chosen]["seats"]]
    edited["checksum"] = checksum(edited)
    bad = tmp_path / "edited.json"
    bad.write_text(dumps(edited), encoding="utf-8")
    result = run(tmp_path / "data", "replay", str(bad))
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.strip() == (
        f"lantern: {bad}: Action {chosen + 1} (hope-city.choose_citizens.v2) does not replay: "
        "Each citizen card is played by one player only. (rule hope-city/setup/citizens)"
    )
