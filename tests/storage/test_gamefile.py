"""Game files: export is stable and checksummed; every kind of bad file is refused in plain words.

Each refusal is checked through `Store.import_game`, so it also proves that a refused file leaves
no trace in the database.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import trackers  # noqa: F401  (registers the games)
from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints, DrawFirstPlayer, EndRound
from trackers.scorepad.game import SCOREPAD
from trackers.services import gamefile
from trackers.services.gamefile import GameFileError, checksum, dumps, export_document, load_document
from trackers.services.storage import Store

Doc = dict[str, Any]


def _session() -> Session:
    session = Session(SCOREPAD, make_setup(SCOREPAD, ("Ann", "Bob"), {}), 42)
    session.play(AddPoints("Ann", 5))
    session.play(DrawFirstPlayer())
    session.dispatch_group([AddPoints("Bob", 3), EndRound()])
    session.play(AddPoints("Ann", 2))
    session.undo()
    return session


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "lantern.sqlite3") as opened:
        opened.import_game(dumps(export_document(_session())))  # one game already saved
        yield opened


def test_export_format() -> None:
    session = _session()
    doc = export_document(session)
    assert list(doc) == [
        "format", "version", "game", "setup", "seed", "content_versions",
        "actions", "groups", "events", "cursor", "checksum",
    ]  # fmt: skip
    assert doc["format"] == "lantern-game" and doc["version"] == 1 and doc["game"] == "scorepad"
    assert doc["setup"] == {"players": ["Ann", "Bob"], "options": {"allow_negative": False}}
    assert doc["seed"] == 42 and doc["content_versions"] == {}
    assert doc["actions"][0] == {"type": "scorepad.add_points", "player": "Ann", "points": 5}
    assert doc["groups"] == [0, 1, 2, 2, 4]
    score = {"kind": "score", "text": "Ann now has 5", "data": {"player": "Ann", "total": 5}}
    assert doc["events"][0] == [score]
    assert doc["cursor"] == 4
    body = {key: value for key, value in doc.items() if key != "checksum"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert doc["checksum"] == "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()
    assert export_document(session, "other")["game"] == "other"


def test_dumps_is_stable_and_loads_back() -> None:
    session = _session()
    text = dumps(export_document(session))
    assert text == dumps(export_document(session)) == dumps(json.loads(text))
    loaded = load_document(text)
    assert loaded.module is SCOREPAD and loaded.seed == 42 and loaded.setup == session.setup
    assert loaded.session.entries == session.entries and loaded.session.cursor == session.cursor
    assert loaded.session.state == session.state and loaded.session.journal is None
    assert loaded.document == json.loads(text)
    assert load_document(text.encode("utf-8")).session.state == session.state


def _edit(change: Callable[[Doc], None], sign: bool = True) -> Callable[[], str]:
    """A file made by editing a good export; `sign` recomputes the checksum to get past it."""

    def make() -> str:
        doc = export_document(_session())
        change(doc)
        if sign:
            doc["checksum"] = checksum(doc)
        return dumps(doc)

    return make


def _set(key: str, value: Any, sign: bool = True) -> Callable[[], str]:
    return _edit(lambda doc: doc.__setitem__(key, value), sign)


def _action(index: int, player: str, points: int) -> Callable[[], str]:
    raw = {"type": "scorepad.add_points", "player": player, "points": points}
    return _edit(lambda doc: doc["actions"].__setitem__(index, raw))


def _good() -> str:
    return dumps(export_document(_session()))


REFUSALS: dict[str, tuple[Callable[[], str | bytes], str]] = {
    "not json": (lambda: "{this is not json", "not valid JSON (line 1, column 2)"),
    "truncated": (lambda: _good()[:200], "incomplete: it ends too early"),
    "empty": (lambda: "  \n", "empty"),
    "not text": (lambda: b"\xff\xfe\x00garbage", "not text"),
    "nan": (lambda: '{"format": NaN}', "not valid JSON"),
    "not an object": (lambda: "[1, 2, 3]", "does not hold a game record"),
    "wrong format": (_set("format", "chess-pgn"), "lacks the 'lantern-game' format tag"),
    "newer version": (_set("version", 2), "made by a newer Lantern (file format 2"),
    "bad version": (_set("version", "1"), "unsupported format version ('1')"),
    "no checksum": (_edit(lambda doc: doc.pop("checksum"), sign=False), "has no checksum"),
    "edited": (
        _edit(lambda doc: doc["actions"][0].__setitem__("points", 50), sign=False),
        "the file was changed after it was exported",
    ),
    "unknown game": (_set("game", "chess"), "holds a game of 'chess', which this Lantern does not have"),
    "no game": (_set("game", None), "does not say which game"),
    "too many players": (
        _set("setup", {"players": [f"P{n}" for n in range(9)], "options": {}}),
        "Score pad takes 1 to 8 players, not 9",
    ),
    "unknown option": (
        _set("setup", {"players": ["Ann", "Bob"], "options": {"house_rule": True}}),
        "The setup is not valid: unknown option 'house_rule'",
    ),
    "bad option value": (
        _set("setup", {"players": ["Ann", "Bob"], "options": {"allow_negative": 1}}),
        "Scores can go below zero: choose yes or no",
    ),
    "players not names": (_set("setup", {"players": "Ann", "options": {}}), "list the players by name"),
    "seed is text": (_set("seed", "42"), "seed must be a whole number"),
    "seed is a bool": (_set("seed", True), "seed must be a whole number"),
    "unknown action": (
        _edit(lambda doc: doc["actions"].__setitem__(1, {"type": "scorepad.flip_table"})),
        "Action 2 cannot be read: unknown action type 'scorepad.flip_table'",
    ),
    "action field": (
        _edit(lambda doc: doc["actions"][0].__setitem__("points", "five")),
        "Action 1 cannot be read: scorepad.add_points.points: expected a whole number",
    ),
    "bad events": (
        _edit(lambda doc: doc["events"].__setitem__(0, [{"text": "no kind"}])),
        "events recorded for action 1 cannot be read",
    ),
    "lengths": (
        _edit(lambda doc: doc["groups"].pop()),
        "inconsistent: 5 actions, 4 undo groups and 5 event lists",
    ),
    "group points ahead": (_set("groups", [0, 1, 2, 2, 5]), "undo groups are malformed at action 5"),
    "group skips back": (_set("groups", [0, 1, 2, 1, 4]), "undo groups are malformed at action 4"),
    "first group": (_set("groups", [1, 1, 2, 2, 4]), "undo groups are malformed at action 1"),
    "cursor too far": (_set("cursor", 6), "undo position 6 is outside the log of 5 actions"),
    "cursor negative": (_set("cursor", -1), "undo position -1 is outside"),
    "cursor inside a group": (_set("cursor", 3), "undo position 3 falls inside an undo group"),
    "no content versions": (
        _edit(lambda doc: doc.pop("content_versions")),
        "does not list the content versions",
    ),
    "content versions": (
        _set("content_versions", {"cards": "2"}),
        "different Score pad content: 'cards' is version 2 in the file but none in this Lantern",
    ),
    "refused action": (
        _action(4, "Bob", -9),
        "Action 5 (scorepad.add_points) does not replay: Bob has 3 points; taking 9 would go below zero. "
        "(rule scorepad/points)",
    ),
    "stranger": (
        _action(0, "Zed", 1),
        "Action 1 (scorepad.add_points) does not replay: 'Zed' is not at this table. (rule scorepad/players)",
    ),
    "different outcome": (
        _edit(lambda doc: doc["events"][1][0].__setitem__("text", "Zed goes first")),
        "Action 2 (scorepad.draw_first_player) does not replay: it no longer produces the outcome recorded",
    ),
}


def _rows(store: Store) -> tuple[int, int]:
    with sqlite3.connect(store.path) as db:
        games = db.execute("SELECT count(*) FROM games").fetchone()[0]
        log = db.execute("SELECT count(*) FROM log").fetchone()[0]
    db.close()
    return games, log


@pytest.mark.parametrize("case", list(REFUSALS))
def test_a_bad_file_is_refused_in_plain_words_and_nothing_is_stored(store: Store, case: str) -> None:
    make, message = REFUSALS[case]
    before = _rows(store)
    listed = store.list_games()
    with pytest.raises(GameFileError) as refused:
        store.import_game(make())
    assert message in str(refused.value)
    assert "Traceback" not in str(refused.value)
    assert _rows(store) == before
    assert store.list_games() == listed


def test_group_problem() -> None:
    assert gamefile.group_problem([]) is None
    assert gamefile.group_problem([0, 0, 0, 3, 4, 4]) is None
    assert gamefile.group_problem([0, 0, 1]) is not None
