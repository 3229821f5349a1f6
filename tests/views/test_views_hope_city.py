"""Hope City screens without a browser: the set-up form, starting tokens, a whole turn, a question that
waits shown first and answered, reasons under disabled buttons, card effects, the city and the bag."""

from __future__ import annotations

import flet as ft

import trackers  # noqa: F401
from tests.views.harness import FakePage, open_page, run
from trackers.core.actions import Action
from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.hope_city import actions as ha
from trackers.hope_city.game import HOPE_CITY
from trackers.hope_city.state import HopeCityState
from trackers.services import gamefile
from trackers.services.storage import Store
from views.app import start

STARTING = ("politics", "society", "environment", "technology", "economics", "society")
"""The starting tokens the table drew: two each for the Mayor, the Coach and the Ranger (3 in play)."""


def _state(store: Store) -> HopeCityState:
    state = store.open_game(store.list_games()[0].id).session.state
    assert isinstance(state, HopeCityState)
    return state


def _filled(page: FakePage, row: str) -> list[str]:
    """The chosen chips of a row: the values the form holds."""
    return [
        str(c.key).removeprefix(f"{row}-")
        for c in page.controls()
        if isinstance(c, ft.FilledButton) and str(c.key).startswith(f"{row}-")
    ]


def _shows(page: FakePage, identifier: str) -> bool:
    return any(isinstance(c, ft.Semantics) and c.identifier == identifier for c in page.controls())


async def _new_game(page: FakePage) -> None:
    await page.fire("new-game")
    await page.fire("pick-hope-city")
    await page.fire("players-more")  # Player 1 to 3
    await page.change("seed", "7")
    await page.fire("start-game")


async def _choose_citizens(page: FakePage) -> None:
    await page.fire("hc-seat-mayor-0")
    await page.fire("hc-seat-coach-1")
    await page.fire("hc-seat-ranger-2")
    for _ in range(3):
        await page.fire("hc-count-pool-quick-10")
    await page.fire("hc-count-punks-quick-10")
    await page.fire("hc-count-big-quick-5")
    await page.fire("hc-start")


async def _defer_an_objective(page: FakePage) -> None:
    """Take a one-token card from the space's pile and put it on the Future Track (a 6 when it is full)."""
    await page.fire("hc-obj-cost-none")
    await page.fire("hc-obj-choose")
    if page.has("hc-defer-roll"):
        await page.fire("hc-defer-roll-6")
    else:
        await page.fire("hc-defer")


async def _to_first_turn(page: FakePage) -> None:
    await _new_game(page)
    await _choose_citizens(page)
    for token in STARTING:
        await page.fire(f"hc-start-token-drew-{token}")
    await page.fire("hc-chaos-in")


