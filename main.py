"""Lantern entry point: open the game store and start the app. No logic here.

LANTERN_VIEW=web python main.py   web app on http://127.0.0.1:8550 (HOST / PORT override), offline assets
python main.py / flet run         a desktop window (served as web on a machine with no display)
flet build apk|ipa|web            the same main, packaged
"""

from __future__ import annotations

import os
import sys

import flet as ft

import trackers  # noqa: F401  (registers every game)
from trackers.storage import StorageError, Store
from views.app import start


def main() -> None:
    try:
        store = Store.open_default()
    except StorageError as exc:
        sys.exit(f"Lantern cannot open its data: {exc}")
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "8550"))
    web = os.environ.get("LANTERN_VIEW") == "web"
    if web:
        print(f"Lantern is running at http://{host}:{port}", flush=True)
    ft.run(
        lambda page: start(page, store),
        view=ft.AppView.WEB_BROWSER if web else ft.AppView.FLET_APP,
        host=host,
        port=port,
        no_cdn=True,
    )


if __name__ == "__main__":
    main()
