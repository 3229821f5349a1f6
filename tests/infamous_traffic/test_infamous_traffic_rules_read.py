"""Issue #29's rules slips found by a rules read (points 18 to 25) and #28 point 4 (names), each asserting
the rulebook's outcome; a game begun before the fixes (edition 1, the board entered under the old type name)
keeps the readings it was played with, and the games saved then (tests/infamous_traffic/saved/) replay."""

from __future__ import annotations

import copy
import gzip
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import trackers  # noqa: F401  (registers the games and pack kinds)
from tests.infamous_traffic.boards import TEST_BOARD
from tests.infamous_traffic.states import (
    P,
    S,
    applied,
    at_events,
    begun,
    chain,
    decade_over,
    fresh,
    holding,
    refusal,
    region,
)
from trackers.core.actions import ActionCodec
from trackers.core.game import make_setup
from trackers.infamous_traffic import actions as it
from trackers.infamous_traffic.board import board_from, board_problems
from trackers.infamous_traffic.game import INFAMOUS_TRAFFIC as GAME
from trackers.infamous_traffic.state import Question
from trackers.services.gamefile import load_document

G = "infamous-traffic"
SAVED = Path(__file__).parent / "saved"
CODEC = ActionCodec(GAME.actions)


def china(**options: Any) -> S:
    """Every pawn in China (Ada, Ben, Cai); Ada on turn."""
    return begun(3, "china", **options)


def old(state: S) -> S:
    """The same state in a game begun before the fixes."""
    return replace(state, edition=1)


# 18. Taiping Uprising, Founding: never a Treaty Port


def founding() -> S:
    """Hill a Treaty Port won in a war (no Qing Force); Wenzhou the Qing region with the fewest."""
    state = region(china(), "Hill", alignment="treaty", qing=0)
    for name in ("Changsha", "Wuchang", "Lake"):
        state = region(state, name, qing=2)
    return at_events(state, bag={"taiping": 1})


def test_18_the_founding_targets_a_qing_region_never_a_treaty_port() -> None:
    after = applied(founding(), it.DrawEvent("taiping"))
    assert after.region("Wenzhou").alignment == "taiping" and after.region("Wenzhou").qing == 0
    assert after.region("Hill").alignment == "treaty"


def test_18_an_old_game_keeps_its_founding_in_the_treaty_port() -> None:
    after = applied(old(founding()), it.DrawEvent("taiping"))
    assert after.region("Hill").alignment == "taiping" and after.region("Wenzhou").alignment == "qing"


# 19 and 20. The Post-War Rush


def rush() -> S:
    """A war of strength 1: Ada attacks Canton, and the Rush begins with Ada."""
    return applied(decade_over(replace(china(), outrage=8)), it.AttackQing("Canton", die=3))


def act(state: S) -> S:
    return applied(state, it.Influence(()), it.SkipDeploy())


def test_19_after_a_pass_the_rush_asks_the_next_player_in_turn_order() -> None:
    state = rush()
    for who in ("Ada", "Ben", "Cai"):
        assert state.on_turn == who
        state = act(state)
    assert state.on_turn == "Ada"
    state = applied(state, it.RushPass())
    assert state.on_turn == "Ben"
    state = act(state)
    assert state.on_turn == "Cai"
    state = applied(state, it.RushPass())
    assert state.on_turn == "Ben"
    state = act(state)
    assert state.on_turn == "Ben", "Ben alone is still in"
    after = applied(state, it.RushPass())
    assert after.stage not in ("war", "rush") and after.outrage == 0


def test_19_an_old_game_keeps_counting_its_rush_turns() -> None:
    state = old(rush())
    for _ in range(3):
        state = act(state)
    assert applied(state, it.RushPass()).on_turn == "Cai"


def travelled_at_the_early_end(edition: int = 2) -> S:
    """Outrage one short of the track's last two spaces is past them (10 of 0-11): Ada travels to London,
    and the decade ends at the end of her turn, with her pawn on London's travel row."""
    state = replace(china(), outrage=10, edition=edition)
    return applied(state, it.Travel("london"))


