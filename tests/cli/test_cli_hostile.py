"""The command line on hostile input: a name that is not valid Unicode or a hostile game file is one line
on stderr and a non-zero exit, never a traceback, and nothing is saved."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import trackers  # noqa: F401  (registers the games)
from tests.wasm import no_processes
from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints
from trackers.scorepad.game import SCOREPAD
from trackers.services.gamefile import checksum, dumps, export_document

ROOT = Path(__file__).resolve().parents[2]
pytestmark = no_processes


def _run(data: Path, *args: str | bytes) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "LANTERN_DATA": str(data)}
    env.pop("FLET_APP_STORAGE_DATA", None)
    return subprocess.run(
        [sys.executable, "-m", "trackers", *args], cwd=ROOT, env=env, capture_output=True, timeout=60
    )


def _refused(data: Path, code: int, *args: str | bytes) -> str:
    result = _run(data, *args)
    stderr = result.stderr.decode("utf-8", "backslashreplace")
    assert result.returncode == code, stderr
    assert result.stdout == b""
    assert "Traceback" not in stderr and stderr.count("\n") == 1 and stderr.startswith("lantern: ")
    return stderr


def test_a_player_name_that_is_not_utf8_is_a_usage_error(tmp_path: Path) -> None:
    data = tmp_path / "data"
    stderr = _refused(data, 2, "new", "scorepad", "--players", b"Ann,B\xffb")  # arrives as "B\udcffb"
    assert "a player's name holds a character that is not valid Unicode" in stderr
    listed = _run(data, "list")
    assert listed.returncode == 0 and json.loads(listed.stdout) == []


def test_a_file_with_a_lone_surrogate_name_is_refused(tmp_path: Path) -> None:
    session = Session(SCOREPAD, make_setup(SCOREPAD, ("Ann", "Bob"), {}), 3)
    session.play(AddPoints("Ann", 2))
    doc = export_document(session)
    doc["setup"]["players"][1] = "B\ud800b"
    doc["checksum"] = checksum(doc)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")  # ASCII: the surrogate as the escape \ud800
    stderr = _refused(tmp_path / "data", 1, "replay", str(path))
    assert "it holds text that is not valid Unicode ('\\ud800')" in stderr


def test_a_deep_or_duplicated_file_is_refused(tmp_path: Path) -> None:
    session = Session(SCOREPAD, make_setup(SCOREPAD, ("Ann",), {}), 3)
    good = dumps(export_document(session))
    deep = tmp_path / "deep.json"
    deep.write_text(good.replace('"seed": 3', '"seed": ' + "[" * 100_000 + "]" * 100_000), encoding="utf-8")
    assert "nest more than 64 deep" in _refused(tmp_path / "data", 1, "replay", str(deep))
    twice = tmp_path / "twice.json"
    twice.write_text('{"checksum": "sha256:bogus",' + good[1:], encoding="utf-8")
    assert "the key 'checksum' is twice" in _refused(tmp_path / "data", 1, "replay", str(twice))
