"""The round bench (#28 point 8): a scripted round or turn of each game entered through the real browser on a
412 x 915 phone, as a player who knows the way enters it.

Each game starts from a stored game at the start of its round (seeded through the engine), opened from Home
on a Pixel 7 page. Every control is found by its role and visible label (or the row's identifier and the
chip's label), scrolled to until it is on screen, then tapped or typed into. Counted: taps, typed fields,
the swipes needed before a control was on screen (the distance scrolled, in 400 px swipes: the wheel's own
steps are shorter), and the tallest scrollable screen (scrollHeight, px) seen after each entry. The figures
are printed, with each game's budget where the issue gives one; nothing here fails on a figure.

A game whose forms ask for cards' printed values is entered a second time with every card of its round
already catalogued (#32 point 5): its catalogue pack is in the store before the round, and the script picks
each card by the name on its button where the first one types or taps in the card's values.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from build.bench.browser import skip_reason
from build.bench.figures import Figure
from tests.e2e.flutter import CHROMIUM, CHROMIUM_ARGS, ident, playing, reach, type_into
from tests.infamous_traffic.play import started as traffic_started
from tests.moments import ashes_until, hope_city_at_chaos
from tests.unsettled.fixtures import in_play
from trackers.ashes import actions as aa
from trackers.blackout_hk import queries as blackout_queries
from trackers.blackout_hk.actions import PlaceStart, StartGame
from trackers.blackout_hk.catalogue import CardEntry, Goal, TileEntry
from trackers.blackout_hk.game import BLACKOUT_HK
from trackers.core.game import make_setup
from trackers.core.packs import Pack
from trackers.core.session import Session
from trackers.hope_city import queries as hope_queries
from trackers.hope_city.actions import ChaosIn
from trackers.hope_city.catalogue import ObjectiveEntry
from trackers.infamous_traffic import queries as traffic_queries
from trackers.infamous_traffic.catalogue import CardEntry as TrafficCard
from trackers.services.datadir import DATABASE_NAME
from trackers.services.storage import Store
from views.catalogue import MY_CARDS

QUIET_MS = 400
"""A tap's result has landed once the semantics DOM has not changed for this long (or after SETTLE_MS)."""
SETTLE_MS = 10_000
WAIT_MS = 30_000

SETTLE_JS = """
([quiet, most]) => new Promise((resolve) => {
  let timer = 0;
  const done = () => { observer.disconnect(); clearTimeout(timer); clearTimeout(cap); resolve(); };
  const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, quiet); });
  observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  timer = setTimeout(done, quiet);
  const cap = setTimeout(done, most);
})
"""
TALLEST_JS = """
() => Math.max(0, ...Array.from(
  document.querySelectorAll("flt-semantics[style*='overflow-y: scroll']"), (node) => node.scrollHeight))
"""


@dataclass
class Hand:
    """A player's hand on the phone: enters each control as a person would, and counts what it took."""

    page: Any
    taps: int = 0
    typed: int = 0
    swipes: int = 0
    tallest: int = 0
    swiped: list[str] = field(default_factory=list)
    """Each control a swipe was needed for, with the swipes: where to bring the count down."""

    def button(self, name: str, *, exact: bool = True) -> None:
        self.tap(self.page.get_by_role("button", name=name, exact=exact), name)

    def chip(self, row: str, name: str) -> None:
        """A chip of a row of choices, named by the row's identifier and the chip's label."""
        self.tap(ident(self.page, row).get_by_role("button", name=name, exact=True), f"{row}: {name}")

    def tap(self, target: Any, label: str) -> None:
        target = target.first
        self.reach(target, label)
        target.tap()
        self.taps += 1
        self.settled()

    def type(self, target: Any, label: str, text: str) -> None:
        self.reach(target, label)
        type_into(self.page, target, text)
        self.typed += 1
        self.settled()

    def reach(self, target: Any, label: str) -> None:
        swipes = reach(self.page, target)
        if swipes:
            self.swipes += swipes
            self.swiped.append(f"{label} ({swipes})")

    def settled(self) -> None:
        self.page.evaluate(SETTLE_JS, [QUIET_MS, SETTLE_MS])
        self.tallest = max(self.tallest, int(self.page.evaluate(TALLEST_JS)))

    def offers(self, name: str) -> None:
        """Wait until the screen shows a button named `name`: a one-tap entry landed when the next shows."""
        expect(self.page.get_by_role("button", name=name, exact=True).first).to_be_attached(timeout=WAIT_MS)

    def sees(self, identifier: str, text: str) -> None:
        """Wait until the screen shows `text` under `identifier`: where the script checks it is on track."""
        expect(ident(self.page, identifier).first).to_contain_text(text, timeout=WAIT_MS)


