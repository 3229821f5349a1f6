"""The results of a finished game, for every registered game, from its log alone
(trackers/services/results.py)."""

from __future__ import annotations

import random

import pytest

import trackers  # noqa: F401  (registers every game)
from tests.ashes.play import new_session as new_ashes_session
from tests.ashes.play import play_game as play_ashes
from tests.ashes.play import step as step_ashes
from tests.finished import FINISHED, log_of, results, scorepad_game, unsettled_game
from tests.hope_city.play import play_game as play_hope_city
from trackers.core.game import make_setup
from trackers.core.registry import games, get_game
from trackers.core.session import ReplayError, Session
from trackers.scorepad.actions import AddPoints, EndGame
from trackers.services.results import Results, Standing, category, results_of, results_of_session


def scores_at_each_round_change(session: Session) -> list[tuple[int, tuple[int, ...]]]:
    """Worked out apart from trackers/services/results.py: a fresh Session is given the log one entry at a
    time, and whenever the round the header shows changes, the players' scores just before the change are the
    scores of the round that ended; the final state ends the last one."""
    module, players = session.module, session.setup.players
    replay = Session(module, session.setup, session.seed)
    seen: list[tuple[int, tuple[int, ...]]] = []

    def scores() -> tuple[int | None, tuple[int, ...]]:
        summary = module.summary(replay.state)
        points = {s.player: s.points for s in summary.scores}
        return summary.round, tuple(points[p] for p in players)

    last = scores()
    for entry in session.history:
        assert replay.dispatch(entry.action).ok
        now = scores()
        if now[0] != last[0] and last[0] is not None:
            seen.append((last[0], last[1]))
        last = now
    if last[0] is not None:
        seen.append((last[0], last[1]))
    return seen


def test_every_registered_game_has_a_finished_game_here() -> None:
    assert sorted(FINISHED) == sorted(g.id for g in games())


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_the_results_of_a_finished_game_follow_its_outcome(game: str) -> None:
    session = FINISHED[game]()
    module = session.module
    outcome = module.outcome(session.state)
    assert outcome is not None
    found = results("g1", session, (100.0, 700.0))
    assert (found.game_id, found.game, found.title) == ("g1", module.id, module.title)
    assert (found.cooperative, found.reason) == (outcome.cooperative, outcome.reason)
    assert found.won == (bool(outcome.winners) if outcome.cooperative else None)
    assert [(s.player, s.score) for s in found.standings] == [(s.player, s.points) for s in outcome.ranking]
    assert found.winners == outcome.winners
    assert found.players == session.setup.players
    names = [name for name, _ in found.breakdown]
    assert names == [s.player for s in outcome.ranking if s.player in names]
    assert all(len(values) == len(found.categories) for _, values in found.breakdown)
    totals = {name: sum(values) for name, values in found.breakdown}
    if outcome.breakdown:  # every line of the game's own breakdown lands in one column
        assert totals == {name: sum(points for _, points in lines) for name, lines in outcome.breakdown}
    else:  # one column per round: what each player gained in it adds up to the final score
        assert totals == dict(zip(found.players, found.series[-1][1], strict=True))
    assert (found.started, found.ended, found.duration_min) == (100.0, 700.0, 10)
    assert found.series == tuple(scores_at_each_round_change(session))


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_a_game_not_finished_has_no_results_yet(game: str) -> None:
    session = FINISHED[game]()
    session.undo()
    assert session.module.outcome(session.state) is None
    assert results_of("g1", session.module, session.setup, session.seed, log_of(session)) is None
    assert results_of_session("g1", session) is None


def test_the_score_pads_whole_results() -> None:
    session = scorepad_game()
    assert results("0123456789abcdef", session, (1000.0, 2800.0)) == Results(
        game_id="0123456789abcdef",
        game="scorepad",
        title="Score pad",
        cooperative=False,
        won=None,
        reason="highest score wins",
        standings=(Standing("Ann", 12, 1, True), Standing("Bob", 12, 1, True), Standing("Cy", 7, 3, False)),
        score_label="points",
        players=("Ann", "Bob", "Cy"),
        start_player="Bob",
        categories=("Round 1", "Round 2", "Round 3"),
        breakdown=(("Ann", (5, 2, 5)), ("Bob", (3, 9, 0)), ("Cy", (5, 0, 2))),
        round_label="Round",
        series=((1, (5, 3, 5)), (2, (7, 12, 5)), (3, (12, 12, 7))),
        started=1000.0,
        ended=2800.0,
        difficulty=None,
        opponent=None,
    )
    assert results_of_session("0123456789abcdef", session, (1000.0, 2800.0)) == results(
        "0123456789abcdef", session, (1000.0, 2800.0)
    )
    found = results("g", session)
    assert (found.winners, found.standing("Cy"), found.standing("Dee")) == (
        ("Ann", "Bob"),
        Standing("Cy", 7, 3, False),
        None,
    )


