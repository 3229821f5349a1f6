"""Card catalogues on a phone (Playwright's "Pixel 7", 412 x 915), issue #32: a card typed in and saved to
the catalogue in one game is picked by name in a new game in at most 2 taps after its form opens, and the
entry it makes equals the typed one. Two stored games at the same moment, opened from Home one after the
other (the one played first is listed first after it)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

import trackers  # noqa: F401  (registers every game)
from tests.e2e.flutter import ident, open_phone, reach, serve, stored, type_into
from tests.infamous_traffic.play import started as traffic_started
from trackers.blackout_hk import actions as ba
from trackers.blackout_hk.game import BLACKOUT_HK
from trackers.core.actions import Action
from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.hope_city import actions as ha
from trackers.hope_city.game import HOPE_CITY
from trackers.infamous_traffic import actions as ia
from trackers.services.datadir import DATABASE_NAME
from trackers.services.storage import Store

P1 = "Player 1"
POLITICS_AND_SOCIETY = "Politics objective, costing Politics, Society"


def _hope_city_at_the_objective() -> Session:
    """Three citizens, the Mayor's wage drawn: he stays on Politics, so his objective comes next."""
    session = Session(HOPE_CITY, make_setup(HOPE_CITY, (P1, "Player 2", "Player 3"), {}), 7)
    seats = ((P1, "mayor"), ("Player 2", "coach"), ("Player 3", "ranger"))
    drawn = ("politics", "society", "environment", "technology", "economics", "society")
    entries = (
        ha.ChooseCitizens(seats, 30, 10, 5),
        *(ha.DrawToken(t) for t in drawn),
        ha.ChaosIn(),
        ha.DrawToken("politics"),
    )
    for entry in entries:
        assert session.dispatch(entry).ok, entry
    return session


def _blackout_at_the_buy() -> Session:
    """A solo campaign's first round up to the buy (row 1 costs 4 HK$)."""
    session = Session(BLACKOUT_HK, make_setup(BLACKOUT_HK, (P1,), {"mode": "the campaign"}), 3)
    entries = (
        ba.StartGame(plan_goals=(3,)),
        ba.PlaceStart(P1, "Mong Kok"),
        ba.Roll("food", "tools", "water"),
        ba.Plan(P1, ()),
        ba.Done(),
        ba.Done(),
    )
    for entry in entries:
        assert session.dispatch(entry).ok, entry
    return session


@contextmanager
def two_games(browser: Any, device: dict[str, Any], folder: Path, session: Session) -> Iterator[Any]:
    """The app on a data folder holding the session twice, on a phone at 412 x 915, on Home."""
    with Store(folder / DATABASE_NAME) as store:
        stored(store, session)
        stored(store, session)
    with serve(folder, folder) as url, open_phone(browser, device, url, 412, 915) as pg:
        yield pg


def resume(pg: Any, nth: int, opened: str) -> None:
    """Open the `nth` game Home lists; `opened` is a node its form shows."""
    expect(pg.get_by_role("button", name="Resume", exact=True)).to_have_count(2)
    pg.get_by_role("button", name="Resume", exact=True).nth(nth).tap()
    ident(pg, opened).wait_for(state="visible")


def back_home(pg: Any) -> None:
    pg.get_by_role("button", name="Back to games").tap()


class Finger:
    """Taps counted (and the swipes that brought each target on screen)."""

    def __init__(self, pg: Any) -> None:
        self.pg, self.taps, self.swipes = pg, 0, 0

    def tap(self, target: Any) -> None:
        self.swipes += reach(self.pg, target)
        self.taps += 1
        target.tap()


def bought(pg: Any, buy: Callable[[], None]) -> None:
    """Buy, and wait for the clean-up: the card takes the last 4 HK$ and the third objective spot, so the
    pass the rules then force comes with it (#32)."""
    buy()
    expect(ident(pg, "bhk-step")).to_contain_text("waste water and food")


def entries_of(folder: Path, kind: type[Action]) -> list[list[Action]]:
    """Each stored game's entries of this kind, the game played last first."""
    with Store(folder / DATABASE_NAME) as store:
        return [
            [e.action for e in store.open_game(g.id).session.history if isinstance(e.action, kind)]
            for g in store.list_games()
        ]


