"""An entry re-renders what it changed and keeps the rest (Kit v2 point 8): the parts of a screen whose values
the entry left as they were are the very same controls afterwards, so nothing of them is rebuilt, diffed or
sent. A part given the whole state again (rather than the values it shows) fails these."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flet.components.component import Component

import trackers  # noqa: F401  (registers every game)
from tests.ashes.play import step
from tests.views.harness import FakePage, open_page, run
from trackers.ashes.game import ASHES
from trackers.core.game import make_setup
from trackers.core.registry import get_game
from trackers.services.storage import Store
from views.app import start

PLAYERS = ("Ann", "Ben", "Cat")


@contextmanager
def _renders() -> Iterator[list[str]]:
    """The names of the components rendered meanwhile, in order."""
    names: list[str] = []
    update = Component.update

    def counted(component: Any) -> None:
        names.append(component.fn.__name__)
        update(component)

    Component.update = counted  # type: ignore[method-assign]
    try:
        yield names
    finally:
        Component.update = update  # type: ignore[method-assign]


def _find(page: FakePage, name: str) -> Any:
    """The node tagged `name`, or else the control keyed `name`."""
    try:
        return page.tagged(name)
    except LookupError:
        return page.find(name)


def _parts(page: FakePage, names: list[str]) -> dict[str, Any]:
    return {name: _find(page, name) for name in names}


def _same(before: dict[str, Any], page: FakePage) -> list[str]:
    """The parts still shown by the very controls shown before."""
    return [name for name, control in before.items() if _find(page, name) is control]


def test_a_point_on_the_score_pad_rebuilds_that_score_and_its_chip_alone(store: Store) -> None:
    scorepad = get_game("scorepad")
    game = store.create_game(scorepad, make_setup(scorepad, PLAYERS, {}), 7)
    kept = [
        "status-header",
        "player-0",
        "player-1",
        "player-2",
        "score-1",
        "scores",
        "close-game",
        "status",
        "next-step",
        "quick-0-1",
        "points-0",
    ]

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        before = _parts(page, [*kept, "score-0"])
        with _renders() as rendered:
            await page.fire("quick-0-1")
        assert sorted(rendered) == ["History", "Score", "ScoreChip", "UndoRedo"]
        assert page.identified("score-0") == "1"
        assert _same(before, page) == kept, "only Ann's score (and her chip inside the scores line) are new"
        await page.fire("history-undo")
        assert page.identified("score-0") == "0", "an undo is followed too"

    run(go())


def test_a_count_on_an_ashes_board_rebuilds_that_count_alone(store: Store) -> None:
    game = store.create_game(ASHES, make_setup(ASHES, PLAYERS, {}), 7)
    session = game.session
    table = random.Random(7)
    turn = 0
    while not (len(session.history) > 40 and ASHES.summary(session.state).turn in PLAYERS):
        assert step(session, table, turn) is not None, "the seeded table plays on"
        turn += 1
    assert not session.state.rounds.setup_left, "past set-up: a player's board is shown"
    kept = [
        "ashes-view",
        "bag-card",
        "steppers",
        "vehicle",
        "turn-card",
        "actions-card",
        "more-card",
        "status-header",
        "adj-vp-row",
        "adj-fuel-row",
        "adj-fuel-plus",
    ]

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        before = _parts(page, [*kept, "adj-fuel"])
        fuel = int(page.identified("adj-fuel"))
        with _renders() as rendered:
            await page.fire("adj-fuel-plus")
        assert page.identified("adj-fuel") == str(fuel + 1)
        assert _same(before, page) == kept, "only the fuel count is new: its row and buttons stay"
        assert sorted(rendered) == ["Count", "History", "UndoRedo"], "the cards around it do not even render"
        before = _parts(page, kept)
        await page.fire("open-move")  # a form opened shows its card anew, and nothing else
        assert page.has("move-go")
        assert _same(before, page) == [name for name in kept if name != "turn-card"]

    run(go())
