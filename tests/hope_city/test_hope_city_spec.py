"""Spec §4 (validation rules) and §8 (worked cases) of shared/design/games/hope_city.md, in one place.

Each worked case T01..T20 is an exact test driving the game module (`validate` and `apply`, with the win
and loss check after every entry) from a state built with tests/hope_city/states.py. Each §4 rule that
can refuse has a refusal here with its exact code and a rules section the rules reference knows; a rule
that only computes shows the exact values it produces. Some rows point at the focused flow tests in
test_hope_city_flows.py. `test_the_table_lists_every_spec_code` keeps the table in step with the spec,
and `test_every_row_names_a_test` keeps it in step with the tests.

T01     test_t01_five_citizens
T02     test_t02_six_citizens
T03     test_t03_three_citizens_draw_two_each
T04     test_t04_two_punks_emerge_singles_first
T05     test_refusal[T05-a-singles-first]
T05     test_refusal[T05-b-two-at-most]
T06     test_t06_infection_moves_one_per_punk_from_the_pool
T07     test_t07_a_corruption_wage_breaks_the_coach_bad
T08     test_t08_the_second_token_goes_to_another_good_citizen
T09     test_t09_an_empty_pool_breaks_the_tempted_bad_at_once
T10     test_t10_one_hit_and_only_the_big_punk_beaten
T11     test_t11_explore_ignores_the_hits_but_may_fight_back
T12     test_t12_full_track_roll_names_no_card
T13     test_t13_full_track_roll_names_slot_2
T14     test_t14_closing_a_full_track_fails_the_card_on_f
T15     test_t15_a_second_tile_waits_for_the_next_turn
T16     test_t16_a_site_removes_a_punk_and_brings_a_big_punk
T17     test_t17_monument_in_year_6
T18     test_t18_thrive_waits_for_the_drug_dealer_to_turn_good
T19     test_t19_two_good_against_two_bad_is_defeat
T20     test_t20_a_blight_turns_a_site_over
HC-V01  test_refusal[HC-V01-twice]
HC-V01  test_refusal[HC-V01-tycoon]
HC-V01  test_refusal[HC-V01-wage-first]
HC-V01  test_hc_v01_one_token_a_wage
HC-V02  test_refusal[HC-V02-twice]
HC-V02  test_refusal[HC-V02-same-kind]
HC-V02  test_refusal[HC-V02-market]
HC-V02  test_refusal[HC-V02-held]
HC-V02  test_refusal[HC-V02-late]
HC-V02  test_hc_v02_one_for_one
HC-V03  test_hc_v03_spent_resources_go_straight_back
HC-V04  test_refusal[HC-V04-gain]
HC-V04  test_refusal[HC-V04-pay]
HC-V04  test_refusal[HC-V04-draw-hope]
HC-V05  test_refusal[HC-V05]
HC-V06  test_refusal[T05-a-singles-first]
HC-V06  test_refusal[T05-b-two-at-most]
HC-V07  test_hc_v07_emergence_tops_the_city_up_to_two
HC-V08  test_refusal[HC-V08-dice]
HC-V08  test_refusal[HC-V08-purple]
HC-V08  test_hc_v08_the_bully_and_the_empty_pool
HC-V09  test_refusal[HC-V09-not-beaten]
HC-V09  test_refusal[HC-V09-no-resource]
HC-V09  test_refusal[HC-V09-gone]
HC-V10  test_refusal[HC-V10]
HC-V10  test_hc_v10_five_for_a_punk_six_for_a_big_punk
HC-V11  test_refusal[HC-V11-track-colour]
HC-V11  test_refusal[HC-V11-fail-pile]
HC-V11  test_refusal[HC-V11-cost-colour]
HC-V11  test_refusal[HC-V11-lead]
HC-V11  test_refusal[HC-V11-fail-kind]
HC-V11  test_hope_city_flows.py::test_lead_attempts_a_card_from_the_fail_pile
HC-V12  test_refusal[HC-V12-token]
HC-V12  test_refusal[HC-V12-count]
HC-V12  test_refusal[HC-V12-hack-major]
HC-V12  test_hc_v12_hope_is_wild_and_hack_is_free
HC-V13  test_refusal[HC-V13-mobster]
HC-V13  test_refusal[HC-V13-lead]
HC-V14  test_refusal[HC-V14-level]
HC-V14  test_refusal[HC-V14-space]
HC-V14  test_hc_v14_a_helper_pays_and_gets_nothing
HC-V15  test_hc_v15_hope_cards_for_own_colour
HC-V15  test_hope_city_flows.py::test_the_doctor_draws_hope_only_where_she_was_attacked
HC-V16  test_refusal[HC-V16]
HC-V16  test_hc_v16_a_moved_card_resolves_nothing
HC-V17  test_refusal[HC-V17-talent]
HC-V17  test_refusal[HC-V17-temptation]
HC-V17  test_refusal[HC-V17-bad]
HC-V17  test_refusal[HC-V17-wage]
HC-V18  test_refusal[HC-V18-active]
HC-V18  test_refusal[HC-V18-other-talent]
HC-V18  test_refusal[HC-V18-temptation]
HC-V18  test_refusal[HC-V18-not-yours]
HC-V19  test_refusal[HC-V19-early]
HC-V19  test_refusal[HC-V19-doctor]
HC-V19  test_hope_city_flows.py::test_recruit_copies_a_spent_citizens_talent
HC-V20  test_refusal[HC-V20]
HC-V20  test_hope_city_flows.py::test_a_temptation_the_pool_cannot_cover_breaks_bad
HC-V21  test_t07_a_corruption_wage_breaks_the_coach_bad
HC-V21  test_t08_the_second_token_goes_to_another_good_citizen
HC-V22  test_refusal[HC-V22-bad]
HC-V22  test_refusal[HC-V22-non-active]
HC-V22  test_hope_city_flows.py::test_a_bad_citizen_passes_every_token_on
HC-V23  test_hc_v23_a_success_of_its_colour_turns_a_citizen_good
HC-V24  test_hope_city_flows.py::test_heal_to_the_pool_scripts_to_the_bag
HC-V25  test_refusal[HC-V25-heal-self]
HC-V25  test_refusal[HC-V25-scripts-self]
HC-V26  test_refusal[HC-V26]
HC-V26  test_t15_a_second_tile_waits_for_the_next_turn
HC-V27  test_refusal[HC-V27]
HC-V27  test_t16_a_site_removes_a_punk_and_brings_a_big_punk
HC-V28  test_refusal[HC-V28]
HC-V28  test_hc_v28_a_blight_takes_a_talent
HC-V29  test_t20_a_blight_turns_a_site_over
HC-V29  test_hc_v29_a_site_turns_a_blight_over
HC-V30  test_refusal[HC-V30]
HC-V30  test_hope_city_flows.py::test_cashing_a_set_takes_the_bottom_cards
HC-V31  test_refusal[HC-V31]
HC-V31  test_hope_city_flows.py::test_an_empty_pile_is_rebuilt_from_completed_sets
HC-V32  test_refusal[HC-V32]
HC-V32  test_hope_city_flows.py::test_a_site_for_the_punks_removed_uses_them_up
HC-V33  test_refusal[HC-V33-unclaimed]
HC-V33  test_refusal[HC-V33-claimed]
HC-V33  test_refusal[HC-V33-placed]
HC-V33  test_hope_city_flows.py::test_the_monument_by_year

Where the tracker reads the spec differently (the rulebook wins) or leaves a part to the table:
- T03: the "Ambush" chaos card is a card text, which Lantern does not hold; the chaos card stands on T
  (the track's room is 2) and the chaos pile holds 8, at any count.
- HC-V13: a full Future Track does not refuse a deferral: the rulebook's die roll decides (T12, T13). The
  Mobster's deferral is refused only in a game of edition 1; since issue #29 her card fails instead
  (test_hope_city_rules_read.py).
- HC-V20 and the spec's "ask" before cashing a set: since issue #29 (edition 2) all or nothing needs an
  empty Pool and a complete set is cashed before the turn or year goes on (test_hope_city_rules_read.py).
- HC-V14: helpers paying is checked; "helpers never receive resources" and "no cooperation against
  PUNKS" hold because no entry moves a resource to a helper and FightBack has no helper field.
- HC-V20: the corruption die's faces are not printed, so the table enters 0, 1 or 2.
- HC-V23: the Drug Dealer turns good only through an effect (FlipGood, the monument in year 7).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rules_ref import reference
from tests.hope_city.states import (
    applied,
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
    set_up,
    track,
)
from tests.spec_table import SPECS, SpecTable
from trackers.core.actions import Action
from trackers.core.bag import Bag
from trackers.hope_city import actions as a
from trackers.hope_city.game import HOPE_CITY
from trackers.hope_city.state import (
    ANY,
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

HERE = Path(__file__).resolve().parent
FIVE = ("mayor", "entrepreneur", "coach", "engineer", "ranger")
SIX = ("mayor", "entrepreneur", "coach", "engineer", "ranger", "doctor")
RANGER = ("mayor", "ranger", "coach", "engineer")
TALENTS, TEMPTATIONS = "hope-city/citizens/talents", "hope-city/citizens/temptations"
TILES, PUNKS, TRACK = "hope-city/tiles", "hope-city/punks", "hope-city/future-track"
COST, COOP = "hope-city/objectives/cost", "hope-city/business-expansion"


def politics(cost: tuple[str, ...] = ("politics",), source: str = "pile") -> Objective:
    return Objective("politics", cost, len(cost) == 5, source)


def mayor_turn(**turn: Any) -> HopeCityState:
    """Year 1, the Mayor's turn after the wage, on politics (PUNKS there and on economics)."""
    return on_turn(playing(), "mayor", **turn)


