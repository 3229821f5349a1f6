"""`python -m trackers` run as a real process: JSON on stdout, readable refusals, proper exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import trackers  # noqa: F401  (registers the games)
from tests.cli.process import run
from tests.wasm import no_processes
from trackers.scorepad.actions import AddPoints, EndGame
from trackers.services.gamefile import checksum, dumps
from trackers.services.storage import Store

pytestmark = no_processes


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def ok(data: Path, *args: str) -> Any:
    result = run(data, *args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def refused(data: Path, code: int, *args: str) -> str:
    result = run(data, *args)
    assert result.returncode == code, result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    return result.stderr


def _new_game(data: Path, *extra: str) -> str:
    created = ok(data, "new", "scorepad", "--players", "Ann,Bob", "--seed", "9", *extra)
    assert created["summary"]["scores"] == {"Ann": 0, "Bob": 0}
    game_id: str = created["id"]
    return game_id


def _play(data: Path, game_id: str, *, end: bool) -> None:
    with Store(data / "lantern.sqlite3") as store:
        session = store.open_game(game_id).session
        session.play(AddPoints("Ann", 7))
        session.play(AddPoints("Bob", 3))
        if end:
            session.play(EndGame())


def test_games_lists_scorepad_with_its_actions(data: Path) -> None:
    listing = ok(data, "games")
    scorepad = next(game for game in listing if game["id"] == "scorepad")
    assert scorepad["title"] == "Score pad"
    assert scorepad["players"] == {"min": 1, "max": 8}
    assert scorepad["options"] == [
        {
            "key": "allow_negative",
            "label": "Scores can go below zero",
            "kind": "bool",
            "default": False,
            "rule": "scorepad/points",
        }
    ]
    assert scorepad["actions"]["scorepad.add_points"] == {"player": "str", "points": "int"}
    assert scorepad["actions"]["scorepad.end_game"] == {}
    assert len(scorepad["actions"]) == 5


def test_new_list_export_replay(data: Path, tmp_path: Path) -> None:
    game_id = _new_game(data)
    _play(data, game_id, end=False)
    listed = ok(data, "list")
    assert [(game["id"], game["players"], game["finished"]) for game in listed] == [
        (game_id, ["Ann", "Bob"], False)
    ]
    assert listed[0]["summary"]["scores"] == {"Ann": 7, "Bob": 3}

    printed = ok(data, "export", game_id)
    assert printed["format"] == "lantern-game" and len(printed["actions"]) == 2
    target = tmp_path / "game.lantern.json"
    assert run(data, "export", game_id, "-o", str(target)).returncode == 0
    assert json.loads(target.read_text(encoding="utf-8")) == printed

    replayed = ok(data, "replay", str(target))
    assert replayed == {"summary": listed[0]["summary"]}


def test_replay_of_a_finished_game_includes_the_outcome(data: Path, tmp_path: Path) -> None:
    game_id = _new_game(data)
    _play(data, game_id, end=True)
    target = tmp_path / "done.json"
    run(data, "export", game_id, "-o", str(target))
    replayed = ok(data, "replay", str(target))
    assert replayed["summary"]["phase"] == "Game over"
    assert replayed["outcome"] == {
        "winners": ["Ann"],
        "ranking": {"Ann": 7, "Bob": 3},
        "reason": "highest score wins",
    }


def test_new_with_options_and_a_data_folder(data: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    game_id = _new_game(data, "--option", "allow_negative=true", "--data", str(elsewhere))
    assert ok(data, "list") == []
    assert [game["id"] for game in ok(data, "list", "--data", str(elsewhere))] == [game_id]
    with Store(elsewhere / "lantern.sqlite3") as store:
        session = store.open_game(game_id).session
    assert session.setup.option("allow_negative") is True and session.seed == 9


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("new", "chess", "--players", "Ann"), "no game called 'chess'"),
        (("new", "scorepad", "--players", "Ann,ann"), "two players have the same name"),
        (("new", "scorepad", "--players", "Ann", "--option", "speed=3"), "unknown option 'speed'"),
        (("new", "scorepad", "--players", "Ann", "--option", "allow_negative=1"), "choose yes or no"),
        (("new", "scorepad", "--players", "Ann", "--option", "allow_negative"), "expected KEY=VALUE"),
        (("new", "scorepad"), "--players"),
        (("fly",), "invalid choice"),
        ((), "COMMAND"),
    ],
)
def test_usage_errors_exit_2(data: Path, args: tuple[str, ...], message: str) -> None:
    assert message in refused(data, 2, *args)
    assert not (data / "lantern.sqlite3").exists() or ok(data, "list") == []


def _export(data: Path) -> dict[str, Any]:
    game_id = _new_game(data)
    _play(data, game_id, end=False)
    doc: dict[str, Any] = json.loads(run(data, "export", game_id).stdout)
    return doc


def test_replay_refuses_a_malformed_file_readably(data: Path, tmp_path: Path) -> None:
    doc = _export(data)
    cases: dict[str, tuple[str, str]] = {}
    cases["broken.json"] = (dumps(doc)[:150], "it ends too early")
    doc["actions"][0]["points"] = 70
    cases["edited.json"] = (dumps(doc), "the file was changed after it was exported")
    doc["actions"][0]["points"] = -70
    doc["checksum"] = checksum(doc)
    cases["illegal.json"] = (dumps(doc), "Action 1 (scorepad.add_points) does not replay: Ann has 0 points")
    for name, (text, message) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        stderr = refused(data, 1, "replay", str(path))
        assert name in stderr and message in stderr
        assert stderr.count("\n") == 1


def test_missing_things_are_reported_without_a_traceback(data: Path, tmp_path: Path) -> None:
    assert "No such file" in refused(data, 1, "replay", str(tmp_path / "nowhere.json"))
    assert "no saved game with id 'abc'" in refused(data, 1, "export", "abc")


def test_a_damaged_database_is_reported_and_kept(data: Path) -> None:
    data.mkdir()
    database = data / "lantern.sqlite3"
    database.write_bytes(b"\x00garbage" * 1000)
    assert "cannot be read" in refused(data, 1, "list")
    assert database.read_bytes() == b"\x00garbage" * 1000
