"""Worked cases T11-T17 of the ASHES spec: the solo rival's turn, pass and actions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL
from trackers.ashes.rival.card import (
    Arrow,
    Build,
    DiscardMissions,
    Install,
    MoveVehicle,
    Ordinal,
    Rescue,
    RivalCard,
    ScoreColumn,
    SectorParameter,
)
from trackers.ashes.rival.play import (
    BoardAnswer,
    RivalState,
    Step,
    follow_up,
    must_pass,
    new_rival,
    pick_case,
    play_card,
    resolve,
    rival_pass,
    start_round,
)
from trackers.ashes.rounds.turn_order import TurnRow, TurnSpot
from trackers.ashes.terms import Difficulty, PhoenixRow, UpgradeClass
from trackers.core.bag import Bag
from trackers.core.deck import Deck, Reshuffle
from trackers.core.errors import IllegalAction

ONE, TWO = UpgradeClass.CLASS_I, UpgradeClass.CLASS_II
LABELS = ("c1", "c2", "c3", "c4")


def rival(
    difficulty: Difficulty = Difficulty.NORMAL, upgrades: tuple[UpgradeClass, ...] = (ONE, ONE, TWO)
) -> RivalState:
    return new_rival(difficulty, 4, 3, LABELS, upgrades, 4)


def card(
    action: Build | Rescue | MoveVehicle | Install,
    label: str = "c1",
    arrow: Arrow | None = None,
    numeric: int = 1,
    ordinal: Ordinal = Ordinal.FROM_BOTTOM,
    sector: SectorParameter = SectorParameter.THIS_ROUND,
    secondary: DiscardMissions | ScoreColumn | None = None,
) -> RivalCard:
    return RivalCard(label, arrow, action, Rescue(), secondary, ordinal, numeric, sector)


def texts(steps: tuple[Step, ...]) -> list[str]:
    return [s.text for s in steps]


def refused(error: pytest.ExceptionInfo[IllegalAction]) -> list[tuple[str, str]]:
    return [(v.code, v.rule) for v in error.value.violations]


def test_t11_passing_at_the_top_then_a_bonus_card() -> None:
    start = replace(rival(), marker=rival().marker.set(4))
    start = replace(start, deck=start.deck.take("c2").discard(["c2"]))
    assert must_pass(start)
    passed = rival_pass(start, 1, taken_in_next_row={1})
    after = passed.rival
    assert after.marker.value == 0 and after.passed and after.bonus_turn_due
    assert sorted(after.deck.draw_pile) == list(LABELS) and after.deck.discard_pile == ()
    assert after.spot == TurnSpot(TurnRow.BOTTOM, 2)
    assert [s.number for s in passed.steps] == [1, 2, 3, 4, 5]
    assert all(s.rule == "ashes/solo/rival-pass" for s in passed.steps)
    bonus = play_card(after, card(Build(1), arrow=Arrow.PINK), 1)
    assert bonus.steps[0].text == "Bonus turn: reveal rival card c1"
    assert bonus.rival.marker.value == 1 and not bonus.rival.bonus_turn_due
    with pytest.raises(IllegalAction) as again:
        play_card(bonus.rival, card(Build(1), label="c2"), 1)
    assert refused(again) == [("ashes.rival.passed", "ashes/solo/rival-pass")]
    assert not start_round(bonus.rival).passed


def test_t12_numeric_wraps_over_the_possible_cases() -> None:
    assert pick_case(2, 3) == 1
    assert pick_case(4, 3) == 3
    assert pick_case(0, 3) is None
    turn = play_card(rival(), card(Build(2), numeric=3), 1)
    assert turn.sector == 1
    assert turn.question == "Sector 1, counting from the bottom: how many free construction spaces?"
    done = resolve(turn, BoardAnswer(cases=2))
    assert "the 1st" in texts(done.steps)[-3]
    assert "1st free construction space from the bottom in sector 1" in texts(done.steps)[-2]
    assert done.rival.columns == (0, 1, 0) and done.rival.shelter_discs_left == 3


def test_t13_rescue_with_no_case_takes_the_direct_score() -> None:
    turn = play_card(rival(), card(Rescue(), sector=SectorParameter.NEXT_SECTOR), 2)
    assert turn.sector == 3
    done = resolve(turn, BoardAnswer(cases=0))
    assert done.rival.vp == 20 + 3
    assert (done.steps[-1].text, done.steps[-1].rule) == (
        "No areas holding survivors in sector 3: direct score +3 VP (20 to 23)",
        "ashes/solo/direct-score",
    )


def test_t14_rescue_returns_survivors_and_scores_one_each() -> None:
    turn = play_card(rival(), card(Rescue(), numeric=2, ordinal=Ordinal.FROM_TOP), 1)
    assert (
        follow_up(turn, 3)
        == "Count to the 2nd area holding survivors from the top: how many active and essential?"
    )
    found = Bag.of({ACTIVE: 1, ESSENTIAL: 2})
    done = resolve(turn, BoardAnswer(cases=3, survivors=found))
    assert done.to_bag == found
    assert done.rival.vp == 23


def test_t15_which_arrows_move_the_marker() -> None:
    advanced = replace(rival(Difficulty.ADVANCED), marker=rival().marker.set(2))
    orange = play_card(advanced, card(Rescue(), arrow=Arrow.ORANGE), 1)
    assert orange.rival.marker.value == 2
    for arrow in (Arrow.PINK, Arrow.BLUE):
        turn = play_card(advanced, card(Rescue(), arrow=arrow), 1)
        assert turn.rival.marker.value == 3
        assert f"Arrow {arrow.value}: marker 2 to 3" in texts(turn.steps)
    expert = replace(rival(Difficulty.EXPERT), marker=rival().marker.set(2))
    assert play_card(expert, card(Rescue(), arrow=Arrow.PINK), 1).rival.marker.value == 2
    normal = replace(rival(), marker=rival().marker.set(2))
    assert play_card(normal, card(Rescue(), arrow=Arrow.ORANGE), 1).rival.marker.value == 3


def test_t16_class_ii_install_claims_the_milestone_when_there_is_room() -> None:
    expert = rival(Difficulty.EXPERT, upgrades=(TWO, ONE, ONE))
    turn = play_card(expert, card(Install(PhoenixRow.PINK)), 2)
    assert turn.sector is None
    assert "Does the pink achievement tile have a free space?" in (follow_up(turn, 2) or "")
    claimed = resolve(turn, BoardAnswer(cases=2, level=2, achievement_has_room=True))
    assert claimed.rival.vp == 20 + 6 + 6
    assert claimed.disc_steps == (PhoenixRow.PINK, PhoenixRow.PINK)
    assert claimed.rival.upgrades_left == (ONE,)
    assert claimed.rival.installed == ((PhoenixRow.PINK, 2),) and claimed.rival.milestones == (
        PhoenixRow.PINK,
    )
    full = resolve(turn, BoardAnswer(cases=2, level=2, achievement_has_room=False))
    assert full.rival.vp == 26 and full.disc_steps == (PhoenixRow.PINK,)
    assert full.rival.upgrades_left == (ONE, ONE) and full.rival.milestones == ()


def test_t17_install_in_a_full_row_takes_the_direct_score() -> None:
    turn = play_card(rival(), card(Install(PhoenixRow.LIGHT_BLUE), sector=SectorParameter.NEXT_SECTOR), 2)
    done = resolve(turn, BoardAnswer(cases=0))
    assert done.rival.vp == 23 and done.rival.installed == () and done.disc_steps == ()
    assert done.steps[-1].rule == "ashes/solo/direct-score"


def test_out_of_pieces_skips_the_count_and_scores_directly() -> None:
    turn = play_card(rival(upgrades=()), card(Install(PhoenixRow.PINK)), 1)
    assert turn.question is None
    assert resolve(turn, BoardAnswer(cases=0)).rival.vp == 23


def test_round_2_row_picks_the_second_action_and_secondary_scores_a_column() -> None:
    in_bottom = replace(rival(), spot=TurnSpot(TurnRow.BOTTOM, 1), columns=(0, 2, 0))
    turn = play_card(in_bottom, card(Build(1), secondary=ScoreColumn(2)), 2)
    assert isinstance(turn.action, Rescue)
    done = resolve(turn, BoardAnswer(cases=0))
    assert done.rival.vp == 20 + 3 + 6
    assert done.steps[-1].rule == "ashes/solo/rival-secondary"


def test_move_flips_the_tile_and_steps_are_numbered() -> None:
    turn = play_card(rival(), card(MoveVehicle(), secondary=DiscardMissions()), 3)
    done = resolve(turn, BoardAnswer(cases=1))
    assert [s.number for s in done.steps] == list(range(1, len(done.steps) + 1))
    assert "face down" in texts(done.steps)[-2]


def test_rival_refusals() -> None:
    with pytest.raises(IllegalAction) as not_top:
        rival_pass(rival(), 1, set())
    assert refused(not_top) == [("ashes.rival.not_at_top", "ashes/solo/rival-pass")]
    at_top = replace(rival(), marker=rival().marker.set(4))
    with pytest.raises(IllegalAction) as must:
        play_card(at_top, card(Rescue()), 1)
    assert refused(must) == [("ashes.rival.must_pass", "ashes/solo/rival-turn")]
    played = play_card(rival(), card(Rescue()), 1).rival
    with pytest.raises(IllegalAction) as twice:
        play_card(played, card(Rescue()), 1)
    assert refused(twice) == [("ashes.rival.card_not_in_pile", "ashes/solo/rival-turn")]
    with pytest.raises(IllegalAction) as stranger:
        play_card(rival(), card(Rescue(), label="Z"), 1)
    assert refused(stranger) == [("ashes.rival.card_not_in_pile", "ashes/solo/rival-turn")]
    rescue = play_card(rival(), card(Rescue()), 1)
    with pytest.raises(IllegalAction) as empty:
        resolve(rescue, BoardAnswer(cases=2))
    assert refused(empty) == [("ashes.rival.rescue_empty", "ashes/solo/rival-actions")]
    install = play_card(rival(), card(Install(PhoenixRow.DARK_BLUE)), 1)
    with pytest.raises(IllegalAction) as level:
        resolve(install, BoardAnswer(cases=1))
    assert refused(level) == [("ashes.rival.level", "ashes/solo/rival-actions")]


def test_an_empty_pile_gathers_the_discards_before_revealing() -> None:
    state = rival()
    for label in LABELS:
        state = play_card(state, card(Rescue(), label=label), 1).rival
    turn = play_card(state, card(Rescue(), label="c3"), 1)
    assert turn.steps[0].text.startswith("The rival pile is empty")
    assert turn.rival.deck.size == 3


def test_without_a_catalogue_any_entered_card_plays_and_the_deck_stays_empty() -> None:
    state = new_rival(Difficulty.NORMAL, 4, 3, (), (ONE,), 4)
    for label in ("anything", "anything", "else"):
        turn = play_card(state, card(Rescue(), label=label), 1)
        assert turn.steps[0].text == f"Reveal rival card {label}"
        state = turn.rival
    assert state.deck == Deck((), (), Reshuffle.WHEN_EMPTY)
    at_top = replace(state, marker=state.marker.set(4))
    assert "Shuffle all the rival action cards into one pile" in texts(rival_pass(at_top, 1, ()).steps)
