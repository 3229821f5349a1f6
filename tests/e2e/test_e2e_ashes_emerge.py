"""ASHES in the browser: survivors drawn at the table are entered on a form that Flutter can lay out (a text
asking to expand inside a wrapping row used to paint a grey box and push the form's button about 100,000
pixels down the page)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.e2e.flutter import ident
from tests.e2e.test_e2e_ashes import tap


def test_survivors_drawn_at_the_table_are_entered_on_a_form_in_view(page: Any) -> None:
    page.set_viewport_size({"width": 412, "height": 3000})
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="ASHES: Blackout Protocol").click()
    page.get_by_role("button", name="Start").click()  # two players: no rival to enter
    expect(ident(page, "board-areas-1")).to_be_visible()
    if ident(page, "board-areas-1").inner_text() == "0":  # nothing remembered from an earlier test
        tap(page, "Sector 1 areas plus one", exact=False)
        tap(page, "1-1")
    for track in ("Fuel", "Data", "Strength"):
        if ident(page, f"board-top-{track.lower()}").inner_text() == "not set":
            tap(page, f"{track} track top plus one", 2, exact=False)
    tap(page, "Use this board")
    expect(ident(page, "board-entered")).to_be_visible()
    tap(page, "We drew them from the bag")
    place = page.get_by_role("button", name="Place what we drew")
    expect(place).to_be_visible()
    box = place.bounding_box()
    assert box is not None and box["y"] < 3000, box
    expect(page.get_by_role("button", name="2", exact=True).first).to_be_visible()
