"""Packs in the store: kept by kind and name, never overwritten by accident, and a refused import
writes nothing. A database from before packs existed opens with its games intact."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import trackers  # noqa: F401  (registers the games)
from trackers.blackout_hk.catalogue import CardEntry, Goal, cards_in, catalogue
from trackers.core.catalogue import removed, saved
from trackers.core.packs import Pack, PackError, PackKind, dumps, register_pack_kind
from trackers.services.storage import SCHEMA_VERSION, StorageError, Store


def _lines(data: Mapping[str, Any]) -> list[str]:
    lines = data.get("lines")
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        return ["it needs a list of lines of text"]
    return []


register_pack_kind(PackKind("test.store-notes", 1, "house rule sheet", _lines))
register_pack_kind(PackKind("test.store-tally", 1, "extra tally", lambda data: []))

RULES = Pack("test.store-notes", "Ours", 1, {"lines": ["no take-backs"]})
TALLY = Pack("test.store-tally", "Ours", 1, {"count": 3})


def _rows(database: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT kind, name, version, data, created, updated FROM packs").fetchall()
    db.close()
    return rows


def test_save_list_get_delete(store: Store, database: Path) -> None:
    zebra = Pack("test.store-notes", "zebra", 1, {"lines": []})
    apple = Pack("test.store-notes", "Apple", 1, {"lines": ["a"]})
    for pack in (zebra, TALLY, RULES, apple):
        store.save_pack(pack)
    assert store.list_packs() == [apple, RULES, TALLY, zebra]
    assert store.list_packs("test.store-notes") == [apple, RULES, zebra]
    assert store.list_packs("test.none") == []
    with Store(database) as again:
        assert again.get_pack("test.store-notes", "Ours") == RULES
    store.delete_pack("test.store-notes", "Ours")
    assert store.list_packs() == [apple, TALLY, zebra]
    with pytest.raises(KeyError, match="There is no house rule sheet called 'Ours'"):
        store.get_pack("test.store-notes", "Ours")
    with pytest.raises(KeyError, match="There is no house rule sheet called 'Ours'"):
        store.delete_pack("test.store-notes", "Ours")


def test_the_same_name_is_refused_unless_replacing(store: Store, database: Path) -> None:
    store.save_pack(RULES)
    before = _rows(database)
    changed = Pack("test.store-notes", "Ours", 1, {"lines": ["take-backs allowed"]})
    with pytest.raises(StorageError, match="There is already a house rule sheet called 'Ours'"):
        store.save_pack(changed)
    assert _rows(database) == before
    store.save_pack(changed, replace=True)
    assert store.get_pack("test.store-notes", "Ours") == changed
    [(*_, created, updated)] = _rows(database)
    assert created == before[0][4] and updated >= created


def test_a_name_in_another_case_or_with_spaces_is_the_saved_pack(store: Store, database: Path) -> None:
    """#28 point 4: "ours " is the pack saved as "Ours"; replacing it keeps one row, under the new name."""
    store.save_pack(RULES)
    before = _rows(database)
    typed = Pack("test.store-notes", " OURS", 1, {"lines": ["take-backs allowed"]})
    with pytest.raises(StorageError, match="There is already a house rule sheet called 'Ours'"):
        store.save_pack(typed)
    with pytest.raises(StorageError, match="called 'Ours'"):
        store.import_pack(dumps(Pack("test.store-notes", "ours  ", 1, {"lines": []})))
    assert _rows(database) == before
    assert store.get_pack("test.store-notes", "ours ") == RULES
    store.save_pack(typed, replace=True)
    assert store.list_packs("test.store-notes") == [typed]
    [(_, name, *_, created, _updated)] = _rows(database)
    assert (name, created) == (" OURS", before[0][4])
    store.delete_pack("test.store-notes", "Ours")
    assert store.list_packs() == []


def test_packs_saved_apart_before_names_were_keyed_stay_apart(store: Store, database: Path) -> None:
    """A store written before #28 may hold "Ours" and "ours": each is still reached by its own name."""
    lower = Pack("test.store-notes", "ours", 1, {"lines": ["lower"]})
    store.save_pack(RULES)
    with sqlite3.connect(database) as db:
        db.execute(
            "INSERT INTO packs (kind, name, version, data, created, updated) VALUES (?, ?, ?, ?, 0, 0)",
            (lower.kind, lower.name, lower.version, json.dumps(dict(lower.data))),
        )
    db.close()
    assert store.get_pack("test.store-notes", "ours") == lower
    assert store.get_pack("test.store-notes", "Ours") == RULES
    store.save_pack(Pack("test.store-notes", "ours", 1, {"lines": []}), replace=True)
    assert store.get_pack("test.store-notes", "Ours") == RULES


