"""On a phone (412 x 915, a phone's user agent), the game screen follows the game: after an entry that moves
the game to a new step, the step's top is in view below the app bar without a swipe, and what Lantern drew,
rolled or played is in view where the player looks. One stored game per game, set up to the moment before
such an entry, opened from Home."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

import trackers  # noqa: F401  (registers every game)
from build.bench.rounds import Hand, blackout_round, blackout_solo, hope_city_turn, hope_city_turn_start
from tests.blackout_hk.play import started as blackout_started
from tests.e2e.flutter import APP_BAR, NAV_TOP, ident, playing, tap, type_into
from tests.infamous_traffic.play import started as traffic_started
from tests.moments import ashes_until, hope_city_at_chaos, scorepad_game
from tests.unsettled.fixtures import in_play
from trackers.ashes import actions as aa


def in_view(pg: Any, target: Any, within_ms: int = 5000) -> None:
    """The target's top comes on screen below the app bar and above the navigation bar by itself (the screen
    scrolls a moment after the entry's result): seen without a swipe."""
    target.wait_for(state="visible")
    bottom = pg.viewport_size["height"] - NAV_TOP
    box = None
    for _ in range(within_ms // 100):
        box = target.bounding_box()
        if box is not None and box["y"] >= APP_BAR - 1 and box["y"] + min(box["height"], 40) <= bottom:
            return
        pg.wait_for_timeout(100)
    raise AssertionError(f"not in view: {box}; the screen then: {_laid_out(pg)}")


def _laid_out(pg: Any) -> str:
    """Where each tagged node of the screen lies (identifier and top), to tell what pushed a step away."""
    return str(
        pg.evaluate(
            "() => [...document.querySelectorAll('[flt-semantics-identifier]')].map(e =>"
            " e.getAttribute('flt-semantics-identifier') + ' ' + Math.round(e.getBoundingClientRect().y))"
        )
    )


@dataclass
class Watching(Hand):
    """The round bench's hand (build/bench/rounds.py) on a game's scripted round, which after each entry
    also reads the step's heading (tagged `heading`): each time its text changes, the game moved to a new
    step, and the heading must come into view without a swipe."""

    heading: str = ""
    seen: list[str] = field(default_factory=list)
    """The heading's text at each new step, in order."""

    def settled(self) -> None:
        super().settled()
        target = ident(self.page, self.heading)
        if not target.count():
            return
        text = target.first.text_content() or ""
        if not self.seen or text != self.seen[-1]:
            in_view(self.page, target.first)
            self.seen.append(text)


def watched(
    browser: Any,
    device: dict[str, Any],
    folder: Path,
    start: Any,
    script: Callable[[Hand], None],
    heading: str,
) -> list[str]:
    """The scripted round played on the stored game, its step's heading watched: the headings seen."""
    with playing(browser, device, folder, start) as phone:
        hand = Watching(phone, heading=heading)
        hand.settled()
        script(hand)
        return hand.seen


def test_score_pad_the_draw_and_a_new_round(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with playing(browser, pixel_7, tmp_path, scorepad_game()) as phone:
        tap(phone, phone.get_by_role("button", name="Draw first player"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "lantern-todo-0")).to_contain_text("starts the round")
        tap(phone, phone.get_by_role("button", name="End round"))
        in_view(phone, ident(phone, "score-0"))
        expect(ident(phone, "bar-status")).to_contain_text("Round 2")


def test_hope_city_the_turn_the_wage_and_the_attack(
    browser: Any, pixel_7: dict[str, Any], tmp_path: Path
) -> None:
    with playing(browser, pixel_7, tmp_path, hope_city_at_chaos()) as phone:
        tap(phone, phone.get_by_role("button", name="Put a chaos card in play"))
        in_view(phone, phone.get_by_text(re.compile(r"^The Mayor \(Ann\)'s turn$")))
        tap(phone, phone.get_by_role("button", name="Draw the Mayor's wage"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "lantern-todo-0")).to_contain_text("out of the bag")
        # Into a space the PUNKS hold: Lantern rolls their attack, and the roll shows where the player looks.
        tap(phone, phone.get_by_role("button", name=re.compile(r"^\w+: (Big )?Punk")).first)
        tap(phone, phone.get_by_role("button", name="Roll for me"))
        expect(ident(phone, "lantern-did-0")).to_contain_text("PUNK attack on")
        in_view(phone, ident(phone, "lantern-did-0"))


def test_blackout_the_dice_rolled_and_planning(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with playing(browser, pixel_7, tmp_path, blackout_started(players=2, seed=3)) as phone:
        tap(phone, phone.get_by_role("button", name="Lantern rolls"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "lantern-todo-0")).to_contain_text("Turn the resource dice")
        in_view(phone, ident(phone, "bhk-step"))


def test_infamous_traffic_turns_to_the_event_drawn(
    browser: Any, pixel_7: dict[str, Any], tmp_path: Path
) -> None:
    """The round bench's turn (Ada conducts business), each next player's turn, the round's end, and the
    event Lantern draws: each new step's heading in view without a swipe."""
    with playing(browser, pixel_7, tmp_path, traffic_started(players=3, seed=4)) as phone:
        on_turn = ident(phone, "it-on-turn")
        tap(phone, phone.get_by_role("button", name="Conduct Business"))
        tap(phone, phone.get_by_role("button", name=re.compile(r"^Merchant gained .* plus one$")))
        tap(phone, phone.get_by_role("button", name="Conduct business", exact=True))
        expect(on_turn).to_have_text("Ben's turn")
        in_view(phone, on_turn)
        tap(phone, phone.get_by_role("button", name="Pass", exact=True))
        expect(on_turn).to_have_text("Cai's turn")
        in_view(phone, on_turn)
        tap(phone, phone.get_by_role("button", name="Pass", exact=True))
        expect(on_turn).to_have_text("End of the round")
        in_view(phone, on_turn)
        tap(phone, phone.get_by_role("button", name="Draw an event"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "lantern-todo-0")).to_contain_text("out of the event bag")


def test_ashes_a_solo_round(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    """The round bench's solo round: the survivors Lantern draws and Ann's turn (a reward's fuel, a move, End
    turn), the rival's turn (its card drawn and answered), Ann's turn again; then a round's end and each
    step of the next round's set-up to Ann's turn: each new step's heading in view without a swipe."""
    turns, round_end = tmp_path / "turns", tmp_path / "round-end"
    turns.mkdir()
    round_end.mkdir()
    with playing(browser, pixel_7, turns, ashes_until(aa.Emerge)) as phone:
        seat = ident(phone, "seat-name")
        tap(phone, phone.get_by_role("button", name="Survivors emerge (the app draws)"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "lantern-todo-0")).to_contain_text("out of the bag")
        in_view(phone, seat)
        expect(seat).to_have_text("Ann")
        for _ in range(2):
            tap(phone, phone.get_by_role("button", name="Fuel plus one"))
        tap(phone, phone.get_by_role("button", name="Move", exact=True))
        tap(phone, phone.get_by_role("button", name=re.compile(r"^S1a\b")).first)
        tap(phone, phone.get_by_role("button", name="Move the vehicle"))
        tap(phone, phone.get_by_role("button", name="End turn"))
        in_view(phone, phone.get_by_role("button", name="Draw rival card"))
        tap(phone, phone.get_by_role("button", name="Draw rival card"))
        tap(phone, ident(phone, "rival-cases").get_by_role("button", name="1", exact=True))
        tap(phone, ident(phone, "rival-space").get_by_role("button", name="C2", exact=True))
        tap(phone, phone.get_by_role("button", name="Rival turn"))
        expect(ident(phone, "next-step")).to_contain_text("Ann plays a protocol")
        in_view(phone, seat)
    with playing(browser, pixel_7, round_end, ashes_until(aa.EndRound)) as phone:
        setup = ident(phone, "round-setup")
        tap(phone, phone.get_by_role("button", name="End round"))
        expect(setup).to_have_text("Round 2 setup")
        in_view(phone, setup)
        for step in ("Radiation", "Missions discarded", "Area tiles reset"):
            tap(phone, phone.get_by_role("button", name=step, exact=True))
            in_view(phone, setup)
        tap(phone, phone.get_by_role("button", name="Survivors emerge (the app draws)"))
        in_view(phone, ident(phone, "lantern-did-0"))
        expect(ident(phone, "seat-name")).to_have_text("Ann")
        in_view(phone, ident(phone, "seat-name"))


def test_ashes_the_rival_card_drawn(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with playing(browser, pixel_7, tmp_path, ashes_until(aa.RevealRivalCard)) as phone:
        tap(phone, phone.get_by_role("button", name="Draw rival card"))
        in_view(phone, ident(phone, "rival-card"))


def test_blackout_a_solo_round(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    """The round bench's solo round, from the dice to round 2: each new step's heading in view."""
    seen = watched(browser, pixel_7, tmp_path, blackout_solo(), blackout_round, "bhk-step")
    assert seen == [
        "The starting player rolls the three resource dice.",
        "Plan cards into slots: Player 1.",
        "Player 1: turn up your planned cards.",
        "Player 1: complete goals, then done.",
        "Player 1: place 1 cube(s) on the map.",
        "Player 1: complete goals, then done.",
        "Player 1: scout a district, or done.",
        "Player 1: buy a card or pass.",
        "Player 1: waste water and food; discard up to 1 objective.",
        "Enter each district secured this round, then done.",
        "Player 1: refresh your hand, or done.",
        "The starting player rolls the three resource dice.",
    ], "every step of the round was watched, round 2's first too"


def test_hope_city_the_bench_turn(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    """The round bench's turn of the Mayor, to the Coach's: each new step's heading in view."""
    seen = watched(browser, pixel_7, tmp_path, hope_city_turn_start(), hope_city_turn, "hc-on-turn")
    assert seen == ["The Mayor (Ann)'s turn", "The Coach (Bob)'s turn"]


def test_unsettled_the_bench_turn(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    """The round bench's turn: Ann's move into unpowered Navigation asks for a clumsiness check, its answer
    brings LUNA's roll, then LUNA's turn: each new step's top in view without a swipe."""
    with playing(browser, pixel_7, tmp_path, in_play()) as phone:
        tap(phone, ident(phone, "cell-1-2"))
        expect(ident(phone, "pending-step")).to_have_text("Clumsiness check")
        in_view(phone, ident(phone, "pending-step"))
        tap(phone, phone.get_by_role("button", name="Passed"))
        in_view(phone, ident(phone, "luna-roll"))
        type_into(phone, ident(phone, "luna-roll"), "2")
        tap(phone, phone.get_by_role("button", name="LUNA's turn"))
        expect(ident(phone, "luna-steps")).to_contain_text("LUNA")
        in_view(phone, ident(phone, "luna-steps"))


def test_unsettled_luna_pursues(browser: Any, pixel_7: dict[str, Any], tmp_path: Path) -> None:
    with playing(browser, pixel_7, tmp_path, in_play()) as phone:
        tap(phone, phone.get_by_role("button", name="Roll for me"))
        in_view(phone, ident(phone, "lantern-did-0"))
