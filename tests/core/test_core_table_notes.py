"""What Lantern drew or rolled in the latest step, told to the table, and the step the table is at."""

from __future__ import annotations

from tests.toy_game.actions import DrawFirstPlayer, Roll
from tests.toy_game.game import TOY_GAME
from trackers.core.actions import Event
from trackers.core.game import TableNote, make_setup, notes_from
from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints, ChooseFirstPlayer
from trackers.scorepad.actions import DrawFirstPlayer as DrawFirst
from trackers.scorepad.game import SCOREPAD


def _toy() -> Session:
    return Session(TOY_GAME, make_setup(TOY_GAME, ("Ann", "Bo"), {}), 5)


def test_a_draw_by_lantern_is_told_with_what_to_do() -> None:
    session = _toy()
    assert session.table_notes() == ()
    session.dispatch(DrawFirstPlayer())
    first = session.state.current
    assert session.latest[-1].drew
    assert session.table_notes() == (TableNote(f"{first} rolls first", f"{first} takes the die."),)
    session.dispatch(Roll(first))
    die = session.latest[-1].events[0].value("die")
    assert session.table_notes()[0] == TableNote(f"{first} rolled {die}", f"Set the die to {die}.")


def test_an_entry_nothing_was_drawn_for_tells_nothing_and_undo_tells_the_step_before() -> None:
    pad = Session(SCOREPAD, make_setup(SCOREPAD, ("Ann", "Bo"), {}), 3)
    pad.dispatch(DrawFirst())
    told = pad.table_notes()
    assert len(told) == 1
    pad.dispatch(AddPoints("Ann", 2))
    assert not pad.latest[-1].drew
    assert pad.table_notes() == ()
    pad.undo()
    assert pad.table_notes() == told


def test_what_the_table_entered_itself_is_not_told_back() -> None:
    pad = Session(SCOREPAD, make_setup(SCOREPAD, ("Ann", "Bo"), {}), 3)
    pad.dispatch(ChooseFirstPlayer("Bo"))
    assert pad.table_notes() == ()
    pad.dispatch(DrawFirst())
    drawn = pad.state.first_player
    assert pad.table_notes() == (TableNote(f"{drawn} goes first", f"{drawn} starts the round."),)
    pad.dispatch(AddPoints(drawn, 3))
    assert pad.table_notes() == ()


def test_a_group_is_told_whole() -> None:
    probe = _toy()
    probe.dispatch(DrawFirstPlayer())
    first = probe.state.current
    session = _toy()
    assert session.dispatch_group([DrawFirstPlayer(), Roll(first)]).ok
    notes = session.table_notes()
    assert len(session.latest) == 2
    assert [n.said for n in notes[:2]] == [f"{first} rolls first", session.latest[1].events[0].text]


def test_the_step_changes_with_the_turn_and_comes_back_with_undo() -> None:
    session = _toy()
    before = TOY_GAME.moment(session.state)
    session.dispatch(DrawFirstPlayer())
    during = TOY_GAME.moment(session.state)
    assert during != before
    session.undo()
    assert TOY_GAME.moment(session.state) == before


def test_a_drawn_entry_with_no_kind_known_still_shows_its_first_line() -> None:
    events = (Event.of("shuffle", "The deck is shuffled.", rule="x/y"), Event.of("other", "More."))
    assert notes_from(events, {}) == (TableNote("The deck is shuffled.", "", "x/y"),)
    assert notes_from(events, {"other": lambda e: "Do it."}) == (TableNote("More.", "Do it."),)
