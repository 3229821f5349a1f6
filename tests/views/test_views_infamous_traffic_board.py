"""An Infamous Traffic's board screens without a browser: China (regions, chains, pool, outrage), the bags,
the firms and the final score, and the end of a decade (a war move, the rush, tiles over the limit, a prize
kept from the form, a sixth card, debt entered without a debt track), with reasons under disabled buttons.

Games are played to the moment a test needs by the seeded table of tests/infamous_traffic/play.py, then stored
as a game file and resumed from Home, as a player would open them."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from functools import cache

import flet as ft

import trackers  # noqa: F401
from tests.infamous_traffic.boards import BARE_BOARD, TEST_BOARD, layout
from tests.infamous_traffic.play import play_game, started, step
from tests.views.harness import FakePage, open_page, run
from trackers.core.session import Session
from trackers.infamous_traffic import queries
from trackers.infamous_traffic.queries import policeable
from trackers.infamous_traffic.state import Card, InfamousTrafficState, Region
from trackers.services import gamefile
from trackers.services.storage import Store
from views.app import start
from views.games.infamous_traffic.china.demand import mismatch_text
from views.games.infamous_traffic.china.outrage import decade_end_text
from views.games.infamous_traffic.decade.war import moves

S = InfamousTrafficState
WAR_BOARD = {
    **TEST_BOARD,
    "outrage": {"spaces": 7, "red": {"1": 1, "2": 2, "3": 3, "4": 4, "5": 4, "6": 4}, "arrows": []},
}
"""The test board with a short outrage track: wars come often."""


def _played_until(done: Callable[[S], bool], board: str = "") -> Session:
    """The first seeded game that reaches a state `done` accepts."""
    for seed in range(1, 40):
        session, rng = started(3, seed, board), random.Random(seed)
        while not (done(session.state) or session.state.result) and step(session, rng):
            pass
        if done(session.state):
            return session
    raise AssertionError("no seeded game reached that moment")


@cache
def _file(moment: str) -> str:
    """A game file of a game at `moment`, played once for every test that needs it."""
    if moment == "start":
        session = started(3, 1)
    elif moment == "over":
        session = play_game(1)
    elif moment == "returns":
        session = _played_until(lambda s: s.question is not None and s.question.kind == "returns")
    elif moment == "season-five":
        session = _played_until(
            lambda s: (
                s.stage == "season"
                and s.question is None
                and s.on_turn is not None
                and len(s.firm(s.on_turn).tableau) == 5
            )
        )
    elif moment == "mismatch":
        session = _played_until(
            lambda s: s.stage == "turns" and s.question is None and bool(queries.demand_mismatches(s))
        )
    elif moment == "police":
        session = _played_until(
            lambda s: (
                s.stage == "war"
                and s.question is None
                and any(m.startswith("police:") for m in queries.war_moves(s))
            ),
            layout(WAR_BOARD),
        )
    elif moment in ("compound", "penalty"):
        session = _played_until(lambda s: s.stage == moment, layout(BARE_BOARD))
    else:
        session = _played_until(lambda s: s.stage == moment and s.question is None)
    return gamefile.dumps(gamefile.export_document(session))


async def _open(store: Store, moment: str) -> FakePage:
    game = store.import_game(_file(moment))
    page = await open_page(start, store)
    await page.fire(f"{'see-results' if moment == 'over' else 'resume'}-{game.id}")
    return page


def _state(store: Store) -> S:
    state = store.open_game(store.list_games()[0].id).session.state
    assert isinstance(state, InfamousTrafficState)
    return state


def _dice(dice: tuple[int, ...]) -> str:
    return ", ".join(map(str, dice))


def test_china_shows_the_pool_the_regions_their_chains_and_the_outrage_track(store: Store) -> None:
    async def go() -> None:
        page = await _open(store, "start")
        state = _state(store)
        await page.fire("it-show-china")
        assert page.identified("it-pool") == f"Opportunity Pool: {_dice(state.pool)} (5 dice)."
        assert (
            page.identified("it-demand-supply") == f"Demand dice left in the supply: {state.demand_supply}."
        )
        canton = state.region("Canton")
        assert page.identified("it-region-Canton") == "Canton: Qing, coastal"
        assert page.identified("it-region-facts-Canton") == (
            f"Qing Forces 1 · Missionary yes · Demand {_dice(canton.demand)} (total {canton.total})"
        )
        assert page.identified("it-opportunity-Canton").startswith("Opportunity: pool ")
        assert page.identified("it-opportunity-Wenzhou") == "No opportunity"
        assert page.identified("it-chain-canton-1") == (
            "canton-1 (coastal; inactive, value 2): Ship: empty · Opium: empty · Blank: Bureaucrat 2"
        )
        assert page.identified("it-chain-changsha-1").startswith("changsha-1 (interior, toward canton-2;")
        assert page.identified("it-outrage") == "Outrage 0 of 11. At 10 or more the decade ends at once."
        assert page.identified("it-outrage-spaces") == (
            "Red spaces: 8 (strength 1), 9 (strength 2), 10 (strength 3), 11 (strength 4). Arrows back: 6."
        )
        assert page.identified("it-outrage-end") == "If the decade ended now: no war (not a red space)."
        assert not page.has("it-demand-mismatch-card"), "Canton's 2 dice match its Missionary and Smuggler"
        assert page.has("it-rule-mismatch") is False and page.has("it-rule-china")

    run(go())


def test_outrage_and_demand_flags_read_the_state() -> None:
    state = started(3, 1).state
    assert decade_end_text(replace(state, outrage=6)) == (
        "If the decade ended now: the arrow moves outrage back to 5, then no war (not a red space)."
    )
    assert (
        decade_end_text(replace(state, outrage=9))
        == "If the decade ended now: a war of strength 2 breaks out."
    )
    assert mismatch_text(state) == ""
    lonely = state.with_region(replace(state.region("Canton"), demand=(4,)))
    assert queries.demand_mismatches(lonely) == ("Canton",)
    assert mismatch_text(lonely) == "Check the demand dice: Canton has 1 demand die for 2 black tiles."


def test_demand_dice_that_no_longer_match_are_flagged_and_settled_on_the_china_screen(store: Store) -> None:
    async def go() -> None:
        page = await _open(store, "mismatch")
        state = _state(store)
        region = queries.demand_mismatches(state)[0]
        dice, black = state.region(region).demand, queries.black_tiles(state, region)
        await page.fire("it-show-china")
        assert page.identified("it-demand-mismatch").startswith(f"Check the demand dice: {region} has ")
        assert page.has("it-rule-mismatch")
        key = f"it-settle-{region}"
        for i in range(len(dice)):  # every die kept: one too many or too few for the black tiles
            if not page.find(f"{key}-keep-{i}").icon:
                await page.fire(f"{key}-keep-{i}")
        if len(dice) != black:
            assert page.find(key).disabled
            assert page.identified(f"{key}-blocked").startswith(f"{region} holds {black} black tile")
        for i in range(len(dice) - black):  # the first dice go back to the supply
            await page.fire(f"{key}-keep-{i}")
        for _ in range(black - len(dice)):  # the table rolled a 3 for each one missing
            await page.fire(f"{key}-new-3")
        await page.fire(key)
        after = _state(store)
        assert len(after.region(region).demand) == black
        assert region not in queries.demand_mismatches(after)

    run(go())


def test_the_bags_show_counts_odds_the_track_the_fate_of_china_and_the_bowls(store: Store) -> None:
    async def go() -> None:
        page = await _open(store, "start")
        state = _state(store)
        await page.fire("it-show-bags")
        assert page.identified("it-event-total") == "13 tiles in the event bag; the next draw:"
        assert page.identified("it-event-stability") == "Stability: 10 (77%)"
        assert page.identified("it-event-debate-2") == "Public Debate −2: 1 (8%)"
        assert not page.has("it-event-tax"), "only what the bag holds"
        assert page.identified("it-track") == "0 of 8 events resolved."
        assert page.identified("it-track-empty") == "Spaces 1 to 8: not drawn yet."
        assert page.identified("it-fate").endswith("; 15 face down.")
        assert page.identified("it-conspiracy-total") == "27 tiles in the conspiracy bag; the next draw:"
        bag = state.conspiracy_bag
        share = round(100 * bag.count("smuggler") / bag.total)
        assert page.identified("it-conspiracy-smuggler") == f"Smuggler: {bag.count('smuggler')} ({share}%)"
        for n, tiles in enumerate(state.bowls, 1):
            fee = "costs 1 debt" if {"smuggler", "missionary"} & set(tiles) else "free"
            assert page.identified(f"it-bags-bowl-{n}").endswith(f"({fee}).")
        assert page.identified("it-set-aside") == "Set aside: 5 Taiping, 7 Treaty Port."
        assert page.identified("it-removed") == "Out of the game: none."
        assert page.has("it-rule-events") and page.has("it-rule-bags-conspiracy")

    run(go())


def test_the_firms_show_money_tiles_the_tile_limit_and_the_tableau(store: Store) -> None:
    async def go() -> None:
        page = await _open(store, "start")
        state = _state(store)
        await page.fire("it-show-firms")
        ada = state.firm("Ada")
        where = state.location_of("Ada").capitalize()
        assert page.identified("it-firm-Ada-money") == "Cash 0 · Revenue 0"
        assert page.identified("it-firm-Ada-inactive") == "Inactive tiles 1 of 4 kept at the decade's end."
        held = " · ".join(
            f"{k} {n}" for k, n in zip(("Merchant", "Ship", "Opium"), ada.holdings, strict=True)
        )
        assert page.identified("it-firm-Ada-holdings") == f"Holdings: {held}."
        assert page.identified("it-firm-Ada-card-1") == "1. Starting card (starting)."
        assert any(t == f"Ada, pawn in {where}" for t in page.texts())
        assert not page.has("it-scores"), "the score shows at the end"

    run(go())


def test_a_war_move_then_everyone_passes_in_the_rush(store: Store) -> None:
    async def go() -> None:
        page = await _open(store, "war")
        before = _state(store)
        assert page.identified("it-step-1").startswith("1. Opium War (now): ")
        assert page.has("it-step-1-now") and not page.has("it-step-2-now")
        kind, _, region = queries.war_moves(before)[0].partition(":")
        assert kind == "attack"
        await page.fire("it-war-die-4")  # the table rolls a die for a new Treaty Port
        await page.fire(f"it-war-attack-{region}")
        after = _state(store)
        assert after.region(region).qing == before.region(region).qing - 1
        if after.stage == "war":
            return  # strength left: the commander goes on
        assert after.stage == "rush"
        assert page.identified("it-step-1").startswith(
            f"1. Opium War: Opium War of strength {before.war_strength}"
        )
        assert f"{before.commander} attacks the Qing in {region}." in page.identified("it-step-1")
        assert page.identified("it-rush").startswith(f"{after.on_turn}'s turn: one China action")
        await page.fire("it-rush-action-deploy")
        assert page.has("it-rule-deploy"), "the turn screen's Deploy form, opened in the rush"
        for _ in after.players:
            await page.fire("it-rush-pass")
        assert _state(store).stage not in ("war", "rush")
        assert page.identified("it-step-2").endswith("Everyone has passed.")

    run(go())


def test_police_removes_the_smugglers_and_bureaucrats_picked(store: Store) -> None:
    async def go() -> None:
        page = await _open(store, "police")
        before = _state(store)
        region = moves(before)[1][0]
        pieces = queries.police_pieces(before, region)
        assert page.identified("it-police-blocked") == "Pick the Smugglers and Bureaucrats to remove."
        where = pieces[-1]
        cid, _, space = where.rpartition(":")
        await page.fire(f"it-police-piece-{cid}-{space}")
        await page.fire("it-police")
        after = _state(store)
        assert after.chain(cid).tiles[int(space) - 1] is None
        assert queries.police_pieces(after, region) == pieces[:-1] or after.stage != "war"
        assert after.war_strength == before.war_strength - 1 or after.stage != "war"

    run(go())


def test_police_clears_only_inactive_chains_with_smugglers_or_bureaucrats() -> None:
    state = started(3, 1).state
    port = state.with_region(Region("Canton", "treaty", 0, True, state.region("Canton").demand))
    war = replace(port, stage="war", war_strength=2, commander="Ada")
    assert policeable(war, "Canton") == ("canton-1", "canton-2")
    strikes, police = moves(war)
    assert police == ["Canton"] and ("attack", "Canton") not in strikes


def test_a_prize_kept_from_the_form_keeps_its_typed_name(store: Store) -> None:
    async def go() -> None:
        page = await _open(store, "season")
        before = _state(store)
        who = before.on_turn
        assert who is not None
        assert page.identified("it-step-4") == f"4. London Season (now): {who} drafts; 0 of 3 have drafted."
        assert page.find("it-prize-keep").disabled
        assert page.identified("it-prize-keep-blocked") == "Pick the prize's kind."
        await page.change("it-prize-name", "Summer palace")
        await page.fire("it-prize-kind-family")
        assert page.find("it-prize-face").disabled
        assert page.identified("it-prize-face-blocked") == "A family ambition is always taken face down."
        await page.fire("it-prize-kind-wealth")
        for _ in range(2):
            await page.fire("it-prize-debt-plus")
        for _ in range(3):
            await page.fire("it-prize-vp-plus")
        await page.fire("it-prize-parties-plus")
        assert page.find("it-prize-name").value == "Summer palace", "typed text survives the re-renders"
        await page.fire("it-prize-keep")
        after = _state(store)
        assert after.firm(who).tableau[-1] == Card("Summer palace", "prize", 0, 3, 1, 2, prize="wealth")
        assert after.firm(who).money == before.firm(who).money - 2
        assert page.identified("it-step-4").endswith("1 of 3 have drafted.")
        nxt = after.on_turn
        assert page.identified(f"it-draft-{who}").endswith("(done)")
        assert page.find("it-prize-name").value == "", f"a fresh form for {nxt}"
        await page.fire("it-prize-skip")
        assert _state(store).season_done == 2

    run(go())


def test_a_sixth_card_after_a_prize_is_discarded_on_the_decade_screen(store: Store) -> None:
    async def go() -> None:
        page = await _open(store, "season-five")
        who = _state(store).on_turn
        assert who is not None
        await page.change("it-prize-name", "A good match")
        await page.fire("it-prize-kind-marriage")
        await page.fire("it-prize-keep")
        state = _state(store)
        assert state.question is not None and state.question.kind == "discard"
        assert page.find("it-discard-1").disabled, "the starting card stays"
        assert "cannot be discarded" in page.identified("it-discard-blocked")
        gone = state.firm(who).tableau[1]
        await page.fire("it-discard-2")
        state = _state(store)
        assert state.question is None and gone not in state.firm(who).tableau
        assert len(state.firm(who).tableau) == 5

    run(go())


def test_tiles_over_the_limit_go_back_to_the_supply(store: Store) -> None:
    async def go() -> None:
        page = await _open(store, "returns")
        q = _state(store).question
        assert q is not None
        firm = _state(store).firm(q.player)
        assert page.identified("it-step-3") == "3. Balance Books (now): Return the tiles over the limit."
        assert page.identified("it-returns-send-blocked") == f"Choose {q.count} tile(s) to return: 0 chosen."
        kinds = [k for k in ("merchant", "ship", "opium") for _ in range(firm.count(firm.holdings, k))]
        for kind in kinds[: q.count]:
            await page.fire(f"it-returns-{kind}-plus")
        await page.fire("it-returns-send")
        after = _state(store)
        assert sum(after.firm(q.player).holdings) == sum(firm.holdings) - q.count
        assert after.question is None or after.question.player != q.player

    run(go())


def test_debt_and_the_penalty_are_entered_without_a_debt_track(store: Store) -> None:
    async def go() -> None:
        page = await _open(store, "compound")
        due = _state(store).compound_due
        first = due[0]
        debt = -_state(store).firm(first).money
        await page.fire(f"it-compound-{first}-debt-plus")
        await page.fire(f"it-compound-{first}-send")
        assert _state(store).firm(first).money == -(debt + 1)
        assert first not in _state(store).compound_due

        page = await _open(store, "penalty")
        state = _state(store)
        owing = next(f.name for f in state.firms if f.money < 0 and f.penalty is None)
        assert page.identified(f"it-penalty-{owing}-send-blocked") == "Set the points lost."
        await page.fire(f"it-penalty-{owing}-points-plus")
        await page.fire(f"it-penalty-{owing}-points-plus")
        await page.fire(f"it-penalty-{owing}-send")
        assert _state(store).firm(owing).penalty == 1

    run(go())


def test_the_final_score_part_by_part_and_the_ranking(store: Store) -> None:
    async def go() -> None:
        page = await _open(store, "over")
        state = _state(store)
        assert state.result
        chosen = [
            str(c.key).removeprefix("it-show-") for c in page.controls() if isinstance(c, ft.FilledButton)
        ]
        assert "firms" in chosen, "a finished game opens on the firms"
        totals = {p: sum(n for _, n in queries.score(state, p)) for p in state.players}
        best = max(totals.values())
        winner = next(p for p in state.turn_order if totals[p] == best)
        parts = ", ".join(f"{label} {n}" for label, n in queries.score(state, winner))
        assert page.identified("it-score-1") == f"1. {winner}: {best} VP ({parts})"
        last = len(state.players)
        assert page.identified(f"it-score-{last}").startswith(f"{last}. ")

    run(go())
