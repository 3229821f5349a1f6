"""An Infamous Traffic in the browser: the China board imported from a pack file, starting cards, a round
with a party in London and a conspiracy bowl taken in China, a refused entry with its rule, an event drawn
with its explanation, and undo of the event."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.e2e.flutter import ident, type_into
from tests.infamous_traffic.boards import TEST_BOARD
from trackers.core.packs import Pack, dumps

BOARD_SECTION = "The China board pack (Lantern's)"
BOWLS = ("qing", "qing", "bureaucrat", "qing", "qing", "qing", "qing", "qing")
"""What the table put in the bowls, bowl 1 first: bowl 1 holds two Qing Forces, which cost nothing."""


def _chip(page: Any, row: str, name: str) -> Any:
    return ident(page, row).get_by_role("button", name=name, exact=True)


def test_a_round_of_an_infamous_traffic(page: Any, tmp_path: Path) -> None:
    pack = tmp_path / "china-board.json"
    pack.write_text(dumps(Pack("infamous-traffic.board", "Test board", 1, TEST_BOARD)))
    page.set_viewport_size({"width": 412, "height": 2400})
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="An Infamous Traffic").click()
    page.get_by_role("button", name="Start").click()

    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import a board file").click()
    chooser.value.set_files(str(pack))
    expect(page.get_by_role("button", name="Test board", exact=True)).to_be_visible()
    for _ in range(3):
        _chip(page, "it-board-dice-quick", "+10").click()
    expect(ident(page, "it-board-dice")).to_have_text("30")

    # Text that is not a board is refused with its reason and its rule; the rule and back keep the count.
    type_into(page, ident(page, "it-board-paste"), "no board")
    page.get_by_role("button", name="Import the pasted board").click()
    expect(ident(page, "notice-message")).to_contain_text("The pasted text is not JSON")
    page.get_by_role("button", name="Rule", exact=True).click()
    expect(ident(page, "section-title")).to_have_text(BOARD_SECTION)
    page.get_by_role("button", name="Back to the game").click()
    expect(ident(page, "it-board-dice")).to_have_text("30")
    page.get_by_role("button", name=re.compile("Entered at the table")).click()
    for tile in BOWLS:
        _chip(page, "it-board-bowls", {"qing": "Qing Force", "bureaucrat": "Bureaucrat"}[tile]).click()
        page.wait_for_timeout(150)
    page.get_by_role("button", name="Use this board").click()

    for player, where, tile in (("Player 1", "London", "Merchant"), ("Player 2", "China", "Ship")):
        # The player's own form first: a chip tapped while the last start is still on its way lands on the
        # form that start replaces.
        start = page.get_by_role("button", name=f"Start {player}")
        expect(start).to_be_visible()
        page.get_by_role("button", name=where, exact=True).click()
        page.get_by_role("button", name=tile, exact=True).click()
        expect(start).to_be_enabled()
        start.click()
    expect(ident(page, "next-step")).to_have_text("Player 1: take one action.")

    # In London the China actions are disabled with their reason; Player 1 throws a party.
    expect(ident(page, "it-actions-blocked")).to_contain_text("need the pawn in China")
    page.get_by_role("button", name="Throw Party (1 debt)").click()

    # Player 2 takes bowl 1 in China: two Qing Forces, free; each goes to a region, then no Deploy.
    expect(ident(page, "next-step")).to_have_text("Player 2: take one action.")
    page.get_by_role("button", name="Conspiracy").click()
    page.get_by_role("button", name=re.compile(r"^Bowl 1")).click()
    for _ in range(2):
        page.get_by_role("button", name=re.compile(r"^Wenzhou \(Qing")).click()
        page.wait_for_timeout(300)
    page.get_by_role("button", name="No Deploy").click()

    # The end of the round: the event drawn at the table, explained, then undone.
    expect(ident(page, "next-step")).to_have_text("Draw event 1 of 8.")
    expect(ident(page, "it-event-odds")).to_contain_text("13 tiles in the bag")
    _chip(page, "it-drew", "Public Debate +2 (1)").click()
    expect(ident(page, "it-last-event")).to_contain_text("outrage +2, now 2")
    expect(ident(page, "next-step")).to_have_text("Player 1: take one action.")
    page.get_by_role("button", name="Undo").first.click()
    expect(ident(page, "next-step")).to_have_text("Draw event 1 of 8.")
    expect(ident(page, "it-event-odds")).to_contain_text("13 tiles in the bag")
