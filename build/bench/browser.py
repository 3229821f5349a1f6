"""Page load in a real browser: Lantern beside a bare Flet counter, measured alternately in one run.

Absolute page-load times swing with the machine; the ratio to a trivial Flet app on the same machine,
same browser and same minute is what says whether Lantern itself got heavier.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from build.bench.figures import Figure, median
from build.bench.servers import REPO, serving, wait_until_200
from tests.e2e.flutter import CHROMIUM, CHROMIUM_ARGS

LOADS = 5
WAIT_MS = 30_000
FCP_WAIT_MS = 10_000
FCP_JS = "() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null"
FP_JS = "() => performance.getEntriesByName('first-paint')[0]?.startTime ?? null"


@dataclass
class App:
    """One app under test: its script, the button that proves it is usable, and its samples."""

    label: str
    script: Path
    ready_button: str
    url: str = ""
    paint_ms: list[float] = field(default_factory=list)
    ready_ms: list[float] = field(default_factory=list)
    paint_kinds: set[str] = field(default_factory=set)


def skip_reason() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (run `make chromium` as root to install Debian's chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError as error:
        return f"the playwright package is not installed ({error})"
    return None


def load_once(browser: Any, app: App) -> tuple[float, float, str]:
    """(first paint ms, ready ms, which paint entry) for one load in a fresh context (cold cache)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    context = browser.new_context()
    try:
        page = context.new_page()
        start = time.perf_counter()
        page.goto(app.url, wait_until="commit", timeout=WAIT_MS)
        kind = "first-contentful-paint"
        try:
            paint = page.wait_for_function(FCP_JS, timeout=FCP_WAIT_MS).json_value()
        except PlaywrightTimeout:
            kind = "first-paint"
            paint = page.wait_for_function(FP_JS, timeout=WAIT_MS).json_value()
        page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=WAIT_MS)
        page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
        page.get_by_role("button", name=app.ready_button).first.wait_for(timeout=WAIT_MS)
        ready = (time.perf_counter() - start) * 1_000
        return float(paint), ready, kind
    finally:
        context.close()


def page_load_figures() -> Iterator[Figure]:
    reason = skip_reason()
    if reason is not None:
        yield Figure("page load (browser figures)", None, "", f"skipped: {reason}")
        return
    from playwright.sync_api import sync_playwright

    lantern = App("Lantern", REPO / "main.py", "New game")
    counter = App("counter", Path(__file__).with_name("counter_app.py"), "Add")
    apps = (lantern, counter)
    with ExitStack() as stack:
        for app in apps:
            server = stack.enter_context(serving(app.script))
            wait_until_200(server)
            app.url = server.url
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                for app in apps:  # untimed: the first load pays for the OS file cache and server warm-up
                    load_once(browser, app)
                for _ in range(LOADS):
                    for app in apps:
                        paint, ready, kind = load_once(browser, app)
                        app.paint_ms.append(paint)
                        app.ready_ms.append(ready)
                        app.paint_kinds.add(kind)
                version = browser.version
            finally:
                browser.close()

    kinds = "/".join(sorted(lantern.paint_kinds | counter.paint_kinds))
    common = f"median of {LOADS} alternating loads after 1 warm-up each, fresh context, Chromium {version}"
    yield from _pair("first paint", lantern.paint_ms, counter.paint_ms, f"{kinds} startTime; {common}")
    yield from _pair(
        "goto -> ready",
        lantern.ready_ms,
        counter.ready_ms,
        "goto to placeholder click to button in semantics DOM ('New game' / 'Add')",
    )


def _pair(what: str, lantern: list[float], counter: list[float], notes: str) -> Iterator[Figure]:
    mine, base = median(lantern), median(counter)
    yield Figure(f"{what}, Lantern", mine, "ms", notes)
    yield Figure(f"{what}, counter app", base, "ms", _spread(counter))
    yield Figure(f"{what}, Lantern / counter", mine / base, "x", f"Lantern {_spread(lantern)}")


def _spread(samples: list[float]) -> str:
    return f"range {min(samples):.0f}-{max(samples):.0f} ms"
