"""On a phone (412 x 915, a phone's user agent), the game screen follows the game: after an entry that moves
the game to a new step, the step's top is in view below the app bar without a swipe, and what Lantern drew,
rolled or played is in view where the player looks. One stored game per game, set up to the moment before
such an entry, opened from Home."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

import trackers  # noqa: F401  (registers every game)
from tests.blackout_hk.play import started as blackout_started
from tests.e2e.flutter import APP_BAR, NAV_TOP, ident, playing, tap
from tests.moments import ashes_until, hope_city_at_chaos, scorepad_game, traffic_at_events
from tests.unsettled.fixtures import in_play
from trackers.ashes import actions as aa


def in_view(pg: Any, target: Any, within_ms: int = 5000) -> None:
    """The target's top comes on screen below the app bar and above the navigation bar by itself (the screen
    scrolls a moment after the entry's result): seen without a swipe."""
    target.wait_for(state="visible")
    bottom = pg.viewport_size["height"] - NAV_TOP
    box = None
    for _ in range(within_ms // 100):
        box = target.bounding_box()
        if box is not None and box["y"] >= APP_BAR - 1 and box["y"] + min(box["height"], 40) <= bottom:
            return
        pg.wait_for_timeout(100)
    raise AssertionError(f"not in view: {box}")


def test_score_pad_the_draw_and_a_new_round(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with playing(browser, pixel_7, tmp_path, scorepad_game()) as phone:
        tap(phone, phone.get_by_role("button", name="Draw first player"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "lantern-todo-0")).to_contain_text("starts the round")
        tap(phone, phone.get_by_role("button", name="End round"))
        in_view(phone, ident(phone, "score-0"))
        expect(ident(phone, "bar-status")).to_contain_text("Round 2")


def test_hope_city_the_turn_the_wage_and_the_attack(
    browser: Any, pixel_7: dict[str, Any], tmp_path: Path
) -> None:
    with playing(browser, pixel_7, tmp_path, hope_city_at_chaos()) as phone:
        tap(phone, phone.get_by_role("button", name="Put a chaos card in play"))
        in_view(phone, phone.get_by_text(re.compile(r"^The Mayor \(Ann\)'s turn$")))
        tap(phone, phone.get_by_role("button", name="Draw the Mayor's wage"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "lantern-todo-0")).to_contain_text("out of the bag")
        # Into a space the PUNKS hold: Lantern rolls their attack, and the roll shows where the player looks.
        tap(phone, ident(phone, "hc-open").get_by_role("button", name="Move", exact=True))
        tap(phone, phone.get_by_role("button", name=re.compile(r"^\w+: (Big )?Punk")).first)
        tap(phone, phone.get_by_role("button", name="Roll for me"))
        expect(ident(phone, "lantern-did-0")).to_contain_text("PUNK attack on")
        in_view(phone, ident(phone, "lantern-did-0"))


def test_blackout_the_dice_rolled_and_planning(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with playing(browser, pixel_7, tmp_path, blackout_started(players=2, seed=3)) as phone:
        tap(phone, phone.get_by_role("button", name="Lantern rolls"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "lantern-todo-0")).to_contain_text("Turn the resource dice")
        in_view(phone, ident(phone, "bhk-step"))


def test_infamous_traffic_the_event_drawn(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with playing(browser, pixel_7, tmp_path, traffic_at_events()) as phone:
        tap(phone, phone.get_by_role("button", name="Draw an event"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "lantern-todo-0")).to_contain_text("out of the event bag")


def test_ashes_the_survivors_drawn(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with playing(browser, pixel_7, tmp_path, ashes_until(aa.Emerge)) as phone:
        tap(phone, phone.get_by_role("button", name="Survivors emerge (the app draws)"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "lantern-todo-0")).to_contain_text("out of the bag")


def test_ashes_the_rival_card_drawn(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with playing(browser, pixel_7, tmp_path, ashes_until(aa.RevealRivalCard)) as phone:
        tap(phone, phone.get_by_role("button", name="Draw rival card"))
        in_view(phone, ident(phone, "rival-card"))


def test_unsettled_luna_pursues(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with playing(browser, pixel_7, tmp_path, in_play()) as phone:
        tap(phone, phone.get_by_role("button", name="Roll for me"))
        in_view(phone, ident(phone, "lantern-did-0"))