def bad(state: HopeCityState, cid: str) -> HopeCityState:
    return citizen(state, cid, good=False, corruption=0)


def success_set(state: HopeCityState) -> HopeCityState:
    return piles(state, success=(("regular",),) * 5)


def sites(state: HopeCityState, n: int) -> HopeCityState:
    return city(state, tiles=(SITE,) * n + ("",) * (5 - n))


# Worked cases (§8)


def test_t01_five_citizens() -> None:
    state = applied(new(FIVE), choose(FIVE))
    assert state.bag == Bag.of({**dict.fromkeys(COLOURS, 3), CORRUPTION: 3})
    assert state.trade == Bag.of({**dict.fromkeys(COLOURS, 1), HOPE: 1})
    assert state.city.punks == ((PUNK,), (PUNK,), (PUNK,), (), ())
    assert state.punk_goal == (6, 2)
    assert state.start_due == FIVE and state.stage == "tokens"


def test_t02_six_citizens() -> None:
    state = applied(new(SIX), choose(SIX))
    assert state.trade == Bag.of({**dict.fromkeys(COLOURS, 2), HOPE: 1})
    assert state.bag == Bag.of({**dict.fromkeys(COLOURS, 3), CORRUPTION: 3})
    assert state.punk_goal == (8, 2)
    assert state.city.punks == ((PUNK,), (PUNK,), (PUNK,), (), ())


