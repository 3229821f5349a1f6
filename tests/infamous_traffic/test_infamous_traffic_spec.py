"""Spec §4 (validation rules) and §8 (worked cases) of shared/design/games/infamous_traffic.md, in one place.

Each worked case T01..T20 is an exact test driving the game module (`validate` and `apply`, with the steps
that follow an entry by themselves) from a state built with tests/infamous_traffic/states.py on the made-up
test board. Each §4 rule that can refuse has a refusal here with its exact code and a rules section the
rules reference knows; a rule that only computes shows the exact values it produces. Where the spec and
the rulebook differ, the test follows the rulebook. `test_the_table_lists_every_spec_code` keeps the table
in step with the spec, and `test_every_row_names_a_test` keeps it in step with the tests.

T01     test_t01_thirteen_tiles_in_the_bag_two_on_the_fate_of_china
T02     test_t02_eight_events_a_decade
T02     test_t02_the_draws_after_each_round
T03     test_t03_four_tiles_added_fate_of_china_first
T03     test_t03_one_tile_takes_the_right_fate_tile_and_slides_the_left
T04     test_t04_no_tile_added
T05     test_t05_nothing_left_to_add_takes_stability_out
T06     test_t06_conspiracy_bag_and_bowls
T06     test_t06_one_tile_a_bowl_option
T07     test_t07_qing_and_bureaucrat_cost_nothing
T08     test_t08_a_smuggler_costs_1_debt_and_brings_a_die
T09     test_t09_opportunity_needs_a_pool_die_matching_a_demand_die
T10     test_t10_a_full_chain_within_demand_becomes_active
T11     test_t11_a_smuggler_sends_the_lowest_die_back
T12     test_t12_an_interior_chain_waits_for_its_coastal_chain
T13     test_t13_disruption_returns_tiles_and_raises_outrage
T13     test_t13_an_inactive_coastal_chain_takes_its_active_interior_chains_along
T14     test_t14_underselling_in_an_active_chain
T15     test_t15_a_sixth_card_sends_an_unlocked_card_back
T16     test_t16_london_season_order
T17     test_t17_balance_books_then_cash_is_frittered
T18     test_t18_an_arrow_lowers_outrage_before_the_war_check
T19     test_t19_an_empty_supply_ends_the_game_after_the_london_season
T20     test_t20_the_taiping_found_their_kingdom
IT-V01  test_refusal[IT-V01-party-outside-london]
IT-V01  test_refusal[IT-V01-deploy-outside-china]
IT-V01  test_refusal[IT-V01-adjust-outside-china]
IT-V01  test_refusal[IT-V01-influence-outside-china]
IT-V01  test_refusal[IT-V01-conspiracy-outside-china]
IT-V01  test_refusal[IT-V01-second-action]
IT-V01  test_refusal[IT-V01-event-in-a-turn]
IT-V01  test_it_v01_one_action_then_the_next_pawn
IT-V02  test_refusal[IT-V02-keep-and-expelled]
IT-V02  test_refusal[IT-V02-expelled-outside-china]
IT-V02  test_it_v02_keep_one_or_none
IT-V03  test_refusal[IT-V03-supply]
IT-V03  test_refusal[IT-V03-nothing]
IT-V03  test_it_v03_gaining_tiles_takes_the_printed_debt
IT-V04  test_refusal[IT-V04-same-place]
IT-V04  test_refusal[IT-V04-nowhere]
IT-V04  test_it_v04_travel_joins_the_new_location_after_its_pawns
IT-V05  test_it_v05_the_first_to_pass_ends_up_last
IT-V05  test_it_v05_travellers_before_passers
IT-V06  test_refusal[IT-V06-no-party-token]
IT-V06  test_it_v06_a_party_for_1_debt
IT-V07  test_refusal[IT-V07-holdings]
IT-V07  test_refusal[IT-V07-active-source]
IT-V07  test_refusal[IT-V07-source]
IT-V07  test_refusal[IT-V07-space-type]
IT-V07  test_refusal[IT-V07-opportunity]
IT-V07  test_refusal[IT-V07-occupied]
IT-V07  test_it_v07_a_tile_moves_from_an_inactive_chain
IT-V08  test_refusal[IT-V07-opportunity]
IT-V08  test_t09_opportunity_needs_a_pool_die_matching_a_demand_die
IT-V08  test_it_v08_opportunity_is_a_shared_face
IT-V09  test_it_v09_a_merchant_rerolls_matching_pool_dice
IT-V10  test_refusal[IT-V10-not-lower]
IT-V10  test_refusal[IT-V10-other-type]
IT-V10  test_refusal[IT-V10-opportunity]
IT-V10  test_t14_underselling_in_an_active_chain
IT-V10  test_it_v10_underselling_your_own_tile
IT-V11  test_refusal[IT-V11-step]
IT-V11  test_refusal[IT-V11-active]
IT-V11  test_refusal[IT-V11-supply]
IT-V11  test_refusal[IT-V11-holdings]
IT-V11  test_refusal[IT-V11-not-yours]
IT-V11  test_it_v11_a_price_moves_by_one
IT-V12  test_refusal[IT-V12-too-many]
IT-V12  test_it_v12_influence_and_the_paid_deploy
IT-V13  test_refusal[IT-V13-empty-bowl]
IT-V13  test_refusal[IT-V13-not-in-the-bowl]
IT-V13  test_refusal[IT-V13-has-a-place]
IT-V13  test_t07_qing_and_bureaucrat_cost_nothing
IT-V13  test_t08_a_smuggler_costs_1_debt_and_brings_a_die
IT-V14  test_refusal[IT-V14-second-missionary]
IT-V14  test_refusal[IT-V14-no-black-tile]
IT-V14  test_it_v14_a_missionary_brings_a_die
IT-V15  test_refusal[IT-V15-last-qing-force]
IT-V15  test_refusal[IT-V15-too-few-removals]
IT-V15  test_refusal[IT-V15-not-adjacent]
IT-V15  test_refusal[IT-V15-removals-without-battle]
IT-V15  test_it_v15_qing_forces_three_ways
IT-V16  test_refusal[IT-V16-one-smuggler]
IT-V16  test_refusal[IT-V16-no-black-tile]
IT-V16  test_refusal[IT-V16-space-type]
IT-V16  test_it_v16_smuggler_fallbacks
IT-V17  test_refusal[IT-V17-no-demand]
IT-V17  test_it_v17_a_bureaucrat_goes_where_there_is_demand
IT-V18  test_refusal[IT-V18-not-lower]
IT-V18  test_refusal[IT-V18-other-kind]
IT-V18  test_it_v18_competition_needs_no_opportunity
IT-V19  test_refusal[IT-V19-starting-card]
IT-V19  test_refusal[IT-V19-locked]
IT-V19  test_refusal[IT-V19-wealth]
IT-V19  test_refusal[IT-V19-marriage]
IT-V19  test_refusal[IT-V19-face-down-prize]
IT-V19  test_refusal[IT-V19-the-new-card]
IT-V19  test_t15_a_sixth_card_sends_an_unlocked_card_back
IT-V19  test_it_v19_a_new_prize_replaces_a_face_down_prize
IT-V20  test_refusal[IT-V20-not-ready]
IT-V20  test_t10_a_full_chain_within_demand_becomes_active
IT-V20  test_t11_a_smuggler_sends_the_lowest_die_back
IT-V20  test_t12_an_interior_chain_waits_for_its_coastal_chain
IT-V20  test_it_v20_over_demand_stays_inactive
IT-V20  test_it_v20_the_active_player_orders_competing_chains
IT-V21  test_it_v21_demand_dice_match_black_tiles
IT-V22  test_it_v22_an_empty_supply_takes_a_die_and_a_black_tile_back
IT-V22  test_it_v22_the_leftmost_player_breaks_a_tie
IT-V23  test_refusal[IT-V23-count]
IT-V23  test_t17_balance_books_then_cash_is_frittered
IT-V23  test_it_v23_only_face_up_prizes_pay_upkeep
IT-V23  test_it_v23_the_option_charges_every_face_up_card
IT-V23  test_it_v23_tiles_over_the_limit_go_back
IT-V23  test_it_v23_tiles_in_inactive_chains_count_toward_the_limit
IT-V24  test_t16_london_season_order
IT-V24  test_it_v24_further_ties_in_turn_order
IT-V25  test_refusal[IT-V25-second-marriage]
IT-V25  test_refusal[IT-V25-family-face-up]
IT-V25  test_refusal[IT-V25-secret-face-up]
IT-V25  test_it_v25_family_ambitions_turn_up_with_a_marriage
IT-V25  test_it_v25_the_last_season_reveals_secret_ambitions
IT-V26  test_it_v26_party_tokens_go_back
IT-V27  test_refusal[IT-V27-lower]
IT-V27  test_refusal[IT-V27-not-due]
IT-V27  test_it_v27_debt_compounds_on_the_track
IT-V27  test_it_v27_the_table_enters_compounding_without_a_track
IT-V28  test_refusal[IT-V28-interior]
IT-V28  test_refusal[IT-V28-police-qing]
IT-V28  test_refusal[IT-V28-strength]
IT-V28  test_it_v28_attack_qing_makes_a_treaty_port
IT-V28  test_it_v28_suppress_and_police
IT-V29  test_refusal[IT-V29-travel]
IT-V29  test_it_v29_the_post_war_rush
IT-V29  test_it_v29_a_rush_action_does_not_end_the_decade_again

The Lantern readings of spec §7.2 (Settings in state.py and the reading list in the rules reference) have
their own tests below the table's, each for the default and, where there is one, the option.

Where the tests follow the rulebook rather than the spec's wording:
- IT-V02: Expelled by Lin Zexu is a China card, so it only comes up when inquiring in China.
- IT-V19: a sixth card sends back "one of your other cards": the card just gained stays.
- IT-V22: the die the supply lacked is then placed where it was due, so every region keeps as many dice as
  black tiles; a tie for the lowest demand is the leftmost player's choice.
- IT-V23: inactive tiles are those in holdings and in inactive chains; both count toward the tile limit.
- The prize deck and the 2-3 player random discards stay on the table: T16 checks the draft order only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_ref import reference
from tests.infamous_traffic import play
from tests.infamous_traffic.states import (
    NAMES,
    P,
    S,
    applied,
    applied_events,
    arrow_board,
    at_events,
    bare_board,
    begun,
    card,
    chain,
    decade_over,
    empty_chains,
    firm,
    holding,
    on_turn,
    prize,
    refusal,
    region,
    skip_season,
    tiles_of,
    wide_board,
)
from tests.spec_table import SPECS, SpecTable
from trackers.core.actions import Action
from trackers.core.bag import Bag
from trackers.infamous_traffic import actions as it
from trackers.infamous_traffic import events
from trackers.infamous_traffic.decade import score, season_order
from trackers.infamous_traffic.game import INFAMOUS_TRAFFIC as GAME
from trackers.infamous_traffic.queries import demand_mismatches, has_opportunity, revenue, war_moves
from trackers.infamous_traffic.state import CUBES, STARTING_BAG, Question

HERE = Path(__file__).resolve().parent
G = "infamous-traffic"
THREE = NAMES[:3]
OUTSIDE_BAG = Bag.of(
    {
        "enforce-canton": 2,
        "enforce-mountain": 2,
        "enforce-mid-coast": 2,
        "enforce-city": 2,
        "taiping": 4,
        "debate": 1,
        "tax": 2,
        "missionary": 2,
    }
)
"""The 17 event tiles outside the starting bag: the Fate of China's two and its face-down pile."""


