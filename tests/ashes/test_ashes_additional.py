"""The additional actions: decontaminating, closing and cycling shelters, and the limited scout, milestone
claim and mission."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from rules_ref import reference
from tests.ashes.states import playing, with_board
from trackers.ashes.actions import (
    ClaimMilestone,
    CloseShelter,
    CompleteMission,
    CycleShelters,
    Decontaminate,
    Scout,
)
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL, FULL_BAG
from trackers.ashes.colony.player_board import Reward
from trackers.ashes.colony.shelters import Pod, ShelterCard
from trackers.ashes.colony.upgrades import UpgradeFamily
from trackers.ashes.game import RULEBOOK
from trackers.ashes.state import AshesState
from trackers.ashes.terms import PhoenixRow, UpgradeClass
from trackers.core.actions import Action, Event
from trackers.core.bag import Bag


def refused(state: AshesState, action: Action) -> str:
    problems = RULEBOOK.validate(state, action)
    assert problems, f"{action} was accepted"
    assert all(reference().exists(v.rule) for v in problems)
    return problems[0].code


def play(state: AshesState, action: Action, seed: int = 3) -> tuple[AshesState, list[Event]]:
    assert RULEBOOK.validate(state, action) == []
    new, events = RULEBOOK.apply(state, action, Random(seed))
    assert all(reference().exists(e.value("rule")) for e in events)
    return new, events


def at_entrance(state: AshesState, name: str, *kinds: str) -> AshesState:
    return replace(with_board(state, name, entrance=kinds), bag=state.bag.take(kinds))


def with_card(state: AshesState, *occupants: str | None) -> AshesState:
    """Ann's one shelter card: a level-0 pod giving 1 happiness, then level-2 pods giving 1 fuel each; the
    occupants come out of the bag."""
    pods = tuple(
        Pod(level, Reward(happiness=1) if level == 0 else Reward(fuel=1), survivor=who)
        for level, who in zip((0, 2, 2), occupants, strict=False)
    )
    ann = state.seat("Ann")
    kinds = [who for who in occupants if who is not None]
    state = replace(state, bag=state.bag.take(kinds))
    return state.with_seat(replace(ann, colony=replace(ann.colony, cards=(ShelterCard("Start", pods),))))


def vehicle_in(state: AshesState, area: str) -> AshesState:
    return state.with_seat(replace(state.seat("Ann"), vehicle=area))


# Decontaminate


def test_decontaminate_fills_a_pod_and_takes_its_bonus() -> None:
    state = at_entrance(with_card(playing(), None, None), "Ann", ESSENTIAL, ACTIVE)
    state, events = play(state, Decontaminate("Ann", "essential", 1, 1))
    ann = state.seat("Ann")
    assert ann.colony.cards[0].survivors == (ESSENTIAL,)
    assert (ann.board.entrance, ann.board.happiness) == ((ACTIVE,), 4)
    assert events[0].value("survivor") == ESSENTIAL
    assert state.survivors() == FULL_BAG


def test_decontaminate_refusals() -> None:
    state = at_entrance(with_card(playing(), ACTIVE, None), "Ann", ACTIVE)
    assert refused(state, Decontaminate("Ann", "active", 2, 1)) == "ashes.decontaminate.no_pod"
    assert refused(state, Decontaminate("Ann", "active", 1, 3)) == "ashes.decontaminate.no_pod"
    assert refused(state, Decontaminate("Ann", "active", 1, 1)) == "ashes.decontaminate.occupied"
    assert refused(state, Decontaminate("Ann", "essential", 1, 2)) == "ashes.entrance.missing"
    assert refused(with_board(state, "Ann", passed=True), Decontaminate("Ann", "active", 1, 2)) == (
        "ashes.pass.done"
    )


# Close shelters


def test_closing_a_full_card_sends_its_survivors_to_the_bag() -> None:
    state = with_card(playing(), ACTIVE, ESSENTIAL, ESSENTIAL)
    bag = state.bag
    state, events = play(state, CloseShelter("Ann", 1, 2))
    ann = state.seat("Ann")
    assert (ann.colony.cards, ann.colony.columns) == ((), (0, 1, 0))
    assert state.bag == bag.put([ACTIVE, ESSENTIAL, ESSENTIAL])
    assert events[-1].value("survivors") == (ACTIVE, ESSENTIAL, ESSENTIAL)
    assert state.survivors() == FULL_BAG


def test_close_refusals() -> None:
    state = with_card(playing(), ACTIVE, ESSENTIAL, ESSENTIAL)
    assert refused(with_card(playing(), ACTIVE, None), CloseShelter("Ann", 1, 1)) == "ashes.close.not_full"
    assert refused(state, CloseShelter("Ann", 2, 1)) == "ashes.close.no_card"
    assert refused(state, CloseShelter("Ann", 1, 4)) == "ashes.close.no_column"
    ann = state.seat("Ann")
    stacked = state.with_seat(replace(ann, colony=replace(ann.colony, columns=(2, 0, 0))))
    assert refused(stacked, CloseShelter("Ann", 1, 1)) == "ashes.close.column_full"


# Cycle shelters


def test_cycling_shelters_costs_1_data() -> None:
    state, events = play(with_board(playing(), "Ann", data=2), CycleShelters("Ann"))
    assert state.seat("Ann").board.data == 1
    assert events[0].kind == "cycle_shelters"
    assert refused(playing(), CycleShelters("Ann")) == "ashes.pay.data"


# Scout


def test_scout_sends_drawn_essentials_to_the_entrance_and_the_rest_to_the_area() -> None:
    state = with_board(playing(), "Ann", strength=3)
    state, events = play(state, Scout("Ann", "S1a", drawn=(ESSENTIAL, ACTIVE)))
    ann = state.seat("Ann").board
    area = state.area("S1a")
    assert area is not None
    assert (ann.entrance, ann.strength, area.survivors.items()) == ((ESSENTIAL,), 1, (ACTIVE,))
    assert state.bag == FULL_BAG.take([ESSENTIAL, ACTIVE])
    assert (events[0].value("drawn"), events[0].value("placed")) == ((ESSENTIAL, ACTIVE), (ACTIVE,))
    assert state.survivors() == FULL_BAG


def test_scout_draws_by_itself_and_records_the_draw() -> None:
    state, events = play(with_board(playing(), "Ann", strength=2), Scout("Ann", "S1a"), seed=11)
    drawn = events[0].value("drawn")
    assert len(drawn) == 2
    assert FULL_BAG.take(drawn) == state.bag
    assert state.survivors() == FULL_BAG


def test_scout_with_a_full_entrance_leaves_essentials_in_the_area() -> None:
    state = at_entrance(playing(), "Ann", ACTIVE, ACTIVE, ACTIVE, ACTIVE)
    state, _ = play(state, Scout("Ann", "S1a", free=True, drawn=(ESSENTIAL, ESSENTIAL)))
    area = state.area("S1a")
    assert area is not None
    assert (area.survivors.count(ESSENTIAL), state.seat("Ann").board.strength) == (2, 0)
    assert state.survivors() == FULL_BAG


def test_scouted_essentials_may_stay_in_the_area() -> None:
    state = with_board(playing(), "Ann", strength=2)
    state, events = play(state, Scout("Ann", "S1a", drawn=(ESSENTIAL, ACTIVE), essentials_in=False))
    area = state.area("S1a")
    assert area is not None
    assert (state.seat("Ann").board.entrance, area.survivors.count(ESSENTIAL)) == ((), 1)
    assert events[0].value("entrance") == ()


def test_scout_draws_more_with_its_upgrade() -> None:
    upgraded = with_board(playing(), "Ann", upgrades=frozenset({(UpgradeFamily.SCOUT, UpgradeClass.CLASS_I)}))
    _, events = play(upgraded, Scout("Ann", "S1a", free=True))
    assert len(events[0].value("drawn")) == 3
    assert (
        refused(upgraded, Scout("Ann", "S1a", free=True, drawn=(ACTIVE, ACTIVE))) == "ashes.scout.drawn_count"
    )


def test_scout_from_a_short_bag_takes_what_is_left_or_is_refused() -> None:
    short = replace(playing(), bag=Bag.of({ACTIVE: 1}))
    state, events = play(short, Scout("Ann", "S1a", free=True))
    assert (events[0].value("drawn"), state.bag.total) == ((ACTIVE,), 0)
    assert refused(state, Scout("Ann", "S1a", free=True)) == "ashes.limited.twice"
    strict = replace(playing(scout_short_bag=False), bag=Bag.of({ACTIVE: 1}))
    assert refused(strict, Scout("Ann", "S1a", free=True)) == "ashes.scout.short_bag"


def test_scout_refusals() -> None:
    state = with_board(playing(), "Ann", strength=2)
    assert refused(replace(state, bag=Bag()), Scout("Ann", "S1a")) == "ashes.scout.empty_bag"
    assert refused(state, Scout("Ann", "Nowhere")) == "ashes.scout.area"
    assert refused(state, Scout("Ann", "S2a")) == "ashes.scout.not_adjacent"
    assert refused(vehicle_in(state, "S2a"), Scout("Ann", "S1a")) == "ashes.scout.vehicle_area"
    assert refused(state, Scout("Ann", "S1a", drawn=(ACTIVE,))) == "ashes.scout.drawn_count"
    actives = replace(state, bag=Bag.of({ACTIVE: 5}))
    assert refused(actives, Scout("Ann", "S1a", drawn=(ACTIVE, ESSENTIAL))) == "ashes.scout.not_in_bag"
    assert refused(with_board(state, "Ann", strength=1), Scout("Ann", "S1a")) == "ashes.pay.strength"


def test_scout_from_an_area_goes_to_that_area() -> None:
    state = vehicle_in(playing(), "S3b")
    state, _ = play(state, Scout("Ann", "S3b", free=True, drawn=(ACTIVE, ACTIVE)))
    area = state.area("S3b")
    assert area is not None and area.survivors.count(ACTIVE) == 2


# Claim a milestone


def claim(row: str = "dark_blue", count: int = 7, value: int = 2, **fields: object) -> ClaimMilestone:
    values: dict[str, object] = {"family": "scout", "upgrade_class": "I"}
    values.update(fields)
    return ClaimMilestone("Ann", row, count=count, value=value, **values)  # type: ignore[arg-type]


def test_t09_first_claim_costs_2_data_and_scores_at_most_12() -> None:
    state, events = play(with_board(playing(), "Ann", data=2), claim())
    ann = state.seat("Ann")
    assert (ann.board.data, ann.vp) == (0, 32)
    assert (UpgradeFamily.SCOUT, UpgradeClass.CLASS_I) in ann.board.upgrades
    assert (state.claims, ann.milestones) == ((("Ann",), (), ()), frozenset({PhoenixRow.DARK_BLUE}))
    assert (events[0].value("data"), events[0].value("vp")) == (2, 12)


def test_second_claimant_pays_3_data_where_the_tile_takes_two() -> None:
    state = replace(playing(("Ann", "Bob", "Cy")), claims=(("Bob",), (), ()))
    state, _ = play(with_board(state, "Ann", data=3), claim(count=2, value=3))
    assert (state.seat("Ann").board.data, state.seat("Ann").vp) == (0, 26)
    assert state.claims[0] == ("Bob", "Ann")


def test_a_claim_may_score_nothing() -> None:
    state, _ = play(with_board(playing(), "Ann", data=2), claim("pink", count=0))
    assert (state.seat("Ann").vp, state.claims) == (20, ((), (), ("Ann",)))


def test_milestone_refusals() -> None:
    state = with_board(playing(("Ann", "Bob", "Cy")), "Ann", data=5)
    assert refused(state, claim(count=-1)) == "ashes.milestone.count"
    full = replace(state, claims=((), (), ("Bob",)))
    assert refused(full, claim("pink")) == "ashes.milestone.full"
    again = state.with_seat(replace(state.seat("Ann"), milestones=frozenset({PhoenixRow.PINK})))
    assert refused(again, claim("pink")) == "ashes.milestone.twice"
    assert refused(with_board(state, "Ann", data=1), claim()) == "ashes.milestone.data"
    assert refused(state, claim(upgrade_class="II")) == "ashes.upgrade.class_i_first"
    taken = with_board(state, "Ann", upgrades=frozenset({(UpgradeFamily.SCOUT, UpgradeClass.CLASS_I)}))
    assert refused(taken, claim()) == "ashes.upgrade.taken"
    once, _ = play(state, claim())
    assert refused(once, claim("light_blue")) == "ashes.limited.twice"
    assert refused(state, replace(claim(), player="Bob")) == "ashes.turn.not_yours"


# Complete a mission


def with_missions(state: AshesState, hand: int) -> AshesState:
    return state.with_seat(replace(state.seat("Ann"), missions_hand=hand))


def test_a_mission_moves_from_hand_to_done() -> None:
    state, events = play(with_missions(playing(), 2), CompleteMission("Ann"))
    ann = state.seat("Ann")
    assert (ann.missions_hand, ann.missions_done) == (1, 1)
    assert events[0].kind == "mission"
    assert refused(state, CompleteMission("Ann")) == "ashes.limited.twice"


def test_in_round_1_the_starting_shelter_is_in_sector_1() -> None:
    state, _ = play(with_missions(playing(), 1), CompleteMission("Ann", sector=1))
    assert state.seat("Ann").missions_done == 1


def test_mission_refusals() -> None:
    state = with_missions(playing(), 1)
    assert refused(with_missions(state, 0), CompleteMission("Ann")) == "ashes.mission.none"
    assert refused(state, CompleteMission("Ann", sector=2)) == "ashes.mission.sector"
    assert refused(state, CompleteMission("Ann", sector=-1)) == "ashes.mission.sector"
    assert refused(vehicle_in(state, "S2a"), CompleteMission("Ann", sector=1)) == "ashes.mission.vehicle"


def test_a_power_shelter_mission_flips_one_of_your_shelters_once() -> None:
    state = with_missions(playing(), 2)
    state = state.with_seat(replace(state.seat("Ann"), shelters=("C1", "C2")))
    assert refused(state, CompleteMission("Ann", power="C3")) == "ashes.mission.not_your_shelter"
    assert refused(state, CompleteMission("Ann", power="C2")) == "ashes.mission.sector", "C2 is in sector 2"
    state, events = play(state, CompleteMission("Ann", power="C1"))
    assert state.seat("Ann").powered == ("C1",)
    assert "Turn your shelter disc on C1 to its powered side." in events[0].text
    state = replace(
        state,
        seats=(replace(state.seat("Ann"), board=replace(state.seat("Ann").board, limited_used=frozenset())),),
    )
    assert refused(state, CompleteMission("Ann", power="C1")) == "ashes.mission.powered"


def test_mission_sector_up_to_the_round_is_an_option() -> None:
    for up_to, code in ((False, "ashes.mission.sector"), (True, "")):
        state = with_missions(playing(mission_sector="up to the round" if up_to else "equal to the round"), 1)
        state = vehicle_in(replace(state, rounds=replace(state.rounds, round=2)), "S1b")
        action = CompleteMission("Ann", sector=1)
        if code:
            assert refused(state, action) == code
        else:
            assert play(state, action)[0].seat("Ann").missions_done == 1
        assert refused(state, CompleteMission("Ann", sector=3)) == "ashes.mission.sector"


def test_history_lines() -> None:
    state = playing()
    lines = [
        RULEBOOK.describe(state, action)
        for action in (
            Decontaminate("Ann", "active", 1, 2),
            CloseShelter("Ann", 1, 3),
            CycleShelters("Ann"),
            Scout("Ann", "S1a"),
            claim("light_blue"),
            CompleteMission("Ann", sector=1),
        )
    ]
    assert lines == [
        "Ann decontaminated an active survivor",
        "Ann closed shelter card 1 into column 3",
        "Ann cycled the shelter cards",
        "Ann scouted into S1a",
        "Ann claimed the light blue milestone",
        "Ann completed a mission",
    ]
