"""The web server `make run` starts: the client with its one request to a CDN taken out, the app's own
assets, and no door for other sites.

flet-web's prebuilt client starts Flet's Rive extension on every page load, and Rive's loader
appends a <script> from a fixed address on cdn.jsdelivr.net; no Flet option changes it (`no_cdn`
covers CanvasKit, fonts and Pyodide only) and flet-web does not ship Rive's files. Lantern shows
no Rive animation, so the client it serves has that address replaced, byte for byte in both
builds (main.dart.js and main.dart.wasm), by an inline script that tells the loader Rive is
unavailable: the page then requests nothing from any other host.

Flutter's WebAssembly renderer (skwasm) draws on a worker of its own when the page is cross-origin
isolated, as Flet's server makes every page (its COOP and COEP headers). That worker and the page's
thread then share one glyph cache with no lock between them (flutter/flutter#190039): while the page
lays text out and the worker draws, the cache's memory can be corrupted, and the page's thread spins
for good, drawing no frame and taking no tap. The browser tests met it as a tap never taken on a
page's first screen; a page re-laying out text many times a second froze so within 25 s in 4 of 18
tabs here, and in none of 25 drawing on one thread. So the served loader asks skwasm to draw on the
page's own thread (`forceSingleThreadedSkwasm`), as it does anyway where a page is not isolated; the
static build's loader does the same.

The patched files go to a temporary folder passed to Flet as the assets folder, which Flet's
static file server searches before its own web folder; a copy of the app's assets/ (its font, its
icon) goes there too, so the page finds them where a packaged app does.

Flet's server would also answer any page on any site: its socket takes every Origin, every answer
carries `Access-Control-Allow-Origin: *`, and FastAPI's /docs are on. `serve` runs the same Flet app
behind `OwnPagesOnly`, which closes those doors; packaged apps start no server and are not concerned.
"""

from __future__ import annotations

import ipaddress
import shutil
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

RIVE_CDN = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
# Same length as the address, so the WebAssembly build stays valid; the loader appends
# "wasm/rive_native.js" (then a fallback path), which lands in the script's comment.
RIVE_UNAVAILABLE = b"data:text/javascript,RiveNative=()=>Promise.reject()//".ljust(len(RIVE_CDN), b"/")
CLIENT_BUILDS = ("main.dart.js", "main.dart.wasm")
BOOTSTRAP = "flutter_bootstrap.js"
FLUTTER_CONFIG = "var flutterConfig = {"
ONE_THREAD = FLUTTER_CONFIG + "\n    forceSingleThreadedSkwasm: true,"
ASSETS = Path(__file__).resolve().parents[1] / "assets"


@contextmanager
def offline_client() -> Iterator[str]:
    """A folder with the app's assets and the client builds that load nothing from a CDN, removed on
    the way out.

    A build that no longer holds the address (another flet-web) is left out, so Flet serves its
    own; tests/e2e/test_e2e_offline.py then reports the request. So is a loader that no longer reads
    as `single_threaded` expects, which tests/e2e/test_e2e_one_thread.py reports.
    """
    from flet_web import get_package_web_dir  # the web server's package: packaged apps have none

    web = Path(get_package_web_dir())
    with tempfile.TemporaryDirectory(prefix="lantern-web-") as folder:
        shutil.copytree(ASSETS, folder, dirs_exist_ok=True)
        for name in CLIENT_BUILDS:
            build = (web / name).read_bytes()
            if RIVE_CDN in build:
                (Path(folder) / name).write_bytes(build.replace(RIVE_CDN, RIVE_UNAVAILABLE))
        loader = single_threaded((web / BOOTSTRAP).read_text(encoding="utf-8"))
        if loader is not None:
            (Path(folder) / BOOTSTRAP).write_text(loader, encoding="utf-8")
        yield folder


def single_threaded(loader: str) -> str | None:
    """Flet's Flutter loader with skwasm drawing on the page's own thread (the module's docstring says
    why); None where the loader does not set up its configuration once as expected."""
    if loader.count(FLUTTER_CONFIG) != 1:
        return None
    return loader.replace(FLUTTER_CONFIG, ONE_THREAD)


HIDDEN_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})
"""FastAPI's generated API pages, which Flet's server leaves on: Lantern has no API to show."""
ANY_ORIGIN = b"access-control-allow-origin"


def own_origin(origin: str | None, host: str | None) -> bool:
    """Whether a WebSocket handshake comes from the app's own page (or from no page: a native client).

    The page's origin must be the very address the socket was opened to, and that address must be an IP
    literal or `localhost`: a page on another site fails the first test, and one that has renamed
    itself to this machine (DNS rebinding) the second.
    """
    if origin is None:
        return True
    if host is None:
        return False
    parts = urlsplit(origin)
    if parts.scheme not in {"http", "https"} or parts.netloc.lower() != host.lower():
        return False
    name = (parts.hostname or "").strip("[]")
    if name == "localhost":
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class OwnPagesOnly:
    """ASGI wrapper around Flet's server: refuses foreign pages' sockets, hides the API pages, and drops
    the `Access-Control-Allow-Origin: *` that Flet adds to every answer."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        if scope["type"] == "websocket" and not own_origin(headers.get("origin"), headers.get("host")):
            await send({"type": "websocket.close", "code": 1008})  # before accepting: an HTTP 403
            return
        if scope["type"] == "http" and scope["path"] in HIDDEN_PATHS:
            await send({"type": "http.response.start", "status": 404, "headers": [(b"content-length", b"0")]})
            await send({"type": "http.response.body", "body": b""})
            return

        async def without_any_origin(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = {
                    **message,
                    "headers": [(k, v) for k, v in message.get("headers", []) if k.lower() != ANY_ORIGIN],
                }
            await send(message)

        await self.app(scope, receive, without_any_origin)


SHUTDOWN_GRACE = 2


def serve(entry: Callable[[Any], None], *, host: str, port: int, assets_dir: str) -> None:
    """Flet's web app (offline client, `no_cdn`) behind `OwnPagesOnly`, served by uvicorn until stopped.

    A page's address decides whether it must give the join code (trackers/services/lan.py), so no header may
    change it: uvicorn's proxy headers (X-Forwarded-For from loopback) are off. A socket that closed before it
    registered a page leaves Flet's handler waiting for good, and uvicorn waits for it on the way out: after
    `SHUTDOWN_GRACE` seconds it is cancelled, so Ctrl+C or a stop signal ends the server (every entry was
    committed when it was shown)."""
    import uvicorn
    from flet_web.fastapi import app

    flet_app = app(entry, assets_dir=assets_dir, no_cdn=True)
    uvicorn.run(
        OwnPagesOnly(flet_app),
        host=host,
        port=port,
        ws="websockets-sansio",
        log_level="warning",
        proxy_headers=False,
        timeout_graceful_shutdown=SHUTDOWN_GRACE,
    )
