"""How the browser tests talk to Flutter's semantics tree, the way a person would."""

from __future__ import annotations

import math
import os
import socket
import struct
import subprocess
import sys
import time
import urllib.request
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from trackers.core.session import Session
from trackers.services.datadir import DATABASE_NAME
from trackers.services.storage import Store

ROOT = Path(__file__).resolve().parents[2]

# Debian's Chromium, headless on a machine with no network: background services would only fail.
CHROMIUM = Path("/usr/bin/chromium")
AXE = ROOT / ".venv" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core, the accessibility engine browsers' audits use, as `make test` installs it from npm."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


PLACEHOLDER_WAIT_S = 60
"""How long a phone page's semantics placeholder is tapped, a tap every few seconds, before the tests give
up on it (a busy machine may take long to start the client)."""
APP_BAR = 56
"""The app bar's height: the step comes into view below it."""
NAV_TOP = 80
"""The navigation bar's height: what is in view stands above it."""
SWIPE = 400
"""One swipe's scroll, in px."""
WHEEL = 1200
"""A mouse wheel's step: Flutter scrolls a phone's page by about a seventh of it (some 170 px)."""
WHEEL_STEPS = 60
"""Wheel steps before a target that never comes on screen fails the test."""


def ident(page: Any, name: str) -> Any:
    """The node a view tagged with this semantics identifier."""
    return page.locator(f'[flt-semantics-identifier="{name}"]')


LISTENING_JS = """
for (const [method, step] of [["addEventListener", 1], ["removeEventListener", -1]]) {
  const original = EventTarget.prototype[method];
  EventTarget.prototype[method] = function (type, ...rest) {
    if (type === "input") this.lanternInputListeners = (this.lanternInputListeners || 0) + step;
    return original.call(this, type, ...rest);
  };
}
"""
"""Counts the `input` listeners on each element: Flutter's text editing listens to a field's input once it
has attached to it, which may come a while after the field has focus (keys typed before are lost)."""
LISTENED = "() => (document.activeElement.lanternInputListeners || 0) > 0"
HOLDS = "t => document.activeElement.value === t"


def browser_context(browser: Any, **settings: Any) -> Any:
    """A browser context whose pages tell when Flutter listens to a text field (`type_into`)."""
    context = browser.new_context(**settings)
    context.add_init_script(LISTENING_JS)
    return context


def type_into(page: Any, field: Any, text: str) -> None:
    """Tap a text field, wait until Flutter listens to it, type at a person's pace; returns once the field
    holds the text.

    Keys typed before Flutter's text editing has attached to the field's input are lost, as is a value set
    in one go (Playwright's fill). The first tap on a field makes its input in the semantics tree: Flutter
    may focus it and attach, then drop the focus a moment later as the tree is rebuilt (seen on the rules
    search after switching tabs). Then the keys went nowhere and the field is tapped again, as a person
    does who sees no cursor.
    """
    for _ in range(3):
        field.click()
        try:
            page.wait_for_function(LISTENED, timeout=5_000)
        except PlaywrightTimeoutError:
            continue
        page.keyboard.press("Control+A")
        page.keyboard.type(text)
        try:
            page.wait_for_function(HOLDS, arg=text, timeout=5_000)
            return
        except PlaywrightTimeoutError:
            continue
    held = page.evaluate("() => [document.activeElement.tagName, document.activeElement.value]")
    raise AssertionError(f"typed {text!r} three times; the focused element holds {held}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(data: Path, logs: Path, host: str = "127.0.0.1") -> Iterator[str]:
    """`make run`'s app on a free port with its own data folder; stopped on the way out. An empty `host`
    leaves it to the stored setting, as `make run` does; the address returned is loopback's either way."""
    with served(data, logs, host) as (url, _):
        yield url


@contextmanager
def served(data: Path, logs: Path, host: str = "127.0.0.1") -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`serve`, with the app's process too; killed if it has not stopped 10 s after the stop signal."""
    port = _free_port()
    env = {
        **os.environ,
        "LANTERN_VIEW": "web",
        "HOST": host,
        "PORT": str(port),
        "LANTERN_DATA": str(data),
    }
    log = logs / "app.log"
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
        yield url, proc
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@contextmanager
def open_phone(browser: Any, device: dict[str, Any], url: str, width: int, height: int) -> Iterator[Any]:
    """A phone page (a Playwright device descriptor: a phone's user agent, touch, density) at this size.

    Flutter sizes its controls for the user agent, so only a phone's shows what a phone shows. A
    phone's placeholder for the semantics tree covers the screen and waits for a real tap: it is
    tapped at its centre rather than clicked from script.
    """
    settings = {k: v for k, v in device.items() if k != "default_browser_type"}
    context = browser_context(browser, **{**settings, "viewport": {"width": width, "height": height}})
    pg = context.new_page()
    pg.goto(url)
    placeholder = pg.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=60000)
    deadline = time.monotonic() + PLACEHOLDER_WAIT_S
    while True:  # a tap that comes before Flutter listens leaves it there: tap again
        pg.wait_for_timeout(500)
        box = placeholder.bounding_box()
        if box is None:
            break
        pg.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        try:
            placeholder.wait_for(state="detached", timeout=5000)
            break
        except PlaywrightTimeoutError:
            assert time.monotonic() < deadline, f"the semantics placeholder stayed {PLACEHOLDER_WAIT_S} s"
    try:
        yield pg
    finally:
        context.close()


