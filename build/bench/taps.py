"""Tap to DOM: how long a tap takes to show its result, Lantern beside a bare Flet counter, in one run.

Five pages in one Chromium (412 x 915), each on its own server: the bare counter (`counter_app.py`,
"Add"), a plain Flet page of the Score pad's size (`plain_page_app.py`: what the same amount of screen
costs written the simplest way), a Score pad game ("+1" on the first player, read in `score-0`), the
same 400 entries in (a long game must cost each tap what a short one does) and the heaviest ASHES
screen (a 4-player game played by a seeded table past 150 entries, on the board of the player to
play: "Fuel plus one" and "Fuel minus one" in turn, read in `adj-fuel`). Taps go round the
pages one at a time, so whatever else the machine does hits all of them alike, and each waits until the
page tapped before it has stopped drawing (`settle`).

Lantern's history follows an entry's result a moment later (views/model.py `LOG_DELAY_S`), so on Lantern's
screens the same tap is also timed to its history line (`history-count` showing one entry more): what the
deferral moves out of the result's frame is printed, not hidden.

Each tap is timed inside the page: `performance.now()` as script clicks the button's semantics node,
to the MutationObserver callback that first sees the new text in the semantics DOM. Playwright's round
trips are outside the timed span. Each server also notes when each click came in and its patches went
out (`timed_server.py`), so each page's taps split into the server's share and the rest (the browser,
the socket), which no app's own work can shorten. The figures are printed, never judged.
"""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from build.bench.browser import skip_reason
from build.bench.figures import Figure, median, percentile
from build.bench.servers import REPO, serving, wait_until_200
from build.bench.timed_server import WINDOW_MS
from tests.e2e.flutter import CHROMIUM, CHROMIUM_ARGS

TAPS = 80
TARGET_RATIO = 1.2  # Kit v2 point 8: within 1.2x of the counter's median, and a p95 of at most 100 ms
TARGET_P95_MS = 100
WARM_UP = 5
WAIT_MS = 60_000
VIEWPORT = {"width": 412, "height": 915}
PLAYERS = ("Ann", "Ben", "Cat", "Dan")
ASHES_SEED = 7
ASHES_ENTRIES = 150
LONG_ENTRIES = 400
HISTORY = "history-count"  # "N entries" in the history's title

# Click the button's tappable semantics node, then wait for the read-out to show `expected` (and, given a
# second read-out, for that one to show its own): the times to each, in ms.
TAP_JS = """
([button, id, expected, laterId, laterExpected]) => new Promise((resolve, reject) => {
  const showing = (which, text) => {
    const node = document.querySelector(`[flt-semantics-identifier="${which}"]`);
    return node !== null && node.textContent === text;
  };
  let first = null;
  const shown = () => {
    const now = performance.now() - started;
    if (first === null && showing(id, expected)) {
      first = now;
    }
    if (first !== null && (laterId === null || showing(laterId, laterExpected))) {
      return [first, laterId === null ? null : now];
    }
    return null;
  };
  const tappable = button.hasAttribute('flt-tappable') ? button : button.querySelector('[flt-tappable]');
  const target = tappable || button;
  let started = 0;
  let timer = 0;
  const observer = new MutationObserver(() => {
    const times = shown();
    if (times !== null) {
      observer.disconnect();
      clearTimeout(timer);
      resolve(times);
    }
  });
  timer = setTimeout(() => {
    observer.disconnect();
    reject(new Error(`${id} did not show ${expected} (then ${laterId} ${laterExpected}) within 10 s`));
  }, 10000);
  observer.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  started = performance.now();
  target.click();
})
"""


# Every frame a page draws is noted (Flutter draws in requestAnimationFrame), so a tap waits until the page
# before it has drawn its last: a tap's ripple and its history line keep a page drawing for a few hundred
# ms, and a page tapped meanwhile would share the machine with them (the page after the heaviest one paid).
FRAMES_JS = """
window.__lanternLastFrame = performance.now();
const request = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) => request((time) => {
  try {
    callback(time);
  } finally {
    window.__lanternLastFrame = performance.now();
  }
});
"""
QUIET_MS = 150
QUIET_JS = f"() => performance.now() - window.__lanternLastFrame > {QUIET_MS}"
SETTLE_MS = 3_000