def test_t03_three_citizens_draw_two_each() -> None:
    three = ("mayor", "coach", "doctor")
    state = applied(new(three), choose(three))
    assert state.start_due == ("mayor", "mayor", "coach", "coach", "doctor", "doctor")
    assert state.bag.count(CORRUPTION) == 2 and state.city.punks == ((PUNK,), (PUNK,), (), (), ())
    assert (state.track.chaos_at, state.track.capacity, state.chaos_pile) == (3, 2, 8)
    state = set_up(three)
    assert [c.tokens.total for c in state.active] == [2, 2, 2]
    assert state.bag.total == 17 - 6 and state.stage == "chaos"


def test_t04_two_punks_emerge_singles_first() -> None:
    state = punks(set_up())
    state = applied(state, a.ChaosIn())
    assert state.punks_due == (PUNK, PUNK)
    state = applied(state, a.PlacePunk("society"))
    assert refusal(state, a.PlacePunk("society")).code == "hope-city.punks_spread"
    state = applied(state, a.PlacePunk("environment"))
    assert state.city.punks == ((), (), (PUNK,), (), (PUNK,))
    assert state.city.punk_supply == 12 - 2 and state.punks_due == ()
    assert state.turn is not None and state.turn.citizen == "mayor"


def test_t06_infection_moves_one_per_punk_from_the_pool() -> None:
    state = punks(cleanup(playing(), pool=10), politics=(PUNK, BIG), economics=(PUNK,), society=(PUNK,))
    after = applied(state, a.EndYear())
    assert after.bag.count(CORRUPTION) == state.bag.count(CORRUPTION) + 4
    assert after.pool == 6 and after.year == 2 and after.stage == "chaos"


def test_t07_a_corruption_wage_breaks_the_coach_bad() -> None:
    state = on_turn(playing(), "coach", wage=False)
    state = replace(citizen(state, "coach", corruption=2), pool=state.pool - 2)
    total = corruption_total(state)
    after = applied(state, a.DrawToken(CORRUPTION))
    coach = after.citizen("coach")
    assert (coach.good, coach.name, coach.corruption) == (False, "Bully", 0)
    assert after.bag.count(CORRUPTION) == state.bag.count(CORRUPTION) - 1 + 3
    assert after.ledger[-1][1:] == ("in", "3 corruption: the Bully's card")
    assert after.corruption_due == 0 and corruption_total(after) == total


def test_t08_the_second_token_goes_to_another_good_citizen() -> None:
    state = replace(citizen(mayor_turn(), "mayor", corruption=1), pool=19)
    after = applied(state, a.Bribe(2))
    mayor = after.citizen("mayor")
    assert (mayor.good, mayor.name, mayor.corruption) == (False, "Mobster", 0)
    assert after.bag.count(CORRUPTION) == state.bag.count(CORRUPTION) + 2
    assert (after.pool, after.corruption_due, after.track.chaos_at) == (17, 1, 4)
    assert refusal(after, a.GiveCorruption("mayor")).code == "hope-city.give_good"
    assert refusal(after, a.EndTurn()).code == "hope-city.first"
    given = applied(after, a.GiveCorruption("coach"))
    assert (given.citizen("coach").corruption, given.corruption_due) == (1, 0)
    assert corruption_total(given) == corruption_total(state)


def test_t09_an_empty_pool_breaks_the_tempted_bad_at_once() -> None:
    state = on_turn(playing(RANGER, pool=0), "ranger")
    after = applied(state, a.Trespass(1))
    ranger = after.citizen("ranger")
    assert (ranger.good, ranger.name, ranger.corruption) == (False, "Squatter", 0)
    assert (after.pool, after.bag.count(CORRUPTION)) == (0, state.bag.count(CORRUPTION))
    assert after.chaos_pile == state.chaos_pile - 1


def attacked(citizens: tuple[str, ...], cid: str, *first: Action) -> HopeCityState:
    """`cid` on turn, holding a society token, moves into politics where a Punk and a Big Punk stand."""
    state = on_turn(playing(citizens), cid)
    state = holding(citizen(state, cid, space="society"), cid, "society")
    state = punks(state, politics=(PUNK, BIG))
    return applied(state, *first, a.Move("politics"), a.FaceAttack((1, 6)))


def test_t10_one_hit_and_only_the_big_punk_beaten() -> None:
    state = attacked(RANGER, "coach")
    assert state.citizen("coach").corruption == 1 and state.pool == 19
    assert state.turn is not None and state.turn.fight_back == (BIG,)
    assert refusal(state, a.FightBack(PUNK, "society")).code == "hope-city.not_beaten"
    after = applied(state, a.FightBack(BIG, "society"))
    assert after.city.on("politics") == (PUNK,) and after.city.removed_big == 1
    assert (
        after.citizen("coach").tokens == Bag()
        and after.bag.count("society") == state.bag.count("society") + 1
    )


