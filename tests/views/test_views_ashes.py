"""ASHES screens without a browser: set-up, a player's steppers and protocols, the rival's turn entered
card by card or drawn by the app, refusals, undo, and the score sheet after a played game."""

from __future__ import annotations

import json
import re
from typing import Literal

import flet as ft

import trackers  # noqa: F401
from tests.views.harness import FakePage, open_page, run
from trackers.ashes.rival.card import Arrow, Ordinal, Rescue, RivalCard, SectorParameter
from trackers.ashes.rival.deck import deck_pack
from trackers.ashes.rounds.turn_order import RIVAL
from trackers.core.session import Session
from trackers.services.storage import Store
from views.app import start

UPGRADES: tuple[Literal["I", "II"], ...] = ("I",) * 5 + ("II",) * 5


def _bag(page: FakePage) -> tuple[int, int]:
    found = re.match(r"Bag: (\d+) active, (\d+) essential", page.identified("bag"))
    assert found is not None
    return int(found[1]), int(found[2])


async def _new_solo(page: FakePage) -> None:
    await page.fire("new-game")
    await page.fire("pick-ashes")
    await page.fire("players-fewer")
    await page.change("player-name-0", "Ann")
    await page.change("seed", "7")
    await page.fire("start-game")


async def _board_and_rival(page: FakePage) -> None:
    """Sectors 1 and 2 with two areas each, the first one with a bag icon; one area in sectors 3 and 4."""
    for sector, areas in ((1, 2), (2, 2), (3, 1), (4, 1)):
        for _ in range(areas):
            await page.fire(f"board-areas-{sector}-plus")
    await page.fire("board-bag-1-1")
    await page.fire("board-bag-2-1")
    for track in ("fuel", "data", "strength"):
        await _taps(page, f"board-top-{track}-plus", 4)  # not set, then 2, 3, 4, 5
    await page.fire("use-board")
    await _taps(page, "rival-track-plus", 4)  # 1 to 4
    await _taps(page, "rival-direct-plus", 4)  # 0 to 3
    await _taps(page, "rival-discs-plus", 7)  # 0 to 6
    for tile in range(10):
        await _taps(page, f"rival-upgrade-{tile}", 1 if tile < 5 else 2)  # five I, then five II
    await page.fire("set-rival")


def picked(page: FakePage, row: str) -> list[str]:
    """The filled chips of a row of chips: the values the form sends."""
    return [
        str(c.key).removeprefix(f"{row}-")
        for c in page.controls()
        if isinstance(c, ft.FilledButton) and str(c.key).startswith(f"{row}-")
    ]


async def _taps(page: FakePage, key: str, times: int) -> None:
    for _ in range(times):
        await page.fire(key)


