"""The app shell without a browser: home, new game, scoring, refusal banner, undo, rules, settings."""

from __future__ import annotations

import flet as ft

import trackers  # noqa: F401
from tests.views.harness import FakePage, open_page, run
from trackers.services.storage import Store
from views.app import start


async def _new_scorepad(page: FakePage) -> None:
    await page.fire("new-game")
    await page.fire("pick-scorepad")
    await page.change("player-name-0", "Ann")
    await page.change("player-name-1", "Bob")
    await page.change("seed", "42")
    await page.fire("start-game")


def test_home_starts_empty_and_opens_new_game(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        assert "No games yet" in " ".join(page.texts())
        await page.fire("new-game")
        assert page.identified("player-count") == "2"
        await page.fire("players-more")
        assert page.identified("player-count") == "3"
        assert page.has("player-name-2")

    run(go())


def test_a_refused_set_up_is_said_as_a_sentence(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.fire("new-game")
        await page.fire("pick-scorepad")
        await page.change("player-name-0", "Bob")
        await page.change("player-name-1", "Bob")
        await page.fire("start-game")
        assert page.identified("new-game-problem") == "Two players have the same name."
        assert not page.has("new-game-fix") and store.list_games() == []

    run(go())


def test_scoring_refusal_links_its_rule_and_the_game_is_stored(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_scorepad(page)
        assert page.identified("status").startswith("Round 1")
        await page.fire("quick-0-5")
        assert page.identified("score-0") == "5"
        await page.fire("choose-first-Bob")
        assert "Bob to play" in page.identified("status")
        await page.fire("quick-1--1")
        assert page.identified("score-1") == "0"
        assert "below zero" in page.identified("notice-message")
        await page.fire("notice-rule")
        assert page.identified("section-title") == "Adding and taking away points"
        games = store.list_games()
        assert [g.players for g in games] == [("Ann", "Bob")]
        assert games[0].summary["scores"] == {"Ann": 5, "Bob": 0}

    run(go())


def test_a_typed_entry_that_is_not_a_number_is_refused(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_scorepad(page)
        await page.change("points-0", "three")
        await page.fire("add-0")
        assert "whole number" in page.identified("notice-message")
        await page.change("points-0", "-0")
        await page.fire("add-0")
        assert "record nothing" in page.identified("notice-message")
        await page.change("points-0", "12")
        await page.fire("add-0")
        assert page.identified("score-0") == "12"
        assert not page.has("notice")

    run(go())


def test_history_undo_redo_buttons(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_scorepad(page)
        await page.fire("quick-0-5")
        await page.fire("quick-0-1")
        assert page.identified("score-0") == "6"
        assert page.identified("history-count") == "2 entries"
        await page.fire("history-undo")
        assert page.identified("score-0") == "5"
        await page.fire("redo")
        assert page.identified("score-0") == "6"
        await page.fire("undo")
        await page.fire("undo")
        assert page.identified("score-0") == "0"

    run(go())


def test_resume_and_delete_from_home(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_scorepad(page)
        await page.fire("quick-1-5")
        await page.fire("close-game")
        game_id = store.list_games()[0].id
        await page.fire(f"resume-{game_id}")
        assert page.identified("score-1") == "5"
        await page.fire("close-game")
        await page.fire(f"delete-{game_id}")
        assert page.has("delete-confirm")
        await page.fire("cancel-delete")
        assert store.list_games() != []
        await page.fire(f"delete-{game_id}")
        await page.fire("confirm-delete")
        assert store.list_games() == []
        assert "No games yet" in " ".join(page.texts())

    run(go())


def test_rules_search_filters_and_opens_sections(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.change("nav", 1, prop="selected_index")
        assert page.has("browse-lantern/start")
        await page.change("rules-search", "und")
        assert page.has("hit-lantern/undo")
        await page.fire("rules-pack-scorepad")
        assert not page.has("hit-lantern/undo")
        await page.change("rules-search", "zzzzqqq")
        assert "Nothing matches" in page.identified("rules-empty")
        await page.fire("rules-pack-all")
        await page.change("rules-search", "undo")
        await page.fire("hit-lantern/undo")
        assert page.identified("section-title") != ""
        see_also = [k for k in page.all_keys() if k.startswith("see-")]
        assert see_also
        await page.fire(see_also[0])
        assert page.find("section") is not None
        await page.fire("rules-back")
        assert page.has("rules-search")

    run(go())


def test_settings_theme_is_saved_and_applied(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.change("nav", 2, prop="selected_index")
        assert page.identified("data-path") == str(store.path)
        await page.fire("theme-dark")
        assert store.get_setting("theme", "") == "dark"
        assert page.page.theme_mode == ft.ThemeMode.DARK
        assert page.identified("theme-current") == "Theme: dark"

    run(go())


def test_new_game_starts_on_the_game_played_last(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_scorepad(page)
        await page.fire("close-game")
        await page.fire("new-game")
        await page.fire("start-game")
        assert page.has("quick-0-5"), "Score pad again, without picking it"

    run(go())