def test_t11_explore_ignores_the_hits_but_may_fight_back() -> None:
    state = attacked(RANGER, "ranger", a.Explore())
    assert state.citizen("ranger").corruption == 0 and state.pool == 20
    assert state.citizen("ranger").talents == 1
    after = applied(state, a.FightBack(BIG, "society"))
    assert after.city.on("politics") == (PUNK,) and after.city.removed_big == 1


def full_track() -> HopeCityState:
    """The chaos card on T, its 2 slots taken (technology, economics); the Mayor holds a politics card."""
    cards = (
        Objective("technology", ("technology",), source="track"),
        Objective("economics", ("economics",), source="track"),
    )
    return chosen(track(mayor_turn(), chaos_at=3, cards=cards), politics())


def test_t12_full_track_roll_names_no_card() -> None:
    state = full_track()
    after = applied(state, a.Defer(4))
    assert after.track == state.track
    assert after.piles.fail == (("regular",), (), (), (), ())
    assert after.turn is not None and after.turn.objective is None and after.turn.objective_done


def test_t13_full_track_roll_names_slot_2() -> None:
    state = full_track()
    after = applied(state, a.Defer(2))
    assert after.track.cards == (state.track.cards[0], replace(politics(), source="track"))
    assert after.piles.fail == ((), ("regular",), (), (), ())


def test_t14_closing_a_full_track_fails_the_card_on_f() -> None:
    cards = tuple(Objective(c, (c,), source="track") for c in ("environment", "society", "technology"))
    state = track(mayor_turn(), chaos_at=4, cards=cards)
    after = applied(state, a.CloseTrack())
    assert (after.track.chaos_at, after.track.cards) == (3, cards[1:])
    assert after.piles.fail == ((), (), (), (), ("regular",))


def test_t15_a_second_tile_waits_for_the_next_turn() -> None:
    state = replace(success_set(mayor_turn()), tile_placed=True)
    cash = a.CashSet("success", punk_from="politics")
    assert refusal(state, cash).code == "hope-city.one_tile"
    next_turn = applied(done(state), a.EndTurn(), a.DrawToken("politics"), cash)
    assert next_turn.city.sites == 1 and next_turn.piles.success == ((),) * 5


def test_t16_a_site_removes_a_punk_and_brings_a_big_punk() -> None:
    state = city(punks(mayor_turn(), politics=(PUNK,)), big_supply=2)
    after = applied(state, a.PlaceSite("politics"))
    assert after.city.punks == ((),) * 5 and after.city.removed == 1 and after.city.sites == 1
    assert after.punks_due == (BIG,)
    placed = applied(after, a.PlacePunk("technology"))
    assert placed.city.on("technology") == (BIG,) and placed.city.big_supply == 1 and placed.punks_due == ()


def test_t17_monument_in_year_6() -> None:
    state = replace(mayor_turn(), year=6, monument=Monument(5, "mayor"))
    state = replace(state, bag=state.bag.put([CORRUPTION] * 3))
    assert state.bag.count(CORRUPTION) == 5 and state.city.expansion == 0
    after = applied(state, a.PlaceMonument((5, 1)))
    assert after.city.expansion == 1
    assert after.city.punks == ((), (PUNK,), (), (), ()) and after.city.removed == 1
    assert after.citizen("mayor").tokens.count(HOPE) == 1
    assert (after.bag.count(CORRUPTION), after.pool) == (2, state.pool + 3)
    assert after.monument.placed_in == 6 and corruption_total(after) == corruption_total(state)


def test_t18_thrive_waits_for_the_drug_dealer_to_turn_good() -> None:
    state = sites(bad(mayor_turn(), "doctor"), 5)
    state = applied(state, a.Expand(1))
    assert state.result is None
    later = applied(replace(state, year=6), a.FlipGood("doctor"))
    assert later.result == "thrive" and later.stage == "over"
    assert refusal(later, a.EndTurn()).code == "hope-city.over"


def test_t19_two_good_against_two_bad_is_defeat() -> None:
    state = sites(bad(bad(cleanup(playing(), year=7), "coach"), "engineer"), 3)
    after = applied(state, a.EndYear())
    assert (after.result, after.reason) == ("defeat", "Year 7 is over with 2 good citizens against 2 bad.")
    outcome = HOPE_CITY.outcome(after)
    assert outcome is not None and outcome.winners == ()


def test_t20_a_blight_turns_a_site_over() -> None:
    state = sites(bad(mayor_turn(), "mayor"), 5)
    after = applied(state, a.PlaceBlight("coach"))
    assert (after.city.sites, after.city.blights, after.city.tiles) == (4, 1, (BLIGHT, *(SITE,) * 4))
    assert after.citizen("coach").talents == 1 and after.result is None


# §4 refusals: one row per rule, more where a rule has several parts


def tycoon_turn() -> HopeCityState:
    state = bad(set_up(("mayor", "entrepreneur", "coach")), "entrepreneur")
    state = applied(state, a.ChaosIn(), a.DrawToken("politics"))
    state = applied(state, a.ChooseObjective("pile", ("politics",)), a.Defer(), a.EndTurn())
    assert state.turn is not None and state.turn.wage_taken
    return state


def monument(**fields: Any) -> HopeCityState:
    return replace(mayor_turn(), monument=Monument(**fields))


