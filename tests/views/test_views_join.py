"""Playing on several phones without a browser (issue 9, point 3): a page from another device is sent the join
screen alone until it gives the code, a wrong code changes nothing, the host's Settings show the address, QR
code and code, and a screen on a game picks whom it plays and sees whom the others play."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

import trackers  # noqa: F401
from tests.views.harness import FakeConnection, FakePage, open_page, run, settle
from trackers.core.game import make_setup
from trackers.scorepad.game import SCOREPAD
from trackers.services.lan import DEVICE_LIMIT, SETTING, JoinDoor, Listening
from trackers.services.storage import Store
from views.app import start
from views.model import HOST_DELETES

ON_NETWORK = Listening("0.0.0.0", 8550)


def from_address(address: str, url: str) -> Callable[..., None]:
    """`start` for a page the server says came from `address`, opened at `url` (what Flet's server sets)."""

    def begin(page: ft.Page, store: Store, listening: Listening | None) -> None:
        page.client_ip = address
        page.session.connection.page_url = url
        start(page, store, listening)

    return begin


def wire(page: FakePage) -> bytes:
    conn = page.session.connection
    assert isinstance(conn, FakeConnection)
    return b"".join(conn.wire)


def a_game(store: Store) -> str:
    return store.create_game(SCOREPAD, make_setup(SCOREPAD, ("Ann", "Bob"), {}), 7).id


def test_another_device_is_sent_nothing_of_the_games_until_it_gives_the_code(store: Store) -> None:
    game_id = a_game(store)
    JoinDoor.of(store).code = "482913"

    async def go() -> None:
        phone = await open_page(from_address("192.168.1.7", "http://192.168.1.20:8550"), store, ON_NETWORK)
        assert phone.has("join-code") and not phone.has("nav")
        assert b"Ann" not in wire(phone) and game_id.encode() not in wire(phone)
        assert b"482" not in wire(phone)  # nor the code itself

        await phone.change("join-code", "12ab")
        await phone.fire("join")
        assert "6 digits" in phone.identified("join-refusal")
        await phone.change("join-code", "000 000")
        await phone.fire("join")
        assert "not the join code" in phone.identified("join-refusal")
        assert not phone.has("nav") and b"Ann" not in wire(phone)

        await phone.change("join-code", "482 913")
        await phone.fire("join")
        assert phone.has("nav") and phone.has(f"resume-{game_id}")
        await phone.fire(f"resume-{game_id}")
        await phone.fire("quick-0-5")
        assert phone.identified("score-0") == "5"
        assert tuple(store.open_game(game_id).session.state.scores) == (5, 0)

    run(go())


def test_wrong_codes_from_a_device_are_limited_and_the_right_one_then_waits(store: Store) -> None:
    JoinDoor.of(store).code = "482913"

    async def go() -> None:
        phone = await open_page(from_address("192.168.1.7", "http://192.168.1.20:8550"), store, ON_NETWORK)
        for _ in range(DEVICE_LIMIT[0]):
            await phone.change("join-code", "111111")
            await phone.fire("join")
        await phone.change("join-code", "482913")
        await phone.fire("join")
        assert "Too many wrong codes from this device" in phone.identified("join-refusal")
        assert not phone.has("nav")

    run(go())


def test_only_the_host_devices_own_loopback_page_skips_the_code(store: Store) -> None:
    async def go() -> None:
        cases: list[tuple[str, str, bool]] = [
            ("127.0.0.1", "http://127.0.0.1:8550", True),
            ("::1", "http://[::1]:8550", True),
            ("127.0.0.1", "http://localhost:8550", True),
            ("127.0.0.1", "http://127.0.0.2:8550", False),  # this machine at another address: a second device
            ("192.168.1.20", "http://192.168.1.20:8550", False),  # the host through its network address
        ]
        for address, url, host in cases:
            page = await open_page(from_address(address, url), store, ON_NETWORK)
            assert page.has("nav") is host, (address, url)

    run(go())


def test_the_hosts_settings_show_the_address_qr_code_and_code_and_store_the_switch(store: Store) -> None:
    store.set_setting(SETTING, "on")

    async def go() -> None:
        page = await open_page(
            from_address("127.0.0.1", "http://127.0.0.1:8550"), store, Listening("10.0.0.4", 8550)
        )
        await page.change("nav", 2, prop="selected_index")
        assert page.identified("network-address") == "http://10.0.0.4:8550/"
        qr = next(c.content for c in page.controls() if getattr(c, "identifier", None) == "network-qr")
        assert isinstance(qr, ft.Image) and isinstance(qr.src, bytes) and qr.src.startswith(b"\x89PNG")
        shown = page.identified("join-code-shown")
        assert shown.replace(" ", "") == JoinDoor.of(store).code
        await page.fire("new-join-code")
        assert page.identified("join-code-shown") != shown
        assert page.identified("join-code-shown").replace(" ", "") == JoinDoor.of(store).code
        assert page.identified("network-status").startswith("Lantern is open to the network")

        await page.change("network-switch", False)
        assert store.get_setting(SETTING, "") == "off"
        assert "start it again" in page.identified("network-status")

    run(go())


def test_loopback_is_the_default_and_the_switch_takes_effect_on_the_next_start(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store, Listening("127.0.0.1", 8550))
        await page.change("nav", 2, prop="selected_index")
        assert page.identified("network-status") == "Lantern answers this device only."
        assert not page.has("join-code-shown")
        await page.change("network-switch", True)
        assert store.get_setting(SETTING, "") == "on"
        assert "start it again" in page.identified("network-status")
        assert not page.has("join-code-shown")  # nothing to share until the server listens on the network

    run(go())


def test_a_visitor_is_not_shown_the_code_or_the_switch(store: Store) -> None:
    JoinDoor.of(store).code = "482913"

    async def go() -> None:
        phone = await open_page(from_address("192.168.1.7", "http://192.168.1.20:8550"), store, ON_NETWORK)
        await phone.change("join-code", "482913")
        await phone.fire("join")
        await phone.change("nav", 2, prop="selected_index")
        assert not phone.has("network-switch") and not phone.has("join-code-shown")
        assert b"482 913" not in wire(phone)

    run(go())


def test_a_screen_picks_whom_it_plays_and_sees_whom_the_others_play(store: Store) -> None:
    game_id = a_game(store)

    async def go() -> None:
        host = await open_page(start, store, ON_NETWORK)
        await host.fire(f"resume-{game_id}")
        assert host.identified("company") == "You play the whole table. No other screen is on this game."
        await host.fire("seat-pick")
        await host.fire("seat-1")
        assert host.identified("company").startswith("You play Bob.")

        phone = await open_page(start, store, ON_NETWORK)
        await phone.fire(f"resume-{game_id}")
        assert phone.identified("company") == "You play the whole table. Also on this game: Bob."
        await phone.fire("seat-pick")
        await phone.fire("seat-0")
        await settle()
        assert host.identified("company") == "You play Bob. Also on this game: Ann."

    run(go())


def test_a_visitor_cannot_delete_a_game(store: Store) -> None:
    """A visiting phone plays and exports; deleting takes a game from the whole table, the host's."""
    game_id = a_game(store)
    JoinDoor.of(store).code = "482913"

    async def go() -> None:
        phone = await open_page(from_address("192.168.1.7", "http://192.168.1.20:8550"), store, ON_NETWORK)
        await phone.change("join-code", "482913")
        await phone.fire("join")
        delete = phone.find(f"delete-{game_id}")
        assert delete.disabled
        assert phone.find(f"delete-{game_id}").tooltip == HOST_DELETES
        await phone.fire(f"delete-{game_id}")  # sent anyway, as a stale or doctored page could: refused
        assert phone.identified("notice-message") == HOST_DELETES
        assert not phone.has("confirm-delete")
        assert [info.id for info in store.list_games()] == [game_id]
        assert not phone.find(f"export-{game_id}").disabled

        host = await open_page(start, store, ON_NETWORK)
        assert not host.find(f"delete-{game_id}").disabled
        await host.fire(f"delete-{game_id}")
        await host.fire("confirm-delete")
        assert store.list_games() == []

    run(go())


def test_every_host_tab_shows_the_code_drawn_in_one_of_them(store: Store) -> None:
    """A tab with Settings open when another tab draws a new code is told and shows it at once; a tab that
    opens Settings later shows it too."""
    store.set_setting(SETTING, "on")

    async def go() -> None:
        host = from_address("127.0.0.1", "http://127.0.0.1:8550")
        first = await open_page(host, store, Listening("10.0.0.4", 8550))
        second = await open_page(host, store, Listening("10.0.0.4", 8550))
        third = await open_page(host, store, Listening("10.0.0.4", 8550))
        await first.change("nav", 2, prop="selected_index")
        await second.change("nav", 2, prop="selected_index")
        before = second.identified("join-code-shown")
        await first.fire("new-join-code")
        drawn = first.identified("join-code-shown")
        assert drawn != before and drawn.replace(" ", "") == JoinDoor.of(store).code
        await settle()
        assert second.identified("join-code-shown") == drawn
        await third.change("nav", 2, prop="selected_index")
        assert third.identified("join-code-shown") == drawn

    run(go())
