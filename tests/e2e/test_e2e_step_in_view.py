"""On a phone (412 x 915, a phone's user agent), the game screen follows the game: after an entry that moves
the game to a new step, the step's top is in view below the app bar without a swipe, and what Lantern drew,
rolled or played is in view where the player looks. One stored game per game, set up to the moment before
such an entry, opened from Home."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

import trackers  # noqa: F401  (registers every game)
from tests.ashes import play as ashes_play
from tests.blackout_hk.play import started as blackout_started
from tests.e2e.flutter import ident, open_phone, serve
from tests.hope_city.states import choose
from tests.infamous_traffic.play import started as traffic_started
from tests.infamous_traffic.play import step as traffic_step
from trackers.ashes import actions as aa
from trackers.core.game import make_setup
from trackers.core.registry import get_game
from trackers.core.session import Session
from trackers.datadir import DATABASE_NAME
from trackers.hope_city import actions as ha
from trackers.hope_city.state import COLOURS
from trackers.storage import Store
from trackers.unsettled import actions as ua

APP_BAR = 56
"""The app bar's height: the step comes into view below it."""
NAV_TOP = 80
"""The navigation bar's height: what is in view stands above it."""
SWIPE = 400
"""One swipe's scroll, in px."""


def _stored(store: Store, session: Session) -> str:
    """The session's entries as a stored game, which the app opens from Home."""
    game = store.create_game(session.module, session.setup, session.seed)
    for entry in session.history:
        assert game.session.dispatch(entry.action).ok
    return game.id


def _scorepad() -> Session:
    module = get_game("scorepad")
    return Session(module, make_setup(module, ("Ann", "Ben", "Cat", "Dee"), {}), 5)


def _hope_city() -> Session:
    """Citizens chosen, starting tokens drawn: the chaos card comes next."""
    module = get_game("hope-city")
    session = Session(module, make_setup(module, ("Ann", "Bob", "Cy", "Di"), {}), 7)
    assert session.dispatch(choose()).ok
    drawn = 0
    while session.state.stage == "tokens":
        assert session.dispatch(ha.DrawToken(COLOURS[drawn % 5])).ok
        drawn += 1
    return session


def _traffic() -> Session:
    """Played until the end of a round's turns: Lantern draws the event next."""
    session = traffic_started(players=3, seed=4)
    rng = random.Random(4)
    while session.state.stage != "events" or session.state.question is not None:
        assert traffic_step(session, rng)
    return session


def _ashes(until: type) -> Session:
    """A solo game with a catalogued rival deck, played until `until` is the next entry."""
    session = ashes_play.new_session(3, digital=True)
    rng = random.Random(3)
    while not any(isinstance(a, until) for a in ashes_play.candidates(session.state, rng)):
        assert ashes_play.step(session, rng) is not None
    return session


def _unsettled() -> Session:
    module = get_game("unsettled")
    session = Session(module, make_setup(module, ("Ann", "Bob"), {}), 3)
    for entry in (
        ua.ConfirmMap(),
        ua.PlaceExplorer("Ann", "Outside Front"),
        ua.PlaceExplorer("Bob", "Outside Rear"),
        ua.PlaceLuna("Laboratory"),
        ua.BeginPlay(),
    ):
        assert session.dispatch(entry).ok
    return session


@contextmanager
def _playing(browser: Any, pixel_7: dict[str, Any], tmp_path: Path, session: Session) -> Iterator[Any]:
    """The app on a data folder holding this one game, opened from Home on a phone."""
    store = Store(tmp_path / DATABASE_NAME)
    _stored(store, session)
    store.close()
    with serve(tmp_path, tmp_path) as url, open_phone(browser, pixel_7, url, 412, 915) as pg:
        pg.get_by_role("button", name="Resume").tap()
        expect(ident(pg, "bar-status")).to_be_visible()
        yield pg


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


def tap(pg: Any, target: Any) -> int:
    """Swipe until the target is on screen, then tap it: the swipes it took."""
    swipes = 0
    target.wait_for(state="attached")
    height = pg.viewport_size["height"]
    while True:
        box = target.bounding_box()
        if box is not None and box["y"] >= APP_BAR and box["y"] + box["height"] <= height - NAV_TOP:
            break
        assert swipes < 12, f"never came into view: {box}"
        pg.mouse.move(206, 400)
        pg.mouse.wheel(0, SWIPE if box is None or box["y"] > APP_BAR else -SWIPE)
        pg.wait_for_timeout(300)
        swipes += 1
    target.tap()
    return swipes


def test_score_pad_the_draw_and_a_new_round(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with _playing(browser, pixel_7, tmp_path, _scorepad()) as phone:
        tap(phone, phone.get_by_role("button", name="Draw first player"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "lantern-todo-0")).to_contain_text("starts the round")
        tap(phone, phone.get_by_role("button", name="End round"))
        in_view(phone, ident(phone, "score-0"))
        expect(ident(phone, "bar-status")).to_contain_text("Round 2")


def test_hope_city_the_turn_and_the_wage(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with _playing(browser, pixel_7, tmp_path, _hope_city()) as phone:
        tap(phone, phone.get_by_role("button", name="Put a chaos card in play"))
        in_view(phone, phone.get_by_text(re.compile(r"^The Mayor \(Ann\)'s turn$")))
        tap(phone, phone.get_by_role("button", name="Draw the Mayor's wage"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "lantern-todo-0")).to_contain_text("out of the bag")


def test_blackout_the_dice_rolled_and_planning(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with _playing(browser, pixel_7, tmp_path, blackout_started(players=2, seed=3)) as phone:
        tap(phone, phone.get_by_role("button", name="Lantern rolls"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "lantern-todo-0")).to_contain_text("Turn the resource dice")
        in_view(phone, ident(phone, "bhk-step"))


def test_infamous_traffic_the_event_drawn(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with _playing(browser, pixel_7, tmp_path, _traffic()) as phone:
        tap(phone, phone.get_by_role("button", name="Draw an event"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "lantern-todo-0")).to_contain_text("out of the event bag")


def test_ashes_the_survivors_drawn(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with _playing(browser, pixel_7, tmp_path, _ashes(aa.Emerge)) as phone:
        tap(phone, phone.get_by_role("button", name="Survivors emerge (the app draws)"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "lantern-todo-0")).to_contain_text("out of the bag")


def test_ashes_the_rival_card_drawn(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with _playing(browser, pixel_7, tmp_path, _ashes(aa.RevealRivalCard)) as phone:
        tap(phone, phone.get_by_role("button", name="Draw rival card"))
        in_view(phone, ident(phone, "rival-card"))


def test_unsettled_luna_pursues(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with _playing(browser, pixel_7, tmp_path, _unsettled()) as phone:
        tap(phone, phone.get_by_role("button", name="Roll for me"))
        in_view(phone, ident(phone, "lantern-did-0"))