def test_a_pack_that_breaks_its_kinds_rules_is_not_saved(store: Store, database: Path) -> None:
    with pytest.raises(PackError, match="needs a list of lines"):
        store.save_pack(Pack("test.store-notes", "Bad", 1, {"lines": [1]}))
    with pytest.raises(PackError, match="newer Lantern"):
        store.save_pack(Pack("test.store-notes", "Later", 2, {"lines": []}))
    assert _rows(database) == []


def test_import_keeps_the_pack(store: Store) -> None:
    pack = store.import_pack(dumps(RULES).encode(), expected_kind="test.store-notes")
    assert pack == RULES
    assert store.list_packs() == [RULES]
    changed = Pack("test.store-notes", "Ours", 1, {"lines": []})
    with pytest.raises(StorageError, match="already"):
        store.import_pack(dumps(changed))
    assert store.import_pack(dumps(changed), replace=True) == changed
    assert store.list_packs() == [changed]


@pytest.mark.parametrize(
    ("text", "expected_kind", "message"),
    [
        (dumps(RULES)[:-5], None, "ends too early"),
        (dumps(TALLY), "test.store-notes", "holds an extra tally, not a house rule sheet"),
        (dumps(Pack("test.store-notes", "Bad", 1, {"lines": [1]})), None, "needs a list of lines"),
    ],
)
def test_a_refused_import_writes_nothing(
    store: Store, database: Path, text: str, expected_kind: str | None, message: str
) -> None:
    store.save_pack(TALLY)
    before = _rows(database)
    with pytest.raises(PackError, match=message):
        store.import_pack(text, expected_kind)
    assert _rows(database) == before


# The schema of storage version 1, before packs, exactly as it shipped.
_V1 = (
    """CREATE TABLE games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        setup TEXT NOT NULL,
        seed INTEGER NOT NULL,
        content_versions TEXT NOT NULL,
        cursor INTEGER NOT NULL,
        summary TEXT NOT NULL,
        finished INTEGER NOT NULL,
        created REAL NOT NULL,
        updated REAL NOT NULL
    )""",
    """CREATE TABLE log (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        grp INTEGER NOT NULL,
        action TEXT NOT NULL,
        events TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    )""",
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "PRAGMA user_version = 1",
)


def test_a_version_1_database_gains_packs_and_keeps_its_games(database: Path) -> None:
    setup = json.dumps({"players": ["Ann", "Bob"], "options": {}})
    with sqlite3.connect(database) as db:
        for statement in _V1:
            db.execute(statement)
        db.execute(
            "INSERT INTO games VALUES ('0123456789abcdef', 'scorepad', ?, 7, '{}', 0, '{}', 0, 1.0, 2.0)",
            (setup,),
        )
        db.execute("INSERT INTO settings VALUES ('theme', 'light')")
    db.close()
    with Store(database) as store:
        [info] = store.list_games()
        assert (info.id, info.game, info.players) == ("0123456789abcdef", "scorepad", ("Ann", "Bob"))
        assert store.open_game(info.id).session.seed == 7
        assert store.get_setting("theme", "dark") == "light"
        store.save_pack(RULES)
    with Store(database) as store:
        assert store.list_packs() == [RULES]
        assert [info.id for info in store.list_games()] == ["0123456789abcdef"]
    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (4,)
    db.close()


def test_a_card_catalogue_is_kept_edited_and_shared_through_the_store(store: Store, database: Path) -> None:
    """Issue #32: a card saved to a game's catalogue is stored with the pack; saving one of the same name
    edits it, deleting takes it out, and the exported file imports as the same catalogue. Made-up cards."""
    first = CardEntry("Test volunteer (made up)", (Goal(points=1),), colour="red", cubes=1)
    second = CardEntry("Test plan (made up)", (Goal(), Goal(gps=1)), perk="gps")
    store.save_pack(catalogue("Our cards", (first,)))
    stored = store.get_pack("blackout-hk.cards", "Our cards")
    edited = CardEntry("test VOLUNTEER (made up)", (Goal(points=2),), colour="red", cubes=2)
    cards = saved(saved(cards_in(stored), second), edited)
    store.save_pack(catalogue("Our cards", cards), replace=True)
    with Store(database) as again:
        assert cards_in(again.get_pack("blackout-hk.cards", "Our cards")) == (second, edited)
    store.save_pack(catalogue("Our cards", removed(cards, "Test plan (made up)")), replace=True)
    text = dumps(store.get_pack("blackout-hk.cards", "Our cards"))
    store.delete_pack("blackout-hk.cards", "Our cards")
    assert cards_in(store.import_pack(text, "blackout-hk.cards")) == (edited,)
    broken = text.replace('"cubes": 2', '"cubes": 4')
    with pytest.raises(PackError, match=r"card 1 \('test VOLUNTEER \(made up\)'\): 'cubes' must be a whole"):
        store.import_pack(broken, "blackout-hk.cards", replace=True)
    assert cards_in(store.get_pack("blackout-hk.cards", "Our cards")) == (edited,)
