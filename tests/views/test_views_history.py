"""The game screen's history: the newest lines at once, every line one tap away (views/history.py).

A long game's whole history on the screen made every tap slower to show (the browser draws each line again
on each frame of the tap), so the screen keeps the newest block and the one before it."""

from __future__ import annotations

import trackers  # noqa: F401  (registers every game)
from tests.views.harness import FakePage, open_page, run
from trackers.core.game import make_setup
from trackers.core.registry import get_game
from trackers.scorepad.actions import AddPoints
from trackers.services.storage import Store
from views.app import start


def _lines(page: FakePage) -> list[int]:
    """The numbers of the history lines on the screen."""
    numbers = [key.removeprefix("history-") for key in page.all_keys() if key.startswith("history-")]
    return [int(n) for n in numbers if n.isdigit()]


def _scorepad(store: Store, entries: int) -> str:
    scorepad = get_game("scorepad")
    game = store.create_game(scorepad, make_setup(scorepad, ("Ann", "Ben"), {}), 7)
    for n in range(entries):
        game.session.dispatch(AddPoints("Ann" if n % 2 == 0 else "Ben", 1))
    return game.id


def test_a_long_game_shows_its_newest_two_blocks_and_every_line_on_a_tap(store: Store) -> None:
    game = _scorepad(store, 37)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game}")
        assert sorted(_lines(page)) == list(range(21, 38)), "lines 31-37 and 21-30"
        assert page.identified("history-count") == "37 entries"
        assert page.identified("history-shown") == "The latest 17 of 37."
        await page.fire("history-all")
        assert sorted(_lines(page)) == list(range(1, 38))
        assert not page.has("history-shown")
        await page.fire("quick-0-1")
        assert sorted(_lines(page)) == list(range(1, 39)), "shown whole, it stays whole after an entry"
        await page.fire("history-all")
        assert sorted(_lines(page)) == list(range(21, 39))

    run(go())


def test_an_entry_that_fills_a_block_keeps_two_and_the_next_drops_the_oldest(store: Store) -> None:
    game = _scorepad(store, 19)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game}")
        assert sorted(_lines(page)) == list(range(1, 20))
        assert not page.has("history-all"), "nothing hidden, no button"
        await page.fire("quick-0-1")
        assert sorted(_lines(page)) == list(range(1, 21))
        await page.fire("quick-0-1")
        assert sorted(_lines(page)) == list(range(11, 22)), "block 1-10 goes as block 21- starts"
        assert page.identified("history-shown") == "The latest 11 of 21."
        await page.fire("history-undo")
        assert sorted(_lines(page)) == list(range(1, 21)), "an undo brings the older block back"

    run(go())
