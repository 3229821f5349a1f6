"""Real-browser fixtures: the app on a free port with its own data folder, and Debian's Chromium."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.flutter import CHROMIUM, CHROMIUM_ARGS, open_page, serve

# Flutter paints slowly on a busy 2-core machine: give each expectation room before it fails.
expect.set_options(timeout=15_000)

UNTAKEN = (
    r"Locator\.(click|tap): Timeout[\s\S]*(performing (click|tap) action|locator resolved to <[^\n]*)\s*$"
)
"""A tap the page never took: its call log ends with the button found, or the tap sent, and then nothing
until the timeout. The freeze found behind it so far was Flutter's renderer drawing on a second thread
(views/webserve.py), since turned off; should another come, the failure says what the page still did."""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A tap the page never took: the failure says whether the page's main thread still answered and
    whether it still drew frames, what tells a stalled renderer from a stalled compositor or GPU."""
    outcome: Any = yield
    report = outcome.get_result()
    untaken = call.excinfo is not None and re.search(UNTAKEN, str(call.excinfo.value))
    if report.when == "call" and report.failed and untaken and hasattr(report.longrepr, "addsection"):
        pages = [
            value for value in getattr(item, "funcargs", {}).values() if hasattr(value, "wait_for_function")
        ]
        report.longrepr.addsection("what the page still did", "\n".join(_still(page) for page in pages))


def _still(page: Any) -> str:
    found = []
    for what, polling in (("answered a script", 100), ("drew a frame", "raf")):
        try:
            page.wait_for_function("() => true", polling=polling, timeout=5_000)
            found.append(f"{what} within 5 s")
        except Exception as error:  # a closed or crashed page says so too
            found.append(f"never {what} in 5 s ({type(error).__name__})")
    return f"{page.url}: " + "; ".join(found)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here is marked e2e (before `-m` selects: `make check` leaves them out with `-m "not e2e"`),
    and skipped with the reason where there is no Chromium."""
    here = Path(__file__).parent
    skip = pytest.mark.skip(reason="no /usr/bin/chromium (make test installs it when run as root)")
    for item in items:
        if item.path.is_relative_to(here):
            item.add_marker(pytest.mark.e2e)
            if not CHROMIUM.exists():
                item.add_marker(skip)


@pytest.fixture(scope="session")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("lantern-data"), tmp_path_factory.mktemp("logs")) as url:
        yield url


@pytest.fixture(scope="session")
def playwright_api() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_api: Any) -> Iterator[object]:
    b = playwright_api.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    yield b
    b.close()


@pytest.fixture(scope="session")
def pixel_7(playwright_api: Any) -> dict[str, Any]:
    """Playwright's descriptor of a Pixel 7: a phone's user agent, touch and screen density."""
    return dict(playwright_api.devices["Pixel 7"])


@pytest.fixture
def page(browser: object, app_url: str) -> Iterator[object]:
    """A phone-sized page on the shared app, at Home."""
    with open_page(browser, app_url) as pg:
        pg.get_by_role("button", name="New game").wait_for(timeout=30000)
        yield pg
