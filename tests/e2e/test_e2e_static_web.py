"""`make web`'s static site (build/static_web.py), served by a plain static file server: the
app's Python starts in the browser on Pyodide, a Score pad game takes two entries, the page is reloaded
and the game is still there with both (the store is kept in IndexedDB: views/browser_storage.py), its end
shows the results sheet with its charts (flet-charts, from the app archive), and the page asks nothing
of any host but the one serving it: no package index, no CDN.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from build.static_web import ARCHIVE, HOME, SNAPSHOT, build
from tests.e2e.flutter import browser_context, drawn_at_least, ident, type_into
from views.webserve import BOOTSTRAP, ONE_THREAD


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("static") / "web")


@contextmanager
def static_server(site: Path, port: int) -> Iterator[str]:
    """A plain static file server for the site on this port, stopped on the way out."""
    command = [sys.executable, "-m", "http.server", str(port), "-b", "127.0.0.1", "-d", str(site)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url, timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        server.wait(10)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def site_url(site: Path) -> Iterator[str]:
    with static_server(site, _free_port()) as url:
        yield url


def _open(page: Any, url: str | None) -> None:
    """Load (or, with no address, reload) the page and wait for Home: Pyodide and the app start first."""
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60000)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    page.get_by_role("button", name="New game").wait_for(timeout=120000)


def test_a_score_pad_game_is_played_and_kept_from_static_files(browser: Any, site_url: str) -> None:
    context = browser_context(browser, viewport={"width": 412, "height": 915})
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    try:
        page = context.new_page()
        _open(page, site_url)
        page.get_by_role("button", name="New game").click()
        page.get_by_role("button", name="Score pad").click()
        type_into(page, page.get_by_role("textbox", name="Player 1"), "Ann")
        type_into(page, page.get_by_role("textbox", name="Player 2"), "Bob")
        page.get_by_role("button", name="Start").click()
        expect(ident(page, "status")).to_contain_text("Round 1")
        page.get_by_role("button", name="+5").first.click()
        expect(ident(page, "score-0")).to_have_text("5")
        page.get_by_role("button", name="-1").first.click()
        expect(ident(page, "score-0")).to_have_text("4")
        # The copy to IndexedDB starts with the commit and ends a few milliseconds after the screen
        # shows the entry (views/browser_storage.py): reload no sooner than a person would.
        page.wait_for_timeout(500)
        _open(page, None)
        page.get_by_role("button", name="Resume").click()
        expect(ident(page, "score-0")).to_have_text("4")
        expect(ident(page, "scores")).to_contain_text("Ann: 4")
        # The results sheet's charts come from flet-charts, imported from the app archive like flet.
        page.get_by_role("button", name="End game").click()
        expect(ident(page, "results-verdict")).to_have_text("Winner: Ann")
        expect(ident(page, "results-series-text")).to_have_text("Round 1: Ann 4, Bob 0")
        expect(ident(page, "results-breakdown-chart")).to_be_visible()
        drawn = drawn_at_least(page, "results-breakdown-chart", (0x1E, 0x88, 0xE5))  # ft.Colors.BLUE_600
        assert drawn >= 100, f"Ann's bar shows {drawn} pixels of her colour"
    finally:
        context.close()
    web = [urlsplit(url) for url in requested if url.startswith(("http:", "https:"))]
    assert len(web) > 10  # the page, the client, CanvasKit, Pyodide, the app archive, the font...
    assert [url.geturl() for url in web if url.netloc != urlsplit(site_url).netloc] == []


def test_python_starts_as_the_page_opens_from_the_archive_as_it_stands(
    browser: Any, site: Path, site_url: str
) -> None:
    """One Python worker, made by the page as it opens and then taken by Flet's client (not a second one
    made once the client has started); the app imported from the zip as the site has it, as bytecode; and
    msgpack, pure Python in the snapshot, its compiled half again once Python runs."""
    if shutil.which("node") is None:
        pytest.skip("no node: make web ships sources and no snapshot (make test installs nodejs as root)")
    with zipfile.ZipFile(site / ARCHIVE) as archive:
        names = set(archive.namelist())
    assert {"main.pyc", "views/app.pyc", "__pypackages__/flet/app.pyc"} <= names
    assert not {"main.py", "views/app.py", "__pypackages__/flet/app.py"} & names
    assert any(name.startswith("__native__/msgpack/_cmsgpack") for name in names)
    assert (site / SNAPSHOT).exists()
    context = browser_context(browser, viewport={"width": 412, "height": 915})
    try:
        page = context.new_page()
        workers: list[Any] = []
        page.on("worker", lambda worker: workers.append(worker))
        _open(page, site_url)
        python = [worker for worker in workers if worker.url.endswith("/python-worker.js")]
        assert len(python) == 1, [worker.url for worker in workers]
        said = "import msgpack, views.app; msgpack.Packer.__module__, views.app.__file__"
        asked = f"self.pyodide.runPython('{said}').toJs()"
        assert python[0].evaluate(asked) == ["msgpack._cmsgpack", f"{HOME}/{ARCHIVE}/views/app.pyc"]
    finally:
        context.close()


def test_the_loader_asks_skwasm_to_draw_on_the_pages_thread(site: Path) -> None:
    """As the served app's does (views/webserve.py says why), for a host that makes the page isolated."""
    assert (site / BOOTSTRAP).read_text(encoding="utf-8").count(ONE_THREAD) == 1


def test_a_second_visit_starts_and_resumes_a_game_with_the_server_stopped(browser: Any, site: Path) -> None:
    """The service worker (sw.js) keeps the site: opened again with no server at all, the app starts and
    resumes the game kept in IndexedDB, and no address but the site's own is ever asked for."""
    port = _free_port()
    context = browser_context(browser, viewport={"width": 412, "height": 915})
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    try:
        with static_server(site, port) as url:
            first = context.new_page()
            first.on("worker", lambda worker: requested.append(worker.url))
            _open(first, url)
            first.get_by_role("button", name="New game").click()
            first.get_by_role("button", name="Score pad").click()
            type_into(first, first.get_by_role("textbox", name="Player 1"), "Cai")
            type_into(first, first.get_by_role("textbox", name="Player 2"), "Dee")
            first.get_by_role("button", name="Start").click()
            first.get_by_role("button", name="+5").first.click()
            expect(ident(first, "score-0")).to_have_text("5")
            first.wait_for_function("window.lanternCached === true", timeout=120000)
            first.wait_for_timeout(500)  # the entry's copy to IndexedDB, as in the test above
            first.close()
        with pytest.raises(OSError):
            urllib.request.urlopen(url, timeout=2)
        second = context.new_page()
        _open(second, url)
        second.get_by_role("button", name="Resume").click()
        expect(ident(second, "score-0")).to_have_text("5")
        expect(ident(second, "scores")).to_contain_text("Cai: 5")
    finally:
        context.close()
    web = [urlsplit(address) for address in requested if address.startswith(("http:", "https:"))]
    assert [address.geturl() for address in web if address.netloc != f"127.0.0.1:{port}"] == []