REFUSALS = [
    pytest.param(mayor_turn, a.DrawToken(), "hope-city.phase", "hope-city/turn", id="HC-V01-twice"),
    pytest.param(tycoon_turn, a.DrawToken(), "hope-city.phase", "hope-city/turn", id="HC-V01-tycoon"),
    pytest.param(
        lambda: on_turn(playing(), "mayor", wage=False),
        a.Trade("politics", "economics"),
        "hope-city.first",
        "hope-city/wage",
        id="HC-V01-wage-first",
    ),
    pytest.param(
        lambda: mayor_turn(traded=True),
        a.Trade("politics", "economics"),
        "hope-city.traded",
        "hope-city/trade",
        id="HC-V02-twice",
    ),
    pytest.param(
        mayor_turn,
        a.Trade("politics", "politics"),
        "hope-city.same_kind",
        "hope-city/trade",
        id="HC-V02-same-kind",
    ),
    pytest.param(
        lambda: replace(mayor_turn(), trade=Bag.of({HOPE: 1})),
        a.Trade("politics", "economics"),
        "hope-city.market_out",
        "hope-city/trade",
        id="HC-V02-market",
    ),
    pytest.param(mayor_turn, a.Trade("society", "economics"), "hope-city.no_token", COST, id="HC-V02-held"),
    pytest.param(
        lambda: punks(mayor_turn(moved=True)),
        a.Trade("politics", "economics"),
        "hope-city.trade_late",
        "hope-city/trade",
        id="HC-V02-late",
    ),
    pytest.param(
        mayor_turn, a.GainToken("mayor", CORRUPTION), "hope-city.token", "hope-city/wage", id="HC-V04-gain"
    ),
    pytest.param(
        lambda: chosen(mayor_turn(), politics(("politics", ANY))),
        a.Attempt(("politics", CORRUPTION)),
        "hope-city.token",
        "hope-city/wage",
        id="HC-V04-pay",
    ),
    pytest.param(
        lambda: on_turn(playing(), "mayor", wage=False),
        a.DrawToken(HOPE),
        "hope-city.token",
        "hope-city/wage",
        id="HC-V04-draw-hope",
    ),
    pytest.param(
        lambda: bad(on_turn(playing(RANGER), "ranger"), "ranger"),
        a.Move("politics"),
        "hope-city.squatter",
        "hope-city/citizens/flaws",
        id="HC-V05",
    ),
    pytest.param(
        lambda: replace(punks(mayor_turn(), politics=(PUNK,)), punks_due=(PUNK,)),
        a.PlacePunk("politics"),
        "hope-city.punks_spread",
        PUNKS,
        id="T05-a-singles-first",
    ),
    pytest.param(
        lambda: replace(
            punks(
                mayor_turn(),
                politics=(PUNK, PUNK),
                economics=(PUNK,),
                society=(PUNK,),
                technology=(PUNK,),
                environment=(BIG,),
            ),
            punks_due=(PUNK,),
        ),
        a.PlacePunk("politics"),
        "hope-city.punks_full",
        PUNKS,
        id="T05-b-two-at-most",
    ),
    pytest.param(
        lambda: citizen(on_turn(playing(), "coach", moved=True), "coach", space="politics"),
        a.FaceAttack((1, 2)),
        "hope-city.dice_count",
        "hope-city/punks/attack",
        id="HC-V08-dice",
    ),
    pytest.param(
        lambda: citizen(on_turn(playing(), "coach", moved=True), "coach", space="politics"),
        a.FaceAttack((3,), purple=2),
        "hope-city.purple",
        "hope-city/citizens/flaws",
        id="HC-V08-purple",
    ),
    pytest.param(
        lambda: attacked(RANGER, "coach"),
        a.FightBack(PUNK, "society"),
        "hope-city.not_beaten",
        "hope-city/punks/fight-back",
        id="HC-V09-not-beaten",
    ),
    pytest.param(
        lambda: attacked(RANGER, "coach"),
        a.FightBack(BIG, "politics"),
        "hope-city.no_token",
        COST,
        id="HC-V09-no-resource",
    ),
    # A PUNK the dice beat but something else removed first (here INNOVATE) can no longer be fought.
    pytest.param(
        lambda: applied(attacked(RANGER, "engineer"), a.Innovate("politics", BIG, 6)),
        a.FightBack(BIG, "society"),
        "hope-city.no_punk",
        "hope-city/punks/fight-back",
        id="HC-V09-gone",
    ),
    pytest.param(
        lambda: on_turn(playing(), "engineer"),
        a.Innovate("society", PUNK, 6),
        "hope-city.no_punk",
        "hope-city/punks/resistance",
        id="HC-V10",
    ),
    pytest.param(
        lambda: track(mayor_turn(), cards=(Objective("economics", ("economics",), source="track"),)),
        a.ChooseObjective("track", slot=1),
        "hope-city.colour",
        "hope-city/objectives",
        id="HC-V11-track-colour",
    ),
    pytest.param(
        lambda: piles(mayor_turn(lead=True), fail=((), ("regular",), (), (), ())),
        a.ChooseObjective("fail", ("politics",)),
        "hope-city.fail_empty",
        "hope-city/piles",
        id="HC-V11-fail-pile",
    ),
    # A LEAD pick's cost must be that of a card the Fail pile holds (a Major Objective costs 5).
    pytest.param(
        lambda: piles(mayor_turn(lead=True), fail=(("major",), (), (), (), ())),
        a.ChooseObjective("fail", ("politics",)),
        "hope-city.fail_kind",
        "hope-city/piles",
        id="HC-V11-fail-kind",
    ),
    pytest.param(
        mayor_turn,
        a.ChooseObjective("pile", ("economics", "politics")),
        "hope-city.cost",
        COST,
        id="HC-V11-cost-colour",
    ),
    pytest.param(
        lambda: piles(mayor_turn(), fail=(("regular",), (), (), (), ())),
        a.ChooseObjective("fail", ("politics",)),
        "hope-city.lead",
        TALENTS,
        id="HC-V11-lead",
    ),
    pytest.param(
        lambda: chosen(mayor_turn(), politics(("politics", "economics"))),
        a.Attempt(("politics", "politics")),
        "hope-city.wrong_token",
        COST,
        id="HC-V12-token",
    ),
    pytest.param(
        lambda: chosen(mayor_turn(), politics(("politics", ANY))),
        a.Attempt(("politics",)),
        "hope-city.pay_count",
        COST,
        id="HC-V12-count",
    ),
    pytest.param(
        lambda: chosen(
            on_turn(playing(), "engineer", hack=True), Objective("technology", COLOURS, True, "major")
        ),
        a.Attempt(),
        "hope-city.pay_count",
        COST,
        id="HC-V12-hack-major",
    ),
    pytest.param(
        lambda: legacy(chosen(bad(mayor_turn(), "mayor"), politics())),
        a.Defer(),
        "hope-city.mobster",
        "hope-city/citizens/flaws",
        id="HC-V13-mobster",
    ),
    pytest.param(
        lambda: chosen(mayor_turn(), politics(source="fail")),
        a.Defer(),
        "hope-city.lead_card",
        TALENTS,
        id="HC-V13-lead",
    ),
    pytest.param(
        lambda: holding(
            citizen(chosen(mayor_turn(), politics(("politics", ANY))), "coach", space="politics"),
            "coach",
            "society",
        ),
        a.Attempt(("politics", "society"), ("", "coach")),
        "hope-city.cooperate",
        COOP,
        id="HC-V14-level",
    ),
    pytest.param(
        lambda: city(
            holding(chosen(mayor_turn(), politics(("politics", ANY))), "coach", "society"), expansion=1
        ),
        a.Attempt(("politics", "society"), ("", "coach")),
        "hope-city.cooperate_space",
        COOP,
        id="HC-V14-space",
    ),
    pytest.param(
        mayor_turn, a.MoveCard("politics", "success"), "hope-city.pile_empty", "hope-city/piles", id="HC-V16"
    ),
    pytest.param(
        lambda: mayor_turn(talent_used=True),
        a.InvestMonument(),
        "hope-city.talent_used",
        TALENTS,
        id="HC-V17-talent",
    ),
    pytest.param(
        lambda: mayor_turn(temptation_used=True),
        a.Bribe(0),
        "hope-city.temptation_used",
        TEMPTATIONS,
        id="HC-V17-temptation",
    ),
    pytest.param(
        lambda: bad(mayor_turn(), "mayor"),
        a.InvestMonument(),
        "hope-city.bad",
        "hope-city/citizens",
        id="HC-V17-bad",
    ),
    pytest.param(
        lambda: on_turn(playing(), "mayor", wage=False),
        a.Lead(),
        "hope-city.first",
        "hope-city/wage",
        id="HC-V17-wage",
    ),
    pytest.param(
        mayor_turn, a.Lead(token_from="coach"), "hope-city.recruit_active", TALENTS, id="HC-V18-active"
    ),
    pytest.param(
        mayor_turn,
        a.Explore(token_from="entrepreneur"),
        "hope-city.recruit_own",
        TALENTS,
        id="HC-V18-other-talent",
    ),
    pytest.param(mayor_turn, a.Hack(0), "hope-city.not_yours", TEMPTATIONS, id="HC-V18-temptation"),
    pytest.param(
        mayor_turn, a.Innovate("politics", PUNK, 6), "hope-city.not_yours", TALENTS, id="HC-V18-not-yours"
    ),
    pytest.param(
        lambda: on_turn(playing(), "coach"), a.Lead(), "hope-city.recruit_early", TALENTS, id="HC-V19-early"
    ),
    pytest.param(
        lambda: citizen(on_turn(playing(), "coach"), "doctor", talents=0),
        a.Heal("bag"),
        "hope-city.recruit_doctor",
        TALENTS,
        id="HC-V19-doctor",
    ),
    pytest.param(mayor_turn, a.Bribe(3), "hope-city.corruption_die", TEMPTATIONS, id="HC-V20"),
    pytest.param(
        lambda: replace(bad(mayor_turn(), "coach"), corruption_due=1),
        a.GiveCorruption("coach"),
        "hope-city.give_good",
        "hope-city/corruption",
        id="HC-V22-bad",
    ),
    pytest.param(
        lambda: replace(mayor_turn(), corruption_due=1),
        a.GiveCorruption("ranger"),
        "hope-city.not_active",
        "hope-city/setup/citizens",
        id="HC-V22-non-active",
    ),
    pytest.param(
        lambda: citizen(on_turn(playing(), "doctor"), "doctor", corruption=1),
        a.Heal("doctor"),
        "hope-city.heal_self",
        TALENTS,
        id="HC-V25-heal-self",
    ),
    pytest.param(
        lambda: replace(citizen(on_turn(playing(), "doctor"), "doctor", corruption=1), scripts_due=1),
        a.TakeScript("doctor"),
        "hope-city.script_self",
        TEMPTATIONS,
        id="HC-V25-scripts-self",
    ),
    pytest.param(
        lambda: applied(success_set(mayor_turn()), a.PlaceSite("politics"), a.PlacePunk("politics")),
        a.CashSet("success", punk_from="economics"),
        "hope-city.one_tile",
        TILES,
        id="HC-V26",
    ),
    pytest.param(mayor_turn, a.PlaceSite(""), "hope-city.site_punk", TILES, id="HC-V27"),
    pytest.param(
        lambda: monument(talents=2), a.PlaceBlight(""), "hope-city.blight_talent", TILES, id="HC-V28"
    ),
    pytest.param(
        lambda: piles(mayor_turn(), success=(("regular",),) * 4 + ((),)),
        a.CashSet("success", punk_from="politics"),
        "hope-city.no_set",
        "hope-city/piles",
        id="HC-V30",
    ),
    pytest.param(
        lambda: piles(mayor_turn(), draw=(8, 8, 0, 8, 8)),
        a.Move("society"),
        "hope-city.space_closed",
        "hope-city/move",
        id="HC-V31",
    ),
    pytest.param(
        lambda: city(mayor_turn(), removed=6, removed_big=1),
        a.ClaimPunkSite("politics"),
        "hope-city.punk_goal",
        TILES,
        id="HC-V32",
    ),
    pytest.param(
        lambda: monument(talents=4),
        a.PlaceMonument(),
        "hope-city.monument_unclaimed",
        "hope-city/monument",
        id="HC-V33-unclaimed",
    ),
    pytest.param(
        lambda: monument(talents=5, owner="coach"),
        a.InvestMonument(),
        "hope-city.monument_claimed",
        "hope-city/monument",
        id="HC-V33-claimed",
    ),
    pytest.param(
        lambda: monument(talents=5, owner="coach", placed_in=1),
        a.PlaceMonument(),
        "hope-city.monument_placed",
        "hope-city/monument",
        id="HC-V33-placed",
    ),
]


