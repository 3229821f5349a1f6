"""The card catalogue (issue #32): an objective read once fills the objective entry the table would type and
its reward or consequence, its cost by colour is checked against the space and the payment, and a game
played from the catalogue replays without it.

The rulebook prints no cards: every objective here is made-up test data, named so.
"""

from __future__ import annotations

import json
import random

import pytest

from tests.hope_city import play
from tests.hope_city.states import applied, holding, on_turn, playing, refusal
from trackers.core.actions import ActionCodec
from trackers.core.packs import PackError, dumps, parse_pack
from trackers.hope_city import actions as a
from trackers.hope_city.catalogue import (
    ObjectiveEntry,
    Step,
    card_to_json,
    catalogue,
    choose_from,
    objectives_in,
    outcome,
    step_entry,
    steps_left,
)
from trackers.hope_city.game import HOPE_CITY as GAME
from trackers.hope_city.state import COLOURS, Objective
from trackers.hope_city.turn import attack_due
from trackers.services.gamefile import dumps as game_dumps
from trackers.services.gamefile import export_document, load_document

NAME = "Test catalogue (made up)"
SUMMIT = ObjectiveEntry(
    "Test summit (made up)",
    "politics",
    ("politics", "economics"),
    reward=(Step("expand", step=1), Step("gain_token", token="economics")),
    consequence=(Step("place_blight"), Step("lose_token", token="hope")),
)
MARKET = ObjectiveEntry("Test market (made up)", "economics", ("economics", "any"))
MAJOR = ObjectiveEntry("Test major (made up)", "", COLOURS, major=True, reward=(Step("open_track"),))


def test_a_catalogued_objective_fills_the_entries_the_table_would_type() -> None:
    summit = "Test summit (made up)"
    assert choose_from(SUMMIT) == a.ChooseObjective("pile", ("politics", "economics"), name=summit)
    assert choose_from(SUMMIT, "fail") == a.ChooseObjective("fail", ("politics", "economics"), name=summit)
    assert choose_from(MAJOR, "major") == a.ChooseObjective("major", COLOURS, name="Test major (made up)")
    reward = [step_entry(s, citizen="mayor") for s in outcome(SUMMIT, True)]
    assert reward == [a.Expand(1), a.GainToken("mayor", "economics")]
    consequence = [step_entry(s, citizen="mayor", talent_from="coach") for s in outcome(SUMMIT, False)]
    assert consequence == [a.PlaceBlight("coach"), a.LoseToken("mayor", "hope")]
    assert step_entry(Step("resist"), space="economics", punk="punk", die=5) == a.Resist(
        "economics", "punk", 5
    )


def test_the_filled_objective_is_played_as_the_typed_one() -> None:
    state = on_turn(playing(), "mayor")
    typed = a.ChooseObjective("pile", ("politics", "economics"), name="Test summit (made up)")
    assert applied(state, choose_from(SUMMIT)) == applied(state, typed)


def test_a_catalogued_objectives_colour_is_checked_against_the_space() -> None:
    """The Mayor stands on politics: an economics card is not hers to take there."""
    state = on_turn(playing(), "mayor")
    assert state.citizen("mayor").space == "politics"
    problem = refusal(state, choose_from(MARKET))
    assert (problem.code, problem.rule) == ("hope-city.cost", "hope-city/objectives/cost")
    assert problem.message.startswith("A politics card costs 1 politics")


def test_a_catalogued_objectives_cost_by_colour_is_checked_against_the_payment() -> None:
    state = holding(on_turn(playing(), "mayor"), "mayor", "politics", "society")
    state = applied(state, choose_from(SUMMIT))
    assert state.turn is not None
    assert state.turn.objective == Objective("politics", ("politics", "economics"), name=SUMMIT.name)
    problem = refusal(state, a.Attempt(("politics", "society")))
    assert (problem.code, problem.rule) == ("hope-city.wrong_token", "hope-city/objectives/cost")
    assert problem.message == "Society does not pay an economics cost (Hope is wild)."
    paid = applied(holding(state, "mayor", "politics", "economics"), a.Attempt(("politics", "economics")))
    assert paid.turn is not None and paid.turn.objective is not None and paid.turn.objective.paid


