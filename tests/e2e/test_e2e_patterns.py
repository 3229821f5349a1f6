"""The screen patterns the shell gives every game, on a phone (Playwright's "Pixel 7"): a refusal shows
where the player is looking, a new screen opens at its top, a rule opened from a game returns to it as it
was.

The walk of every screen checking that nothing tappable is under 48 x 48 px is not here yet (issue 14)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.flutter import ident, open_phone, serve, type_into

PHONE = (412, 915)
NAV_TOP = 80
"""The navigation bar's height: a refusal must show above it."""


@pytest.fixture
def phone_at(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> Iterator[Callable[[int, int], Any]]:
    """Open the app, with data of its own, on a phone of the size asked for."""
    with serve(tmp_path / "data", tmp_path) as url, ExitStack() as pages:

        def open_at(width: int, height: int) -> Any:
            pg = pages.enter_context(open_phone(browser, pixel_7, url, width, height))
            pg.get_by_role("button", name="New game").wait_for(timeout=30000)
            return pg

        yield open_at


def scroll_area(pg: Any) -> Any:
    """The semantics node of the screen's scroll view (what a screen reader scrolls)."""
    area = pg.locator("flt-semantics[style*='overflow-y: scroll']")
    expect(area).to_have_count(1)
    return area


def scroll_to(pg: Any, offset: str) -> None:
    """Scroll the screen as a reader does (offset: a JavaScript expression of the node `e`)."""
    scroll_area(pg).evaluate(f"e => {{ e.scrollTop = {offset}; }}")
    pg.wait_for_timeout(800)


def touch(pg: Any, target: Any) -> None:
    """A finger on the target where it is on screen, which must be where the player is looking."""
    box = target.bounding_box()
    height = pg.viewport_size["height"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height - NAV_TOP, box
    pg.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def in_view(pg: Any, target: Any) -> dict[str, float]:
    box = target.bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= pg.viewport_size["height"] - NAV_TOP, box
    return dict(box)


def start_score_pad(pg: Any, players: int) -> None:
    pg.get_by_role("button", name="New game").click()
    pg.get_by_role("button", name="Score pad").click()
    for _ in range(players - 2):
        pg.get_by_role("button", name="One player more").click()
    expect(ident(pg, "player-count")).to_have_text(str(players))
    pg.get_by_role("button", name="Start").click()
    expect(ident(pg, "status")).to_contain_text("Round 1")


def test_a_refusal_shows_above_the_navigation_bar_and_is_read_out(
    phone_at: Callable[[int, int], Any], tmp_path: Path
) -> None:
    pg = phone_at(*PHONE)
    start_score_pad(pg, 8)
    scroll_to(pg, "e.scrollHeight")
    # A screen reader hears the message: Flutter speaks a live region through its polite announcer.
    pg.evaluate(
        """() => { window.heard = []; const say = document.querySelector('flt-announcement-polite');
        new MutationObserver(() => window.heard.push(say.textContent))
            .observe(say, {childList: true, subtree: true, characterData: true}); }"""
    )
    touch(pg, pg.get_by_role("button", name="-1").nth(7))
    message = ident(pg, "notice-message")
    expect(message).to_have_text("Player 8 has 0 points; taking 1 would go below zero.")
    in_view(pg, message)
    in_view(pg, pg.get_by_role("button", name="Rule", exact=True))
    in_view(pg, ident(pg, "notice-dismiss"))
    assert any("below zero" in said for said in pg.evaluate("window.heard"))
    pg.wait_for_timeout(1000)
    pg.screenshot(path=tmp_path / "refusal.png")

    # It stays while the player scrolls, until the next entry.
    scroll_to(pg, "0")
    in_view(pg, message)
    touch(pg, pg.get_by_role("button", name="+5").first)
    expect(ident(pg, "score-0")).to_have_text("5")
    expect(message).to_have_count(0)


def test_a_new_screen_opens_at_its_top(phone_at: Callable[[int, int], Any]) -> None:
    pg = phone_at(*PHONE)
    pg.get_by_role("button", name="New game").click()
    pg.get_by_role("button", name="Unsettled: Blackout").click()
    pg.get_by_role("button", name=re.compile(r"options: 0 changed")).click()
    expect(pg.get_by_role("button", name="Hide the game options")).to_be_visible()
    scroll_to(pg, "e.scrollHeight")
    touch(pg, pg.get_by_role("button", name="Start"))
    expect(ident(pg, "map-name-shown")).to_contain_text("Example layout")
    pg.wait_for_timeout(800)
    in_view(pg, ident(pg, "status"))
    assert scroll_area(pg).evaluate("e => e.scrollTop") == 0

    # A rule picked near the end of a long list opens at its title.
    pg.get_by_role("tab", name="Rules").click()
    scroll_to(pg, "e.scrollHeight")
    last = pg.locator("[flt-semantics-identifier='rules-results'] [role='button']").last
    title = (last.get_attribute("aria-label") or last.text_content() or "").split("\n")[0].strip()
    touch(pg, last)
    expect(ident(pg, "section-title")).to_have_text(title)
    pg.wait_for_timeout(800)
    in_view(pg, ident(pg, "section-title"))


def test_a_rule_opened_from_a_game_returns_to_it_as_it_was(phone_at: Callable[[int, int], Any]) -> None:
    pg = phone_at(*PHONE)
    start_score_pad(pg, 8)
    scroll_to(pg, "e.scrollHeight")
    field = pg.get_by_role("textbox", name="Points").nth(7)
    type_into(pg, field, "17")
    pg.wait_for_timeout(500)
    before = in_view(pg, field)

    touch(pg, pg.get_by_role("button", name="Rules for this game"))
    expect(ident(pg, "section-title")).to_have_text("Score pad")
    in_view(pg, ident(pg, "section-title"))
    pg.get_by_role("button", name="Ending the game").click()  # a see-also link: still over the game
    expect(ident(pg, "section-title")).to_have_text("Ending the game")
    touch(pg, pg.get_by_role("button", name="Back to the game"))

    expect(ident(pg, "score-7")).to_have_text("0")
    pg.wait_for_timeout(800)
    assert in_view(pg, field)["y"] == before["y"], "the game opens where the player left it"
    field.click()  # Flutter shows a field's text to the page while it is being edited
    pg.wait_for_timeout(300)
    assert pg.evaluate("document.activeElement.value") == "17"
    touch(pg, pg.get_by_role("button", name="Add").nth(7))
    expect(ident(pg, "score-7")).to_have_text("17")