@dataclass
class Screen:
    """One page under test: how to reach it, which button a tap presses, and what it then shows."""

    label: str
    script: Path
    readout: str  # the semantics identifier the result shows in
    button: Callable[[Any, int], Any]  # (page, tap number) -> a Playwright locator
    step: Callable[[int], int]  # tap number -> what the tap adds to the read-out
    prepare: Callable[[Path], None] | None = None
    open: Callable[[Any], None] = lambda page: None
    history: bool = False  # Lantern's: the tap is also timed to its history line
    samples: list[float] = field(default_factory=list)
    history_samples: list[float] = field(default_factory=list)
    page: Any = None
    times: Path | None = None  # where its server writes when each click's patches went out
    restless: int = 0  # taps after which the page still drew frames `SETTLE_MS` later


def seed_scorepad(data: Path) -> None:
    """A fresh 4-player Score pad game, the only saved game."""
    import trackers  # noqa: F401  (registers every game)
    from trackers.core.game import make_setup
    from trackers.core.registry import get_game
    from trackers.services.datadir import DATABASE_NAME
    from trackers.services.storage import Store

    module = get_game("scorepad")
    with Store(data / DATABASE_NAME) as store:
        store.create_game(module, make_setup(module, PLAYERS, {}), 7)


def seed_long_scorepad(data: Path) -> None:
    """A 4-player Score pad game 400 entries long: what a long game's history costs each tap."""
    import trackers  # noqa: F401  (registers every game)
    from trackers.core.game import make_setup
    from trackers.core.registry import get_game
    from trackers.scorepad.actions import AddPoints
    from trackers.services.datadir import DATABASE_NAME
    from trackers.services.storage import Store

    module = get_game("scorepad")
    with Store(data / DATABASE_NAME) as store:
        session = store.create_game(module, make_setup(module, PLAYERS, {}), 7).session
        for n in range(LONG_ENTRIES):
            session.dispatch(AddPoints(PLAYERS[n % len(PLAYERS)], 1))


def seed_ashes(data: Path) -> None:
    """A 4-player ASHES game played by a seeded table past 150 entries, stopped on a player's turn."""
    import trackers  # noqa: F401  (registers every game)
    from tests.ashes.play import step
    from trackers.ashes.game import ASHES
    from trackers.core.game import make_setup
    from trackers.services.datadir import DATABASE_NAME
    from trackers.services.storage import Store

    with Store(data / DATABASE_NAME) as store:
        session = store.create_game(ASHES, make_setup(ASHES, PLAYERS, {}), ASHES_SEED).session
        rng = random.Random(ASHES_SEED)
        for turn in range(5_000):
            state = session.state
            summary = ASHES.summary(state)
            if (
                len(session.history) >= ASHES_ENTRIES
                and summary.turn in PLAYERS
                and not state.rounds.setup_left
                and not state.rounds.game_over
            ):
                return
            if step(session, rng, turn) is None:
                break
    raise RuntimeError(f"seed {ASHES_SEED} ended before a player's turn past {ASHES_ENTRIES} entries")


def resume(page: Any) -> None:
    """Home, with one saved game: resume it."""
    page.get_by_role("button", name="Resume").click(timeout=WAIT_MS)


