"""The smallest Flet 1.0 app worth loading: a declarative counter, the baseline for Lantern's page load.

The bench serves it beside Lantern so "first paint", "ready" and "tap to DOM" have a yardstick: what
Flet's web client costs with almost no app on top. Its count is tagged (`count`), as Lantern's
read-outs are, so a tap's result can be found in the semantics DOM. It is run as a script
(`python build/bench/counter_app.py`) with PORT set, the same way Lantern's main.py is, served by
Lantern's own server with the same client (views/webserve.py: its renderer on the page's thread), and
built as a static site by Lantern's own builder (`build.static_web.build(site, app=...)`), where
Pyodide runs it.
"""

from __future__ import annotations

import os
import sys

import flet as ft


@ft.component
def App() -> ft.Control:
    count, set_count = ft.use_state(0)
    return ft.Row(
        [
            ft.Semantics(identifier="count", content=ft.Text(f"{count}")),  # the bench's tap-to-DOM read-out
            ft.Button("Add", on_click=lambda: set_count(count + 1)),
        ]
    )


def main(page: ft.Page) -> None:
    page.render(App)


if __name__ == "__main__" and sys.platform == "emscripten":  # Python in the browser: a static site
    ft.run(main)
elif __name__ == "__main__":  # served as Lantern is: the same client, renderer on the page's thread
    from views.webserve import offline_client, serve

    with offline_client() as assets_dir:
        serve(main, host="127.0.0.1", port=int(os.environ["PORT"]), assets_dir=assets_dir)
