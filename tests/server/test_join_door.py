"""The join code and where the server listens (issue 9, point 3): only the host device's own loopback page
skips the code, a wrong code admits nothing and counts against its address and against all, while a limit is
reached even the right code waits, and the server listens on loopback unless the setting or HOST says not."""

from __future__ import annotations

from pathlib import Path

import pytest

from trackers.services.lan import (
    DEVICE_LIMIT,
    LOOPBACK_HOST,
    NETWORK_HOST,
    OVERALL_LIMIT,
    SETTING,
    JoinDoor,
    Listening,
    is_host_device,
    listen_host,
)
from trackers.services.storage import Store


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def door(clock: Clock) -> JoinDoor:
    d = JoinDoor(clock)
    d.code = "482913"
    return d


@pytest.mark.parametrize(
    ("client", "url", "host"),
    [
        (None, None, True),  # a desktop window or packaged app: no server between page and app
        ("127.0.0.1", "http://127.0.0.1:8550", True),
        ("127.0.0.1", "http://localhost:8550/", True),
        ("::1", "http://[::1]:8550", True),
        ("::ffff:127.0.0.1", "http://127.0.0.1:8550", True),
        ("127.0.0.1", "http://127.0.0.2:8550", False),  # this machine at another address stands for a phone
        ("127.0.0.2", "http://127.0.0.2:8550", False),
        ("192.168.1.7", "http://192.168.1.20:8550", False),
        ("192.168.1.20", "http://192.168.1.20:8550", False),  # the host device through the network
        ("192.168.1.7", "http://127.0.0.1:8550", False),  # a phone naming loopback in its Host header
        ("", "http://127.0.0.1:8550", False),
        ("127.0.0.1", None, False),
    ],
)
def test_only_the_host_devices_own_loopback_page_skips_the_code(
    client: str | None, url: str | None, host: bool
) -> None:
    assert is_host_device(client, url) is host


def test_the_right_code_admits_and_a_wrong_one_is_refused_plainly(door: JoinDoor) -> None:
    assert door.shown == "482 913"
    assert door.knock("10.0.0.7", " 482-913 ").admitted
    wrong = door.knock("10.0.0.7", "482914")
    assert not wrong.admitted
    assert wrong.refusal is not None and wrong.refusal.startswith(
        "That is not the join code: nothing was opened."
    )


@pytest.mark.parametrize("typed", ["", "48291", "4829130", "48291x", "٤٨٢٩١٣", "1" * 10_000])
def test_what_is_not_six_digits_is_refused_without_counting_as_a_guess(door: JoinDoor, typed: str) -> None:
    for _ in range(DEVICE_LIMIT[0] + 1):
        knock = door.knock("10.0.0.7", typed)
        assert knock.refusal is not None and "6 digits" in knock.refusal
    assert door.knock("10.0.0.7", "482913").admitted


def test_a_device_that_guesses_wrong_too_often_waits_even_with_the_right_code(
    door: JoinDoor, clock: Clock
) -> None:
    limit, window = DEVICE_LIMIT
    for _ in range(limit):
        assert not door.knock("10.0.0.7", "000000").admitted
    waiting = door.knock("10.0.0.7", "482913")
    assert waiting.refusal == f"Too many wrong codes from this device: wait {int(window)} s, then try again."
    assert door.knock("10.0.0.8", "482913").admitted  # another device is not held up
    clock.now += window
    assert door.knock("10.0.0.7", "482913").admitted


def test_wrong_guesses_over_all_devices_are_limited_too(door: JoinDoor, clock: Clock) -> None:
    limit, window = OVERALL_LIMIT
    for n in range(limit):
        assert not door.knock(f"10.0.1.{n}", "000000").admitted
    waiting = door.knock("10.0.2.1", "482913")
    assert waiting.refusal is not None and waiting.refusal.startswith("Too many wrong codes have been tried")
    clock.now += window
    assert door.knock("10.0.2.1", "482913").admitted


def test_a_new_code_replaces_the_old_one(door: JoinDoor) -> None:
    new = door.new_code()
    assert len(new) == 6 and new.isdigit()
    assert door.knock("10.0.0.7", new).admitted
    if new != "482913":
        assert not door.knock("10.0.0.7", "482913").admitted


def test_each_watcher_is_told_of_a_new_code_until_it_stops(door: JoinDoor) -> None:
    told: list[str] = []
    stop = door.watch(lambda: told.append(door.code))
    door.watch(lambda: told.append("other"))
    first = door.new_code()
    assert told == [first, "other"]
    stop()
    door.new_code()
    assert told == [first, "other", "other"]


def test_codes_are_drawn_afresh_for_each_server() -> None:
    codes = {JoinDoor().code for _ in range(50)}
    assert len(codes) > 40 and all(len(c) == 6 and c.isdigit() for c in codes)


def test_loopback_is_the_default_the_setting_opens_the_network_and_host_wins(tmp_path: Path) -> None:
    store = Store(tmp_path / "lantern.sqlite3")
    try:
        assert listen_host(store, None) == LOOPBACK_HOST
        assert listen_host(store, "") == LOOPBACK_HOST  # `make run` passes HOST= when none was given
        store.set_setting(SETTING, "on")
        assert listen_host(store, None) == NETWORK_HOST
        assert listen_host(store, "127.0.0.1") == "127.0.0.1"
    finally:
        store.close()


def test_where_the_server_listens_as_the_settings_tell_it() -> None:
    assert not Listening("127.0.0.1", 8550).on_network
    assert not Listening("localhost", 8550).on_network
    assert Listening("127.0.0.1", 8550).addresses() == ()
    assert Listening("192.168.1.20", 8550).addresses() == ("http://192.168.1.20:8550/",)
    assert Listening("fd00::5", 8550).addresses() == ("http://[fd00::5]:8550/",)
    assert all(
        a.startswith("http://") and a.endswith(":8550/") for a in Listening(NETWORK_HOST, 8550).addresses()
    )
