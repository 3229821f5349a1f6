"""`make bench` is not part of `make test`, so at least check every bench module still imports against the
code it measures (a renamed helper would otherwise surface only when someone runs the bench)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

BENCH = Path(__file__).parents[1] / "build" / "bench"
MODULES = sorted(p.stem for p in BENCH.glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("name", MODULES)
def test_bench_module_imports(name: str) -> None:
    importlib.import_module(f"build.bench.{name}")


def test_tap_figures_report_median_p95_and_the_ratio_to_the_counter() -> None:
    from build.bench.taps import summarize

    counter = [10.0] * 19 + [40.0]
    pad = [20.0] * 19 + [90.0]
    figures = {f.name: f.value for f in summarize(counter, [("Score pad", pad)], "notes")}
    assert figures["tap to DOM, counter app"] == 10.0
    assert figures["tap to DOM, counter app p95"] == 10.0  # nearest rank: the 19th of 20
    assert figures["tap to DOM, Score pad"] == 20.0
    assert figures["tap to DOM, Score pad p95"] == 20.0
    assert figures["tap to DOM, Score pad / counter"] == 2.0
    assert "tap to DOM, Score pad / plain page" not in figures


def test_tap_figures_set_each_screen_beside_the_plain_page_of_its_size() -> None:
    from build.bench.taps import summarize

    counter, plain, pad = [10.0] * 20, [16.0] * 20, [20.0] * 20
    figures = {f.name: f.value for f in summarize(counter, [("Score pad", pad)], "notes", plain=plain)}
    assert figures["tap to DOM, plain Flet page (Score pad's size)"] == 16.0
    assert figures["tap to DOM, Score pad / plain page"] == 1.25
    assert figures["tap to DOM, Score pad / counter"] == 2.0


def test_the_bench_seeds_a_score_pad_game_to_resume(tmp_path: Path) -> None:
    import trackers  # noqa: F401  (registers every game)
    from build.bench.taps import PLAYERS, seed_scorepad
    from trackers.services.datadir import DATABASE_NAME
    from trackers.services.storage import Store

    seed_scorepad(tmp_path)
    with Store(tmp_path / DATABASE_NAME) as store:
        (game,) = store.list_games()
    assert game.players == PLAYERS


def _screen(times: Path, samples: list[float]) -> object:
    from build.bench.taps import Screen

    return Screen(
        "Score pad", times, "score-0", lambda page, n: None, lambda n: 1, samples=samples, times=times
    )


def test_each_tap_splits_into_the_servers_share_and_the_rest(tmp_path: Path) -> None:
    import json

    from build.bench.taps import TAPS, server_split

    records: list[dict[str, float]] = [{"click": 1}, {"click": 1, "ms": 9.0}]  # Resume, before the taps
    for n in range(2, TAPS + 2):
        records += [{"click": n}, {"click": n, "ms": 2.0 + n % 2}, {"click": n, "ms": 6.0}]
    times = tmp_path / "times.jsonl"
    times.write_text("".join(json.dumps(r) + "\n" for r in records))
    figures = {f.name: f for f in server_split(_screen(times, [20.0] * TAPS))}
    server = figures["server per tap, Score pad"]
    assert server.value == 2.5  # the first patch of each tap: 2 and 3 ms in turn
    assert "last patch 6.0 ms" in server.notes
    assert figures["browser and socket per tap, Score pad"].value == 17.5


def test_a_server_flet_no_longer_lets_time_says_so(tmp_path: Path) -> None:
    from build.bench.taps import server_split

    times = tmp_path / "times.jsonl"
    times.write_text('{"untimed": "Flet\'s Session has no dispatch_event or private send"}\n')
    (figure,) = server_split(_screen(times, []))
    assert figure.value is None and "not measured" in figure.notes


def test_each_round_of_the_round_bench_starts_from_a_game_the_engine_accepts() -> None:
    from build.bench.rounds import ROUNDS

    starts = {game.name: game.start().state for game in ROUNDS}
    assert starts["Blackout HK solo round"].stage == "dice"
    assert starts["Hope City citizen's turn"].stage == "turns"
    assert {game.name: game.budget for game in ROUNDS if game.budget is not None} == {
        "Blackout HK solo round": 35,
        "Hope City citizen's turn": 7,
    }


def test_a_round_over_its_budget_or_with_a_swipe_says_so() -> None:
    from build.bench.rounds import Hand, verdict

    hand = Hand(page=None, taps=30, typed=2, swipes=0, tallest=1800)
    assert verdict(hand, 35) == (
        "taps 30  typed 2  swipes  0  tallest  1800 px  budget 35 met   swipes 0 met"
    )
    hand = Hand(page=None, taps=36, typed=0, swipes=3, tallest=2400, swiped=["Scout (3)"])
    assert verdict(hand, 35).endswith("budget 35 OVER  swipes 0 OVER  swiped to: Scout (3)")
    assert "budget  - -" in verdict(hand, None)


def test_only_picks_the_sections_it_names_and_refuses_a_name_it_does_not_know() -> None:
    from build.bench.run import SECTIONS, chosen

    assert [name for name, _ in chosen("rounds")] == ["rounds"]
    assert len(chosen("")) == len(SECTIONS)
    with pytest.raises(SystemExit, match="no such section: round"):
        chosen("round")
