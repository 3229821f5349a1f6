"""Unsettled in the browser: edit the map, add a wall, run LUNA's turn from an entered roll, undo it."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.e2e.flutter import ident, type_into


def test_edit_the_map_then_luna_pursues_and_is_undone(page: Any) -> None:
    # Phone width, but tall enough that Flutter never scrolls under a click while it lands.
    page.set_viewport_size({"width": 412, "height": 2000})
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Unsettled: Blackout").click()
    # Each tap here reshapes the form; wait for it to settle so the next tap lands where it aims.
    expect(page.get_by_role("button", name=re.compile(r"options: 0 changed"))).to_be_visible()
    page.get_by_role("button", name="One player fewer").click()
    expect(ident(page, "player-count")).to_have_text("1")
    page.get_by_role("button", name="Start").click()
    expect(ident(page, "map-name-shown")).to_contain_text("Example layout")

    ident(page, "cell-0-2").click()  # Outside Front ...
    ident(page, "cell-1-3").click()  # ... moves to an empty cell
    expect(ident(page, "history-count")).to_have_text("1 entry")
    ident(page, "cell-3-2").click()  # Research Center
    expect(ident(page, "map-selected")).to_contain_text("Research Center")
    page.get_by_role("button", name="Wall to Corridor").click()
    expect(ident(page, "history-count")).to_have_text("2 entries")
    page.get_by_role("button", name="Confirm map").click()
    # The setup grid reuses the editor's cell ids: wait until it has replaced the editor.
    expect(ident(page, "placed")).to_contain_text("Player 1: —")

    ident(page, "cell-2-2").click()  # Player 1 on Upper Corridor
    expect(ident(page, "placed")).to_contain_text("Player 1: Upper Corridor")
    page.get_by_text("LUNA", exact=True).click()
    ident(page, "cell-1-2").click()  # LUNA on Navigation
    expect(ident(page, "placed")).to_contain_text("LUNA: Navigation")
    page.get_by_role("button", name="Begin").click()
    expect(ident(page, "ire")).to_have_text("Ire 0")

    type_into(page, page.get_by_role("textbox", name="Roll (1-6)"), "2")
    page.get_by_role("button", name="LUNA's turn").click()
    expect(ident(page, "luna-steps")).to_contain_text("LUNA moves from Navigation to Upper Corridor")
    expect(ident(page, "luna-steps")).to_contain_text("distress 2")
    expect(ident(page, "explorer-0")).to_contain_text("distress 2")
    expect(ident(page, "ire")).to_have_text("Ire 0")

    # Every step links its rule (what Lantern did, above, links the same section).
    page.get_by_role("button", name="LUNA Pursues, step by step").last.click()
    expect(ident(page, "section-title")).to_have_text("LUNA Pursues, step by step")
    page.get_by_role("tab", name="Games").click()
    expect(ident(page, "ire")).to_have_text("Ire 0")

    page.get_by_role("button", name="Undo").first.click()
    expect(ident(page, "explorer-0")).to_contain_text("distress 0")
    expect(ident(page, "luna-steps")).to_have_count(0)