def test_20_a_pawn_on_a_travel_row_joins_the_rush_and_the_next_decade() -> None:
    state = travelled_at_the_early_end()
    assert state.stage == "war" and state.travel_rows == ((), (), ())
    assert state.turn_order == ("Ada", "Ben", "Cai") and state.commander == "Ada"
    for target in ("Canton", "Wenzhou", "Shanghai"):
        state = applied(state, it.AttackQing(target, die=3))
    assert state.stage == "rush" and state.on_turn == "Ada"
    for who in ("Ada", "Ben", "Cai"):
        assert state.on_turn == who
        state = applied(state, it.RushPass())
    while state.stage == "season":
        state = applied(state, it.SkipPrize())
    assert state.decade == 2 and state.order == ("Ada", "Ben", "Cai") and state.on_turn == "Ada"


def test_20_an_old_game_leaves_the_traveller_out() -> None:
    state = travelled_at_the_early_end(edition=1)
    assert state.turn_order == ("Ben", "Cai") and state.travel_rows[0] == ("Ada",)


# 21. The early decade end is checked at the end of a turn


def test_21_by_default_the_decade_ends_at_the_end_of_the_next_turn_not_after_the_event() -> None:
    state = applied(at_events(replace(china(), outrage=9)), it.DrawEvent("debate+2"))
    assert state.outrage == 11 and state.stage == "turns" and state.on_turn == "Ada"
    ended = applied(state, it.Pass())
    assert ended.stage == "war" and ended.decade == 1


def test_21_a_game_stored_with_the_old_default_keeps_it() -> None:
    setup = make_setup(GAME, ("Ada", "Ben", "Cai"), {"early_end_after_events": True})
    assert dict(setup.options)["early_end_after_events"] is True
    state = china(early_end_after_events=True)
    after = applied(at_events(replace(state, outrage=9)), it.DrawEvent("debate+2"))
    assert after.stage == "war"


# 22. Enforce in [Area]: the chain with the active chains connected to it


def enforcement() -> S:
    """Mountain chains: hill-1 (2) leads to canton-1 (8), changsha-1 (6) to canton-2 (3); all active."""
    state = chain(
        china(), "canton-1", P("ship", 3, "Ada"), P("opium", 3, "Ben"), P("bureaucrat", 2), active=True
    )
    state = chain(state, "hill-1", P("opium", 1, "Cai"), P("merchant", 1, "Cai"), active=True)
    state = chain(state, "canton-2", P("ship", 1, "Ada"), P("opium", 1, "Ben"), P("smuggler", 1), active=True)
    state = chain(state, "changsha-1", P("opium", 3, "Ada"), P("merchant", 3, "Ben"), active=True)
    return at_events(state, bag={"enforce-mountain": 1})


def test_22_enforcement_counts_and_disrupts_the_coastal_chain_an_interior_chain_leads_to() -> None:
    after = applied(enforcement(), it.DrawEvent("enforce-mountain"))
    for cid in ("hill-1", "canton-1"):
        assert not after.chain(cid).active and after.chain(cid).tiles == (None,) * len(after.chain(cid).tiles)
    assert after.chain("changsha-1").active and after.chain("canton-2").active
    assert after.outrage == 4


def test_22_an_old_game_compares_the_interior_chains_alone() -> None:
    after = applied(old(enforcement()), it.DrawEvent("enforce-mountain"))
    assert not after.chain("changsha-1").active and after.chain("canton-2").active
    assert after.chain("hill-1").active and after.chain("canton-1").active


# 23. A battle may take the Qing Force tucked under a Treaty Port


def battle(edition: int = 2) -> S:
    """Hill held by the Taiping; Canton, its one neighbour, a Treaty Port with one Qing Force tucked under;
    Ada has taken bowl 3 (a Qing Force)."""
    state = region(china(), "Hill", alignment="taiping", qing=0)
    state = region(state, "Canton", alignment="treaty", qing=1)
    return applied(replace(state, edition=edition), it.Conspiracy(3))


def test_23_the_qing_force_under_a_treaty_port_may_go_to_the_battle() -> None:
    won = applied(battle(), it.PlaceConspiracy("qing", "Hill", removals=("Canton",), die=4))
    assert won.region("Canton").alignment == "treaty" and won.region("Canton").qing == 0
    assert won.region("Hill").alignment == "qing" and won.region("Hill").qing == 1


