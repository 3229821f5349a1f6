"""Screen readers on a phone: axe-core (the engine of browsers' accessibility audits) run over Flutter's
semantics tree finds no serious or critical violation on Home, New game, each game's first screen and the
screens a player uses during play (each game's set-up, turns and phases, Results, History and the Rules
tab). Games under way are stored at the right moment and opened from Home: one app and one phone for them
all, so the file stays quick."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import expect

import trackers  # noqa: F401  (registers every game)
from tests.ashes import play as ashes_play
from tests.blackout_hk import play as blackout_play
from tests.e2e.flutter import AXE, WHEEL, WHEEL_STEPS, ident, open_phone, serve, stored, tap
from tests.e2e.test_e2e_patterns import SCROLLING, scroll_area_to, settle
from tests.hope_city import play as hope_play
from tests.infamous_traffic import play as traffic_play
from tests.moments import ashes_until, hope_city_at_chaos, scorepad_game, traffic_at_events
from tests.unsettled.fixtures import in_play
from tests.views.test_views_blackout_hk import TWO_PLAYER
from trackers.ashes import actions as aa
from trackers.core.game import make_setup
from trackers.core.registry import get_game
from trackers.core.session import Session
from trackers.hope_city import actions as ha
from trackers.scorepad import actions as sa
from trackers.services.datadir import DATABASE_NAME
from trackers.services.storage import Store

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
}
"""Started from New game with its defaults; the other games' first screens (their set-up) are audited with
the games under way (STORED)."""


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


# Games under way, each stored at the moment one of its main screens shows, then opened from Home.


def fresh(game: str, players: tuple[str, ...]) -> Session:
    """A game just started from New game: its set-up screen."""
    module = get_game(game)
    return Session(module, make_setup(module, players, {}), 3)


def until(
    session: Session, step: Callable[[Session, random.Random], object], done: Callable[[Any], bool]
) -> Session:
    """Played by its seeded table (tests/<game>/play.py) until `done(state)`."""
    rng = random.Random(5)
    for _ in range(3000):
        if done(session.state):
            return session
        assert step(session, rng)
    raise AssertionError(f"never reached: {session.state}")


def played(session: Session, *entries: Any) -> Session:
    for entry in entries:
        assert session.dispatch(entry).ok, entry
    return session


def blackout_at(form: str) -> Session:
    """A two-player single game of Blackout: Hong Kong at the Round screen's `form` (its first time)."""
    entries = [entry for _, entry in TWO_PLAYER[: [f for f, _ in TWO_PLAYER].index(form)]]
    return played(fresh("blackout-hk", ("Ada", "Ben")), *entries)


def hope_city_paying() -> Session:
    """A citizen's turn with an objective chosen and not yet paid: its payment form."""
    return until(
        hope_play.new_session(5, size=3),
        hope_play.step,
        lambda s: s.turn is not None and s.turn.objective is not None and not s.turn.objective.paid,
    )


def traffic_in(*stages: str) -> Session:
    return until(traffic_play.started(3, 4), traffic_play.step, lambda s: s.stage in stages)


def show(*names: str) -> Callable[[Any], None]:
    """Taps on the buttons so named (or tagged), one after another."""

    def go(pg: Any) -> None:
        for name in names:
            tagged = ident(pg, name)
            tap(pg, tagged if tagged.count() else pg.get_by_role("button", name=name, exact=True).first)
            settle(pg)

    return go


def into_the_punks(pg: Any) -> None:
    """The Mayor's wage drawn, then a move into a space the PUNKS hold: the attack form."""
    show("Draw the Mayor's wage")(pg)
    tap(pg, pg.get_by_role("button", name=re.compile(r"^\w+: (Big )?Punk")).first)
    expect(pg.get_by_role("button", name="Roll for me")).to_be_visible()
    settle(pg)