def test_the_set_up_form_starts_a_three_player_game_with_the_engines_reasons(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_game(page)
        assert _filled(page, "hc-show") == ["setup"], "a new game opens on its set-up"
        assert page.find("hc-start").disabled
        assert "Count the Pool" in page.identified("hc-start-blocked")
        assert not page.has("hc-seat-mayor-out"), "the Mayor is in every game"
        for _ in range(3):
            await page.fire("hc-count-pool-quick-10")
        await page.fire("hc-count-pool-minus")
        assert page.identified("hc-count-pool") == "29"
        await page.fire("hc-count-punks-quick-10")
        await page.fire("hc-count-big-quick-5")
        await page.fire("hc-seat-mayor-0")
        await page.fire("hc-seat-doctor-1")
        assert page.identified("hc-start-blocked") == "Player 3 plays no citizen yet."
        await page.fire("hc-seat-ranger-2")
        assert page.identified("hc-start-blocked") == (
            "The Doctor chooses her starting space (and only she does)."
        )
        await page.fire("hc-doctor-space-technology")
        assert not page.has("hc-start-blocked")
        await page.fire("hc-seat-doctor-out")
        assert not page.has("hc-doctor-space"), "the space goes with the Doctor"
        await page.fire("hc-seat-coach-1")
        await page.fire("hc-start")
        state = _state(store)
        assert state.stage == "tokens"
        assert state.order == ("mayor", "coach", "ranger")
        assert (state.pool, state.city.punk_supply, state.city.big_supply) == (29, 10, 5)
        assert [c.player for c in state.active] == ["Player 1", "Player 2", "Player 3"]

    run(go())


def test_one_player_runs_several_citizens_in_seating_order(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.fire("new-game")
        await page.fire("pick-hope-city")
        await page.fire("players-fewer")
        await page.change("seed", "3")
        await page.fire("start-game")
        await page.fire("hc-seat-engineer-0")
        await page.fire("hc-seat-mayor-0")
        await page.fire("hc-count-pool-quick-10")
        await page.fire("hc-count-punks-quick-5")
        await page.fire("hc-count-big-quick-5")
        assert page.identified("hc-start-blocked") == (
            "3 to 6 citizens play; 2 chosen. With 1 or 2 players, each runs several."
        )
        await page.fire("hc-seat-ranger-0")
        await page.fire("hc-start")
        assert _state(store).order == ("mayor", "engineer", "ranger")

    run(go())


def test_starting_tokens_drawn_by_lantern_or_entered(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_game(page)
        await _choose_citizens(page)
        assert page.identified("hc-start-left") == "6 starting tokens still to draw."
        assert page.find("hc-start-token").content == "Draw for the Mayor"
        await page.fire("hc-start-token")  # Lantern draws
        await page.fire("hc-start-token-drew-politics")  # the table drew this one
        assert page.identified("hc-start-left") == "4 starting tokens still to draw."
        assert page.find("hc-start-token").content == "Draw for the Coach"
        assert _state(store).citizen("mayor").tokens.total == 2 - _state(store).citizen("mayor").corruption
        for token in STARTING[2:]:
            await page.fire(f"hc-start-token-drew-{token}")
        assert _filled(page, "hc-show") == ["turn"], "set-up done: the year's screen opens"
        assert page.identified("next-step") == "Year 1: put a chaos card in play."
        await page.fire("hc-chaos-in")
        assert page.identified("hc-on-turn") == "The Mayor (Player 1)'s turn"

    run(go())


def test_a_turn_wage_move_attack_objective_attempt_success_and_end(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_first_turn(page)
        assert page.identified("next-step") == "The Mayor draws the wage."
        assert page.identified("hc-end-turn-blocked") == "The Mayor takes the wage first."
        await page.fire("hc-wage-drew-economics")
        assert page.identified("hc-wage-done") == "1. Wage: taken."
        await page.fire("hc-move-economics")  # a Punk stands there
        assert page.identified("next-step") == "The Mayor faces the PUNK attack."
        assert not page.has("hc-obj-choose"), "no objective is taken before the attack"
        assert page.identified("hc-later") == (
            "Later: 5. Objective, 6. Attempt or defer, 7. Success or failure, 8. What the card says."
        )
        assert page.identified("hc-end-turn-blocked") == "Face the PUNK attack first: one die per PUNK."
        await page.fire("hc-attack-die-0-3")
        await page.fire("hc-attack-enter")
        assert page.identified("hc-attack-done") == "4. PUNK attack: faced on Economics."
        assert _state(store).citizen("mayor").corruption == 0, "a 3 is no hit"
        assert page.identified("hc-obj-choose-blocked") == "Pick what the card costs."
        await page.fire("hc-obj-cost-any")
        await page.fire("hc-open-talent")
        await page.fire("hc-monument")  # another entry re-renders the screen ...
        assert _filled(page, "hc-obj-cost") == ["any"], "... and the picked cost stays"
        await page.fire("hc-obj-choose")
        assert page.identified("hc-objective").startswith(
            "5. Objective: Economics objective, costing Economics, Any"
        )
        await page.fire("hc-pay-0-economics")
        await page.fire("hc-pay-1-economics")
        assert page.identified("hc-attempt-blocked") == "The Mayor holds fewer than 2 economics."
        await page.fire("hc-pay-1-society")
        await page.fire("hc-attempt")
        assert page.identified("next-step") == "Did the attempt succeed?"
        await page.fire("hc-success")
        state = _state(store)
        assert state.piles.success[1] == ("regular",)
        assert state.citizen("mayor").tokens.count("economics") == 0
        await page.fire("hc-end-turn")
        assert page.identified("hc-on-turn") == "The Coach (Player 2)'s turn"
        assert page.identified("next-step") == "The Coach draws the wage."

    run(go())


def test_a_question_is_shown_first_answered_and_explains_the_disabled_choices(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_first_turn(page)
        await page.fire("hc-wage")
        await page.fire("hc-show-effects")
        assert _filled(page, "hc-show") == ["effects"]
        await page.fire("hc-effect-break_bad")
        assert page.identified("hc-effect-apply-blocked") == "Pick the citizen."
        await page.fire("hc-effect-citizen-mayor")
        await page.fire("hc-effect-apply")
        assert _state(store).citizen("mayor").name == "Mobster"
        await page.fire("hc-show-turn")
        await page.fire("hc-move-economics")
        await page.fire("hc-attack-die-0-1")  # a hit: corruption for a bad citizen passes on
        await page.fire("hc-attack-enter")
        assert page.has("hc-pending")
        assert page.identified("hc-question").startswith("1 corruption must go to good citizens")
        assert page.find("hc-give-mayor").disabled
        assert page.identified("hc-give-blocked") == (
            "The Mobster is bad: corruption passes to a good citizen."
        )
        assert page.identified("hc-end-turn-blocked") == (
            "First pass 1 corruption on to good citizens, one token at a time."
        )
        assert [t for t in page.texts() if t.startswith("First pass")] == [
            "First pass 1 corruption on to good citizens, one token at a time."
        ], "the one reason every other entry waits, shown once"
        assert page.identified("hc-later") == (
            "Later: 5. Objective, 6. Attempt or defer, 7. Success or failure, 8. What the card says."
        )
        await page.fire("hc-give-coach")
        assert not page.has("hc-pending")
        assert _state(store).citizen("coach").corruption == 1
        assert page.has("hc-obj-choose"), "answered: the objective is open again"

    run(go())


def test_a_city_site_brings_a_big_punk_to_place_then_back_to_the_card(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_first_turn(page)
        await page.fire("hc-wage")
        await page.fire("hc-show-effects")
        await page.fire("hc-effect-site")
        assert page.identified("hc-effect-apply-blocked") == (
            "A City Site removes a Punk: choose politics, economics."
        )
        await page.fire("hc-effect-punk_from-politics")
        await page.fire("hc-effect-apply")
        assert _filled(page, "hc-show") == ["turn"], "the question opens the turn screen"
        assert page.identified("hc-question") == "Choose a space for the Big Punk."
        spaces = [k.removeprefix("hc-punk-") for k in page.all_keys() if k.startswith("hc-punk-")]
        assert sorted(spaces) == [  # the PUNKS' own City Site ("hc-punk-site") waits behind Sets
            "environment",
            "politics",
            "society",
            "technology",
        ]
        await page.fire("hc-punk-technology")
        assert not page.has("hc-pending")
        assert _filled(page, "hc-show") == ["effects"], "answered: back to what the card says"
        await page.fire("hc-show-city")
        assert page.identified("hc-space-technology") == "Technology: Big Punk; nobody"
        assert page.identified("hc-tiles") == "City Sites 1, Urban Blights 0 (5 spaces)."
        assert page.identified("hc-removed") == (
            "PUNKS removed toward a City Site: 1 of 6 Punks, 0 of 2 Big Punks."
        )

    run(go())


def test_a_talent_and_a_temptation_on_the_mayors_turn(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_first_turn(page)
        await page.fire("hc-wage-drew-politics")
        assert not page.has("hc-tempt-go") and not page.has("hc-talent-go"), "each waits a tap away"
        await page.fire("hc-open-temptation")
        await page.fire("hc-open-talent")
        assert page.identified("hc-tempt-go-blocked") == "Enter what the corruption die shows."
        await page.fire("hc-tempt-die-1")
        await page.fire("hc-tempt-go")  # BRIBE: the track opens by one, 1 corruption from the Pool
        await page.fire("hc-talent-go")  # LEAD
        state = _state(store)
        assert state.track.chaos_at == 4 and state.citizen("mayor").corruption == 1
        assert state.turn is not None and state.turn.lead
        assert page.identified("hc-talent-go-blocked") == "One talent a turn: this citizen has used one."
        assert page.has("hc-obj-source-fail"), "LEAD opens the Fail pile as a source"
        await page.fire("hc-show-city")
        assert page.identified("hc-track") == "0 of 3 slots hold a card."
        assert page.identified("hc-track-4") == "U: the chaos card"

    run(go())


def test_the_city_citizens_and_bag_screens_show_their_counts(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_first_turn(page)
        await page.fire("hc-show-city")
        assert page.identified("hc-year") == "Year 1 of 7."
        assert page.identified("hc-space-politics") == "Politics: Punk; Mayor (Player 1)"
        assert page.identified("hc-space-technology") == "Technology: no PUNKS; nobody"
        assert page.identified("hc-punk-supply") == "PUNK supply: 10 Punks, 5 Big Punks."
        assert page.identified("hc-pile-society") == (
            "Society: 8 to draw, 0 in completed sets; Success 0, Fail 0."
        )
        assert page.identified("hc-majors") == "Major Objectives left: 10."
        assert page.identified("hc-decks") == "Chaos pile: 7 (in play). Hope deck: 5."
        assert page.identified("hc-track-3") == "T: the chaos card"
        assert page.identified("hc-trade-center") == (
            "Trade Center: Politics 1, Economics 1, Society 1, Technology 1, Environment 1, Hope 1."
        )
        await page.fire("hc-show-citizens")
        assert page.identified("hc-citizen-mayor") == (
            "Mayor (good), played by Player 1 on Politics. Corruption 0 of 2. "
            "Tokens: Politics 1, Society 1. Talent tokens 2, Hope cards 0."
        )
        assert page.identified("hc-citizen-doctor").startswith("Doctor (good), not in play.")
        await page.fire("hc-show-turn")
        await page.fire("hc-wage-drew-economics")
        await page.fire("hc-show-bag")
        assert page.identified("hc-bag-total") == "10 tokens in the bag."
        assert page.identified("hc-bag-corruption") == "Corruption: 2"
        assert page.identified("hc-bag-society") == "Society: 1"
        assert page.identified("hc-bag-economics") == "Economics: 1"
        assert page.identified("hc-odds") == "Next draw is corruption: 2 in 10 (20%)."
        assert page.identified("hc-pool") == "The Pool holds 30 corruption."
        assert page.identified("hc-ledger-0") == "Year 1, out of the bag: economics to the Mayor: wage"
        assert (
            page.identified("hc-ledger-5") == "Year 1, out of the bag: society to the Mayor: starting token"
        )
        assert not _shows(page, "hc-ledger-6"), "a few lines until show all"
        await page.fire("hc-ledger-all")
        assert (
            page.identified("hc-ledger-6") == "Year 1, out of the bag: politics to the Mayor: starting token"
        )

    run(go())


def test_a_trade_then_three_short_turns_the_clean_up_and_the_next_year(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_first_turn(page)
        await page.fire("hc-wage-drew-technology")
        await page.fire("hc-open-trade")
        assert page.identified("hc-trade-blocked") == "Pick what to give and take."
        await page.fire("hc-trade-give-society")
        await page.fire("hc-trade-take-hope")
        await page.fire("hc-trade")
        assert page.identified("hc-trade-done") == "2. Trade: done."
        assert _state(store).citizen("mayor").tokens.count("hope") == 1
        assert page.identified("hc-end-turn-blocked") == (
            "Choose an objective of this space first, then attempt it or put it on the Future Track."
        )
        await _defer_an_objective(page)
        await page.fire("hc-end-turn")
        for token in ("politics", "politics"):
            await page.fire(f"hc-wage-drew-{token}")
            await _defer_an_objective(page)
            await page.fire("hc-end-turn")
        state = _state(store)
        assert len(state.track.cards) == 2, "the Mayor's and the Coach's cards wait on the track"
        assert state.piles.fail[4] == ("regular",), "the full track's roll of 6 failed the Ranger's card"
        assert _filled(page, "hc-show") == ["turn"]
        assert page.identified("next-step") == "Were the chaos card's conditions met?"
        assert (
            page.identified("hc-end-year-blocked")
            == "Say whether the chaos card's conditions were met first."
        )
        await page.fire("hc-chaos-met")
        await page.fire("hc-end-year")
        state = _state(store)
        assert (state.year, state.stage, state.pool) == (2, "chaos", 28), "2 PUNKS infect the bag"
        assert page.identified("next-step") == "Year 2: put a chaos card in play."

    run(go())


def test_the_result_banner_when_every_citizen_breaks_bad(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_first_turn(page)
        await page.fire("hc-wage")
        await page.fire("hc-show-effects")
        for citizen in ("mayor", "coach", "ranger"):
            await page.fire("hc-effect-break_bad")
            await page.fire(f"hc-effect-citizen-{citizen}")
            await page.fire("hc-effect-apply")
        assert page.identified("hc-result") == "Ruin: Every citizen in play has broken bad."
        assert _filled(page, "hc-show") == ["city"]
        await page.fire("hc-show-turn")
        assert page.identified("next-step") == "Ruin: Every citizen in play has broken bad."
        assert not page.has("hc-end-turn")

    run(go())


def _stored(store: Store, *entries: Action) -> str:
    """A three-citizen game (Mayor, Coach, Ranger) stored entry by entry after its starting tokens: its id."""
    setup = make_setup(HOPE_CITY, ("Player 1", "Player 2", "Player 3"), {})
    game = store.create_game(HOPE_CITY, setup, 7)
    seats = (("Player 1", "mayor"), ("Player 2", "coach"), ("Player 3", "ranger"))
    start_entries = (ha.ChooseCitizens(seats, 30, 10, 5), *(ha.DrawToken(t) for t in STARTING))
    for entry in (*start_entries, *entries):
        assert game.session.dispatch(entry).ok, entry
    return game.id


def _failed(space: str, token: str, *before: Action) -> tuple[Action, ...]:
    """A turn whose card of `space` fails on the closed Future Track (a roll naming no card)."""
    return (ha.DrawToken(token), *before, ha.ChooseObjective("pile", (space,)), ha.Defer(6))


def test_a_complete_fail_set_is_cashed_before_the_turn_ends(store: Store) -> None:
    closed = (ha.CloseTrack(), ha.CloseTrack())
    game = _stored(
        store,
        ha.ChaosIn(),
        *_failed("politics", "economics", *closed),
        ha.EndTurn(),
        *_failed("society", "politics"),
        ha.EndTurn(),
        *_failed("environment", "technology"),
        ha.EndTurn(),
        ha.ResolveChaos(True),
        ha.EndYear(),
        ha.ChaosIn(),
        *_failed("technology", "environment", ha.Move("technology")),
        ha.EndTurn(),
        *_failed("economics", "society", ha.Move("economics"), ha.FaceAttack((3,))),
    )

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game}")
        assert page.identified("hc-end-turn-blocked") == "A complete fail set waits: cash it before going on."
        await page.fire("hc-set-pile-fail")
        await page.fire("hc-set-talent-coach")
        await page.fire("hc-cash")
        state = _state(store)
        assert state.city.blights == 1 and state.citizen("coach").talents == 1
        assert state.piles.fail == ((),) * 5
        await page.fire("hc-end-turn")
        assert page.identified("hc-on-turn") == "The Ranger (Player 3)'s turn"

    run(go())


def test_the_coach_adds_the_purple_die_to_a_punk_attack(store: Store) -> None:
    game = _stored(
        store,
        ha.ChaosIn(),
        *_failed("politics", "economics"),
        ha.EndTurn(),
        ha.DrawToken("politics"),
        ha.GangUp(0),
        ha.Move("economics"),
    )

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game}")
        assert not page.has("hc-attack-purple"), "kept aside until the Coach adds it"
        await page.fire("hc-attack-gang-up-add")
        await page.fire("hc-attack-purple-6")
        await page.fire("hc-attack-die-0-1")
        await page.fire("hc-attack-enter")
        coach = _state(store).citizen("coach")
        assert coach.corruption == 0 and not coach.purple_die, "the 6 stood in for the 1: no hit, die back"
        turn = _state(store).turn
        assert turn is not None and turn.fight_back == ("punk",)

    run(go())


def test_a_non_active_coachs_token_is_offered_for_recruit(store: Store) -> None:
    setup = make_setup(HOPE_CITY, ("Player 1", "Player 2", "Player 3"), {})
    game = store.create_game(HOPE_CITY, setup, 7)
    seats = (("Player 1", "mayor"), ("Player 2", "engineer"), ("Player 3", "ranger"))
    for entry in (
        ha.ChooseCitizens(seats, 30, 10, 5),
        *(ha.DrawToken(t) for t in STARTING),
        ha.ChaosIn(),
        ha.DrawToken("economics"),
    ):
        assert game.session.dispatch(entry).ok, entry

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        await page.fire("hc-open-talent")
        await page.fire("hc-talent-owner-coach:engineer")
        await page.fire("hc-innovate-punk-politics:0")
        assert page.identified("hc-talent-go-blocked") == (
            "RECRUIT copies a talent only once the Engineer has used every token."
        )

    run(go())


def _closed(page: FakePage) -> list[str]:
    """The keys of the Hope City buttons shown disabled."""
    return sorted(
        str(c.key)
        for c in page.controls()
        if isinstance(c, ft.FilledButton | ft.OutlinedButton) and c.disabled and str(c.key).startswith("hc-")
    )


def test_before_the_wage_the_turn_names_its_later_steps_once(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_first_turn(page)
        assert [t for t in page.texts() if "takes the wage first" in t] == ["The Mayor takes the wage first."]
        assert page.identified("hc-later") == (
            "Later: 2. Trade, 3. Move, 4. PUNK attack, 5. Objective, 6. Attempt or defer, "
            "7. Success or failure, 8. What the card says, LEAD and BRIBE."
        )
        assert _closed(page) == ["hc-end-turn"], "one disabled control, the End button, with the reason"
        for key in ("hc-open", "hc-move", "hc-trade", "hc-obj-choose", "hc-talent-go", "hc-attempt"):
            assert not page.has(key), key

    run(go())


def test_trade_talents_and_sets_open_a_tap_away_the_move_at_once_and_each_leaves_once_passed(
    store: Store,
) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_first_turn(page)
        await page.fire("hc-wage-drew-economics")
        assert sorted(k for k in page.all_keys() if k.startswith("hc-open-")) == [
            "hc-open-sets",
            "hc-open-talent",
            "hc-open-temptation",
            "hc-open-trade",
        ]
        assert not page.has("hc-cash")
        moves = sorted(k for k in page.all_keys() if k.startswith("hc-move-") and k != "hc-move-column")
        spaces = ["economics", "environment", "society", "technology"]
        assert moves == [f"hc-move-{s}" for s in spaces], "shown at once, all but the Mayor's own, Politics"
        assert page.has("hc-obj-choose"), "staying: the objective's form is there as well"
        assert "Costs 1 Politics and:" in page.texts(), "the cost's first item said once, in the label"
        assert page.find("hc-obj-cost-none").content == "nothing more"
        await page.fire("hc-open-trade")
        assert page.has("hc-trade") and page.has("hc-move-society"), "the trade opened, the move still there"
        await page.fire("hc-open-trade")
        assert (
            page.identified("hc-later")
            == "Later: 6. Attempt or defer, 7. Success or failure, 8. What the card says."
        )
        await page.fire("hc-open-sets")
        assert page.find("hc-punk-site").disabled
        assert page.identified("hc-set-actions-blocked") == (
            "A success set needs a card in every pile; politics has none.\n"
            "Removed: 0 of 6 Punks, 0 of 2 Big Punks."
        )
        await page.fire("hc-open-sets")
        assert not page.has("hc-punk-site"), "a second tap closes it"
        await page.fire("hc-move-society")
        assert page.identified("hc-move-done") == "3. Move: moved to Society."
        assert not any(k.startswith("hc-move-") and k != "hc-move-done" for k in page.all_keys())
        assert sorted(k for k in page.all_keys() if k.startswith("hc-open-")) == [
            "hc-open-sets",
            "hc-open-talent",
            "hc-open-temptation",
        ], "moved: the trade's moment has gone too"
        await _defer_an_objective(page)
        assert page.identified("hc-objective-done") == "5-7. Objective: done."
        assert not page.has("hc-later")
        assert not page.find("hc-end-turn").disabled

    run(go())


def test_the_payment_starts_with_the_citizens_own_tokens_of_the_costs_colours(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _to_first_turn(page)
        await page.fire("hc-wage-drew-politics")  # the Mayor now holds 2 Politics and 1 Society
        await page.fire("hc-obj-cost-any")
        await page.fire("hc-obj-choose")
        assert _filled(page, "hc-pay-0") == ["politics"], "the card's colour, held: picked already"
        assert _filled(page, "hc-pay-1") == [], "an Any item waits for the table"
        assert page.identified("hc-attempt-blocked") == "Pick a token for each cost (Hope is wild)."
        await page.fire("hc-pay-1-society")
        await page.fire("hc-attempt")
        state = _state(store)
        assert state.turn is not None and state.turn.objective is not None and state.turn.objective.paid
        assert state.citizen("mayor").tokens.total == 1, "Politics and Society paid, one Politics left"
        assert page.identified("next-step") == "Did the attempt succeed?"

    run(go())


def _squatters_turn() -> str:
    """Three citizens; the Ranger broken bad (the Squatter) in the Mayor's turn; the Mayor and the Coach each
    put an objective on the Future Track: the Squatter's wage is next."""
    session = Session(HOPE_CITY, make_setup(HOPE_CITY, ("Ann", "Bob", "Cy"), {}), 7)
    drawn = ("politics", "society", "environment", "technology", "economics", "society")
    entries = [
        ha.ChooseCitizens((("Ann", "ranger"), ("Bob", "mayor"), ("Cy", "coach")), 30, 10, 5),
        *(ha.DrawToken(t) for t in drawn),
        ha.ChaosIn(),
        ha.DrawToken("politics"),
        ha.BreakBad("ranger"),
        ha.ChooseObjective("pile", ("politics",)),
        ha.Defer(),
        ha.EndTurn(),
        ha.DrawToken("economics"),
        ha.ChooseObjective("pile", ("society",)),
        ha.Defer(),
        ha.EndTurn(),
    ]
    for entry in entries:
        assert session.dispatch(entry).ok, entry
    return gamefile.dumps(gamefile.export_document(session))


def test_the_squatter_is_shown_why_she_stays_in_place_of_the_moves_spaces(store: Store) -> None:
    game = store.import_game(_squatters_turn())

    async def go() -> None:
        page = await open_page(start, store)
        await page.fire(f"resume-{game.id}")
        await page.fire("hc-wage-drew-society")
        assert page.identified("hc-move-blocked") == "The Squatter cannot leave her space."
        assert not any(k.startswith("hc-move-") and k != "hc-move-blocked" for k in page.all_keys())
        assert page.has("hc-obj-choose"), "her objective is open at once"

    run(go())