def china(players: int = 3, **options: Any) -> S:
    """Every pawn in China (Ada, Ben, Cai, in that order); Ada on turn."""
    return begun(players, "china", **options)


def spread() -> S:
    """Ada in London, Ben in India, Cai in China; Ada on turn."""
    return begun(3, ("london", "india", "china"))


def london() -> S:
    return begun(3, "london")


def cubes_left(state: S) -> int:
    return CUBES - sum(1 for c in state.chains if c.active)


def revenues(state: S) -> list[int]:
    return [revenue(state, p) for p in state.players]


def play_round(state: S, action: Callable[[S], Action] = lambda s: it.Pass()) -> S:
    """Every pawn takes `action` in turn."""
    while state.stage == "turns" and state.on_turn is not None and not state.questions:
        state = applied(state, action(state))
    return state


# Worked cases (§8)


def test_t01_thirteen_tiles_in_the_bag_two_on_the_fate_of_china() -> None:
    state = play.new_session(3, seed=11).state
    assert state.event_bag == Bag.of({"stability": 10, "debate+2": 1, "debate-2": 1, "enforce-canton": 1})
    assert state.event_bag.total == 13
    assert all(state.fate) and len(state.fate) == 2
    assert len(state.fate_pile) == 15
    assert Bag.of({}).put([*state.fate, *state.fate_pile]) == OUTSIDE_BAG
    assert state.event_track == () and state.events_done == 0


def event_schedule(players: int) -> tuple[S, list[int]]:
    """Rounds of passes, each followed by its Stability draws, until the decade ends."""
    state = begun(players, "london")
    drawn: list[int] = []
    while state.stage == "turns":
        state = play_round(state)
        assert state.stage == "events"
        count = 0
        while state.stage == "events":
            state = applied(state, it.DrawEvent("stability"))
            count += 1
        drawn.append(count)
    return state, drawn


@pytest.mark.parametrize(
    ("players", "schedule"),
    [(2, [1] * 8), (3, [1] * 8), (4, [2, 1, 1, 1, 1, 1, 1]), (5, [3, 1, 1, 1, 1, 1])],
)
def test_t02_eight_events_a_decade(players: int, schedule: list[int]) -> None:
    state, drawn = event_schedule(players)
    assert drawn == schedule
    assert state.events_done == 8 and len(state.event_track) == 8
    assert state.round == len(schedule) and state.decade == 1
    assert state.stage == "season"


def test_t02_the_draws_after_each_round() -> None:
    assert [events.draws_after_round(1, n) for n in (2, 3, 4, 5)] == [1, 1, 2, 3]
    assert {events.draws_after_round(r, n) for r in range(2, 9) for n in (2, 3, 4, 5)} == {1}


def fate_decade_end(state: S) -> S:
    """The eighth event drawn, nobody takes a prize: the events are added and the next decade begins."""
    return skip_season(decade_over(state))


def test_t03_four_tiles_added_fate_of_china_first() -> None:
    state = china()
    pile = state.fate_pile
    assert state.fate == ("tax", "taiping") and len(pile) == 15
    state = region(state, "Hill", alignment="taiping", qing=0)
    state = chain(state, "hill-1", P("opium", 1, "Ada"), P("merchant", 1, "Ben"), active=True)
    state = chain(
        state, "canton-1", P("ship", 1, "Cai"), P("opium", 1, "Ada"), P("bureaucrat", 2), active=True
    )
    state = chain(state, "wenzhou-1", P("ship", 1, "Ben"), P("merchant", 1, "Cai"), active=True)
    after = fate_decade_end(state)
    assert after.decade == 2 and after.stage == "turns"
    assert after.event_bag == Bag.of(STARTING_BAG).put(["taiping", "tax", pile[-1], pile[-2]])
    assert after.event_bag.total == 17 and after.event_track == ()
    assert sorted(after.fate) == sorted(pile[-4:-2])
    assert after.fate_pile == pile[:11]


def test_t03_one_tile_takes_the_right_fate_tile_and_slides_the_left() -> None:
    state = china()
    pile = state.fate_pile
    state = chain(state, "wenzhou-1", P("ship", 1, "Ben"), P("merchant", 1, "Cai"), active=True)
    after = fate_decade_end(state)
    assert after.event_bag == Bag.of(STARTING_BAG).put(["taiping"])
    assert after.fate == (pile[-1], "tax")
    assert after.fate_pile == pile[:-1]


def test_t04_no_tile_added() -> None:
    state = china()
    after = fate_decade_end(state)
    assert after.decade == 2
    assert after.event_bag == Bag.of(STARTING_BAG) and after.event_bag.total == 13
    assert after.fate == state.fate and after.fate_pile == state.fate_pile


def test_t05_nothing_left_to_add_takes_stability_out() -> None:
    state = replace(china(), fate=("", ""), fate_pile=())
    state = chain(
        state, "canton-1", P("ship", 1, "Cai"), P("opium", 1, "Ada"), P("bureaucrat", 2), active=True
    )
    state = chain(state, "wenzhou-1", P("ship", 1, "Ben"), P("merchant", 1, "Cai"), active=True)
    after = fate_decade_end(state)
    assert after.event_bag == Bag.of({**STARTING_BAG, "stability": 8})
    assert after.event_bag.total == 11
    assert after.fate == ("", "") and after.fate_pile == ()


CONSPIRACY_BAG = Bag.of({"qing": 8, "smuggler": 12, "bureaucrat": 9, "missionary": 6})
"""58 tiles less the 7 Treaty Ports and 5 Taiping set aside and the 11 the set-up puts on the map."""


def test_t06_conspiracy_bag_and_bowls() -> None:
    state = play.new_session(3, seed=5).state
    assert [len(b) for b in state.bowls] == [2, 2, 1, 1, 1, 1]
    assert state.conspiracy_bag.total == 27
    assert state.conspiracy_bag.put([t for b in state.bowls for t in b]) == CONSPIRACY_BAG
    assert CONSPIRACY_BAG.total == 35
    assert state.set_aside == Bag.of({"treaty": 7, "taiping": 5})
    assert state.settings.bowls_of_two


def test_t06_one_tile_a_bowl_option() -> None:
    state = play.new_session(3, seed=5, bowls_of_two=False).state
    assert [len(b) for b in state.bowls] == [1] * 6
    assert state.conspiracy_bag.total == 29
    assert state.conspiracy_bag.put([t for b in state.bowls for t in b]) == CONSPIRACY_BAG


def t07_state() -> S:
    """Ada in China, bowl 1 holding a Qing Force and a Bureaucrat; Changsha has a Missionary and a 3."""
    state = region(china(), "Changsha", missionary=True, demand=(3,))
    return holding(state, "Ada", ship=1)


def test_t07_qing_and_bureaucrat_cost_nothing() -> None:
    state = t07_state()
    assert state.bowls[0] == ("qing", "bureaucrat")
    taken = applied(state, it.Conspiracy(1))
    assert taken.firm("Ada").money == 0 and taken.bowls[0] == ()
    assert taken.question is not None and taken.question.kind == "place"
    placed = applied(
        taken,
        it.PlaceConspiracy("qing", "Wenzhou"),
        it.PlaceConspiracy("bureaucrat", chain="changsha-1", space=2, value=2),
    )
    assert placed.region("Wenzhou").qing == 2
    assert placed.chain("changsha-1").tiles == (None, P("bureaucrat", 2))
    assert placed.question is not None and placed.question.kind == "deploy"
    skipped = applied(placed, it.SkipDeploy())
    assert skipped.firm("Ada").money == 0 and skipped.on_turn == "Ben"
    deployed = applied(placed, it.Deploy("canton-1", 1, "ship", 1))
    assert deployed.firm("Ada").money == -1 and deployed.on_turn == "Ben"
    assert deployed.chain("canton-1").tiles[0] == P("ship", 1, "Ada")
    assert deployed.conspiracy_bag == state.conspiracy_bag


def test_t08_a_smuggler_costs_1_debt_and_brings_a_die() -> None:
    state = china()
    assert state.bowls[3] == ("smuggler",)
    after = applied(
        state,
        it.Conspiracy(4),
        it.PlaceConspiracy("smuggler", chain="wenzhou-1", space=2, value=1, die=5),
        it.SkipDeploy(),
    )
    assert after.firm("Ada").money == -1
    assert after.chain("wenzhou-1").tiles == (None, P("smuggler", 1))
    assert after.region("Wenzhou").demand == (5,)
    assert after.demand_supply == state.demand_supply - 1 == 27
    assert demand_mismatches(after) == ()


