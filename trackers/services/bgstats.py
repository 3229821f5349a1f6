"""A finished game as a play for BG Stats, through the app's documented import link:
`https://app.bgstatsapp.com/createPlay.html?data=<the play as url-encoded JSON>`.

Only what Lantern knows goes in: no key is sent empty or null, and the game's BoardGameGeek id only when the
player entered it (never guessed from the title).
"""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import quote

from trackers.services.results import Results

SOURCE = "Lantern"
CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"


def play_date(stamp: float) -> str:
    """BG Stats' date form, in UTC: "2025-03-01 19:30:00"."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(stamp))


def play_data(results: Results, bgg_id: int | None = None) -> dict[str, Any]:
    """The play as BG Stats reads it. The play's date is when its last entry was made (its first when that is
    unknown); ValueError when neither is known (BG Stats needs a date), or for a BGG id that is not one."""
    when = results.ended if results.ended is not None else results.started
    if when is None:
        raise ValueError("This game has no date: its entries were made before Lantern kept their times.")
    game: dict[str, Any] = {
        "name": results.title,
        "sourceGameId": results.game,
        "highestWins": not results.cooperative,
        "noPoints": results.cooperative,
    }
    if bgg_id is not None:
        if isinstance(bgg_id, bool) or not isinstance(bgg_id, int) or bgg_id < 1:
            raise ValueError(f"A BoardGameGeek id is a whole number from 1 up, not {bgg_id!r}.")
        game["bggId"] = bgg_id
    players = []
    for name in results.players:
        standing = results.standing(name)
        player: dict[str, Any] = {
            "name": name,
            "sourcePlayerId": name,
            "winner": bool(standing and standing.winner),
            "startPlayer": name == results.start_player,
        }
        if not results.cooperative and standing is not None:
            player["score"] = standing.score
            player["rank"] = standing.rank
        players.append(player)
    data: dict[str, Any] = {
        "sourceName": SOURCE,
        "sourcePlayId": results.game_id,
        "playDate": play_date(when),
    }
    if results.duration_min is not None:
        data["durationMin"] = results.duration_min
    data["game"] = game
    data["players"] = players
    return data


def play_json(results: Results, bgg_id: int | None = None) -> str:
    """The play's JSON, compact, as the link carries it (and "Copy play as JSON" copies it)."""
    return json.dumps(play_data(results, bgg_id), separators=(",", ":"))


def play_url(results: Results, bgg_id: int | None = None) -> str:
    """The link that opens BG Stats (the app, or its web page) with the play filled in."""
    return CREATE_PLAY + "?data=" + quote(play_json(results, bgg_id), safe="")
