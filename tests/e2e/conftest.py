"""Real-browser fixtures: the app on a free port with its own data folder, and Debian's Chromium."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.flutter import CHROMIUM, CHROMIUM_ARGS

# Flutter paints slowly on a busy 2-core machine: give each expectation room before it fails.
expect.set_options(timeout=15_000)

ROOT = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if not CHROMIUM.exists():
        skip = pytest.mark.skip(reason="no /usr/bin/chromium (make test installs it when run as root)")
        for item in items:
            if "e2e" in item.nodeid:
                item.add_marker(skip)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    env = {
        **os.environ,
        "LANTERN_VIEW": "web",
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "LANTERN_DATA": str(tmp_path_factory.mktemp("lantern-data")),
    }
    log = tmp_path_factory.mktemp("logs") / "app.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "main.py"], cwd=ROOT, env=env, stdout=out, stderr=out)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(url, timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the app did not start:\n{log.read_text()}") from None
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: object, app_url: str) -> Iterator[object]:
    """A phone-sized page with Flutter's semantics tree switched on."""
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 412, "height": 915}, accept_downloads=True
    )
    pg = context.new_page()
    pg.goto(app_url)
    pg.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60000)
    pg.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    pg.get_by_role("button", name="New game").wait_for(timeout=30000)
    yield pg
    context.close()