def test_t09_opportunity_needs_a_pool_die_matching_a_demand_die() -> None:
    state = holding(replace(china(), pool=(1, 2, 2, 5, 6)), "Ada", merchant=1, ship=1)
    state = region(state, "Changsha", missionary=True, demand=(3, 1))
    state = region(state, "Wenzhou", missionary=True, demand=(4,))
    assert has_opportunity(state, "Changsha")
    assert not has_opportunity(state, "Wenzhou")
    assert refusal(state, it.Deploy("wenzhou-1", 1, "ship", 1)).code == f"{G}.opportunity"
    after = applied(state, it.Deploy("changsha-1", 2, "merchant", 1, rerolls=(4,)))
    assert after.chain("changsha-1").tiles == (None, P("merchant", 1, "Ada"))


def test_t10_a_full_chain_within_demand_becomes_active() -> None:
    state = chain(china(), "canton-1", P("ship", 2, "Ada"), P("opium", 3, "Ben"), None)
    state = holding(on_turn(state, "Cai"), "Cai", merchant=1)
    assert state.region("Canton").demand == (2, 4) and cubes_left(state) == 13
    after = applied(state, it.Deploy("canton-1", 3, "merchant", 1, rerolls=(1,)))
    assert after.chain("canton-1").active
    assert after.chain("canton-1").value == 6
    assert revenues(after) == [2, 3, 1]
    assert cubes_left(after) == 12
    assert after.region("Canton").demand == (2, 4)
    assert after.pool == (1, 1, 3, 5, 6)


def test_t11_a_smuggler_sends_the_lowest_die_back() -> None:
    state = chain(china(), "canton-2", None, None, None)
    state = region(state, "Canton", demand=(4,))
    state = chain(state, "canton-1", P("ship", 2, "Ada"), P("opium", 3, "Ben"), None)
    state = on_turn(state, "Cai")
    placed = applied(
        state,
        it.Conspiracy(4),
        it.PlaceConspiracy("smuggler", chain="canton-1", space=3, value=2, die=3),
    )
    assert placed.region("Canton").demand == (4, 3) and placed.region("Canton").total == 7
    assert placed.firm("Cai").money == -1 and not placed.chain("canton-1").active
    after = applied(placed, it.SkipDeploy())
    assert after.chain("canton-1").active and after.chain("canton-1").value == 7
    assert after.region("Canton").demand == (4,)
    assert after.demand_supply == state.demand_supply
    assert revenues(after) == [2, 3, 0]
    assert cubes_left(after) == 12
    assert demand_mismatches(after) == ()


def test_t12_an_interior_chain_waits_for_its_coastal_chain() -> None:
    state = region(china(), "Changsha", missionary=True, demand=(6,))
    state = chain(state, "changsha-1", P("opium", 1, "Ada"), None)
    state = holding(on_turn(state, "Cai"), "Cai", merchant=1, opium=1)
    assert not state.chain("canton-2").active
    waiting = applied(state, it.Deploy("changsha-1", 2, "merchant", 1, rerolls=(1,)))
    assert waiting.chain("changsha-1").full and waiting.chain("changsha-1").value == 2
    assert not waiting.chain("changsha-1").active
    assert revenues(waiting) == [0, 0, 0]
    # Once the coastal chain it leads to is active, it activates at the same end of turn.
    state = chain(state, "changsha-1", P("opium", 1, "Ada"), P("merchant", 1, "Cai"))
    state = chain(state, "canton-2", P("ship", 1, "Ben"), None, P("smuggler", 2))
    after = applied(state, it.Deploy("canton-2", 2, "opium", 1))
    assert after.chain("canton-2").active and after.chain("changsha-1").active
    assert after.region("Canton").demand == (4,)
    assert revenues(after) == [1, 1, 2]


def test_t13_disruption_returns_tiles_and_raises_outrage() -> None:
    state = begun(3, layout=wide_board())
    state = chain(
        state,
        "wenzhou-1",
        P("ship", 1, "Ada"),
        P("opium", 2, "Ben"),
        P("merchant", 2, "Cai"),
        P("smuggler", 1),
        active=True,
    )
    state = at_events(state, bag={"enforce-mid-coast": 1})
    assert revenues(state) == [1, 2, 2] and cubes_left(state) == 12
    after = applied(state, it.DrawEvent("enforce-mid-coast"))
    wenzhou = after.chain("wenzhou-1")
    assert not wenzhou.active and wenzhou.tiles == (None,) * 4
    assert cubes_left(after) == 13
    assert revenues(after) == [0, 0, 0]
    assert tiles_of(after, "Ada") == {"merchant": 1, "ship": 1, "opium": 0}
    assert tiles_of(after, "Ben") == {"merchant": 0, "ship": 1, "opium": 1}
    assert tiles_of(after, "Cai") == {"merchant": 1, "ship": 0, "opium": 1}
    assert after.removed == Bag.of({"smuggler": 1})
    assert after.outrage == 3


def test_t13_an_inactive_coastal_chain_takes_its_active_interior_chains_along() -> None:
    state = chain(
        china(), "canton-2", P("ship", 1, "Ada"), P("opium", 1, "Ben"), P("smuggler", 2), active=True
    )
    state = chain(state, "changsha-1", P("opium", 2, "Cai"), P("merchant", 1, "Ada"), active=True)
    state = at_events(state)
    assert revenues(state) == [2, 1, 2] and cubes_left(state) == 11
    after = applied(state, it.DrawEvent("enforce-canton"))
    assert not after.chain("canton-2").active and not after.chain("changsha-1").active
    assert after.chain("changsha-1").tiles == (None, None)
    assert revenues(after) == [0, 0, 0] and cubes_left(after) == 13
    assert after.outrage == 4
    assert after.removed == Bag.of({"smuggler": 1})


def test_t14_underselling_in_an_active_chain() -> None:
    state = chain(
        china(), "canton-1", P("ship", 1, "Ada"), P("opium", 3, "Ben"), P("bureaucrat", 2), active=True
    )
    state = on_turn(state, "Cai")
    assert revenues(state) == [1, 3, 0]
    after = applied(state, it.Deploy("canton-1", 2, "opium", 2))
    assert after.firm("Cai").money == -1
    assert after.chain("canton-1").active
    assert after.chain("canton-1").tiles[1] == P("opium", 2, "Cai")
    assert revenues(after) == [1, 0, 2]
    assert tiles_of(after, "Ben") == {"merchant": 0, "ship": 1, "opium": 1}
    assert tiles_of(after, "Cai") == {"merchant": 0, "ship": 0, "opium": 0}


def five_cards() -> S:
    """Ada in London with 5 cards: her starting card, a locked card, two contacts, a face-down prize."""
    state = london()
    tableau = (
        *state.firm("Ada").tableau,
        card("Lock", locked=True),
        card("Merchant"),
        card("Doctor", "india"),
        prize("Hopes", "secret", face_down=True),
    )
    return firm(state, "Ada", tableau=tableau)


def sixth_card() -> S:
    after = applied(five_cards(), it.Inquire("Macaulay", vp=1))
    assert after.question is not None and after.question.kind == "discard"
    return after


def test_t15_a_sixth_card_sends_an_unlocked_card_back() -> None:
    state = sixth_card()
    assert state.question is not None and state.question.player == "Ada"
    assert len(state.firm("Ada").tableau) == 6
    assert refusal(state, it.Discard(1)).code == f"{G}.locked"
    assert refusal(state, it.Discard(2)).code == f"{G}.locked"
    assert refusal(state, it.Pass()).code == f"{G}.question"
    after, evs = applied_events(state, it.Discard(3))
    assert [c.name for c in after.firm("Ada").tableau] == [
        "Starting card",
        "Lock",
        "Doctor",
        "Hopes",
        "Macaulay",
    ]
    assert any(e.text == "Merchant goes back on top of the london deck." for e in evs)
    assert after.on_turn == "Ben"


def season_table() -> S:
    """Parties: Ada 2, Ben 2 (a token and a card's icon), Cai 0; cash: Ada 3, Ben 5."""
    state = firm(china(), "Ada", party_tokens=2, money=3)
    ben = state.firm("Ben")
    return firm(state, "Ben", party_tokens=1, money=5, tableau=(*ben.tableau, card("Host", parties=1)))


def test_t16_london_season_order() -> None:
    state = season_table()
    assert [state.firm(p).parties for p in THREE] == [2, 2, 0]
    assert season_order(state) == ("Ben", "Ada", "Cai")
    season = decade_over(state)
    assert season.stage == "season" and season.season_order == ("Ben", "Ada", "Cai")
    drafted = []
    for kind, debt in (("wealth", 2), ("marriage", 1), ("wealth", 0)):
        drafted.append(season.on_turn)
        season = applied(season, it.TakePrize(f"Prize {len(drafted)}", kind, debt=debt))
        if len(drafted) == 1:
            assert season.firm("Ben").money == 3
    assert drafted == ["Ben", "Ada", "Cai"]
    assert [f.tableau[-1].name for f in season.firms] == ["Prize 2", "Prize 1", "Prize 3"]
    assert season.stage == "turns" and season.decade == 2


def test_t17_balance_books_then_cash_is_frittered() -> None:
    state = china()
    tableau = (
        *state.firm("Ada").tableau,
        prize("Mansion", "wealth", upkeep=1),
        prize("Wedding", "marriage", upkeep=2),
        prize("Heir", "family", upkeep=5, face_down=True),
    )
    state = firm(state, "Ada", money=-2, tableau=tableau)
    state = chain(
        state, "canton-1", P("ship", 3, "Ada"), P("opium", 4, "Ada"), P("bureaucrat", 2), active=True
    )
    assert revenue(state, "Ada") == 7
    season = decade_over(state)
    assert season.stage == "season"
    assert season.firm("Ada").money == 2
    after = skip_season(season)
    assert after.firm("Ada").money == 0 and after.firm("Ada").perm_debt == 0


def test_t18_an_arrow_lowers_outrage_before_the_war_check() -> None:
    state = replace(begun(3, layout=arrow_board()), outrage=9)
    war = decade_over(state)
    assert war.outrage == 8
    assert war.stage == "war" and war.war_strength == 1 and war.commander == "Ada"
    # On the test board the arrow (6) leads to a plain space: no war, and outrage stays where it is.
    calm = decade_over(replace(china(), outrage=6))
    assert calm.outrage == 5 and calm.stage == "season" and calm.war_strength == 0