def blackout_solo() -> Session:
    """A solo campaign (plan A with 3 goals), Player 1 started on Mong Kok: round 1's dice are next."""
    setup = make_setup(BLACKOUT_HK, ("Player 1",), {"mode": "the campaign"})
    session = Session(BLACKOUT_HK, setup, 3)
    for entry in (StartGame(plan_goals=(3,)), PlaceStart("Player 1", "Mong Kok")):
        assert session.dispatch(entry).ok
    return session


def blackout_dice_to_procure(hand: Hand) -> None:
    """Phases 1 and 2 of the solo round: the dice, three cards planned, each turned up."""
    hand.chip("bhk-die-red", "gasoline")
    hand.chip("bhk-die-yellow", "tools")
    hand.chip("bhk-die-blue", "water")
    hand.button("Enter the dice")
    hand.sees("bhk-step", "Plan cards into slots")
    hand.chip("bhk-plan-1", "Red volunteer (red-2)")
    hand.chip("bhk-plan-2", "Yellow volunteer")
    hand.chip("bhk-plan-3", "Scout")
    hand.button("Plan 3 card(s)")
    hand.sees("bhk-step", "turn up your planned cards")
    hand.button("Procure 2 gasoline")
    hand.button("Procure 2 tools")
    hand.button("Scout: +2 HK$")
    hand.sees("bhk-step", "complete goals, then done")


def blackout_place(hand: Hand) -> None:
    """The starting volunteer's cube placed."""
    hand.sees("bhk-step", "place 1 cube(s) on the map")
    hand.type(ident(hand.page, "bhk-place-location"), "bhk-place-location", "Sham Shui Po")
    hand.button("Place the cube")
    hand.sees("bhk-step", "complete goals, then done")


def blackout_done_with_goals(hand: Hand) -> None:
    hand.button("Done with goals")
    hand.sees("bhk-step", "scout a district, or done")


def blackout_after_the_buy(hand: Hand) -> None:
    hand.button("Pass")
    hand.sees("bhk-clean-check", "adds up")
    hand.button("Clean up")
    hand.button("No more districts (done)")
    hand.sees("bhk-step", "refresh your hand, or done")
    hand.button("Refresh (slot 2)")
    hand.sees("bhk-where", "round 2")


def blackout_round(hand: Hand) -> None:
    """The solo round of tests/views/test_views_blackout_hk.py (`WAY`), by the labels a player reads: each
    volunteer's Procure button of the cubes its die shows, plan A's first goal open as it starts (a plan
    beside the board: no card of the catalogue), the search team as it starts (the volunteers in hand, 1
    icon a card meeting the simple challenge of 1)."""
    blackout_dice_to_procure(hand)
    hand.chip("bhk-goal-card", "Starting volunteer (c1)")
    hand.chip("bhk-goal-pay", "tools")
    hand.chip("bhk-goal-colour", "red")
    hand.button("Cubes to place on the map plus one", exact=False)
    hand.button("Complete the goal")
    blackout_place(hand)
    hand.chip("bhk-goal-card", "Plan A")
    hand.chip("bhk-goal-pay", "gasoline")
    hand.button("Complete the goal")
    hand.sees("bhk-goal-pay-entered", "Pay: none")
    blackout_done_with_goals(hand)
    hand.chip("bhk-scout-district", "3")
    hand.chip("bhk-scout-reward", "hkd")
    hand.button("Reward amount plus one", exact=False)
    hand.button("Reward amount plus one", exact=False)
    hand.button("Scout")
    hand.sees("bhk-step", "buy a card or pass")
    hand.chip("bhk-buy-kind", "Blue volunteer")
    hand.button("Row 1: 4 HK$")
    blackout_after_the_buy(hand)


BLACKOUT_CARDS = (
    CardEntry("Starting volunteer", (Goal(pay=("tools",), place=1),), "red", 2),
    CardEntry("Dock Worker", (Goal(),), "blue", 2),
    CardEntry(
        "Emergency plan A",
        (Goal(pay=("gasoline",)), Goal(pay=("tools", "tools"), points=3), Goal(pay=("books",), place=1)),
    ),
)
BLACKOUT_TILES = (TileEntry("Night Market", 1, 5, "hkd", 2, 3),)


def blackout_catalogue() -> tuple[Pack, ...]:
    """The round's cards as catalogued: the starting volunteer (its goal as printed), plan A beside the
    board, the volunteer bought and the scout tile taken."""
    return (blackout_queries.catalogue_pack(MY_CARDS, cards=BLACKOUT_CARDS, tiles=BLACKOUT_TILES),)


