"""Screen readers on a phone: axe-core (the engine of browsers' accessibility audits) run over Flutter's
semantics tree finds no serious or critical violation on Home, New game and each game's main screen."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.flutter import AXE, ident, open_phone
from tests.e2e.test_e2e_patterns import SCROLLING, scroll_area_to, settle

ALLOWED = {"meta-viewport", "region"}
"""Flutter's own: a bare Flet page has them too (its viewport forbids zoom, its nodes sit in no landmark)."""

pytestmark = pytest.mark.skipif(not AXE.exists(), reason=f"no {AXE} (make test installs axe-core)")

# axe-core's serious and critical violations, each as `rule: node (label)`, one line per node.
AUDIT = """async allowed => {
  const found = await axe.run(document, {resultTypes: ['violations']});
  const lines = [];
  for (const rule of found.violations) {
    if (!['serious', 'critical'].includes(rule.impact) || allowed.includes(rule.id)) continue;
    for (const node of rule.nodes) {
      const el = document.querySelector(node.target.join(' '));
      const label = el ? (el.getAttribute('aria-label') || el.textContent || '').trim() : '';
      lines.push(`${rule.id}: ${node.target.join(' ')} (${label.replace(/\\s+/g, ' ').slice(0, 60)})`);
    }
  }
  return lines;
}"""


# Buttons whose name says a line twice (a label and a tooltip of the same words: "Undo Undo").
SAID_TWICE = """() => [...document.querySelectorAll('flt-semantics[role=button]')].map(el => {
  const lines = (el.getAttribute('aria-label') || el.textContent || '').split('\\n').map(l => l.trim());
  const twice = lines.some((line, i) => line && lines.indexOf(line) !== i);
  return twice ? `${el.id} (${lines.join(' / ')})` : null;
}).filter(Boolean)"""


def audit(pg: Any) -> list[str]:
    """The screen's serious and critical violations and its buttons named twice, at its top and at its end
    (Flutter puts in the page only the nodes near the part of a long screen in view)."""
    if not pg.evaluate("typeof window.axe !== 'undefined'"):
        pg.add_script_tag(path=str(AXE))
    found: list[str] = []
    for end in (False, True):
        if end:
            area = pg.locator(SCROLLING)
            if not area.count():
                break
            scroll_area_to(pg, area.first, area.first.evaluate("e => e.scrollHeight"))
        settle(pg)
        found += [f for f in pg.evaluate(AUDIT, sorted(ALLOWED)) if f not in found]
        found += [f"said twice: {f}" for f in pg.evaluate(SAID_TWICE) if f"said twice: {f}" not in found]
    return found


@pytest.fixture
def phone(browser: Any, pixel_7: dict[str, Any], app_url: str) -> Iterator[Any]:
    """The shared app on a Pixel 7, at Home."""
    with open_phone(browser, pixel_7, app_url, 412, 915) as pg:
        pg.get_by_role("button", name="New game").wait_for(timeout=30000)
        yield pg


def new_game(pg: Any, game: str) -> None:
    """Start a game of `game` with the form's defaults, and wait for its first screen."""
    pg.get_by_role("button", name="New game").click()
    pg.get_by_role("button", name=game, exact=True).click()
    settle(pg)  # the form reshapes for the game picked
    pg.get_by_role("button", name="Start").click()
    expect(ident(pg, "status")).to_be_visible()


def home_with_a_game(pg: Any) -> None:
    """Home listing a game in progress, with its buttons (resume, export, delete)."""
    new_game(pg, "Score pad")
    ident(pg, "close-game").click()
    expect(pg.get_by_role("button", name="Resume").first).to_be_visible()


SCREENS: dict[str, Callable[[Any], None]] = {
    "home": lambda pg: None,
    "home with a game": home_with_a_game,
    "new game": lambda pg: pg.get_by_role("button", name="New game").click(),
    "score pad": lambda pg: new_game(pg, "Score pad"),
    "ashes": lambda pg: new_game(pg, "ASHES: Blackout Protocol"),
    "hope city": lambda pg: new_game(pg, "Hope City"),
    "unsettled": lambda pg: new_game(pg, "Unsettled: Blackout"),
    "blackout hong kong": lambda pg: new_game(pg, "Blackout: Hong Kong"),
    "infamous traffic": lambda pg: new_game(pg, "An Infamous Traffic"),
}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_screen_reader_finds_no_serious_violation(phone: Any, screen: str) -> None:
    """No serious or critical violation (Flutter's own aside, as on a bare Flet page): no unnamed button, no
    control inside another; and no button says its name twice."""
    SCREENS[screen](phone)
    found = audit(phone)
    assert not found, "\n".join(["", *found])


def test_a_screen_reader_activates_a_tally_button_once(phone: Any) -> None:
    """A screen reader activates the node it names (a click on that node alone, no finger on the screen):
    the ripple-free tap area answers it, once."""

    def activate(button: Any) -> None:
        button.evaluate("el => el.click()")

    activate(phone.get_by_role("button", name="New game"))
    activate(phone.get_by_role("button", name="Score pad"))
    settle(phone)
    activate(phone.get_by_role("button", name="One player more"))
    expect(ident(phone, "player-count")).to_have_text("3")
    activate(phone.get_by_role("button", name="Start"))
    activate(phone.get_by_role("button", name="+5").first)
    expect(ident(phone, "score-0")).to_have_text("5")
    expect(ident(phone, "history-count")).to_have_text("1 entry")
