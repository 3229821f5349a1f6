"""What play-testing found wrong in the ASHES engine, one test per finding: the rival's vehicle move, the
rival's shelter discs on the board, rescues next to a player's shelters, limited actions inside an
activation, the achievement tiles, names for unlabelled rival cards, construction spaces that say which
areas they touch, walls entered in either order, and games saved before these fixes still replaying as they
were.

New names are reached through their module (`a.LayAchievementTiles`, `q.unlabelled_name`) so that, on code
without them, each test fails on its own finding rather than the whole file failing to import.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import trackers  # noqa: F401  (registers the games and pack kinds)
from tests.ashes.entries import apply, codes, play, rescue_card
from tests.ashes.states import BOARD, LAYOUT, TOPS, new, playing, with_board
from trackers.ashes import actions as a
from trackers.ashes import queries as q
from trackers.ashes.board import layout
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL
from trackers.ashes.game import ASHES
from trackers.ashes.rival.card import Arrow, Ordinal, Rescue, RivalCard, SectorParameter
from trackers.ashes.rival.play import follow_up, play_card
from trackers.ashes.rounds.turn_order import take_turn
from trackers.ashes.rules.rival_turns import card_of
from trackers.ashes.state import AshesState
from trackers.core.actions import ActionCodec
from trackers.core.bag import Bag
from trackers.core.game import make_setup
from trackers.core.packs import Pack, parse_pack
from trackers.core.session import Session
from trackers.services.gamefile import load_document
from trackers.unsettled import actions as ua
from trackers.unsettled.board import example_map, map_from_json, map_problems
from trackers.unsettled.game import UNSETTLED

A, E = ACTIVE, ESSENTIAL
UPGRADES: tuple[Any, ...] = ("I", "II") * 5
EMERGED = (("S1a", (A, E)), ("S2a", (A, A)))
SAVED = Path(__file__).parent / "saved"
MOVE = {"rounds_1_and_3": "move_vehicle", "arrow": None}
CODEC = ActionCodec(ASHES.actions)


def use_board(edition: int = 2, board: str = LAYOUT) -> a.UseBoard:
    """The board entry a new game makes (edition 2 of Lantern's readings), or an older game's (1)."""
    return a.UseBoard(board, TOPS) if edition == 2 else a.LegacyUseBoard(board, TOPS)


def rivals_turn(edition: int = 2, board: str = LAYOUT) -> AshesState:
    """Round 1 of a solo game, S1a holding 1 active and 1 essential, S2a 2 active: Ann has played."""
    state = play(new(), use_board(edition, board), a.SetRival(2, 3, 6, UPGRADES), a.Emerge(EMERGED))
    return replace(state, rounds=take_turn(state.rounds, "Ann"))


# The rival moves its vehicle (13.8.4)


def test_a_rival_move_asks_which_area_it_reaches_and_moves_the_vehicle_there() -> None:
    """13.8.4: the card's numbers pick one of the sector's areas whose tile still shows its main side, and the
    rival's vehicle goes there. So once the cases are counted Lantern must ask which area that is, as it
    does for a rescue, or the turn cannot be entered at all."""
    state = play(new(), a.UseBoard(LAYOUT, TOPS), a.SetRival(2, 3, 6, UPGRADES), a.Emerge(EMERGED))
    state = replace(state, rounds=take_turn(state.rounds, "Ann"))
    assert state.rival is not None
    turn = play_card(state.rival, card_of(rescue_card("m1", 2, **MOVE)), 1)
    question = follow_up(turn, 2)
    assert (
        question == "Count to the 1st area whose tile shows its main side from the bottom: which area is it?"
    )
    assert follow_up(turn, 0) is None, "no case: the rival takes its direct score, nothing to ask"
    moved, _ = apply(state, rescue_card("m1", 2, area="S1b", **MOVE))
    assert moved.rival_vehicle == "S1b"
    assert moved.rival is not None and moved.rival.vp == state.rival.vp, "a move scores nothing"


# The rival's shelter discs take construction spaces (9.1, 13.8.1)


def build_card(label: str, cases: int, **fields: Any) -> a.RivalTurn:
    return rescue_card(label, cases, rounds_1_and_3="build:1", **fields)


def test_a_rival_shelter_disc_takes_its_construction_space_so_nobody_builds_there() -> None:
    """9.1 and 13.8.1: the rival places its shelter disc as any player does, and no shelter is built on a
    space that already holds a disc. Lantern records where the rival built, so a player is refused there."""
    state = rivals_turn()
    assert codes(state, build_card("b1", 1)) == ["ashes.rival.space"], "the board lists sector 1's spaces"
    assert codes(state, build_card("b1", 1, space="C2")) == ["ashes.rival.space_sector"]
    assert codes(state, build_card("b1", 1, space="Nowhere")) == ["ashes.rival.space"]
    state, events = apply(state, build_card("b1", 1, space="C1"))
    assert state.rival_shelters == ("C1",)
    assert "The rival's shelter disc stands on C1: nobody else may build there" in [e.text for e in events]
    ann = replace(state.seat("Ann"), main_actions=1)
    state = with_board(state.with_seat(ann), "Ann", strength=4)
    assert codes(state, a.Build("Ann", "C1")) == ["ashes.build.taken"]
    assert codes(state, a.Build("Ann", "C2")) == []


def test_a_game_begun_before_the_fix_still_takes_a_rival_build_without_its_space() -> None:
    """Compatibility: a game saved before the fixes (edition 1) entered rival builds without a space; they
    are still accepted, so its log replays."""
    assert codes(rivals_turn(edition=1), build_card("b1", 1)) == []


# Rescues next to one of your shelters (9.2)


def board_with_spaces(**changes: Any) -> layout.AshesBoard:
    spaces = (
        layout.ConstructionSpace("C1", 1, areas=("S1b",)),
        layout.ConstructionSpace("C2", 2),
        layout.ConstructionSpace("C3", 3, areas=("S3a", "S3b")),
    )
    return replace(BOARD, construction_spaces=spaces, **changes)


def rescuing(shelters: tuple[str, ...], built: int, board: layout.AshesBoard) -> AshesState:
    """Ann with a main action, `built` shelter discs (on `shelters`, when named) and survivors in S2b, S3a."""
    state = replace(playing(), board=board)
    seat = state.seat("Ann")
    seat = replace(seat, shelters=shelters, main_actions=1, colony=replace(seat.colony, discs_built=built))
    state = state.with_seat(seat)
    for name in ("S2b", "S3a"):
        area = state.area(name)
        assert area is not None
        state = state.with_area(replace(area, survivors=Bag.of({A: 2})))
    return replace(state, bag=state.bag.take([A] * 4))


def test_a_rescue_must_come_from_an_area_next_to_one_of_your_shelters_once_one_is_built() -> None:
    """9.2: the survivors come from an area beside one of your shelters, the starting one included. With a
    shelter built on a space whose areas the board lists, an area beside none of them is refused."""
    state = rescuing(("C3",), 1, board_with_spaces())
    assert codes(state, a.Rescue("Ann", "S3a", 1)) == []
    assert codes(state, a.Rescue("Ann", "S2b", 1)) == ["ashes.rescue.not_adjacent"]
    assert q.rescue_reach(state, "Ann").near == {"S1a", "S3a", "S3b"}


def test_a_rescue_lantern_cannot_check_is_accepted_with_a_note_in_the_history() -> None:
    """9.2 again, where the board does not say what a shelter touches (its space was entered without its
    areas, or the build named no space): Lantern cannot judge, so it accepts the rescue and says so."""
    for shelters, built in ((("C2",), 1), ((), 1)):
        state = rescuing(shelters, built, board_with_spaces())
        assert codes(state, a.Rescue("Ann", "S2b", 1)) == []
        assert q.rescue_reach(state, "Ann").unknown == 1
        line = ASHES.describe(state, a.Rescue("Ann", "S2b", 1))
        assert line.endswith("(not checked: the board does not say which areas touch all your shelters)")
    checked = rescuing(("C3",), 1, board_with_spaces())
    assert ASHES.describe(checked, a.Rescue("Ann", "S3a", 1)) == "Ann rescued 1 survivor(s) from S3a"
    areas_only = rescuing((), 0, board_with_spaces(links=(), red_lines=()))
    assert codes(areas_only, a.Rescue("Ann", "S2b", 1)) == []
    assert "not checked" in ASHES.describe(areas_only, a.Rescue("Ann", "S2b", 1))


# Limited actions never during a protocol (10.2)


def activated(edition: int = 2) -> AshesState:
    """Ann has activated a survivor in zone 1 and not taken its main action yet; her vehicle is in the
    starting shelter, she has 4 strength and 1 data."""
    state = with_board(replace(playing(), edition=edition), "Ann", entrance=(A,), strength=4, data=1)
    return play(replace(state, bag=state.bag.take([A])), a.Activate("Ann", 1))


def test_a_limited_action_waits_until_the_activation_has_its_main_action() -> None:
    """10.2 with 8.3: a limited action comes before or after a protocol, never inside one, and activating a
    survivor ends with its main action (8.3.3). Between the activation and that main action a scout is
    refused; once the main action is taken, or forgone as any action may be (5.8), it is accepted."""
    state = activated()
    assert codes(state, a.Scout("Ann", "S1a")) == ["ashes.limited.during_protocol"]
    assert codes(state, a.CompleteMission("Ann")) == ["ashes.limited.during_protocol"]
    assert codes(state, a.CycleShelters("Ann")) == [], "an immediate action may come between the steps"
    rested = play(state, a.Rest("Ann"))
    assert codes(rested, a.Scout("Ann", "S1a")) == []
    skipped = play(state, a.SkipMainAction("Ann"))
    assert codes(skipped, a.Scout("Ann", "S1a")) == [], "5.8: a main action may be forgone"
    assert skipped.seat("Ann").main_actions == 0


def test_a_game_begun_before_the_fix_keeps_its_limited_actions_inside_an_activation() -> None:
    """Compatibility: a game saved before the fixes (edition 1) may hold a scout between an activation and
    its main action; it is still accepted, so its log replays."""
    assert codes(activated(edition=1), a.Scout("Ann", "S1a")) == []


# The achievement tiles (3.1)


def three() -> AshesState:
    return play(new(("Ann", "Bob", "Cy")), use_board())


def test_three_players_turn_two_achievement_tiles_to_two_spaces_at_random() -> None:
    """3.1: with 3 players two of the three achievement tiles show 2 spaces, which two being random. The
    app turns them with the game's seeded draw and records the outcome, or takes what the table laid; the
    survivors do not emerge before they are laid."""
    state = three()
    assert codes(state, a.Emerge()) == ["ashes.setup.achievement_tiles_due"]
    assert ASHES.summary(state).next_step == "Lay the achievement tiles: two of the three show 2 spaces."
    seen = set()
    for seed in range(12):
        laid, events = apply(state, a.LayAchievementTiles(), seed=seed)
        assert laid.achievement_spaces is not None and sorted(laid.achievement_spaces) == [1, 2, 2]
        assert laid.claim_room == laid.achievement_spaces
        assert events[0].value("spaces") == laid.achievement_spaces
        seen.add(laid.achievement_spaces)
    assert len(seen) == 3, "each tile can be the one with a single space"
    table, _ = apply(state, a.LayAchievementTiles((1, 2, 2)))
    assert table.claim_room == (1, 2, 2)
    assert codes(table, a.Emerge()) == []
    assert codes(state, a.LayAchievementTiles((2, 2, 2))) == ["ashes.setup.achievement_tiles"]
    assert codes(state, a.LayAchievementTiles((1, 3, 2))) == ["ashes.setup.achievement_tiles"]


def test_the_random_tiles_replay_from_the_log() -> None:
    """Randomness is data: the tiles the app turned are in the entry's events, and replay reproduces them."""
    session = Session(ASHES, make_setup(ASHES, ("Ann", "Bob", "Cy"), {}), 4)
    session.play(use_board())
    session.play(a.LayAchievementTiles())
    replayed = Session.replay(
        ASHES,
        session.setup,
        session.seed,
        [e.action for e in session.entries],
        recorded=[e.events for e in session.entries],
    )
    assert replayed.state.achievement_spaces == session.state.achievement_spaces


def test_other_player_counts_and_older_games_keep_the_usual_tiles() -> None:
    """3.1: 2 players (and solo, set up as 2) have every tile on 1 space, 4 players every tile on 2; there is
    nothing to draw. A 3-player game saved before the fix keeps 2, 2, 1."""
    solo = play(new(), use_board())
    assert solo.claim_room == (1, 1, 1)
    assert codes(solo, a.LayAchievementTiles((2, 1, 1))) == ["ashes.setup.achievement_tiles"]
    assert apply(solo, a.LayAchievementTiles())[0].achievement_spaces == (1, 1, 1)
    assert play(new(("A", "B", "C", "D")), use_board()).claim_room == (2, 2, 2)
    older = play(new(("Ann", "Bob", "Cy")), use_board(edition=1))
    assert older.claim_room == (2, 2, 1) and codes(older, a.Emerge()) == []


# Names for rival cards entered without a label


def a_card(numeric: int, label: str = "?") -> RivalCard:
    return RivalCard(
        label, Arrow.ORANGE, Rescue(), Rescue(), None, Ordinal.FROM_TOP, numeric, SectorParameter.THIS_ROUND
    )


def test_unlabelled_rival_cards_get_names_of_their_own_that_stay_with_them() -> None:
    """Two different cards never share a name in the history, and a card entered again keeps its name."""
    known: list[RivalCard] = [a_card(1, "Card 1")]
    second = q.unlabelled_name(a_card(2), known)
    assert second == "Card 2"
    known.append(replace(a_card(2), label=second))
    assert q.unlabelled_name(a_card(1), known) == "Card 1"
    assert q.unlabelled_name(a_card(2), known) == "Card 2"
    assert q.unlabelled_name(a_card(3), known) == "Card 3"
    assert q.unlabelled_name(a_card(3), [a_card(5, "Card 1"), a_card(6, "Card 3")]) == "Card 2"


# Construction spaces that say which areas they touch (the ashes.board pack)


def test_a_board_pack_may_say_which_areas_each_construction_space_touches() -> None:
    """The pack format gains an optional list of areas per construction space; a pack without it still
    loads and writes back as it was."""
    data = json.loads(LAYOUT)
    assert layout.board_from_json(data).to_json() == data, "an older pack reads back unchanged"
    data["construction_spaces"][0]["areas"] = ["S1a", "S1b"]
    board = layout.board_from_json(data)
    assert board.touching("C1") == ("S1a", "S1b") and board.touching("C2") == ()
    assert layout.board_from_json(board.to_json()) == board
    for bad, reason in (
        (["Nowhere"], "construction space 'C1' touches 'Nowhere', which is not an area"),
        (["S1a", "S1a"], "construction space 'C1' lists 'S1a' twice"),
        ("S1a", "construction space 1's 'areas' must be a list of at most 64 area ids"),
    ):
        data["construction_spaces"][0]["areas"] = bad
        assert layout.board_problems(data) == [reason]


# Walls and links entered in either order


def test_a_wall_or_a_red_line_reads_the_same_whichever_card_or_area_comes_first() -> None:
    """Unsettled's map pack and ASHES's board pack: a pair is the same pair in either order."""
    scarab = example_map().to_json()
    scarab["barriers"] = [["Laboratory", "Engine Control"]]
    assert map_problems(scarab) == []
    pack = parse_pack(json.dumps(Pack("unsettled.map", "Mine", 1, scarab).to_json()), "unsettled.map")
    loaded = map_from_json(pack.data)
    session = Session(UNSETTLED, make_setup(UNSETTLED, ("Ann",), {}), 1)
    assert session.dispatch(ua.LoadMap("Mine", loaded.cells, (("Laboratory", "Engine Control"),))).ok
    assert session.state.graph.has_barrier("Engine Control", "Laboratory")
    board = json.loads(LAYOUT)
    board["links"] = [list(reversed(pair)) for pair in board["links"]]
    board["red_lines"] = [list(reversed(pair)) for pair in board["red_lines"]]
    assert layout.board_from_json(board) == layout.board_from_json(json.loads(LAYOUT))


# Games saved before these fixes


def saved_games() -> list[str]:
    return sorted(p.name.removesuffix(".lantern.json.gz") for p in SAVED.glob("*.lantern.json.gz"))


@pytest.mark.parametrize("name", saved_games())
def test_a_game_file_written_before_the_fixes_replays_as_it_was_saved(name: str) -> None:
    """Files written by the main of 1 December 2026 (commit 9b3caac) from `tests/ashes/play.py`'s random
    table and one hand-made turn: every entry is accepted again, gives the events it recorded, and the game
    ends where it ended."""
    text = gzip.decompress((SAVED / f"{name}.lantern.json.gz").read_bytes()).decode("utf-8")
    session = load_document(text).session
    expected = json.loads((SAVED / "summaries.json").read_text(encoding="utf-8"))[name]
    assert ASHES.summary(session.state).to_json() == expected
    assert session.state.edition == 1


def test_the_same_turn_in_a_new_game_is_refused() -> None:
    """The hand-made file's turn scouts between an activation and its main action: accepted in the game it
    was saved from, refused in a game begun today (10.2)."""
    text = gzip.decompress((SAVED / "activation-scout-main.lantern.json.gz").read_bytes()).decode("utf-8")
    doc = json.loads(text)
    actions = [CODEC.decode(raw) for raw in doc["actions"]]
    session = Session(ASHES, make_setup(ASHES, ("Ann",), {}), doc["seed"])
    for action in actions:
        if isinstance(action, a.UseBoard):
            action = a.UseBoard(action.layout, action.production_tops, action.turn_rewards)
        result = session.dispatch(action)
        if isinstance(action, a.Scout):
            assert [v.code for v in result.violations] == ["ashes.limited.during_protocol"]
            return
        assert result.ok, result.violations
    raise AssertionError("the file holds no scout")


def test_entries_written_without_the_new_fields_read_as_before() -> None:
    """A new field has a default that keeps an older entry's meaning (a rival turn naming no space), and a
    board entered under the old type name reads as the legacy entry, so the game keeps edition 1."""
    raw = rescue_card("c", 1).to_json()
    raw.pop("space")
    assert CODEC.decode(raw) == rescue_card("c", 1)
    old = {**a.UseBoard(LAYOUT, TOPS).to_json(), "type": "ashes.use_board"}
    assert CODEC.decode(old) == a.LegacyUseBoard(LAYOUT, TOPS)
    assert play(new(), a.LegacyUseBoard(LAYOUT, TOPS)).edition == 1
    assert play(new(), a.UseBoard(LAYOUT, TOPS)).edition == 2
