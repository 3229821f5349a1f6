"""The `blackout-hk.components` pack and what Lantern checks once the table has entered it: the rondel's
order prices a volunteer's move, the dice's faces let Lantern roll, the scout-tile table scores, and the map
(locations and colours, the districts' surrounding locations, the links) checks placements, scouting and
securing. The map here is made up (tests/blackout_hk/made_up_components.py): a 5 x 5 grid of locations."""

from __future__ import annotations

import copy
from dataclasses import replace
from random import Random
from typing import Any

import pytest

from rules_ref import reference
from tests.blackout_hk.made_up_components import COMPONENTS
from trackers.blackout_hk import actions as bk
from trackers.blackout_hk.components import components_problems, start_from
from trackers.blackout_hk.game import BLACKOUT_HK as GAME
from trackers.blackout_hk.queries import map_cubes, newly_secured
from trackers.blackout_hk.state import BlackoutState
from trackers.core.actions import Action
from trackers.core.errors import Violation
from trackers.core.game import make_setup
from trackers.core.packs import PackError, parse_pack

S = BlackoutState


def applied(state: S, *actions: Action, seed: int = 0) -> S:
    for action in actions:
        assert GAME.validate(state, action) == [], action
        state, _ = GAME.apply(state, action, Random(seed))
    return state


def refusal(state: S, action: Action) -> Violation:
    problems = GAME.validate(state, action)
    assert problems, f"{action} was accepted"
    assert reference().exists(problems[0].rule)
    return problems[0]


def mapped(players: tuple[str, ...] = ("Ada", "Ben"), **options: Any) -> S:
    """Set up with the made-up components, Ada on L00 and Ben on L44."""
    state = GAME.new_state(make_setup(GAME, players, options), 1)
    plans = (3,) if options.get("mode") == "the campaign" else ()
    state = applied(state, start_from(COMPONENTS, plans))
    starts = {"Ada": "L00", "Ben": "L44"}
    for name in state.start_order:
        state = applied(state, bk.PlaceStart(name, starts[name]))
    return state


def placing(state: S, who: str = "Ada", cubes: int = 1, **fields: Any) -> S:
    """`who` in phase 3 with cubes to place."""
    state = replace(state, stage="objectives", turn=state.seat_order.index(who), to_place=cubes)
    return state.with_player(replace(state.player(who), **fields)) if fields else state


def broken(path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(COMPONENTS)
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (broken(("rondel",), ["food"] * 6), "each of the six resources once"),
        (broken(("dice", "red"), ["food"] * 5), "six faces"),
        (broken(("scout_table",), [0] * 7), "8 numbers"),
        (broken(("districts",), COMPONENTS["districts"][:15]), "16 districts"),
        (broken(("districts", 3), ["L00", "Nowhere"]), "'Nowhere', which is not among"),
        (broken(("districts", 3), ["L00", "L00"]), "different locations"),
        (broken(("links", 0), ["L00", "L00"]), "two different locations"),
        (broken(("links", 1), COMPONENTS["links"][0]), "listed twice"),
        (broken(("links", 0), ["L00", "Nowhere"]), "'Nowhere', which is not among"),
        (broken(("extra",), 1), "unknown part 'extra'"),
    ],
)
def test_a_broken_components_pack_is_refused_with_what_to_fix(data: dict[str, Any], words: str) -> None:
    problems = components_problems(data)
    assert problems and words in problems[0]
    doc = {
        "format": "lantern-pack",
        "kind": "blackout-hk.components",
        "name": "X",
        "version": 1,
        "data": data,
    }
    with pytest.raises(PackError):
        parse_pack(__import__("json").dumps(doc))


def test_every_part_is_optional() -> None:
    assert components_problems({}) == []
    assert components_problems({"rondel": COMPONENTS["rondel"]}) == []


