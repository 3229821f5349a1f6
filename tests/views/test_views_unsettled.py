"""Unsettled screens without a browser: options at setup, saved maps, setup, chaos and clumsiness."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import trackers  # noqa: F401
from tests.views.harness import FakePage, open_page, run
from trackers.storage import Store
from views.app import start


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "lantern.sqlite3")
    yield s
    s.close()


async def _new_unsettled(page: FakePage, **options: str) -> None:
    await page.fire("new-game")
    await page.fire("pick-unsettled")
    await page.fire("players-fewer")
    if options:
        await page.fire("show-options")
    for key, value in options.items():
        await page.change(f"option-{key}", value)
    await page.fire("start-game")


def test_a_saved_map_is_offered_to_the_next_game(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_unsettled(page)
        await page.fire("cell-0-2")  # Outside Front ...
        await page.fire("cell-0-3")  # ... to another cell
        await page.change("map-name", "Our kitchen table")
        await page.fire("save-map")
        assert [p.name for p in store.list_packs("unsettled.map")] == ["Our kitchen table"]
        assert "Saved" in page.identified("notice-message")
        await page.fire("close-game")
        await _new_unsettled(page)
        assert "Example layout" in page.identified("map-name-shown")
        await page.fire("load-map-Our kitchen table")
        assert page.identified("map-name-shown") == "Our kitchen table"

    run(go())


def test_setup_then_a_chaos_trigger_on_the_first_timeline_space(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_unsettled(page, chaos_at="1")
        await page.fire("confirm-map")
        await page.fire("begin-play")
        assert "Place Player 1" in page.identified("notice-message")
        await page.fire("cell-5-2")  # Player 1 on Engine Control
        await page.fire("placing-LUNA")
        await page.fire("cell-1-2")  # LUNA on Navigation
        await page.fire("begin-play")
        assert page.identified("ire") == "Ire 0"
        await page.fire("advance-timeline")
        assert page.has("pending-chaos")
        assert not page.has("luna-turn"), "LUNA waits until the chaos is resolved"
        await page.fire("cell-4-2")
        assert "causes chaos" in page.identified("notice-message")
        await page.fire("chaos-2")
        assert not page.has("pending-chaos")
        assert "side B" in page.identified("timeline")

    run(go())


def test_entering_an_unpowered_room_asks_for_the_clumsiness_check(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_unsettled(page)
        await page.fire("confirm-map")
        await page.fire("cell-2-2")  # Player 1 on Upper Corridor
        await page.fire("placing-LUNA")
        await page.fire("cell-5-3")  # LUNA outside, at the rear
        await page.fire("begin-play")
        await page.fire("cell-1-2")  # move to Navigation, unpowered
        assert page.has("pending-clumsiness")
        await page.fire("clumsy-fail")
        assert page.identified("ire") == "Ire 1"
        assert "Navigation" in page.identified("explorer-0")

    run(go())


def test_tap_modes_barricade_and_clear_a_path(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_unsettled(page)
        await page.fire("confirm-map")
        await page.fire("cell-5-3")  # Player 1 on Outside Rear
        await page.fire("placing-LUNA")
        await page.fire("cell-0-2")  # LUNA on Outside Front
        await page.fire("begin-play")
        await page.fire("mode-Barricade")
        await page.fire("cell-4-3")
        await page.fire("cell-4-3")
        assert "Inorganic–Out rear: 2 obstacles" in page.texts()
        await page.fire("mode-Clear")
        await page.fire("cell-4-3")
        assert not any("obstacle" in t for t in page.texts() if "–" in t)
        await page.fire("mode-Move")
        await page.fire("cell-0-2")
        assert "not adjacent" in page.identified("notice-message")

    run(go())


def test_a_choice_option_set_at_setup_changes_the_clumsiness_check(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.fire("new-game")
        await page.fire("pick-unsettled")
        await page.fire("players-fewer")
        assert page.has("show-options")
        assert not page.has("option-clumsy_faces"), "a game with many options starts with them folded"
        await page.fire("show-options")
        assert "The printed icon cannot be read from the text" in " ".join(page.texts())
        await page.fire("option-clumsy_faces-1-2")
        await page.fire("start-game")
        await page.fire("confirm-map")
        await page.fire("cell-2-2")  # Player 1 on Upper Corridor
        await page.fire("placing-LUNA")
        await page.fire("cell-5-3")
        await page.fire("begin-play")
        await page.fire("cell-1-2")  # into unpowered Navigation
        assert not page.has("clumsy-fail"), "with faces set, the check is a roll, not a question"
        await page.fire("clumsy-3")
        assert page.identified("ire") == "Ire 0"
        await page.fire("cell-2-2")
        await page.fire("clumsy-2")
        assert page.identified("ire") == "Ire 1"

    run(go())