@pytest.mark.parametrize("empty", ["demand", "pool"])
def test_t19_an_empty_supply_ends_the_game_after_the_london_season(empty: str) -> None:
    state = replace(china(), decade=2, round=3, events_done=2, event_track=("stability", "tax"))
    state = replace(state, demand_supply=0) if empty == "demand" else replace(state, pool=())
    season = applied(state, it.Pass())
    assert season.stage == "season" and season.decade == 2
    after = skip_season(season)
    assert after.result == "over" and after.stage == "over"
    assert after.reason == "the pool or the demand dice ran out"
    assert after.decade == 2
    assert after.event_track == state.event_track and after.event_bag == state.event_bag
    assert after.fate == state.fate and after.fate_pile == state.fate_pile
    assert after.bowls == state.bowls and after.conspiracy_bag == state.conspiracy_bag
    assert GAME.outcome(after) is not None
    # With both supplies left, decade 2's end leads on to decade 3.
    going = fate_decade_end(replace(china(), decade=2))
    assert going.decade == 3 and not going.result


def test_t20_the_taiping_found_their_kingdom() -> None:
    state = china()
    for r in state.regions:
        state = region(state, r.name, qing=1 if r.name == "Wenzhou" else 2)
    state = chain(state, "wenzhou-1", P("ship", 1, "Ada"), P("merchant", 2, "Ben"), active=True)
    state = at_events(state, bag={"taiping": 1})
    after = applied(state, it.DrawEvent("taiping"))
    wenzhou = after.region("Wenzhou")
    assert (wenzhou.alignment, wenzhou.qing) == ("taiping", 0)
    assert after.chain("wenzhou-1").tiles == (None, None) and not after.chain("wenzhou-1").active
    assert tiles_of(after, "Ada") == {"merchant": 1, "ship": 1, "opium": 0}
    assert tiles_of(after, "Ben") == {"merchant": 1, "ship": 1, "opium": 0}
    assert revenues(after) == [0, 0, 0]
    assert after.outrage == 2
    assert after.pool == (2, 3, 5, 6)
    assert after.set_aside == Bag.of({"treaty": 7, "taiping": 4})
    assert after.removed == Bag.of({"qing": 1})
    assert [r.qing for r in after.regions if r.name != "Wenzhou"] == [2] * 6


# §4 refusals


def bowl_place(state: S, bowl: int) -> S:
    """Ada has taken the bowl: its tiles wait to be placed."""
    return applied(state, it.Conspiracy(bowl))


def ada_holds(state: S, **tiles: int) -> S:
    return holding(state, "Ada", **tiles)


def ready_to_discard(state: S) -> S:
    """Ada gained a sixth card (a London contact) and must discard."""
    return applied(state, it.Inquire("Macaulay"))


def with_tableau(state: S, *cards: object) -> S:
    return firm(state, "Ada", tableau=(*state.firm("Ada").tableau, *cards))


def war_state(outrage: int = 8) -> S:
    """The decade over with outrage on a red space: Ada commands."""
    return decade_over(replace(china(), outrage=outrage))


def taiping_hill(state: S, canton_qing: int = 1) -> S:
    state = region(state, "Hill", alignment="taiping", qing=0)
    return region(state, "Canton", qing=canton_qing)


def two_taiping_war() -> S:
    """Canton a Treaty Port, Hill and Wenzhou Taiping; a war of strength 1."""
    state = region(china(), "Canton", alignment="treaty", qing=0)
    state = region(region(state, "Hill", alignment="taiping", qing=0), "Wenzhou", alignment="taiping", qing=0)
    return decade_over(replace(state, outrage=8))


