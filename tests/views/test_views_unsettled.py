"""Unsettled screens without a browser: options at setup, saved maps, setup, chaos and clumsiness."""

from __future__ import annotations

import trackers  # noqa: F401
from tests.views.harness import FakePage, open_page, run
from trackers.services.storage import Store
from views.app import start


async def _new_unsettled(page: FakePage, **options: str) -> None:
    await page.fire("new-game")
    await page.fire("pick-unsettled")
    await page.fire("players-fewer")
    if options:
        await page.fire("show-options")
    for key, value in options.items():
        await page.change(f"option-{key}", value)
    await page.fire("start-game")


def test_a_saved_map_is_offered_to_the_next_game(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_unsettled(page)
        await page.fire("cell-0-2")  # Outside Front ...
        await page.fire("cell-0-3")  # ... to another cell
        await page.change("map-name", "Our kitchen table")
        await page.fire("save-map")
        assert [p.name for p in store.list_packs("unsettled.map")] == ["Our kitchen table"]
        assert "Saved" in page.identified("notice-message")
        await page.fire("close-game")
        await _new_unsettled(page)
        assert "Example layout" in page.identified("map-name-shown")
        await page.fire("load-map-Our kitchen table")
        assert page.identified("map-name-shown") == "Our kitchen table"

    run(go())


def test_setup_then_a_chaos_trigger_on_the_first_timeline_space(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_unsettled(page, chaos_at="1")
        await page.fire("confirm-map")
        await page.fire("begin-play")
        assert "Place Player 1" in page.identified("notice-message")
        await page.fire("cell-5-2")  # Player 1 on Engine Control
        await page.fire("placing-LUNA")
        await page.fire("cell-1-2")  # LUNA on Navigation
        await page.fire("begin-play")
        assert page.identified("ire") == "Ire 0"
        await page.fire("advance-timeline")
        assert page.has("pending-chaos")
        assert not page.has("luna-turn"), "LUNA waits until the chaos is resolved"
        await page.fire("cell-4-2")
        assert "causes chaos" in page.identified("notice-message")
        await page.fire("chaos-2")
        assert not page.has("pending-chaos")
        assert "side B" in page.identified("timeline")

    run(go())


def test_entering_an_unpowered_room_asks_for_the_clumsiness_check(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_unsettled(page)
        await page.fire("confirm-map")
        await page.fire("cell-0-2")  # Player 1 on Outside Front (nobody leaves an unpowered Upper Corridor)
        await page.fire("placing-LUNA")
        await page.fire("cell-5-3")  # LUNA outside, at the rear
        await page.fire("begin-play")
        await page.fire("cell-1-2")  # move to Navigation, unpowered
        assert page.has("pending-clumsiness")
        await page.fire("clumsy-fail")
        assert page.identified("ire") == "Ire 1"
        assert "Navigation" in page.identified("explorer-0")

    run(go())


def test_tap_modes_barricade_and_clear_a_path(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_unsettled(page)
        await page.fire("confirm-map")
        await page.fire("cell-5-3")  # Player 1 on Outside Rear
        await page.fire("placing-LUNA")
        await page.fire("cell-0-2")  # LUNA on Outside Front
        await page.fire("begin-play")
        await page.fire("mode-Barricade")
        await page.fire("cell-4-3")
        await page.fire("cell-4-3")
        assert "Inorganic–Out rear: 2 obstacles" in page.texts()
        await page.fire("mode-Clear")
        await page.fire("cell-4-3")
        assert not any("obstacle" in t for t in page.texts() if "–" in t)
        await page.fire("mode-Move")
        await page.fire("cell-0-2")
        assert "not adjacent" in page.identified("notice-message")

    run(go())


def test_a_choice_option_set_at_setup_changes_the_clumsiness_check(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.fire("new-game")
        await page.fire("pick-unsettled")
        await page.fire("players-fewer")
        assert page.has("show-options")
        assert not page.has("option-clumsy_faces"), "a game with many options starts with them folded"
        await page.fire("show-options")
        assert "The printed icon cannot be read from the text" in " ".join(page.texts())
        await page.fire("option-clumsy_faces-1-2")
        await page.fire("start-game")
        await page.fire("confirm-map")
        await page.fire("cell-0-2")  # Player 1 on Outside Front (nobody leaves an unpowered Upper Corridor)
        await page.fire("placing-LUNA")
        await page.fire("cell-5-3")
        await page.fire("begin-play")
        await page.fire("cell-1-2")  # into unpowered Navigation
        assert not page.has("clumsy-fail"), "with faces set, the check is a roll, not a question"
        await page.fire("clumsy-3")
        assert page.identified("ire") == "Ire 0"
        await page.fire("cell-2-2")
        await page.fire("clumsy-2")
        assert page.identified("ire") == "Ire 1"

    run(go())


def test_an_entry_not_open_now_is_disabled_with_its_reason_once(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_unsettled(page)
        await page.fire("confirm-map")
        await page.fire("cell-0-2")  # Player 1 on Outside Front (nobody leaves an unpowered Upper Corridor)
        await page.fire("placing-LUNA")
        await page.fire("cell-5-3")  # LUNA outside, at the rear
        await page.fire("begin-play")
        entries = ("gain-discovery", "hot-wire", "construct-trap", "advance-timeline")
        assert not any(page.find(key).disabled for key in entries)
        assert not page.has("scarab-actions-blocked")
        await page.fire("cell-1-2")  # into unpowered Navigation: a clumsiness check waits
        assert all(page.find(key).disabled for key in entries)
        assert page.identified("scarab-actions-blocked") == (
            "First resolve Player 1's clumsiness check for Navigation."
        ), "one reason, said once for the whole row"
        modes = ("mode-Move", "mode-Barricade", "mode-Clear", "mode-Command LUNA")
        assert all(page.find(key).disabled for key in modes), (
            "a tap on the map would be refused: say so first"
        )
        assert page.identified("modes-blocked") == "First resolve Player 1's clumsiness check for Navigation."
        await page.fire("clumsy-pass")
        assert not any(page.find(key).disabled for key in entries)
        assert not any(page.find(key).disabled for key in modes)
        assert not page.has("modes-blocked")
        await page.change("luna-roll", "4")
        await page.fire("luna-step-mode")  # LUNA pursues step by step: only free actions until she stops
        assert page.has("luna-next")
        assert not page.find("gain-discovery").disabled, "a discovery is a free action"
        assert all(page.find(key).disabled for key in ("hot-wire", "construct-trap", "advance-timeline"))
        assert page.identified("scarab-actions-blocked").startswith("LUNA is pursuing Player 1 (ire ")
        assert page.identified("scarab-actions-blocked").endswith("only free actions until she stops.")

    run(go())


async def _two_placed(page: FakePage, one: str, two: str, luna: str) -> None:
    """A two-explorer game on the example map, with its pieces placed by grid cell, in play."""
    await page.fire("new-game")
    await page.fire("pick-unsettled")
    await page.fire("start-game")
    await page.fire("confirm-map")
    await page.fire(one)
    await page.fire("placing-Player 2")
    await page.fire(two)
    await page.fire("placing-LUNA")
    await page.fire(luna)
    await page.fire("begin-play")


def test_the_table_says_which_incapacitated_card_was_drawn(store: Store) -> None:
    """A third distress draws from the incapacitated deck (rulebook: LUNA: Distress / Incapacitated):
    Lantern asks which card, offering ENGAGED (the one the planet prints) first, and frees only once told."""

    async def go() -> None:
        page = await open_page(start, store)
        await _two_placed(
            page, "cell-5-3", "cell-5-3", "cell-5-2"
        )  # both outside at the rear; LUNA next door
        await page.change("luna-roll", "4")
        await page.fire("luna-step-mode")
        await page.fire("luna-run")  # she comes in (both hit), then hits Player 1 twice more
        assert "INCAPACITATED (card not entered yet)" in page.identified("explorer-0")
        assert page.identified("card-question-0") == "Which incapacitated card did Player 1 draw?"
        await page.fire("acting-Player 2")
        await page.fire("free-Player 1")
        assert "First say which incapacitated card Player 1 drew" in page.identified("notice-message")
        await page.fire("card-0-Another card")
        assert "INCAPACITATED (another card)" in page.identified("explorer-0")
        await page.fire("card-0-Engaged")  # a wrong entry is put right
        assert "INCAPACITATED (ENGAGED)" in page.identified("explorer-0")
        await page.fire("free-Player 1")
        assert page.identified("explorer-0").startswith("Player 1 on Outside Rear: distress 0")

    run(go())


def test_moving_an_explorer_on_another_s_turn_is_asked_first(store: Store) -> None:
    """Each explorer moves on their own turn; on another's only an effect moves them (rulebook: Action Row;
    anomalies that place you; ENGAGED's carrying), so the tap asks before it moves anyone."""

    async def go() -> None:
        page = await open_page(start, store)
        await _two_placed(
            page, "cell-0-2", "cell-5-3", "cell-4-2"
        )  # Outside Front, Outside Rear; LUNA on Lab
        await page.fire("acting-Player 2")
        await page.fire("cell-4-3")  # Inorganic Stowage, next to Player 2
        question = page.identified("move-question")
        assert question.startswith("Move Player 2 to Inorganic Stowage? It is Player 1's turn.")
        assert "Outside Rear" in page.identified("explorer-1")
        await page.fire("move-cancel")
        assert not page.has("move-question")
        assert "Outside Rear" in page.identified("explorer-1")
        await page.fire("cell-4-3")
        await page.fire("move-anyway")
        assert "Inorganic Stowage" in page.identified("explorer-1")
        assert page.has("pending-clumsiness")
        await page.fire("clumsy-pass")
        await page.fire("acting-Player 1")
        await page.fire("cell-1-2")  # the active explorer moves at once
        assert not page.has("move-question")
        assert "Navigation" in page.identified("explorer-0")

    run(go())


def test_the_map_says_whether_the_outside_cards_connect(store: Store) -> None:
    """The outside cards' tabs name each other (rulebook: Card Text, Outside Front and Outside Rear); the
    example layout leaves them apart and says so, with one tap to join them. The chute reads up only."""

    async def go() -> None:
        page = await open_page(start, store)
        await _new_unsettled(page)
        said = page.identified("outside-link")
        assert said.startswith("Outside Front and Outside Rear are not connected on this map.")
        assert "Laundry chute: up only, from Organic to Crew (closed until Organic Stowage has power)" in (
            page.texts()
        )
        await page.fire("outside-link-toggle")
        assert (
            page.identified("outside-link")
            == "Outside Front and Outside Rear are connected on this map, by a link."
        )
        assert "Link Out front – Out rear" in page.texts()
        await page.fire("outside-link-toggle")
        assert "not connected" in page.identified("outside-link")

    run(go())


def test_the_table_ends_the_game_and_every_entry_is_then_closed(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_unsettled(page)
        await page.fire("confirm-map")
        await page.fire("cell-0-2")
        await page.fire("placing-LUNA")
        await page.fire("cell-5-3")
        await page.fire("begin-play")
        assert not page.find("end-survived").disabled
        await page.fire("end-luna-won")
        state = store.open_game(store.list_games()[0].id).session.state
        assert state.survived is False
        assert page.find("end-survived").disabled
        assert page.identified("end-game-blocked") == "The game is over. Undo to reopen it."

    run(go())