def screens() -> tuple[Screen, ...]:
    here = Path(__file__).parent
    counter = Screen(
        "counter",
        here / "counter_app.py",
        "count",
        lambda page, _: page.get_by_role("button", name="Add"),
        lambda _: 1,
    )
    plain = Screen(
        "plain Flet page of the Score pad's size",
        here / "plain_page_app.py",
        "count",
        lambda page, _: page.get_by_role("button", name="Add", exact=True),
        lambda _: 1,
    )
    scorepad, long_scorepad = (
        Screen(
            label,
            REPO / "main.py",
            "score-0",
            lambda page, _: page.get_by_role("button", name="+1", exact=True).first,
            lambda _: 1,
            prepare=seed,
            open=resume,
            history=True,
        )
        for label, seed in (
            ("Score pad", seed_scorepad),
            (f"Score pad, {LONG_ENTRIES} entries in", seed_long_scorepad),
        )
    )
    ashes = Screen(
        "ASHES player",
        REPO / "main.py",
        "adj-fuel",
        lambda page, n: page.locator(
            f'[flt-semantics-identifier="adj-fuel-{"plus" if n % 2 == 0 else "minus"}"]'
        ),
        lambda n: 1 if n % 2 == 0 else -1,
        prepare=seed_ashes,
        open=resume,
        history=True,
    )
    return counter, plain, scorepad, long_scorepad, ashes


def tap_once(screen: Screen, n: int) -> tuple[float, float | None]:
    """One tap, timed in the page (ms): to its result, and to its history line on Lantern's screens."""
    page = screen.page
    readout = page.locator(f'[flt-semantics-identifier="{screen.readout}"]')
    expected = str(int(readout.text_content(timeout=WAIT_MS)) + screen.step(n))
    later: list[str | None] = [None, None]
    if screen.history:
        entries = page.locator(f'[flt-semantics-identifier="{HISTORY}"]').text_content(timeout=WAIT_MS)
        count = int(entries.split()[0]) + 1
        later = [HISTORY, f"{count} entr{'y' if count == 1 else 'ies'}"]
    button = screen.button(page, n).element_handle(timeout=WAIT_MS)
    first, line = page.evaluate(TAP_JS, [button, screen.readout, expected, *later])
    return float(first), None if line is None else float(line)