def test_ashes_solo_against_the_rival() -> None:
    session = play_ashes(1, digital=True)
    found = results("g1", session)
    assert found.standings == (Standing("rival", 123, 1, True), Standing("Ann", 60, 2, False))
    assert (found.opponent, found.difficulty, found.start_player) == ("rival", "normal", "Ann")
    assert (found.started, found.ended, found.duration_min) == (None, None, None)
    assert (found.reason, found.score_label, found.round_label) == (
        "rival wins with 123 VP.",
        "points",
        "Round",
    )
    assert found.categories == (
        "Score after round",
        "13.12 Colony board",
        "13.12 Phoenix upgrades at normal values",
        "12.1 Radiation",
        "12.2 leftover tokens",
        "12.2 Happiness",
        "12.3 Colony board",
        "12.4 Phoenix dark blue row",
        "12.4 Phoenix light blue row",
        "12.4 Phoenix pink row",
    )
    assert found.breakdown == (
        ("rival", (108, 7, 8, 0, 0, 0, 0, 0, 0, 0)),
        ("Ann", (45, 0, 0, 0, 0, 4, 11, 0, 0, 0)),
    )
    assert [number for number, _ in found.series] == [1, 2, 3]
    assert found.series[-1] == (3, (60,))  # the players' scores: the rival's are in the standings


def test_the_difficulty_is_the_setups_main_option() -> None:
    session = new_ashes_session(4, True, difficulty="expert")
    rng = random.Random(4)
    while step_ashes(session, rng) is not None:
        pass
    found = results("g1", session)
    assert (found.opponent, found.difficulty) == ("rival", "expert")
    assert found.standings == (Standing("rival", 144, 1, True), Standing("Ann", 34, 2, False))


def test_hope_city_is_won_or_lost_by_the_whole_table() -> None:
    session = play_hope_city(1, "survive", 3)
    found = results("g1", session)
    assert (found.cooperative, found.won, found.round_label, found.score_label) == (
        True,
        True,
        "Year",
        "corruption",
    )
    assert found.reason == "Survive: 3 City Sites held and 3 good citizens against 0 bad."
    corruption = {s.player: s.points for s in session.module.summary(session.state).scores}
    assert found.standings == tuple(Standing(p, corruption[p], 1, True) for p in ("Ann", "Bob"))
    assert found.categories == ("City Sites", "Urban Blights")
    city = session.state.city
    assert (city.sites, city.blights) == (3, 1)  # a fail set is cashed for its Urban Blight (issue #29)
    assert found.breakdown == (("Ann", (3, 1)), ("Bob", (3, 1)))
    assert [year for year, _ in found.series] == [1, 2, 3, 4, 5, 6, 7]
    assert (found.opponent, found.difficulty) == (None, None)

    lost = results("g2", play_hope_city(1, "defeat", 3))
    assert (lost.won, lost.winners) == (False, ())
    assert all(s.rank == 1 and not s.winner for s in lost.standings)


def test_unsettled_ends_when_the_table_says_so() -> None:
    session = unsettled_game(survived=False)
    found = results("g1", session)
    distress = {e.name: e.distress for e in session.state.explorers}
    assert (found.cooperative, found.won, found.reason) == (True, False, "LUNA won.")
    assert found.standings == tuple(Standing(p, distress[p], 1, False) for p in ("Ann", "Bob"))
    assert found.categories == ("Distress", "Discoveries")
    assert found.breakdown == tuple((p, (distress[p], 0)) for p in ("Ann", "Bob"))
    assert distress["Bob"] > 0  # LUNA caught him
    assert (found.start_player, found.score_label, found.series) == ("Ann", "distress", ())
    assert results("g2", unsettled_game(survived=True)).won is True


def test_a_log_that_no_longer_replays_is_an_error_not_results() -> None:
    session = scorepad_game()
    log = log_of(session)
    log.insert(3, (AddPoints("Dee", 1), 3))
    with pytest.raises(ReplayError, match="action 4: 'Dee' is not at this table"):
        results_of("g1", session.module, session.setup, session.seed, log)


def test_equal_scores_share_a_rank() -> None:
    module = get_game("scorepad")
    session = Session(module, make_setup(module, ("A", "B", "C", "D"), {}), 1)
    for player, points in (("A", 3), ("B", 5), ("C", 3), ("D", 1)):
        session.play(AddPoints(player, points))
    session.play(EndGame())
    found = results("g", session)
    assert [(s.player, s.rank, s.winner) for s in found.standings] == [
        ("B", 1, True),
        ("A", 2, False),
        ("C", 2, False),
        ("D", 4, False),
    ]
    assert found.start_player is None  # nobody was named to go first
    assert found.series == ((1, (3, 5, 3, 1)),)


@pytest.mark.parametrize(
    ("label", "column"),
    [
        ("Score after round 3", "Score after round"),
        ("12.1 Radiation: 3 happiness lost, 1 below 0 at 2 VP each", "12.1 Radiation"),
        ("12.2 6 leftover tokens: +2 happiness, 0 past 9", "12.2 leftover tokens"),
        ("12.2 Happiness 4", "12.2 Happiness"),
        (
            "13.12 Phoenix upgrades at normal values (silver, bronze)",
            "13.12 Phoenix upgrades at normal values",
        ),
        ("City Sites", "City Sites"),
        ("3 apples", "3 apples"),
        ("", ""),
    ],
)
def test_a_breakdown_lines_category_drops_what_differs_between_players(label: str, column: str) -> None:
    assert category(label) == column
