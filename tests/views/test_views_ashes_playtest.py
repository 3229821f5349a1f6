"""ASHES screens after play-testing: the rival's move in both deck modes, a rival build on a named space, the
emergence form's layout, names for unlabelled rival cards, the board form's links, red lines and construction
spaces, the achievement tiles of a 3-player game, turn-order rewards remembered between games, and the
rescue form saying what Lantern can and cannot check."""

from __future__ import annotations

import json
from typing import Any

import flet as ft

import trackers  # noqa: F401
from tests.views.harness import FakePage, open_page, run
from tests.views.test_views_ashes import _bag, _board_and_rival, _new_solo, _session, _taps, picked
from trackers.ashes.rival.card import MoveVehicle, Ordinal, RivalCard, SectorParameter
from trackers.ashes.rival.deck import deck_pack
from trackers.services.storage import Store
from views.app import start


async def _to_the_rival(page: FakePage) -> None:
    """A solo game set up (sectors of 2, 2, 1 and 1 areas), survivors out, Ann passed: the rival plays."""
    await _new_solo(page)
    await _board_and_rival(page)
    await page.fire("setup-emerge")
    await page.fire("open-pass")
    await page.fire("pass-go")


# The rival's move (13.8.4)


def test_a_rival_move_entered_by_hand_asks_for_the_area_and_moves_the_vehicle(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_the_rival(page)
        await page.fire("card-main13-move_vehicle")
        assert page.identified("rival-question") == (
            "Sector 1, counting from the bottom: how many areas whose tile shows its main side?"
        )
        await page.fire("rival-cases-2")
        assert page.identified("rival-follow-up") == (
            "Count to the 1st area whose tile shows its main side from the bottom: which area is it?"
        )
        await page.fire("rival-area-1-2")
        await page.fire("rival-turn")
        state = _session(store).state
        assert state.rival_vehicle == "1-2"
        assert state.rival is not None and state.rival.vp == 20, "no direct score: the rival moved"

    run(go())


def test_a_rival_move_drawn_from_the_deck_asks_for_the_area_too(store: Store) -> None:
    async def go() -> None:
        moves = tuple(
            RivalCard(
                f"M{n}",
                None,
                MoveVehicle(),
                MoveVehicle(),
                None,
                Ordinal.FROM_TOP,
                n,
                SectorParameter.THIS_ROUND,
            )
            for n in (1, 2)
        )
        store.save_pack(deck_pack("My rival deck", moves))
        page = await open_page(start, store)
        await _new_solo(page)
        await _board_and_rival(page)
        await page.fire("use-rival-deck-My rival deck")
        await page.fire("setup-emerge")
        await page.fire("open-pass")
        await page.fire("pass-go")
        await page.fire("rival-draw")
        await page.fire("rival-cases-2")
        assert "which area is it?" in page.identified("rival-follow-up")
        await page.fire("rival-area-1-1")
        await page.fire("rival-turn")
        assert _session(store).state.rival_vehicle == "1-1"

    run(go())


def test_a_rival_build_asks_for_its_construction_space_when_the_board_lists_them(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        await _board_with_ways(page)
        await page.fire("use-board")
        await _rival(page)
        await page.fire("setup-emerge")
        await page.fire("open-pass")
        await page.fire("pass-go")
        await page.fire("card-main13-build:1")
        assert picked(page, "rival-cases") == ["1"], "the one free space the board lists in sector 1"
        await page.fire("rival-turn")
        assert (
            page.identified("notice-message")
            == "Name the construction space of sector 1 the rival builds on."
        )
        await page.fire("rival-space-C1-1")
        await page.fire("rival-turn")
        assert _session(store).state.rival_shelters == ("C1-1",)

    run(go())


# The emergence form (a screen bug)


def _expanding_in_wrapping_rows(page: FakePage) -> list[str]:
    """Children that ask to expand inside a Row that wraps: Flutter cannot lay them out (a grey box, and what
    follows pushed far down the page)."""
    found = []
    for control in page.controls():
        if not (isinstance(control, ft.Row) and control.wrap):
            continue
        for child in control.controls:
            inner: Any = child
            while isinstance(inner, ft.Semantics) and inner.content is not None:
                inner = inner.content
            if getattr(inner, "expand", None):
                found.append(f"{type(inner).__name__} {getattr(inner, 'value', '')!r}")
    return found


def test_survivors_drawn_at_the_table_are_entered_on_a_form_that_lays_out(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        await _board_and_rival(page)
        await page.fire("emerge-enter")
        assert page.has("emerge-drawn")
        assert _expanding_in_wrapping_rows(page) == []
        before = _bag(page)
        await page.fire("emerge-1-1-1")
        await page.fire("emerge-drawn")
        assert _bag(page) == (before[0] - 3, before[1] - 1), "2 on each bag-icon area, 1 of them essential"

    run(go())


# Names for rival cards entered without a label


def test_unlabelled_rival_cards_never_share_a_name_and_keep_theirs_when_seen_again(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_the_rival(page)
        await page.fire("card-numeric-2")
        await page.fire("rival-turn")  # no case counted: the direct score; no arrow, so the rival plays on
        await page.fire("card-numeric-3")
        await page.fire("rival-turn")
        await page.fire("card-numeric-2")  # the first card again
        await page.fire("card-whole")
        assert "Label (empty: Card 1)" in [
            c.label for c in page.controls() if isinstance(c, ft.TextField) and c.label
        ]
        await page.fire("rival-turn")
        texts = [e.text for e in _session(store).history if e.text.startswith("Rival plays")]
        assert texts == ["Rival plays card Card 1", "Rival plays card Card 2", "Rival plays card Card 1"]

    run(go())


# The board form: links, red lines, construction spaces


async def _board_with_ways(page: FakePage) -> None:
    """Sectors 1 and 2 with two areas and one area; the shelter touches 1-1, 1-1 touches 1-2 across a red
    line and 2-1, 1-2 touches 2-1; one construction space in sector 1 touches 1-2 and 2-1."""
    for sector, areas in ((1, 2), (2, 1)):
        await _taps(page, f"board-areas-{sector}-plus", areas)
    await page.fire("board-bag-1-1")
    for track in ("fuel", "data", "strength"):
        await _taps(page, f"board-top-{track}-plus", 4)
    await page.fire("board-ways-open")
    await page.fire("ways-from-Shelter")
    await page.fire("ways-to-1-1")
    await page.fire("ways-from-1-1")
    await _taps(page, "ways-to-1-2", 2)
    await page.fire("ways-to-2-1")
    await page.fire("ways-from-1-2")
    await page.fire("ways-to-2-1")
    await page.fire("board-spaces-1-plus")
    await page.fire("space-at-C1-1")
    await page.fire("space-touches-1-2")
    await page.fire("space-touches-2-1")


async def _rival(page: FakePage) -> None:
    await _taps(page, "rival-track-plus", 4)
    await _taps(page, "rival-direct-plus", 4)
    await _taps(page, "rival-discs-plus", 7)
    for tile in range(10):
        await _taps(page, f"rival-upgrade-{tile}", 1)
    await page.fire("set-rival")


def test_the_board_form_takes_links_red_lines_and_construction_spaces(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        await _board_with_ways(page)
        assert page.identified("board-ways") == (
            "4 link(s), 1 red line(s), 1 construction space(s), 1 with their areas"
        )
        await page.change("board-name", "Kitchen table")
        await page.fire("save-board")
        await page.fire("use-board")
        board = _session(store).state.board
        assert board is not None
        assert board.links == (("1-1", "1-2"), ("1-1", "2-1"), ("1-1", "Shelter"), ("1-2", "2-1"))
        assert board.red_lines == (("1-1", "1-2"),)
        assert board.touching("C1-1") == ("1-2", "2-1")
        (pack,) = store.list_packs("ashes.board")
        assert pack.data["construction_spaces"] == [
            {"id": "C1-1", "sector": 1, "landmark": False, "areas": ["1-2", "2-1"]}
        ]
        remembered = json.loads(store.get_setting("ashes.quick_board", "{}"))
        assert remembered["red_lines"] == ["1-1|1-2"] and remembered["spaces1"] == 1

    run(go())


# The achievement tiles of a 3-player game (3.1)


def test_three_players_lay_the_achievement_tiles_before_the_survivors_emerge(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.fire("new-game")
        await page.fire("pick-ashes")
        await page.fire("players-more")
        for i, name in enumerate(("Ann", "Bob", "Cy")):
            await page.change(f"player-name-{i}", name)
        await page.fire("start-game")
        await page.fire("board-areas-1-plus")
        for track in ("fuel", "data", "strength"):
            await _taps(page, f"board-top-{track}-plus", 2)
        await page.fire("use-board")
        assert page.identified("next-step") == "Lay the achievement tiles: two of the three show 2 spaces."
        assert page.identified("setup-emerge-blocked") == (
            "Lay the achievement tiles first: with 3 players, two of them show 2 spaces."
        )
        await page.fire("tiles-single-1")
        assert page.identified("achievement-tiles") == (
            "Achievement tiles: dark blue 2, light blue 1, pink 2 space(s)"
        )
        assert _session(store).state.claim_room == (2, 1, 2)

    run(go())


# Turn-order rewards remembered between games


def test_turn_order_rewards_are_remembered_for_the_next_game(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        await page.change("turn-reward-top-2", "fuel 1")
        await _board_and_rival(page)
        await page.fire("close-game")
        await _new_solo(page)
        assert page.find("turn-reward-top-2").value == "fuel 1"
        await page.fire("use-board")
        state = _session(store).state
        assert any(reward for _, reward in state.rounds.rewards)

    run(go())


# The rescue form (9.2)


def test_the_rescue_form_says_which_areas_are_next_to_your_shelters(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        await _board_with_ways(page)
        await page.fire("use-board")
        await _rival(page)
        await page.fire("setup-emerge")
        await page.fire("open-rescue")
        assert page.identified("rescue-reach") == "Next to your shelters: 1-1."

    run(go())
