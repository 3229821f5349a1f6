"""Lantern entry point: open the game store and start the app. No logic here.

LANTERN_VIEW=web python main.py   web app on http://127.0.0.1:8550 (HOST / PORT override), offline assets;
                                  on the network when Settings → Play on several phones says so
python main.py / flet run         a desktop window (served as web on a machine with no display)
flet build apk|ipa|web            the same main, packaged
make web                          a static site: in the browser (Pyodide), games kept in IndexedDB
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

import flet as ft

import trackers  # noqa: F401  (registers every game)
from trackers.services.datadir import database_path
from trackers.services.lan import LOOPBACK_HOST, Listening, listen_host
from trackers.services.storage import StorageError, Store
from views.app import start, start_without_data
from views.browser_storage import browser_entry
from views.webserve import offline_client, serve


def main() -> None:
    if sys.platform == "emscripten":  # Python in the browser: the static web build
        ft.run(browser_entry)
        return
    entry: Callable[[ft.Page], None]
    web = os.environ.get("LANTERN_VIEW") == "web"
    host = os.environ.get("HOST") or LOOPBACK_HOST
    port = int(os.environ.get("PORT", "8550"))
    try:
        store = Store.open_default()
        if web:
            host = listen_host(store, os.environ.get("HOST"))
        listening = Listening(host, port) if web else None
        entry = lambda page: start(page, store, listening)  # noqa: E731
    except StorageError as exc:
        problem = str(exc)
        entry = lambda page: start_without_data(page, problem, str(database_path()))  # noqa: E731
    if web:
        print(f"Lantern is running at http://{host}:{port}", flush=True)
        for address in Listening(host, port).addresses():
            print(
                f"Other devices on this network open {address} (they need the join code in Settings)",
                flush=True,
            )
        with offline_client() as assets_dir:
            serve(entry, host=host, port=port, assets_dir=assets_dir)
        return
    ft.run(entry, view=ft.AppView.FLET_APP, host=host, port=port, assets_dir="assets", no_cdn=True)


if __name__ == "__main__":
    main()