REFUSALS = [
    pytest.param(
        lambda: on_turn(spread(), "Ben"),
        it.ThrowParty(),
        f"{G}.location",
        f"{G}/round",
        id="IT-V01-party-outside-london",
    ),
    pytest.param(
        spread,
        it.Deploy("canton-1", 1, "ship", 1),
        f"{G}.location",
        f"{G}/round",
        id="IT-V01-deploy-outside-china",
    ),
    pytest.param(
        spread, it.AdjustPrice("merchant", 1), f"{G}.location", f"{G}/round", id="IT-V01-adjust-outside-china"
    ),
    pytest.param(
        spread, it.Influence(()), f"{G}.location", f"{G}/round", id="IT-V01-influence-outside-china"
    ),
    pytest.param(
        spread, it.Conspiracy(1), f"{G}.location", f"{G}/round", id="IT-V01-conspiracy-outside-china"
    ),
    pytest.param(
        lambda: applied(china(), it.Influence(())),
        it.Travel("london"),
        f"{G}.question",
        f"{G}/actions/conspiracy",
        id="IT-V01-second-action",
    ),
    pytest.param(china, it.DrawEvent(), f"{G}.phase", f"{G}/round", id="IT-V01-event-in-a-turn"),
    pytest.param(
        london,
        it.Inquire("Jardine", expelled=True),
        f"{G}.card",
        f"{G}/actions/inquire",
        id="IT-V02-keep-and-expelled",
    ),
    pytest.param(
        london,
        it.Inquire(expelled=True),
        f"{G}.expelled",
        f"{G}/actions/inquire",
        id="IT-V02-expelled-outside-china",
    ),
    pytest.param(
        london, it.ConductBusiness(("ship",) * 7), f"{G}.supply", f"{G}/actions/business", id="IT-V03-supply"
    ),
    pytest.param(london, it.ConductBusiness(), f"{G}.nothing", f"{G}/actions/business", id="IT-V03-nothing"),
    pytest.param(
        london, it.Travel("london"), f"{G}.same_place", f"{G}/actions/travel", id="IT-V04-same-place"
    ),
    pytest.param(london, it.Travel("paris"), f"{G}.location", f"{G}/pawn", id="IT-V04-nowhere"),
    pytest.param(
        lambda: firm(firm(london(), "Ben", party_tokens=6), "Cai", party_tokens=4),
        it.ThrowParty(),
        f"{G}.no_party",
        f"{G}/actions/party",
        id="IT-V06-no-party-token",
    ),
    pytest.param(
        china,
        it.Deploy("canton-1", 1, "ship", 1),
        f"{G}.holdings",
        f"{G}/actions/deploy",
        id="IT-V07-holdings",
    ),
    pytest.param(
        lambda: chain(china(), "wenzhou-1", P("ship", 1, "Ben"), P("merchant", 1, "Ada"), active=True),
        it.Deploy("changsha-1", 2, "merchant", 1, source="wenzhou-1:2"),
        f"{G}.active_source",
        f"{G}/actions/deploy",
        id="IT-V07-active-source",
    ),
    pytest.param(
        lambda: chain(china(), "wenzhou-1", None, P("merchant", 1, "Ben")),
        it.Deploy("canton-2", 3, "merchant", 1, source="wenzhou-1:2"),
        f"{G}.source",
        f"{G}/actions/deploy",
        id="IT-V07-source",
    ),
    pytest.param(
        china,
        it.Deploy("canton-1", 1, "merchant", 1),
        f"{G}.space_type",
        f"{G}/china",
        id="IT-V07-space-type",
    ),
    pytest.param(
        china,
        it.Deploy("wenzhou-1", 2, "merchant", 1),
        f"{G}.opportunity",
        f"{G}/opportunity",
        id="IT-V07-opportunity",
    ),
    pytest.param(
        china,
        it.Deploy("canton-1", 3, "merchant", 1),
        f"{G}.undersell",
        f"{G}/actions/undersell",
        id="IT-V07-occupied",
    ),
    pytest.param(
        lambda: on_turn(chain(china(), "canton-1", None, P("opium", 2, "Ben"), None), "Cai"),
        it.Deploy("canton-1", 2, "opium", 2),
        f"{G}.undersell",
        f"{G}/actions/undersell",
        id="IT-V10-not-lower",
    ),
    pytest.param(
        china,
        it.Deploy("canton-2", 3, "merchant", 1),
        f"{G}.undersell",
        f"{G}/actions/undersell",
        id="IT-V10-other-type",
    ),
    pytest.param(
        lambda: replace(
            on_turn(chain(china(), "canton-1", None, P("opium", 3, "Ben"), None), "Cai"), pool=(1, 1, 3, 5, 6)
        ),
        it.Deploy("canton-1", 2, "opium", 2),
        f"{G}.opportunity",
        f"{G}/opportunity",
        id="IT-V10-opportunity",
    ),
    pytest.param(
        china, it.AdjustPrice("merchant", 2), f"{G}.step", f"{G}/actions/adjust-price", id="IT-V11-step"
    ),
    pytest.param(
        lambda: chain(china(), "wenzhou-1", P("ship", 1, "Ben"), P("merchant", 2, "Ada"), active=True),
        it.AdjustPrice("merchant", -1, "wenzhou-1", 2),
        f"{G}.active_source",
        f"{G}/actions/adjust-price",
        id="IT-V11-active",
    ),
    pytest.param(
        lambda: firm(china(), "Ada", supply=(0, 6, 6)),
        it.AdjustPrice("merchant", 1),
        f"{G}.supply",
        f"{G}/actions/adjust-price",
        id="IT-V11-supply",
    ),
    pytest.param(
        china, it.AdjustPrice("ship", 1), f"{G}.holdings", f"{G}/actions/adjust-price", id="IT-V11-holdings"
    ),
    pytest.param(
        lambda: chain(china(), "wenzhou-1", None, P("merchant", 2, "Ben")),
        it.AdjustPrice("merchant", 1, "wenzhou-1", 2),
        f"{G}.source",
        f"{G}/actions/adjust-price",
        id="IT-V11-not-yours",
    ),
    pytest.param(
        china, it.Influence((1, 2, 3)), f"{G}.influence", f"{G}/actions/influence", id="IT-V12-too-many"
    ),
    pytest.param(
        lambda: replace(china(), bowls=((), *china().bowls[1:])),
        it.Conspiracy(1),
        f"{G}.empty_bowl",
        f"{G}/lantern",
        id="IT-V13-empty-bowl",
    ),
    pytest.param(
        lambda: bowl_place(china(), 1),
        it.PlaceConspiracy("smuggler", chain="wenzhou-1", space=2, value=1),
        f"{G}.tile",
        f"{G}/actions/conspiracy",
        id="IT-V13-not-in-the-bowl",
    ),
    pytest.param(
        lambda: bowl_place(china(), 6),
        it.PlaceConspiracy("missionary"),
        f"{G}.placeable",
        f"{G}/conspiracy/missionary",
        id="IT-V13-has-a-place",
    ),
    pytest.param(
        lambda: bowl_place(china(), 6),
        it.PlaceConspiracy("missionary", "Canton"),
        f"{G}.missionary",
        f"{G}/conspiracy/missionary",
        id="IT-V14-second-missionary",
    ),
    pytest.param(
        lambda: bowl_place(china(), 6),
        it.PlaceConspiracy("missionary", "Lake"),
        f"{G}.no_black_tile",
        f"{G}/conspiracy/missionary",
        id="IT-V14-no-black-tile",
    ),
    pytest.param(
        lambda: bowl_place(taiping_hill(china()), 3),
        it.PlaceConspiracy("qing", "Hill", removals=("Canton",)),
        f"{G}.battle",
        f"{G}/conspiracy/qing",
        id="IT-V15-last-qing-force",
    ),
    pytest.param(
        lambda: bowl_place(taiping_hill(china(), 2), 3),
        it.PlaceConspiracy("qing", "Hill"),
        f"{G}.battle",
        f"{G}/conspiracy/qing",
        id="IT-V15-too-few-removals",
    ),
    pytest.param(
        lambda: bowl_place(region(taiping_hill(china()), "Lake", qing=2), 3),
        it.PlaceConspiracy("qing", "Hill", removals=("Lake",)),
        f"{G}.battle",
        f"{G}/conspiracy/qing",
        id="IT-V15-not-adjacent",
    ),
    pytest.param(
        lambda: bowl_place(region(china(), "Canton", qing=2), 3),
        it.PlaceConspiracy("qing", "Wenzhou", removals=("Canton",)),
        f"{G}.battle",
        f"{G}/conspiracy/qing",
        id="IT-V15-removals-without-battle",
    ),
    pytest.param(
        lambda: bowl_place(
            chain(begun(3, layout=wide_board()), "wenzhou-1", None, None, P("smuggler", 1), None), 4
        ),
        it.PlaceConspiracy("smuggler", chain="wenzhou-1", space=4, value=1),
        f"{G}.one_smuggler",
        f"{G}/conspiracy/smuggler",
        id="IT-V16-one-smuggler",
    ),
    pytest.param(
        lambda: bowl_place(china(), 4),
        it.PlaceConspiracy("smuggler", chain="lake-1", space=2, value=1),
        f"{G}.no_black_tile",
        f"{G}/conspiracy/smuggler",
        id="IT-V16-no-black-tile",
    ),
    pytest.param(
        lambda: bowl_place(china(), 4),
        it.PlaceConspiracy("smuggler", chain="canton-1", space=1, value=1),
        f"{G}.space_type",
        f"{G}/conspiracy/smuggler",
        id="IT-V16-space-type",
    ),
    pytest.param(
        lambda: bowl_place(china(), 5),
        it.PlaceConspiracy("bureaucrat", chain="lake-1", space=2, value=1),
        f"{G}.no_demand",
        f"{G}/conspiracy/bureaucrat",
        id="IT-V17-no-demand",
    ),
    pytest.param(
        lambda: bowl_place(china(), 4),
        it.PlaceConspiracy("smuggler", chain="canton-2", space=3, value=2),
        f"{G}.competition",
        f"{G}/conspiracy/competition",
        id="IT-V18-not-lower",
    ),
    pytest.param(
        lambda: bowl_place(china(), 5),
        it.PlaceConspiracy("bureaucrat", chain="canton-2", space=3, value=1),
        f"{G}.competition",
        f"{G}/conspiracy/competition",
        id="IT-V18-other-kind",
    ),
    pytest.param(
        lambda: ready_to_discard(with_tableau(london(), card("A"), card("B"), card("C"), card("D"))),
        it.Discard(1),
        f"{G}.locked",
        f"{G}/cards",
        id="IT-V19-starting-card",
    ),
    pytest.param(
        lambda: ready_to_discard(
            with_tableau(london(), card("Lock", locked=True), card("B"), card("C"), card("D"))
        ),
        it.Discard(2),
        f"{G}.locked",
        f"{G}/cards",
        id="IT-V19-locked",
    ),
    pytest.param(
        lambda: ready_to_discard(
            with_tableau(london(), prize("Plate", "wealth"), card("B"), card("C"), card("D"))
        ),
        it.Discard(2),
        f"{G}.locked",
        f"{G}/cards",
        id="IT-V19-wealth",
    ),
    pytest.param(
        lambda: ready_to_discard(
            with_tableau(london(), prize("Wedding", "marriage"), card("B"), card("C"), card("D"))
        ),
        it.Discard(2),
        f"{G}.locked",
        f"{G}/cards",
        id="IT-V19-marriage",
    ),
    pytest.param(
        lambda: ready_to_discard(
            with_tableau(london(), prize("Hopes", "secret", face_down=True), card("B"), card("C"), card("D"))
        ),
        it.Discard(2),
        f"{G}.face_down",
        f"{G}/cards",
        id="IT-V19-face-down-prize",
    ),
    pytest.param(
        lambda: ready_to_discard(with_tableau(london(), card("A"), card("B"), card("C"), card("D"))),
        it.Discard(6),
        f"{G}.card",
        f"{G}/cards",
        id="IT-V19-the-new-card",
    ),
    pytest.param(
        lambda: replace(china(), questions=(Question("activate", "Ada", options=("canton-1", "canton-2")),)),
        it.ActivateChain("wenzhou-1"),
        f"{G}.chain",
        f"{G}/chains/active",
        id="IT-V20-not-ready",
    ),
    pytest.param(
        lambda: decade_over(ada_holds(china(), merchant=6)),
        it.ReturnTiles("Ada", ("merchant",)),
        f"{G}.returns",
        f"{G}/decade/books",
        id="IT-V23-count",
    ),
    pytest.param(
        lambda: decade_over(with_tableau(china(), prize("Wedding", "marriage"))),
        it.TakePrize("Second wedding", "marriage"),
        f"{G}.marriage",
        f"{G}/decade/season",
        id="IT-V25-second-marriage",
    ),
    pytest.param(
        lambda: decade_over(china()),
        it.TakePrize("Heir", "family", debt=2),
        f"{G}.face_down",
        f"{G}/decade/season",
        id="IT-V25-family-face-up",
    ),
    pytest.param(
        lambda: decade_over(china()),
        it.TakePrize("Hopes", "secret", debt=2),
        f"{G}.face_down",
        f"{G}/decade/season",
        id="IT-V25-secret-face-up",
    ),
    pytest.param(
        lambda: skip_season(decade_over(firm(begun(3, layout=bare_board()), "Ada", money=-4))),
        it.CompoundDebt("Ada", 3),
        f"{G}.compound",
        f"{G}/decade/compound",
        id="IT-V27-lower",
    ),
    pytest.param(
        lambda: skip_season(decade_over(firm(begun(3, layout=bare_board()), "Ada", money=-4))),
        it.CompoundDebt("Cai", 1),
        f"{G}.compound",
        f"{G}/decade/compound",
        id="IT-V27-not-due",
    ),
    pytest.param(war_state, it.AttackQing("Changsha"), f"{G}.war", f"{G}/decade/war", id="IT-V28-interior"),
    pytest.param(
        war_state,
        it.PoliceTreatyPort("Canton", ("canton-2",)),
        f"{G}.war",
        f"{G}/decade/war",
        id="IT-V28-police-qing",
    ),
    pytest.param(
        two_taiping_war,
        it.SuppressTaiping("Hill"),
        f"{G}.war",
        f"{G}/decade/war",
        id="IT-V28-strength",
    ),
    pytest.param(
        lambda: applied(war_state(), it.AttackQing("Canton", die=3)),
        it.Travel("london"),
        f"{G}.phase",
        f"{G}/decade/rush",
        id="IT-V29-travel",
    ),
]


@pytest.mark.parametrize(("state", "action", "code", "rule"), REFUSALS)
def test_refusal(state: Callable[[], S], action: Action, code: str, rule: str) -> None:
    violation = refusal(state(), action)
    assert (violation.code, violation.rule) == (code, rule)
    assert reference().exists(rule)


# §4 rules that compute: the values they produce


def test_it_v01_one_action_then_the_next_pawn() -> None:
    state = china()
    assert state.on_turn == "Ada"
    after = applied(state, it.Pass())
    assert after.on_turn == "Ben" and after.acted == 1 and not after.turn_done
    assert "Ada" not in after.action_rows[2] and after.passers[2] == ("Ada",)
    paid = applied(after, it.Influence((1,), (4,)))
    assert paid.on_turn == "Ben" and paid.question is not None and paid.question.kind == "deploy"
    assert applied(paid, it.SkipDeploy()).on_turn == "Cai"


def test_it_v02_keep_one_or_none() -> None:
    state = london()
    kept = applied(state, it.Inquire("Jardine", upkeep=1, vp=2, parties=1))
    assert kept.firm("Ada").tableau[-1] == card("Jardine", upkeep=1, vp=2, parties=1)
    assert kept.firm("Ada").parties == 1 and kept.on_turn == "Ben"
    none = applied(state, it.Inquire())
    assert none.firm("Ada").tableau == state.firm("Ada").tableau and none.on_turn == "Ben"
    expelled = applied(china(), it.Inquire(expelled=True))
    assert expelled.firm("Ada") == china().firm("Ada") and expelled.on_turn == "Ben"
    kept_in_china = applied(china(), it.Inquire("Howqua"))
    assert kept_in_china.firm("Ada").tableau[-1].deck == "china"


