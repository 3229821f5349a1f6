"""The rival's card on a phone (Playwright's "Pixel 7", 412 x 915): a physical rescue, build and install turn
each take at most 5 taps after the card is turned over, with no scroll (every target is whole on screen when
tapped), and the rival's Move vehicle card is played in both deck modes, the area picked on screen."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.ashes.states import LAYOUT, TOPS
from tests.e2e.flutter import ident
from tests.e2e.test_e2e_patterns import NAV_TOP, PHONE, SCROLLING, phone_at, settle
from trackers.ashes import actions as aa
from trackers.ashes.colony.scoring import INSTALL_VP, VP_PER_CLOSED_CARD
from trackers.ashes.game import ASHES
from trackers.ashes.queries import card_of, card_to_json, tracked_rescue, turn_for
from trackers.ashes.rival.card import MoveVehicle, Ordinal, RivalCard, SectorParameter
from trackers.ashes.state import AshesState
from trackers.ashes.terms import PhoenixRow
from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.services.storage import Store

__all__ = ["phone_at"]  # the fixture, shared with the screen-pattern tests

MOVES = tuple(
    RivalCard(
        f"M{n}", None, MoveVehicle(), MoveVehicle(), None, Ordinal.FROM_TOP, n, SectorParameter.THIS_ROUND
    )
    for n in (1, 2)
)
"""A catalogued deck of two Move vehicle cards, numbers 1 and 2."""


def rival_to_play(data: Path, deck: tuple[RivalCard, ...] = ()) -> str:
    """A solo game on the test board (two areas and one construction space a sector), survivors out and Ann
    passed, so the rival plays card after card; `deck` catalogued for the app to draw from. Its id."""
    with Store(data / "lantern.sqlite3") as store:
        game = store.create_game(ASHES, make_setup(ASHES, ("Ann",), {}), 3)
        session = game.session
        session.play(aa.UseBoard(LAYOUT, TOPS))
        session.play(aa.SetRival(6, 3, 6, ("I", "II") * 5))
        if deck:
            session.play(aa.CatalogueRivalDeck(tuple(json.dumps(card_to_json(c)) for c in deck)))
        session.play(aa.Emerge())
        session.play(aa.Pass("Ann", 1))
        return game.id


def stored(data: Path, game: str) -> Session:
    """The game as the app saved it."""
    with Store(data / "lantern.sqlite3") as store:
        return store.open_game(game).session


def last_card(session: Session) -> RivalCard:
    entry = next(e.action for e in reversed(session.history) if isinstance(e.action, aa.RivalTurn))
    assert isinstance(entry, aa.RivalTurn)
    return card_of(entry)


class Thumb:
    """Taps as a finger does, counting them; a target not whole between the screen's top and the navigation
    bar would have needed a scroll, and is counted as one (and tapped where it is, to go on)."""

    def __init__(self, pg: Any) -> None:
        self.pg, self.taps, self.scrolls = pg, 0, 0

    def tap(self, target: Any) -> None:
        settle(self.pg, quiet_ms=500)
        box = target.bounding_box()
        view = self.pg.locator(SCROLLING).first.bounding_box()
        bottom = self.pg.viewport_size["height"] - NAV_TOP
        if box["y"] < view["y"] or box["y"] + box["height"] > bottom:
            self.scrolls += 1
        self.taps += 1
        self.pg.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def chip(self, row: str, name: str) -> None:
        self.tap(ident(self.pg, row).get_by_role("button", name=name, exact=True))

    def rival_turn(self) -> None:
        self.tap(self.pg.get_by_role("button", name="Rival turn"))

    def turn_taken(self) -> tuple[int, int]:
        """The taps and scrolls of the turn just played, the count starting again for the next."""
        taken = self.taps, self.scrolls
        self.taps = self.scrolls = 0
        return taken


def open_game(open_at: Callable[[int, int], Any]) -> Any:
    pg = open_at(*PHONE)
    pg.get_by_role("button", name="Resume", exact=True).first.click()
    expect(ident(pg, "rival-marker")).to_have_count(1)
    return pg


def history_count(pg: Any) -> str:
    return str(ident(pg, "history-count").text_content())


def test_a_physical_rescue_build_and_install_each_take_five_taps_at_most_and_no_scroll(
    phone_at: Callable[[int, int], Any], tmp_path: Path
) -> None:
    data = tmp_path / "data"
    game = rival_to_play(data)
    pg = open_game(phone_at)
    thumb = Thumb(pg)
    taken: dict[str, tuple[int, int]] = {}

    # A rescue, the first card of the game: blue arrow, rescue, number 2; Lantern counts the areas of sector 1
    # holding survivors and names the one the card lands on, so Rival turn takes its count.
    before = stored(data, game).state
    thumb.chip("card-arrow", "Blue")
    thumb.chip("card-main13", "Rescue")
    thumb.chip("card-numeric", "2")
    expect(ident(pg, "rival-tracked")).to_contain_text("Lantern's board:")
    entries = history_count(pg)
    thumb.rival_turn()
    expect(ident(pg, "history-count")).not_to_have_text(entries)
    taken["rescue"] = thumb.turn_taken()
    session = stored(data, game)
    after = session.state
    assert before.rival is not None and after.rival is not None
    tracked = tracked_rescue(before, turn_for(before, before.rival, last_card(session)))
    assert tracked is not None and tracked.area, "the card counts from the bottom: Lantern names the area"
    rescued, emptied = before.area(tracked.area), after.area(tracked.area)
    assert rescued is not None and rescued.survivors.total and emptied is not None
    assert emptied.survivors.total == 0
    assert after.rival.vp == before.rival.vp + rescued.survivors.total
    assert after.rival.marker.value == 1

    # A build in column 2 with an orange arrow; the board lists sector 1's one construction space, so Lantern
    # counts it; the player names it.
    thumb.chip("card-main13", "Build 2")
    thumb.chip("card-arrow", "Orange")
    entries = history_count(pg)
    thumb.chip("rival-space", "C1")
    thumb.rival_turn()
    expect(ident(pg, "history-count")).not_to_have_text(entries)
    taken["build"] = thumb.turn_taken()
    after = stored(data, game).state
    assert after.rival is not None
    assert after.rival_shelters == ("C1",) and after.rival.columns == (0, 1, 0)
    assert after.rival.shelter_discs_left == 5

    # An install in the pink row: two spaces without an upgrade, the first from the bottom at level II; the
    # secondary action scores column 2.
    vp = after.rival.vp
    thumb.chip("card-main13", "Install pink")
    thumb.chip("rival-cases", "2")
    thumb.chip("rival-level", "II")
    thumb.chip("card-secondary", "Score 2")
    entries = history_count(pg)
    thumb.rival_turn()
    expect(ident(pg, "history-count")).not_to_have_text(entries)
    taken["install"] = thumb.turn_taken()
    after = stored(data, game).state
    assert after.rival is not None
    assert after.rival.installed == ((PhoenixRow.PINK, 2),)
    assert after.rival.vp == vp + INSTALL_VP[2] + VP_PER_CLOSED_CARD, "a level II install, column 2's card"

    assert all(taps <= 5 and scrolls == 0 for taps, scrolls in taken.values()), taken
    assert taken == {"rescue": (4, 0), "build": (4, 0), "install": (5, 0)}


def test_a_physical_move_vehicle_card_asks_for_the_area_and_moves_the_vehicle(
    phone_at: Callable[[int, int], Any], tmp_path: Path
) -> None:
    data = tmp_path / "data"
    game = rival_to_play(data)
    pg = open_game(phone_at)
    thumb = Thumb(pg)
    thumb.chip("card-main13", "Move")
    expect(ident(pg, "rival-question")).to_have_text(
        "Sector 1, counting from the bottom: how many areas whose tile shows its main side?"
    )
    thumb.chip("rival-cases", "2")
    expect(ident(pg, "rival-follow-up")).to_contain_text("which area is it?")
    thumb.chip("rival-area", "S1b")
    entries = history_count(pg)
    thumb.rival_turn()
    expect(ident(pg, "history-count")).not_to_have_text(entries)
    state: AshesState = stored(data, game).state
    assert state.rival_vehicle == "S1b" and state.rival is not None and state.rival.vp == 20
    assert thumb.turn_taken() == (4, 0)


def test_a_move_vehicle_card_drawn_from_the_deck_asks_for_the_area_and_moves_the_vehicle(
    phone_at: Callable[[int, int], Any], tmp_path: Path
) -> None:
    data = tmp_path / "data"
    game = rival_to_play(data, MOVES)
    pg = open_game(phone_at)
    thumb = Thumb(pg)
    thumb.tap(pg.get_by_role("button", name="Draw rival card"))
    expect(ident(pg, "rival-card")).to_contain_text("Move vehicle")
    thumb.chip("rival-cases", "2")
    expect(ident(pg, "rival-follow-up")).to_contain_text("which area is it?")
    thumb.chip("rival-area", "S1a")
    thumb.rival_turn()
    expect(ident(pg, "rival-step-1")).to_be_attached()
    state: AshesState = stored(data, game).state
    assert state.rival_vehicle == "S1a" and state.rival is not None and state.rival.vp == 20
    assert state.pending_card is None and len(state.rival.deck.discard_pile) == 1
    assert thumb.turn_taken() == (4, 0)