def test_hope_city_an_objective_saved_then_taken_by_name_in_one_tap(
    browser: Any, pixel_7: dict[str, Any], tmp_path: Path
) -> None:
    with two_games(browser, pixel_7, tmp_path, _hope_city_at_the_objective()) as phone:
        resume(phone, 0, "hc-obj-catalogue-name")
        type_into(phone, ident(phone, "hc-obj-catalogue-name"), "Town Hall")
        Finger(phone).tap(ident(phone, "hc-obj-cost").get_by_role("button", name="Society", exact=True))
        Finger(phone).tap(phone.get_by_role("button", name="Save to the catalogue"))
        expect(ident(phone, "notice-message")).to_have_text("“Town Hall” saved to the catalogue.")
        Finger(phone).tap(phone.get_by_role("button", name="Take this objective"))
        expect(ident(phone, "hc-objective")).to_be_visible()
        back_home(phone)

        resume(phone, 1, "hc-obj-catalogue-name")
        finger = Finger(phone)
        finger.tap(
            phone.get_by_role("button", name="Town Hall: Politics objective, costing Politics, Society")
        )
        expect(ident(phone, "hc-objective")).to_be_visible()
        assert (finger.taps, finger.swipes) == (1, 0)
    picked, typed = entries_of(tmp_path, ha.ChooseObjective)
    assert picked == typed == [ha.ChooseObjective("pile", ("politics", "society"), name="Town Hall")]


def test_blackout_a_card_saved_when_bought_then_bought_by_name_in_two_taps(
    browser: Any, pixel_7: dict[str, Any], tmp_path: Path
) -> None:
    with two_games(browser, pixel_7, tmp_path, _blackout_at_the_buy()) as phone:
        resume(phone, 0, "bhk-buy-name")
        Finger(phone).tap(ident(phone, "bhk-buy-kind").get_by_role("button", name="Blue volunteer"))
        Finger(phone).tap(ident(phone, "bhk-buy-cubes").get_by_role("button", name="2", exact=True))
        type_into(phone, ident(phone, "bhk-buy-name"), "Dock Worker")
        Finger(phone).tap(phone.get_by_role("button", name="Save to the catalogue"))
        expect(ident(phone, "notice-message")).to_have_text("“Dock Worker” saved to the catalogue.")
        bought(phone, lambda: Finger(phone).tap(phone.get_by_role("button", name="Row 1: 4 HK$")))
        back_home(phone)

        resume(phone, 1, "bhk-buy-name")
        finger = Finger(phone)
        finger.tap(phone.get_by_role("button", name="Dock Worker: blue volunteer, 2 cubes"))
        bought(phone, lambda: finger.tap(phone.get_by_role("button", name="Row 1: 4 HK$")))
        assert (finger.taps, finger.swipes) == (2, 0)
    picked, typed = entries_of(tmp_path, ba.Buy)
    assert picked == typed == [ba.Buy(1, "Dock Worker", goals=1, colour="blue")]


def test_infamous_traffic_a_card_saved_when_inquired_then_kept_by_name_in_two_taps(
    browser: Any, pixel_7: dict[str, Any], tmp_path: Path
) -> None:
    """Ada's first turn (three players, seed 4, as the round bench plays it): Inquire keeps a card."""
    with two_games(browser, pixel_7, tmp_path, traffic_started(players=3, seed=4)) as phone:
        resume(phone, 0, "it-on-turn")
        Finger(phone).tap(phone.get_by_role("button", name="Inquire", exact=True))
        type_into(phone, ident(phone, "it-inquire-name"), "Clipper")
        Finger(phone).tap(phone.get_by_role("button", name="Victory points plus one"))
        Finger(phone).tap(phone.get_by_role("button", name="Save to the catalogue"))
        expect(ident(phone, "notice-message")).to_have_text("“Clipper” saved to the catalogue.")
        Finger(phone).tap(phone.get_by_role("button", name="Keep this card"))
        expect(ident(phone, "it-on-turn")).to_have_text("Ben's turn")
        back_home(phone)

        resume(phone, 1, "it-on-turn")
        Finger(phone).tap(phone.get_by_role("button", name="Inquire", exact=True))
        finger = Finger(phone)
        finger.tap(phone.get_by_role("button", name="Clipper: upkeep 0, 1 VP, 0 parties"))
        finger.tap(phone.get_by_role("button", name="Keep this card"))
        expect(ident(phone, "it-on-turn")).to_have_text("Ben's turn")
        assert (finger.taps, finger.swipes) == (2, 0)
    picked, typed = entries_of(tmp_path, ia.Inquire)
    assert picked == typed == [ia.Inquire("Clipper", 0, 1, 0)]
