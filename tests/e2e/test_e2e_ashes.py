"""ASHES in the browser: set up a solo game, take a player's turn, run the rival's turn from a card entered
by hand, read its numbered steps, and take the whole turn back with one Undo."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.e2e.flutter import ident


def tap(page: Any, name: str, times: int = 1, *, exact: bool = True) -> None:
    """Icon buttons repeat their label in their accessible name, so those are matched by substring."""
    button = page.get_by_role("button", name=name, exact=exact)
    for _ in range(times):
        button.click()


def test_solo_game_player_turn_then_rival_turn_from_an_entered_card_and_undo(page: Any) -> None:
    page.set_viewport_size({"width": 412, "height": 3000})
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="ASHES: Blackout Protocol").click()
    expect(page.get_by_role("button", name=re.compile(r"options: 0 changed"))).to_be_visible()
    page.get_by_role("button", name="One player fewer").click()
    expect(ident(page, "player-count")).to_have_text("1")
    page.get_by_role("button", name="Start").click()

    # The board, counted from the table: two areas in sector 1 and one in sector 2, each first one with a bag.
    expect(ident(page, "board-areas-1")).to_have_text("0")
    tap(page, "Sector 1 areas plus one", 2, exact=False)
    expect(ident(page, "board-areas-1")).to_have_text("2")
    tap(page, "Sector 2 areas plus one", exact=False)
    expect(ident(page, "board-areas-2")).to_have_text("1")
    tap(page, "1-1")
    tap(page, "2-1")
    for track in ("Fuel", "Data", "Strength"):
        tap(page, f"{track} track top plus one", 4, exact=False)
        expect(ident(page, f"board-top-{track.lower()}")).to_have_text("5")
    tap(page, "Use this board")
    expect(ident(page, "board-entered")).to_contain_text("3 areas")

    # The rival's components: nothing is guessed, every value is entered.
    tap(page, "Track top step plus one", 4, exact=False)
    tap(page, "Direct score plus one", 4, exact=False)
    tap(page, "Shelter discs plus one", 7, exact=False)
    expect(ident(page, "rival-discs")).to_have_text("6")
    for tile in range(1, 11):
        tap(page, f"{tile}: ?")
    expect(page.get_by_role("button", name="10: I", exact=True)).to_be_visible()
    tap(page, "Enter the rival")
    expect(ident(page, "next-step")).to_contain_text("Survivors emerge")

    tap(page, "Survivors emerge (the app draws)")
    expect(ident(page, "survivor-check")).to_have_text("All 75 survivors accounted for.")
    expect(ident(page, "bag")).to_contain_text("Bag: ")
    expect(page.get_by_role("button", name="Fuel plus one")).to_be_visible()

    # The player's turn: two fuel from a reward, a move into area 1-1 (which pays them), end of turn.
    tap(page, "Fuel plus one", 2, exact=False)
    expect(ident(page, "adj-fuel")).to_have_text("2")
    tap(page, "Antirad minus one", exact=False)
    expect(ident(page, "notice-message")).to_have_text("This costs 1 antirad; you have 0.")
    tap(page, "Move")
    page.get_by_role("button", name=re.compile(r"^1-1 \(2\)")).click()
    expect(ident(page, "move-path")).to_have_text("Path: 1-1")
    tap(page, "Move the vehicle")
    expect(ident(page, "vehicle")).to_have_text("Vehicle: 1-1")
    expect(ident(page, "adj-fuel")).to_have_text("0")
    tap(page, "End turn")

    # The rival's turn from a card turned over on the table: blue arrow, rescue, number 1.
    expect(ident(page, "rival-marker")).to_have_text("Marker 0 of 4")
    tap(page, "Blue")
    page.get_by_role("button", name="Rescue", exact=True).first.click()
    expect(ident(page, "rival-question")).to_contain_text("Sector 1, counting from the bottom")
    # Lantern counts from the survivors it tracks, and its count and area are the answer's start.
    expect(ident(page, "rival-tracked")).to_have_text(
        "Lantern's board: 1 area(s) of sector 1 hold survivors; the rival takes 1-1."
    )
    expect(ident(page, "rival-follow-up")).to_contain_text("1st area holding survivors")
    tap(page, "Rival turn")
    # Play passes back to the player, whose board opens; the rival's screen keeps its last turn.
    expect(ident(page, "scores")).to_contain_text("rival: 22")
    tap(page, "Rival")
    expect(ident(page, "rival-marker")).to_have_text("Marker 1 of 4")
    # A step's words are its accessible name; its Rule button opens the section it rests on.
    expect(ident(page, "rival-step-1")).to_have_attribute("aria-label", "1. Reveal rival card Card 1")
    expect(ident(page, "rival-step-2")).to_have_attribute("aria-label", "2. Arrow blue: marker 0 to 1")
    expect(ident(page, "survivor-check")).to_have_text("All 75 survivors accounted for.")

    # One Undo takes the whole rival turn back.
    page.get_by_role("button", name="Undo").first.click()
    expect(ident(page, "rival-marker")).to_have_text("Marker 0 of 4")
    expect(ident(page, "scores")).to_contain_text("rival: 20")
    expect(ident(page, "rival-step-1")).to_have_count(0)
