"""How long a player waits for Home, beside a bare Flet counter started the same way (`ONLY=start`).

Three ways in, each measured for Lantern and the counter in one run, alternately, so the machine's
mood of the minute weighs on both alike:
- the static site (`make web`, build/static_web.py; the counter built by the same builder, with the
  same client, Pyodide and wheels), served by a static file server that counts what it sends: the first
  visit in a fresh browser context (empty cache), then a reload in that context (cache warm);
- the served app (`make run`): spawn to HTTP 200, and opening the page to its first screen;
- `import views.app` on CPython, beside `import flet`, the floor under it.
"""

from __future__ import annotations

import functools
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from build.bench.browser import App, load_once, skip_reason
from build.bench.figures import Figure, median
from build.bench.servers import HOST, REPO, serving, wait_until_200
from tests.e2e.flutter import CHROMIUM, CHROMIUM_ARGS

LOADS = 3
IMPORTS = 3
WAIT_MS = 180_000
COUNTER = Path(__file__).with_name("counter_app.py")
VIEWPORT = {"width": 412, "height": 915}


class Counted(ThreadingHTTPServer):
    """A static file server that adds up the bytes of the files it sends and counts its answers."""

    def __init__(self, site: Path) -> None:
        super().__init__((HOST, 0), functools.partial(_Handler, directory=str(site)))
        self.lock = threading.Lock()
        self.sent = 0
        self.answers = 0

    def take(self) -> tuple[int, int]:
        """(bytes, answers) since the last call."""
        with self.lock:
            taken = self.sent, self.answers
            self.sent = self.answers = 0
        return taken


class _Handler(SimpleHTTPRequestHandler):
    server: Counted

    def copyfile(self, source: Any, outputfile: Any) -> None:
        sent = 0
        while chunk := source.read(1 << 16):
            outputfile.write(chunk)
            sent += len(chunk)
        with self.server.lock:
            self.server.sent += sent

    def send_response(self, code: int, message: str | None = None) -> None:
        with self.server.lock:
            self.server.answers += 1
        super().send_response(code, message)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the bench prints figures, not a request log."""


@contextmanager
def static_site(site: Path) -> Iterator[tuple[str, Counted]]:
    server = Counted(site)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_address[1]}/", server
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class Static:
    """One static site under test and its samples: seconds to the first screen, and bytes sent."""

    label: str
    ready_button: str
    url: str = ""
    server: Counted | None = None
    cold_s: list[float] = field(default_factory=list)
    warm_s: list[float] = field(default_factory=list)
    cold_bytes: list[int] = field(default_factory=list)
    warm_bytes: list[int] = field(default_factory=list)
    cold_answers: list[int] = field(default_factory=list)
    warm_answers: list[int] = field(default_factory=list)


def _ready(page: Any, button: str) -> None:
    page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=WAIT_MS)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    page.get_by_role("button", name=button).first.wait_for(timeout=WAIT_MS)


def visit(browser: Any, app: Static, record: bool) -> None:
    """A first visit in a fresh context, then a reload in it: each timed from the request to the first
    screen's button in the semantics DOM."""
    assert app.server is not None
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        app.server.take()
        start = time.perf_counter()
        page.goto(app.url, wait_until="commit", timeout=WAIT_MS)
        _ready(page, app.ready_button)
        cold = time.perf_counter() - start
        cold_bytes, cold_answers = app.server.take()
        start = time.perf_counter()
        page.reload(wait_until="commit", timeout=WAIT_MS)
        _ready(page, app.ready_button)
        warm = time.perf_counter() - start
        warm_bytes, warm_answers = app.server.take()
    finally:
        context.close()
    if record:
        app.cold_s.append(cold)
        app.warm_s.append(warm)
        app.cold_bytes.append(cold_bytes)
        app.warm_bytes.append(warm_bytes)
        app.cold_answers.append(cold_answers)
        app.warm_answers.append(warm_answers)


