"""The main actions: building shelters, rescuing survivors, installing in the Phoenix Project, resting."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from rules_ref import reference
from tests.ashes import states
from tests.ashes.states import with_board
from trackers.ashes.actions import Activate, Build, EarnMainAction, EndTurn, Install, Rescue, Rest
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL, FULL_BAG
from trackers.ashes.colony.materials import Materials, Slot
from trackers.ashes.colony.upgrades import UpgradeFamily
from trackers.ashes.game import ASHES, RULEBOOK
from trackers.ashes.rival.play import new_rival
from trackers.ashes.state import AshesState
from trackers.ashes.terms import Difficulty, PhoenixRow, UpgradeClass
from trackers.core.actions import Action, Event


def playing(*args: object, **options: object) -> AshesState:
    """A turn in play in which each player has main actions to spend (earning them is tested below)."""
    state = states.playing(*args, **options)  # type: ignore[arg-type]
    return replace(state, seats=tuple(replace(s, main_actions=5) for s in state.seats))


def refused(state: AshesState, action: Action) -> str:
    problems = RULEBOOK.validate(state, action)
    assert problems, f"{action} was accepted"
    assert all(reference().exists(v.rule) for v in problems)
    return problems[0].code


def play(state: AshesState, action: Action) -> tuple[AshesState, list[Event]]:
    assert RULEBOOK.validate(state, action) == []
    new, events = RULEBOOK.apply(state, action, Random(3))
    assert all(reference().exists(e.value("rule")) for e in events)
    return new, events


def on_board(state: AshesState, area: str, active: int = 0, essential: int = 0) -> AshesState:
    """Survivors from the bag onto an area, so the count of 75 still holds."""
    kinds = (ACTIVE,) * active + (ESSENTIAL,) * essential
    spot = state.area(area)
    assert spot is not None
    moved = replace(state, bag=state.bag.take(kinds))
    return moved.with_area(replace(spot, survivors=spot.survivors.put(kinds)))


def at_entrance(state: AshesState, name: str, *kinds: str) -> AshesState:
    return replace(with_board(state, name, entrance=kinds), bag=state.bag.take(kinds))


def stocked(*slots: Slot) -> Materials:
    materials = Materials.empty()
    for slot in slots:
        materials = materials.shifted(slot, 1)
    return materials


# Build


def test_build_pays_the_next_disc_and_takes_the_space() -> None:
    state, events = play(with_board(playing(), "Ann", strength=5), Build("Ann", "C1"))
    ann = state.seat("Ann")
    assert (ann.board.strength, ann.colony.discs_built, ann.shelters) == (3, 1, ("C1",))
    assert [e.kind for e in events] == ["board", "reminder"]
    assert events[1].value("space") == "C1"


def test_disc_costs_run_2_2_4_4() -> None:
    state = with_board(playing(), "Ann", strength=12)
    for space in ("C1", "C2", "C3", "C4"):
        state, _ = play(state, Build("Ann", space))
    ann = state.seat("Ann")
    assert (ann.board.strength, ann.colony.discs_built) == (0, 4)
    assert refused(with_board(state, "Ann", strength=9), Build("Ann")) == "ashes.build.no_disc"


def test_build_without_a_known_space() -> None:
    state, _ = play(with_board(playing(), "Ann", strength=2), Build("Ann"))
    assert (state.seat("Ann").colony.discs_built, state.seat("Ann").shelters) == (1, ())


def test_build_refusals() -> None:
    state = with_board(playing(("Ann", "Bob")), "Ann", strength=4)
    assert refused(with_board(state, "Ann", strength=1), Build("Ann")) == "ashes.pay.strength"
    assert refused(state, Build("Ann", "C9")) == "ashes.build.space"
    bob = replace(state.seat("Bob"), shelters=("C1",))
    assert refused(state.with_seat(bob), Build("Ann", "C1")) == "ashes.build.taken"
    assert refused(state, Build("Bob", "C2")) == "ashes.turn.not_yours"
    assert refused(state, Build("Eve")) == "ashes.player.unknown"


# Rescue


def test_rescue_moves_survivors_from_an_area_next_to_the_shelter() -> None:
    state = on_board(playing(), "S1a", active=2, essential=1)
    state, events = play(state, Rescue("Ann", "S1a", active=1, essential=1))
    area = state.area("S1a")
    assert area is not None
    assert area.survivors.items() == (ACTIVE,)
    assert state.seat("Ann").board.entrance == (ACTIVE, ESSENTIAL)
    assert events[0].value("survivors") == (ACTIVE, ESSENTIAL)
    assert state.survivors() == FULL_BAG


def test_rescue_refusals() -> None:
    state = on_board(on_board(playing(), "S1a", active=2), "S2a", essential=1)
    assert refused(state, Rescue("Ann", "Nowhere", active=1)) == "ashes.rescue.area"
    assert refused(state, Rescue("Ann", "S1a")) == "ashes.rescue.none"
    assert refused(state, Rescue("Ann", "S1a", active=1, essential=-1)) == "ashes.rescue.none"
    assert refused(state, Rescue("Ann", "S1a", active=3)) == "ashes.rescue.missing"
    assert refused(state, Rescue("Ann", "S1a", essential=1)) == "ashes.rescue.missing"
    assert refused(state, Rescue("Ann", "S2a", essential=1)) == "ashes.rescue.not_adjacent"
    crowded = at_entrance(state, "Ann", ACTIVE, ACTIVE, ACTIVE)
    assert refused(crowded, Rescue("Ann", "S1a", active=2)) == "ashes.entrance.full"
    assert refused(with_board(state, "Ann", passed=True), Rescue("Ann", "S1a", active=1)) == "ashes.pass.done"


def test_a_full_entrance_takes_what_fits() -> None:
    state = at_entrance(on_board(playing(), "S1a", active=2), "Ann", ACTIVE, ACTIVE, ACTIVE)
    state, _ = play(state, Rescue("Ann", "S1a", active=1))
    assert len(state.seat("Ann").board.entrance) == 4
    assert state.survivors() == FULL_BAG


def test_a_built_shelter_or_an_areas_only_board_opens_other_areas() -> None:
    state = on_board(playing(), "S2a", essential=1)
    built = state.with_seat(replace(state.seat("Ann"), shelters=("C2",)))
    assert play(built, Rescue("Ann", "S2a", essential=1))[0].survivors() == FULL_BAG
    assert state.board is not None
    areas_only = replace(state, board=replace(state.board, links=()))
    assert play(areas_only, Rescue("Ann", "S2a", essential=1))[0].seat("Ann").board.entrance == (ESSENTIAL,)


# Install


def test_t02a_third_level_ii_install_costs_3_data() -> None:
    state = replace(playing(), installs=(0, 2, 0))
    state = with_board(state, "Ann", data=3, materials=stocked(Slot(2, 1), Slot(2, 3)))
    state, events = play(state, Install("Ann", 2, "light_blue", (1, 3)))
    ann = state.seat("Ann").board
    assert (ann.data, ann.materials.level_count(2), ann.vp) == (0, 0, 26)
    assert state.installs == (0, 3, 0)
    assert state.seat("Ann").phoenix == (0, 1, 0)
    assert (events[0].value("data"), events[0].value("row")) == (3, PhoenixRow.LIGHT_BLUE.value)


def test_t02b_first_level_iii_install_costs_2_data() -> None:
    state = with_board(playing(), "Ann", data=5, materials=stocked(Slot(3, 1), Slot(3, 2)))
    state, _ = play(state, Install("Ann", 3, "pink", (1, 2)))
    ann = state.seat("Ann")
    assert (ann.board.data, ann.board.materials.level_count(3), ann.vp) == (3, 0, 32)
    assert (state.installs, ann.phoenix) == ((0, 0, 1), (0, 0, 1))


@pytest.mark.parametrize(
    ("level", "before", "data", "vp"), [(1, 0, 1, 2), (1, 1, 2, 2), (1, 4, 3, 2), (2, 1, 2, 6), (3, 2, 4, 12)]
)
def test_install_prices(level: int, before: int, data: int, vp: int) -> None:
    installs = tuple(before if at == level else 0 for at in (1, 2, 3))
    slots = (1,) if level == 1 else (1, 2)
    state = replace(playing(), installs=installs)
    state = with_board(state, "Ann", data=4, materials=stocked(*(Slot(level, i) for i in slots)))
    state, _ = play(state, Install("Ann", level, "dark_blue", slots))
    assert (state.seat("Ann").board.data, state.seat("Ann").vp) == (4 - data, 20 + vp)


def test_rival_installs_can_be_left_out_of_the_price() -> None:
    rival = replace(
        new_rival(Difficulty.NORMAL, 5, 3, (), (), 4), installed=((PhoenixRow.PINK, 2), (PhoenixRow.PINK, 1))
    )
    for counted, data in ((True, 3), (False, 2)):
        state = replace(playing(rival_installs_count=counted), rival=rival, installs=(0, 2, 0))
        state = with_board(state, "Ann", data=3, materials=stocked(Slot(2, 1), Slot(2, 2)))
        state, _ = play(state, Install("Ann", 2, "pink", (1, 2)))
        assert state.seat("Ann").board.data == 3 - data


def test_install_refusals() -> None:
    state = with_board(playing(), "Ann", data=3, materials=stocked(Slot(2, 1), Slot(2, 2)))
    assert refused(state, Install("Ann", 4, "pink", (1,))) == "ashes.install.level"
    assert refused(state, Install("Ann", 3, "pink", (1, 2))) == "ashes.install.materials"
    assert (
        refused(with_board(state, "Ann", data=0), Install("Ann", 2, "pink", (1, 2))) == "ashes.install.data"
    )
    assert refused(state, Install("Ann", 2, "pink", (1,))) == "ashes.install.material_count"
    assert refused(state, Install("Ann", 2, "pink", (1, 3))) == "ashes.materials.short"
    assert refused(state, Install("Ann", 2, "pink", (1, 9))) == "ashes.materials.slot"
    every = frozenset((f, c) for f in UpgradeFamily for c in (UpgradeClass.CLASS_I, UpgradeClass.CLASS_II))
    spent = with_board(state, "Ann", upgrades=frozenset(sorted(every, key=str)[:10]))
    assert refused(spent, Install("Ann", 2, "pink", (1, 2))) == "ashes.install.no_upgrade"


# Rest


def test_rest_gives_2_happiness_and_1_fuel() -> None:
    state, _ = play(playing(), Rest("Ann"))
    ann = state.seat("Ann").board
    assert (ann.happiness, ann.fuel, ann.vp) == (5, 1, 20)


def test_rest_past_9_happiness_scores_vp() -> None:
    state, events = play(with_board(playing(), "Ann", happiness=8), Rest("Ann"))
    ann = state.seat("Ann").board
    assert (ann.happiness, ann.fuel, ann.vp) == (9, 1, 21)
    assert [e.kind for e in events] == ["rest", "board"]


def test_main_actions_may_repeat_in_a_turn() -> None:
    state, _ = play(playing(), Rest("Ann"))
    state, _ = play(state, Rest("Ann"))
    assert state.seat("Ann").board.fuel == 2


def test_rest_refusals() -> None:
    assert refused(playing(("Ann", "Bob")), Rest("Bob")) == "ashes.turn.not_yours"
    assert refused(with_board(playing(), "Ann", passed=True), Rest("Ann")) == "ashes.pass.done"


def test_history_lines() -> None:
    state = playing()
    lines = [
        RULEBOOK.describe(state, action)
        for action in (
            Build("Ann", "C2"),
            Build("Ann"),
            Rescue("Ann", "S1a", active=2, essential=1),
            Install("Ann", 3, "dark_blue", (1, 2)),
            Rest("Ann"),
        )
    ]
    assert lines == [
        "Ann built a shelter on C2",
        "Ann built a shelter",
        "Ann rescued 3 survivor(s) from S1a",
        "Ann installed on level 3 of the dark blue row",
        "Ann rested",
    ]


def test_a_main_action_needs_one_earned_and_uses_it_up() -> None:
    state = states.playing()
    assert refused(state, Rest("Ann")) == "ashes.main.none"
    state = with_board(state, "Ann", entrance=(ACTIVE,))
    state, _ = ASHES.apply(state, Activate("Ann", 1), Random(1))
    assert state.seat("Ann").main_actions == 1
    state, _ = play(state, Rest("Ann"))
    assert state.seat("Ann").main_actions == 0
    assert refused(state, Rest("Ann")) == "ashes.main.none"
    state, events = play(state, EarnMainAction("Ann"))
    assert events[0].value("left") == 1
    state, _ = ASHES.apply(state, EndTurn("Ann"), Random(1))
    assert state.seat("Ann").main_actions == 0, "an unused main action does not carry over"
