"""The play-test fixes, each from the rulebook's wording (sections named in each docstring, in our words):
the laundry chute goes up only, the table says which incapacitated card it drew, an incapacitated helper
may free someone, Upper Corridor's ways out wait for its power (an option), the example map's two outside
cards, a move of an explorer who is not the active one, and a game begun before these fixes replaying as
it was played.

Names these fixes added are read off their modules inside each test, so that against the engine of before
every test fails on its own point rather than the whole file on an import.
"""

from __future__ import annotations

from pathlib import Path

from tests.unsettled.fixtures import TEST_GRAPH, play_state, refused, run
from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.services.gamefile import load_document
from trackers.unsettled import actions as ua
from trackers.unsettled import board, queries
from trackers.unsettled.board import example_map
from trackers.unsettled.game import UNSETTLED
from trackers.unsettled.luna import plan_step
from trackers.unsettled.state import UnsettledState

BEFORE = Path(__file__).parent / "data" / "before_the_playtest_fixes.json"
"""A game file the Lantern of before these fixes wrote: Bob went down the open chute, Ann and then LUNA left
the unpowered Upper Corridor, Ann was incapacitated (recorded as ENGAGED) and Bob freed her."""


def on_the_example_map(places: dict[str, str], luna: str, *powered: str, **options: object) -> Session:
    """A game on the example layout, set up through the same entries a table makes."""
    session = Session(UNSETTLED, make_setup(UNSETTLED, tuple(places), options), 1)
    setup = [ua.ConfirmMap(), *(ua.PlaceExplorer(n, at) for n, at in places.items()), ua.PlaceLuna(luna)]
    for action in (*setup, ua.BeginPlay(), *(ua.SetPower(room, True) for room in powered)):
        result = session.dispatch(action)
        assert result.ok, (action, result.violations)
    return session


def test_the_laundry_chute_leads_up_only() -> None:
    """Organic Stowage's powered side opens the chute up to Crew Quarters, and nothing opens it downward:
    the way down is the drop an unpowered Crew Quarters makes you take (Card Text: Environment Cards, Crew
    Quarters and Organic Stowage). LUNA's route keeps to the same ways."""
    session = on_the_example_map(
        {"Ann": "Crew Quarters", "Bob": "Organic Stowage"},
        "Outside Front",
        "Organic Stowage",
        "Crew Quarters",
    )
    state: UnsettledState = session.state
    assert refused(state, ua.Move("Ann", "Organic Stowage")) == "unsettled.chute.down"
    assert "only leads up" in UNSETTLED.validate(state, ua.Move("Ann", "Organic Stowage"))[0].message
    state, _ = run(state, ua.Move("Bob", "Crew Quarters"))
    assert state.explorer("Bob").node == "Crew Quarters", "up the chute while Organic Stowage has power"

    chasing_down = play_state(
        luna="Crew Quarters",
        explorers={"Ann": "Organic Stowage"},
        graph=example_map().graph(),
        powered=frozenset({"Organic Stowage", "Upper Corridor"}),
        ire=1,
    )
    plan = plan_step(run(chasing_down, ua.StartPursuit(1))[0])
    assert plan.to != "Organic Stowage" and plan.distance == 3, "she goes round, not down the chute"
    assert refused(chasing_down, ua.CommandLuna("Ann", "Organic Stowage")) == "unsettled.chute.down"
    chasing_up = play_state(
        luna="Organic Stowage",
        explorers={"Ann": "Crew Quarters"},
        graph=example_map().graph(),
        powered=frozenset({"Organic Stowage"}),
    )
    assert plan_step(run(chasing_up, ua.StartPursuit(1))[0]).to == "Crew Quarters"


def test_a_third_distress_asks_which_incapacitated_card_was_drawn() -> None:
    """The third distress has the explorer draw from the incapacitated deck; the planet prints one card of
    it, ENGAGED, whose action another explorer on the node uses to remove all the holder's distress (LUNA:
    Distress / Incapacitated; Card Text: Incapacitated Cards). Lantern records no card until told, and
    does not make up the action of a card it cannot read."""
    start = play_state(luna="B", explorers={"X": "C", "Y": "C"}, distress={"X": 2}, graph=TEST_GRAPH)
    down, events = run(start, ua.StartPursuit(1, run=True))
    x = down.explorer("X")
    assert x.incapacitated == board.CARD_NOT_ENTERED and x.distress == 2
    assert any(e.kind == "incapacitated" and "say which card" in e.text for e in events)
    assert UNSETTLED.summary(down).next_step == "Say which incapacitated card X drew."
    assert refused(down, ua.FreeExplorer("X", "Y")) == "unsettled.free.card"
    assert refused(down, ua.DrawIncapacitated("Y", "Engaged")) == "unsettled.card.none"
    assert refused(down, ua.DrawIncapacitated("X", "Hunted")) == "unsettled.card.unknown"

    engaged, _ = run(down, ua.DrawIncapacitated("X", "Engaged"))
    assert engaged.explorer("X").incapacitated == "Engaged"
    assert refused(engaged, ua.DrawIncapacitated("X", "Engaged")) == "unsettled.card.same"
    freed, _ = run(engaged, ua.FreeExplorer("X", "Y"))
    assert freed.explorer("X").incapacitated is None and freed.explorer("X").distress == 0

    other, _ = run(down, ua.DrawIncapacitated("X", board.OTHER_CARD))
    freed, events = run(other, ua.FreeExplorer("X", "Y"))
    assert freed.explorer("X").incapacitated is None
    assert freed.explorer("X").distress == 2, "an unknown card's action is the table's to resolve"
    assert "resolve the rest of it at the table" in events[0].text
    corrected, _ = run(other, ua.DrawIncapacitated("X", "Engaged"))
    assert corrected.explorer("X").incapacitated == "Engaged", "a wrong entry is put right"


