"""One game on two screens (issue 9): an entry on one page shows on the other without a reload, an entry
there builds on it, undo on either undoes for both, and a reload of either shows the same game."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.e2e.flutter import ident, open_page, type_into

SOON_MS = 5_000  # "at once": well under the suite's 15 s, with room for a busy 2-core machine


def test_an_entry_on_one_page_shows_on_the_other(browser: Any, app_url: str) -> None:
    with open_page(browser, app_url) as a:
        press(a, "New game")
        a.get_by_role("button", name="Score pad").click()
        type_into(a, a.get_by_role("textbox", name="Player 1"), "Ann")
        type_into(a, a.get_by_role("textbox", name="Player 2"), "Bob")
        a.get_by_role("button", name="Start").click()
        expect(ident(a, "status")).to_contain_text("Round 1")
        with open_page(browser, app_url) as b:
            play_on_both(browser, app_url, a, b)


def press(page: Any, name: str) -> None:
    """The first button so named on a page just loaded. Once it shows, the click skips Playwright's "stable"
    wait, which twice ran 30 s on a freshly loaded home in CI: whether the tap worked is the next check."""
    button = page.get_by_role("button", name=name).first
    expect(button).to_be_visible()
    button.click(force=True)


def resume(page: Any) -> None:
    """Resume the newest game."""
    press(page, "Resume")


def play_on_both(browser: Any, app_url: str, a: Any, b: Any) -> None:
    resume(b)
    expect(ident(b, "score-0")).to_have_text("0")

    a.get_by_role("button", name="+5").first.click()
    expect(ident(a, "score-0")).to_have_text("5")
    expect(ident(b, "score-0")).to_have_text("5", timeout=SOON_MS)

    b.get_by_role("button", name="+1").first.click()
    expect(ident(b, "score-0")).to_have_text("6")
    expect(ident(a, "score-0")).to_have_text("6", timeout=SOON_MS)

    b.get_by_role("button", name="Undo").last.click()
    expect(ident(b, "score-0")).to_have_text("5")
    expect(ident(a, "score-0")).to_have_text("5", timeout=SOON_MS)

    with open_page(browser, app_url) as c:  # a fresh page reads the game as stored
        resume(c)
        expect(ident(c, "score-0")).to_have_text("5")
        expect(ident(c, "scores")).to_contain_text("Ann: 5")
