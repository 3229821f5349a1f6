"""A plain Flet 1.0 page the size of Lantern's Score pad screen: the tap-to-DOM bench's second yardstick.

The bare counter shows what Flet's round trip costs with one control on the page; this shows what it costs
on a page of the Score pad's size written the simplest way (one component re-rendered whole on every tap):
four player cards with their buttons and field, and a history card that gains a line per tap (the newest
40 shown). Lantern's screen does more per tap (a stored entry, rules checked), so a Lantern figure near
this one says the rest of the time is Flet's, not Lantern's. Run as a script with PORT set, as main.py is.
"""

from __future__ import annotations

import os

import flet as ft

SHOWN_LINES = 40


@ft.component
def PlayerCard(seat: int) -> ft.Control:
    return ft.Card(
        content=ft.Container(
            ft.Column(
                [
                    ft.Row([ft.Text(f"Player {seat}", size=18, expand=True), ft.Text("0", size=28)]),
                    ft.Row([ft.OutlinedButton(f"{q:+d}") for q in (-1, 1, 5)], wrap=True),
                    ft.Row([ft.TextField(label="Points", width=120), ft.FilledButton("Enter")]),
                ]
            ),
            padding=12,
        )
    )


@ft.component
def App() -> ft.Control:
    count, set_count = ft.use_state(0)
    lines: list[ft.Control] = [
        ft.ListTile(title=ft.Text(f"Entry {n}"), key=f"line-{n}") for n in range(count, 0, -1)
    ]
    return ft.Column(
        [
            ft.Row(
                [
                    ft.Semantics(identifier="count", content=ft.Text(f"{count}")),  # the bench's read-out
                    ft.Button("Add", on_click=lambda: set_count(count + 1)),
                ]
            ),
            *[PlayerCard(seat) for seat in range(4)],
            ft.Card(content=ft.Column(lines[:SHOWN_LINES] or [ft.Text("Nothing yet")])),
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )


def main(page: ft.Page) -> None:
    page.render(App)


if __name__ == "__main__":
    ft.run(
        main,
        view=ft.AppView.WEB_BROWSER,
        host="127.0.0.1",
        port=int(os.environ["PORT"]),
        no_cdn=True,
    )