def test_an_incapacitated_explorer_may_free_another() -> None:
    """The card leaves when another explorer on the holder's node uses its action; nothing asks that helper
    to be free of a card, and an incapacitated explorer is still there for this (LUNA: Distress /
    Incapacitated)."""
    start = play_state(
        luna="A", explorers={"X": "C", "Y": "C"}, distress={"X": 2, "Y": 2}, incapacitated=("X", "Y")
    )
    freed, _ = run(start, ua.FreeExplorer("X", "Y"))
    assert freed.explorer("X").incapacitated is None and freed.explorer("X").distress == 0
    assert freed.explorer("Y").incapacitated == "Engaged"
    assert refused(start, ua.FreeExplorer("X", "X")) == "unsettled.free.helper", "never oneself"


def test_an_unpowered_upper_corridor_is_entered_but_not_left() -> None:
    """Upper Corridor's powered side is what gives access to its adjacent nodes, while its unpowered side
    still has you check for clumsiness on entering (Card Text: Environment Cards, Upper Corridor). Lantern's
    reading, a game option on by default: anyone may step in, nobody steps out until it has power."""
    session = on_the_example_map({"Ann": "Upper Corridor", "Bob": "Navigation"}, "Outside Rear")
    state: UnsettledState = session.state
    assert refused(state, ua.Move("Ann", "Navigation")) == "unsettled.corridor"
    blocked, _ = run(state, ua.Barricade("Ann", "Workshop"))
    assert blocked.graph.blockers("Upper Corridor", "Workshop") == 1, "its edges are there, only shut to feet"
    entered, _ = run(state, ua.Move("Bob", "Upper Corridor"))
    assert entered.explorer("Bob").node == "Upper Corridor"
    assert entered.pending_checks == (("Bob", "Upper Corridor"),)
    powered, _ = run(state, ua.SetPower("Upper Corridor", True), ua.Move("Ann", "Navigation"))
    assert powered.explorer("Ann").node == "Navigation"

    opened = on_the_example_map(
        {"Ann": "Upper Corridor", "Bob": "Navigation"}, "Outside Rear", corridor_needs_power=False
    )
    left, _ = run(opened.state, ua.Move("Ann", "Navigation"))
    assert left.explorer("Ann").node == "Navigation"

    stuck = play_state(
        luna="Upper Corridor", explorers={"Ann": "Navigation"}, graph=example_map().graph(), ire=0
    )
    pursuing, _ = run(stuck, ua.StartPursuit(2))
    assert plan_step(pursuing).kind == "unreachable", "LUNA keeps to the same ways"


def test_the_example_map_says_its_outside_cards_are_apart_and_one_link_joins_them() -> None:
    """Outside Front and Outside Rear carry only their names and tabs naming the other one
    (Card Text: Outside Front and Outside Rear), which suggests they lead to each other. The
    example layout, Lantern's and not the printed one, leaves them apart; one link joins them."""
    scarab = example_map()
    assert board.OUTSIDE_LINK not in scarab.links
    assert not scarab.graph().has_edge("Outside Front", "Outside Rear")
    session = Session(UNSETTLED, make_setup(UNSETTLED, ("Ann",), {}), 1)
    for action in (
        ua.ToggleLink("Outside Front", "Outside Rear"),
        ua.ConfirmMap(),
        ua.PlaceExplorer("Ann", "Outside Front"),
        ua.PlaceLuna("Navigation"),
        ua.BeginPlay(),
        ua.Move("Ann", "Outside Rear"),
        ua.Move("Ann", "Outside Front"),
    ):
        assert session.dispatch(action).ok, action
    assert session.state.explorer("Ann").node == "Outside Front"


def test_moving_an_explorer_who_is_not_the_active_one_is_asked_about() -> None:
    """Explorers act on their own turn (the action row is open to each explorer on their turn), yet effects
    move others too: an anomaly may place you elsewhere, and ENGAGED's 'may not be carried' means
    explorers can be carried (Action Row; Opportunities / Discoveries / Anomalies; Incapacitated Cards). So
    the move is accepted and the screen asks first, with the reason the engine gives."""
    state = play_state(luna="A", explorers={"X": "C", "Y": "C"})
    assert queries.out_of_turn(state, "X") is None
    why = queries.out_of_turn(state, "Y")
    assert why is not None and "X's turn" in why and "effect" in why
    moved, _ = run(state, ua.Move("Y", "D"))
    assert moved.explorer("Y").node == "D"


def test_a_game_file_from_before_the_fixes_replays_as_it_was_played() -> None:
    """Stored games and game files must replay to the same events: a map confirmed under the old entry keeps
    the readings that game was played with (the chute both ways, ENGAGED recorded, the corridor open)."""
    loaded = load_document(BEFORE.read_text("utf-8"))
    state: UnsettledState = loaded.session.state
    assert state.edition == 1
    assert state.explorer("Bob").incapacitated == "Engaged"
    assert state.explorer("Ann").node == "Navigation" and state.luna == "Navigation"
    replayed = loaded.session.entries
    assert replayed[0].action.type == "unsettled.confirm_map"
    assert any("draws an incapacitated card (Engaged)" in ev.text for e in replayed for ev in e.events)