def settle(screen: Screen) -> None:
    """Wait until the page has drawn nothing for `QUIET_MS`: the next tap, on another page, then has the
    machine to itself. A page still drawing after `SETTLE_MS` is counted, not waited for."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        screen.page.wait_for_function(QUIET_JS, polling=50, timeout=SETTLE_MS)
    except PlaywrightTimeout:
        screen.restless += 1


def open_screen(browser: Any, screen: Screen, url: str) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(FRAMES_JS)
    page = context.new_page()
    page.goto(url, timeout=WAIT_MS)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=WAIT_MS)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    screen.open(page)
    page.locator(f'[flt-semantics-identifier="{screen.readout}"]').wait_for(timeout=WAIT_MS)
    screen.page = page


def tap_figures() -> Iterator[Figure]:
    reason = skip_reason()
    if reason is not None:
        yield Figure("tap to DOM (browser figures)", None, "", f"skipped: {reason}")
        return
    from playwright.sync_api import sync_playwright

    measured = screens()
    with ExitStack() as stack:
        urls = []
        timing = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="lantern-taps-")))
        for number, screen in enumerate(measured):
            screen.times = timing / f"{number}.jsonl"
            server = stack.enter_context(serving(screen.script, screen.prepare, timed=screen.times))
            wait_until_200(server)
            urls.append(server.url)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                for screen, url in zip(measured, urls, strict=True):
                    open_screen(browser, screen, url)
                for n in range(WARM_UP + TAPS):
                    for screen in measured:
                        elapsed, line = tap_once(screen, n)
                        settle(screen)
                        if n >= WARM_UP:
                            screen.samples.append(elapsed)
                            if line is not None:
                                screen.history_samples.append(line)
                version = browser.version
            finally:
                browser.close()
        split = [server_split(screen) for screen in measured]
    counter, plain, *lantern = measured
    yield from summarize(
        counter.samples,
        [(screen.label, screen.samples) for screen in lantern],
        f"{TAPS} interleaved taps after {WARM_UP} each, click -> new text in the semantics DOM, "
        f"timed in the page, {VIEWPORT['width']}x{VIEWPORT['height']}, Chromium {version}",
        plain=plain.samples,
    )
    for figures in split:
        yield from figures
    for screen in lantern:
        yield Figure(
            f"tap to history line, {screen.label}",
            median(screen.history_samples),
            "ms",
            f"p95 {percentile(screen.history_samples, 95):.0f} ms; the line follows the result by design",
        )
    for screen in measured:
        if screen.restless:
            yield Figure(
                f"taps before the {screen.label} page went quiet",
                screen.restless,
                "taps",
                f"it still drew frames {SETTLE_MS} ms after them; the next page's tap shared the machine",
            )


def server_split(screen: Screen) -> list[Figure]:
    """The server's share of each timed tap (click in -> first patch out) and the rest's (the browser and
    the socket: the tap's time less the server's), paired tap by tap."""
    assert screen.times is not None
    sends: dict[int, list[float]] = {}
    untimed = None
    for line in screen.times.read_text().splitlines():
        record = json.loads(line)
        if "untimed" in record:
            untimed = record["untimed"]
        elif "ms" in record:
            sends[record["click"]].append(record["ms"])
        else:
            sends[record["click"]] = []
    name = f"server per tap, {screen.label}"
    taps = [sends[n] for n in sorted(sends)][-TAPS:]
    if untimed is not None or len(taps) < TAPS:
        return [Figure(name, None, "ms", f"not measured: {untimed or 'fewer clicks reached the server'}")]
    first = [patches[0] for patches in taps if patches]
    last = [patches[-1] for patches in taps if patches]
    rest = [tap - patches[0] for tap, patches in zip(screen.samples, taps, strict=True) if patches]
    if not first:
        return [Figure(name, None, "ms", f"not measured: no patch within {WINDOW_MS:.0f} ms of a click")]
    return [
        Figure(
            name,
            median(first),
            "ms",
            f"click in -> first patch out; p95 {percentile(first, 95):.1f} ms; last patch "
            f"{median(last):.1f} ms; {len(first)} of {TAPS} taps answered within {WINDOW_MS:.0f} ms",
        ),
        Figure(
            f"browser and socket per tap, {screen.label}",
            median(rest),
            "ms",
            f"the tap less the server's first patch, tap by tap; p95 {percentile(rest, 95):.1f} ms",
        ),
    ]


def summarize(
    counter: Sequence[float],
    screens: Sequence[tuple[str, Sequence[float]]],
    notes: str,
    plain: Sequence[float] = (),
) -> Iterator[Figure]:
    """Median and p95 of each, each screen's ratio to the counter's median (and p95), and, given the plain
    page's taps, each screen's ratio to that page's median: how far Lantern is from Flet's own cost."""
    base, base_p95 = median(counter), percentile(counter, 95)
    yield Figure("tap to DOM, counter app", base, "ms", notes)
    yield Figure("tap to DOM, counter app p95", base_p95, "ms", _spread(counter))
    if plain:
        yield Figure(
            "tap to DOM, plain Flet page (Score pad's size)",
            median(plain),
            "ms",
            f"{median(plain) / base:.2f}x the counter; p95 {percentile(plain, 95):.0f} ms; {_spread(plain)}",
        )
    for label, samples in screens:
        mine, mine_p95 = median(samples), percentile(samples, 95)
        yield Figure(f"tap to DOM, {label}", mine, "ms", _spread(samples))
        yield Figure(
            f"tap to DOM, {label} p95",
            mine_p95,
            "ms",
            f"{mine_p95 / base_p95:.2f}x the counter's p95 (target: at most {TARGET_P95_MS} ms)",
        )
        yield Figure(
            f"tap to DOM, {label} / counter",
            mine / base,
            "x",
            f"ratio of the medians (target: at most {TARGET_RATIO}x)",
        )
        if plain:
            yield Figure(
                f"tap to DOM, {label} / plain page",
                mine / median(plain),
                "x",
                "ratio of the medians: above 1, Lantern's own work per tap is the difference",
            )


def _spread(samples: Sequence[float]) -> str:
    return f"range {min(samples):.0f}-{max(samples):.0f} ms"
