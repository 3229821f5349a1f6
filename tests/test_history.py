"""The play history and its stats, read from a real store holding finished and unfinished games
(trackers/services/history.py): computed from the stored logs each time, never kept as a second copy."""

from __future__ import annotations

import itertools
import random
import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

import trackers  # noqa: F401  (registers every game)
from tests.ashes.play import new_session as new_ashes_session
from tests.ashes.play import play_game as play_ashes
from tests.ashes.play import step as step_ashes
from tests.finished import scorepad_game, unsettled_game
from tests.hope_city.play import play_game as play_hope_city
from trackers.core.game import make_setup
from trackers.core.registry import get_game
from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints, EndGame
from trackers.services import storage
from trackers.services.history import CSV_HEADER, Play, TitleStats, history_csv, plays, select, stats
from trackers.services.results import Standing
from trackers.services.storage import Store

START = 1_700_000_000.0
"""2023-11-14 22:13:20 UTC."""


class Clock:
    """Stands for the wall clock the store reads."""

    def __init__(self) -> None:
        self.now = START

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(storage, "time", SimpleNamespace(time=fake.time))
    return fake


def stored(store: Store, session: Session, clock: Clock, minutes: float = 1) -> str:
    """The game played again into the store, one undo step at a time, `minutes` apart; its id."""
    game = store.create_game(session.module, session.setup, session.seed)
    for _, group in itertools.groupby(session.history, key=lambda entry: entry.group):
        assert game.session.dispatch_group([entry.action for entry in group]).ok
        clock.now += minutes * 60
    return game.id


def duo_game() -> Session:
    """Ann 4, "=Dee, Jr" 9: a name a spreadsheet would read as a formula, with a comma."""
    module = get_game("scorepad")
    session = Session(module, make_setup(module, ("Ann", "=Dee, Jr"), {}), 2)
    session.play(AddPoints("Ann", 4))
    session.play(AddPoints("=Dee, Jr", 9))
    session.play(EndGame())
    return session


def unfinished_game() -> Session:
    module = get_game("scorepad")
    session = Session(module, make_setup(module, ("Ann", "Eve"), {}), 3)
    session.play(AddPoints("Eve", 50))
    return session


def expert_ashes_game() -> Session:
    session = new_ashes_session(4, True, difficulty="expert")
    rng = random.Random(4)
    while step_ashes(session, rng) is not None:
        pass
    return session


@pytest.fixture
def small(tmp_path: Path, clock: Clock) -> Iterator[tuple[Store, dict[str, str]]]:
    """Four finished games and one in progress, an hour apart, their entries a few minutes apart: the score
    pad's 11 entries 2 minutes apart from 23:13:20 UTC (so 20 minutes), Unsettled's 15 one minute apart from
    00:35:20, ASHES's 184 half a minute apart from 02:51:20 (91.5 minutes, which rounds to 92), and the
    last score pad's 3 entries 3 minutes apart from 05:23:20."""
    with Store(tmp_path / "lantern.sqlite3") as store:
        ids = {}
        for name, session, minutes in (
            ("trio", scorepad_game(), 2),
            ("unsettled", unsettled_game(survived=True), 1),
            ("unfinished", unfinished_game(), 1),
            ("ashes", play_ashes(1, digital=True), 0.5),
            ("duo", duo_game(), 3),
        ):
            clock.now += 3600
            ids[name] = stored(store, session, clock, minutes)
        yield store, ids


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    """The small history, with two Hope City games (won, lost) and ASHES at the expert difficulty; read only
    by the tests, so made once."""
    clock = Clock()
    with Store(tmp_path_factory.mktemp("large") / "lantern.sqlite3") as store:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(storage, "time", SimpleNamespace(time=clock.time))
            for session in (
                scorepad_game(),
                play_hope_city(1, "survive", 3),
                unsettled_game(survived=True),
                unfinished_game(),
                play_ashes(1, digital=True),
                play_hope_city(1, "defeat", 3),
                duo_game(),
                expert_ashes_game(),
            ):
                clock.now += 3600
                stored(store, session, clock)
        yield store


def test_only_finished_games_are_plays_newest_first(small: tuple[Store, dict[str, str]]) -> None:
    store, ids = small
    found = plays(store)
    assert [p.game_id for p in found] == [ids["duo"], ids["ashes"], ids["unsettled"], ids["trio"]]
    assert [p.game for p in found] == ["scorepad", "ashes", "unsettled", "scorepad"]
    duo = found[0]
    assert (duo.title, duo.players, duo.winners) == ("Score pad", ("Ann", "=Dee, Jr"), ("=Dee, Jr",))
    assert found[1].winners == ()  # the rival won: it is not a player
    assert found[2].winners == ("Ann", "Bob")  # the explorers survived together
    trio = found[3].results
    assert (trio.started, trio.ended, trio.duration_min) == (START + 3600, START + 3600 + 20 * 60, 20)


