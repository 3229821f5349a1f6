"""Games stored at a given moment, for the browser tests and the round bench (build/bench/rounds.py)."""

from __future__ import annotations

import random

import trackers  # noqa: F401  (registers every game)
from tests.ashes import play as ashes_play
from tests.hope_city.states import choose
from trackers.core.game import make_setup
from trackers.core.registry import get_game
from trackers.core.session import Session
from trackers.hope_city import actions as ha
from trackers.hope_city.state import COLOURS
from trackers.unsettled import actions as ua


def hope_city() -> Session:
    """Citizens chosen, starting tokens drawn: the chaos card comes next."""
    module = get_game("hope-city")
    session = Session(module, make_setup(module, ("Ann", "Bob", "Cy", "Di"), {}), 7)
    assert session.dispatch(choose()).ok
    drawn = 0
    while session.state.stage == "tokens":
        assert session.dispatch(ha.DrawToken(COLOURS[drawn % 5])).ok
        drawn += 1
    return session


def ashes(until: type) -> Session:
    """A solo game with a catalogued rival deck, played until `until` is the next entry."""
    session = ashes_play.new_session(3, digital=True)
    rng = random.Random(3)
    while not any(isinstance(a, until) for a in ashes_play.candidates(session.state, rng)):
        assert ashes_play.step(session, rng) is not None
    return session


def unsettled() -> Session:
    module = get_game("unsettled")
    session = Session(module, make_setup(module, ("Ann", "Bob"), {}), 3)
    for entry in (
        ua.ConfirmMap(),
        ua.PlaceExplorer("Ann", "Outside Front"),
        ua.PlaceExplorer("Bob", "Outside Rear"),
        ua.PlaceLuna("Laboratory"),
        ua.BeginPlay(),
    ):
        assert session.dispatch(entry).ok
    return session
