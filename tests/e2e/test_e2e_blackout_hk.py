"""Blackout: Hong Kong in the browser: a solo campaign's first round through all eight phases entered on the
Round screen, a refused placement with its rule, undo; then a stored chapter's final count, the chapter's
result in the campaign log, and the chapter played again with the log carried over."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.e2e.flutter import ident, open_page, serve, type_into
from tests.views.test_views_blackout_hk import solo_at_final
from trackers.services.storage import Store


def _chip(page: Any, row: str, name: str) -> Any:
    return ident(page, row).get_by_role("button", name=name, exact=True)


def _button(page: Any, name: str, *, exact: bool = True) -> Any:
    return page.get_by_role("button", name=name, exact=exact)


def _tap(page: Any, name: str, times: int = 1) -> None:
    """A tap on the button named `name`; an icon button (a stepper's, say) is named by its label within."""
    icon = name.endswith((" plus one", " minus one")) or name.startswith("One player")
    for _ in range(times):
        _button(page, name, exact=not icon).click()
        page.wait_for_timeout(200)


def _chips(page: Any, *picks: tuple[str, str]) -> None:
    for row, name in picks:
        _chip(page, row, name).click()
        page.wait_for_timeout(200)


def test_a_solo_campaign_round_of_blackout_hong_kong(page: Any) -> None:
    page.set_viewport_size({"width": 412, "height": 2400})
    _tap(page, "New game")
    _tap(page, "Blackout: Hong Kong")
    _tap(page, "One player fewer")
    _tap(page, "the campaign")
    _tap(page, "Start")
    expect(ident(page, "bhk-step")).to_have_text("Enter the components' data Lantern may use, then start.")
    _tap(page, "Start")
    type_into(page, ident(page, "bhk-start-location"), "Mong Kok")
    _tap(page, "Start Player 1 here")

    # Phase 1: the dice as rolled, a match rolled again, three cards planned.
    _chips(page, ("bhk-die-red", "food"), ("bhk-die-yellow", "food"), ("bhk-die-blue", "water"))
    _tap(page, "Enter the dice")
    expect(ident(page, "bhk-step")).to_have_text("Roll again: red and yellow.")
    _chips(page, ("bhk-die-red", "gasoline"), ("bhk-die-yellow", "tools"))
    _tap(page, "Roll again")
    expect(ident(page, "bhk-step")).to_have_text("Plan cards into slots: Player 1.")
    _chips(
        page,
        ("bhk-plan-1", "Red volunteer (red-2)"),
        ("bhk-plan-2", "Yellow volunteer"),
        ("bhk-plan-3", "Scout"),
    )
    _tap(page, "Plan 3 card(s)")

    # Phase 2: two volunteers procure what their dice show (the Procure button of the cubes each shows);
    # the Scout takes 2 HK$.
    expect(ident(page, "bhk-step")).to_have_text("Player 1: turn up your planned cards.")
    _tap(page, "Procure 2 gasoline")
    _tap(page, "Procure 2 tools")
    _tap(page, "Scout: +2 HK$")

    # Phase 3: a starting volunteer's goal (its only one) puts a cube on the map; a location already held
    # is refused. The goal form fits a 412 x 915 phone below its step.
    expect(ident(page, "bhk-step")).to_have_text("Player 1: complete goals, then done.")
    _chips(
        page,
        ("bhk-goal-card", "Starting volunteer (c1)"),
        ("bhk-goal-pay", "tools"),
        ("bhk-goal-colour", "red"),
    )
    expect(ident(page, "bhk-goal-no")).to_have_count(0)
    step = ident(page, "bhk-step").bounding_box()
    done = _button(page, "Done with goals").bounding_box()
    assert step is not None and done is not None
    assert done["y"] + done["height"] - step["y"] < 915 - 120, (step, done)
    _tap(page, "Cubes to place on the map plus one")
    _tap(page, "Complete the goal")
    expect(ident(page, "bhk-step")).to_have_text("Player 1: place 1 cube(s) on the map.")
    type_into(page, ident(page, "bhk-place-location"), "Mong Kok")
    _tap(page, "Place the cube")
    expect(ident(page, "notice-message")).to_contain_text("already has a cube on Mong Kok")
    _tap(page, "Rule")
    expect(ident(page, "section-title")).to_be_visible()
    _tap(page, "Back to the game")
    type_into(page, ident(page, "bhk-place-location"), "Sham Shui Po")
    _tap(page, "Place the cube")
    expect(ident(page, "bhk-step")).to_have_text("Player 1: complete goals, then done.")
    _chips(page, ("bhk-goal-card", "Plan A"), ("bhk-goal-no", "1"), ("bhk-goal-pay", "gasoline"))
    _tap(page, "Complete the goal")
    expect(ident(page, "bhk-goal-pay-entered")).to_have_text("Pay: none")
    _tap(page, "Done with goals")

    # Phase 4: district 3 with the red volunteer (the others in hand taken out of the team it starts as),
    # the search total shown as it is entered.
    expect(ident(page, "bhk-step")).to_have_text("Player 1: scout a district, or done.")
    _chips(
        page,
        ("bhk-scout-district", "3"),
        ("bhk-scout-team", "Blue volunteer"),
        ("bhk-scout-team", "Red volunteer (c1)"),
    )
    _tap(page, "Search icons (1+ a card) plus one")
    expect(ident(page, "bhk-scout-total")).to_have_text("Search total: 2 of 1 needed.")
    _chips(page, ("bhk-scout-reward", "hkd"))
    _tap(page, "Reward amount plus one", 2)
    _tap(page, "Scout")

    # Phases 5 to 8: a card bought and named, a pass, clean-up, no district, the refresh.
    expect(ident(page, "bhk-step")).to_have_text("Player 1: buy a card or pass.")
    _chips(page, ("bhk-buy-kind", "Blue volunteer"))
    type_into(page, ident(page, "bhk-buy-name"), "Harbour volunteer")
    _tap(page, "Row 1: 4 HK$")
    # The rows then say a second card would force the pass: tapped before they are redrawn, Pass is missed.
    expect(ident(page, "bhk-buy-money")).to_contain_text("2 of 3 objective spots taken")
    _tap(page, "Pass")
    expect(ident(page, "bhk-clean-check")).to_have_text("Water accounted for: 0 of 0 (adds up).")
    _tap(page, "Clean up")
    _tap(page, "No more districts (done)")
    expect(ident(page, "bhk-step")).to_have_text("Player 1: refresh your hand, or done.")
    _tap(page, "Refresh (slot 2)")
    expect(ident(page, "bhk-step")).to_have_text("The starting player rolls the three resource dice.")
    expect(ident(page, "bhk-where")).to_contain_text("round 2")
    _tap(page, "Players")
    expect(ident(page, "bhk-player-0-objectives")).to_contain_text("Harbour volunteer (c3)")

    page.get_by_role("button", name="Undo").first.click()
    expect(ident(page, "bhk-step")).to_have_text("Player 1: refresh your hand, or done.")


def test_a_chapter_ends_and_is_played_again_with_the_campaign_log(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    with Store(data / "lantern.sqlite3") as store:
        solo_at_final(store)
    with serve(data, tmp_path) as url, open_page(browser, url) as pg:
        pg.set_viewport_size({"width": 412, "height": 2400})
        _button(pg, "Resume").first.click()
        expect(ident(pg, "bhk-step")).to_have_text("Count the cards' points: Player 1.")
        _tap(pg, "Points on the cards in hand and slots plus one", 3)
        _tap(pg, "Enter the count")
        expect(ident(pg, "bhk-campaign-0")).to_contain_text("Chapter 1: Player 1")
        expect(ident(pg, "bhk-rank-0")).to_contain_text("1. Player 1:")
        _tap(pg, "Round")
        expect(ident(pg, "bhk-chapter-result")).to_contain_text("Nobody wins the chapter")
        _tap(pg, "Play chapter 1 again")
        expect(ident(pg, "bhk-step")).to_have_text("Enter the components' data Lantern may use, then start.")
        _tap(pg, "Final sheet")
        expect(ident(pg, "bhk-campaign-0")).to_contain_text("Chapter 1: Player 1")
        expect(ident(pg, "bhk-campaign-1")).to_contain_text("Orchid trees so far: Player 1 0")


def test_a_chapter_won_opens_the_next_with_its_orchid_trees(browser: Any, tmp_path: Path) -> None:
    """Chapter 1 won (plan A's three goals, 70 points): chapter 2 starts with the tree in the log."""
    data = tmp_path / "data"
    data.mkdir()
    with Store(data / "lantern.sqlite3") as store:
        solo_at_final(store, won=True)
    with serve(data, tmp_path) as url, open_page(browser, url) as pg:
        pg.set_viewport_size({"width": 412, "height": 2400})
        _button(pg, "Resume").first.click()
        _tap(pg, "Enter the count")
        expect(ident(pg, "bhk-campaign-0")).to_contain_text(
            "Player 1 wins the chapter; orchid trees: Player 1 1."
        )
        _tap(pg, "Round")
        _tap(pg, "Start chapter 2")
        expect(ident(pg, "bhk-where")).to_have_text("Chapter 2 (Hour 72) · Set-up")
        _tap(pg, "Final sheet")
        expect(ident(pg, "bhk-campaign-1")).to_have_text("Orchid trees so far: Player 1 1.")