@pytest.mark.parametrize(("state", "action", "code", "rule"), REFUSALS)
def test_refusal(state: Callable[[], HopeCityState], action: Action, code: str, rule: str) -> None:
    violation = refusal(state(), action)
    assert (violation.code, violation.rule) == (code, rule)
    assert reference().exists(rule)


def test_a_wrong_token_is_refused_in_plain_english() -> None:
    """ "a economics cost" read wrong (#28): the article follows the colour's first sound."""
    state = chosen(mayor_turn(), politics(("politics", "economics")))
    violation = refusal(state, a.Attempt(("politics", "politics")))
    assert violation.message == "Politics does not pay an economics cost (Hope is wild)."


# §4 rules that compute: the values they produce


def test_hc_v01_one_token_a_wage() -> None:
    state = on_turn(playing(), "coach", wage=False)
    after = applied(state, a.DrawToken("economics"))
    assert after.bag == state.bag.take(["economics"])
    assert after.citizen("coach").tokens == state.citizen("coach").tokens.put(["economics"])
    assert after.turn is not None and after.turn.wage_taken
    tycoon = tycoon_turn()
    assert tycoon.turn is not None and tycoon.turn.citizen == "entrepreneur"
    deferred = applied(tycoon, a.ChooseObjective("pile", ("economics",)), a.Defer())
    assert applied(deferred, a.EndTurn()).bag == tycoon.bag