def test_23_the_last_qing_force_of_a_qing_region_still_stays() -> None:
    state = region(region(china(), "Hill", alignment="taiping", qing=0), "Canton", qing=1)
    v = refusal(applied(state, it.Conspiracy(3)), it.PlaceConspiracy("qing", "Hill", removals=("Canton",)))
    assert (v.code, v.rule) == (f"{G}.battle", f"{G}/conspiracy/qing")


def test_23_an_old_game_keeps_the_tucked_force() -> None:
    v = refusal(battle(edition=1), it.PlaceConspiracy("qing", "Hill", removals=("Canton",)))
    assert v.code == f"{G}.battle" and "last Qing Force" in v.message


# 24. Missionary Expulsion with Missionaries outside Qing regions


def expulsion(**options: Any) -> S:
    """Canton a Treaty Port with its Missionary: no Missionary in a Qing region."""
    return at_events(region(china(**options), "Canton", alignment="treaty"), bag={"missionary": 1})


def test_24_a_missionary_outside_qing_regions_still_raises_outrage_by_2() -> None:
    after = applied(expulsion(), it.DrawEvent("missionary"))
    assert after.outrage == 2
    assert after.region("Canton").missionary and after.region("Canton").demand == (2, 4)


def test_24_no_missionary_in_china_ignores_the_event() -> None:
    state = region(expulsion(), "Canton", missionary=False)
    assert applied(state, it.DrawEvent("missionary")).outrage == 0


def test_24_an_old_game_ignores_it() -> None:
    assert applied(old(expulsion()), it.DrawEvent("missionary")).outrage == 0


# 25. Police Treaty Port: any number of Smugglers and Bureaucrats


def policing() -> S:
    """Canton a Treaty Port in a war of strength 2: canton-1 holds a Bureaucrat (space 3), canton-2 a
    Smuggler (space 3); Canton's demand 2 and 4."""
    state = region(china(), "Canton", alignment="treaty", qing=0)
    return replace(decade_over(replace(state, outrage=9)), war_strength=2, commander="Ada")


def test_25_policing_removes_the_pieces_chosen_not_whole_chains() -> None:
    state = policing()
    assert state.stage == "war"
    after = applied(state, it.PoliceTreatyPort("Canton", (), ("canton-2:3",)))
    assert after.chain("canton-2").tiles[2] is None and after.chain("canton-1").tiles[2] == P("bureaucrat", 2)
    assert after.region("Canton").demand == (4,) and after.war_strength == 1
    assert after.removed.count("smuggler") == state.removed.count("smuggler") + 1


def test_25_policing_refuses_a_piece_that_is_not_there() -> None:
    v = refusal(policing(), it.PoliceTreatyPort("Canton", (), ("canton-1:1",)))
    assert (v.code, v.rule) == (f"{G}.war", f"{G}/decade/war")
    v = refusal(policing(), it.PoliceTreatyPort("Canton", ()))
    assert v.code == f"{G}.war"


def test_25_whole_chains_as_before() -> None:
    after = applied(policing(), it.PoliceTreatyPort("Canton", ("canton-1", "canton-2")))
    assert after.chain("canton-1").tiles[2] is None and after.chain("canton-2").tiles[2] is None


# #28 point 4: names as the table means them


def named(**renames: str) -> dict[str, Any]:
    """The test board with the regions written differently where the board names them."""
    out = copy.deepcopy(TEST_BOARD)
    for r in out["regions"]:
        r["name"] = renames.get(r["name"], r["name"])
    return out


def test_names_two_regions_differing_in_case_or_spaces_are_one_name_written_twice() -> None:
    board = copy.deepcopy(TEST_BOARD)
    board["regions"].append({"name": "canton ", "enforcement": "canton", "coastal": True, "adjacent": []})
    assert "two regions have the same name" in board_problems(board)
    chains = copy.deepcopy(TEST_BOARD)
    chains["chains"].append({"id": " Canton-1", "region": "Canton", "spaces": ["ship"], "toward": None})
    assert "two chains have the same id" in board_problems(chains)


def test_names_references_in_the_pack_match_without_case_or_spaces() -> None:
    board = copy.deepcopy(TEST_BOARD)
    board["regions"][0]["adjacent"] = ["wenzhou ", "CHANGSHA", "Hill"]
    board["regions"][1]["enforcement"] = "Mid-Coast"
    board["chains"][5]["region"] = " changsha"
    board["chains"][5]["toward"] = "Canton-2"
    assert board_problems(board) == []
    built = board_from(json.dumps(board))
    assert built.region("Canton").adjacent == ("Wenzhou", "Changsha", "Hill")
    assert built.chain("changsha-1").region == "Changsha" and built.chain("changsha-1").toward == "canton-2"
    assert built.region("Wenzhou").enforcement == "mid-coast" and built.adjacent("canton", "WENZHOU")


