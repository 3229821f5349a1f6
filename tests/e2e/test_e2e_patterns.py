"""The screen patterns the shell gives every game, on a phone (Playwright's "Pixel 7"): a refusal shows
where the player is looking, a new screen opens at its top, a rule opened from a game returns to it as it
was, and nothing tappable is smaller than 48 x 48 px, at 412 x 915 and at 360 x 740."""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.flutter import LISTENED, ident, open_phone, serve, type_into

PHONE = (412, 915)
END_SLACK = 4
"""Pixels Flutter's scroll extent may stop short of the page's at a screen's end."""
BOTTOM = 1_000_000
"""A scroll offset past any screen's end: the page stops it at the end."""
SMALL_PHONE = (360, 740)
SIZES = (PHONE, SMALL_PHONE)
GROW = 400
LOOKS = 3
"""How often a screen is measured at both sizes before a screen that keeps changing fails the walk."""
"""Pixels added below a screen's end when the page is made taller to hold all of it."""
WIDE = 1000
"""A width at which no button label needs to wrap."""
TOUCH = 48
ROLES = ("button", "checkbox", "tab", "link", "textbox", "slider", "switch", "radio")
NAV_TOP = 80
SCROLLING = "flt-semantics[style*='overflow-y: scroll']"
"""A screen's scroll area in the semantics tree (what a screen reader scrolls)."""
"""The navigation bar's height: a refusal must show above it."""

# Every node a person can tap (a semantics node with a tappable role, or a text field's input), with its box
# and whether it is whole on screen: inside the page and strictly inside every scroll area around it. Flutter
# trims a node's box where a scroll area cuts it, so only a whole node is measured; `id` names it across
# scroll offsets. A semantics node that Flutter did not update after a scroll (one taller than the area,
# trimmed to the same box before and after) keeps its old place on the page and reaches across the area's
# edge: the nodes inside it may be out of place too, so they are not taken as whole at that offset.
TAPPABLE = """roles => {
  const scrolls = e => e.matches('flt-semantics')
    && (e.style.overflowY === 'scroll' || e.style.overflowX === 'scroll');
  const across = (r, box) => [box.top, box.bottom].some(edge => r.top < edge - 1 && r.bottom > edge + 1);
  const found = [];
  for (const el of document.querySelectorAll('flt-semantics, input, textarea')) {
    const role = el.getAttribute('role') || (el.matches('input, textarea') ? 'textbox' : null);
    if (!roles.includes(role)) continue;
    const r = el.getBoundingClientRect();
    if (r.width + r.height <= 0) continue;
    let whole = r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
    let area = null;
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (!scrolls(a)) continue;
      const box = a.getBoundingClientRect();
      area = area || box;
      whole = whole && r.top > box.top + 0.5 && r.bottom < box.bottom - 0.5
        && r.left > box.left - 0.5 && r.right < box.right + 0.5;
    }
    for (let a = el.parentElement; area && a && !scrolls(a); a = a.parentElement) {
      if (a.matches('flt-semantics') && across(a.getBoundingClientRect(), area)) whole = false;
    }
    const host = el.closest('flt-semantics');
    const id = el.matches('input, textarea') ? `${host ? host.id : ''}/input` : el.id;
    const label = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\\s+/g, ' ');
    found.push({id, role, label, whole, w: r.width, h: r.height});
  }
  return found;
}"""

# The semantics tree's geometry and state, to tell when Flutter has finished laying a screen out.
SHAPE = """() => [...document.querySelectorAll('flt-semantics, input, textarea')].map(el => {
  const r = el.getBoundingClientRect();
  return [el.id, el.getAttribute('role'), el.getAttribute('aria-label'), el.getAttribute('aria-disabled'),
          Math.round(r.left * 4), Math.round(r.top * 4), Math.round(r.width * 4), Math.round(r.height * 4),
          el.scrollTop].join('\\t');
}).join('|')"""

# Tappable nodes that reach across the edge of their scroll area. Once Flutter has applied a scroll, it has
# trimmed every such node to the area, so one means the page shows an offset Flutter has not applied yet.
ACROSS = """roles => {
  const across = [];
  for (const area of document.querySelectorAll('flt-semantics')) {
    if (area.style.overflowY !== 'scroll') continue;
    const box = area.getBoundingClientRect();
    for (const el of area.querySelectorAll('flt-semantics[role]')) {
      const r = el.getBoundingClientRect();
      if (!roles.includes(el.getAttribute('role')) || r.height <= 0) continue;
      if ([box.top, box.bottom].some(edge => r.top < edge - 1 && r.bottom > edge + 1)) {
        across.push(el.getAttribute('aria-label') || el.id);
      }
    }
  }
  return across;
}"""


# Each button's label and size (Flutter trims a clipped label to the box it was cut to).
BUTTONS = """() => Object.fromEntries([...document.querySelectorAll('flt-semantics[role=button]')].map(el => {
  const r = el.getBoundingClientRect();
  const label = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\\s+/g, ' ');
  return [label, [r.width, r.height]];
}))"""


