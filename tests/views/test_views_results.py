"""After the game without a browser (issue 13): the results sheet on a finished game, its charts and their
text, the play handed to BG Stats (link, JSON, BGG id), Home's two sections, and History and stats."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

import flet as ft
import flet_charts as fch
import pytest

import trackers  # noqa: F401
from tests.finished import FINISHED
from tests.finished import results as finished_results
from tests.views.harness import FakeConnection, FakePage, open_page, run
from trackers.services import bgstats
from trackers.services.history import Play, TitleStats, history_csv, plays
from trackers.services.results import Results, Standing
from trackers.services.storage import Store
from views.app import start
from views.model import AppModel
from views.plays import stats_lines
from views.results import NO_DATE, ResultsSheet, bgg_id, scale
from views.widgets import CHIP, TALL_BUTTON, TOUCH


async def _score_pad(page: FakePage, *names: str) -> None:
    await page.fire("new-game")
    await page.fire("pick-scorepad")
    for _ in range(len(names) - 2):
        await page.fire("players-more")
    for i, name in enumerate(names):
        await page.change(f"player-name-{i}", name)
    await page.fire("start-game")


async def _finished(page: FakePage, *names: str) -> None:
    """Ann 5 and Bob 2 in round 1; Ann 1 and Bob 5 in round 2 (Ann 6, Bob 7): Bob wins."""
    await _score_pad(page, *names)
    await page.fire("quick-0-5")
    await page.fire("quick-1-1")
    await page.fire("quick-1-1")
    await page.fire("end-round")
    await page.fire("quick-0-1")
    await page.fire("quick-1-5")
    await page.fire("end-game")


def _charts(page: FakePage, kind: type) -> list[Any]:
    return [c for c in page.controls() if isinstance(c, kind)]


def _play_in(url: str) -> dict[str, Any]:
    link = urlsplit(url)
    assert f"{link.scheme}://{link.netloc}{link.path}" == bgstats.CREATE_PLAY
    data: dict[str, Any] = json.loads(parse_qs(link.query)["data"][0])
    return data


def _small(page: FakePage) -> list[str]:
    """Tappable controls not built to reach 48 px (the kit's tall buttons, chips and 48 px icon buttons)."""
    kinds = (ft.FilledButton, ft.OutlinedButton, ft.TextButton, ft.IconButton)
    small = []
    for control in (c for c in page.controls() if isinstance(c, kinds)):
        if isinstance(control, ft.IconButton):
            ok = control.width == control.height == TOUCH
        else:
            ok = control.style is TALL_BUTTON or control.style is CHIP
        if not ok:
            small.append(f"{type(control).__name__} {control.key}")
    return small


def test_a_finished_game_shows_its_results_above_the_panel(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _finished(page, "Ann", "Bob")
        game_id = store.list_games()[0].id
        assert page.identified("results-verdict") == "Winner: Bob"
        assert page.identified("results-reason") == "Highest score wins"
        assert page.identified("results-standings") == "1. Bob: 7 points, winner\n2. Ann: 6 points"
        assert page.identified("results-when").startswith("Played ")
        assert page.identified("results-breakdown-text") == (
            "Bob: 7 in all; Round 1: 2, Round 2: 5\nAnn: 6 in all; Round 1: 5, Round 2: 1"
        )
        assert page.identified("results-series-text") == "Round 1: Ann 5, Bob 2\nRound 2: Ann 6, Bob 7"
        for chart in ("results-breakdown-chart", "results-series-chart"):  # the texts above say it all
            assert page.tagged(chart).exclude_semantics and page.tagged(chart).label, "one named node"
        keys = [getattr(c, "key", None) for c in page.controls()]
        assert keys.index("results") < keys.index("player-0"), "the sheet is above the game's panel"

        (bars,) = _charts(page, fch.BarChart)
        assert [[rod.to_y for rod in group.rods] for group in bars.groups] == [[2, 5], [5, 1]]
        (lines,) = _charts(page, fch.LineChart)
        assert [[(p.x, p.y) for p in line.points] for line in lines.data_series] == [
            [(1, 5), (2, 6)],
            [(1, 2), (2, 7)],
        ]
        table = page.find("results-breakdown-table")
        cells = [[t.value for t in row.controls if isinstance(t, ft.Text)] for row in table.controls[::2]]
        assert cells == [
            ["Bob", "Ann"],
            ["1", "Round 1", "2", "5"],
            ["2", "Round 2", "5", "1"],
            ["", "Total", "7", "6"],
        ]

        play = _play_in(page.find("log-play").action.url)
        assert page.find("log-play").action.target == ft.UrlTarget.BLANK
        assert json.loads(page.find("copy-play").action.data) == play
        assert play.pop("durationMin") >= 1 and play.pop("playDate")
        assert play == {
            "sourceName": "Lantern",
            "sourcePlayId": game_id,
            "game": {"name": "Score pad", "sourceGameId": "scorepad", "highestWins": True, "noPoints": False},
            "players": [
                {
                    "name": "Ann",
                    "sourcePlayerId": "Ann",
                    "winner": False,
                    "startPlayer": False,
                    "score": 6,
                    "rank": 2,
                },
                {
                    "name": "Bob",
                    "sourcePlayerId": "Bob",
                    "winner": True,
                    "startPlayer": False,
                    "score": 7,
                    "rank": 1,
                },
            ],
        }
        await page.fire("log-play")
        assert "BG Stats opens with this play" in page.identified("notice-message")
        await page.fire("copy-play")
        assert page.identified("notice-message") == "Copied the play as JSON."
        assert _small(page) == []

    run(go())


def test_undo_takes_the_results_away_and_redo_brings_them_back(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _score_pad(page, "Ann", "Bob")
        await page.fire("quick-0-5")
        scrolled = len(page.scrolled_to_top())
        await page.fire("end-game")
        assert page.has("results")
        assert len(page.scrolled_to_top()) == scrolled + 1, "the screen goes to its top, where the sheet is"
        await page.fire("undo")
        assert not page.has("results") and not _charts(page, fch.LineChart)
        await page.fire("redo")
        assert page.identified("results-verdict") == "Winner: Ann"
        await page.fire("undo")
        await page.fire("quick-1-5")  # 5 all: a tie shares the win and the rank
        await page.fire("end-game")
        assert page.identified("results-verdict") == "Winners: Ann and Bob"
        assert page.identified("results-standings") == "1. Ann: 5 points, winner\n1. Bob: 5 points, winner"
        assert page.identified("results-series-text") == "Round 1: Ann 5, Bob 5"

    run(go())


def test_one_point_is_said_in_the_singular(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _score_pad(page, "Ann", "Bob")
        await page.fire("quick-0-1")
        await page.fire("end-game")
        assert page.identified("results-standings") == "1. Ann: 1 point, winner\n2. Bob: 0 points"

    run(go())


def test_the_bgg_id_is_digits_or_nothing_and_is_kept_for_the_game(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _finished(page, "Ann", "Bob")
        assert "bggId" not in _play_in(page.find("log-play").action.url)["game"]
        await page.change("results-bgg-id", "12a")
        for key in ("log-play", "copy-play"):
            assert page.find(key).disabled and page.find(key).action is None
        assert page.identified("log-play-blocked").startswith("“12a” is not a BGG id: digits only")
        await page.change("results-bgg-id", " 266192 ")
        assert not page.has("log-play-blocked")
        assert _play_in(page.find("log-play").action.url)["game"]["bggId"] == 266192
        assert json.loads(page.find("copy-play").action.data)["game"]["bggId"] == 266192
        await page.fire("copy-play")
        assert store.get_setting("bgg-id:scorepad", "") == "266192"

        await page.fire("close-game")
        await _finished(page, "Cy", "Di")  # the next Score pad play starts with the id entered
        assert page.find("results-bgg-id").value == "266192"
        assert _play_in(page.find("log-play").action.url)["game"]["bggId"] == 266192
        await page.change("results-bgg-id", "")
        await page.fire("log-play")
        assert "bggId" not in _play_in(page.find("log-play").action.url)["game"]
        assert store.get_setting("bgg-id:scorepad", "?") == ""

    run(go())


def test_bgg_ids() -> None:
    assert bgg_id("") is None and bgg_id("  ") is None
    assert bgg_id("266192") == 266192 and bgg_id(" 7 ") == 7
    for wrong in ("0", "-3", "12a", "1.5", "١٢", "1234567890"):
        assert isinstance(bgg_id(wrong), str), wrong


def test_the_value_axis_steps_never_crowd() -> None:
    assert scale([5, 1]) == (0, 6, 1)
    assert scale([6, 11]) == (0, 15, 5)
    assert scale([0]) == (0, 1, 1)
    assert scale([-1, 7]) == (-2, 8, 2)
    assert scale([1234]) == (0, 1500, 500)
    for values in ([3], [99], [100], [-12, 3], [45, 47], [250, 7]):
        bottom, top, step = scale(values)
        assert bottom <= min([0, *values]) and top > max(values)
        assert (top - bottom) / step <= 7


def _results(**changes: Any) -> Results:
    base = Results(
        game_id="g1",
        game="ashes",
        title="ASHES: Blackout Protocol",
        cooperative=False,
        won=None,
        reason="the rival's VP against yours",
        standings=(Standing("Ann", 31, 1, True), Standing("rival", 27, 2, False)),
        score_label="VP",
        players=("Ann",),
        start_player="Ann",
        categories=("Colony", "Shelters"),
        breakdown=(("Ann", (20, 11)), ("rival", (27, 0))),
        round_label="Round",
        series=((1, (10,)), (2, (31,))),
        started=1_700_000_000.0,
        ended=1_700_003_600.0,
        difficulty="Hard",
        opponent="rival",
    )
    return Results(**{**base.__dict__, **changes})


async def _sheet(store: Store, results: Results) -> FakePage:
    def show(page: ft.Page) -> None:
        page.render(ResultsSheet, AppModel(store), results)

    return await open_page(show)


def test_a_solo_play_against_the_rival_and_a_co_op_play(store: Store) -> None:
    async def go() -> None:
        page = await _sheet(store, _results())
        assert page.identified("results-verdict") == "Winner: Ann"
        assert page.identified("results-standings") == "1. Ann: 31 VP, winner\n2. rival: 27 VP"
        assert page.identified("results-breakdown-text") == (
            "Ann: 31 in all; Colony: 20, Shelters: 11\nrival: 27 in all; Colony: 27, Shelters: 0"
        )
        assert page.identified("results-series-text") == "Round 1: Ann 10\nRound 2: Ann 31"
        play = _play_in(page.find("log-play").action.url)
        assert play["durationMin"] == 60 and play["playDate"] == "2023-11-14 23:13:20"
        assert play["players"] == [
            {
                "name": "Ann",
                "sourcePlayerId": "Ann",
                "winner": True,
                "startPlayer": True,
                "score": 31,
                "rank": 1,
            }
        ]

        coop = _results(
            game="hope-city",
            title="Hope City",
            cooperative=True,
            won=False,
            reason="the city fell: a third PUNK space",
            standings=(Standing("Ann", 0, 1, False), Standing("Bob", 0, 1, False)),
            players=("Ann", "Bob"),
            categories=(),
            breakdown=(),
            round_label="Year",
            series=((1, (0, 0)), (2, (0, 0))),
            difficulty=None,
            opponent=None,
        )
        page = await _sheet(store, coop)
        assert page.identified("results-verdict") == "The table lost"
        assert page.identified("results-reason") == "The city fell: a third PUNK space"
        assert page.identified("results-breakdown-text") == "This game gives no breakdown."
        assert page.identified("results-series-text") == "Year 1: Ann 0, Bob 0\nYear 2: Ann 0, Bob 0"
        play = _play_in(page.find("log-play").action.url)
        assert play["game"]["noPoints"] is True and play["game"]["highestWins"] is False
        assert [set(p) for p in play["players"]] == [{"name", "sourcePlayerId", "winner", "startPlayer"}] * 2

    run(go())


def test_a_play_without_a_date_is_not_logged_and_says_why(store: Store) -> None:
    async def go() -> None:
        page = await _sheet(store, _results(started=None, ended=None))
        assert page.identified("results-when").startswith("The date of this play is not known")
        for key in ("log-play", "copy-play"):
            assert page.find(key).disabled and page.find(key).action is None
        assert page.identified("log-play-blocked") == NO_DATE

    run(go())


def test_stats_lines_for_the_rival_and_co_op() -> None:
    solo = TitleStats("ashes", "ASHES", 3, (("Ann", 2),), 40, 31.5, None, (("Hard", 1, 2), ("Normal", 1, 1)))
    found = [Play(_results())]
    assert stats_lines(solo, found) == [
        "Plays: 3",
        "Wins: Ann 2",
        "Best score: 40 VP · average: 31.5 VP",
        "Against the rival (Hard): won 1 of 2",
        "Against the rival (Normal): won 1 of 1",
    ]
    coop = TitleStats("hope-city", "Hope City", 2, (("Ann", 1), ("Bob", 1)), None, None, 1, ())
    assert stats_lines(coop, []) == ["Plays: 2", "Won together: 1 of 2", "Players: Ann, Bob"]


def test_home_keeps_finished_games_apart_and_history_counts_them(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.fire("history-stats")
        assert page.identified("plays-count").startswith("No finished games yet")
        assert page.find("export-history").disabled
        await page.fire("plays-back")

        await _finished(page, "Ann", "Bob")  # Bob wins 7 to 6
        await page.fire("close-game")
        await _score_pad(page, "Cy", "Ann")
        await page.fire("quick-1-5")
        await page.fire("end-game")  # Ann wins 5 to 0
        await page.fire("close-game")
        await _score_pad(page, "Di", "Ed")  # in progress
        await page.fire("close-game")
        newest, second, first = (g.id for g in store.list_games())

        texts = page.texts()
        assert texts.index("Games in progress") < texts.index("Finished games")
        assert page.has(f"resume-{newest}") and not page.has(f"see-results-{newest}")
        assert page.has(f"see-results-{first}") and not page.has(f"resume-{first}")

        await page.fire("history-stats")
        assert page.identified("plays-count") == "2 plays"
        assert page.identified("stats-scorepad") == (
            "Plays: 2\nWins: Ann 1, Bob 1, Cy 0\nBest score: 7 points · average: 4.5 points"
        )
        assert page.identified(f"play-{second}").endswith("Winner: Ann\nAnn 5, Cy 0")
        await page.fire("plays-player-Cy")
        assert page.identified("plays-count") == "1 of 2 plays"
        assert page.identified("stats-scorepad") == (
            "Plays: 1\nWins: Cy 0, Ann 1\nBest score: 5 points · average: 2.5 points"
        )
        assert not page.has(f"play-row-{first}")
        await page.fire("plays-game-scorepad")
        assert page.identified("plays-count") == "1 of 2 plays", "the player stays chosen"
        await page.fire("plays-player-*")
        assert page.identified("plays-count") == "2 plays"
        assert _small(page) == []

        page.page.platform = ft.PagePlatform.ANDROID  # a client says which it is; this page has none
        await page.fire("export-history")
        conn = page.session.connection
        assert isinstance(conn, FakeConnection)
        saved = [args for _, name, args in conn.invoked if name == "save_file"]
        assert saved[-1]["file_name"] == "lantern-history.csv"
        assert saved[-1]["src_bytes"] == history_csv(plays(store)).encode()

        await page.fire(f"play-open-{first}")  # a play opens its game on its results ...
        assert page.identified("results-verdict") == "Winner: Bob"
        await page.fire("close-game")  # ... and closing it goes back to the history
        assert page.has("export-history") and page.has(f"play-row-{first}")
        await page.fire("plays-back")
        await page.fire(f"see-results-{first}")
        await page.fire("undo")  # the game is open again: it leaves the history at once
        await page.fire("close-game")
        assert page.has(f"resume-{first}")
        await page.fire("history-stats")
        assert page.identified("plays-count") == "1 play"

    run(go())


@pytest.mark.parametrize("game", list(FINISHED))
def test_every_game_has_a_results_sheet(store: Store, game: str) -> None:
    """The sheet for a whole game of each registered game: its charts carry what its texts say."""
    results = finished_results(f"g-{game}", FINISHED[game](), (1_700_000_000.0, 1_700_001_800.0))

    async def go() -> None:
        page = await _sheet(store, results)
        assert page.identified("results-verdict") == (
            ("The table won" if results.won else "The table lost")
            if results.cooperative
            else "Winner" + ("s: " if len(results.winners) > 1 else ": ") + " and ".join(results.winners)
        )
        lines = page.identified("results-standings").splitlines()
        assert [line.split(":")[0] for line in lines] == [f"{s.rank}. {s.player}" for s in results.standings]
        bars = _charts(page, fch.BarChart)
        if results.categories:
            (chart,) = bars
            assert len(chart.groups) == len(results.categories)
            assert [[rod.to_y for rod in g.rods] for g in chart.groups] == [
                [values[i] for _, values in results.breakdown] for i in range(len(results.categories))
            ]
            assert len(page.identified("results-breakdown-text").splitlines()) == len(results.breakdown)
        else:
            assert bars == []
        lines_drawn = _charts(page, fch.LineChart)
        if results.series:
            (chart,) = lines_drawn
            assert [[(p.x, p.y) for p in line.points] for line in chart.data_series] == [
                [(n, scores[seat]) for n, scores in results.series] for seat in range(len(results.players))
            ]
            assert len(page.identified("results-series-text").splitlines()) == len(results.series)
        else:
            assert (
                lines_drawn == [] and page.identified("results-series-text") == "This game keeps no rounds."
            )
        play = _play_in(page.find("log-play").action.url)
        assert [p["name"] for p in play["players"]] == list(results.players)
        assert play["durationMin"] == 30 and play["game"]["noPoints"] is results.cooperative
        assert _small(page) == []

    run(go())
