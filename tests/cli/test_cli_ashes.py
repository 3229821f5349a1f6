"""`python -m trackers replay` on exported ASHES solo games: a whole game stored, exported and replayed by a
real process ends on the result the table saw; a file edited so that an entry no longer holds is refused in
one readable line."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import trackers  # noqa: F401  (registers the games)
from tests.ashes.play import play_game
from tests.cli.process import run
from tests.wasm import no_processes
from trackers.ashes.game import ASHES
from trackers.core.actions import Action
from trackers.core.session import Session
from trackers.services.datadir import DATABASE_NAME
from trackers.services.gamefile import checksum, dumps, export_document
from trackers.services.storage import Store

pytestmark = no_processes
SEED = 3
MODES = pytest.mark.parametrize("digital", [False, True], ids=["physical", "digital"])


def _groups(session: Session) -> list[list[Action]]:
    """The log as the table dispatched it: one list per undo group."""
    groups: list[list[Action]] = []
    for index, entry in enumerate(session.entries):
        if entry.group == index:
            groups.append([])
        groups[-1].append(entry.action)
    return groups


def _stored(data: Path, played: Session) -> str:
    """Enter the played game into a fresh store, group by group, as the app would have saved it."""
    with Store(data / DATABASE_NAME) as store:
        game = store.create_game(ASHES, played.setup, played.seed)
        for group in _groups(played):
            result = game.session.dispatch_group(group)
            assert result.ok, result.violations
        assert game.session.state == played.state
        return game.id


def _exported(data: Path, tmp_path: Path, digital: bool) -> tuple[Session, Path]:
    """A whole seeded solo game, stored, then written out by `python -m trackers export`."""
    played = play_game(SEED, digital)
    game_id = _stored(data, played)
    target = tmp_path / f"ashes-{'digital' if digital else 'physical'}.lantern.json"
    exported = run(data, "export", game_id, "-o", str(target))
    assert exported.returncode == 0, exported.stderr
    assert target.read_text(encoding="utf-8") == dumps(export_document(played))
    return played, target


@MODES
def test_replay_of_a_whole_solo_game_prints_its_result(tmp_path: Path, digital: bool) -> None:
    played, target = _exported(tmp_path / "data", tmp_path, digital)
    result = run(tmp_path / "data", "replay", str(target))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    replayed = json.loads(result.stdout)

    state = played.state
    assert state.result is not None and state.rounds.round == 3
    final = {score.name: score.vp for score in state.result.ranking}
    assert set(final) == {"Ann", "rival"}
    summary = replayed["summary"]
    assert (summary["round"], summary["phase"], summary["turn"]) == (3, "Game over", None)
    assert summary["scores"] == final
    assert summary["next_step"] == f"{state.result.winner} wins with {final[state.result.winner]} VP."
    assert replayed["outcome"]["winners"] == [state.result.winner]
    assert replayed["outcome"]["ranking"] == final
    assert replayed["outcome"]["reason"] == state.result.verdict
    outcome = ASHES.outcome(state)
    assert outcome is not None
    assert replayed == {"summary": ASHES.summary(state).to_json(), "outcome": outcome.to_json()}


def _first(doc: dict[str, Any], kind: str) -> int:
    return next(i for i, action in enumerate(doc["actions"]) if action["type"] == kind)


def _resealed(doc: dict[str, Any], index: int, **changes: Any) -> str:
    """The file with one entry edited and its checksum redone, so only the replay can catch the edit."""
    edited = copy.deepcopy(doc)
    edited["actions"][index].update(changes)
    edited["checksum"] = checksum(edited)
    return dumps(edited)


def _edited_files(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """File name -> (edited text, the refusal expected), for one edit per way an entry can stop holding."""
    cases: dict[str, tuple[str, str]] = {}
    _, target = _exported(tmp_path / "digital", tmp_path, digital=True)
    digital = json.loads(target.read_text(encoding="utf-8"))
    turn = _first(digital, "ashes.rival_turn")
    shown = digital["actions"][turn]["label"]
    cases["other-card.json"] = (
        _resealed(digital, turn, label="T99"),
        f"Action {turn + 1} (ashes.rival_turn) does not replay: The card on show is {shown!r}: "
        "resolve that one. (rule ashes/solo/rival-turn)",
    )

    _, target = _exported(tmp_path / "physical", tmp_path, digital=False)
    physical = json.loads(target.read_text(encoding="utf-8"))
    emerge = _first(physical, "ashes.emerge")
    cases["off-plan.json"] = (
        _resealed(physical, emerge, drawn=[["S9z", ["active", "active"]]]),
        f"Action {emerge + 1} (ashes.emerge) does not replay: This round's survivors go, in order: "
        "2 on S1a; 2 on S2a. (rule ashes/rounds/emerge)",
    )
    recorded = [
        [event["data"]["area"], event["data"]["kinds"]]
        for event in physical["events"][emerge]
        if event["kind"] == "emerge"
    ]
    redrawn = [[area, ["essential"] * len(kinds)] for area, kinds in recorded]
    assert redrawn != recorded
    cases["other-draw.json"] = (
        _resealed(physical, emerge, drawn=redrawn),
        f"Action {emerge + 1} (ashes.emerge) does not replay: it no longer produces the outcome "
        "recorded in the log",
    )
    return cases


def test_an_edited_ashes_file_is_refused_in_one_line(tmp_path: Path) -> None:
    for name, (text, message) in _edited_files(tmp_path).items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        result = run(tmp_path / "data", "replay", str(path))
        assert result.returncode == 1, result.stdout
        assert result.stdout == ""
        assert "Traceback" not in result.stderr
        assert result.stderr == f"lantern: {path}: {message}\n"
