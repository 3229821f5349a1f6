"""Closing a game while any of its screens shows: every component on that screen must still render once the
game is gone, because the update scheduler may render a component before the parent that drops it.

One that raised instead (Unsettled's LUNA card, reading the closed game's history) stopped the session's
update scheduler: the screen froze on the game, and every later tap reached the server but changed nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

import trackers  # noqa: F401
from tests.views.harness import FakePage, open_page, run
from tests.views.test_views_ashes import _board_and_rival, _new_solo, _play_to_final_scoring
from tests.views.test_views_patterns import _score_pad
from tests.views.test_views_unsettled import _new_unsettled
from trackers.services.storage import Store
from views.app import start
from views.model import AppModel


def unrendered_once_closed(page: FakePage) -> list[str]:
    """Each component on screen that raises when rendered on its own with the game closed, deepest first
    (a parent rendered first would drop its children and hide what they do)."""
    components = page.components()
    model = next(a for c in components for a in c.args if isinstance(a, AppModel))
    game = model.game
    assert game is not None
    object.__setattr__(model, "game", None)  # closed, without telling anyone: no component re-renders yet
    problems = []
    try:
        for component in reversed(components):
            try:
                page.rerender(component)
            except Exception as error:  # every failure is the finding
                problems.append(f"{component.fn.__name__}: {error!r}")
    finally:
        object.__setattr__(model, "game", game)
    return problems


Steps = Callable[[FakePage], Awaitable[None]]


async def _unsettled_play(page: FakePage) -> None:
    await _new_unsettled(page)
    await page.fire("confirm-map")
    await page.fire("cell-0-2")  # Player 1 on Outside Front
    await page.fire("placing-LUNA")
    await page.fire("cell-5-3")  # LUNA outside, at the rear
    await page.fire("begin-play")


async def _unsettled_pursuit(page: FakePage) -> None:
    await _unsettled_play(page)
    await page.fire("cell-1-2")  # into unpowered Navigation: a clumsiness check
    await page.fire("clumsy-fail")
    await page.change("luna-roll", "4")
    await page.fire("luna-step-mode")


async def _ashes_set_up(page: FakePage) -> None:
    await _new_solo(page)


async def _ashes_rival(page: FakePage) -> None:
    await _new_solo(page)
    await _board_and_rival(page)
    await page.fire("setup-emerge")
    await page.fire("open-pass")
    await page.fire("pass-go")


async def _ashes_board(page: FakePage) -> None:
    await _ashes_rival(page)
    await page.fire("ashes-view-board")


async def _ashes_score_sheet(page: FakePage) -> None:
    await _new_solo(page)
    await _board_and_rival(page)
    await _play_to_final_scoring(page)


async def _score_pad_game_over(page: FakePage) -> None:
    await _score_pad(page)
    await page.fire("end-game")


SCREENS: dict[str, tuple[Steps, str]] = {
    "score pad": (_score_pad_game_over, "end-round-column"),
    "unsettled map": (_new_unsettled, "confirm-map"),
    "unsettled play": (_unsettled_play, "luna-turn"),
    "unsettled pursuit": (_unsettled_pursuit, "luna-next"),
    "ashes set-up": (_ashes_set_up, "use-board"),
    "ashes rival": (_ashes_rival, "rival-facts"),
    "ashes board": (_ashes_board, "ashes-view-board"),
    "ashes score sheet": (_ashes_score_sheet, "finish-game"),
}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_component_of_a_game_screen_renders_once_the_game_is_closed(store: Store, screen: str) -> None:
    steps, shown = SCREENS[screen]

    async def go() -> None:
        page = await open_page(start, store)
        await steps(page)
        assert page.has(shown) or page.has(f"{shown}-column")
        assert unrendered_once_closed(page) == []
        assert page.has("new-game"), "the shell, rendered last, shows Home once the game is closed"

    run(go())
