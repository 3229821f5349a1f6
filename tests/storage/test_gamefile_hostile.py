"""Hostile game files: each is refused through `Store.import_game` with a message a player can read, fast,
with nothing written to the store; whatever bytes come in, the answer is a game or a GameFileError.

Every hostile file is generated here from a good export.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trackers  # noqa: F401  (registers the games)
from tests.ashes.play import play_game
from tests.wasm import DEEP, DEEP_VALUE, nested
from trackers.core.game import Setup, make_setup
from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints, DrawFirstPlayer, EndRound
from trackers.scorepad.game import SCOREPAD
from trackers.services import gamefile
from trackers.services.gamefile import (
    MAX_ACTIONS,
    MAX_FILE_BYTES,
    GameFileError,
    LoadedGame,
    checksum,
    dumps,
    export_document,
    load_document,
)
from trackers.services.storage import StorageError, Store

Doc = dict[str, Any]


def _session(players: tuple[str, ...] = ("Ann", "Zoë")) -> Session:
    session = Session(SCOREPAD, make_setup(SCOREPAD, players, {}), 42)
    session.play(AddPoints("Ann", 5))
    session.play(DrawFirstPlayer())
    session.dispatch_group([AddPoints("Zoë", 3), EndRound()])
    return session


def _doc() -> Doc:
    return export_document(_session())


def _signed(doc: Doc) -> Doc:
    doc["checksum"] = checksum(doc)
    return doc


GOOD = dumps(_doc())


def _rows(store: Store) -> tuple[int, ...]:
    with sqlite3.connect(store.path) as db:
        counts = tuple(
            db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] for table in ("games", "log")
        )
    db.close()
    return counts


def _refused(store: Store, data: str | bytes) -> str:
    """The refusal's message, after checking it came fast, as a GameFileError, and wrote nothing."""
    before = _rows(store)
    started = time.perf_counter()
    with pytest.raises(GameFileError) as refused:
        store.import_game(data)
    assert time.perf_counter() - started < 2
    assert _rows(store) == before
    message = str(refused.value)
    assert message.startswith("This ") and "Traceback" not in message
    return message


def _deep_events() -> str:
    doc = _doc()
    doc["events"][0][0]["data"]["deep"] = "PLACE"
    return dumps(_signed(doc)).replace('"PLACE"', "[" * DEEP + "]" * DEEP)


def _deep_but_signed() -> str:
    doc = _doc()
    deep: Any = 1
    for _ in range(70):
        deep = [deep]
    doc["events"][0][0]["data"]["deep"] = deep
    return dumps(_signed(doc))


def _player(name: str, ascii_only: bool) -> str:
    doc = _doc()
    doc["setup"]["players"][1] = name
    return json.dumps(_signed(doc), indent=2, ensure_ascii=ascii_only)


def _bogus_checksum_first() -> str:
    doc = _doc()
    doc["actions"][0]["points"] = 50  # an edit the real checksum below does not cover
    return '{"checksum": "sha256:bogus",\n' + dumps(doc)[1:].replace(
        f'"checksum": "{doc["checksum"]}"', f'"checksum": "{checksum(doc)}"'
    )


def _fifty_megabytes() -> bytes:
    doc = _doc()
    doc["events"][0][0]["data"]["padding"] = "PLACE"
    return dumps(doc).replace('"PLACE"', '"' + "x" * 50_000_000 + '"').encode()


def _too_many_actions() -> str:
    doc = _doc()
    doc["actions"] = [doc["actions"][0]] * (MAX_ACTIONS + 1)
    return dumps(_signed(doc))


def _cut_inside(marker: str, extra: int) -> str:
    return GOOD[: GOOD.index(marker) + extra]