def test_set_up_emerge_adjust_move_and_a_refused_payment(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        await _board_and_rival(page)
        assert page.identified("board-entered") == "Board: My board, 6 areas"
        assert json.loads(store.get_setting("ashes.rival", "{}"))["track_top"] == 4
        assert "Survivors emerge in sectors 1 then 2" in " ".join(page.texts())
        await page.fire("setup-emerge")
        active, essential = _bag(page)
        assert active + essential == 75 - 4, "two survivors on each of the two bag-icon areas"
        assert page.identified("survivor-check") == "All 75 survivors accounted for."
        assert page.has("adj-fuel-plus"), "Ann is to play, so her board opens"
        await page.fire("adj-fuel-plus")
        await page.fire("adj-fuel-plus")
        assert page.identified("adj-fuel") == "2"
        await page.fire("adj-antirad-minus")
        assert page.identified("notice-message") == "This costs 1 antirad; you have 0."
        assert page.identified("adj-antirad") == "0"
        await page.fire("open-move")
        await page.fire("move-area-1-1")
        assert page.identified("move-path") == "Path: 1-1"
        await page.fire("move-go")
        assert page.identified("adj-fuel") == "0"
        assert page.identified("vehicle") == "Vehicle: 1-1"
        await page.fire("adj-vp-plus")
        assert page.identified("adj-vp") == "21"
        await page.fire("end-turn")
        assert page.has("rival-facts"), "the rival is to play, so its screen opens"
        assert page.identified("rival-mode") == "Physical deck: enter each card"

    run(go())


def test_a_rival_card_entered_by_hand_shows_numbered_steps_and_undoes_in_one_tap(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        await _board_and_rival(page)
        await page.fire("setup-emerge")
        await page.fire("open-pass")
        await page.fire("pass-go")
        assert page.identified("rival-marker") == "Marker 0 of 4"
        await page.fire("card-arrow-blue")
        await page.fire("card-main13-rescue")
        await page.fire("card-numeric-3")
        assert page.identified("rival-question") == (
            "Sector 1, counting from the bottom: how many areas holding survivors?"
        )
        assert page.identified("rival-tracked") == (
            "Lantern's board: 1 area(s) of sector 1 hold survivors; the rival takes 1-1."
        )
        assert picked(page, "rival-cases") == ["1"], "Lantern's count to start"
        assert picked(page, "rival-area") == ["1-1"]
        assert page.identified("rival-follow-up") == (
            "Count to the 1st area holding survivors from the bottom: how many active and essential?"
        )
        before = sum(_bag(page))
        await page.fire("rival-turn")
        assert page.identified("rival-marker") == "Marker 1 of 4"
        assert page.identified("rival-vp") == "VP 22"
        assert sum(_bag(page)) == before + 2
        assert page.has("rival-step-1") and page.has("rival-step-rule-1")
        steps = [t for t in page.texts() if re.match(r"\d+\. ", t)]
        assert steps[0] == "1. Reveal rival card Card 1"
        assert steps[1] == "2. Arrow blue: marker 0 to 1"
        assert not any("→" in t for t in steps)
        await page.fire("rival-step-rule-1")
        assert page.identified("section-title") == "The rival's turn"
        await page.change("nav", 0, prop="selected_index")
        await page.fire("undo")
        assert page.identified("rival-marker") == "Marker 0 of 4"
        assert page.identified("rival-vp") == "VP 20"
        assert sum(_bag(page)) == before
        assert page.has("rival-turn"), "the rival's turn can be entered again"

    run(go())


def _deck() -> tuple[RivalCard, ...]:
    return tuple(
        RivalCard(
            f"R{n}", Arrow.BLUE, Rescue(), Rescue(), None, Ordinal.FROM_TOP, n, SectorParameter.THIS_ROUND
        )
        for n in range(1, 4)
    )


def test_a_digital_rival_turn_is_drawn_answered_and_undone_together(store: Store) -> None:
    async def go() -> None:
        store.save_pack(deck_pack("My rival deck", _deck()))
        page = await open_page(start, store)
        await _new_solo(page)
        await _board_and_rival(page)
        await page.fire("use-rival-deck-My rival deck")
        await page.fire("setup-emerge")
        await page.fire("open-pass")
        await page.fire("pass-go")
        assert page.identified("rival-mode") == "Digital deck: 3 cards catalogued"
        entries = page.identified("history-count")
        await page.fire("rival-draw")
        assert page.identified("rival-card").startswith("Card R")
        assert page.identified("history-count") == entries, "nothing is stored until the answer"
        await page.fire("rival-cases-0")  # Lantern counts an area holding survivors; the table counts none
        await page.fire("rival-turn")  # no case counted: the direct score
        assert page.identified("rival-vp") == "VP 23"
        assert page.identified("rival-marker") == "Marker 1 of 4"
        assert any(t.endswith("direct score +3 VP (20 to 23)") for t in page.texts())
        await page.fire("undo")
        assert page.identified("rival-vp") == "VP 20"
        assert page.identified("history-count") == entries
        assert page.has("rival-draw"), "one undo took back the reveal and the answer"

    run(go())


def test_the_board_and_rival_are_remembered_and_a_board_pack_is_offered(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        for _ in range(3):
            await page.fire("board-areas-1-plus")
        await page.fire("board-bag-1-2")
        await page.change("board-name", "Kitchen table")
        await page.fire("save-board")
        assert [p.name for p in store.list_packs("ashes.board")] == ["Kitchen table"]
        await page.fire("use-board")
        assert page.identified("notice-message") == "Enter the top space of each production track first."
        for track in ("fuel", "data", "strength"):
            await _taps(page, f"board-top-{track}-plus", 2)  # not set, then 2, 3
        await page.fire("use-board")
        await page.fire("set-rival")
        assert page.identified("notice-message") == (
            "Enter every value from your rival's difficulty card and colony board first."
        )
        await _taps(page, "rival-track-plus", 3)  # 1 to 3
        await _taps(page, "rival-direct-plus", 5)  # 0 to 4
        await _taps(page, "rival-discs-plus", 1)  # 0
        for tile in range(10):
            await _taps(page, f"rival-upgrade-{tile}", 2 if tile == 0 else 1)
        await page.fire("set-rival")
        await page.fire("close-game")
        await _new_solo(page)
        assert page.identified("board-areas-1") == "3"
        assert page.identified("board-top-data") == "3"
        assert page.identified("rival-direct") == "4"
        await page.fire("set-rival")
        session = _session(store)
        assert session.state.rival.direct_score == 4
        assert session.state.rival.upgrades_left[0].value == 2
        await page.fire("load-board-Kitchen table")
        assert page.identified("board-entered") == "Board: Kitchen table, 3 areas"

    run(go())


def _session(store: Store) -> Session:
    return store.open_game(store.list_games()[0].id).session


SETUP_STEPS = ("setup-radiation", "setup-missions", "setup-tiles", "setup-emerge")


async def _play_to_final_scoring(page: FakePage) -> None:
    """Three rounds the plainest way: Ann passes at once, the rival's cards score directly until it passes."""
    for _ in range(200):
        if page.has("finish-game"):
            return
        step = next(
            (
                key
                for key in (*SETUP_STEPS, "end-round", "rival-pass")
                if page.has(key) and not page.find(key).disabled  # End round shows, disabled, until all pass
            ),
            None,
        )
        if step is not None:
            await page.fire(step)
        elif page.has("card-arrow-blue"):
            await page.fire("card-arrow-blue")
            await page.fire("rival-turn")
        else:
            await page.fire("open-pass")
            await page.fire("pass-go")
        assert not page.has("notice"), page.identified("notice-message")
    raise AssertionError("the game did not reach the final scoring")


def test_the_score_sheet_after_round_3(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        await _board_and_rival(page)
        await _play_to_final_scoring(page)
        assert "Round 3" in page.identified("status")
        assert page.identified("final-0-state") == "Counts still to enter."
        await page.fire("finish-game")
        assert page.identified("notice-message") == "Enter the final counts of Ann first."
        for _ in range(3):
            await page.fire("final-0-uncovered-plus")
        for _ in range(2):
            await page.fire("final-0-count-0-plus")
        await page.fire("final-0-value-0-plus")
        await page.fire("final-0-go")
        assert page.identified("final-0-state") == "Counts entered."
        await page.fire("medal-dark_blue-gold")
        for _ in range(2):
            await page.fire("rival-uncovered-plus")
        await page.fire("finish-game")
        lines = {t for t in page.texts()}
        assert "12.3 Colony board: uncovered shelter-disc spaces" in lines
        assert "12.4 Phoenix dark blue row: 0 x 2 x 1" in lines
        assert "13.12 Colony board: uncovered shelter-disc spaces" in lines
        assert page.identified("verdict").endswith(" VP.")
        ann, rival = (int(page.identified(f"total-{name}").split()[0]) for name in ("Ann", RIVAL))
        winner = "Ann" if ann > rival else RIVAL
        assert page.identified("verdict").startswith(winner)
        assert page.identified("outcome") == f"Winner: {winner}"

    run(go())


def test_combo_drawn_survivors_and_every_form_of_the_player_board(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        await _board_and_rival(page)
        await page.fire("combo-0")
        for _ in range(2):
            await page.fire("combo-0-survivors-plus")
        await page.fire("combo-0-table-drew")
        await page.fire("combo-0-essential-plus")
        await page.fire("combo-0-go")
        assert not page.has("combos"), "the only combo is taken"
        assert _bag(page) == (49, 24)
        await page.fire("emerge-enter")
        await page.fire("emerge-1-1-2")
        await page.fire("emerge-drawn")
        assert _bag(page) == (47, 22), "2 essentials on 1-1, 2 actives on 2-1"
        await page.fire("rest")
        assert page.identified("notice-message").startswith("No main action to take")
        await page.fire("activate-1")
        assert page.identified("main-actions-left") == "Main actions to take: 1"
        await page.fire("rest")
        assert page.identified("adj-happiness") == "5 of 9"
        assert page.identified("adj-fuel") == "1"
        assert page.identified("main-actions-left") == "No main action earned yet this turn."
        await page.fire("earn-main-action")
        for form in ("rescue", "install", "scout", "milestone", "mission"):
            await page.fire(f"open-{form}")
            assert page.has(f"{form}-go")
        await page.fire("open-install")
        await page.fire("install-slot-2")
        await page.fire("install-slot-2")
        assert page.identified("install-paying") == "Paying: slot 2, slot 2"
        await page.fire("install-go")
        assert page.identified("notice-message").startswith("Level 1 needs")
        await page.fire("more-production")
        await page.fire("raise-data")
        assert page.identified("production-data") == "Data: 2 of 5"
        await page.fire("upgrade-storage-I")
        assert page.find("upgrade-storage-I").icon is not None
        await page.fire("upgrade-storage-II")
        assert "production disc on space 3" in page.identified("notice-message")
        await page.fire("more-materials")
        await page.fire("mat-1-3-plus")
        assert page.identified("mat-1-3") == "1"
        await page.fire("make-go")
        assert page.has("notice")
        await page.fire("more-technology")
        await page.change("tech-tile", "Solar array")
        await page.fire("tech-place-2")
        assert page.identified("tech-2") == "Slot 2: Solar array"
        await page.fire("more-shelters")
        await page.change("new-card-name", "Bunker")
        await page.fire("new-card-pods-minus")
        await page.change("new-pod-0-bonus", "vp 2")
        await page.change("new-pod-1-bonus", "fuel 1")
        await page.fire("new-card-go")
        assert page.has("pod-1-2") and not page.has("pod-1-3")
        assert page.identified("entrance") == "Entrance: essential"
        await page.fire("pod-kind-essential")
        await page.fire("pod-1-1")
        assert page.identified("entrance") == "Entrance: empty"
        assert page.identified("adj-vp") == "22"
        assert page.identified("survivor-check") == "All 75 survivors accounted for."

    run(go())


def test_a_move_carries_survivors_from_one_area_of_the_way_to_a_later_one(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        await _board_and_rival(page)
        await page.fire("setup-emerge")
        first = _session(store).state.area("1-1").survivors
        kind = "active" if first.count("active") else "essential"
        await _taps(page, "adj-fuel-plus", 2)
        await page.fire("open-move")
        await page.fire("move-area-1-1")
        await page.fire("move-area-1-2")
        await page.fire("cargo-pick-1-1")
        await page.fire("cargo-drop-1-2")
        await page.fire(f"cargo-{kind}-plus")
        await page.fire("cargo-add")
        assert page.identified("cargo") == "Cargo: 1 from 1-1 to 1-2"
        await page.fire("move-go")
        state = _session(store).state
        assert state.area("1-1").survivors.total == first.total - 1
        assert state.area("1-2").survivors.count(kind) == 1
        assert page.identified("survivor-check") == "All 75 survivors accounted for."

    run(go())


def test_board_and_deck_packs_can_be_fetched_and_a_bad_address_is_refused(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        await page.change("board-url", "http://example.invalid/board.json")
        await page.fire("fetch-board")
        assert page.identified("notice-message").startswith("Not imported:")
        assert store.list_packs("ashes.board") == []
        await page.fire("board-areas-1-plus")
        await page.change("board-name", "Shared board")
        await page.fire("save-board")
        assert page.has("export-board-Shared board")
        await _board_and_rival(page)
        await page.fire("ashes-view-rival")
        assert page.has("import-rival-deck") and page.has("fetch-rival-deck")

    run(go())


def test_the_board_screen_shows_each_area_as_tracked(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        await _board_and_rival(page)
        await page.fire("setup-emerge")
        await _taps(page, "adj-fuel-plus", 2)
        await page.fire("open-move")
        await page.fire("move-area-2-2")
        await page.fire("move-go")
        await page.fire("ashes-view-board")
        state = _session(store).state
        first = state.area("1-1").survivors
        assert page.identified("area-1-1") == (
            f"1-1, bag icon: {first.count('active')} active, {first.count('essential')} essential"
        )
        assert page.identified("area-2-2") == "2-2: no survivors; vehicles: Ann"
        assert page.identified("area-3-1") == "3-1: no survivors"

    run(go())


def test_a_scout_can_take_what_the_table_drew(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        await _board_and_rival(page)
        await page.fire("setup-emerge")
        before = _bag(page)
        await page.fire("open-scout")
        await page.fire("scout-area-1-2")
        await page.fire("scout-free")
        await page.fire("scout-table-drew")
        await _taps(page, "scout-active-plus", 2)
        await page.fire("scout-go")
        assert _bag(page) == (before[0] - 2, before[1])
        assert _session(store).state.area("1-2").survivors.count("active") == 2

    run(go())


def test_turn_order_rewards_are_entered_with_the_board_and_paid_at_the_pass(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        await page.change("turn-reward-bottom-1", "data 2")
        await _board_and_rival(page)
        assert json.loads(store.get_setting("ashes.quick_board", "{}"))["turn_rewards"][4] == "data 2"
        await page.fire("setup-emerge")
        await page.fire("open-pass")
        await page.fire("pass-go")
        ann = _session(store).state.seat("Ann").board
        assert ann.data == 2, "a solo player starts with 0 data and passes to bottom position 1"

    run(go())


def test_a_two_player_game_hands_the_board_from_player_to_player(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.fire("new-game")
        await page.fire("pick-ashes")
        await page.change("player-name-0", "Ann")
        await page.change("player-name-1", "Bob")
        await page.fire("start-game")
        assert not page.has("rival-setup"), "no rival without a solo game"
        await page.fire("board-areas-1-plus")
        await page.fire("board-bag-1-1")
        for track in ("fuel", "data", "strength"):
            await _taps(page, f"board-top-{track}-plus", 2)
        await page.fire("use-board")
        await page.fire("setup-emerge")
        assert page.has("ashes-view-seat-1") and not page.has("ashes-view-rival")
        assert page.identified("adj-data") == "0", "Ann sits first: no starting data"
        await page.fire("open-pass")
        await page.fire("pass-go")
        assert page.identified("adj-data") == "1", "Bob's board opens: second place starts with 1 data"
        await page.fire("open-pass")
        await page.fire("pass-go")
        assert page.has("end-round"), "both passed: the round can end"
        await page.fire("end-round")
        state = _session(store).state
        assert (state.rounds.round, state.rounds.order) == (2, ("Ann", "Bob"))

    run(go())


def test_new_game_keeps_the_difficulty_in_view_and_folds_the_other_options(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.fire("new-game")
        await page.fire("pick-ashes")
        assert page.has("option-difficulty") and not page.has("option-rival_start_vp")
        assert page.find("show-options").content == "Other game options: 0 changed of 17 (tap to see them)"
        await page.fire("show-options")
        assert page.has("option-rival_start_vp")
        assert page.find("show-options").content == "Hide the other game options"

    run(go())


def test_an_entry_not_open_now_is_disabled_with_its_reason(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_solo(page)
        assert page.find("setup-emerge").disabled, "no survivor can emerge before the board is entered"
        assert page.identified("setup-emerge-blocked") == "Enter the board first: its areas and tracks."
        await _board_and_rival(page)
        assert not page.find("setup-emerge").disabled and not page.has("setup-emerge-blocked")
        assert not page.has("end-round"), "the round's set-up is not over"
        await page.fire("setup-emerge")
        assert page.find("end-round").disabled
        assert page.identified("end-round-blocked") == (
            "The round ends once everyone has passed; still playing: Ann, rival."
        )
        await page.fire("open-pass")
        await page.fire("pass-go")
        assert page.identified("end-round-blocked") == (
            "The round ends once everyone has passed; still playing: rival."
        )

    run(go())


def test_a_one_card_rival_deck_is_said_in_the_singular(store: Store) -> None:
    """A count shown on screen reads "1 card", not "1 cards" (trackers/core/wording.py)."""

    async def go() -> None:
        store.save_pack(deck_pack("Short deck", _deck()[:1]))
        page = await open_page(start, store)
        await _new_solo(page)
        await _board_and_rival(page)
        assert page.find("use-rival-deck-Short deck").content == "Short deck (1 card)"
        await page.fire("use-rival-deck-Short deck")
        await _taps_to_rival(page)
        assert page.identified("rival-mode") == "Digital deck: 1 card catalogued"

    run(go())


async def _taps_to_rival(page: FakePage) -> None:
    for key in ("setup-emerge", "open-pass", "pass-go"):
        await page.fire(key)