def stored(store: Store, session: Session) -> str:
    """The session's entries as a stored game, which the app opens from Home."""
    game = store.create_game(session.module, session.setup, session.seed)
    for entry in session.history:
        assert game.session.dispatch(entry.action).ok
    return game.id


@contextmanager
def playing(browser: Any, device: dict[str, Any], folder: Path, session: Session) -> Iterator[Any]:
    """The app on a data folder holding this one game, opened from Home on a phone at 412 x 915."""
    store = Store(folder / DATABASE_NAME)
    stored(store, session)
    store.close()
    with serve(folder, folder) as url, open_phone(browser, device, url, 412, 915) as pg:
        pg.get_by_role("button", name="Resume").tap()
        expect(ident(pg, "bar-status")).to_be_visible()
        yield pg


def reach(pg: Any, target: Any) -> int:
    """Scroll until the target is on screen below the app bar and above the navigation bar: the swipes of
    SWIPE px a person would need for the distance it took (the wheel's steps are a test's, not a phone's)."""
    target.wait_for(state="attached")
    height = pg.viewport_size["height"]
    box, start = None, None
    for _ in range(WHEEL_STEPS):
        box = target.bounding_box()
        if box is not None and start is None:
            start = box["y"]
        if box is not None and box["y"] >= APP_BAR and box["y"] + box["height"] <= height - NAV_TOP:
            return math.ceil(abs(box["y"] - start) / SWIPE) if start is not None else 0
        pg.mouse.move(206, 400)
        pg.mouse.wheel(0, WHEEL if box is None or box["y"] > APP_BAR else -WHEEL)
        pg.wait_for_timeout(300)
    raise AssertionError(f"never came into view: {box}")


def tap(pg: Any, target: Any) -> int:
    """Swipe until the target is on screen, then tap it: the swipes it took."""
    swipes = reach(pg, target)
    target.tap()
    return swipes


@contextmanager
def open_page(browser: Any, url: str) -> Iterator[Any]:
    """A phone-sized page with Flutter's semantics tree switched on."""
    context = browser_context(browser, viewport={"width": 412, "height": 915}, accept_downloads=True)
    pg = context.new_page()
    pg.goto(url)
    pg.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60000)
    pg.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    try:
        yield pg
    finally:
        context.close()


def _pixels(png: bytes) -> list[tuple[int, int, int]]:
    """The RGB pixels of a Playwright screenshot (8-bit RGB or RGBA PNG, not interlaced)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, width, height, colour = 8, b"", 0, 0, 0
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6) and body[12] == 0
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    step = 4 if colour == 6 else 3
    raw, stride = zlib.decompress(idat), width * step
    rows: list[bytearray] = []
    previous = bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up, corner = previous[i], previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(line)
        previous = line
    return [(row[x * step], row[x * step + 1], row[x * step + 2]) for row in rows for x in range(width)]


def drawn_at_least(page: Any, identifier: str, colour: tuple[int, int, int], pixels: int = 100) -> int:
    """`drawn_in`, looked at again for up to 10 s until `pixels` show: the canvas paints after the semantics
    tree and a chart grows in, later still on a busy machine. Returns the last count."""
    drawn = 0
    for _ in range(20):
        drawn = drawn_in(page, identifier, colour)
        if drawn >= pixels:
            break
        page.wait_for_timeout(500)
    return drawn


def drawn_in(page: Any, identifier: str, colour: tuple[int, int, int]) -> int:
    """How many pixels of what is tagged `identifier` are (nearly) `colour`, as the screen shows them: a
    chart is drawn on the canvas, so this is how a test sees that it was drawn at all."""
    png = ident(page, identifier).screenshot()
    return sum(1 for p in _pixels(png) if all(abs(a - b) <= 24 for a, b in zip(p, colour, strict=True)))
