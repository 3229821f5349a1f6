"""Games of each kind stopped at the moment before Lantern draws, rolls or plays for the table: what the
screen-follows-the-game tests (browser and engine) and the round bench (build/bench/rounds.py) start from."""

from __future__ import annotations

import random

import trackers  # noqa: F401  (registers every game)
from tests.ashes import play as ashes_play
from tests.hope_city.states import choose
from tests.infamous_traffic.play import started as traffic_started
from tests.infamous_traffic.play import step as traffic_step
from trackers.core.game import make_setup
from trackers.core.registry import get_game
from trackers.core.session import Session
from trackers.hope_city import actions as ha
from trackers.hope_city.state import COLOURS


def scorepad_game() -> Session:
    module = get_game("scorepad")
    return Session(module, make_setup(module, ("Ann", "Ben", "Cat", "Dee"), {}), 5)


def hope_city_at_chaos() -> Session:
    """Citizens chosen, starting tokens drawn: the chaos card comes next."""
    module = get_game("hope-city")
    session = Session(module, make_setup(module, ("Ann", "Bob", "Cy", "Di"), {}), 7)
    assert session.dispatch(choose()).ok
    drawn = 0
    while session.state.stage == "tokens":
        assert session.dispatch(ha.DrawToken(COLOURS[drawn % 5])).ok
        drawn += 1
    return session


def traffic_at_events() -> Session:
    """Played until the end of a round's turns: Lantern draws the event next."""
    session = traffic_started(players=3, seed=4)
    rng = random.Random(4)
    while session.state.stage != "events" or session.state.question is not None:
        assert traffic_step(session, rng)
    return session


def ashes_until(until: type) -> Session:
    """A solo game with a catalogued rival deck, played until `until` is the next entry."""
    session = ashes_play.new_session(3, digital=True)
    rng = random.Random(3)
    while not any(isinstance(a, until) for a in ashes_play.candidates(session.state, rng)):
        assert ashes_play.step(session, rng) is not None
    return session