def test_a_catalogue_survives_export() -> None:
    pack = parse_pack(dumps(catalogue(NAME, (SUMMIT, MARKET, MAJOR))), expected_kind="hope-city.cards")
    assert objectives_in(pack) == (SUMMIT, MARKET, MAJOR)
    bare = {"name": "Test major (made up)", "major": True, "reward": [{"entry": "open_track"}]}
    assert objectives_in(parse_pack(_doc(bare))) == (MAJOR,)
    without = {"name": "Test card (made up)"}
    with pytest.raises(PackError, match=r"objective 1 \(.*\): 'category' is missing; 'cost' is missing"):
        parse_pack(_doc(without))


def _doc(card: dict[str, object]) -> str:
    data = {"objectives": [card]}
    return json.dumps(
        {"format": "lantern-pack", "kind": "hope-city.cards", "name": NAME, "version": 1, "data": data}
    )


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"cost": ["economics"]}, "'cost' does not fit: A politics card costs 1 politics"),
        ({"cost": ["politics", "politics"]}, "'cost' does not fit: The second cost is 'any'"),
        ({"cost": ["politics", "gold"]}, "'cost' holds 'gold'"),
        ({"category": "crime"}, "'category' must be one of"),
        ({"category": None}, "'category' must be one of"),
        ({"major": True}, "'category' must be one of '', not 'politics'"),
        ({"reward": [{"entry": "expand", "step": 0}]}, "reward step 1: 'step' must be 1 (up) or -1 (down)"),
        ({"reward": [{"entry": "expand"}]}, "reward step 1: 'step' is missing"),
        ({"reward": [{"entry": "win"}]}, "reward step 1: 'entry' must be one of"),
        (
            {"consequence": [{"entry": "open_track", "token": "hope"}]},
            "consequence step 1: 'token' is not a field",
        ),
        (
            {"consequence": [{"entry": "gain_token", "token": "hope"}]},
            "consequence step 1: 'token' must be one of",
        ),
    ],
)
def test_a_malformed_objective_is_refused_with_its_field_named(
    change: dict[str, object], reason: str
) -> None:
    with pytest.raises(PackError) as refused:
        parse_pack(_doc({**card_to_json(SUMMIT), **change}))
    message = str(refused.value)
    assert message.startswith("This Hope City card catalogue pack is not valid: objective 1")
    assert reason in message


def test_a_game_played_with_a_catalogue_replays_without_it() -> None:
    """Citizens take catalogued objectives (one of each colour) whenever they may, and the table enters a
    catalogued card's reward or consequence after it; the game file holds no trace of the catalogue, and
    reading it back gives the same game."""
    cards = objectives_in(
        catalogue(
            NAME,
            tuple(
                ObjectiveEntry(
                    f"Test {colour} card (made up)",
                    colour,
                    (colour,),
                    reward=(Step("gain_token", token=""),),
                    consequence=(Step("expand", step=-1),),
                )
                for colour in COLOURS
            ),
        )
    )
    session = play.new_session(11, size=4)
    rng = random.Random(11)
    held: ObjectiveEntry | None = None
    used: set[str] = set()
    for _ in range(2000):
        state = session.state
        turn = state.turn
        if state.result is not None or state.year > 3:
            break
        if state.stage == "turns" and turn is not None:
            space = state.citizen(turn.citizen).space
            card = turn.objective
            if card is None:
                held = None
            if (
                card is None
                and space
                and turn.wage_taken
                and not turn.objective_done
                and not attack_due(state)
            ):
                entry = next(c for c in cards if c.category == space)
                if not GAME.validate(state, choose_from(entry)):
                    session.dispatch(choose_from(entry))
                    held, used = entry, used | {"ChooseObjective"}
                    continue
            if held is not None and card is not None and card.paid:
                success = rng.random() < 0.5
                session.dispatch(a.Resolve(success))
                for step in outcome(held, success):
                    action = step_entry(step, citizen=turn.citizen)
                    if not GAME.validate(session.state, action):
                        session.dispatch(action)
                        used.add(type(action).__name__)
                held = None
                continue
        if play.step(session, rng) is None:
            break
    assert {"ChooseObjective", "GainToken"} <= used
    text = game_dumps(export_document(session))
    assert NAME not in text and "hope-city.cards" not in text
    assert load_document(text).session.state == session.state


