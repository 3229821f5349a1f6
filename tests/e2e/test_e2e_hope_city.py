"""Hope City in the browser: set up three citizens, a year with a wage draw, a PUNK attack, a deferred
objective, a refused entry with its rule, the bag's odds changing at the infection, and undo; the turn's
card fits a phone's screen at each step."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.e2e.flutter import ident

STARTING = (("Corruption", "Politics"), ("Technology", "Technology"), ("Corruption", "Society"))
"""What the table drew for the Mayor, the Engineer and the Coach (turn order): both corruption tokens."""
PHONE_VIEW = 915 - 56 - 80
"""What a 412 x 915 phone shows between the app bar and the navigation bar, in logical pixels."""


def _chip(page: Any, row: str, name: str) -> Any:
    return ident(page, row).get_by_role("button", name=name, exact=True)


def _fits(page: Any) -> None:
    """The turn's card is no taller than the phone's screen: the step open now needs no swipe."""
    box = ident(page, "hc-turn").bounding_box()
    assert box is not None and box["height"] <= PHONE_VIEW, box


def test_a_year_of_hope_city(page: Any) -> None:
    page.set_viewport_size({"width": 412, "height": 2400})
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Hope City").click()
    expect(page.get_by_role("button", name=re.compile(r"options: 0 changed"))).to_be_visible()
    page.get_by_role("button", name="Start").click()

    _chip(page, "hc-seat-mayor", "Player 1").click()
    _chip(page, "hc-seat-engineer", "Player 1").click()
    _chip(page, "hc-seat-coach", "Player 2").click()
    _chip(page, "hc-count-pool-quick", "+10").click()
    expect(ident(page, "hc-count-pool")).to_have_text("10")
    _chip(page, "hc-count-punks-quick", "+10").click()
    _chip(page, "hc-count-big-quick", "+5").click()
    expect(ident(page, "hc-count-big")).to_have_text("5")
    page.get_by_role("button", name="Start").click()

    for pair in STARTING:
        for token in pair:
            _chip(page, "hc-start-token-drew", token).click()
            page.wait_for_timeout(300)
    expect(ident(page, "next-step")).to_have_text("Year 1: put a chaos card in play.")
    page.get_by_role("button", name="Put a chaos card in play").click()

    # The wage: both corruption tokens were drawn at the start, so the bag holds none to draw. The steps
    # to come are named once, under the wage, with the one reason they wait.
    expect(ident(page, "hc-wage-odds")).to_have_text("Next draw is corruption: 0 in 11 (0%).")
    expect(page.get_by_text(re.compile("takes the wage first"))).to_have_count(1)
    _fits(page)
    _chip(page, "hc-wage-drew", "Corruption").click()
    expect(ident(page, "notice-message")).to_contain_text("The bag holds no corruption now.")
    page.get_by_role("button", name="Rule", exact=True).click()
    expect(ident(page, "section-title")).to_have_text("The wage bag and the wage")
    page.get_by_role("button", name="Back to the game").click()
    _chip(page, "hc-wage-drew", "Economics").click()
    expect(ident(page, "hc-wage-done")).to_be_visible()
    _fits(page)

    # Into the Economics Punk's space (its button shown with the wage taken): the attack's die is entered, a 3
    # misses.
    page.get_by_role("button", name=re.compile(r"^Economics: Punk")).click()
    expect(ident(page, "next-step")).to_have_text("The Mayor faces the PUNK attack.")
    _fits(page)
    _chip(page, "hc-attack-die-0", "3").click()
    page.get_by_role("button", name="Enter these dice").click()
    expect(ident(page, "hc-attack-done")).to_be_visible()

    # An Economics objective costing 1 Economics waits on the Future Track.
    _chip(page, "hc-obj-cost", "nothing more").click()
    page.get_by_role("button", name="Take this objective").click()
    page.get_by_role("button", name="Put it on the Future Track").click()
    page.get_by_role("button", name="End the Mayor's turn").click()
    # Each turn chooses an objective: the Engineer's waits on the track, which the Coach finds full (a 6
    # names no card, so the Coach's card fails).
    for who in ("Engineer", "Coach"):
        page.get_by_role("button", name=f"Draw the {who}'s wage").click()
        expect(ident(page, "hc-end-turn-blocked")).to_contain_text("Choose an objective of this space first")
        _chip(page, "hc-obj-cost", "nothing more").click()
        page.get_by_role("button", name="Take this objective").click()
        if who == "Coach":
            _chip(page, "hc-defer-roll", "6").click()
        else:
            page.get_by_role("button", name="Put it on the Future Track").click()
        page.get_by_role("button", name=f"End the {who}'s turn").click()

    expect(ident(page, "next-step")).to_have_text("Were the chaos card's conditions met?")
    page.get_by_role("button", name="Yes", exact=True).click()
    page.get_by_role("button", name="End the year").click()
    expect(ident(page, "next-step")).to_have_text("Year 2: put a chaos card in play.")
    page.get_by_role("button", name="Bag", exact=True).click()
    # The three wages left 8 resources; the two Punks put 2 corruption in.
    expect(ident(page, "hc-odds")).to_have_text("Next draw is corruption: 2 in 10 (20%).")
    expect(ident(page, "hc-ledger-0")).to_contain_text("PUNKS infect the bag")

    page.get_by_role("button", name="Undo").first.click()
    expect(ident(page, "next-step")).to_have_text("End the year: PUNKS infect the bag.")
    page.get_by_role("button", name="Bag", exact=True).click()
    expect(ident(page, "hc-odds")).to_have_text("Next draw is corruption: 0 in 8 (0%).")