def test_hc_v02_one_for_one() -> None:
    state = holding(mayor_turn(), "mayor", HOPE)
    after = applied(state, a.Trade(HOPE, "technology"))
    assert after.citizen("mayor").tokens == Bag.of({"technology": 1})
    assert after.trade == state.trade.take(["technology"]).put([HOPE])
    assert resources_total(after) == resources_total(state)


def test_hc_v03_spent_resources_go_straight_back() -> None:
    state = holding(chosen(mayor_turn(), politics(("politics", ANY))), "mayor", "politics", "society")
    after = applied(state, a.Attempt(("politics", "society")))
    assert after.bag == state.bag.put(["politics", "society"])
    assert after.citizen("mayor").tokens == Bag()
    invested = applied(mayor_turn(), a.InvestMonument())
    assert invested.bag == mayor_turn().bag and invested.citizen("mayor").talents == 1
    assert invested.monument.talents == 1


def test_hc_v07_emergence_tops_the_city_up_to_two() -> None:
    state = set_up()
    for on_board, due in (((), (PUNK, PUNK)), ((BIG,), (PUNK,)), ((PUNK, BIG), ())):
        after = applied(punks(state, technology=on_board), a.ChaosIn())
        assert after.punks_due == due, on_board


def test_hc_v08_the_bully_and_the_empty_pool() -> None:
    bully = bad(citizen(on_turn(playing(), "coach", moved=True), "coach", space="politics"), "coach")
    hit = applied(bully, a.FaceAttack((6,), purple=2))
    assert hit.corruption_due == 1 and hit.pool == 19
    assert hit.turn is not None and hit.turn.fight_back == (PUNK,)
    miss = applied(bully, a.FaceAttack((3,), purple=6))
    assert miss.corruption_due == 0 and miss.turn is not None and miss.turn.fight_back == ()
    dry = replace(citizen(on_turn(playing(), "coach", moved=True), "coach", space="politics"), pool=0)
    after = applied(dry, a.FaceAttack((1,)))
    assert after.citizen("coach").corruption == 0 and after.pool == 0


