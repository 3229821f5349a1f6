"""After the game in the browser (issue 13): finish a Score pad game, see the results sheet's two charts
drawn (offline: flet-charts' Flutter side is in Flet's prebuilt client) with their numbers as text, check
History and stats and the CSV export, then "Log this play": the BG Stats link is caught in the browser
(nothing leaves the machine) and its JSON is the play."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from tests.e2e.flutter import drawn_at_least, ident, type_into

ANN, BOB = "Chart Ann", "Chart Bob"
BLUE, RED = (0x1E, 0x88, 0xE5), (0xE5, 0x39, 0x35)  # PALETTE's first two: ft.Colors.BLUE_600, RED_600


def test_finish_a_game_see_its_results_and_log_the_play(page: Any, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 412, "height": 2400})  # tall: Flutter never scrolls under a click
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Score pad").click()
    type_into(page, page.get_by_role("textbox", name="Player 1"), ANN)
    type_into(page, page.get_by_role("textbox", name="Player 2"), BOB)
    page.get_by_role("button", name="Start").click()
    expect(ident(page, "status")).to_contain_text("Round 1")

    page.get_by_role("button", name="+5").nth(0).click()
    expect(ident(page, "score-0")).to_have_text("5")
    page.get_by_role("button", name="+1").nth(1).click()
    expect(ident(page, "score-1")).to_have_text("1")
    page.get_by_role("button", name="+1").nth(1).click()
    expect(ident(page, "score-1")).to_have_text("2")
    page.get_by_role("button", name="End round").click()
    expect(ident(page, "status")).to_contain_text("Round 2")
    page.get_by_role("button", name="+1").nth(0).click()
    expect(ident(page, "score-0")).to_have_text("6")
    page.get_by_role("button", name="+5").nth(1).click()
    expect(ident(page, "score-1")).to_have_text("7")
    page.get_by_role("button", name="End game").click()

    expect(ident(page, "results-verdict")).to_have_text(f"Winner: {BOB}")
    expect(ident(page, "results-standings")).to_have_text(f"1. {BOB}: 7 points, winner\n2. {ANN}: 6 points")
    expect(ident(page, "results-breakdown-text")).to_have_text(
        f"{BOB}: 7 in all; Round 1: 2, Round 2: 5\n{ANN}: 6 in all; Round 1: 5, Round 2: 1"
    )
    expect(ident(page, "results-series-text")).to_have_text(
        f"Round 1: {ANN} 5, {BOB} 2\nRound 2: {ANN} 6, {BOB} 7"
    )
    for chart in ("results-breakdown-chart", "results-series-chart"):
        expect(ident(page, chart)).to_be_visible()
        assert ident(page, chart).bounding_box()["height"] >= 200
    for chart in ("results-breakdown-chart", "results-series-chart"):
        assert drawn_at_least(page, chart, BLUE) >= 100, f"{chart}: {ANN}'s colour is not drawn"
        assert drawn_at_least(page, chart, RED) >= 100, f"{chart}: {BOB}'s colour is not drawn"

    page.get_by_role("button", name="Back to games").click()
    page.get_by_role("button", name="History and stats").click()
    ident(page, "plays-player").get_by_role("button", name=ANN, exact=True).click()
    expect(ident(page, "stats-scorepad")).to_have_text(
        f"Plays: 1\nWins: {ANN} 0, {BOB} 1\nBest score: 7 points · average: 6.5 points"
    )
    expect(ident(page, "plays-count")).to_have_text(re.compile(r"1 play|1 of \d+ plays"))
    row = page.locator('[flt-semantics-identifier^="play-"]').filter(has_text=ANN)
    expect(row).to_have_count(1)
    game_id = str(row.get_attribute("flt-semantics-identifier")).removeprefix("play-")

    with page.expect_download() as download:
        page.get_by_role("button", name="Export history (CSV)").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == "lantern-history.csv"
    lines = saved.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "date,game,title,player,score,rank,winner,cooperative,won,duration_min,difficulty"
    mine = [line.split(",")[3:7] for line in lines[1:] if f",{ANN}," in line or f",{BOB}," in line]
    assert mine == [[ANN, "6", "2", "false"], [BOB, "7", "1", "true"]]

    page.get_by_role("button", name="Results").click()  # the one play shown: it opens on its results
    expect(ident(page, "results-verdict")).to_have_text(f"Winner: {BOB}")

    caught: list[str] = []
    elsewhere: list[str] = []

    def bgstats(route: Any) -> None:
        caught.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body="<p>BG Stats stand-in</p>")

    def anywhere_else(route: Any) -> None:
        url = route.request.url
        if url.startswith(("http://127.0.0.1", "about:", "data:", "blob:")):
            route.fallback()
        else:
            elsewhere.append(url)
            route.abort()

    page.context.route("**/*", anywhere_else)
    page.context.route("https://app.bgstatsapp.com/**", bgstats)
    with page.context.expect_page() as opened:
        page.get_by_role("button", name="Log this play").click()
    opened.value.wait_for_load_state()
    expect(ident(page, "notice-message")).to_contain_text("BG Stats opens with this play")
    page.context.unroute("**/*")
    assert elsewhere == []
    assert len(caught) == 1
    link = urlsplit(caught[0])
    assert (link.scheme, link.netloc, link.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    play = json.loads(parse_qs(link.query)["data"][0])
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play.pop("playDate"))
    assert play.pop("durationMin") >= 1
    assert play == {
        "sourceName": "Lantern",
        "sourcePlayId": game_id,
        "game": {"name": "Score pad", "sourceGameId": "scorepad", "highestWins": True, "noPoints": False},
        "players": [
            {
                "name": ANN,
                "sourcePlayerId": ANN,
                "winner": False,
                "startPlayer": False,
                "score": 6,
                "rank": 2,
            },
            {"name": BOB, "sourcePlayerId": BOB, "winner": True, "startPlayer": False, "score": 7, "rank": 1},
        ],
    }
