"""Journeys through the real app in Chromium: home, a scored game with refusal and undo, rules, theme."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.e2e.flutter import ident, type_into


def test_home_loads(page: Any) -> None:
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    expect(page.get_by_role("tab", name="Rules")).to_be_visible()
    expect(page.get_by_role("tab", name="Settings")).to_be_visible()


def test_score_a_game_see_a_refusal_and_undo(page: Any) -> None:
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Score pad").click()
    type_into(page, page.get_by_role("textbox", name="Player 1"), "Ann")
    type_into(page, page.get_by_role("textbox", name="Player 2"), "Bob")
    page.get_by_role("button", name="Start").click()
    expect(ident(page, "status")).to_contain_text("Round 1")
    page.get_by_role("button", name="+5").first.click()
    expect(ident(page, "score-0")).to_have_text("5")
    expect(ident(page, "scores")).to_contain_text("Ann: 5")
    page.get_by_role("button", name="-1").nth(1).click()
    expect(ident(page, "notice-message")).to_contain_text("below zero")
    expect(ident(page, "score-1")).to_have_text("0")
    page.get_by_role("button", name="Undo").last.click()
    expect(ident(page, "score-0")).to_have_text("0")
    page.get_by_role("button", name="Redo").last.click()
    expect(ident(page, "score-0")).to_have_text("5")


def test_a_score_button_answers_a_finger_and_the_keyboard_once_each(page: Any) -> None:
    """The quick point buttons draw no ripple for a finger (views/widgets.py `tally_tap`); the keyboard still
    reaches them."""
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Score pad").click()
    page.get_by_role("button", name="Start").click()
    page.get_by_role("button", name="+1").first.click()
    expect(ident(page, "score-0")).to_have_text("1")
    page.get_by_role("textbox", name="Points").first.click()
    page.keyboard.press("Shift+Tab")
    expect(page.locator(":focus")).to_have_text("+5")
    page.keyboard.press("Enter")
    expect(ident(page, "score-0")).to_have_text("6")
    page.keyboard.press("Space")
    expect(ident(page, "score-0")).to_have_text("11")
    expect(ident(page, "history-count")).to_have_text("3 entries")


def test_rules_search_finds_a_help_section(page: Any) -> None:
    page.get_by_role("tab", name="Rules").click()
    type_into(page, page.get_by_role("textbox", name="Search the rules"), "undo")
    hit = page.get_by_text("Undo and redo").first
    expect(hit).to_contain_text("Tap Undo")  # the search's hit, with its snippet (the whole list has none)
    hit.click()
    expect(ident(page, "section-title")).to_have_text("Undo and redo")


def test_settings_theme_toggle(page: Any) -> None:
    page.get_by_role("tab", name="Settings").click()
    expect(ident(page, "theme-current")).to_have_text("Theme: system")
    page.get_by_text("Dark", exact=True).click()
    expect(ident(page, "theme-current")).to_have_text("Theme: dark")
    page.get_by_text("Light", exact=True).click()
    expect(ident(page, "theme-current")).to_have_text("Theme: light")