def test_it_v03_gaining_tiles_takes_the_printed_debt() -> None:
    state = london()
    after = applied(state, it.ConductBusiness(("ship", "ship", "merchant"), debt=2))
    ada = after.firm("Ada")
    assert ada.money == -2
    assert ada.holdings == (2, 2, 0) and ada.supply == (4, 4, 6)
    assert after.on_turn == "Ben"


def test_it_v04_travel_joins_the_new_location_after_its_pawns() -> None:
    state = begun(3, ("london", "india", "india"))
    assert state.turn_order == ("Ada", "Ben", "Cai")
    after = applied(state, it.Travel("india"))
    assert after.travel_rows[1] == ("Ada",) and after.action_rows[0] == ()
    after = play_round(after, lambda s: it.Inquire())
    assert after.stage == "events"
    assert after.action_rows == ((), ("Ben", "Cai", "Ada"), ())
    assert after.turn_order == ("Ben", "Cai", "Ada")


def test_it_v05_the_first_to_pass_ends_up_last() -> None:
    after = play_round(london())
    assert after.action_rows == (("Cai", "Ben", "Ada"), (), ())
    after = applied(after, it.DrawEvent("stability"))
    assert after.stage == "turns" and after.order == ("Cai", "Ben", "Ada") and after.on_turn == "Cai"


def test_it_v05_travellers_before_passers() -> None:
    # London: Ben, Cai; India: Ada. Ben passes, Cai travels to India, Ada passes in India.
    state = begun(3, ("india", "london", "london"))
    assert state.turn_order == ("Ben", "Cai", "Ada")
    state = applied(state, it.Pass(), it.Travel("india"), it.Pass())
    assert state.action_rows == (("Ben",), ("Cai", "Ada"), ())
    assert state.turn_order == ("Ben", "Cai", "Ada")
    # The board order option reads China, India, London.
    other = begun(3, ("india", "london", "china"), board_order="China, India, London")
    assert other.turn_order == ("Cai", "Ada", "Ben") and other.on_turn == "Cai"
    assert begun(3, ("india", "london", "china")).turn_order == ("Ben", "Ada", "Cai")


def test_it_v06_a_party_for_1_debt() -> None:
    after = applied(london(), it.ThrowParty())
    assert (after.firm("Ada").money, after.firm("Ada").party_tokens) == (-1, 1)
    assert after.on_turn == "Ben"


def test_it_v07_a_tile_moves_from_an_inactive_chain() -> None:
    state = region(china(), "Changsha", missionary=True, demand=(3,))
    state = chain(state, "changsha-1", None, P("merchant", 2, "Ada"))
    state = chain(state, "canton-1", None, None, None)
    after = applied(state, it.Deploy("canton-1", 3, "merchant", 2, source="changsha-1:2", rerolls=(1,)))
    assert after.chain("changsha-1").tiles == (None, None)
    assert after.chain("canton-1").tiles == (None, None, P("merchant", 2, "Ada"))
    assert after.firm("Ada") == state.firm("Ada")
    assert after.pool == (1, 1, 3, 5, 6)


def test_it_v08_opportunity_is_a_shared_face() -> None:
    state = china()
    assert has_opportunity(state, "Canton")  # pool 1 2 3 5 6, Canton 2 and 4
    assert not has_opportunity(region(state, "Canton", demand=(4,)), "Canton")
    assert not has_opportunity(replace(state, pool=()), "Canton")


@given(
    st.lists(st.integers(1, 6), max_size=5),
    st.lists(st.integers(1, 6), max_size=4),
)
def test_it_v08_opportunity_property(pool: list[int], demand: list[int]) -> None:
    state = region(replace(BASE, pool=tuple(pool)), "Changsha", demand=tuple(demand))
    assert has_opportunity(state, "Changsha") == bool(set(pool) & set(demand))


def test_it_v09_a_merchant_rerolls_matching_pool_dice() -> None:
    state = replace(chain(china(), "canton-1", None, None, None), pool=(2, 4, 4, 5, 1))
    state = ada_holds(state, merchant=2, ship=1)
    after = applied(state, it.Deploy("canton-1", 3, "merchant", 1, rerolls=(6, 6, 3)))
    assert after.pool == (6, 6, 3, 5, 1)
    ship = applied(state, it.Deploy("canton-1", 1, "ship", 1))
    assert ship.pool == state.pool
    port = region(state, "Canton", alignment="treaty")
    assert applied(port, it.Deploy("canton-1", 3, "merchant", 1)).pool == state.pool
    taiping = region(state, "Canton", alignment="taiping", qing=0)
    assert applied(taiping, it.Deploy("canton-1", 3, "merchant", 1, rerolls=(3, 3, 3))).pool == (
        3,
        3,
        3,
        5,
        1,
    )


def test_it_v10_underselling_your_own_tile() -> None:
    state = chain(china(), "canton-1", None, P("opium", 3, "Cai"), None)
    state = on_turn(state, "Cai")
    after = applied(state, it.Deploy("canton-1", 2, "opium", 1))
    assert after.chain("canton-1").tiles[1] == P("opium", 1, "Cai")
    assert after.firm("Cai").money == -1
    assert tiles_of(after, "Cai") == {"merchant": 0, "ship": 0, "opium": 1}


def test_an_opium_tile_is_named_in_plain_english() -> None:
    """ "a opium" read wrong (#28): the refusal and the history line say "an opium"."""
    state = on_turn(chain(china(), "canton-1", None, P("opium", 1, "Ben"), None), "Cai")
    undersell = refusal(state, it.Deploy("canton-1", 2, "opium", 2))
    assert undersell.message.startswith("Space 2 of chain canton-1 holds an opium worth 1:")
    assert GAME.describe(state, it.Deploy("canton-1", 1, "opium", 2)).startswith("Cai deploys an opium (2)")


def test_it_v11_a_price_moves_by_one() -> None:
    state = chain(china(), "wenzhou-1", None, P("merchant", 2, "Ada"))
    down = applied(state, it.AdjustPrice("merchant", -1, "wenzhou-1", 2))
    assert down.chain("wenzhou-1").tiles[1] == P("merchant", 1, "Ada")
    up = applied(state, it.AdjustPrice("merchant", 1, "wenzhou-1", 2))
    assert up.chain("wenzhou-1").tiles[1] == P("merchant", 3, "Ada")
    held = applied(china(), it.AdjustPrice("merchant", 1))
    assert held.firm("Ada") == china().firm("Ada") and held.on_turn == "Ben"


def test_it_v12_influence_and_the_paid_deploy() -> None:
    state = ada_holds(china(), merchant=1, ship=1)
    rolled = applied(state, it.Influence((1, 3), (6, 6)))
    assert rolled.pool == (6, 2, 6, 5, 6) and rolled.firm("Ada").money == 0
    deployed = applied(rolled, it.Deploy("canton-1", 1, "ship", 1))
    assert deployed.firm("Ada").money == -1 and deployed.on_turn == "Ben"
    assert applied(rolled, it.SkipDeploy()).firm("Ada").money == 0
    # Each China card adds a die (a starting card is never one).
    contact = with_tableau(state, card("Howqua", "china"))
    assert applied(contact, it.Influence((1, 2, 3), (4, 4, 4))).pool == (4, 4, 4, 5, 6)
    assert refusal(contact, it.Influence((1, 2, 3, 4))).code == f"{G}.influence"
    assert applied(state, it.Influence(())).pool == state.pool


def test_it_v14_a_missionary_brings_a_die() -> None:
    state = bowl_place(china(), 6)
    after = applied(state, it.PlaceConspiracy("missionary", "Wenzhou", die=5))
    assert after.region("Wenzhou").missionary and after.region("Wenzhou").demand == (5,)
    assert after.demand_supply == state.demand_supply - 1
    assert demand_mismatches(after) == ()
    # No black tile in China: Canton is always open.
    bare = region(empty_chains(china()), "Canton", missionary=False, demand=())
    bare = bowl_place(bare, 6)
    assert refusal(bare, it.PlaceConspiracy("missionary", "Wenzhou")).code == f"{G}.no_black_tile"
    canton = applied(bare, it.PlaceConspiracy("missionary", "Canton", die=2))
    assert canton.region("Canton").missionary and canton.region("Canton").demand == (2,)


def test_it_v15_qing_forces_three_ways() -> None:
    state = replace(china(), pool=(2, 4, 1, 1, 1))
    qing, evs = applied_events(bowl_place(state, 3), it.PlaceConspiracy("qing", "Canton"))
    assert qing.region("Canton").qing == 2
    assert qing.pool[2:] == (1, 1, 1)
    assert any(e.text == "A Qing Force in Canton: 2 matching pool dice rerolled." for e in evs)
    port = region(state, "Canton", alignment="treaty")
    tucked = applied(bowl_place(port, 3), it.PlaceConspiracy("qing", "Canton"))
    assert tucked.region("Canton").qing == 2 and tucked.pool == state.pool
    battle = bowl_place(taiping_hill(state, canton_qing=2), 3)
    won = applied(battle, it.PlaceConspiracy("qing", "Hill", removals=("Canton",), die=4))
    assert won.region("Hill").alignment == "qing" and won.region("Hill").qing == 1
    assert won.region("Canton").qing == 1
    assert won.pool == (*state.pool, 4)
    assert won.set_aside == Bag.of({"treaty": 7, "taiping": 6})
    assert won.removed == Bag.of({"qing": 1})


def test_it_v16_smuggler_fallbacks() -> None:
    state = applied(china(), it.Conspiracy(4))
    near = applied(state, it.PlaceConspiracy("smuggler", chain="wenzhou-1", space=2, value=1, die=4))
    assert near.region("Wenzhou").demand == (4,)
    # No black tile anywhere: Canton, and if Canton has no room, any region.
    bare = region(empty_chains(china()), "Canton", missionary=False, demand=())
    taken = applied(bare, it.Conspiracy(4))
    assert refusal(taken, it.PlaceConspiracy("smuggler", chain="lake-1", space=2, value=1)).code == (
        f"{G}.no_black_tile"
    )
    canton = applied(taken, it.PlaceConspiracy("smuggler", chain="canton-1", space=3, value=1, die=6))
    assert canton.chain("canton-1").tiles[2] == P("smuggler", 1) and canton.region("Canton").demand == (6,)
    full = chain(
        chain(bare, "canton-1", None, None, P("bureaucrat", 1)), "canton-2", None, None, P("bureaucrat", 1)
    )
    anywhere = applied(
        applied(full, it.Conspiracy(4)),
        it.PlaceConspiracy("smuggler", chain="lake-1", space=2, value=1, die=2),
    )
    assert anywhere.chain("lake-1").tiles[1] == P("smuggler", 1) and anywhere.region("Lake").demand == (2,)


