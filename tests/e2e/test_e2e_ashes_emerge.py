"""ASHES on a phone (Playwright's "Pixel 7", 412 x 915): survivors drawn at the table are entered on a form
that Flutter can lay out, and placed as entered. A text asking to expand inside a wrapping row used to paint
a grey box (an element with no text or button, about 100,000 px tall) and push the form's button far down the
page; here no screenful of the set-up screen is without something to read or tap, no text or button is
taller than the screen, and "Place what we drew" comes on screen, above the navigation bar, after a scroll."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.e2e.flutter import ident
from tests.e2e.test_e2e_patterns import PHONE, SCROLLING, Walk, phone_at, scroll_area_to, settle
from trackers.ashes import actions as aa
from trackers.ashes.state import ACTIVE, ESSENTIAL
from trackers.services.storage import Store

__all__ = ["phone_at"]  # the fixture, shared with the screen-pattern tests

DRAWN = {"1-1": 2, "1-2": 0, "2-1": 1}
"""Essential survivors among the 2 the table drew for each bag-icon area (the rest are active)."""

# The leaf semantics nodes (a text or a button: no semantics node inside) taller than the page, and how many
# leaves show inside the screen's scroll area (at least 1 px of them between its top and bottom edges).
LEAVES = """area => {
  const view = area.getBoundingClientRect();
  const tall = [];
  let shown = 0;
  for (const el of document.querySelectorAll('flt-semantics')) {
    if (el.querySelector('flt-semantics')) continue;
    const r = el.getBoundingClientRect();
    const label = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\\s+/g, ' ');
    if (r.height > window.innerHeight) tall.push(`${label || el.id}: ${Math.round(r.height)} px`);
    if (area.contains(el) && r.height > 0 && r.bottom > view.top + 1 && r.top < view.bottom - 1) shown++;
  }
  return {tall, shown};
}"""


def look_through(pg: Any, area: Any) -> None:
    """Scroll the screen from top to end, half a screen at a time, as a reader does: at every offset no leaf
    is taller than the page and the screen shows something to read or tap (an element with nothing in it
    as tall as the screen, like the grey box, leaves a screenful empty: the box has no semantics node of its
    own, so the empty screenful, not a leaf's height, is what shows it)."""
    height = pg.viewport_size["height"]
    offset = 0
    while True:
        scroll_area_to(pg, area, offset)
        leaves = pg.evaluate(LEAVES, area.element_handle())
        assert not leaves["tall"], f"taller than the {height} px page at offset {offset}: {leaves['tall']}"
        assert leaves["shown"], f"a screenful with nothing to read or tap at offset {offset}"
        end = area.evaluate("e => e.scrollHeight - e.clientHeight")
        if offset >= end:
            return
        offset = min(offset + height // 2, end)


def bring_on_screen(pg: Any, area: Any, target: Any) -> dict[str, float]:
    """Scroll the screen only as far as needed for the target to show whole, as a person does; its box."""
    settle(pg, quiet_ms=500)
    box, view = target.bounding_box(), area.bounding_box()
    assert box is not None and view is not None
    top = area.evaluate("e => e.scrollTop")
    if box["y"] + box["height"] > view["y"] + view["height"]:
        scroll_area_to(pg, area, int(top + box["y"] + box["height"] - view["y"] - view["height"] + 24))
    elif box["y"] < view["y"]:
        scroll_area_to(pg, area, max(0, int(top + box["y"] - view["y"] - 24)))
    box = target.bounding_box()
    assert box is not None
    return dict(box)


def test_survivors_drawn_at_the_table_are_entered_on_a_phone_and_placed_as_entered(
    phone_at: Callable[[int, int], Any], tmp_path: Path
) -> None:
    pg = phone_at(*PHONE)
    walk = Walk(pg, tmp_path)
    try:
        walk.tap("New game")
        walk.tap("ASHES: Blackout Protocol")
        expect(ident(pg, "player-count")).to_have_text("2")  # two players: no rival to enter
        walk.tap("Start")

        # The board: two areas in sector 1 and one in sector 2, each with a bag icon; round 1 draws 2
        # survivors for each, sector 1 first.
        expect(ident(pg, "board-areas-1")).to_have_text("0")
        walk.tap("Sector 1 areas plus one", 2, exact=False)
        walk.tap("Sector 2 areas plus one", exact=False)
        expect(ident(pg, "board-areas-2")).to_have_text("1")
        for area_name in DRAWN:
            walk.tap(area_name)
        for track in ("Fuel", "Data", "Strength"):
            walk.tap(f"{track} track top plus one", exact=False)
            expect(ident(pg, f"board-top-{track.lower()}")).not_to_have_text("not set")
        walk.tap("Use this board")
        expect(ident(pg, "board-entered")).to_have_text("Board: My board, 3 areas")
        expect(ident(pg, "bag")).to_contain_text("Bag: 50 active, 25 essential")

        walk.tap("We drew them from the bag")
        settle(pg)
        area = pg.locator(SCROLLING)
        expect(area).to_have_count(1)
        look_through(pg, area)

        # One row of chips (0, 1, 2 essential) per area, in the order the areas are drawn for.
        rows = "\\s+".join(f"{a}: 2 drawn, of them essential:" for a in DRAWN)
        expect(pg.get_by_role("group", name=re.compile(rows))).to_have_count(1)
        for chip in ("0", "1", "2"):
            expect(pg.get_by_role("button", name=chip, exact=True)).to_have_count(len(DRAWN))
        scroll_area_to(pg, area, 0)
        for row, essential in enumerate(DRAWN.values()):
            if essential == 0:  # a change of mind: the last chip tapped counts
                walk.press(pg.get_by_role("button", name="2", exact=True).nth(row))
            walk.press(pg.get_by_role("button", name=str(essential), exact=True).nth(row))

        place = pg.get_by_role("button", name="Place what we drew")
        box = bring_on_screen(pg, area, place)
        tabs = pg.get_by_role("tablist").bounding_box()
        view = area.bounding_box()
        assert tabs is not None and view is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0], box
        assert box["y"] >= view["y"] and box["y"] + box["height"] <= tabs["y"] <= PHONE[1], (box, tabs)
        assert not pg.evaluate(LEAVES, area.element_handle())["tall"]
        pg.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

        # Placed as entered, on screen and in the stored game: 3 essential and 3 active out of the bag.
        expect(ident(pg, "bag")).to_contain_text("Bag: 47 active, 22 essential")
        expect(ident(pg, "survivor-check")).to_have_text("All 75 survivors accounted for.")
        expect(pg.get_by_role("button", name="Place what we drew")).to_have_count(0)
        walk.tap("Board")
        for area_name, essential in DRAWN.items():
            expect(ident(pg, f"area-{area_name}")).to_have_text(
                f"{area_name}, bag icon: {2 - essential} active, {essential} essential"
            )
    except Exception as error:
        raise AssertionError(walk.keep_evidence()) from error

    with Store(tmp_path / "data" / "lantern.sqlite3") as store:
        (game,) = store.list_games()
        session = store.open_game(game.id).session
    emerged = [e.action for e in session.history if isinstance(e.action, aa.Emerge)]
    assert emerged == [
        aa.Emerge(tuple((a, (ESSENTIAL,) * n + (ACTIVE,) * (2 - n)) for a, n in DRAWN.items()))
    ]
    state = session.state
    for area_name, essential in DRAWN.items():
        placed = state.area(area_name)
        assert placed is not None
        kinds = placed.survivors.count(ESSENTIAL), placed.survivors.count(ACTIVE)
        assert kinds == (essential, 2 - essential), area_name
    assert (state.bag.count(ESSENTIAL), state.bag.count(ACTIVE)) == (22, 47)
