"""The served page draws on its own thread (views/webserve.py says why): cross-origin isolated, as Flet's
server makes every page, its WebAssembly renderer still starts no worker to draw on."""

from __future__ import annotations

from typing import Any

from tests.e2e.flutter import browser_context


def test_the_served_page_draws_on_its_own_thread(browser: Any, app_url: str) -> None:
    context = browser_context(browser, viewport={"width": 412, "height": 915})
    try:
        page = context.new_page()
        workers: list[str] = []
        page.on("worker", lambda worker: workers.append(worker.url))
        page.goto(app_url)
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60000)
        page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
        page.get_by_role("button", name="New game").wait_for(timeout=30000)
        assert page.evaluate("() => [crossOriginIsolated, !!window._flutter_skwasmInstance]") == [True, True]
        assert workers == []
    finally:
        context.close()
