"""The card catalogue (issue #32): a card or scout tile read once fills the entry the table would type, what
the card says the rules depend on is checked against the player's table, and a game played from the
catalogue replays without it.

The rulebook prints no cards: every card and tile here is made-up test data, named so.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from tests.blackout_hk import play
from tests.blackout_hk.test_blackout_hk_spec import (
    applied,
    buying,
    deploying,
    edit,
    objectives,
    refusal,
    scouting,
)
from trackers.blackout_hk import actions as bk
from trackers.blackout_hk.catalogue import (
    CardEntry,
    Goal,
    TileEntry,
    buy_from,
    card_from_json,
    card_to_json,
    cards_in,
    catalogue,
    goal_from,
    procure_from,
    scout_from,
    tiles_in,
)
from trackers.blackout_hk.game import BLACKOUT_HK as GAME
from trackers.blackout_hk.state import BlackoutState
from trackers.core.catalogue import card_named, newest_first, removed, saved
from trackers.core.errors import TableError
from trackers.core.packs import PackError, dumps, parse_pack
from trackers.services.gamefile import dumps as game_dumps
from trackers.services.gamefile import export_document, load_document

S = BlackoutState
VOLUNTEER = CardEntry(
    "Test volunteer (made up)",
    (Goal(pay=("food", "water"), hkd=-1, points=2, gain=("books",), slot_colours=("red", "blue")),),
    colour="red",
    cubes=2,
)
PLAN = CardEntry(
    "Test plan (made up)",
    (Goal(pay=("tools",), points=3), Goal(gps=1, place=1), Goal(transport=2, batteries=1)),
    perk="search",
    icons=1,
)
TILE = TileEntry(
    "Test tile (made up)",
    simple=3,
    advanced=7,
    reward="points",
    simple_amount=2,
    advanced_amount=5,
    back_icons=1,
)
NAME = "Test catalogue (made up)"


def holding(state: S, *cubes: str) -> S:
    """Ada holds these cubes on her rondel, taken from her supply."""
    p = state.player("Ada")
    for cube in cubes:
        p = p.with_rondel(cube, 1)
    return edit(state, "Ada", rondel=p.rondel, battery=p.battery, supply=p.supply - len(cubes))


def test_a_catalogued_card_fills_the_entries_the_table_would_type() -> None:
    assert buy_from(VOLUNTEER, 2) == bk.Buy(2, "Test volunteer (made up)", goals=1, colour="red")
    assert buy_from(PLAN, 1) == bk.Buy(1, "Test plan (made up)", goals=3, colour="")
    assert procure_from(VOLUNTEER, "red-1", "food") == bk.Procure("red-1", 2, "food")
    typed = bk.CompleteGoal(
        card="c1",
        goal=1,
        colour="red",
        pay=("food", "water"),
        hkd=-1,
        points=2,
        gain=("books",),
        slot_colours=("red", "blue"),
    )
    assert goal_from(VOLUNTEER, "c1") == typed
    to_marks = bk.CompleteGoal(card="c9", goal=2, to="checkmarks", perk="search", icons=1, gps=1, place=1)
    assert goal_from(PLAN, "c9", 2, to="checkmarks") == to_marks
    kept = bk.CompleteGoal(card="c9", goal=1, finish=False, pay=("tools",), points=3)
    assert goal_from(PLAN, "c9", 1, finish=False) == kept
    team = ("yellow-2", "red-2")
    assert scout_from(TILE, 5, "simple", team, 3) == bk.Scout(5, "simple", 3, team, 3, "points", 2, 0, 1)
    assert scout_from(TILE, 5, "advanced", team, 7, gps=1) == bk.Scout(
        5, "advanced", 7, team, 7, "points", 5, 1, 1
    )
    assert scout_from(TILE, 5, "probe", team, 4, simples=(3, 5)) == bk.Scout(
        5, "probe", 4, team, 4, "points", 0, 0, 1, simples=(3, 5)
    )


def test_a_goal_or_challenge_the_card_does_not_have_is_not_filled() -> None:
    for goal in (0, 4):
        with pytest.raises(
            TableError, match=f"Test plan \\(made up\\) has 3 goal\\(s\\): there is no goal {goal}"
        ):
            goal_from(PLAN, "c9", goal)
    with pytest.raises(TableError, match="not 'expert'"):
        scout_from(TILE, 5, "expert", ("yellow-2",), 3)


def test_the_filled_entry_is_played_as_the_typed_one() -> None:
    state = holding(objectives(), "food", "water")
    typed = bk.CompleteGoal(
        card="c1", goal=1, colour="red", pay=("food", "water"), hkd=-1, points=2, gain=("books",),
        slot_colours=("red", "blue"),
    )  # fmt: skip
    assert applied(state, goal_from(VOLUNTEER, "c1")) == applied(state, typed)


def test_a_catalogued_goals_slot_colours_are_checked_against_the_slots() -> None:
    """Ada's slots: yellow in slot 1, red and blue in slot 2. A goal asking for yellow and red in one slot is
    refused; typed without its colours (the table did not enter them) it stands as before."""
    card = replace(VOLUNTEER, goals=(replace(VOLUNTEER.goals[0], slot_colours=("yellow", "red")),))
    state = holding(objectives(), "food", "water")
    problem = refusal(state, goal_from(card, "c1"))
    assert (problem.code, problem.rule) == ("blackout-hk.slot_requirement", "blackout-hk/goals/costs")
    assert problem.message == "None of Ada's slots holds all the colours shown (yellow, red)."
    assert GAME.validate(state, replace(goal_from(card, "c1"), slot_colours=())) == []


def test_a_catalogued_payment_the_player_does_not_hold_is_refused() -> None:
    state = holding(objectives(), "food")
    problem = refusal(state, goal_from(VOLUNTEER, "c1"))
    assert (problem.code, problem.rule) == ("blackout-hk.cannot_pay", "blackout-hk/goals/costs")
    assert problem.message == "Ada has 0 water on the rondel, not the 1 to pay."
    assert GAME.validate(holding(state, "water"), goal_from(VOLUNTEER, "c1")) == []


def test_a_catalogued_tiles_challenge_is_checked_against_the_search() -> None:
    state = scouting()
    short = refusal(state, scout_from(TILE, 5, "advanced", ("yellow-2",), 6))
    assert (short.code, short.rule) == ("blackout-hk.short", "blackout-hk/scout/team")
    after = applied(state, scout_from(TILE, 5, "simple", ("yellow-2",), 3, injured="yellow-2"))
    ada = after.player("Ada")
    assert ada.score == state.player("Ada").score + 2 and ada.tiles[-1].back_icons == 1


def test_a_catalogued_card_is_bought_and_procured_by_its_name() -> None:
    state = applied(buying(), buy_from(VOLUNTEER, 1))
    bought = state.player("Ada").objectives[-1]
    assert (bought.name, bought.goals, bought.colour) == ("Test volunteer (made up)", 1, "red")
    ada = applied(deploying("red-2"), procure_from(VOLUNTEER, "red-2", "food", 0)).player("Ada")
    assert ada.held("food") == 2


def test_a_catalogue_survives_export_and_is_found_by_name() -> None:
    pack = parse_pack(dumps(catalogue(NAME, (VOLUNTEER, PLAN), (TILE,))), expected_kind="blackout-hk.cards")
    assert cards_in(pack) == (VOLUNTEER, PLAN) and tiles_in(pack) == (TILE,)
    cards = cards_in(pack)
    assert card_named(cards, "  test   PLAN (made up) ") == PLAN
    assert newest_first(cards, "test") == (PLAN, VOLUNTEER)
    edited = replace(VOLUNTEER, name="test volunteer (made up)", cubes=3)
    assert saved(cards, edited) == (PLAN, edited)
    assert removed(cards, "TEST plan (made up)") == (VOLUNTEER,)
    assert card_from_json(card_to_json(PLAN)) == PLAN


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"cubes": 2.0}, "'cubes' must be a whole number from 1 to 3, not 2.0"),
        ({"cubes": 0}, "'cubes' must be a whole number from 1 to 3, not 0"),
        ({"colour": "green"}, "'colour' must be one of '', 'red', 'yellow', 'blue', not 'green'"),
        ({"goals": []}, "'goals' holds 0 items; it holds 1 to 6"),
        ({"goals": [{"pay": ["gold"]}]}, "goal 1: 'pay' holds 'gold'"),
        ({"goals": [{"hkd": "3"}]}, "goal 1: 'hkd' must be a whole number from -99 to 99, not '3'"),
        (
            {"goals": [{"slot_colours": ["red"] * 5}]},
            "goal 1: 'slot_colours' holds 5 words; it holds at most 4",
        ),
        ({"goals": [{"points": 1, "stars": 2}]}, "goal 1: 'stars' is not a field it has"),
        ({"name": " Padded "}, "'name' must be a name without spaces around it"),
    ],
)
def test_a_malformed_card_is_refused_with_its_field_named(change: dict[str, object], reason: str) -> None:
    with pytest.raises(PackError) as refused:
        parse_pack(json.dumps(_doc({"cards": [{**card_to_json(VOLUNTEER), **change}]})))
    assert reason in str(refused.value)
    assert str(refused.value).startswith("This Blackout: Hong Kong card catalogue pack is not valid: card 1")


def test_two_cards_of_one_name_and_too_many_cards_are_refused() -> None:
    twice = {
        "cards": [card_to_json(VOLUNTEER), card_to_json(replace(VOLUNTEER, name="TEST volunteer (made up)"))]
    }
    with pytest.raises(PackError, match="cards 1, 2 share the name"):
        parse_pack(json.dumps(_doc(twice)))
    many = {"tiles": [{"name": f"T{i}", "simple": 1, "advanced": 2, "reward": "points"} for i in range(301)]}
    with pytest.raises(PackError, match="'tiles' holds 301 scout tiles; a catalogue holds at most 300"):
        parse_pack(json.dumps(_doc(many)))


def _doc(data: object) -> dict[str, object]:
    return {"format": "lantern-pack", "kind": "blackout-hk.cards", "name": NAME, "version": 1, "data": data}


def _catalogued(
    state: S, cards: tuple[CardEntry, ...], tile: TileEntry, rng: random.Random
) -> bk.Action | None:
    """The entry the table would pick from the catalogue now: a catalogued card bought, a goal of one held,
    a tile scouted."""
    who = state.on_turn
    if who is None or state.to_place:
        return None
    p = state.player(who)
    if state.stage == "buy":
        rows = [r for r in (1, 2, 3) if (c := play.price(state, r)) is not None and c <= p.hkd]
        if rows and len(p.objectives) < 3:
            return buy_from(rng.choice(cards), rows[0])
    if state.stage == "objectives":
        for held in p.objectives:
            card = card_named(cards, held.name)
            if card is not None:
                goal = next(g for g in range(1, len(card.goals) + 1) if g not in held.done)
                return goal_from(card, held.id, goal, finish=goal == len(card.goals), to="checkmarks")
    if state.stage == "scout":
        team = tuple(c.id for c in p.hand if c.colour)[:1]
        open_districts = [d for d in range(1, 17) if state.district_tiles[d - 1] and d not in state.scouted]
        if team and open_districts:
            return scout_from(tile, open_districts[0], "simple", team, 3)
    return None


def test_a_game_played_with_a_catalogue_replays_without_it() -> None:
    """Two players play three rounds, buying, completing and scouting from the catalogue whenever they can;
    the game file holds no trace of the catalogue, and reading it back gives the same game."""
    cards = (
        replace(PLAN, goals=(Goal(points=3), Goal(gps=1), Goal(hkd=2))),
        CardEntry("Test free card", (Goal(),)),
    )
    pack = catalogue(NAME, cards, (TILE,))
    from_pack, tile = cards_in(pack), tiles_in(pack)[0]
    session = play.started(2, seed=3)
    rng = random.Random(3)
    used: set[str] = set()
    for _ in range(3000):
        state = session.state
        if state.result or state.round > 3:
            break
        action = _catalogued(state, from_pack, tile, rng)
        if action is not None and not GAME.validate(state, action):
            session.dispatch(action)
            used.add(type(action).__name__)
            continue
        assert play.step(session, rng)
    assert used == {"Buy", "CompleteGoal", "Scout"}
    text = game_dumps(export_document(session))
    assert NAME not in text and "blackout-hk.cards" not in text
    assert load_document(text).session.state == session.state