def test_it_v17_a_bureaucrat_goes_where_there_is_demand() -> None:
    state = region(china(), "Changsha", missionary=True, demand=(3,))
    taken = applied(state, it.Conspiracy(5))
    kept = applied(taken, it.PlaceConspiracy("bureaucrat", chain="changsha-1", space=2, value=3))
    assert kept.chain("changsha-1").tiles[1] == P("bureaucrat", 3)
    assert kept.region("Changsha").demand == (3,) and kept.demand_supply == state.demand_supply
    rerolled = applied(
        taken, it.PlaceConspiracy("bureaucrat", chain="changsha-1", space=2, value=3, reroll=True)
    )
    assert len(rerolled.region("Changsha").demand) == 1 and rerolled.demand_supply == state.demand_supply
    # No demand anywhere: any region.
    dry = applied(
        replace(china(), regions=tuple(replace(r, demand=()) for r in china().regions)), it.Conspiracy(5)
    )
    lake = applied(dry, it.PlaceConspiracy("bureaucrat", chain="lake-1", space=2, value=1))
    assert lake.chain("lake-1").tiles[1] == P("bureaucrat", 1)


def test_it_v18_competition_needs_no_opportunity() -> None:
    state = replace(china(), pool=(1, 1, 1, 1, 1))
    assert not has_opportunity(state, "Canton")
    after = applied(
        state, it.Conspiracy(5), it.PlaceConspiracy("bureaucrat", chain="canton-1", space=3, value=1)
    )
    assert after.chain("canton-1").tiles[2] == P("bureaucrat", 1)
    assert after.removed == Bag.of({"bureaucrat": 1})
    assert after.region("Canton").demand == (2, 4)
    smuggled = applied(
        state, it.Conspiracy(4), it.PlaceConspiracy("smuggler", chain="canton-2", space=3, value=1)
    )
    assert smuggled.chain("canton-2").tiles[2] == P("smuggler", 1)
    assert smuggled.removed == Bag.of({"smuggler": 1})
    assert smuggled.region("Canton").demand == (2, 4) and demand_mismatches(smuggled) == ()


def test_it_v19_a_new_prize_replaces_a_face_down_prize() -> None:
    state = with_tableau(china(), prize("Hopes", "secret", face_down=True), card("B"), card("C"), card("D"))
    season = decade_over(state)
    assert season.on_turn == "Ada"
    full = applied(season, it.TakePrize("Plate", "wealth", debt=1))
    assert full.question is not None and full.question.kind == "discard"
    after = applied(full, it.Discard(2))
    assert [c.name for c in after.firm("Ada").tableau] == ["Starting card", "B", "C", "D", "Plate"]
    assert after.on_turn == "Ben"


def test_it_v20_over_demand_stays_inactive() -> None:
    state = chain(china(), "canton-1", P("ship", 3, "Ada"), P("opium", 3, "Ben"), None)
    state = holding(on_turn(state, "Cai"), "Cai", merchant=1)
    after = applied(state, it.Deploy("canton-1", 3, "merchant", 1, rerolls=(1,)))
    assert after.chain("canton-1").full and after.chain("canton-1").value == 7
    assert not after.chain("canton-1").active and revenues(after) == [0, 0, 0]


def competing() -> S:
    """Canton's two chains both ready at the end of Cai's turn; canton-2 holds the Smuggler."""
    state = chain(china(), "canton-1", P("ship", 1, "Ada"), P("opium", 1, "Ben"), None)
    state = chain(state, "canton-2", P("ship", 1, "Cai"), P("opium", 1, "Ada"), P("smuggler", 2))
    state = holding(on_turn(state, "Cai"), "Cai", merchant=1)
    after = applied(state, it.Deploy("canton-1", 3, "merchant", 3, rerolls=(1,)))
    assert after.question is not None and after.question.kind == "activate"
    assert after.question.player == "Cai" and set(after.question.options) == {"canton-1", "canton-2"}
    return after


def test_it_v20_the_active_player_orders_competing_chains() -> None:
    smuggler_first = applied(competing(), it.ActivateChain("canton-2"))
    assert smuggler_first.chain("canton-2").active and not smuggler_first.chain("canton-1").active
    assert smuggler_first.region("Canton").demand == (4,)
    assert revenues(smuggler_first) == [1, 0, 1]
    merchant_first = applied(competing(), it.ActivateChain("canton-1"))
    assert merchant_first.chain("canton-1").active and merchant_first.chain("canton-2").active
    assert merchant_first.region("Canton").demand == (4,)
    assert revenues(merchant_first) == [2, 1, 4]


def test_it_v21_demand_dice_match_black_tiles() -> None:
    state = china()
    assert demand_mismatches(state) == ()
    state = applied(state, it.Conspiracy(2))  # a Smuggler and a Missionary
    state = applied(state, it.PlaceConspiracy("smuggler", chain="wenzhou-1", space=2, value=1, die=3))
    state = applied(state, it.PlaceConspiracy("missionary", "Changsha", die=5), it.SkipDeploy())
    assert demand_mismatches(state) == ()
    assert (state.region("Wenzhou").demand, state.region("Changsha").demand) == ((3,), (5,))
    # Missionary Expulsion takes the Missionary and a die together (Canton, 2 + 4, has the most demand).
    expelled = applied(at_events(state, bag={"missionary": 1}), it.DrawEvent("missionary"))
    assert demand_mismatches(expelled) == ()
    assert not expelled.region("Canton").missionary and expelled.region("Canton").demand == (4,)
    assert expelled.region("Changsha").missionary and expelled.outrage == 2


def test_it_v22_an_empty_supply_takes_a_die_and_a_black_tile_back() -> None:
    state = region(replace(china(), demand_supply=0), "Changsha", missionary=True, demand=(1,))
    state = bowl_place(state, 6)
    after = applied(state, it.PlaceConspiracy("missionary", "Wenzhou", die=5))
    assert not after.region("Changsha").missionary and after.region("Changsha").demand == ()
    assert after.region("Wenzhou").missionary and after.region("Wenzhou").demand == (5,)
    assert after.demand_supply == 0
    assert after.region("Canton").demand == (2, 4)
    assert demand_mismatches(after) == ()


def test_it_v22_the_leftmost_player_breaks_a_tie() -> None:
    state = region(replace(china(), demand_supply=0), "Changsha", missionary=True, demand=(1,))
    state = region(state, "Shanghai", missionary=True, demand=(1,))
    state = bowl_place(on_turn(state, "Cai"), 6)
    after = applied(state, it.PlaceConspiracy("missionary", "Wenzhou", die=5))
    assert after.question is not None
    assert set(after.question.options) == {"Changsha", "Shanghai"}, after.question
    assert after.question.player == after.turn_order[0] == "Ada"
    assert after.region("Changsha").missionary and after.region("Shanghai").missionary


def test_it_v23_only_face_up_prizes_pay_upkeep() -> None:
    state = with_tableau(china(), card("Jardine", upkeep=2), prize("Plate", "wealth", upkeep=1))
    assert decade_over(state).firm("Ada").money == -1


def test_it_v23_the_option_charges_every_face_up_card() -> None:
    state = with_tableau(
        china(),
        card("Jardine", upkeep=2),
        prize("Plate", "wealth", upkeep=1),
        prize("Hopes", "family", upkeep=4, face_down=True),
    )
    every = replace(state, settings=replace(state.settings, upkeep_from="every face-up card"))
    assert decade_over(every).firm("Ada").money == -3


def test_it_v23_tiles_over_the_limit_go_back() -> None:
    state = decade_over(ada_holds(china(), merchant=6))
    assert state.stage == "books"
    assert state.question is not None and (state.question.kind, state.question.player) == ("returns", "Ada")
    assert state.question.count == 2
    after = applied(state, it.ReturnTiles("Ada", ("merchant", "merchant")))
    assert after.firm("Ada").holdings == (4, 0, 0) and after.firm("Ada").supply == (2, 6, 6)
    assert after.stage == "season"
    # With 4 revenue the limit is 6: nothing goes back.
    rich = chain(
        ada_holds(china(), merchant=6),
        "canton-1",
        P("ship", 2, "Ada"),
        P("opium", 2, "Ada"),
        P("bureaucrat", 2),
        active=True,
    )
    assert decade_over(rich).stage == "season"


def test_it_v23_tiles_in_inactive_chains_count_toward_the_limit() -> None:
    state = ada_holds(china())
    state = chain(state, "canton-1", P("ship", 1, "Ada"), P("opium", 1, "Ada"), P("bureaucrat", 2))
    state = chain(state, "shanghai-1", P("ship", 1, "Ada"), P("opium", 1, "Ada"), P("merchant", 1, "Ada"))
    books = decade_over(state)
    assert books.question is not None and (books.question.kind, books.question.player) == ("returns", "Ada")
    assert books.question.count == 1


def test_it_v24_further_ties_in_turn_order() -> None:
    state = firm(firm(china(), "Ada", party_tokens=1, money=2), "Ben", party_tokens=1, money=2)
    assert season_order(state) == ("Ada", "Ben", "Cai")
    assert season_order(firm(state, "Cai", party_tokens=1, money=2)) == ("Ada", "Ben", "Cai")
    assert season_order(firm(state, "Ada", money=-3)) == ("Ben", "Ada", "Cai")
    later = on_turn(replace(state, action_rows=((), (), ("Cai", "Ben", "Ada"))), "Cai")
    assert season_order(later) == ("Ben", "Ada", "Cai")