def test_the_history_as_csv(small: tuple[Store, dict[str, str]]) -> None:
    store, _ = small
    text = history_csv(plays(store))
    assert (
        text.split("\r\n")[0]
        == ",".join(CSV_HEADER)
        == ("date,game,title,player,score,rank,winner,cooperative,won,duration_min,difficulty")
    )
    assert text == (
        "date,game,title,player,score,rank,winner,cooperative,won,duration_min,difficulty\r\n"
        "2023-11-15 05:29:20,scorepad,Score pad,Ann,4,2,false,false,,6,\r\n"
        '2023-11-15 05:29:20,scorepad,Score pad,"\'=Dee, Jr",9,1,true,false,,6,\r\n'
        "2023-11-15 04:22:50,ashes,ASHES: Blackout Protocol,Ann,60,2,false,false,,92,normal\r\n"
        "2023-11-15 00:49:20,unsettled,Unsettled: Blackout,Ann,0,1,true,true,true,14,\r\n"
        "2023-11-15 00:49:20,unsettled,Unsettled: Blackout,Bob,2,1,true,true,true,14,\r\n"
        "2023-11-14 23:33:20,scorepad,Score pad,Ann,12,1,true,false,,20,\r\n"
        "2023-11-14 23:33:20,scorepad,Score pad,Bob,12,1,true,false,,20,\r\n"
        "2023-11-14 23:33:20,scorepad,Score pad,Cy,7,3,false,false,,20,\r\n"
    )
    assert history_csv([]) == ",".join(CSV_HEADER) + "\r\n"


def test_stats_per_title(large: Store) -> None:
    found = plays(large)
    assert len(found) == 7 and len(large.list_games()) == 8
    assert stats(found) == (
        TitleStats(
            game="ashes",
            title="ASHES: Blackout Protocol",
            plays=2,
            wins=(("Ann", 0),),
            best=60,
            average=47.0,
            team_wins=None,
            against=(("expert", 0, 1), ("normal", 0, 1)),
        ),
        TitleStats(
            game="hope-city",
            title="Hope City",
            plays=2,
            wins=(("Ann", 1), ("Bob", 1)),
            best=None,
            average=None,
            team_wins=1,
            against=(),
        ),
        TitleStats(
            game="scorepad",
            title="Score pad",
            plays=2,
            wins=(("Ann", 1), ("Bob", 1), ("Cy", 0), ("=Dee, Jr", 1)),
            best=12,
            average=8.8,
            team_wins=None,
            against=(),
        ),
        TitleStats(
            game="unsettled",
            title="Unsettled: Blackout",
            plays=1,
            wins=(("Ann", 1), ("Bob", 1)),
            best=None,
            average=None,
            team_wins=1,
            against=(),
        ),
    )


def test_stats_and_plays_filtered_by_game_and_by_player(large: Store) -> None:
    found = plays(large)
    assert [s.title for s in stats(found, game="hope-city")] == ["Hope City"]
    assert stats(found, game="no-such-game") == ()
    [pad] = stats(found, player="Cy")
    assert (pad.plays, pad.wins, pad.best, pad.average) == (
        1,
        (("Ann", 1), ("Bob", 1), ("Cy", 0)),
        12,
        31 / 3,
    )
    assert [s.game for s in stats(found, player="Ann")] == ["ashes", "hope-city", "scorepad", "unsettled"]
    assert [s.game for s in stats(found, game="scorepad", player="Bob")] == ["scorepad"]
    assert stats(found, player="Eve") == ()  # she only played the unfinished game
    assert [p.game for p in select(found, player="Bob")] == [
        "hope-city",
        "unsettled",
        "hope-city",
        "scorepad",
    ]
    assert [p.players for p in select(found, game="scorepad")] == [("Ann", "=Dee, Jr"), ("Ann", "Bob", "Cy")]


def test_a_win_against_the_automated_opponent_counts_at_its_difficulty(large: Store) -> None:
    lost = next(p for p in plays(large) if p.results.difficulty == "normal")
    won = Play(
        replace(lost.results, standings=(Standing("Ann", 130, 1, True), Standing("rival", 120, 2, False)))
    )
    [ashes] = stats([won, lost])
    assert (ashes.wins, ashes.against, ashes.best, ashes.average) == (
        (("Ann", 1),),
        (("normal", 1, 2),),
        130,
        95.0,
    )


def test_deleting_a_game_or_undoing_its_end_changes_the_history(small: tuple[Store, dict[str, str]]) -> None:
    store, ids = small
    store.delete_game(ids["trio"])
    assert [p.game_id for p in plays(store)] == [ids["duo"], ids["ashes"], ids["unsettled"]]
    [pad] = stats(plays(store), game="scorepad")
    assert (pad.plays, pad.wins) == (1, (("Ann", 0), ("=Dee, Jr", 1)))

    game = store.open_game(ids["ashes"])
    game.session.undo()  # the final scoring: the game is in progress again
    assert [p.game_id for p in plays(store)] == [ids["duo"], ids["unsettled"]]
    game.session.redo()
    assert [p.game_id for p in plays(store)] == [ids["ashes"], ids["duo"], ids["unsettled"]]

    reopened = store.open_game(ids["unsettled"])
    reopened.session.undo()
    reopened.session.play(unsettled_game(survived=False).history[-1].action)  # LUNA won after all
    [unsettled] = stats(plays(store), game="unsettled")
    assert (unsettled.team_wins, unsettled.wins) == (0, (("Ann", 0), ("Bob", 0)))


def test_nothing_is_stored_beside_the_games(small: tuple[Store, dict[str, str]], tmp_path: Path) -> None:
    store, _ = small
    plays(store)
    with sqlite3.connect(tmp_path / "lantern.sqlite3") as db:
        tables = sorted(row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
    db.close()
    assert tables == ["games", "log", "packs", "settings"]


def test_a_game_this_lantern_cannot_open_is_left_out(
    small: tuple[Store, dict[str, str]], tmp_path: Path
) -> None:
    store, ids = small
    with sqlite3.connect(tmp_path / "lantern.sqlite3") as db:
        db.execute("UPDATE games SET game = 'not-a-game' WHERE id = ?", (ids["duo"],))
    db.close()
    assert [p.game_id for p in plays(store)] == [ids["ashes"], ids["unsettled"], ids["trio"]]
