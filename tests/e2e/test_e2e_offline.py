"""Offline means offline: through a whole game, the page asks nothing of any host but the app's own.

Chromium runs the client's WebAssembly build; browsers without WasmGC support (Firefox, Safari)
run its JavaScript build, which the canvaskit renderer selects here.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.e2e.flutter import browser_context, ident, serve, type_into


@pytest.fixture(params=["main.dart.wasm", "main.dart.js"], ids=["wasm", "js"])
def served(
    request: pytest.FixtureRequest, app_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[str, str]]:
    """The app's address, and the client build its page loads there."""
    build = str(request.param)
    if build == "main.dart.wasm":
        yield app_url, build
        return
    monkeypatch.setenv("FLET_WEB_RENDERER", "canvaskit")
    with serve(tmp_path / "data", tmp_path) as url:
        yield url, build


def _foreign(url: str, own: str) -> bool:
    """True when the URL reaches past the app's own host and port (data: URLs reach nowhere)."""
    if url.startswith("data:"):
        return False
    return urlsplit(url.removeprefix("blob:")).netloc != own


def test_a_game_requests_nothing_from_another_host(browser: Any, served: tuple[str, str]) -> None:
    url, build = served
    context = browser_context(browser, viewport={"width": 412, "height": 915})
    seen: list[str] = []
    context.on("request", lambda request: seen.append(request.url))
    context.on("serviceworker", lambda worker: seen.append(worker.url))
    try:
        page = context.new_page()
        page.on("websocket", lambda socket: seen.append(socket.url))
        page.on("worker", lambda worker: seen.append(worker.url))
        page.goto(url)
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60000)
        page.evaluate("document.querySelector('flt-semantics-placeholder').click()")

        page.get_by_role("button", name="New game").click()
        page.get_by_role("button", name="Score pad").click()
        type_into(page, page.get_by_role("textbox", name="Player 1"), "Offline Ann")
        type_into(page, page.get_by_role("textbox", name="Player 2"), "Offline Bob")
        page.get_by_role("button", name="Start").click()
        page.get_by_role("button", name="+5").first.click()
        expect(ident(page, "score-0")).to_have_text("5")
        page.get_by_role("tab", name="Rules").click()
        every_game = page.get_by_role("button", name="All games")
        every_game.click()  # from a game, its own rules come first
        expect(every_game).to_have_attribute("aria-current", "true")  # typed before it redraws, keys are lost
        type_into(page, page.get_by_role("textbox", name="Search the rules"), "undo")
        expect(page.get_by_text("Undo and redo").first).to_contain_text("Tap Undo")  # the search found it
    finally:
        context.close()

    own = urlsplit(url).netloc
    assert url in seen
    assert url + build in seen
    assert f"ws://{own}/ws" in seen
    assert [address for address in seen if _foreign(address, own)] == []
