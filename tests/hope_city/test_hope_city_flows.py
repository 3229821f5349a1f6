"""Hope City's tricky flows, one at a time, through the game module (validate, apply, the end check).

Corruption: the all-or-nothing temptation, tokens passed on by bad citizens, the Drug Dealer's deal, HEAL
and SELL SCRIPTS. Flaws: the Cyberpunk's Punk, the Tycoon's wage. Talents: RECRUIT and borrowed tokens,
the Phoenix Monument by year. The city: sets and one tile a turn, the Site for removed PUNKS, the Future
Track closing, empty objective piles. The end: the check after year 7, Thrive once the Drug Dealer turns
good. Hope cards: the Doctor's rule.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tests.hope_city.states import (
    applied,
    applied_events,
    choose,
    chosen,
    citizen,
    city,
    cleanup,
    corruption_total,
    done,
    holding,
    legacy,
    new,
    on_turn,
    piles,
    playing,
    punks,
    refusal,
    resources_total,
    track,
)
from trackers.core.actions import Action
from trackers.core.bag import Bag
from trackers.core.game import make_setup
from trackers.hope_city import actions as a
from trackers.hope_city.game import HOPE_CITY
from trackers.hope_city.state import (
    BIG,
    BLIGHT,
    COLOURS,
    CORRUPTION,
    HOPE,
    PUNK,
    SITE,
    HopeCityState,
    Monument,
    Objective,
)

SIX = ("mayor", "entrepreneur", "coach", "engineer", "ranger", "doctor")
WITH_TYCOON = ("mayor", "entrepreneur", "coach", "doctor")
FULL = {space: (PUNK, PUNK) for space in COLOURS}


def turn_of(
    cid: str, citizens: tuple[str, ...] = ("mayor", "coach", "engineer", "doctor"), **turn: Any
) -> HopeCityState:
    return on_turn(playing(citizens), cid, **turn)


def bad(state: HopeCityState, cid: str) -> HopeCityState:
    return citizen(state, cid, good=False, corruption=0)


def carrying(state: HopeCityState, **corruption: int) -> HopeCityState:
    """Citizens holding corruption, taken from the Pool (so the game's total stays the same)."""
    for cid, n in corruption.items():
        state = replace(
            citizen(state, cid, corruption=n), pool=state.pool - n + state.citizen(cid).corruption
        )
    return state


def codes(state: HopeCityState, *actions: Action) -> list[str]:
    return [refusal(state, action).code for action in actions]


# Set-up


def seated(*seats: str, pool: int = 20, doctor: str = "") -> a.ChooseCitizens:
    """A ChooseCitizens entry from "player:citizen" seats, 9 Punks and 2 Big Punks beside the board."""
    pairs = tuple((seat.partition(":")[0], seat.partition(":")[2]) for seat in seats)
    return a.ChooseCitizens(pairs, pool, 9, 2, doctor)


def test_choosing_citizens() -> None:
    state = new()
    four = ("Ann:mayor", "Bob:coach", "Cy:engineer", "Di:ranger")
    refused = [
        (seated("Ann:coach", "Bob:engineer", "Cy:doctor", "Di:ranger", doctor="society"), "hope-city.mayor"),
        (seated(*four[:3]), "hope-city.seatless"),
        (seated("Ann:mayor", "Bob:mayor", "Cy:coach", "Di:ranger"), "hope-city.twice"),
        (seated(*four[:3], "Zed:ranger"), "hope-city.player"),
        (seated("Ann:mayor", "Bob:coach", "Cy:doctor", "Di:ranger"), "hope-city.doctor_space"),
        (seated(*four, doctor="society"), "hope-city.doctor_space"),
        (seated(*four, pool=-1), "hope-city.count"),
        (seated("Ann:mayor", "Bob:coach", "Cy:cook", "Di:ranger"), "hope-city.citizen"),
    ]
    assert [refusal(state, entry).code for entry, _ in refused] == [code for _, code in refused]
    assert refusal(state, a.DrawToken()).code == "hope-city.first"
    # Two players may run four citizens; the Mayor leads whatever her seat.
    pair = applied(
        new_two(), seated("Ann:coach", "Bob:mayor", "Ann:doctor", "Bob:ranger", doctor="technology")
    )
    assert pair.order == ("mayor", "doctor", "ranger", "coach")
    assert pair.citizen("doctor").space == "technology" and pair.citizen("ranger").space == "environment"
    assert pair.start_due == pair.order and pair.bag.count(CORRUPTION) == 2
    assert refusal(new_two(), seated("Ann:mayor", "Bob:coach")).code == "hope-city.how_many"


def new_two(**options: Any) -> HopeCityState:
    """A game of two players, before the citizens are chosen."""
    state: HopeCityState = HOPE_CITY.new_state(make_setup(HOPE_CITY, ("Ann", "Bob"), options), seed=1)
    return state


def test_set_up_counts_follow_the_players_as_an_option() -> None:
    entry = seated("Ann:mayor", "Bob:coach", "Ann:engineer", "Bob:ranger", "Ann:doctor", doctor="politics")
    by_citizens = applied(new_two(), entry)
    assert by_citizens.bag.count(CORRUPTION) == 3 and len(by_citizens.start_due) == 5
    assert by_citizens.city.on("society") == (PUNK,)
    by_players = applied(new_two(counts_by="players"), entry)
    assert by_players.table_size == 3 and by_players.bag.count(CORRUPTION) == 2
    assert len(by_players.start_due) == 10 and by_players.city.on("society") == ()


def test_every_card_draws_a_starting_token_as_an_option() -> None:
    state = applied(new(tokens_for_all=True), choose())
    assert state.start_due == ("mayor", "entrepreneur", "coach", "engineer", "ranger", "doctor")
    state = applied(state, a.DrawToken("politics"), a.DrawToken(CORRUPTION))
    entrepreneur = state.citizen("entrepreneur")
    assert (entrepreneur.corruption, entrepreneur.good, entrepreneur.tokens) == (0, True, Bag())
    assert state.bag.count(CORRUPTION) == 2 and state.corruption_due == 0
    state = applied(state, a.DrawToken("society"), a.DrawToken("society"), a.DrawToken("technology"))
    assert state.citizen("ranger").tokens == Bag.of({"technology": 1})
    assert resources_total(state) == 20


# Corruption


@pytest.mark.parametrize(
    ("pool", "held", "roll", "good", "corruption", "pool_after"),
    [
        (1, 0, 2, False, 0, 1),  # short by one: all or nothing, the Pool keeps its token
        (0, 0, 1, False, 0, 0),  # T09's empty Pool
        (0, 2, 1, False, 0, 0),  # a card already holding 2 breaks bad too; its 2 go back into the bag
        (2, 0, 2, True, 2, 0),  # the Pool covers the roll
        (0, 0, 0, True, 0, 0),  # no corruption rolled: nothing to cover
        (3, 1, 1, True, 2, 2),
    ],
)
def test_a_temptation_the_pool_cannot_cover_breaks_bad(
    pool: int, held: int, roll: int, good: bool, corruption: int, pool_after: int
) -> None:
    """A game of edition 1 (begun before issue #29) breaks the tempted bad whenever the Pool is short."""
    state = legacy(carrying(replace(turn_of("coach"), pool=pool + held), coach=held))
    after = applied(state, a.GangUp(roll))
    coach = after.citizen("coach")
    assert (coach.good, coach.corruption, after.pool) == (good, corruption, pool_after)
    assert coach.purple_die == good
    assert after.corruption_due == 0 and corruption_total(after) == corruption_total(state)
    if not good:
        assert after.bag.count(CORRUPTION) == state.bag.count(CORRUPTION) + held


def test_an_attack_takes_what_the_pool_has() -> None:
    state = replace(citizen(turn_of("coach", moved=True), "coach", space="politics"), pool=1)
    state = punks(state, politics=(PUNK, PUNK))
    after = applied(state, a.FaceAttack((1, 2)))
    assert (after.citizen("coach").corruption, after.pool) == (1, 0)
    assert after.citizen("coach").good


def test_a_bad_citizen_passes_every_token_on() -> None:
    state = bad(turn_of("coach", wage=False, objective_done=True), "coach")
    state = applied(state, a.DrawToken(CORRUPTION))
    assert state.corruption_due == 1 and state.citizen("coach").corruption == 0
    waiting = (a.EndTurn(), a.Trade("society", "politics"), a.Expand(1), a.Move("politics"))
    assert codes(state, *waiting) == ["hope-city.first"] * 4
    assert refusal(state, a.PlacePunk("society")).code == "hope-city.none_due"
    assert refusal(state, a.GiveCorruption("coach")).code == "hope-city.give_good"
    given = applied(state, a.GiveCorruption("engineer"))
    assert given.citizen("engineer").corruption == 1 and given.corruption_due == 0
    assert applied(given, a.EndTurn()).turn is not None
    # An attack's hits on the Bully come from the Pool and go on too.
    attacked = punks(
        citizen(bad(turn_of("coach", moved=True), "coach"), "coach", space="politics"), politics=(PUNK,)
    )
    hit = applied(attacked, a.FaceAttack((1,), purple=1))
    assert (hit.corruption_due, hit.pool) == (2, attacked.pool - 2)


def test_a_passed_token_can_break_the_receiver_bad() -> None:
    state = replace(carrying(turn_of("coach"), mayor=1), corruption_due=2, pool=20 - 1 - 2)
    after = applied(state, a.GiveCorruption("mayor"))
    assert not after.citizen("mayor").good and after.corruption_due == 1
    assert refusal(after, a.GiveCorruption("mayor")).code == "hope-city.give_good"
    assert corruption_total(after) == corruption_total(state)


def test_the_last_good_citizen_breaking_bad_is_ruin() -> None:
    state = bad(bad(bad(turn_of("mayor"), "coach"), "engineer"), "doctor")
    state = replace(carrying(state, mayor=1), corruption_due=2, pool=20 - 1 - 2)
    after = applied(state, a.GiveCorruption("mayor"))
    assert (after.result, after.reason) == ("ruin", "Every citizen in play has broken bad.")


# The Drug Dealer


def test_the_drug_dealer_deals_as_her_turn_begins() -> None:
    state = carrying(bad(turn_of("engineer", objective_done=True), "doctor"), coach=2, mayor=1)
    state = applied(state, a.EndTurn())
    assert state.deal_due and state.turn is not None and state.turn.citizen == "doctor"
    assert refusal(state, a.DrawToken()).code == "hope-city.first"
    assert refusal(state, a.DrawToken()).rule == "hope-city/citizens/flaws"
    deals = (a.Deal(("mayor",)), a.Deal(("doctor",)), a.Deal(("mayor", "coach", "engineer")), a.Deal(()))
    assert codes(state, *deals) == [
        "hope-city.deal_most",
        "hope-city.deal_self",
        "hope-city.deal",
        "hope-city.deal",
    ]
    most = applied(state, a.Deal(("coach",)))
    assert not most.citizen("coach").good and most.pool == state.pool - 1 and not most.deal_due
    two = applied(state, a.Deal(("mayor", "engineer")))
    assert (two.citizen("engineer").corruption, two.pool) == (1, state.pool - 2)
    assert not two.citizen("mayor").good and two.citizen("mayor").corruption == 0  # her card holds 2
    waged = applied(two, a.DrawToken("politics"))
    assert waged.turn is not None and waged.turn.wage_taken
    dry = applied(replace(state, pool=0), a.Deal(("mayor", "engineer")))
    assert dry.citizen("engineer").corruption == 0 and dry.pool == 0


def test_the_drug_dealer_deals_the_moment_she_breaks_bad() -> None:
    state = carrying(turn_of("doctor"), doctor=2)
    after = applied(state, a.SellScripts(1, die=1))
    assert not after.citizen("doctor").good and after.deal_due
    assert after.scripts_due == 0
    assert refusal(after, a.Deal(("engineer", "engineer"))).code == "hope-city.deal_two"
    one = replace(after, settings=replace(after.settings, deal_to_one=True))
    dealt = applied(one, a.Deal(("engineer", "engineer")))
    assert dealt.citizen("engineer").corruption == 2


# SELL SCRIPTS and HEAL


def test_heal_to_the_pool_scripts_to_the_bag() -> None:
    state = carrying(turn_of("doctor"), coach=2, mayor=1)
    healed = applied(state, a.Heal("coach"))
    assert (healed.citizen("coach").corruption, healed.pool, healed.bag) == (1, state.pool + 1, state.bag)
    assert healed.citizen("doctor").talents == 1
    from_bag = applied(state, a.Heal("bag"))
    assert (from_bag.bag.count(CORRUPTION), from_bag.pool) == (
        state.bag.count(CORRUPTION) - 1,
        state.pool + 1,
    )
    assert refusal(state, a.Heal("engineer")).code == "hope-city.heal_none"
    sold = applied(state, a.SellScripts(0, die=6))
    assert sold.scripts_due == 3  # only 3 corruption sit on other citizens
    assert refusal(sold, a.TakeScript("engineer")).code == "hope-city.heal_none"
    for cid in ("coach", "coach", "mayor"):
        sold = applied(sold, a.TakeScript(cid))
    assert sold.scripts_due == 0 and sold.pool == state.pool
    assert sold.bag.count(CORRUPTION) == state.bag.count(CORRUPTION) + 3
    assert [sold.citizen(c).corruption for c in ("mayor", "coach")] == [0, 0]
    assert corruption_total(sold) == corruption_total(state)
    # A roll of 2 takes 2, wherever the table takes them from.
    assert applied(state, a.SellScripts(0, die=2)).scripts_due == 2


def test_sell_scripts_come_off_before_the_doctors_corruption_is_passed_on() -> None:
    """At the table the temptation's effect comes before its corruption die. Passing the Doctor's extra
    corruption first could break the only citizen holding corruption bad (emptying their card into the
    bag) and leave the roll with nothing to take, a question nobody could answer."""
    state = carrying(turn_of("doctor"), doctor=2, coach=2)
    after = applied(state, a.SellScripts(2, die=6))
    assert (after.scripts_due, after.corruption_due, after.deal_due) == (2, 1, True)
    assert refusal(after, a.GiveCorruption("coach")).code == "hope-city.first"
    after = applied(after, a.TakeScript("coach"), a.TakeScript("coach"))
    after = applied(after, a.GiveCorruption("coach"), a.Deal(("coach",)))
    assert after.citizen("coach").corruption == 2 and after.result is None
    assert corruption_total(after) == corruption_total(state)


# The Cyberpunk and the Tycoon


def test_the_cyberpunk_brings_a_punk_as_her_turn_begins() -> None:
    state = bad(turn_of("coach", objective_done=True), "engineer")
    state = applied(state, a.EndTurn())
    assert state.punks_due == (PUNK,) and state.turn is not None and state.turn.citizen == "engineer"
    assert refusal(state, a.DrawToken()).code == "hope-city.first"
    assert refusal(state, a.PlacePunk("politics")).code == "hope-city.punks_spread"
    placed = applied(state, a.PlacePunk("technology"))
    assert placed.city.on("technology") == (PUNK,) and placed.city.punk_supply == state.city.punk_supply - 1
    assert placed.turn == state.turn and not state.turn.wage_taken
    crowded = applied(punks(bad(turn_of("coach", objective_done=True), "engineer"), **FULL), a.EndTurn())
    assert crowded.punks_due == () and crowded.city.punk_supply == state.city.punk_supply
    empty = applied(city(bad(turn_of("coach", objective_done=True), "engineer"), punk_supply=0), a.EndTurn())
    assert empty.punks_due == ()


def test_the_engineer_breaking_bad_in_a_full_city_brings_no_punk() -> None:
    """A Punk emerging when no space can take one stays in the supply (the same reading as at the year's
    start), rather than waiting for a space that can never open."""
    state = carrying(punks(turn_of("engineer"), **FULL), engineer=2)
    after, events = applied_events(state, a.Hack(1))
    assert not after.citizen("engineer").good and after.punks_due == ()
    assert "no_space" in [e.kind for e in events]
    assert applied(done(after), a.EndTurn()).turn is not None


def test_the_tycoon_takes_no_wage() -> None:
    state = bad(turn_of("mayor", WITH_TYCOON, objective_done=True), "entrepreneur")
    state = applied(state, a.EndTurn())
    assert state.turn is not None and state.turn.citizen == "entrepreneur" and state.turn.wage_taken
    assert refusal(state, a.DrawToken()).code == "hope-city.phase"
    traded = applied(state, a.Trade("economics", "society"))
    assert traded.bag == state.bag
    # An economics success turns him good: the next turn has its wage again.
    good = holding(applied(state, a.ChooseObjective("pile", ("economics",))), "entrepreneur", "economics")
    good = applied(good, a.Attempt(("economics",)), a.Resolve(True))
    assert good.citizen("entrepreneur").good
    later = applied(on_turn(good, "mayor", objective_done=True), a.EndTurn())
    assert later.turn is not None and not later.turn.wage_taken


# Talents: RECRUIT and borrowed tokens


def test_recruit_copies_a_spent_citizens_talent() -> None:
    state = citizen(turn_of("coach"), "engineer", talents=0)
    after = applied(state, a.Innovate("politics", PUNK, 5))
    assert after.citizen("coach").talents == 1 and after.citizen("engineer").talents == 0
    assert after.city.on("politics") == ()
    assert refusal(turn_of("coach"), a.Innovate("politics", PUNK, 5)).code == "hope-city.recruit_early"
    # Never the Doctor's, spent or not.
    assert refusal(citizen(state, "doctor", talents=0), a.Heal("bag")).code == "hope-city.recruit_doctor"
    # A non-active card with its tokens spent counts too; the Coach pays with his own token.
    spent = citizen(state, "ranger", talents=0)
    explored = applied(spent, a.Explore())
    assert explored.turn is not None and explored.turn.explore and explored.citizen("coach").talents == 1
    # A copied LEAD lets the Coach take a card from his space's Fail pile.
    lead = piles(
        citizen(citizen(turn_of("coach"), "mayor", talents=0), "coach", space="politics"),
        fail=(("regular",), (), (), (), ()),
    )
    led = applied(lead, a.Lead(), a.ChooseObjective("fail", ("politics",)))
    assert led.piles.fail[0] == () and led.turn is not None and led.turn.objective is not None
    # Only the Coach copies; the Mayor may not use the spent Engineer's talent.
    assert (
        refusal(citizen(turn_of("mayor"), "engineer", talents=0), a.Innovate("politics", PUNK, 5)).code
        == "hope-city.not_yours"
    )
    # Once his own tokens are gone, nothing is copied.
    assert (
        refusal(citizen(state, "coach", talents=0), a.Innovate("politics", PUNK, 5)).code
        == "hope-city.no_talent"
    )


def test_lead_attempts_a_card_from_the_fail_pile() -> None:
    state = piles(
        holding(turn_of("mayor"), "mayor", *COLOURS), fail=(("regular", "major", "regular"), (), (), (), ())
    )
    led = applied(state, a.Lead(), a.ChooseObjective("fail", COLOURS))
    assert led.piles.fail[0] == ("regular", "regular") and led.citizen("mayor").talents == 1
    assert refusal(led, a.Defer()).code == "hope-city.lead_card"
    won = applied(led, a.Attempt(COLOURS), a.Resolve(True))
    assert won.piles.success[0] == ("major",) and won.piles.fail[0] == ("regular", "regular")
    assert won.citizen("mayor").hope_cards == 1 and won.citizen("mayor").tokens == Bag()
    # The same card failing goes back to the Fail pile, on top.
    lost = applied(led, a.Attempt(COLOURS), a.Resolve(False))
    assert lost.piles.fail[0] == ("regular", "regular", "major")
    # LEAD comes before the turn's objective, and only one objective a turn.
    assert refusal(led, a.ChooseObjective("pile", ("politics",))).code == "hope-city.one_objective"
    assert (
        refusal(applied(state, a.ChooseObjective("pile", ("politics",))), a.Lead()).code
        == "hope-city.lead_late"
    )


def test_a_mobster_holding_a_card_he_cannot_pay_puts_it_back_and_goes_on() -> None:
    """In a game of edition 1 (begun before issue #29) Lantern let the table put back a card the Mobster
    may neither defer nor pay (a card taken with LEAD must still be attempted)."""
    state = legacy(chosen(holding(turn_of("mayor"), "mayor"), Objective("politics", ("politics",))))
    piles = state.piles.draw
    state = applied(replace(carrying(state, mayor=1), pool=10), a.Bribe(1))
    assert not state.citizen("mayor").good
    assert refusal(state, a.Defer()).code == "hope-city.mobster"
    back = applied(state, a.ReturnObjective())
    assert back.turn is not None and back.turn.objective is None
    assert back.piles.draw[0] == piles[0] + 1
    assert not HOPE_CITY.validate(back, a.EndTurn())
    led = replace(
        state, turn=replace(state.turn, objective=Objective("politics", ("politics",), source="fail"))
    )
    assert refusal(led, a.ReturnObjective()).code == "hope-city.lead_card"


def test_a_non_active_token_buys_its_own_talent_or_the_monument() -> None:
    state = turn_of("mayor")
    explored = applied(state, a.Explore(token_from="ranger"))
    assert explored.citizen("ranger").talents == 1 and explored.citizen("mayor").talents == 2
    invested = applied(state, a.InvestMonument(token_from="entrepreneur"))
    assert invested.citizen("entrepreneur").talents == 1 and invested.monument.talents == 1
    assert (
        refusal(state, a.Innovate("politics", PUNK, 5, token_from="ranger")).code == "hope-city.recruit_own"
    )
    assert refusal(state, a.Lead(token_from="coach")).code == "hope-city.recruit_active"
    assert (
        refusal(citizen(state, "ranger", talents=0), a.Explore(token_from="ranger")).code
        == "hope-city.no_talent"
    )
    assert refusal(state, a.Trespass(0)).code == "hope-city.not_yours"
    assert refusal(state, a.Explore(token_from="nobody")).code == "hope-city.citizen"
    # A bad citizen recruits nobody.
    assert refusal(bad(state, "mayor"), a.Explore(token_from="ranger")).code == "hope-city.bad"


def test_the_fifth_talent_claims_the_monument() -> None:
    state = replace(turn_of("coach"), monument=Monument(4))
    after = applied(state, a.InvestMonument(token_from="ranger"))
    assert after.monument == Monument(5, "coach")
    assert after.citizen("ranger").talents == 1 and after.citizen("coach").talents == 2


# The monument by year


def placed(year: int, expansion: int = 0, flip: str = "", **options: Any) -> HopeCityState:
    state = replace(turn_of("mayor"), year=year, monument=Monument(5, "coach"))
    if options:
        state = replace(state, settings=replace(state.settings, **options))
    state = city(punks(state, politics=(PUNK,), economics=(BIG,)), expansion=expansion)
    state = replace(state, bag=state.bag.put([CORRUPTION] * 3))
    dice = (6, 6) if year >= 5 else ()
    return applied(state, a.PlaceMonument(dice, flip))


def test_the_monument_by_year() -> None:
    before = replace(turn_of("mayor"), bag=turn_of("mayor").bag.put([CORRUPTION] * 3))
    early = placed(3)
    assert (early.city.expansion, early.city.total_punks, early.monument.placed_in) == (0, 2, 3)
    four = placed(4)
    assert (four.city.expansion, four.city.total_punks, four.citizen("coach").tokens.count(HOPE)) == (1, 2, 0)
    assert placed(4, expansion=2).city.expansion == 2
    assert placed(4, expansion=1, expansion_plus_one=True).city.expansion == 2
    five = placed(5)
    assert (five.city.expansion, five.city.total_punks, five.city.removed, five.city.removed_big) == (
        1,
        0,
        1,
        1,
    )
    assert five.citizen("coach").tokens.count(HOPE) == 1 and five.bag == before.bag
    six = placed(6)
    assert (six.bag.count(CORRUPTION), six.pool) == (before.bag.count(CORRUPTION) - 3, before.pool + 3)
    assert six.citizen("coach").tokens.count(HOPE) == 1


def test_year_7_turns_a_bad_citizen_good() -> None:
    state = bad(replace(turn_of("mayor"), year=7, monument=Monument(5, "coach")), "engineer")
    state = punks(state)
    assert refusal(state, a.PlaceMonument()).code == "hope-city.monument_flip"
    assert refusal(state, a.PlaceMonument(flip="coach")).code == "hope-city.monument_flip"
    after = applied(state, a.PlaceMonument(flip="engineer"))
    assert after.citizen("engineer").good and after.city.expansion == 1
    six = replace(state, year=6)
    assert refusal(six, a.PlaceMonument(flip="engineer")).code == "hope-city.monument_flip"
    assert refusal(six, a.PlaceMonument((6,))).code == "hope-city.monument_dice"


def test_the_monument_flipping_the_drug_dealer_brings_thrive() -> None:
    state = bad(replace(turn_of("mayor"), year=7, monument=Monument(5, "coach")), "doctor")
    state = city(punks(state), tiles=(SITE,) * 5)
    after = applied(state, a.PlaceMonument(flip="doctor"))
    assert after.result == "thrive"


# Sets and tiles


def test_cashing_a_set_takes_the_bottom_cards() -> None:
    state = piles(
        turn_of("mayor"), success=(("major", "regular"), *((("regular",),) * 4)), aside=(0, 1, 0, 0, 0)
    )
    after = applied(state, a.CashSet("success", punk_from="economics"))
    assert after.piles.success == (("regular",), (), (), (), ())
    assert after.piles.aside == (1, 2, 1, 1, 1)
    assert after.city.sites == 1 and after.city.on("economics") == () and after.city.removed == 1
    assert after.tile_placed and after.punks_due == (BIG,)
    fail = piles(turn_of("mayor"), fail=(("regular",),) * 5)
    blighted = applied(fail, a.CashSet("fail", talent_from="engineer"))
    assert blighted.city.blights == 1 and blighted.citizen("engineer").talents == 1
    assert blighted.piles.fail == ((),) * 5
    assert refusal(fail, a.CashSet("fail")).code == "hope-city.blight_talent"
    assert refusal(fail, a.CashSet("fail", punk_from="politics")).code == "hope-city.tile_punk"
    assert refusal(fail, a.CashSet("both")).code == "hope-city.pile"


def test_one_tile_a_turn_however_it_is_earned() -> None:
    both = piles(turn_of("mayor", objective_done=True), success=(("regular",),) * 5, fail=(("regular",),) * 5)
    after = applied(both, a.CashSet("fail", talent_from="mayor"))
    assert refusal(after, a.CashSet("success", punk_from="politics")).code == "hope-city.one_tile"
    assert refusal(after, a.PlaceSite("politics")).code == "hope-city.one_tile"
    assert refusal(after, a.PlaceBlight("coach")).code == "hope-city.one_tile"
    assert refusal(after, a.ClaimPunkSite("politics")).code == "hope-city.one_tile"
    # The clean-up is a turn of its own for tiles: a chaos consequence may place one.
    last = applied(replace(after, order=("mayor",), citizens=after.citizens), a.EndTurn())
    assert last.stage == "cleanup" and not last.tile_placed
    assert applied(last, a.CashSet("success", punk_from="politics")).city.sites == 1


def test_a_site_for_the_punks_removed_uses_them_up() -> None:
    state = city(turn_of("mayor"), removed=7, removed_big=2, big_supply=0)
    after = applied(state, a.ClaimPunkSite("politics"))
    assert (after.city.removed, after.city.removed_big, after.city.sites) == (2, 0, 1)
    assert refusal(after, a.ClaimPunkSite("economics")).code == "hope-city.one_tile"
    six = city(on_turn(playing(SIX), "mayor"), removed=7, removed_big=2)
    assert refusal(six, a.ClaimPunkSite("politics")).code == "hope-city.punk_goal"
    assert applied(city(six, removed=8), a.ClaimPunkSite("politics")).city.removed == 1


def test_a_site_with_no_punk_in_the_city_removes_none() -> None:
    state = city(punks(turn_of("mayor")), big_supply=1)
    assert refusal(state, a.PlaceSite("politics")).code == "hope-city.site_punk"
    after = applied(state, a.PlaceSite())
    assert after.city.sites == 1 and after.punks_due == (BIG,)


# The Future Track


def test_closing_and_opening_the_track() -> None:
    cards = tuple(Objective(c, (c,), source="track") for c in (*COLOURS, "politics"))
    state = track(turn_of("mayor"), chaos_at=7, cards=cards)
    assert state.track.capacity == 6
    assert refusal(state, a.OpenTrack()).code == "hope-city.track_open"
    closed = applied(state, a.CloseTrack())
    assert (closed.track.chaos_at, closed.track.cards) == (6, cards[1:])
    assert closed.piles.fail == (("regular",), (), (), (), ())
    shut = track(turn_of("mayor"), chaos_at=1)
    assert refusal(shut, a.CloseTrack()).code == "hope-city.track_shut"
    assert applied(shut, a.OpenTrack()).track.capacity == 1
    # With no room at all, a deferred card fails whatever the roll.
    held = chosen(shut, Objective("politics", ("politics",)))
    assert applied(held, a.Defer(1)).piles.fail[0] == ("regular",)
    bribed = applied(track(turn_of("mayor"), chaos_at=6), a.Bribe(0))
    assert bribed.track.chaos_at == 7


def test_a_track_card_keeps_its_cost_and_colour() -> None:
    card = Objective("politics", ("politics", "economics"), source="track")
    state = holding(track(turn_of("mayor"), cards=(card,)), "mayor", "politics", "economics")
    assert refusal(state, a.ChooseObjective("track", ("politics",), 1)).code == "hope-city.track_cost"
    assert refusal(state, a.ChooseObjective("track", slot=2)).code == "hope-city.track_slot"
    after = applied(state, a.ChooseObjective("track", slot=1), a.Attempt(("politics", "economics")))
    assert after.track.cards == () and after.bag == state.bag.put(["politics", "economics"])


# Objective piles


def test_an_empty_pile_is_rebuilt_from_completed_sets() -> None:
    state = piles(
        citizen(turn_of("coach"), "coach", space="economics"), draw=(8, 8, 0, 8, 8), aside=(2, 2, 2, 2, 2)
    )
    state = punks(state)
    moved = applied(state, a.Move("society"))
    after = applied(moved, a.ChooseObjective("pile", ("society",)))
    assert after.piles.draw == (8, 8, 1, 8, 8) and after.piles.aside == (2, 2, 0, 2, 2)
    closed = piles(state, aside=(0,) * 5)
    assert refusal(closed, a.Move("society")).code == "hope-city.space_closed"
    # Standing on a closed space, no card can be drawn there; a completed set opens it again.
    there = citizen(closed, "coach", space="society")
    assert refusal(there, a.ChooseObjective("pile", ("society",))).code == "hope-city.pile_empty"
    cashed = applied(piles(there, success=(("regular",),) * 5), a.CashSet("success"), a.PlacePunk("society"))
    reopened = applied(cashed, a.ChooseObjective("pile", ("society",)))
    assert reopened.piles.draw[2] == 0 and reopened.piles.aside[2] == 0


def test_a_category_all_in_its_fail_pile_is_ruin() -> None:
    state = piles(turn_of("mayor"), fail=(("regular",) * 7, (), (), (), ()))
    held = chosen(state, Objective("politics", ("politics",)))
    after = applied(held, a.Attempt(("politics",)), a.Resolve(False))
    assert (after.result, after.reason) == ("ruin", "Every politics card is in its Fail pile.")
    majors = replace(held, settings=replace(held.settings, ruin_counts_majors=True))
    assert applied(majors, a.Attempt(("politics",)), a.Resolve(False)).result is None


# The end


def test_the_final_check_after_year_7() -> None:
    state = city(bad(cleanup(playing(), year=7), "coach"), tiles=(SITE, SITE, SITE, BLIGHT, ""))
    state = punks(state, politics=(PUNK,), economics=(BIG,))
    after = applied(state, a.EndYear())
    assert (after.result, after.stage) == ("survive", "over")
    assert after.bag.count(CORRUPTION) == state.bag.count(CORRUPTION) + 2  # infection first
    assert after.reason == "3 City Sites held and 3 good citizens against 1 bad."
    short = applied(city(state, tiles=(SITE, SITE, "", "", "")), a.EndYear())
    assert (short.result, short.reason) == ("defeat", "Year 7 is over with only 2 City Sites.")
    sixth = applied(replace(state, year=6), a.EndYear())
    assert sixth.result is None and sixth.year == 7 and sixth.stage == "chaos"
    unresolved = replace(state, chaos_resolved=False, chaos_in_play=True)
    assert refusal(unresolved, a.EndYear()).code == "hope-city.chaos_first"


def test_thrive_comes_the_moment_the_drug_dealer_turns_good() -> None:
    state = city(bad(turn_of("mayor"), "doctor"), tiles=(SITE,) * 4 + ("",))
    state = applied(state, a.PlaceSite("politics"), a.PlacePunk("politics"))
    assert state.city.sites == 5 and state.result is None
    mobster = bad(citizen(state, "doctor", good=True), "mayor")
    assert applied(mobster, a.Expand(1)).result is None
    after = applied(state, a.FlipGood("doctor"))
    assert (
        after.result == "thrive" and after.reason == "5 City Sites stand, with no Mobster and no Drug Dealer."
    )
    # Ruin comes before Thrive: a step that gives both is a loss.
    wide = replace(state, settings=replace(state.settings, tile_spaces=10))
    both = applied(city(wide, tiles=(SITE,) * 5 + (BLIGHT,) * 5), a.FlipGood("doctor"))
    assert both.result == "ruin"


# Hope cards


def test_the_doctor_draws_hope_only_where_she_was_attacked() -> None:
    def doctor_success(dice: tuple[int, ...] | None) -> HopeCityState:
        state = holding(citizen(turn_of("doctor"), "doctor", space="society"), "doctor", "politics")
        state = punks(state, politics=(PUNK,) if dice else ())
        state = applied(state, a.Move("politics"))
        if dice:
            state = applied(state, a.FaceAttack(dice))
        return applied(
            state, a.ChooseObjective("pile", ("politics",)), a.Attempt(("politics",)), a.Resolve(True)
        )

    assert doctor_success((1,)).citizen("doctor").hope_cards == 1  # hit
    assert doctor_success((4,)).citizen("doctor").hope_cards == 1  # missed, but she faced the attack
    assert doctor_success(None).citizen("doctor").hope_cards == 0  # no PUNK there
    stayed = holding(citizen(turn_of("doctor"), "doctor", space="politics"), "doctor", "politics")
    stayed = applied(
        stayed, a.ChooseObjective("pile", ("politics",)), a.Attempt(("politics",)), a.Resolve(True)
    )
    assert stayed.citizen("doctor").hope_cards == 0  # PUNKS there, but no attack on one who stays


def test_an_attack_on_a_citizen_who_stays_is_an_option() -> None:
    """With the option on, a citizen on a PUNK space is attacked before choosing an objective, but may
    still trade and move first (steps 2 and 3 come before the attack, step 4). Moving into another PUNK
    space means facing that space's attack; moving to an empty one means none."""
    state = playing(attack_when_staying=True)
    state = punks(
        holding(on_turn(state, "mayor"), "mayor", "politics"), politics=(PUNK,), economics=(PUNK, PUNK)
    )
    assert refusal(state, a.ChooseObjective("pile", ("politics",))).code == "hope-city.first"
    stayed = applied(state, a.Trade("politics", "economics"), a.FaceAttack((2,)))
    assert stayed.citizen("mayor").corruption == 1 and stayed.turn is not None
    assert stayed.turn.attacked_on == "politics"
    assert applied(stayed, a.ChooseObjective("pile", ("politics",))).turn is not None
    moved = applied(state, a.Move("economics"))
    assert refusal(moved, a.ChooseObjective("pile", ("economics",))).code == "hope-city.first"
    assert refusal(moved, a.FaceAttack((1,))).code == "hope-city.dice_count"
    assert refusal(moved, a.Move("society")).code == "hope-city.moved"
    assert refusal(moved, a.Trade("politics", "society")).code == "hope-city.trade_late"
    hit = applied(moved, a.FaceAttack((1, 6)))
    assert (
        hit.citizen("mayor").corruption == 1 and hit.turn is not None and hit.turn.attacked_on == "economics"
    )
    away = applied(state, a.Move("society"))
    assert applied(away, a.ChooseObjective("pile", ("society",))).citizen("mayor").corruption == 0
    # Off (the default), staying on a PUNK space brings no attack.
    off = punks(holding(on_turn(playing(), "mayor"), "mayor", "politics"), politics=(PUNK,))
    assert applied(off, a.ChooseObjective("pile", ("politics",))).citizen("mayor").corruption == 0


def test_removing_a_punk_can_leave_a_double_beside_an_empty_space() -> None:
    """Singles everywhere before any space takes a second PUNK holds where PUNKS are placed; a removal
    later may empty a space beside a doubled one (so it is not a rule of every state), and the next PUNK
    must then go to the emptied space."""
    state = punks(
        on_turn(playing(), "engineer"),
        politics=(PUNK, PUNK),
        economics=(PUNK,),
        society=(PUNK,),
        technology=(PUNK,),
        environment=(PUNK,),
    )
    after = applied(state, a.Innovate("economics", PUNK, 6))
    assert after.city.punks == ((PUNK, PUNK), (), (PUNK,), (PUNK,), (PUNK,))
    due = replace(after, punks_due=(PUNK,))
    assert refusal(due, a.PlacePunk("society")).code == "hope-city.punks_spread"
    assert applied(due, a.PlacePunk("economics")).city.on("economics") == (PUNK,)


def test_hope_cards_held_and_played() -> None:
    state = turn_of("mayor")
    drawn = applied(state, a.DrawHope("coach"))
    assert (drawn.citizen("coach").hope_cards, drawn.hope_deck) == (1, 4)
    assert refusal(state, a.PlayHope("coach")).code == "hope-city.no_hope"
    played = applied(drawn, a.PlayHope("coach"))
    assert (played.citizen("coach").hope_cards, played.hope_deck) == (0, 4)
    assert refusal(replace(state, hope_deck=0), a.DrawHope("coach")).code == "hope-city.hope_out"
    assert refusal(state, a.DrawHope("ranger")).code == "hope-city.not_active"
