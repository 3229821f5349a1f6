"""A finished play as BG Stats' import link: built, parsed back, and compared whole with the documented fields
(trackers/services/bgstats.py)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

import trackers  # noqa: F401  (registers every game)
from tests.ashes.play import play_game as play_ashes
from tests.finished import results, scorepad_game
from tests.hope_city.play import play_game as play_hope_city
from trackers.core.game import make_setup
from trackers.core.registry import get_game
from trackers.core.session import Session
from trackers.scorepad.actions import AddPoints, EndGame
from trackers.services.bgstats import CREATE_PLAY, SOURCE, play_data, play_json, play_url
from trackers.services.results import Results

START = 1_700_000_000.0
"""2023-11-14 22:13:20 UTC."""


def parsed(url: str) -> Any:
    """The play a link carries, read back as BG Stats would: one `data` parameter holding the JSON."""
    split = urlsplit(url)
    assert (
        f"{split.scheme}://{split.netloc}{split.path}"
        == CREATE_PLAY
        == ("https://app.bgstatsapp.com/createPlay.html")
    )
    assert not split.fragment
    query = parse_qs(split.query, strict_parsing=True)
    assert list(query) == ["data"] and len(query["data"]) == 1
    assert re.fullmatch(r"data=[A-Za-z0-9%._~-]+", split.query), "the JSON is not fully url-encoded"
    return json.loads(query["data"][0])


def test_a_competitive_game_three_players() -> None:
    found = results("0123456789abcdef", scorepad_game(), (START, START + 47 * 60 + 20))
    expected = {
        "sourceName": "Lantern",
        "sourcePlayId": "0123456789abcdef",
        "playDate": "2023-11-14 23:00:40",
        "durationMin": 47,
        "game": {"name": "Score pad", "sourceGameId": "scorepad", "highestWins": True, "noPoints": False},
        "players": [
            {
                "name": "Ann",
                "sourcePlayerId": "Ann",
                "winner": True,
                "startPlayer": False,
                "score": 12,
                "rank": 1,
            },
            {
                "name": "Bob",
                "sourcePlayerId": "Bob",
                "winner": True,
                "startPlayer": True,
                "score": 12,
                "rank": 1,
            },
            {
                "name": "Cy",
                "sourcePlayerId": "Cy",
                "winner": False,
                "startPlayer": False,
                "score": 7,
                "rank": 3,
            },
        ],
    }
    assert parsed(play_url(found)) == expected
    assert play_data(found) == expected
    assert json.loads(play_json(found)) == expected
    with_bgg = parsed(play_url(found, bgg_id=12345))
    assert with_bgg["game"] == {**expected["game"], "bggId": 12345}  # type: ignore[dict-item]
    assert {k: v for k, v in with_bgg.items() if k != "game"} == {
        k: v for k, v in expected.items() if k != "game"
    }


def test_a_solo_game_against_the_automated_opponent() -> None:
    """ASHES solo: the one player is sent, with their score and rank; the rival is not a player."""
    found = results("a1b2c3d4e5f60718", play_ashes(1, digital=True), (START, START + 83 * 60))
    assert [(s.player, s.score, s.rank, s.winner) for s in found.standings] == [
        ("rival", 123, 1, True),
        ("Ann", 60, 2, False),
    ]
    assert parsed(play_url(found)) == {
        "sourceName": "Lantern",
        "sourcePlayId": "a1b2c3d4e5f60718",
        "playDate": "2023-11-14 23:36:20",
        "durationMin": 83,
        "game": {
            "name": "ASHES: Blackout Protocol",
            "sourceGameId": "ashes",
            "highestWins": True,
            "noPoints": False,
        },
        "players": [
            {
                "name": "Ann",
                "sourcePlayerId": "Ann",
                "winner": False,
                "startPlayer": True,
                "score": 60,
                "rank": 2,
            }
        ],
    }


def test_a_co_operative_game_has_no_points() -> None:
    """Hope City: everyone wins or loses together, so no score or rank is sent."""
    found = results("ffffeeeeddddcccc", play_hope_city(1, "survive", 3), (START, START + 150 * 60))
    assert found.start_player == "Bob"
    assert parsed(play_url(found)) == {
        "sourceName": "Lantern",
        "sourcePlayId": "ffffeeeeddddcccc",
        "playDate": "2023-11-15 00:43:20",
        "durationMin": 150,
        "game": {"name": "Hope City", "sourceGameId": "hope-city", "highestWins": False, "noPoints": True},
        "players": [
            {"name": "Ann", "sourcePlayerId": "Ann", "winner": True, "startPlayer": False},
            {"name": "Bob", "sourcePlayerId": "Bob", "winner": True, "startPlayer": True},
        ],
    }
    lost = results("g2", play_hope_city(1, "defeat", 3), (START, START + 60))
    assert [p["winner"] for p in parsed(play_url(lost))["players"]] == [False, False]


def finished(game: Results, started: float | None, ended: float | None) -> Results:
    return replace(game, started=started, ended=ended)


def test_the_date_and_length_come_from_the_first_and_last_entries() -> None:
    game = results("g", scorepad_game())
    short = parsed(play_url(finished(game, START, START + 10)))
    assert (short["playDate"], short["durationMin"]) == ("2023-11-14 22:13:30", 1)  # at least a minute
    no_start = parsed(play_url(finished(game, None, START)))
    assert no_start["playDate"] == "2023-11-14 22:13:20" and "durationMin" not in no_start
    no_end = parsed(play_url(finished(game, START, None)))
    assert no_end["playDate"] == "2023-11-14 22:13:20" and "durationMin" not in no_end
    with pytest.raises(ValueError, match="no date"):
        play_url(finished(game, None, None))


@pytest.mark.parametrize("bad", [0, -3, True])
def test_a_bgg_id_is_a_whole_number_from_1(bad: int) -> None:
    with pytest.raises(ValueError, match="BoardGameGeek id"):
        play_data(results("g", scorepad_game(), (START, START)), bgg_id=bad)


def test_names_with_any_characters_survive_the_link() -> None:
    module = get_game("scorepad")
    names = ("Zoë & Ünal", "a=b?c#d", "李 雷")
    session = Session(module, make_setup(module, names, {}), 1)
    session.play(AddPoints("李 雷", 4))
    session.play(EndGame())
    data = parsed(play_url(results("g", session, (START, START + 90))))
    assert [(p["name"], p["sourcePlayerId"], p["winner"]) for p in data["players"]] == [
        ("Zoë & Ünal", "Zoë & Ünal", False),
        ("a=b?c#d", "a=b?c#d", False),
        ("李 雷", "李 雷", True),
    ]
    assert data["sourceName"] == SOURCE
    assert not any(value is None for value in data.values())
