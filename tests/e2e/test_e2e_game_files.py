"""Export a game file from Home, import it back, and see a tampered copy refused without a trace."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.e2e.flutter import ident, type_into


def test_export_then_import_and_refuse_a_tampered_file(page: Any, tmp_path: Path) -> None:
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Score pad").click()
    type_into(page, page.get_by_role("textbox", name="Player 1"), "Export Ann")
    type_into(page, page.get_by_role("textbox", name="Player 2"), "Export Bob")
    page.get_by_role("button", name="Start").click()
    page.get_by_role("button", name="+5").nth(1).click()
    expect(ident(page, "score-1")).to_have_text("5")
    page.get_by_role("button", name="Back to games").click()

    with page.expect_download() as download:
        page.get_by_role("button", name="Export game file").first.click()
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    document = json.loads(exported.read_text())
    assert document["format"] == "lantern-game"
    assert document["setup"]["players"] == ["Export Ann", "Export Bob"]

    tampered = tmp_path / "tampered.json"
    document["actions"][0]["points"] = 50
    tampered.write_text(json.dumps(document))
    rows_before = page.get_by_role("button", name="Resume").count()
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import").click()
    chooser.value.set_files(str(tampered))
    expect(ident(page, "notice-message")).to_contain_text("changed after it was exported")
    expect(page.get_by_role("button", name="Resume")).to_have_count(rows_before)

    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import").click()
    chooser.value.set_files(str(exported))
    expect(ident(page, "score-1")).to_have_text("5")
    expect(ident(page, "history-count")).to_have_text("1 entry")
