"""Playing on several phones: the join screen a visiting device sees first, and the host's Settings card
(the switch, the address as text and QR code, the join code). What is checked lives in
trackers/services/lan.py."""

from __future__ import annotations

import io
from functools import lru_cache

import flet as ft

from views.model import AppModel
from views.widgets import Entry, action_button, card, heading, switch_row, tagged


@lru_cache(maxsize=8)
def qr_png(address: str) -> bytes:
    """The address as a QR code a phone's camera opens, as PNG bytes for ft.Image."""
    import segno  # the served app's only: the static web build serves no other device

    out = io.BytesIO()
    segno.make(address, error="m").save(out, kind="png", scale=8, border=2)
    return out.getvalue()


def join_view(model: AppModel) -> ft.View:
    """All a device that has not given the join code is sent: no game, no list, no navigation."""
    return ft.View(
        route="/",
        padding=16,
        appbar=ft.AppBar(title=ft.Text("Lantern")),
        controls=[JoinScreen(model)],
        scroll=ft.ScrollMode.AUTO,
    )


@ft.component
def JoinScreen(model: AppModel) -> ft.Control:
    code = Entry()
    refusal, set_refusal = ft.use_state("")

    def join() -> None:
        set_refusal(model.join(code.value) or "")

    return card(
        heading("Join the game at this table"),
        ft.Text(
            "This device is not the one Lantern runs on. Type the join code shown on that device, "
            "in Settings → Play on several phones."
        ),
        code.field(
            "Join code",
            key="join-code",
            keyboard_type=ft.KeyboardType.NUMBER,
            max_length=16,
            on_submit=lambda _: join(),
        ),
        action_button("Join", join, key="join", icon=ft.Icons.LOGIN, primary=True),
        tagged("join-refusal", ft.Text(refusal, color=ft.Colors.ERROR)),
        key="join-card",
    )


@ft.component
def PhonesCard(model: AppModel) -> ft.Control:
    """The host's switch and what to share; a visiting device is told where those are instead."""
    title = heading("Play on several phones")
    if model.visitor:
        return card(
            title,
            ft.Text("This device joined with the join code. The device Lantern runs on opens and closes it."),
        )
    listening = model.listening
    if listening is None:
        return card(
            title,
            ft.Text(
                "Other devices can join the Lantern that `make run` starts; this window is not a server."
            ),
        )
    on_network = listening.on_network
    if model.play_on_network != on_network:
        now = "open to the network" if on_network else "on this device only"
        status = (
            f"Lantern is still {now}: stop it (Ctrl+C where `make run` runs) and start it again for this "
            "to take effect."
        )
    elif on_network:
        status = (
            "Lantern is open to the network: other devices need the join code below before they see any game."
        )
    else:
        status = "Lantern answers this device only."
    controls: list[ft.Control] = [
        title,
        ft.Text(
            "Phones and tablets on the same Wi-Fi can open this Lantern and play the same games, each one "
            "as a player or as the whole table. Off by default; the setting is used the next time Lantern "
            "starts."
        ),
        switch_row(
            "Let devices on this network join",
            model.play_on_network,
            model.set_play_on_network,
            key="network-switch",
        ),
        tagged("network-status", ft.Text(status)),
    ]
    if on_network:
        controls += _share(model, listening.addresses())
    return card(*controls, key="phones")


def _share(model: AppModel, addresses: tuple[str, ...]) -> list[ft.Control]:
    if not addresses:
        where: list[ft.Control] = [
            tagged(
                "network-address",
                ft.Text("No network address found: connect this device to the Wi-Fi the other phones use."),
            )
        ]
    else:
        where = [
            ft.Text("On the other device, open (or scan):"),
            ft.SelectionArea(tagged("network-address", ft.Text("\n".join(addresses), size=16))),
            tagged(
                "network-qr",
                ft.Image(
                    src=qr_png(addresses[0]),
                    width=220,
                    height=220,
                    semantics_label=f"QR code of {addresses[0]}",
                ),
            ),
        ]
    return [
        *where,
        ft.Text("Join code:"),
        tagged("join-code-shown", ft.Text(model.join_code, size=32, weight=ft.FontWeight.BOLD)),
        ft.Text("Needed once on each new page of another device; this device never needs it."),
        action_button("New code", model.new_join_code, key="new-join-code", icon=ft.Icons.REFRESH),
    ]
