"""Shelter cards and pods, shelter discs, closing cards, and recovery and income at the pass."""

from __future__ import annotations

from dataclasses import replace

from rules_ref import reference
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL, FULL_BAG
from trackers.ashes.colony.materials import Materials, Slot
from trackers.ashes.colony.player_board import PlayerBoard, Reward
from trackers.ashes.colony.scoring import ColonyArea, colony_score
from trackers.ashes.colony.shelters import (
    Colony,
    Pod,
    ShelterCard,
    apply_add_card,
    apply_build,
    apply_close,
    apply_decontaminate,
    apply_income,
    apply_recover,
    check_build,
    check_close,
    check_decontaminate,
    check_recover,
    next_disc_cost,
    scoring_view,
)
from trackers.ashes.colony.upgrades import UpgradeFamily
from trackers.ashes.terms import UpgradeClass
from trackers.core.bag import Bag
from trackers.core.errors import Violation

BOARD = PlayerBoard(Materials.empty(), production_tops=(4, 4, 4))
HAPPY = Reward(happiness=1)
OUT = FULL_BAG.take([ACTIVE] * 10 + [ESSENTIAL] * 5)


def refused(problems: list[Violation]) -> list[tuple[str, str]]:
    assert all(reference().exists(v.rule) for v in problems)
    return [(v.code, v.rule) for v in problems]


def card(name: str, *survivors: str | None) -> ShelterCard:
    return ShelterCard(name, tuple(Pod(level, HAPPY, survivor=s) for level, s in enumerate(survivors)))


def test_a_fourth_card_replaces_the_top_one() -> None:
    colony = Colony((card("start", None),))
    for name in ("b", "c"):
        colony = apply_add_card(BOARD, colony, OUT, card(name, None)).colony
    top = card("c", ACTIVE, ESSENTIAL)
    colony = replace(colony, cards=(*colony.cards[:2], top))
    done = apply_add_card(BOARD, colony, OUT, card("d", None))
    assert [c.name for c in done.colony.cards] == ["start", "b", "d"]
    assert done.returned == top
    assert done.bag == OUT.put([ACTIVE, ESSENTIAL])
    assert (done.board.happiness, done.board.vp) == (1, 20)


def test_shelter_discs_cost_2_2_4_4() -> None:
    board, colony = BOARD.apply_reward(Reward(strength=12)).board, Colony(())
    costs = []
    while not check_build(board, colony):
        costs.append(next_disc_cost(colony))
        out = apply_build(board, colony, OUT)
        board, colony = out.board, out.colony
    assert (costs, board.strength) == ([2, 2, 4, 4], 0)
    assert refused(check_build(board, colony)) == [("ashes.build.no_disc", "ashes/actions/build")]
    six = replace(colony, disc_costs=(2, 2, 3, 3, 4, 4))
    assert refused(check_build(board, six)) == [("ashes.pay.strength", "ashes/costs")]


def test_decontaminate_fills_an_empty_pod_and_pays_its_bonus() -> None:
    board = BOARD.apply_enter((ESSENTIAL, ACTIVE)).board
    colony = Colony((card("start", None, ACTIVE),))
    assert check_decontaminate(board, colony, ESSENTIAL, 1, 1) == []
    done = apply_decontaminate(board, colony, OUT, ESSENTIAL, 1, 1)
    assert done.colony.cards[0].pods[0].survivor == ESSENTIAL
    assert (done.board.entrance, done.board.happiness) == ((ACTIVE,), 4)


def test_decontaminate_refusals() -> None:
    board = BOARD.apply_enter((ACTIVE,)).board
    colony = Colony((card("start", None, ACTIVE),))
    rule = "ashes/actions/decontaminate"
    assert refused(check_decontaminate(board, colony, ACTIVE, 1, 2)) == [
        ("ashes.decontaminate.occupied", rule)
    ]
    assert refused(check_decontaminate(board, colony, ACTIVE, 2, 1)) == [("ashes.decontaminate.no_pod", rule)]
    assert refused(check_decontaminate(board, colony, ESSENTIAL, 1, 1)) == [
        ("ashes.entrance.missing", "ashes/colony")
    ]
    gone = board.apply_pass().board
    assert refused(check_decontaminate(gone, colony, ACTIVE, 1, 1)) == [
        ("ashes.pass.done", "ashes/protocols/pass")
    ]


def test_a_full_bonus_cube_is_declined() -> None:
    board = BOARD.apply_enter((ACTIVE,)).board.apply_reward(Reward(materials=(Slot(1, 1),))).board
    colony = Colony((ShelterCard("s", (Pod(2, Reward(fuel=1, materials=(Slot(1, 1),))),)),))
    done = apply_decontaminate(board, colony, OUT, ACTIVE, 1, 1)
    assert (done.board.fuel, done.board.materials.count(Slot(1, 1))) == (1, 1)
    assert done.events == ("No room in your level I slot 1: that cube is declined.",)


def test_closing_a_full_card() -> None:
    colony = Colony((card("start", ACTIVE, ESSENTIAL), card("b", None)))
    assert check_close(BOARD, colony, 1, 2) == []
    done = apply_close(BOARD, colony, OUT, 1, 2)
    assert ([c.name for c in done.colony.cards], done.colony.columns) == (["b"], (0, 1, 0))
    assert done.bag == OUT.put([ACTIVE, ESSENTIAL])