def blackout_round_catalogued(hand: Hand) -> None:
    """The same round, each card picked by name: the starting volunteer's goal and plan A's first one are one
    tap each (as printed, with the card's colour and cube to place); the tile fills its challenge and
    reward; the card bought its kind."""
    blackout_dice_to_procure(hand)
    hand.button("Complete Starting volunteer (c1): pay 1 tools, place 1 cube, to the hand as red")
    blackout_place(hand)
    hand.button("Complete Plan A, goal 1: pay 1 gasoline")
    hand.offers("Complete Plan A, goal 2: pay 2 tools, +3 points")
    blackout_done_with_goals(hand)
    hand.button("Night Market: simple 1 (2), advanced 5 (3), hkd")
    hand.chip("bhk-scout-district", "3")
    hand.button("Scout")
    hand.sees("bhk-step", "buy a card or pass")
    hand.button("Dock Worker: blue volunteer, 2 cubes")
    hand.button("Row 1: 4 HK$")
    blackout_after_the_buy(hand)


def hope_city_turn_start() -> Session:
    """Year 1's chaos card in play: the Mayor's turn begins with the wage."""
    session = hope_city_at_chaos()
    assert session.dispatch(ChaosIn()).ok
    return session


def hope_city_turn(hand: Hand) -> None:
    """The wage drawn by Lantern, a move to a space without a Punk, its objective deferred, the end."""
    hand.button("Draw the Mayor's wage")
    hand.sees("hc-wage-done", "Wage: taken")
    hand.chip("hc-move", "Society")
    hand.chip("hc-obj-cost", "nothing more")
    hand.button("Take this objective")
    hope_city_turn_end(hand)


def hope_city_turn_end(hand: Hand) -> None:
    hand.sees("hc-objective", "Society objective")
    hand.button("Put it on the Future Track")
    hand.button("End the Mayor's turn")
    hand.sees("next-step", "The Coach draws the wage")


def hope_city_catalogue() -> tuple[Pack, ...]:
    return (hope_queries.catalogue_pack(MY_CARDS, [ObjectiveEntry("Night School", "society", ("society",))]),)


def hope_city_turn_catalogued(hand: Hand) -> None:
    """The same turn, the objective taken by its name (its cost catalogued)."""
    hand.button("Draw the Mayor's wage")
    hand.sees("hc-wage-done", "Wage: taken")
    hand.chip("hc-move", "Society")
    hand.button("Night School: Society objective, costing Society")
    hope_city_turn_end(hand)


def ashes_round_start() -> Session:
    return ashes_until(aa.Emerge)


def ashes_round(hand: Hand) -> None:
    """Survivors emerge (Lantern draws), Ann's turn (2 fuel from a reward, a move into 1-1, end of turn),
    then the rival's turn from its catalogued deck (its card's question answered: one free space, C2)."""
    hand.button("Survivors emerge (the app draws)")
    hand.sees("next-step", "plays a protocol or passes")
    hand.button("Fuel plus one", exact=False)
    hand.button("Fuel plus one", exact=False)
    hand.button("Move")
    hand.tap(hand.page.get_by_role("button", name=re.compile(r"^S1a\b")), "S1a")
    hand.button("Move the vehicle")
    hand.button("End turn")
    hand.sees("next-step", "Reveal the rival's next card")
    hand.button("Draw rival card")
    hand.chip("rival-cases", "1")
    hand.chip("rival-space", "C2")
    hand.button("Rival turn")
    hand.sees("next-step", "Ann")


def unsettled_turn(hand: Hand) -> None:
    """Ann moves from Outside Front to unpowered Navigation and passes the clumsiness check; the table's roll
    of 2 is typed in for LUNA's turn."""
    hand.tap(ident(hand.page, "cell-1-2"), "cell-1-2 (Navigation)")
    hand.sees("explorer-0", "Ann on Navigation")
    hand.button("Passed")
    hand.type(ident(hand.page, "luna-roll"), "luna-roll", "2")
    hand.button("LUNA's turn")
    hand.sees("luna-steps", "LUNA")


def traffic_turn_start() -> Session:
    return traffic_started(players=3, seed=4)


def traffic_business(hand: Hand) -> None:
    """Ada conducts business in London: the card gave her a Merchant."""
    hand.button("Conduct Business")
    hand.button("Merchant gained (6 in supply) plus one", exact=False)
    hand.button("Conduct business")
    hand.sees("next-step", "Ben: take one action")
    hand.button("Inquire")