STORED: dict[str, tuple[Callable[[], Session], Callable[[Any], None]]] = {
    "score pad: a round under way": (lambda: played(scorepad_game(), sa.AddPoints("Ann", 3)), show()),
    "ashes: player board": (lambda: ashes_until(aa.Emerge), show()),
    "ashes: board": (lambda: ashes_until(aa.Emerge), show("Board")),
    "ashes: rival turn": (lambda: ashes_until(aa.RevealRivalCard), show()),
    "unsettled: set-up": (lambda: fresh("unsettled", ("Ann", "Bob")), show()),
    "unsettled: explorer turn": (in_play, show()),
    "unsettled: luna pursuit": (in_play, show("Roll for me")),
    "blackout: set-up": (lambda: fresh("blackout-hk", ("Ada", "Ben")), show()),
    "blackout: starting locations": (lambda: blackout_at("bhk-starts-card"), show()),
    "blackout: dice": (lambda: blackout_at("bhk-dice"), show()),
    "blackout: planning": (lambda: blackout_at("bhk-plan"), show()),
    "blackout: deploy": (lambda: blackout_at("bhk-deploy"), show()),
    "blackout: goals": (lambda: blackout_at("bhk-objectives"), show("Emergency plan")),
    "blackout: scout": (lambda: blackout_at("bhk-scout"), show()),
    "blackout: buy": (lambda: blackout_at("bhk-buy"), show()),
    "blackout: clean-up": (lambda: blackout_at("bhk-cleanup"), show()),
    "blackout: secure and refresh": (lambda: blackout_at("bhk-secure"), show()),
    "blackout: players and display": (lambda: blackout_at("bhk-deploy"), show("Players")),
    "hope city: set-up": (lambda: fresh("hope-city", ("Ann", "Bob", "Cy")), show()),
    "hope city: chaos": (hope_city_at_chaos, show()),
    "hope city: a turn's wage": (lambda: played(hope_city_at_chaos(), ha.ChaosIn()), show()),
    "hope city: a turn's attack": (lambda: played(hope_city_at_chaos(), ha.ChaosIn()), into_the_punks),
    "hope city: a turn's objective and payment": (hope_city_paying, show()),
    "hope city: year end": (
        lambda: until(hope_play.new_session(5, size=3), hope_play.step, lambda s: s.stage == "cleanup"),
        show(),
    ),
    "traffic: board editor": (lambda: fresh("infamous-traffic", ("Ann", "Ben", "Cat")), show()),
    "traffic: starts": (lambda: traffic_play.new_session(3, 4), show()),
    "traffic: a player turn": (lambda: traffic_play.started(3, 4), show()),
    "traffic: events": (traffic_at_events, show()),
    "traffic: china and the decade": (
        lambda: traffic_in("war", "rush", "books", "season", "compound"),
        show(),
    ),
    "a game's rules": (lambda: blackout_at("bhk-deploy"), show("Rules for this game")),
    "score pad: results": (lambda: played(scorepad_game(), sa.AddPoints("Ben", 2), sa.EndGame()), show()),
    "ashes: score sheet": (lambda: ashes_play.play_game(3, True), show()),
    "blackout: results": (lambda: blackout_play.play_game(3, 5), show()),
    "hope city: results": (lambda: hope_play.play_game(5, "random", size=3), show()),
}


@dataclass(frozen=True)
class Table:
    pg: Any
    games: dict[str, str]
    """Each screen's stored game, by its id."""
    store: Store
    """The app's store, seen from the test: a game is deleted once audited, so the next one heads Home's
    list (the newest first, the finished ones after those in progress)."""


@pytest.fixture(scope="module")
def table(browser: Any, pixel_7: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    """One app holding a game for each screen in STORED, stored last first, on one phone, at Home."""
    folder = tmp_path_factory.mktemp("a11y-games")
    store = Store(folder / DATABASE_NAME)
    games = {screen: stored(store, build()) for screen, (build, _) in reversed(STORED.items())}
    with serve(folder, folder) as url, open_phone(browser, pixel_7, url, 412, 915) as pg:
        pg.get_by_role("button", name="New game").wait_for(timeout=30000)
        yield Table(pg, games, store)
    store.close()


def at_home(pg: Any) -> None:
    """Home, whatever tab, game or History was on show."""
    pg.get_by_role("tab", name="Games").tap()
    settle(pg)
    back = pg.get_by_role("button", name="Back to games")  # from a game or History
    if back.count():
        back.first.tap()
    expect(pg.get_by_role("button", name="New game")).to_be_visible()


def open_stored(pg: Any, game_id: str) -> None:
    """Open a stored game from Home's list: the first button after its title, Resume or Results. A game
    further down (some tests left out) is scrolled to: Flutter puts only the rows near the view in the
    page."""
    title = ident(pg, f"game-{game_id}")
    for _ in range(WHEEL_STEPS):
        if title.count():
            break
        pg.mouse.move(206, 400)
        pg.mouse.wheel(0, WHEEL)
        pg.wait_for_timeout(300)
    tap(pg, title.locator("xpath=following::flt-semantics[@role='button'][1]"))
    expect(ident(pg, "bar-status")).to_be_visible()
    settle(pg)


@pytest.mark.parametrize("screen", ["history", "rules"])
def test_no_serious_violation_on_history_and_the_rules_tab(table: Table, screen: str) -> None:
    pg = table.pg
    at_home(pg)
    if screen == "history":
        tap(pg, pg.get_by_role("button", name="History and stats"))
    else:
        pg.get_by_role("tab", name="Rules").tap()
    settle(pg)
    found = audit(pg)
    assert not found, "\n".join(["", *found])


@pytest.mark.parametrize("screen", list(STORED))
def test_no_serious_violation_on_a_game_under_way(table: Table, screen: str) -> None:
    pg = table.pg
    at_home(pg)
    try:
        open_stored(pg, table.games[screen])
        STORED[screen][1](pg)
        found = audit(pg)
    finally:
        table.store.delete_game(table.games[screen])
    assert not found, "\n".join(["", *found])