def static_figures(browser: Any, root: Path) -> Iterator[Figure]:
    from build.static_web import build

    lantern, counter = Static("Lantern", "New game"), Static("counter", "Add")
    started = time.perf_counter()
    lantern_site = build(root / "lantern")
    built = time.perf_counter() - started
    counter_site = build(root / "counter", app=COUNTER)
    yield Figure("static: make web", built, "s", f"site {_mb(_size(lantern_site)):.0f} MB on disk")
    with static_site(lantern_site) as (lantern.url, lantern.server), static_site(counter_site) as served:
        counter.url, counter.server = served
        for app in (lantern, counter):  # untimed: the first visit pays for the OS file cache
            visit(browser, app, record=False)
        for _ in range(LOADS):
            for app in (lantern, counter):
                visit(browser, app, record=True)
    how = f"median of {LOADS}, alternating, {VIEWPORT['width']} x {VIEWPORT['height']}"
    yield from _pair("static cold", lantern.cold_s, counter.cold_s, f"fresh context, goto -> button; {how}")
    yield from _pair("static warm", lantern.warm_s, counter.warm_s, "reload in that context (cache warm)")
    for app in (lantern, counter):
        yield Figure(
            f"static cold fetched, {app.label}",
            _mb(median(app.cold_bytes)),
            "MB",
            f"{median(app.cold_answers):.0f} answers from the static server",
        )
        yield Figure(
            f"static warm fetched, {app.label}",
            _mb(median(app.warm_bytes)),
            "MB",
            f"{median(app.warm_answers):.0f} answers (304s included)",
        )


def served_figures(browser: Any) -> Iterator[Figure]:
    lantern = App("Lantern", REPO / "main.py", "New game")
    counter = App("counter", COUNTER, "Add")
    spawned: dict[str, list[float]] = {"Lantern": [], "counter": []}
    for _ in range(LOADS):
        for app in (lantern, counter):
            with serving(app.script) as server:
                spawned[app.label].append(wait_until_200(server))
                app.url = server.url
                load_once(browser, app)  # untimed: the server's first page pays for its warm-up
                app.ready_ms.append(load_once(browser, app)[1] / 1_000)
    yield from _pair("served spawn -> 200", spawned["Lantern"], spawned["counter"], "main.py, counter_app.py")
    yield from _pair(
        "served goto -> ready",
        lantern.ready_ms,
        counter.ready_ms,
        f"fresh context, second page of a fresh server, median of {LOADS}",
    )


def import_figures() -> Iterator[Figure]:
    code = "import time; t = time.perf_counter(); import {}; print(time.perf_counter() - t)"
    for module in ("views.app", "flet"):
        samples = []
        for _ in range(IMPORTS):
            run = [sys.executable, "-c", code.format(module)]
            samples.append(float(subprocess.run(run, cwd=REPO, capture_output=True, check=True).stdout))
        yield Figure(f"import {module}", median(samples), "s", f"CPython, fresh process, median of {IMPORTS}")


def start_figures() -> Iterator[Figure]:
    yield from import_figures()
    reason = skip_reason()
    if reason is not None:
        yield Figure("start (browser figures)", None, "", f"skipped: {reason}")
        return
    from playwright.sync_api import sync_playwright

    root = Path(tempfile.mkdtemp(prefix="lantern-bench-static-"))
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                yield from served_figures(browser)
                yield from static_figures(browser, root)
            finally:
                browser.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _pair(what: str, lantern: list[float], counter: list[float], notes: str) -> Iterator[Figure]:
    mine, base = median(lantern), median(counter)
    yield Figure(f"{what}, Lantern", mine, "s", notes)
    yield Figure(f"{what}, counter", base, "s", _spread(counter))
    yield Figure(f"{what}, Lantern / counter", mine / base, "x", f"Lantern {_spread(lantern)}")


def _spread(samples: list[float]) -> str:
    return f"range {min(samples):.2f}-{max(samples):.2f} s, sd {statistics.pstdev(samples):.2f}"


def _size(site: Path) -> int:
    return sum(f.stat().st_size for f in site.rglob("*") if f.is_file())


def _mb(size: float) -> float:
    return size / 1e6