def traffic_turn(hand: Hand) -> None:
    """Ada conducts business; Ben inquires in London and keeps a card of 2 VP with a lock."""
    traffic_business(hand)
    hand.type(ident(hand.page, "it-inquire-name"), "it-inquire-name", "Clipper")
    hand.button("Victory points plus one")
    hand.button("Victory points plus one")
    hand.button("It has a lock")
    hand.button("Keep this card")
    hand.sees("next-step", "Cai: take one action")


def traffic_catalogue() -> tuple[Pack, ...]:
    return (traffic_queries.catalogue_pack(MY_CARDS, [TrafficCard("Clipper", vp=2, locked=True)]),)


def traffic_turn_catalogued(hand: Hand) -> None:
    """The same turns, Ben's card picked by name."""
    traffic_business(hand)
    hand.button("Clipper: upkeep 0, 2 VP, 0 parties, locked")
    hand.button("Keep this card")
    hand.sees("next-step", "Cai: take one action")


@dataclass(frozen=True)
class Catalogued:
    """The round entered again with its cards catalogued: the packs stored first, the script picking each
    card by name, and the budget of #32 (None: printed, no budget)."""

    name: str
    packs: Callable[[], tuple[Pack, ...]]
    script: Callable[[Hand], None]
    budget: int | None


@dataclass(frozen=True)
class Round:
    """One game's scripted round or turn, where it starts, and the issue's budget of taps and typed fields
    (None: printed, no budget yet); with `catalogued`, its second figure."""

    name: str
    start: Callable[[], Session]
    script: Callable[[Hand], None]
    budget: int | None
    catalogued: Catalogued | None = None


ROUNDS = (
    Round(
        "Blackout HK solo round",
        blackout_solo,
        blackout_round,
        35,
        Catalogued("Blackout HK round, catalogued", blackout_catalogue, blackout_round_catalogued, 25),
    ),
    Round(
        "Hope City citizen's turn",
        hope_city_turn_start,
        hope_city_turn,
        7,
        Catalogued("Hope City turn, catalogued", hope_city_catalogue, hope_city_turn_catalogued, 5),
    ),
    Round("ASHES solo round, first turns", ashes_round_start, ashes_round, None),
    Round("Unsettled explorer turn", in_play, unsettled_turn, None),
    Round(
        "Infamous Traffic player turns",
        traffic_turn_start,
        traffic_turn,
        None,
        Catalogued("Infamous Traffic, catalogued", traffic_catalogue, traffic_turn_catalogued, None),
    ),
)
SWIPE_BUDGET = 0


def verdict(hand: Hand, budget: int | None) -> str:
    """The row's notes as aligned columns: each count, the budgets and whether each is met (swipes' budget is
    0 everywhere), then the controls a swipe was needed for."""
    entries = "-" if budget is None else "met" if hand.taps + hand.typed <= budget else "OVER"
    swipes = "met" if hand.swipes <= SWIPE_BUDGET else "OVER"
    notes = (
        f"taps {hand.taps:>2}  typed {hand.typed}  swipes {hand.swipes:>2}  tallest {hand.tallest:>5} px  "
        f"budget {'-' if budget is None else budget:>2} {entries:<4}  swipes {SWIPE_BUDGET} {swipes:<4}"
    )
    return f"{notes}  swiped to: {'; '.join(hand.swiped)}" if hand.swiped else notes.rstrip()


def played(
    browser: Any,
    device: dict[str, Any],
    game: Round,
    script: Callable[[Hand], None],
    packs: tuple[Pack, ...] = (),
) -> Hand:
    """The round entered on a fresh app with its own data folder holding the one stored game (and `packs`)."""
    with tempfile.TemporaryDirectory() as data:
        with Store(Path(data) / DATABASE_NAME) as store:
            for pack in packs:
                store.save_pack(pack)
        with playing(browser, device, Path(data), game.start()) as page:
            page.set_default_timeout(WAIT_MS)
            hand = Hand(page)
            hand.settled()
            script(hand)
            return hand


def round_figures() -> Iterator[Figure]:
    reason = skip_reason()
    if reason is not None:
        yield Figure("round bench", None, "", f"skipped: {reason}")
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        device = dict(playwright.devices["Pixel 7"])
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            for game in ROUNDS:
                hand = played(browser, device, game, game.script)
                notes = verdict(hand, game.budget)
                yield Figure(f"round: {game.name}", hand.taps + hand.typed, "entry", notes)
                if game.catalogued is not None:
                    again = game.catalogued
                    hand = played(browser, device, game, again.script, again.packs())
                    notes = verdict(hand, again.budget)
                    yield Figure(f"round: {again.name}", hand.taps + hand.typed, "entry", notes)
        finally:
            browser.close()
