"""A damaged database is reported in the app and left byte for byte as it was, never replaced."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.flutter import ident, open_page, serve


def test_a_damaged_database_is_reported_and_kept(browser: object, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    damaged = data / "lantern.sqlite3"
    damaged.write_bytes(b"these bytes are not an SQLite database " * 100)
    before = damaged.read_bytes()
    with serve(data, tmp_path) as url, open_page(browser, url) as page:
        expect(ident(page, "storage-problem")).to_contain_text("cannot be read")
        expect(page.get_by_text("Lantern cannot open your saved games")).to_be_visible()
    assert damaged.read_bytes() == before
    assert sorted(p.name for p in data.iterdir()) == ["lantern.sqlite3"]
