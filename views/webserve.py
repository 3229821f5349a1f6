"""The served web client, with its one request to a CDN taken out, and the app's own assets.

flet-web's prebuilt client starts Flet's Rive extension on every page load, and Rive's loader
appends a <script> from a fixed address on cdn.jsdelivr.net; no Flet option changes it (`no_cdn`
covers CanvasKit, fonts and Pyodide only) and flet-web does not ship Rive's files. Lantern shows
no Rive animation, so the client it serves has that address replaced, byte for byte in both
builds (main.dart.js and main.dart.wasm), by an inline script that tells the loader Rive is
unavailable: the page then requests nothing from any other host.

The patched files go to a temporary folder passed to Flet as the assets folder, which Flet's
static file server searches before its own web folder; a copy of the app's assets/ (its font, its
icon) goes there too, so the page finds them where a packaged app does.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

RIVE_CDN = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
# Same length as the address, so the WebAssembly build stays valid; the loader appends
# "wasm/rive_native.js" (then a fallback path), which lands in the script's comment.
RIVE_UNAVAILABLE = b"data:text/javascript,RiveNative=()=>Promise.reject()//".ljust(len(RIVE_CDN), b"/")
CLIENT_BUILDS = ("main.dart.js", "main.dart.wasm")
ASSETS = Path(__file__).resolve().parents[1] / "assets"


@contextmanager
def offline_client() -> Iterator[str]:
    """A folder with the app's assets and the client builds that load nothing from a CDN, removed on
    the way out.

    A build that no longer holds the address (another flet-web) is left out, so Flet serves its
    own; tests/e2e/test_e2e_offline.py then reports the request.
    """
    from flet_web import get_package_web_dir  # the web server's package: packaged apps have none

    web = Path(get_package_web_dir())
    with tempfile.TemporaryDirectory(prefix="lantern-web-") as folder:
        shutil.copytree(ASSETS, folder, dirs_exist_ok=True)
        for name in CLIENT_BUILDS:
            build = (web / name).read_bytes()
            if RIVE_CDN in build:
                (Path(folder) / name).write_bytes(build.replace(RIVE_CDN, RIVE_UNAVAILABLE))
        yield folder