def test_close_refusals() -> None:
    colony = Colony((card("start", ACTIVE), card("b", None)), columns=(2, 0, 0))
    rule = "ashes/actions/close-shelters"
    assert refused(check_close(BOARD, colony, 2, 2)) == [("ashes.close.not_full", rule)]
    assert refused(check_close(BOARD, colony, 3, 2)) == [("ashes.close.no_card", rule)]
    assert refused(check_close(BOARD, colony, 1, 4)) == [("ashes.close.no_column", rule)]
    assert refused(check_close(BOARD, colony, 1, 1)) == [("ashes.close.column_full", rule)]
    stacked = BOARD.apply_take_upgrade(UpgradeFamily.STACKING, UpgradeClass.CLASS_I).board
    stacked = stacked.apply_take_upgrade(UpgradeFamily.STACKING, UpgradeClass.CLASS_II).board
    assert check_close(stacked, colony, 1, 1) == []
    assert check_close(BOARD, replace(colony, columns=(2, 0, 0, 0)), 1, 4) == []
    assert refused(check_close(BOARD.apply_pass().board, colony, 1, 2)) == [
        ("ashes.pass.done", "ashes/protocols/pass")
    ]


def zones(*survivors: str | None) -> PlayerBoard:
    return replace(BOARD, zones=survivors)


def test_recovery_pays_antirad_or_loses_happiness() -> None:
    board = zones(ACTIVE, ACTIVE, None, ACTIVE).apply_reward(Reward(antirad=2)).board
    assert check_recover(board, {1, 4}, ()) == []
    done = apply_recover(board, Colony(()), OUT, {1, 4}, ())
    assert (done.board.entrance, done.board.antirad, done.board.happiness) == ((ACTIVE, ACTIVE), 0, 2)
    assert (done.board.zones, done.bag) == ((None,) * 4, OUT.put([ACTIVE]))


def test_recovery_into_a_full_entrance_discards_at_1_happiness_each() -> None:
    board = zones(ACTIVE, None, None, None).apply_reward(Reward(antirad=1)).board
    board = board.apply_enter((ESSENTIAL, ESSENTIAL, ACTIVE, ACTIVE)).board
    assert refused(check_recover(board, {1}, ())) == [("ashes.entrance.full", "ashes/colony")]
    assert check_recover(board, {1}, (ESSENTIAL,)) == []
    done = apply_recover(board, Colony(()), OUT, {1}, (ESSENTIAL,))
    assert (sorted(done.board.entrance), done.board.happiness) == ([ACTIVE] * 3 + [ESSENTIAL], 2)
    assert done.bag == OUT.put([ESSENTIAL])


def test_recovery_refusals() -> None:
    board = zones(ACTIVE, None, None, None)
    rule = "ashes/protocols/pass"
    paid = board.apply_reward(Reward(antirad=1)).board
    assert refused(check_recover(paid, {2}, ())) == [("ashes.recover.empty_zone", rule)]
    assert refused(check_recover(board, {1}, ())) == [("ashes.pay.antirad", "ashes/costs")]
    assert refused(check_recover(board.apply_enter((ACTIVE,)).board, (), (ACTIVE,))) == [
        ("ashes.recover.needless_discard", rule)
    ]


def test_income_takes_an_active_survivor_then_pods_bottom_up() -> None:
    """The rulebook's example: the first pod lifts happiness, which unlocks a higher pod's cube."""
    low = Pod(3, HAPPY, income=Reward(happiness=2), survivor=ESSENTIAL)
    high = Pod(5, HAPPY, income=Reward(materials=(Slot(2, 3),)), survivor=ACTIVE)
    skipped = (
        Pod(0, HAPPY, income=Reward(fuel=5)),
        Pod(0, HAPPY, survivor=ACTIVE),
        Pod(8, HAPPY, income=Reward(fuel=5), survivor=ACTIVE),
    )
    colony = Colony((ShelterCard("top", (high, *skipped)), ShelterCard("bottom", (low,))))
    done = apply_income(BOARD, colony, OUT)
    assert (done.board.entrance, done.bag) == ((ACTIVE,), OUT.take([ACTIVE]))
    assert (done.board.happiness, done.board.materials.count(Slot(2, 3)), done.board.fuel) == (5, 1, 0)
    assert done.events == (
        "An active survivor joined your entrance.",
        "Income from bottom, level 3.",
        "Income from top, level 5.",
    )


def test_income_without_an_active_survivor_or_room() -> None:
    empty = apply_income(BOARD, Colony(()), Bag.of({ESSENTIAL: 3}))
    assert (empty.board.entrance, empty.events) == ((), ("No active survivor is left in the bag.",))
    full = BOARD.apply_enter((ESSENTIAL,) * 4).board
    assert apply_income(full, Colony(()), OUT).bag == OUT


def test_t10_colony_scoring_reads_the_board() -> None:
    cubes = (Slot(2, 1), Slot(2, 2), Slot(3, 1))
    board = BOARD.apply_reward(Reward(materials=cubes)).board.apply_enter((ACTIVE, ACTIVE, ESSENTIAL)).board
    view = scoring_view(board, Colony((), columns=(2, 1, 0)), vp_per_active=1)
    assert (view.level_ii_materials, view.level_iii_materials, view.active_at_entrance) == (2, 1, 2)
    assert (view.storage, view.scoring_areas) == (UpgradeClass.INITIAL, 2)
    assert colony_score(view, (ColonyArea.COLUMN_1, ColonyArea.MATERIALS)) == 8
    assert scoring_view(board, Colony((), columns=(0, 0, 0, 0)), 1).scoring_areas == 3
