"""The step the table is at comes into view when the game moves on, with what Lantern drew at its top."""

from __future__ import annotations

import asyncio

import pytest

import trackers  # noqa: F401  (registers every game)
from tests.contract import players_for
from tests.moments import ashes_until
from tests.views.harness import FakePage, open_page, run
from trackers.ashes.actions import Emerge
from trackers.core.game import make_setup
from trackers.core.registry import games, get_game
from trackers.scorepad.actions import EndRound
from trackers.services.storage import Store
from views.app import start
from views.step import FOLLOW_DELAY_S, STEP

PLAYERS = ("Ann", "Ben")


async def _scorepad(store: Store) -> FakePage:
    scorepad = get_game("scorepad")
    game = store.create_game(scorepad, make_setup(scorepad, PLAYERS, {}), 7)
    page = await open_page(start, store)
    await page.fire(f"resume-{game.id}")
    return page


async def _after_follow() -> None:
    await asyncio.sleep(FOLLOW_DELAY_S + 0.05)


def test_a_new_step_scrolls_to_it_and_an_entry_within_it_does_not(store: Store) -> None:
    async def go() -> None:
        page = await _scorepad(store)
        assert page.has(STEP)
        await _after_follow()
        assert page.scrolled_to_key(STEP) == 0, "opening a game keeps it at its top"
        await page.fire("quick-0-1")
        await _after_follow()
        assert page.scrolled_to_key(STEP) == 0, "a point is not a new step"
        await page.fire("end-round")
        await _after_follow()
        assert page.scrolled_to_key(STEP) == 1
        await page.fire("undo")
        await _after_follow()
        assert page.scrolled_to_key(STEP) == 2, "an undo back to the round before is a new step too"

    run(go())


def test_a_game_under_way_opens_at_its_step(store: Store) -> None:
    scorepad = get_game("scorepad")
    game = store.create_game(scorepad, make_setup(scorepad, PLAYERS, {}), 7)
    assert game.session.dispatch(EndRound()).ok

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        await _after_follow()
        assert page.scrolled_to_key(STEP) == 1

    run(go())


def test_what_lantern_drew_stands_at_the_step_until_the_next_entry(store: Store) -> None:
    async def go() -> None:
        page = await _scorepad(store)
        assert not page.has("lantern-did")
        await page.fire("draw-first")
        await _after_follow()
        first = next(p for p in PLAYERS if page.identified("lantern-did-0") == f"{p} goes first")
        assert page.identified("lantern-todo-0") == f"{first} starts the round."
        assert page.scrolled_to_key(STEP) == 1, "what Lantern drew is brought into view"
        await page.fire("quick-1-1")
        assert not page.has("lantern-did")
        other = next(p for p in PLAYERS if p != first)
        await page.fire(f"choose-first-{other}")
        assert page.identified("status").endswith(f"{other} to play")
        assert not page.has("lantern-did"), "what the table chose itself is not told back"

    run(go())


@pytest.mark.parametrize("gid", sorted(g.id for g in games()))
def test_every_game_opens_with_one_step_top(store: Store, gid: str) -> None:
    module = get_game(gid)
    game = store.create_game(module, make_setup(module, players_for(module), {}), 3)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        assert sum(1 for c in page.controls() if str(getattr(c.key, "value", c.key)) == STEP) == 1

    run(go())


def test_notes_sharing_what_to_do_say_it_once_under_them(store: Store) -> None:
    """Survivors emerge in two areas, each to be taken out of the bag: the two lines, then the one thing to
    do with them (a rival's turn of nine steps said "Do this for the rival on the board" nine times, and
    pushed the next player's turn below the phone's screen)."""
    session = ashes_until(Emerge)
    game = store.create_game(session.module, session.setup, session.seed)
    for entry in session.history:
        assert game.session.dispatch(entry.action).ok

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        await page.fire("setup-emerge")
        assert page.identified("lantern-did-0") == "S1a: 1 active, 1 essential"
        assert page.identified("lantern-did-1") == "S2a: 2 active"
        todo = "Take these survivors out of the bag and stand them on that area."
        assert page.identified("lantern-todo-0") == todo
        texts = page.texts()
        assert texts.count(todo) == 1, "said once"
        assert texts.index(todo) > texts.index("S2a: 2 active"), "under both lines"

    run(go())
