"""The physical rival card on one phone screen: a row of chips per symbol and per count (no stepper), the rows
this turn's action does not read left out, and the last card's values as the next card's start."""

from __future__ import annotations

import flet as ft

import trackers  # noqa: F401
from tests.views.harness import FakePage, open_page, run
from tests.views.test_views_ashes import _session, picked
from tests.views.test_views_ashes_playtest import _to_the_rival
from trackers.ashes import actions as aa
from trackers.services.storage import Store
from views.app import start
from views.widgets import TOUCH

CARD_ROWS = ("card-arrow", "card-main13", "card-sector", "card-ordinal", "card-numeric", "card-secondary")


def chips(page: FakePage, row: str) -> dict[str, str]:
    """A row's chips: value to the text shown."""
    return {
        str(c.key).removeprefix(f"{row}-"): str(c.content)
        for c in page.controls()
        if isinstance(c, ft.FilledButton | ft.OutlinedButton) and str(c.key).startswith(f"{row}-")
    }


def test_the_card_form_shows_the_rows_this_turns_action_reads(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_the_rival(page)
        assert all(page.has(row) for row in CARD_ROWS), "a build (the blank card) reads every symbol"
        hidden = ("card-main2", "card-label", "save-rival-card")
        assert not any(page.has(key) for key in hidden), "the vehicle's row plays the rounds 1 and 3 action"
        await page.fire("card-main13-install:pink")
        assert not page.has("card-sector"), "an install ignores the sector"
        assert page.has("card-ordinal") and page.has("card-numeric")
        await page.fire("rival-cases-1")
        assert page.has("rival-level") and not page.has("rival-area") and not page.has("rival-space")
        await page.fire("card-main13-rescue")
        assert page.has("card-sector") and page.has("rival-area") and not page.has("rival-level")
        await page.fire("card-whole")
        assert all(page.has(key) for key in hidden), "the rest of the card, one tap away"
        await page.fire("card-main2-install:dark_blue")
        await page.fire("card-whole")
        assert not page.has("card-main2")
        await page.fire("rival-turn")
        turn = _session(store).history[-1].action
        assert isinstance(turn, aa.RivalTurn)
        assert (turn.rounds_1_and_3, turn.round_2) == ("rescue", "install:dark_blue")

    run(go())


def test_counts_are_one_row_of_chips_bounded_by_the_board(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_the_rival(page)
        await page.fire("card-main13-rescue")
        assert chips(page, "rival-cases") == {"0": "0", "1": "1", "2": "2"}, "sector 1 has two areas"
        assert not page.has("rival-cases-plus"), "no stepper"
        await page.fire("card-main13-install:pink")
        assert list(chips(page, "rival-cases")) == [str(n) for n in range(10)]
        assert chips(page, "rival-cases")["9"] == "9+", "from 9 cases on, every count picks the card's number"
        await page.fire("card-numeric-3")
        await page.fire("rival-cases-9")
        assert page.identified("rival-follow-up").startswith("Count to the 3rd space without an upgrade")
        await page.fire("rival-cases-2")
        assert page.identified("rival-follow-up").startswith("Count to the 1st space without an upgrade")
        numbers = [c for c in page.controls() if str(getattr(c, "key", "")).startswith("card-numeric-")]
        assert len(numbers) == 9 and all(c.width == TOUCH for c in numbers), "a number is a 48 px square"

    run(go())


def test_the_next_card_starts_from_the_last_cards_values(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_the_rival(page)
        for chip in (
            "card-arrow-orange",
            "card-main13-move_vehicle",
            "card-sector-next_sector",
            "card-ordinal-from_top",
            "card-numeric-4",
            "card-secondary-discard_missions",
            "rival-cases-2",
            "rival-area-2-2",
        ):
            await page.fire(chip)
        await page.fire("rival-turn")
        assert _session(store).state.rival_vehicle == "2-2"
        last = {
            "card-arrow": ["orange"],
            "card-main13": ["move_vehicle"],
            "card-sector": ["next_sector"],
            "card-ordinal": ["from_top"],
            "card-numeric": ["4"],
            "card-secondary": ["discard_missions"],
        }
        assert {row: picked(page, row) for row in last} == last, "the rival plays on from the card it played"
        assert picked(page, "rival-cases") == ["0"] and picked(page, "rival-area") == [], "a new answer"
        await page.fire("ashes-view-board")
        await page.fire("ashes-view-rival")
        assert {row: picked(page, row) for row in last} == last, "and so does a form shown anew"

    run(go())
