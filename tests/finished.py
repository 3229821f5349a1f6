"""A finished game of each registered game, and its results: shared by the results, BG Stats and history
tests."""

from __future__ import annotations

from collections.abc import Callable

import trackers  # noqa: F401  (registers every game)
from tests.ashes.play import play_game as play_ashes
from tests.blackout_hk.play import play_game as play_blackout_hk
from tests.hope_city.play import play_game as play_hope_city
from tests.infamous_traffic.play import play_game as play_infamous_traffic
from trackers.core.actions import Action
from trackers.core.game import make_setup
from trackers.core.registry import get_game
from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints, ChooseFirstPlayer, EndGame, EndRound
from trackers.services.results import Results, results_of
from trackers.unsettled import actions as ua
from trackers.unsettled.luna import plan_step


def scorepad_game() -> Session:
    """Three rounds: Ann and Bob tie on 12 (rank 1, 1), Cy has 7 (rank 3); Bob went first."""
    module = get_game("scorepad")
    session = Session(module, make_setup(module, ("Ann", "Bob", "Cy"), {}), 7)
    entries: list[Action] = [
        ChooseFirstPlayer("Bob"),
        AddPoints("Ann", 5),
        AddPoints("Bob", 3),
        AddPoints("Cy", 5),
        EndRound(),
        AddPoints("Ann", 2),
        AddPoints("Bob", 9),
        EndRound(),
        AddPoints("Ann", 5),
        AddPoints("Cy", 2),
        EndGame(),
    ]
    for entry in entries:
        session.play(entry)
    return session


def unsettled_game(survived: bool = False) -> Session:
    """A short game on the example map: set up, two turns with LUNA's pursuit, then the table ends it."""
    module = get_game("unsettled")
    session = Session(module, make_setup(module, ("Ann", "Bob"), {}), 3)
    entries: list[Action] = [
        ua.ConfirmMap(),
        ua.PlaceExplorer("Ann", "Outside Front"),
        ua.PlaceExplorer("Bob", "Outside Rear"),
        ua.PlaceLuna("Laboratory"),
        ua.BeginPlay(),
        ua.Move("Ann", "Navigation"),
        ua.ResolveClumsiness(failed=False),
        ua.StartPursuit(roll=2, run=True),
        ua.Move("Bob", "Inorganic Stowage"),
        ua.ResolveClumsiness(failed=True),
        ua.StartPursuit(roll=3),
    ]
    for entry in entries:
        session.play(entry)
    while session.state.pursuit is not None:
        plan = plan_step(session.state)
        session.play(ua.PursuitStep(plan.candidates[0] if plan.kind == "tie" else None))
    session.play(ua.EndGame(survived=survived))
    return session


FINISHED: dict[str, Callable[[], Session]] = {
    "scorepad": scorepad_game,
    "ashes": lambda: play_ashes(1, digital=True),
    "hope-city": lambda: play_hope_city(1, "survive", 3),
    "unsettled": unsettled_game,
    "infamous-traffic": lambda: play_infamous_traffic(2, 3),
    "blackout-hk": lambda: play_blackout_hk(3, 2),
}
"""A whole game of each registered game, played to its end."""


def log_of(session: Session) -> list[tuple[Action, int]]:
    return [(entry.action, entry.group) for entry in session.history]


def results(game_id: str, session: Session, times: tuple[float, float] | None = None) -> Results:
    found = results_of(game_id, session.module, session.setup, session.seed, log_of(session), times)
    assert found is not None
    return found
