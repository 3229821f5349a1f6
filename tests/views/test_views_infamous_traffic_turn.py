"""An Infamous Traffic's set-up and turn screens without a browser: the board from a saved or pasted pack
with what the table drew, starting cards, a turn's actions with their reasons, the events at the end of a
round, and the questions a conspiracy bowl and a sixth card leave."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import flet as ft

import trackers  # noqa: F401
from tests.infamous_traffic.boards import BARE_BOARD, TEST_BOARD
from tests.infamous_traffic.play import started, step
from tests.views.harness import FakePage, open_page, run
from trackers.core.packs import Pack
from trackers.infamous_traffic.game import INFAMOUS_TRAFFIC
from trackers.infamous_traffic.state import InfamousTrafficState, Piece
from trackers.services.storage import Store
from views.app import start

KIND = "infamous-traffic.board"
P1, P2 = "Player 1", "Player 2"


def _state(store: Store) -> InfamousTrafficState:
    state = store.open_game(store.list_games()[0].id).session.state
    assert isinstance(state, InfamousTrafficState)
    return state


def _shows(page: FakePage, identifier: str) -> bool:
    return any(isinstance(c, ft.Semantics) and c.identifier == identifier for c in page.controls())


async def _new_game(page: FakePage) -> None:
    await page.fire("new-game")
    await page.fire("pick-infamous-traffic")
    await page.change("seed", "7")
    await page.fire("start-game")


async def _board(page: FakePage) -> None:
    """The saved test board, 30 demand dice, and the table's own draws: Canton 3 and 5, a pool with a 3,
    and bowl 1 holding a Qing Force and a Missionary."""
    await page.fire("it-board-pack-Test board")
    for _ in range(3):
        await page.fire("it-board-dice-quick-10")
    await page.fire("it-board-table")
    for face in "35":
        await page.fire(f"it-board-canton-{face}")
    for face in "31246":
        await page.fire(f"it-board-pool-{face}")
    for tile in ("enforce-mountain", "tax"):
        await page.fire(f"it-board-fate-{tile}")
    for tile in ("qing", "missionary", "bureaucrat", "qing", "qing", "qing", "smuggler", "qing"):
        await page.fire(f"it-board-bowls-{tile}")
    await page.fire("it-use-board")


async def _start(page: FakePage, location: str, tile: str, card: str = "") -> None:
    await page.fire(f"it-start-location-{location}")
    await page.fire(f"it-start-tile-{tile}")
    if card:
        await page.change("it-start-card", card)
    await page.fire("it-start-go")


async def _to_turns(page: FakePage, store: Store) -> None:
    store.save_pack(Pack(KIND, "Test board", 1, TEST_BOARD))
    await _new_game(page)
    await _board(page)
    await _start(page, "london", "ship", "Jardine")
    await _start(page, "china", "ship")


def _stored_at(store: Store, seed: int, reached: Callable[[InfamousTrafficState], bool]) -> str:
    """A two-player game (Ada and Ben) played by the seeded table of tests/infamous_traffic until `reached`,
    stored entry by entry as the app would have stored it."""
    session = started(2, seed)
    rng = random.Random(seed)
    while not reached(session.state):
        assert step(session, rng)
    stored = store.create_game(INFAMOUS_TRAFFIC, session.setup, seed)
    for entry in session.history:
        assert stored.session.dispatch(entry.action).ok
    return stored.id


def test_the_board_from_a_saved_pack_with_the_tables_draws_then_starting_cards(store: Store) -> None:
    async def go() -> None:
        store.save_pack(Pack(KIND, "Test board", 1, TEST_BOARD))
        page = await open_page(start, store)
        await _new_game(page)
        assert isinstance(page.find("it-board-pack-Test board"), ft.FilledButton), "the one saved board"
        assert page.identified("it-board-about").startswith("7 regions, 9 chains, outrage track of 12")
        assert page.identified("it-use-board-blocked") == "Count the demand dice in the box."
        for _ in range(3):
            await page.fire("it-board-dice-quick-10")
        await page.fire("it-board-dice-minus")
        assert page.identified("it-board-dice") == "29"
        await page.fire("it-board-table")
        await page.fire("it-board-canton-4")
        assert page.identified("it-use-board-blocked") == (
            "Canton's demand dice: enter 2 dice of 1 to 6, or none to let Lantern roll."
        ), "a half-entered draw: the engine's own reason"
        await page.fire("it-board-canton-clear")
        await page.fire("it-board-bowls-qing")
        await page.fire("it-board-bowls-missionary")
        assert page.identified("it-board-bowl-groups") == "bowl 1: Qing Force, Missionary"
        await page.fire("it-board-bowls-clear")
        assert not page.has("it-use-board-blocked")
        await page.fire("it-use-board")
        state = _state(store)
        assert state.stage == "starts" and state.demand_supply == 27
        assert store.get_setting("infamous-traffic.demand_dice", "") == "29", "counted once, remembered"

        assert page.identified("next-step") == f"{P1}: choose a starting card."
        assert page.identified("it-start-go-blocked") == f"Choose where {P1}'s pawn starts."
        await page.fire("it-start-location-india")
        assert page.identified("it-start-go-blocked") == f"Choose {P1}'s starting tile."
        await page.change("it-start-card", "Dent & Co.")
        await page.fire("it-start-tile-opium")  # a re-render: the typed name stays
        await page.fire("it-start-go")
        state = _state(store)
        assert state.firm(P1).tableau[0].name == "Dent & Co."
        assert state.firm(P1).holdings == (0, 0, 1)
        assert page.identified("it-started").startswith(f"{P1} in India")
        await _start(page, "china", "merchant")
        assert _state(store).stage == "turns"
        assert page.identified("it-on-turn") == f"{P1}'s turn"

    run(go())


def test_a_board_pasted_as_json_is_saved_and_picked_and_bad_text_is_refused(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_game(page)
        assert page.identified("it-use-board-blocked") == "Pick a saved China board, or import one."
        await page.change("it-board-paste", "not a board")
        await page.fire("it-board-paste-import")
        assert page.identified("notice-message") == "The pasted text is not JSON: paste a whole board pack."
        await page.change("it-board-paste", json.dumps({**BARE_BOARD, "name": "Bare"}))
        await page.fire("it-board-paste-import")
        assert [p.name for p in store.list_packs(KIND)] == ["Bare"]
        assert "no debt track" in page.identified("it-board-about")
        await page.fire("it-board-dice-quick-10")
        await page.fire("it-use-board")
        board = _state(store).board
        assert _state(store).stage == "starts" and board is not None and board.debt is None

    run(go())


def test_a_round_inquire_deploy_and_the_event_with_reasons_for_what_is_closed(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_turns(page, store)
        assert page.identified("it-pawn") == f"{P1}'s pawn is in London."
        assert page.find("it-act-deploy").disabled and page.find("it-act-conspiracy").disabled
        assert page.identified("it-actions-blocked") == (
            "Deploy, Adjust Price, Influence and Conspiracy need the pawn in China; "
            f"{P1}'s pawn is in London."
        ), "the four China actions share one reason; Throw Party is open in London"
        assert not page.find("it-act-party").disabled
        await page.fire("it-act-inquire")
        assert page.identified("it-inquire-keep-blocked").startswith("Type the name")
        await page.change("it-inquire-name", "Clipper")
        await page.fire("it-inquire-vp-plus")
        await page.fire("it-inquire-vp-plus")
        await page.fire("it-inquire-lock")
        assert page.find("it-inquire-name").value == "Clipper", "typed text survives the re-renders"
        await page.fire("it-inquire-keep")
        kept = _state(store).firm(P1).tableau[-1]
        assert (kept.name, kept.deck, kept.vp, kept.locked) == ("Clipper", "london", 2, True)

        assert page.identified("it-on-turn") == f"{P2}'s turn"
        assert page.identified("it-actions-blocked") == (
            f"Throw Party needs the pawn in London; {P2}'s pawn is in China."
        )
        await page.fire("it-act-deploy")
        await page.fire("it-deploy-kind-ship")
        await page.fire("it-deploy-value-2")
        assert page.has("it-deploy-to-canton-1-1") and not page.has("it-deploy-to-shanghai-1-1")
        await page.fire("it-deploy-to-canton-1-1")
        state = _state(store)
        assert state.chain("canton-1").tiles[0] == Piece("ship", 2, P2)

        assert state.stage == "events"
        assert page.identified("it-on-turn") == "End of the round"
        assert page.identified("it-event-odds").startswith(
            "Next event, 13 tiles in the bag: Stability 10 (77%)"
        )
        await page.fire("it-drew-stability")
        assert page.identified("it-last-event") == "Event 1 of 8: Stability.\nStability: nothing happens."
        assert _state(store).stage == "turns" and page.identified("it-on-turn") == f"{P1}'s turn"

        await page.fire("it-act-business")
        assert page.identified("it-business-go-blocked") == (
            "Enter what the cards did: tiles gained, debt taken or cash."
        )
        await page.fire("it-business-opium-plus")
        await page.fire("it-business-debt-plus")
        await page.fire("it-business-go")
        assert _state(store).firm(P1).holdings == (0, 1, 1)
        assert _state(store).firm(P1).money == -1

    run(go())


def test_a_conspiracy_bowl_asks_where_its_tiles_go_then_offers_a_deploy(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_turns(page, store)
        await page.fire("it-act-pass")
        await page.fire("it-act-conspiracy")
        assert page.find("it-bowl-1").content == "Bowl 1: Qing Force, Missionary (1 debt)"
        await page.fire("it-bowl-1")
        assert _state(store).firm(P2).money == -1
        assert page.identified("it-question") == f"{P2}: place the bowl's tiles (Qing Force, Missionary)."
        assert page.find("it-act-pass").disabled
        assert page.identified("it-actions-blocked") == f"First {P2}: place the tiles of the bowl taken."
        await page.fire("it-place-tile-missionary")
        assert not page.has("it-place-in-Lake"), "a Missionary goes near a black tile only"
        await page.fire("it-place-die-4")
        await page.fire("it-place-in-Wenzhou")
        state = _state(store)
        assert state.region("Wenzhou").missionary and state.region("Wenzhou").demand == (4,)
        await page.fire("it-place-in-Hill")
        assert _state(store).region("Hill").qing == 2
        assert page.identified("it-question") == f"{P2}: Deploy for 1 debt, or skip it."
        await page.fire("it-skip-deploy")
        state = _state(store)
        assert state.question is None and state.stage == "events"

    run(go())


def test_a_sixth_card_is_discarded_and_a_locked_one_says_why_not(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_turns(page, store)
        for n in range(5):
            await page.fire("it-act-inquire")
            await page.change("it-inquire-name", f"Card {n + 1}")
            if n == 0:
                await page.fire("it-inquire-lock")
            await page.fire("it-inquire-keep")
            if _state(store).question is not None:
                break
            await page.fire("it-act-pass")
            await page.fire("it-drew-stability")
        assert page.identified("it-question") == f"{P1}: discard a card down to 5."
        assert page.find("it-discard-1").disabled and page.find("it-discard-2").disabled
        assert page.identified("it-discard-2-blocked") == (
            "Card 1 cannot be discarded (it is kept all game or locked)."
        )
        await page.fire("it-discard-3")
        names = [c.name for c in _state(store).firm(P1).tableau]
        assert names == ["Jardine", "Card 1", "Card 3", "Card 4", "Card 5"]

    run(go())


def test_a_cards_cash_or_debt_is_entered_for_any_player(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_turns(page, store)
        await page.fire("it-money")
        assert page.identified("it-money-go-blocked") == (
            "Enter the cash (+) or debt (−) the card gave, and a short note."
        )
        await page.fire("it-money-who-Player 2")
        for _ in range(3):
            await page.fire("it-money-amount-plus")
        await page.change("it-money-note", "Trading house")
        assert page.identified("it-money-amount") == "+3 cash"
        await page.fire("it-money-go")
        assert _state(store).firm(P2).money == 3
        assert not page.has("it-money-go"), "entered: the part folds away"

    run(go())


def test_a_bureaucrats_value_decides_where_it_goes_or_that_it_leaves_the_game(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_turns(page, store)
        await page.fire("it-act-pass")
        await page.fire("it-act-conspiracy")
        await page.fire("it-bowl-2")  # a Bureaucrat and a Qing Force: no fee
        assert _state(store).firm(P2).money == 0
        assert page.has("it-place-tile-bureaucrat") and not page.has("it-place-targets")
        await page.fire("it-place-value-3")
        assert page.identified("it-place-nowhere") == "The Bureaucrat has no legal place: it leaves the game."
        await page.fire("it-place-value-1")
        assert page.find("it-place-to-canton-1-3").content == (
            "canton-1 space 3 (Merchant): pushes out the Bureaucrat worth 2"
        )
        await page.fire("it-place-to-canton-1-3")
        assert _state(store).chain("canton-1").tiles[2] == Piece("bureaucrat", 1)
        assert page.identified("it-question") == f"{P2}: place the bowl's tiles (Qing Force)."
        await page.fire("it-place-in-Hill")  # no demand there: the pool stays as it is
        assert page.find("it-act-deploy").disabled, "the offered Deploy is answered in its own card"
        await page.fire("it-deploy-kind-ship")
        await page.fire("it-deploy-value-3")
        await page.fire("it-deploy-to-canton-2-1")
        state = _state(store)
        assert state.chain("canton-2").tiles[0] == Piece("ship", 3, P2)
        assert state.firm(P2).money == -1, "the offered Deploy costs 1 debt"

    run(go())


def test_an_events_tie_is_broken_by_the_resolver(store: Store) -> None:
    game_id = _stored_at(store, 8, lambda s: s.question is not None and s.question.kind == "target")

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        assert page.identified("it-question") == "Ada breaks the tie: Wenzhou, Changsha, Wuchang, Hill, Lake."
        assert page.identified("it-draw-event-blocked") == "First Ada: break the event's tie."
        await page.fire("it-target-Hill")
        state = _state(store)
        assert state.question is None and state.region("Hill").alignment == "taiping"
        assert "Taiping Uprising in Hill" in page.identified("it-last-event")

    run(go())


def test_a_qing_force_fights_the_taiping_after_naming_the_forces_the_battle_takes(store: Store) -> None:
    def battle_due(s: InfamousTrafficState) -> bool:
        q = s.question
        return q is not None and q.kind == "place" and any(r.alignment == "taiping" for r in s.regions)

    game_id = _stored_at(store, 8, battle_due)

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game_id}")
        assert page.find("it-place-in-Changsha").content == "Changsha (Taiping: a battle)"
        await page.fire("it-place-in-Changsha")
        await page.fire("it-place-removals-Canton")
        assert page.identified("it-place-battle-blocked") == (
            "Canton would lose its last Qing Force; the battle cannot take it."
        )
        await page.fire("it-place-in-Wenzhou")  # the bowl's first Qing Force goes there
        assert _state(store).region("Wenzhou").qing == 2
        await page.fire("it-place-in-Changsha")
        await page.fire("it-place-removals-Wenzhou")
        await page.fire("it-place-die-5")
        await page.fire("it-place-battle")
        state = _state(store)
        assert state.region("Changsha").alignment == "qing" and state.region("Wenzhou").qing == 1
        assert state.pool[-1] == 5

    run(go())