def test_a_catalogued_objective_keeps_its_name_to_the_attempts_outcome() -> None:
    """Taken by name, paid and failed: the turn holds the card and its failure, so its consequence (and not
    its reward) is what the table is offered next; an objective typed by hand has no name."""
    state = holding(on_turn(playing(), "mayor"), "mayor", "politics", "economics")
    state = applied(state, choose_from(SUMMIT), a.Attempt(("politics", "economics")), a.Resolve(False))
    assert state.turn is not None and state.turn.objective_done and state.turn.objective is None
    assert state.turn.resolved == Objective(
        "politics", ("politics", "economics"), source="pile", paid=True, name=SUMMIT.name
    )
    assert state.turn.succeeded is False
    assert state.piles.fail[COLOURS.index("politics")] == ("regular",)
    typed = applied(
        holding(on_turn(playing(), "mayor"), "mayor", "politics"),
        a.ChooseObjective("pile", ("politics",)),
        a.Attempt(("politics",)),
        a.Resolve(True),
    )
    assert typed.turn is not None and typed.turn.resolved is not None
    assert (typed.turn.resolved.name, typed.turn.succeeded) == ("", True)


def test_a_card_deferred_by_name_keeps_it_on_the_future_track() -> None:
    """Put on the track, then taken from it by a later citizen: the name comes back with it, and a name
    entered for a track card is refused (the card keeps the one it had)."""
    state = applied(on_turn(playing(), "mayor"), choose_from(SUMMIT), a.Defer())
    assert [c.name for c in state.track.cards] == [SUMMIT.name]
    later = on_turn(state, "mayor")
    problem = refusal(later, a.ChooseObjective("track", slot=1, name="Another name (made up)"))
    assert (problem.code, problem.rule) == ("hope-city.track_cost", "hope-city/objectives")
    taken = applied(later, a.ChooseObjective("track", slot=1))
    assert taken.turn is not None and taken.turn.objective is not None
    assert taken.turn.objective.name == SUMMIT.name


@pytest.mark.parametrize("name", ["x" * 41, " Town Hall", "Town Hall "])
def test_a_name_no_catalogue_could_hold_is_refused(name: str) -> None:
    state = on_turn(playing(), "mayor")
    problem = refusal(state, a.ChooseObjective("pile", ("politics",), name=name))
    assert (problem.code, problem.rule) == ("hope-city.objective_name", "hope-city/objectives")
    assert problem.message == "A catalogued card's name is up to 40 characters, without spaces around it."


def test_an_objective_entry_saved_before_names_reads_as_typed_by_hand() -> None:
    """A log written before the name was kept holds no `name`: it reads as an objective typed by hand."""
    old = {"type": "hope-city.choose_objective", "source": "pile", "cost": ["politics"], "slot": 0}
    assert ActionCodec(GAME.actions).decode(old) == a.ChooseObjective("pile", ("politics",))


def test_the_steps_left_are_those_no_entry_since_the_outcome_made() -> None:
    """Each entry stands for the first step it is: the card's fixed fields must match, what the table chose
    (the citizen) may be anything; entries that are no step of the card are passed over."""
    steps = (
        Step("gain_token", token="economics"),
        Step("expand", step=1),
        Step("gain_token", token="economics"),
        Step("break_bad"),
    )
    assert steps_left(steps, ()) == (0, 1, 2, 3)
    made = (a.GainToken("coach", "economics"), a.Expand(-1), a.GainToken("mayor", "politics"), a.DrawToken())
    assert steps_left(steps, made) == (1, 2, 3)
    assert steps_left(steps, (*made, a.BreakBad("ranger"), a.Expand(1))) == (2,)