HOSTILE: dict[str, tuple[Callable[[], str | bytes], str]] = {
    "100,000 deep in an event": (
        _deep_events,
        "This is not a Lantern game file: it is not valid JSON for Lantern "
        "(lists and objects nest more than 64 deep).",
    ),
    "70 deep with a good checksum": (_deep_but_signed, "nest more than 64 deep"),
    "lone surrogate name, escaped": (
        lambda: _player("B\ud800b", True),
        "This is not a Lantern game file: it holds text that is not valid Unicode ('\\ud800').",
    ),
    "lone surrogate name, raw text": (lambda: _player("B\udcffb", False), "not valid Unicode ('\\udcff')"),
    "lone surrogate name, as bytes": (
        lambda: _player("\udfff", False).encode("utf-8", "surrogatepass"),
        "This is not a Lantern game file: it is not text.",
    ),
    "lone surrogate action": (
        lambda: GOOD.replace('"player": "Ann"', '"player": "\\udc00"', 1),
        "not valid Unicode",
    ),
    "a bogus first checksum": (
        _bogus_checksum_first,
        "This is not a Lantern game file: it is not valid JSON for Lantern "
        "(the key 'checksum' is twice in one object).",
    ),
    "50 MB": (
        _fifty_megabytes,
        "This game file is too large (50.0 MB; Lantern opens game files up to 4 MB).",
    ),
    "just over the cap": (
        lambda: GOOD + " " * (MAX_FILE_BYTES - len(GOOD.encode()) + 1),
        "This game file is too large (4.0 MB; Lantern opens game files up to 4 MB).",
    ),
    "too many actions": (
        _too_many_actions,
        "This game file holds 20,001 actions; Lantern opens games of up to 20,000 actions.",
    ),
    "cut inside a string": (
        lambda: _cut_inside('"Ann now has', 6),
        "This game file is incomplete: it ends too early (it may have been cut off while copying).",
    ),
    "cut inside a name": (lambda: _cut_inside('"Zoë"', 3), "This game file is incomplete"),
    "cut inside a character": (
        lambda: GOOD.encode()[: GOOD.encode().index("ë".encode()) + 1],
        "This game file is incomplete",
    ),
    "cut between entries": (lambda: _cut_inside('"groups"', 0), "This game file is incomplete"),
    "cut inside a number": (lambda: _cut_inside('"seed": 42', 9), "This game file is incomplete"),
    "NaN": (lambda: GOOD.replace('"seed": 42', '"seed": NaN'), "not valid JSON (NaN is not a number)"),
    "huge float": (lambda: GOOD.replace('"seed": 42', '"seed": 1e999'), "1e999 is too large a number"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_file_is_refused_fast_and_writes_nothing(store: Store, case: str) -> None:
    make, message = HOSTILE[case]
    assert message in _refused(store, make())


def test_any_other_failure_while_loading_is_a_game_file_error(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    def crash(*args: object) -> LoadedGame:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(gamefile, "rebuild", crash)
    assert _refused(store, GOOD) == (
        "This game file could not be read: Lantern met an unexpected problem with it (ZeroDivisionError)."
    )


def test_deep_event_data_from_storage_is_a_refusal_too() -> None:
    doc = _doc()
    doc["events"][0][0]["data"]["deep"] = nested(DEEP_VALUE)
    with pytest.raises(GameFileError, match="events recorded for action 1 cannot be read: event data nests"):
        gamefile.rebuild(SCOREPAD, doc)


def test_a_saved_game_with_a_row_nested_absurdly_deep_is_a_storage_error(store: Store) -> None:
    game = store.create_game(SCOREPAD, make_setup(SCOREPAD, ("Ann",), {}), 1)
    game.session.play(AddPoints("Ann", 1))
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE log SET events = ?", ("[" * DEEP + "]" * DEEP,))
    db.close()
    with pytest.raises(StorageError, match="cannot be opened: its log is nested too deep"):
        store.open_game(game.id)


def test_text_sqlite_cannot_encode_is_a_storage_error_and_writes_nothing(store: Store) -> None:
    before = _rows(store)
    with pytest.raises(StorageError, match="the text given holds a character that is not valid Unicode"):
        store.create_game(
            SCOREPAD, Setup(("Ann", "B\ud800"), (("allow_negative", False),)), 1
        )  # past make_setup, which refuses it
    assert _rows(store) == before
    with pytest.raises(StorageError, match="could not read its saved games"):
        store.get_pack("ashes.board", "Mine\udc00")


def test_files_written_today_still_load(store: Store) -> None:
    for text in (GOOD, GOOD.encode(), dumps(export_document(_session(("Ann",))))):
        assert store.import_game(text).session.cursor > 0
    ashes = play_game(1, digital=False)
    text = dumps(export_document(ashes))
    loaded = load_document(text)
    assert loaded.session.entries == ashes.entries and loaded.session.state == ashes.state
    per_action = len(text.encode()) / len(ashes.entries)
    assert 1_000 * per_action * 2 < MAX_FILE_BYTES  # a 1,000-action game fits twice over


# Property: whatever comes in, the answer is a game or a GameFileError

texts = st.text(st.characters(exclude_categories=()), max_size=10)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats() | texts,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(texts, children, max_size=4),
    max_leaves=25,
)
FIELDS = ("game", "version", "setup", "seed", "content_versions", "actions", "groups", "events", "cursor")


def _load(data: str | bytes) -> None:
    try:
        loaded = load_document(data)
    except GameFileError as error:
        assert str(error) and "Traceback" not in str(error)
    else:
        assert loaded.module is SCOREPAD


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=300) | st.text(st.characters(exclude_categories=()), max_size=300) | texts)
def test_any_bytes_or_text_is_a_game_or_a_refusal(data: str | bytes) -> None:
    _load(data)


@settings(max_examples=200, deadline=None)
@given(
    field=st.sampled_from(FIELDS),
    index=st.integers(0, 4),
    value=json_values,
    inside=st.booleans(),
    sign=st.booleans(),
)
def test_any_json_anywhere_in_a_file_is_a_game_or_a_refusal(
    field: str, index: int, value: Any, inside: bool, sign: bool
) -> None:
    doc = _doc()
    if inside and isinstance(doc[field], list | dict) and doc[field]:
        keys = list(doc[field]) if isinstance(doc[field], dict) else list(range(len(doc[field])))
        doc[field][keys[index % len(keys)]] = value
    else:
        doc[field] = value
    if sign:
        _signed(doc)
    text = json.dumps(doc, ensure_ascii=False)
    _load(text)
    _load(text.encode("utf-8", "surrogatepass"))
    _load(json.dumps(value))