@pytest.fixture
def phone_at(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> Iterator[Callable[[int, int], Any]]:
    """Open the app, with data of its own, on a phone of the size asked for."""
    with serve(tmp_path / "data", tmp_path) as url, ExitStack() as pages:

        def open_at(width: int, height: int) -> Any:
            pg = pages.enter_context(open_phone(browser, pixel_7, url, width, height))
            pg.get_by_role("button", name="New game").wait_for(timeout=30000)
            return pg

        yield open_at


def scroll_area(pg: Any) -> Any:
    """The semantics node of the screen's scroll view (what a screen reader scrolls)."""
    area = pg.locator("flt-semantics[style*='overflow-y: scroll']")
    expect(area).to_have_count(1)
    return area


def scroll_to(pg: Any, offset: int) -> None:
    """Scroll the screen as a reader does (BOTTOM: to its end), once Flutter has applied the scroll."""
    scroll_area_to(pg, scroll_area(pg), offset)


def touch(pg: Any, target: Any) -> None:
    """A finger on the target where it is on screen, which must be where the player is looking."""
    target.wait_for(state="visible")  # a screen just opened may still be laying the target out
    box = target.bounding_box()
    height = pg.viewport_size["height"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height - NAV_TOP, box
    pg.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def in_view(pg: Any, target: Any) -> dict[str, float]:
    box = target.bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= pg.viewport_size["height"] - NAV_TOP, box
    return dict(box)


def start_score_pad(pg: Any, players: int) -> None:
    pg.get_by_role("button", name="New game").click()
    pg.get_by_role("button", name="Score pad").click()
    for _ in range(players - 2):
        pg.get_by_role("button", name="One player more").click()
    expect(ident(pg, "player-count")).to_have_text(str(players))
    pg.get_by_role("button", name="Start").click()
    expect(ident(pg, "status")).to_contain_text("Round 1")


def test_a_refusal_shows_above_the_navigation_bar_and_is_read_out(
    phone_at: Callable[[int, int], Any], tmp_path: Path
) -> None:
    pg = phone_at(*PHONE)
    start_score_pad(pg, 8)
    scroll_to(pg, BOTTOM)
    # A screen reader hears the message: Flutter speaks a live region through its polite announcer.
    pg.evaluate(
        """() => { window.heard = []; const say = document.querySelector('flt-announcement-polite');
        new MutationObserver(() => window.heard.push(say.textContent))
            .observe(say, {childList: true, subtree: true, characterData: true}); }"""
    )
    touch(pg, pg.get_by_role("button", name="-1").nth(7))
    message = ident(pg, "notice-message")
    expect(message).to_have_text("Player 8 has 0 points; taking 1 would go below zero.")
    in_view(pg, message)
    in_view(pg, pg.get_by_role("button", name="Rule", exact=True))
    in_view(pg, ident(pg, "notice-dismiss"))
    assert any("below zero" in said for said in pg.evaluate("window.heard"))
    settle(pg)
    pg.screenshot(path=tmp_path / "refusal.png")

    # The same refused tap again is said again, not taken for a tap that did nothing.
    heard = len(pg.evaluate("window.heard"))
    touch(pg, pg.get_by_role("button", name="-1").nth(7))
    expect(ident(pg, "notice-title")).to_have_text("Refused again (2×)")
    in_view(pg, message)
    pg.wait_for_function(
        "n => window.heard.slice(n).some(said => said.includes('below zero'))", arg=heard, timeout=15_000
    )

    # It stays while the player scrolls, until the next entry.
    scroll_to(pg, 0)
    in_view(pg, message)
    touch(pg, pg.get_by_role("button", name="+5").first)
    expect(ident(pg, "score-0")).to_have_text("5")
    expect(message).to_have_count(0)


def test_the_chosen_choice_is_said_as_chosen(phone_at: Callable[[int, int], Any]) -> None:
    """A row of choices shows the chosen one filled; a screen reader hears it as the current one."""
    pg = phone_at(*PHONE)
    start_score_pad(pg, 3)
    pg.get_by_role("button", name="Player 2", exact=True).click()
    expect(ident(pg, "status")).to_contain_text("Player 2 to play")
    current = pg.locator('flt-semantics[role="button"][aria-current="true"]')
    expect(current).to_have_count(1)
    expect(current).to_have_text("Player 2")
    pg.get_by_role("button", name="Player 3", exact=True).click()
    expect(current).to_have_text("Player 3")


def test_a_new_screen_opens_at_its_top(phone_at: Callable[[int, int], Any]) -> None:
    pg = phone_at(*PHONE)
    pg.get_by_role("button", name="New game").click()
    pg.get_by_role("button", name="Unsettled: Blackout").click()
    pg.get_by_role("button", name=re.compile(r"options: 0 changed")).click()
    expect(pg.get_by_role("button", name="Hide the game options")).to_be_visible()
    scroll_to(pg, BOTTOM)
    touch(pg, pg.get_by_role("button", name="Start"))
    expect(ident(pg, "map-name-shown")).to_contain_text("Example layout")
    settle(pg)
    in_view(pg, ident(pg, "status"))
    assert scroll_area(pg).evaluate("e => e.scrollTop") == 0

    # A rule picked near the end of a long list opens at its title.
    pg.get_by_role("tab", name="Rules").click()
    scroll_to(pg, BOTTOM)
    last = pg.locator("[flt-semantics-identifier='rules-results'] [role='button']").last
    title = (last.get_attribute("aria-label") or last.text_content() or "").split("\n")[0].strip()
    touch(pg, last)
    expect(ident(pg, "section-title")).to_have_text(title)
    settle(pg)
    in_view(pg, ident(pg, "section-title"))


def test_a_rule_opened_from_a_game_returns_to_it_as_it_was(phone_at: Callable[[int, int], Any]) -> None:
    pg = phone_at(*PHONE)
    start_score_pad(pg, 8)
    scroll_to(pg, BOTTOM)
    field = pg.get_by_role("textbox", name="Points").nth(7)
    type_into(pg, field, "17")
    settle(pg)
    before = in_view(pg, field)

    touch(pg, pg.get_by_role("button", name="Rules for this game"))
    expect(ident(pg, "section-title")).to_have_text("Score pad")
    in_view(pg, ident(pg, "section-title"))
    pg.get_by_role("button", name="Ending the game").click()  # a see-also link: still over the game
    expect(ident(pg, "section-title")).to_have_text("Ending the game")
    touch(pg, pg.get_by_role("button", name="Back to the game"))

    expect(ident(pg, "score-7")).to_have_text("0")
    settle(pg)
    assert in_view(pg, field)["y"] == before["y"], "the game opens where the player left it"
    field.click()  # Flutter shows a field's text to the page while it is being edited
    pg.wait_for_function("() => document.activeElement.value === '17'", timeout=15_000)
    touch(pg, pg.get_by_role("button", name="Add").nth(7))
    expect(ident(pg, "score-7")).to_have_text("17")


def settle(pg: Any, quiet_ms: int = 750, timeout_ms: int = 30_000) -> None:
    """Wait until the semantics tree has stopped changing for `quiet_ms`: the screen is laid out, the server's
    answer to the last tap has arrived and no animation is moving a node."""
    deadline = time.monotonic() + timeout_ms / 1000
    last, since = None, time.monotonic()
    while True:
        shape = pg.evaluate(SHAPE)
        now = time.monotonic()
        if shape != last:
            last, since = shape, now
        elif now - since >= quiet_ms / 1000:
            return
        assert now < deadline, f"the screen kept changing for {timeout_ms} ms"
        pg.wait_for_timeout(150)


def resize(pg: Any, width: int, height: int) -> None:
    """Change the page's size and wait until Flutter has laid it out again: the tabs at the new bottom, then a
    semantics tree that no longer changes (briefly: no view answers a resize, so no server round trip
    follows)."""
    pg.set_viewport_size({"width": width, "height": height})
    pg.wait_for_function(
        """([width, height]) => [...document.querySelectorAll('[role=tab]')].some(tab => {
            const r = tab.getBoundingClientRect();
            return Math.abs(r.bottom - height) < 1 && r.right <= width + 1;
        })""",
        arg=[width, height],
        timeout=30000,
    )
    settle(pg, quiet_ms=400)


def scroll_area_to(pg: Any, area: Any, offset: int) -> None:
    """Scroll the screen as a screen reader does, and wait until Flutter has applied it: the page at the
    offset asked (or the end), and no tappable node reaching across the area's edge untrimmed. At the end
    of a screen that scrolls only a little, Flutter's own extent can stop a few pixels short of the page's
    (43 for 45 on Settings), which is the end all the same."""
    for _ in range(3):
        pg.wait_for_timeout(600)  # Flutter takes a scroll from the page only once no pointer moved for 500 ms
        target = area.evaluate(f"e => {{ e.scrollTop = {offset}; return e.scrollTop; }}")
        settle(pg)
        end = area.evaluate("e => e.scrollHeight - e.clientHeight")
        slack = END_SLACK if target >= end - 1 else 1
        if abs(area.evaluate("e => e.scrollTop") - target) <= slack and not pg.evaluate(ACROSS, list(ROLES)):
            return
    raise AssertionError(
        f"Flutter did not scroll to {offset}: nodes across the edge {pg.evaluate(ACROSS, list(ROLES))}"
    )


def whole_screen_nodes(pg: Any) -> list[dict[str, Any]]:
    """Every tappable node of a screen that has nothing left to scroll, in one evaluation."""
    across = pg.evaluate(ACROSS, list(ROLES))
    assert not across, f"nodes across the scroll area's edge: {across}"
    return list(pg.evaluate(TAPPABLE, list(ROLES)))


@dataclass(frozen=True)
class Measured:
    """A screen measured at one phone size."""

    names: Counter[tuple[str, str, bool]]
    """Each tappable node's role, label and whether it was whole on the page: the same screen, laid out,
    has the same ones at both sizes."""
    found: set[str]
    whole: int
    """How many nodes were measured (whole on the page)."""
    buttons: dict[str, list[float]]


class Walk:
    """Goes from screen to screen, tapping as a finger does, and measures each screen at both phone sizes.

    The walk is taken once, on a phone's page (a Pixel 7's user agent, touch and density), and each screen is
    measured at 412 and at 360 px wide by resizing the page: no view reads the page's size, so a screen
    resized to 360 px is laid out as the same screen opened at 360 px.

    Each is measured in a page as wide as the phone and tall enough that the screen's scroll area has nothing
    left to scroll, rather than scrolled half a screen at a time. A screen's content is laid out in its scroll
    view, which gives it unbounded height whatever the page's, so each node has the width and height it has
    on the phone; a scroll view drops from the semantics tree only what lies outside it, so with nothing
    outside every node is on the page, whole, at once, and one evaluation measures each node that scrolling
    measured one position at a time (and the labels of every button, not only the first screenful's). What
    the page's height does shape is outside the scroll view: the app bar, the navigation bar and a refusal
    pinned above it, whose heights are fixed. Lantern opens no sheet or dialog on these screens, whose size
    would follow the page's height."""

    def __init__(self, pg: Any, evidence: Path) -> None:
        self.pg, self.evidence, self.found = pg, evidence, set[str]()
        self.looked: list[str] = []
        self.nodes = {size: 0 for size in SIZES}
        self.at = PHONE
        """The phone size whose width the page has: a screen is measured at it first, then at the other."""

    def look(self, where: str) -> None:
        """Measure the screen at the width the page has, at the wide one and at the other phone's. A screen
        still changing (a server's answer or a frame later than the settling allowed for, on a busy machine)
        shows other nodes, or nodes out of place, at the two sizes: then it is measured again, until both
        sizes show the same nodes, each as whole as at the other size."""
        settle(self.pg)
        self.looked.append(where)
        for _ in range(LOOKS):
            first, then = self.at, SMALL_PHONE if self.at == PHONE else PHONE
            seen = {first: self.measure(where, first)}
            resize(self.pg, WIDE, self.pg.viewport_size["height"])
            wide = self.pg.evaluate(BUTTONS)
            seen[then] = self.measure(where, then)
            self.at = then
            if seen[first].names == seen[then].names:
                break
        else:
            raise AssertionError(f"{where}: other nodes at each size, {LOOKS} times")
        for (width, height), measured in seen.items():
            self.nodes[(width, height)] += measured.whole
            self.found |= measured.found | {
                f"{where} at {width}x{height}: button {label!r} cut to {w:.0f} px, not {wide[label][0]:.0f}"
                for label, (w, h) in measured.buttons.items()
                if label in wide and w < wide[label][0] - 1 and h <= wide[label][1] + 1
            }

    def measure(self, where: str, size: tuple[int, int]) -> Measured:
        """The screen at this phone size: its tappable nodes under 48 x 48 px (and any never whole on the
        page), and its buttons' labels and sizes, for the cut labels."""
        self.whole_screen(size[0])
        at = f"{where} at {size[0]}x{size[1]}"
        nodes = whole_screen_nodes(self.pg)
        found: set[str] = set()
        for node in nodes:
            name = f"{node['role']} {node['label']!r}"
            if not node["whole"]:
                found.add(f"{at}: {name} never whole on screen")
            elif node["w"] < TOUCH - 0.5 or node["h"] < TOUCH - 0.5:
                found.add(f"{at}: {name} {node['w']:.0f}x{node['h']:.0f}")
        return Measured(
            Counter((node["role"], node["label"], node["whole"]) for node in nodes),
            found,
            len({node["id"] for node in nodes if node["whole"]}),
            dict(self.pg.evaluate(BUTTONS)),
        )

    def whole_screen(self, width: int) -> None:
        """Resize the page to `width`, then taller until the screen's scroll area has nothing to scroll."""
        height = self.pg.viewport_size["height"]
        if self.pg.viewport_size["width"] != width:
            resize(self.pg, width, height)
        for _ in range(4):
            areas = self.pg.locator(SCROLLING)
            assert areas.count() <= 1, f"{areas.count()} scroll areas on one screen"
            extent = areas.first.evaluate("e => e.scrollHeight - e.clientHeight") if areas.count() else 0
            if extent <= 0:
                return
            height += extent + GROW
            resize(self.pg, width, height)
        raise AssertionError(f"the screen still scrolls at {width}x{height}")

    def press(self, target: Any) -> None:
        """A finger on the target once the screen has settled, scrolled into view first when it is not."""
        target.wait_for(timeout=15000)
        settle(self.pg, quiet_ms=500)
        box = target.bounding_box()
        area = self.pg.locator(SCROLLING)
        if target.evaluate(f"el => !!el.parentElement.closest({SCROLLING!r})"):
            view = area.first.bounding_box()
            reach = view["y"] + view["height"] * 3 / 4  # clear of a refusal pinned at the bottom
            if box["y"] < view["y"] or box["y"] + box["height"] > reach:
                top = area.first.evaluate("e => e.scrollTop")
                scroll_area_to(
                    self.pg, area.first, max(0, int(top + box["y"] - view["y"] - view["height"] / 3))
                )
                box = target.bounding_box()
                assert view["y"] <= box["y"] and box["y"] + box["height"] <= view["y"] + view["height"], box
        self.pg.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def tap(self, name: str, times: int = 1, *, exact: bool = True) -> None:
        for _ in range(times):
            self.press(self.pg.get_by_role("button", name=name, exact=exact).first)

    def home(self) -> None:
        self.tap("Back to games", exact=False)
        expect(self.pg.get_by_role("button", name="New game")).to_be_visible()

    def keep_evidence(self) -> str:
        """A screenshot and the semantics tree of the page as it is, for a failure to show."""
        shot = self.evidence / "walk-failure.png"
        self.pg.screenshot(path=shot)
        (self.evidence / "walk-failure.txt").write_text(self.pg.evaluate(SHAPE).replace("|", "\n"))
        return f"after {self.looked[-1:]}: see {shot} and walk-failure.txt beside it"

    def take(self, *steps: Callable[[Walk], None]) -> None:
        """Take these steps of the walk; then nothing measured may be under 48 px or cut."""
        try:
            for step in steps:
                step(self)
        except Exception as error:
            raise AssertionError(self.keep_evidence()) from error
        print(
            f"\n{len(self.looked)} screens measured at each size;",
            ", ".join(f"{w}x{h}: {n} nodes" for (w, h), n in self.nodes.items()),
        )
        assert not self.found, "\n".join(["", *sorted(self.found)])


def finished_ashes_game(data: Path) -> str:
    """An ASHES solo game played by the engine to the end of round 3, its final counts still to enter, saved
    in the app's data folder (a table takes well over a hundred entries to get there): its id."""
    from tests.ashes.play import UPGRADES, deck_json, step
    from tests.ashes.states import LAYOUT, TOPS
    from trackers.ashes import actions as aa
    from trackers.ashes.game import ASHES
    from trackers.core.game import make_setup
    from trackers.services.storage import Store

    with Store(data / "lantern.sqlite3") as store:
        game = store.create_game(ASHES, make_setup(ASHES, ("Ann",), {}), 3)
        played = game.session
        played.play(aa.UseBoard(LAYOUT, TOPS))
        played.play(aa.SetRival(4, 3, 6, UPGRADES))
        played.play(aa.CatalogueRivalDeck(deck_json(random.Random(3))))
        rng = random.Random(3)
        for turn in range(5000):
            if played.state.rounds.game_over:
                break
            step(played, rng, turn)
        assert played.state.rounds.game_over and played.state.result is None
        return game.id


def walk_home_and_new_game(walk: Walk) -> None:
    pg = walk.pg
    walk.look("home with a finished game")
    walk.press(pg.get_by_role("button", name="Delete game").first)
    expect(pg.get_by_role("button", name="Keep it")).to_be_visible()
    walk.look("home, asked to delete a game")
    walk.tap("Keep it")
    walk.tap("New game")
    for game, folded in (
        ("Score pad", False),
        ("Unsettled: Blackout", True),
        ("ASHES: Blackout Protocol", True),
    ):
        walk.tap(game)
        settle(pg)  # the form reshapes for the game picked; options unfolded stay unfolded
        unfold = pg.get_by_role("button", name=re.compile("tap to see them"))
        if not folded:
            expect(unfold).to_have_count(0)
        elif unfold.count():
            walk.press(unfold)
        if folded:
            expect(pg.get_by_role("button", name=re.compile("^Hide the"))).to_be_visible()
        walk.look(f"new game: {game}")
    walk.tap("Cancel")
    expect(pg.get_by_role("button", name="New game")).to_be_visible()


def walk_score_pad(walk: Walk) -> None:
    pg = walk.pg
    walk.tap("New game")
    walk.tap("Score pad")
    walk.tap("Start")
    expect(ident(pg, "status")).to_contain_text("Round 1")
    walk.look("score pad")
    walk.press(pg.get_by_role("button", name="-1").first)
    expect(ident(pg, "notice-message")).to_be_visible()
    walk.look("score pad with a refusal")
    walk.tap("Rule")
    expect(ident(pg, "section-title")).to_be_visible()
    walk.look("rule over the game")
    walk.tap("Back to the game")
    walk.tap("End game")
    expect(ident(pg, "results-verdict")).to_be_visible()  # the results sheet, the screen back at its top
    walk.look("score pad, game over")
    walk.home()
    walk.look("home with games")


def walk_history(walk: Walk) -> None:
    """History and stats, after the Score pad game above ended: its chips, its stats and its play."""
    walk.tap("History and stats")
    expect(ident(walk.pg, "stats-scorepad")).to_be_visible()
    walk.look("history and stats")
    walk.tap("Results")
    expect(ident(walk.pg, "results-verdict")).to_be_visible()
    walk.tap("Back to games", exact=False)  # back to the history it was opened from
    walk.tap("Back to games", exact=False)
    expect(walk.pg.get_by_role("button", name="New game")).to_be_visible()


def walk_unsettled(walk: Walk) -> None:
    pg = walk.pg
    walk.tap("New game")
    walk.tap("Unsettled: Blackout")
    walk.tap("One player fewer", exact=False)
    expect(ident(pg, "player-count")).to_have_text("1")
    walk.tap("Start")
    expect(ident(pg, "map-name-shown")).to_contain_text("Example layout")
    walk.look("unsettled map")
    walk.tap("Confirm map")
    expect(ident(pg, "placed")).to_contain_text("Player 1: —")
    walk.look("unsettled setup")
    walk.press(ident(pg, "cell-0-2"))  # Outside Front: nobody leaves an unpowered Upper Corridor
    expect(ident(pg, "placed")).to_contain_text("Player 1: Outside Front")
    walk.press(pg.get_by_text("LUNA", exact=True))
    walk.press(ident(pg, "cell-5-3"))
    expect(ident(pg, "placed")).to_contain_text("LUNA: Outside Rear")
    walk.tap("Begin")
    expect(ident(pg, "ire")).to_have_text("Ire 0")
    walk.look("unsettled play")
    walk.press(ident(pg, "cell-1-2"))  # into unpowered Navigation: a clumsiness check
    expect(pg.get_by_role("button", name="Failed (+1 ire)")).to_be_visible()
    walk.look("unsettled clumsiness check")
    walk.tap("Failed (+1 ire)")
    expect(ident(pg, "ire")).to_have_text("Ire 1")
    walk.press(pg.get_by_role("textbox", name="Roll (1-6)"))
    pg.wait_for_function(LISTENED, timeout=15_000)  # typed before Flutter listens to the field, a key is lost
    pg.keyboard.type("6")
    pg.wait_for_function("() => document.activeElement.value === '6'", timeout=15_000)
    walk.tap("Step by step")
    expect(pg.get_by_role("button", name="Next step")).to_be_visible()
    walk.look("unsettled pursuit")
    walk.tap("Run to the end")
    expect(ident(pg, "luna-steps")).to_be_visible()
    walk.look("unsettled after LUNA's turn")
    walk.home()


def walk_ashes(walk: Walk) -> None:
    pg = walk.pg
    walk.tap("New game")
    walk.tap("ASHES: Blackout Protocol")
    walk.tap("One player fewer", exact=False)
    expect(ident(pg, "player-count")).to_have_text("1")
    walk.tap("Start")
    expect(ident(pg, "board-areas-1")).to_have_text("0")
    walk.look("ashes set-up: the board")
    walk.tap("Sector 1 areas plus one", 2, exact=False)
    walk.tap("Sector 2 areas plus one", exact=False)
    expect(ident(pg, "board-areas-2")).to_have_text("1")
    walk.tap("1-1")
    walk.tap("2-1")
    for track in ("Fuel", "Data", "Strength"):
        walk.tap(f"{track} track top plus one", 4, exact=False)
    walk.tap("Use this board")
    expect(ident(pg, "board-entered")).to_contain_text("3 areas")
    walk.look("ashes set-up: the rival")
    walk.tap("Track top step plus one", 4, exact=False)
    walk.tap("Direct score plus one", 4, exact=False)
    walk.tap("Shelter discs plus one", 7, exact=False)
    for tile in range(1, 11):
        walk.tap(f"{tile}: ?")
    walk.tap("Enter the rival")
    expect(ident(pg, "next-step")).to_contain_text("Survivors emerge")
    walk.look("ashes round set-up")
    walk.tap("Survivors emerge (the app draws)")
    expect(ident(pg, "survivor-check")).to_have_text("All 75 survivors accounted for.")
    walk.look("ashes player board")
    walk.tap("Move")
    walk.look("ashes player board, move form")
    walk.tap("Rival")
    expect(ident(pg, "rival-marker")).to_be_visible()
    walk.look("ashes rival")
    walk.tap("Board")
    walk.look("ashes board")
    walk.tap("Player 1")
    walk.tap("Pass")
    walk.look("ashes player board, pass form")
    walk.tap("Confirm pass")
    expect(ident(pg, "status")).to_contain_text("rival to play")
    walk.look("ashes rival's turn: the card entered")
    walk.home()


def walk_ashes_score_sheet(walk: Walk, game: str) -> None:
    pg = walk.pg
    title = ident(pg, f"game-{game}").bounding_box()
    resumes = pg.get_by_role("button", name="Resume", exact=True)
    below = [r for r in resumes.all() if r.bounding_box()["y"] > title["y"]]
    walk.press(min(below, key=lambda r: r.bounding_box()["y"]))
    expect(ident(pg, "final-0-state")).to_have_text("Counts still to enter.")
    walk.look("ashes score sheet")
    walk.tap("Finish the game")
    expect(ident(pg, "notice-message")).to_be_visible()
    walk.look("ashes score sheet with a refusal")
    walk.home()


def walk_tabs(walk: Walk) -> None:
    pg = walk.pg
    walk.press(pg.get_by_role("tab", name="Rules"))
    walk.look("rules")
    walk.press(pg.get_by_role("button", name=re.compile("^Undo and redo")).first)
    expect(ident(pg, "section-title")).to_have_text("Undo and redo")
    walk.look("a rule")
    walk.press(pg.get_by_role("tab", name="Settings"))
    walk.look("settings")


def walk_hope_city(walk: Walk) -> None:
    """Set-up, starting tokens, the year's start, the turn and every other screen of a Hope City game."""
    pg = walk.pg

    def chip(row: str, name: str) -> None:
        walk.press(ident(pg, row).get_by_role("button", name=name, exact=True))

    walk.tap("New game")
    walk.tap("Hope City")
    walk.tap("Start")
    walk.look("hope city set-up")
    chip("hc-seat-mayor", "Player 1")
    chip("hc-seat-doctor", "Player 2")
    chip("hc-seat-coach", "Player 2")
    chip("hc-doctor-space", "Society")
    for count in ("pool", "punks", "big"):
        chip(f"hc-count-{count}-quick", "+5")
    expect(ident(pg, "hc-count-big")).to_have_text("5")
    walk.look("hope city set-up, filled in")
    walk.tap("Start")
    walk.look("hope city starting tokens")
    for who in ("Mayor", "Mayor", "Coach", "Coach", "Doctor", "Doctor"):
        walk.tap(f"Draw for the {who}")
    walk.look("hope city year start")
    walk.tap("Put a chaos card in play")
    walk.look("hope city turn")
    for screen in ("Card effects", "City", "Citizens", "Bag"):
        walk.tap(screen)
        walk.look(f"hope city {screen.lower()}")
    walk.home()


def infamous_traffic_at(data: Path, seed: int, players: int, stage: str) -> str:
    """An An Infamous Traffic game played by the seeded table until it reaches `stage` (the Opium War, the
    London Season), saved in the app's data folder: its id."""
    from tests.infamous_traffic.play import started, step
    from trackers.infamous_traffic.game import INFAMOUS_TRAFFIC
    from trackers.services.storage import Store

    played, rng = started(players, seed), random.Random(seed)
    while played.state.stage != stage:
        assert step(played, rng), f"seed {seed} never reaches {stage}"
    with Store(data / "lantern.sqlite3") as store:
        game = store.create_game(INFAMOUS_TRAFFIC, played.setup, played.seed)
        for entry in played.history:
            game.session.play(entry.action)
        assert game.session.state == played.state
        return game.id


def resume(walk: Walk, game: str) -> None:
    """Resume the stored game `game` from Home (its Resume button is the first below its title)."""
    pg = walk.pg
    title = ident(pg, f"game-{game}").bounding_box()
    resumes = pg.get_by_role("button", name="Resume", exact=True)
    below = [r for r in resumes.all() if r.bounding_box()["y"] > title["y"]]
    walk.press(min(below, key=lambda r: r.bounding_box()["y"]))


def walk_infamous_traffic(walk: Walk, board: Path, war: str, season: str) -> None:
    """The board's set-up from a pack file, starting cards, a turn with each form, a bowl's tiles, the
    events, China, the bags and the firms; then a stored game's Opium War and another's London Season."""
    pg = walk.pg
    walk.tap("New game")
    walk.tap("An Infamous Traffic")
    walk.tap("Start")
    walk.look("infamous traffic board set-up")
    walk.tap("Enter the board from the physical map")
    walk.look("infamous traffic board editor")
    walk.tap("Add a chain to Canton", exact=False)
    walk.look("infamous traffic board editor, a chain")
    walk.tap("Enter the board from the physical map")
    with pg.expect_file_chooser() as chooser:
        walk.tap("Import a board file")
    chooser.value.set_files(str(board))
    for _ in range(3):
        walk.press(ident(pg, "it-board-dice-quick").get_by_role("button", name="+10", exact=True))
    walk.tap("Entered at the table (empty: Lantern draws)")
    for tile in ("Qing Force", "Missionary", "Bureaucrat", "Qing Force", *["Qing Force"] * 4):
        walk.press(ident(pg, "it-board-bowls").get_by_role("button", name=tile, exact=True))
    walk.look("infamous traffic board, filled in")
    walk.tap("Use this board")
    walk.look("infamous traffic starting cards")
    for player, where, tile in (("Player 1", "London", "Merchant"), ("Player 2", "China", "Opium")):
        walk.tap(where)
        walk.tap(tile)
        walk.tap(f"Start {player}")
    walk.look("infamous traffic turn in London")
    for form in ("Inquire", "Conduct Business"):
        walk.tap(form)
        walk.look(f"infamous traffic {form.lower()} form")
    walk.tap("Throw Party (1 debt)")
    for form in ("Deploy", "Adjust Price", "Influence", "Conspiracy"):
        walk.tap(form)
        walk.look(f"infamous traffic {form.lower()} form")
    walk.press(pg.get_by_role("button", name=re.compile(r"^Bowl 1")))
    walk.look("infamous traffic placing a bowl's tiles")
    walk.press(pg.get_by_role("button", name="Missionary", exact=True))
    walk.tap("Wenzhou")
    walk.press(pg.get_by_role("button", name=re.compile(r"^Canton \(Qing")))
    walk.look("infamous traffic paid deploy offered")
    walk.tap("No Deploy")
    walk.look("infamous traffic events")
    walk.tap("Draw an event")
    walk.look("infamous traffic event drawn")
    for screen in ("China", "Bags", "Firms"):
        walk.tap(screen)
        walk.look(f"infamous traffic {screen.lower()}")
    walk.home()
    resume(walk, war)
    expect(ident(pg, "next-step")).to_contain_text("spends the war's strength")
    walk.look("infamous traffic opium war")
    walk.home()
    resume(walk, season)
    expect(ident(pg, "next-step")).to_contain_text("keep a prize")
    walk.look("infamous traffic london season")
    walk.home()


@pytest.mark.timeout(600)
def test_nothing_tappable_in_infamous_traffic_is_under_48_px(
    phone_at: Callable[[int, int], Any], tmp_path: Path
) -> None:
    from tests.infamous_traffic.boards import TEST_BOARD
    from trackers.core.packs import Pack, dumps

    board = tmp_path / "china-board.json"
    board.write_text(dumps(Pack("infamous-traffic.board", "Test board", 1, TEST_BOARD)))
    war = infamous_traffic_at(tmp_path / "data", 1, 3, "war")
    season = infamous_traffic_at(tmp_path / "data", 0, 2, "season")
    Walk(phone_at(*PHONE), tmp_path).take(lambda walk: walk_infamous_traffic(walk, board, war, season))


def blackout_hk_at_final(data: Path) -> str:
    """A solo Blackout: Hong Kong campaign's chapter 1 played by the engine to final scoring, saved in the
    app's data folder: its id."""
    from tests.views.test_views_blackout_hk import solo_at_final
    from trackers.services.storage import Store

    with Store(data / "lantern.sqlite3") as store:
        return solo_at_final(store)


def walk_blackout_hk(walk: Walk, final: str) -> None:
    """A solo campaign's set-up and first round, a form for each phase, the players' boards and the display;
    then a stored chapter's final count and its end sheet."""
    pg = walk.pg

    def chip(row: str, name: str) -> None:
        walk.press(ident(pg, row).get_by_role("button", name=name, exact=True))

    walk.tap("New game")
    walk.tap("Blackout: Hong Kong")
    walk.tap("One player fewer", exact=False)
    walk.tap("the campaign")
    walk.tap("Start")
    walk.look("blackout set-up")
    walk.tap("Start")
    type_into(pg, ident(pg, "bhk-start-location"), "Mong Kok")
    walk.tap("Start Player 1 here")
    walk.look("blackout dice")
    for die, face in (("red", "food"), ("yellow", "food"), ("blue", "water")):
        chip(f"bhk-die-{die}", face)
    walk.tap("Enter the dice")
    walk.look("blackout dice rolled again")
    chip("bhk-die-red", "gasoline")
    chip("bhk-die-yellow", "tools")
    walk.tap("Roll again")
    walk.look("blackout planning")
    chip("bhk-plan-1", "Red volunteer (red-2)")
    chip("bhk-plan-2", "Scout")
    walk.tap("Plan 2 card(s)")
    walk.look("blackout deploy")
    walk.tap("Scout: +2 HK$")
    chip("bhk-card-1-resource", "food")
    walk.look("blackout volunteer with tokens")
    chip("bhk-card-1-resource", "gasoline")
    walk.tap("Procure 2 gasoline")
    walk.look("blackout objectives")
    chip("bhk-goal-card", "Restore power 1")
    walk.look("blackout restore power")
    chip("bhk-goal-card", "Plan A")
    walk.look("blackout plan goal")
    walk.tap("More: gains, GPS, tokens, batteries")
    walk.look("blackout goal, more fields")
    walk.tap("Done with goals")
    walk.look("blackout scout")
    walk.tap("No scouting (done)")
    walk.look("blackout buy")
    chip("bhk-buy-kind", "Plan")
    walk.look("blackout buy, a plan's goals")
    walk.tap("Pass")
    walk.look("blackout clean-up")
    walk.tap("Clean up")
    walk.look("blackout secure")
    walk.tap("No more districts (done)")
    for screen in ("Players", "Display"):
        walk.tap(screen)
        walk.look(f"blackout {screen.lower()}")
    walk.home()
    resume(walk, final)
    expect(ident(pg, "bhk-step")).to_contain_text("Count the cards' points")
    walk.look("blackout final count")
    walk.tap("Enter the count")
    expect(ident(pg, "bhk-campaign-0")).to_contain_text("Chapter 1")
    walk.look("blackout chapter over")
    walk.home()


@pytest.mark.timeout(600)
def test_nothing_tappable_in_blackout_hk_is_under_48_px(
    phone_at: Callable[[int, int], Any], tmp_path: Path
) -> None:
    final = blackout_hk_at_final(tmp_path / "data")
    Walk(phone_at(*PHONE), tmp_path).take(lambda walk: walk_blackout_hk(walk, final))


@pytest.mark.timeout(600)
def test_nothing_tappable_in_hope_city_is_under_48_px(
    phone_at: Callable[[int, int], Any], tmp_path: Path
) -> None:
    Walk(phone_at(*PHONE), tmp_path).take(walk_hope_city)


@pytest.mark.timeout(900)
def test_nothing_tappable_is_under_48_px(phone_at: Callable[[int, int], Any], tmp_path: Path) -> None:
    finished = finished_ashes_game(tmp_path / "data")
    Walk(phone_at(*PHONE), tmp_path).take(
        walk_home_and_new_game,
        walk_score_pad,
        walk_history,
        walk_unsettled,
        walk_ashes,
        lambda walk: walk_ashes_score_sheet(walk, finished),
        walk_tabs,
    )