def test_hc_v10_five_for_a_punk_six_for_a_big_punk() -> None:
    state = punks(on_turn(playing(), "engineer"), politics=(PUNK, BIG))
    assert applied(state, a.Innovate("politics", BIG, 5)).city.on("politics") == (PUNK, BIG)
    assert applied(state, a.Innovate("politics", BIG, 6)).city.on("politics") == (PUNK,)
    assert applied(state, a.Innovate("politics", PUNK, 5)).city.on("politics") == (BIG,)
    assert applied(state, a.Innovate("politics", PUNK, 4)).city.on("politics") == (PUNK, BIG)


def test_hc_v12_hope_is_wild_and_hack_is_free() -> None:
    state = holding(chosen(mayor_turn(), politics(("politics", "economics"))), "mayor", HOPE, HOPE)
    after = applied(state, a.Attempt((HOPE, HOPE)))
    assert after.citizen("mayor").tokens == Bag() and after.bag == state.bag
    engineer = chosen(on_turn(playing(), "engineer"), Objective("technology", ("technology", ANY)))
    hacked = applied(engineer, a.Hack(0), a.Attempt())
    assert hacked.bag == engineer.bag and hacked.turn is not None and hacked.turn.objective is not None
    assert hacked.turn.objective.paid and not hacked.turn.hack


def test_hc_v14_a_helper_pays_and_gets_nothing() -> None:
    state = holding(
        citizen(chosen(mayor_turn(), politics(("politics", ANY))), "coach", space="politics"),
        "coach",
        "society",
    )
    state = city(state, expansion=1)
    after = applied(state, a.Attempt(("politics", "society"), ("", "coach")), a.Resolve(True))
    assert after.citizen("coach").tokens == Bag() and after.citizen("mayor").tokens == Bag()
    assert after.citizen("mayor").hope_cards == 1 and after.citizen("coach").hope_cards == 0
    assert after.bag == state.bag.put(["politics", "society"])


def test_hc_v15_hope_cards_for_own_colour() -> None:
    state = chosen(mayor_turn(), politics())
    paid = applied(state, a.Attempt(("politics",)))
    won = applied(paid, a.Resolve(True))
    assert (won.citizen("mayor").hope_cards, won.hope_deck) == (1, 4)
    lost = applied(paid, a.Resolve(False))
    assert (lost.citizen("mayor").hope_cards, lost.hope_deck) == (0, 5)
    coach = holding(on_turn(playing(), "coach"), "coach", "politics")
    coach = chosen(citizen(coach, "coach", space="politics"), politics())
    other = applied(coach, a.Attempt(("politics",)), a.Resolve(True))
    assert other.citizen("coach").hope_cards == 0 and other.piles.success[0] == ("regular",)
    empty = applied(replace(paid, hope_deck=0), a.Resolve(True))
    assert empty.citizen("mayor").hope_cards == 0 and empty.hope_deck == 0


def test_hc_v16_a_moved_card_resolves_nothing() -> None:
    state = bad(piles(mayor_turn(), fail=((), (), ("regular",), (), ())), "coach")
    after = applied(state, a.MoveCard("society", "success"))
    assert after.piles.fail == ((),) * 5 and after.piles.success == ((), (), ("regular",), (), ())
    assert after.citizen("coach").good and after.city == state.city
    assert [c.hope_cards for c in after.citizens] == [0] * 6
    back = applied(after, a.MoveCard("society", "fail"))
    assert back.piles == state.piles and back.citizen("coach").good


def test_hc_v23_a_success_of_its_colour_turns_a_citizen_good() -> None:
    state = bad(chosen(mayor_turn(), politics()), "mayor")
    state = bad(state, "coach")
    after = applied(state, a.Attempt(("politics",)), a.Resolve(True))
    assert after.citizen("mayor").good and after.citizen("mayor").name == "Mayor"
    assert not after.citizen("coach").good
    failed = applied(state, a.Attempt(("politics",)), a.Resolve(False))
    assert not failed.citizen("mayor").good


def test_hc_v28_a_blight_takes_a_talent() -> None:
    state = monument(talents=2)
    assert applied(state, a.PlaceBlight("monument")).monument.talents == 1
    after = applied(state, a.PlaceBlight("ranger"))
    assert after.citizen("ranger").talents == 1 and after.city.blights == 1
    claimed = replace(state, monument=Monument(5, "coach"))
    assert refusal(claimed, a.PlaceBlight("monument")).code == "hope-city.blight_talent"


def test_hc_v29_a_site_turns_a_blight_over() -> None:
    state = bad(city(mayor_turn(), tiles=(SITE, BLIGHT, BLIGHT, SITE, SITE)), "mayor")
    after = applied(state, a.PlaceSite("politics"))
    assert after.city.tiles == (SITE, SITE, BLIGHT, SITE, SITE)
    full = city(state, tiles=(SITE,) * 5)
    assert applied(full, a.PlaceSite("politics")).city.tiles == (SITE,) * 5


# The table above


TABLE = SpecTable("HC-V", SPECS / "hope_city.md", HERE)


def test_every_row_names_a_test() -> None:
    assert TABLE.unnamed(__doc__, globals(), test_refusal, [p.id for p in REFUSALS]) == []


def test_the_table_lists_every_spec_code() -> None:
    """Every HC-V rule and T case the spec has, and no other, has a row."""
    codes = TABLE.spec_codes()
    if codes is None:
        pytest.skip(f"the Hope City spec is not beside this repository ({TABLE.spec})")
    assert len(codes) == 33 + 20
    assert {code for code, _ in TABLE.rows(__doc__)} == codes