def test_names_a_board_spelling_canton_otherwise_still_sets_up_there() -> None:
    state = fresh(3, named(Canton="canton", Shanghai="SHANGHAI"))
    assert state.region("canton").missionary and state.region("canton").demand == (2, 4)
    assert state.chain("canton-2").tiles[2] == P("smuggler", 2)


def test_names_an_entry_naming_canton_means_canton_and_the_log_keeps_what_was_typed() -> None:
    state = region(region(china(), "Hill", alignment="taiping", qing=0), "Canton", qing=2)
    state = applied(state, it.Conspiracy(3))
    typed = it.PlaceConspiracy("qing", " hill", removals=("canton ",), die=4)
    won = applied(state, typed)
    assert won.region("Canton").qing == 1 and won.region("Hill").alignment == "qing"
    assert GAME.describe(state, typed) == "A Qing Force goes to Hill"
    assert CODEC.decode(typed.to_json()).region == " hill"
    v = refusal(state, it.PlaceConspiracy("qing", "Hills"))
    assert v.code == f"{G}.region" and "'Hills'" in v.message


def test_names_chains_and_targets_are_matched_too() -> None:
    state = policing()
    after = applied(state, it.PoliceTreatyPort("CANTON", (), (" Canton-2:3",)))
    assert after.chain("canton-2").tiles[2] is None
    asked = replace(
        at_events(china()),
        questions=(Question("target", "Cai", options=("Wenzhou", "Lake"), event="taiping"),),
    )
    chosen = applied(asked, it.ChooseTarget("lake"))
    assert chosen.region("Lake").qing == 0


# Games saved before the fixes


def saved_games() -> list[str]:
    return sorted(p.name.removesuffix(".lantern.json.gz") for p in SAVED.glob("*.lantern.json.gz"))


@pytest.mark.parametrize("name", saved_games())
def test_a_game_saved_before_the_fixes_replays_as_played(name: str) -> None:
    text = gzip.decompress((SAVED / f"{name}.lantern.json.gz").read_bytes()).decode("utf-8")
    session = load_document(text).session
    expected = json.loads((SAVED / "summaries.json").read_text(encoding="utf-8"))[name]
    assert GAME.summary(session.state).to_json() == expected
    assert session.state.edition == 1


def test_the_board_entered_under_the_old_type_name_is_edition_1() -> None:
    entry = it.UseBoard(json.dumps(TEST_BOARD), 30)
    raw = {**entry.to_json(), "type": "infamous-traffic.use_board"}
    assert CODEC.decode(raw) == it.LegacyUseBoard(entry.layout, 30)
    assert fresh().edition == 2
    assert it.UseBoard.type == "infamous-traffic.use_board.v2"


# 26. Readings made options where the rulebook is open


def test_26_the_taiping_tiles_set_aside_are_5_or_7_as_an_option() -> None:
    assert fresh().set_aside.count("taiping") == 5
    assert fresh(taiping_tiles="7, as the set-up says").set_aside.count("taiping") == 7


def test_26_outrage_goes_back_to_0_after_a_war_only_or_every_decade_as_an_option() -> None:
    assert decade_over(replace(china(), outrage=5)).outrage == 5
    every = china(outrage_reset="at the end of every decade")
    assert decade_over(replace(every, outrage=5)).outrage == 0


def rush_deploy(**options: Any) -> S:
    """In the Rush, Ada (2 cash from the new Treaty Port) influences, then pays for the Deploy."""
    state = applied(decade_over(replace(china(**options), outrage=8)), it.AttackQing("Canton", die=3))
    state = holding(state, "Ada", ship=1)
    return applied(state, it.Influence(()), it.Deploy("canton-1", 1, "ship", 1))


def test_26_the_rushs_paid_deploy_costs_its_1_debt_or_1_more_as_an_option() -> None:
    assert rush_deploy().firm("Ada").money == 0
    assert rush_deploy(rush_deploy_fee="its 1 debt and the Rush's 1 more").firm("Ada").money == -1
