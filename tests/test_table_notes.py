"""Each game tells what Lantern drew, rolled or played with what the table does with its pieces; what the
table entered itself is not told back."""

from __future__ import annotations

import trackers  # noqa: F401  (registers every game)
from tests.blackout_hk.play import started as blackout_started
from tests.moments import ashes_until, hope_city_at_chaos, traffic_at_events
from tests.unsettled.fixtures import in_play
from trackers.ashes import actions as aa
from trackers.blackout_hk import actions as ba
from trackers.core.game import TableNote
from trackers.hope_city import actions as ha
from trackers.infamous_traffic.actions import DrawEvent
from trackers.infamous_traffic.state import EVENT_NAMES
from trackers.unsettled import actions as ua


def test_hope_city_the_wage_drawn_and_the_wage_entered() -> None:
    session = hope_city_at_chaos()
    assert session.dispatch(ha.ChaosIn()).ok
    entered = session.dispatch(ha.DrawToken("economics"))
    assert entered.ok and session.table_notes() == ()
    session.undo()
    assert session.dispatch(ha.DrawToken()).ok
    # This game's bag gives the Mayor corruption: told as the corruption it is, and where the token goes.
    assert session.table_notes() == (
        TableNote(
            "The Mayor takes 1 corruption (1 of 2).",
            "Take a corruption token out of the bag: it goes on that citizen's card.",
            "hope-city/corruption",
        ),
    )
    session.undo()
    assert session.table_notes() == (), "the chaos card before it drew nothing"


def test_blackout_the_dice_rolled() -> None:
    session = blackout_started(players=2, seed=3)
    assert session.dispatch(ba.Roll()).ok
    [note] = session.table_notes()
    assert note.said.startswith("Rolled: red ")
    assert note.todo == "Turn the resource dice to these faces."
    assert note.rule == "blackout-hk/round/dice"


def test_infamous_traffic_the_event_drawn() -> None:
    session = traffic_at_events()
    assert session.dispatch(DrawEvent()).ok
    notes = session.table_notes()
    tile = session.state.event_track[-1]
    name = EVENT_NAMES[tile]
    assert notes[0].todo == f"Take the {name} tile out of the event bag and lay it on the event track."
    assert all(n.todo == "" for n in notes[1:]), "the lines resolving it say what it did"
    session.undo()
    assert session.dispatch(DrawEvent(tile)).ok
    assert session.table_notes() == (), "a tile the table drew itself is not told back"


def test_ashes_the_survivors_drawn() -> None:
    session = ashes_until(aa.Emerge)
    assert session.dispatch(aa.Emerge()).ok
    notes = session.table_notes()
    assert notes and all(
        n.todo == "Take these survivors out of the bag and stand them on that area." for n in notes
    )
    assert [n.said.split(":")[0] for n in notes] == [
        e.value("area") for e in session.latest[-1].events if e.kind == "emerge"
    ]


def test_unsettled_luna_pursues_by_herself() -> None:
    session = in_play()
    assert session.dispatch(ua.StartPursuit(None, run=True)).ok
    notes = session.table_notes()
    rolled = session.latest[-1].events[0]
    assert (rolled.kind, notes[0].said) == ("pursuit_roll", rolled.text)
    moves = [e for e in session.latest[-1].events if e.kind == "luna_move"]
    assert [n.todo for n in notes if n.todo.startswith("Move LUNA")] == [
        f"Move LUNA's figure to {e.value('to')}." for e in moves
    ]
