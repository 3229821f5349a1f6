"""`make run`'s server answers Lantern's own page only: a socket opened by a page on another site is
refused before anything of the app is sent, FastAPI's API pages are gone, and no answer invites other
sites to read it (issue 9, point 4)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from tests.e2e.flutter import serve, served
from views.webserve import own_origin


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("lantern-data"), tmp_path_factory.mktemp("logs")) as url:
        yield url


def socket_url(app_url: str) -> str:
    return app_url.replace("http://", "ws://") + "ws"


def test_a_page_on_another_site_is_refused_before_any_content(app_url: str) -> None:
    with (
        pytest.raises(InvalidStatus) as refused,
        connect(socket_url(app_url), origin=Origin("https://evil.example"), open_timeout=10) as ws,
    ):
        ws.recv(timeout=5)
    assert refused.value.response.status_code == 403


def test_the_apps_own_page_and_a_native_client_may_connect(app_url: str) -> None:
    own = app_url.rstrip("/")
    with connect(socket_url(app_url), origin=Origin(own), open_timeout=10) as ws:
        assert ws.protocol.state.name == "OPEN"
    with connect(socket_url(app_url), open_timeout=10) as ws:
        assert ws.protocol.state.name == "OPEN"


def test_a_stop_signal_ends_the_server_after_a_socket_left_unregistered(tmp_path: Path) -> None:
    """A socket that closes before registering a page leaves Flet's handler waiting; the server must still
    stop by itself on a stop signal (it used to wait until killed, 10 s later)."""
    with served(tmp_path, tmp_path) as (url, proc):
        with connect(socket_url(url), open_timeout=10):
            pass
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(9) in (0, -signal.SIGTERM)  # uvicorn raises the signal again once it has stopped


@pytest.mark.parametrize("path", ["docs", "openapi.json", "redoc"])
def test_the_api_pages_are_not_served(app_url: str, path: str) -> None:
    assert httpx.get(app_url + path, timeout=10).status_code == 404


def test_no_answer_lets_other_sites_read_it(app_url: str) -> None:
    answer = httpx.get(app_url, timeout=10, headers={"Origin": "https://evil.example"})
    assert answer.status_code == 200
    assert "access-control-allow-origin" not in answer.headers
    assert answer.headers["cross-origin-opener-policy"] == "same-origin"


@pytest.mark.parametrize(
    ("origin", "host", "allowed"),
    [
        (None, "127.0.0.1:8550", True),
        ("http://127.0.0.1:8550", "127.0.0.1:8550", True),
        ("http://localhost:8550", "localhost:8550", True),
        ("http://192.168.1.20:8550", "192.168.1.20:8550", True),  # a phone on the network (issue 9, point 3)
        ("http://127.0.0.2:8550", "127.0.0.2:8550", True),  # the browser test's second device
        ("http://[::1]:8550", "[::1]:8550", True),
        ("https://evil.example", "127.0.0.1:8550", False),
        ("http://127.0.0.1:9999", "127.0.0.1:8550", False),
        ("http://evil.example:8550", "evil.example:8550", False),  # a rebound name, same "origin"
        ("null", "127.0.0.1:8550", False),
        ("file://", "127.0.0.1:8550", False),
        ("http://127.0.0.1:8550", None, False),
    ],
)
def test_own_origin(origin: str | None, host: str | None, allowed: bool) -> None:
    assert own_origin(origin, host) is allowed