def test_the_set_up_entry_carries_the_pack_whole_and_checks_it_again() -> None:
    state = GAME.new_state(make_setup(GAME, ("Ada", "Ben"), {}), 1)
    entry = start_from(COMPONENTS)
    assert GAME.validate(state, entry) == []
    assert [list(p) for p in entry.links] == COMPONENTS["links"]
    bad = replace(entry, locations=(*entry.locations, ("L00", "green")))
    assert refusal(state, bad).code == "blackout-hk.map"
    assert refusal(state, replace(entry, links=(("L00", "Nowhere"),))).code == "blackout-hk.map"


def test_a_starting_cube_goes_on_a_location_of_the_map() -> None:
    state = GAME.new_state(make_setup(GAME, ("Ada", "Ben"), {}), 1)
    state = applied(state, start_from(COMPONENTS))
    first = state.start_order[0]
    assert refusal(state, bk.PlaceStart(first, "Nowhere")).code == "blackout-hk.location"


def test_lantern_rolls_with_the_faces_entered() -> None:
    state = applied(mapped(), bk.Roll())
    faces = COMPONENTS["dice"]
    assert all(d in faces[c] for c, d in zip(("red", "yellow", "blue"), state.dice, strict=True))


def test_an_adjacent_location_of_the_colour_costs_nothing() -> None:
    state = placing(mapped())
    after = applied(state, bk.PlaceCube("L01", colour="green"))
    ada = after.player("Ada")
    assert ada.map == ("L00", "L01") and ada.transport == 5 and ada.score == 0


def test_lantern_counts_the_locations_skipped_and_buys_missing_tokens_with_points() -> None:
    """From L00, blue L02 lies past green L01 (1 skip); yellow L03 past L01 and L02 (2 skips). With 1
    token left, the second skip is bought for 1 point."""
    state = placing(mapped(), transport=1)
    after = applied(state, bk.PlaceCube("L03", colour="yellow"))
    ada = after.player("Ada")
    assert ada.transport == 0 and ada.score == -1 and "L03" in ada.map
    assert applied(placing(mapped()), bk.PlaceCube("L02", colour="blue")).player("Ada").transport == 4


def test_a_skip_count_that_differs_from_the_map_is_refused() -> None:
    violation = refusal(placing(mapped()), bk.PlaceCube("L02", skipped=2, colour="blue"))
    assert violation.code == "blackout-hk.skipped" and "skipping 1" in violation.message


def test_only_locations_of_another_colour_are_skipped() -> None:
    """A line X - R - T and a detour X - G1 - G2 - T: to place on red T, red R may not be skipped, so the
    cube goes the long way (2 skips). For green G2 it is the other way round: green G1 may not be
    skipped, so the cube goes past R and T (2 skips)."""
    state = placing(mapped(), map=("X",), supply=23)
    line = replace(
        state.components,
        locations=(("X", "blue"), ("R", "red"), ("T", "red"), ("G1", "green"), ("G2", "green")),
        districts=(),
        links=(("X", "R"), ("R", "T"), ("X", "G1"), ("G1", "G2"), ("G2", "T")),
    )
    state = replace(state, components=line)
    assert applied(state, bk.PlaceCube("T", colour="red")).player("Ada").transport == 3
    assert applied(state, bk.PlaceCube("G2", colour="green")).player("Ada").transport == 3
    assert applied(state, bk.PlaceCube("G1", colour="green")).player("Ada").transport == 5


def test_a_red_location_far_away_costs_one_token_a_skipped_location() -> None:
    """From L00 to red L22 every way passes three locations of other colours."""
    state = placing(mapped())
    assert applied(state, bk.PlaceCube("L22", colour="red")).player("Ada").transport == 2


def test_the_wrong_colour_is_refused_until_every_location_of_it_is_held() -> None:
    state = placing(mapped())
    assert refusal(state, bk.PlaceCube("L01", colour="blue")).code == "blackout-hk.colour"
    blues = tuple(name for name, colour in COMPONENTS["locations"].items() if colour == "blue")
    held = placing(mapped(), map=("L00", *blues), supply=24 - len(blues) - 1)
    assert GAME.validate(held, bk.PlaceCube("L01", colour="blue")) == []