def test_it_v25_family_ambitions_turn_up_with_a_marriage() -> None:
    state = with_tableau(china(), prize("Heir", "family", debt=2, face_down=True))
    season = decade_over(firm(state, "Ben", tableau=(*state.firm("Ben").tableau, prize("Wed", "marriage"))))
    married = applied(season, it.TakePrize("Wedding", "marriage", debt=1))
    assert married.firm("Ada").money == -3
    assert [(c.name, c.face_down) for c in married.firm("Ada").tableau[1:]] == [
        ("Heir", False),
        ("Wedding", False),
    ]
    family = applied(married, it.TakePrize("Daughter", "family", debt=2, face_up=False))
    assert family.firm("Ben").money == -2 and not family.firm("Ben").tableau[-1].face_down
    secret = applied(family, it.TakePrize("Hopes", "secret", debt=3, face_up=False))
    assert secret.firm("Cai").money == 0 and secret.firm("Cai").tableau[-1].face_down


def test_it_v25_the_last_season_reveals_secret_ambitions() -> None:
    state = with_tableau(
        china(),
        prize("Hopes", "secret", debt=3, vp=4, face_down=True),
        prize("Heir", "family", debt=2, vp=5, face_down=True),
    )
    after = skip_season(decade_over(replace(state, decade=4)))
    assert after.result == "over" and after.reason == "the fourth decade is over"
    ada = after.firm("Ada")
    assert [(c.name, c.face_down) for c in ada.tableau] == [("Starting card", False), ("Hopes", False)]
    assert ada.money == -4  # 3 debt for the secret ambition, compounded by 1 on the track
    assert sum(n for _, n in score(after, "Ada")) == 4 - 1


def test_it_v26_party_tokens_go_back() -> None:
    state = with_tableau(firm(china(), "Ada", party_tokens=3), card("Host", parties=1))
    state = firm(state, "Ben", party_tokens=2)
    season = decade_over(state)
    assert season.season_order == ("Ada", "Ben", "Cai")
    after = skip_season(season)
    assert [f.party_tokens for f in after.firms] == [0, 0, 0]
    assert after.firm("Ada").parties == 1


def test_it_v27_debt_compounds_on_the_track() -> None:
    state = firm(firm(firm(china(), "Ada", money=-4), "Ben", money=-14), "Cai", money=3)
    after = skip_season(decade_over(state))
    assert [(f.money, f.perm_debt) for f in after.firms] == [(-5, 0), (-15, 2), (0, 0)]
    assert after.decade == 2


def test_it_v27_the_table_enters_compounding_without_a_track() -> None:
    state = firm(firm(begun(3, layout=bare_board()), "Ada", money=-4), "Cai", money=2)
    due = skip_season(decade_over(state))
    assert due.stage == "compound" and due.compound_due == ("Ada",)
    assert due.firm("Cai").money == 0
    after = applied(due, it.CompoundDebt("Ada", 6, permanent=1))
    assert (after.firm("Ada").money, after.firm("Ada").perm_debt) == (-6, 1)
    assert after.decade == 2 and after.stage == "turns"


def test_it_v28_attack_qing_makes_a_treaty_port() -> None:
    war = war_state()
    assert war.commander == "Ada" and war.war_strength == 1
    assert "attack:Canton" in war_moves(war) and "attack:Changsha" not in war_moves(war)
    after = applied(war, it.AttackQing("Canton", die=3))
    canton = after.region("Canton")
    assert (canton.alignment, canton.qing, canton.demand) == ("treaty", 0, (2, 4, 3))
    assert after.demand_supply == war.demand_supply - 1
    assert after.set_aside == Bag.of({"treaty": 6, "taiping": 5})
    assert after.stage == "rush" and [f.money for f in after.firms] == [2, 2, 2]
    # A region beside the new Treaty Port is open to the commander next time.
    assert "attack:Changsha" in war_moves(replace(after, stage="war", war_strength=1))


def test_it_v28_suppress_and_police() -> None:
    state = region(china(), "Canton", alignment="treaty", qing=0)
    state = region(state, "Hill", alignment="taiping", qing=0)
    war = decade_over(replace(state, outrage=9))
    assert war.war_strength == 2
    suppressed = applied(war, it.SuppressTaiping("Hill", die=4))
    assert suppressed.region("Hill").alignment == "treaty"
    assert suppressed.pool == (*war.pool, 4)
    assert suppressed.set_aside == Bag.of({"treaty": 6, "taiping": 6})
    assert suppressed.war_strength == 1 and suppressed.stage == "war"
    policed = applied(suppressed, it.PoliceTreatyPort("Canton", ("canton-2",)))
    assert policed.chain("canton-2").tiles == (None, None, None)
    assert policed.region("Canton").demand == (4,)
    assert policed.removed == Bag.of({"smuggler": 1})
    assert policed.stage == "rush" and [f.money for f in policed.firms] == [2, 2, 2]


def test_it_v29_the_post_war_rush() -> None:
    rush = applied(war_state(), it.AttackQing("Canton", die=3))
    assert rush.stage == "rush" and rush.on_turn == "Ada" and rush.outrage == 8
    rush = applied(rush, it.Influence((1,), (6,)))
    assert rush.firm("Ada").money == 2 - 1
    rush = applied(rush, it.SkipDeploy())
    assert rush.on_turn == "Ben"
    rush = applied(rush, it.RushPass())
    assert rush.on_turn == "Cai"
    rush = applied(rush, it.RushPass())
    assert rush.on_turn == "Ada"
    after = applied(rush, it.RushPass())
    assert after.stage == "season" and after.outrage == 0
    assert after.firm("Ada").money == 1 and after.firm("Ben").money == 2


def test_it_v29_a_rush_action_does_not_end_the_decade_again() -> None:
    war = war_state(outrage=10)
    assert war.war_strength == 3
    rush = applied(
        war, it.AttackQing("Canton", die=3), it.AttackQing("Wenzhou", die=3), it.AttackQing("Shanghai", die=3)
    )
    assert rush.stage == "rush" and [f.money for f in rush.firms] == [6, 6, 6]
    after = applied(rush, it.Influence(()), it.SkipDeploy())
    assert after.stage == "rush" and after.war_strength == 0
    assert after.on_turn == "Ben" and after.firm("Ada").money == 5


# Lantern's readings (spec §7.2): the default, and the option where there is one


def tax_state(**options: Any) -> S:
    state = china(**options)
    state = chain(
        state, "canton-1", P("ship", 1, "Ada"), P("opium", 1, "Ben"), P("bureaucrat", 2), active=True
    )
    state = chain(state, "canton-2", P("ship", 1, "Ada"), None, P("smuggler", 2))
    return at_events(state, bag={"tax": 1})


def test_tax_counts_every_chain_of_the_region_by_default() -> None:
    after = applied(tax_state(), it.DrawEvent("tax"))
    assert [f.money for f in after.firms] == [-2, -1, 0]


def test_tax_counts_active_chains_only_as_an_option() -> None:
    after = applied(tax_state(tax_counts="in active chains only"), it.DrawEvent("tax"))
    assert [f.money for f in after.firms] == [-1, -1, 0]


def outrage_event(**options: Any) -> S:
    state = replace(china(**options), outrage=9)
    return applied(at_events(state), it.DrawEvent("debate+2"))


def test_the_early_end_is_checked_after_an_event_as_an_option() -> None:
    after = outrage_event(early_end_after_events=True)
    assert after.outrage == 11 and after.stage == "war" and after.war_strength == 4


def test_the_early_end_waits_for_the_end_of_a_turn_by_default() -> None:
    after = outrage_event()
    assert after.outrage == 11 and after.stage == "turns" and after.on_turn == "Ada"
    ended = applied(after, it.Pass())
    assert ended.stage == "war" and ended.war_strength == 4


def test_missionary_expulsion_is_ignored_without_a_qing_missionary_as_an_option() -> None:
    state = region(china(missionary_outside_qing="is ignored"), "Canton", alignment="treaty")
    after = applied(at_events(state, bag={"missionary": 1}), it.DrawEvent("missionary"))
    assert after.region("Canton").missionary and after.outrage == 0
    assert after.region("Canton").demand == (2, 4)
    # A Qing region with a Missionary: the highest demand loses it, its lowest die, and outrage goes up 2.
    qing = region(china(), "Changsha", missionary=True, demand=(1,))
    hit = applied(at_events(qing, bag={"missionary": 1}), it.DrawEvent("missionary"))
    assert not hit.region("Canton").missionary and hit.region("Canton").demand == (4,)
    assert hit.region("Changsha").missionary and hit.outrage == 2


def test_an_empty_conspiracy_bag_leaves_the_bowls_unfilled() -> None:
    state = replace(china(), conspiracy_bag=Bag())
    after = fate_decade_end(state)
    assert after.decade == 2 and after.bowls == state.bowls
    filled = fate_decade_end(china())
    assert [len(b) for b in filled.bowls] == [3, 3, 2, 2, 2, 2]
    assert filled.conspiracy_bag.total == 27 - 6


def test_a_tile_with_no_legal_place_leaves_the_game() -> None:
    state = replace(china(), regions=tuple(replace(r, missionary=True) for r in china().regions))
    taken = bowl_place(state, 6)
    after = applied(taken, it.PlaceConspiracy("missionary"), it.SkipDeploy())
    assert after.removed == Bag.of({"missionary": 1}) and after.on_turn == "Ben"


# The table above


BASE = china()
TABLE = SpecTable("IT-V", SPECS / "infamous_traffic.md", HERE)


def test_every_row_names_a_test() -> None:
    assert TABLE.unnamed(__doc__, globals(), test_refusal, [str(p.id) for p in REFUSALS]) == []


def test_the_table_lists_every_spec_code() -> None:
    """Every IT-V rule and T case the spec has, and no other, has a row."""
    codes = TABLE.spec_codes()
    if codes is None:
        pytest.skip(f"the Infamous Traffic spec is not beside this repository ({TABLE.spec})")
    assert len(codes) == 29 + 20
    assert {code for code, _ in TABLE.rows(__doc__)} == codes