def test_a_location_out_of_reach_is_refused() -> None:
    """With every link from Ada's cube cut off (a map of two islands), the far island is out of reach."""
    state = placing(mapped())
    links = tuple(pair for pair in state.components.links if "L00" not in pair)
    cut = replace(state, components=replace(state.components, links=links))
    assert refusal(cut, bk.PlaceCube("L01", colour="green")).code == "blackout-hk.out_of_reach"


def test_scouting_needs_a_cube_around_the_district() -> None:
    state = replace(mapped(), stage="scout", turn=0)
    who = state.on_turn
    assert who is not None
    far = 16 if who == "Ada" else 1
    attempt = bk.Scout(far, "simple", 1, ("yellow-2",), 1, "points", 1)
    assert refusal(state, attempt).code == "blackout-hk.not_next_to"
    near = 1 if who == "Ada" else 16
    assert GAME.validate(state, replace(attempt, district=near)) == []


def test_the_map_finds_the_districts_phase_7_secures_and_checks_the_counts() -> None:
    state = mapped()
    state = state.with_player(replace(state.player("Ada"), map=("L00", "L01", "L10", "L11"), supply=20))
    state = replace(state, stage="secure")
    assert map_cubes(state, 1) == (4, 0)
    assert newly_secured(state) == (bk.Secure(1, 4, (4, 0)),)
    assert refusal(state, bk.Secure(1, 4, (4, 1), (2,))).code == "blackout-hk.map_counts"
    after = applied(state, bk.Secure(1, 4, (4, 0), (2,)))
    assert after.player("Ada").score == 5 and 2 in after.player("Ada").unlocked
    assert newly_secured(after) == ()


def test_chapter_4_counts_red_locations_from_the_map() -> None:
    """Four red locations on the map reach chapter 4's condition whatever count the table enters."""
    state = mapped(("Ada",), mode="the campaign", chapter=4)
    reds = ("L00", "L04", "L13", "L22")
    ada = replace(
        state.player("Ada"),
        map=reds,
        supply=state.player("Ada").supply - 3,
        public_goals=(("C", 1), ("C", 2)),
        score=100,
    )
    ada = replace(ada, supply=ada.supply - 2)
    state = replace(state.with_player(ada), stage="final")
    after = applied(state, bk.FinalCount("Ada", 0, 0, counted=0))
    assert after.campaign[-1].winners == ("Ada",)
    fewer = replace(state.with_player(replace(ada, map=reds[:3], supply=ada.supply + 1)))
    lost = applied(fewer, bk.FinalCount("Ada", 0, 0, counted=9))
    assert lost.campaign[-1].missed == (("Ada", "4 cubes on red locations"),)


def test_chapter_3_counts_cubes_next_to_the_central_district_from_the_map() -> None:
    """District 6 (the made-up map's L11, L12, L21, L22) as chapter 3's central district."""
    state = GAME.new_state(make_setup(GAME, ("Ada",), {"mode": "the campaign", "chapter": 3}), 1)
    assert refusal(state, start_from(COMPONENTS, (3,), central=17)).code == "blackout-hk.central"
    state = applied(state, start_from(COMPONENTS, (3,), central=6), bk.PlaceStart("Ada", "L11"))
    ada = replace(
        state.player("Ada"), map=("L11", "L12", "L21", "L22"), public_goals=(("B", 1), ("B", 2)), score=90
    )
    ada = replace(ada, supply=ada.supply - 5)
    after = applied(replace(state.with_player(ada), stage="final"), bk.FinalCount("Ada", 0, 0))
    assert after.campaign[-1].winners == ("Ada",)
    three = replace(ada, map=ada.map[:3], supply=ada.supply + 1)
    lost = applied(replace(state.with_player(three), stage="final"), bk.FinalCount("Ada", 0, 0, counted=9))
    assert lost.campaign[-1].missed == (("Ada", "4 cubes on locations next to the central district"),)


def test_the_central_district_belongs_to_chapter_3_with_the_map() -> None:
    state = GAME.new_state(make_setup(GAME, ("Ada", "Ben"), {}), 1)
    assert refusal(state, start_from(COMPONENTS, central=6)).code == "blackout-hk.central"
