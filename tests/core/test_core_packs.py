"""Content packs: a pack survives export and reading back, and every refusal says why in plain words.

Downloads run against httpx.MockTransport only: no test touches the network.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import httpx
import pytest

from trackers.core.packs import (
    MAX_PACK_BYTES,
    Pack,
    PackError,
    PackKind,
    check_pack,
    dumps,
    fetch_pack,
    pack_kind,
    pack_kinds,
    parse_pack,
    register_pack_kind,
)


def _lines(data: Mapping[str, Any]) -> list[str]:
    lines = data.get("lines")
    if not isinstance(lines, list):
        return ["it needs a list of lines"]
    return [f"line {n} is not text" for n, line in enumerate(lines, 1) if not isinstance(line, str)]


NOTES = register_pack_kind(PackKind("test.notes", 2, "set of notes", _lines))
TALLY = register_pack_kind(PackKind("test.tally", 1, "extra tally", lambda data: []))
URL = "https://packs.example/notes.json"


def _refusal(call: Callable[[], object]) -> str:
    with pytest.raises(PackError) as refused:
        call()
    return str(refused.value)


def _text(**changes: Any) -> str:
    doc = {
        "format": "lantern-pack",
        "kind": "test.notes",
        "name": "Mine",
        "version": 1,
        "data": {"lines": ["a", "b"]},
    }
    return json.dumps(doc | changes)


def test_export_then_parse_gives_the_same_pack() -> None:
    pack = Pack("test.notes", "Kitchen table — ‘house’ notes", 2, {"lines": ["one", "two ✓"]})
    text = dumps(pack)
    assert text.endswith("}\n") and "\n  " in text
    assert json.loads(text) == {
        "format": "lantern-pack",
        "kind": "test.notes",
        "name": "Kitchen table — ‘house’ notes",
        "version": 2,
        "data": {"lines": ["one", "two ✓"]},
    }
    assert parse_pack(text) == pack
    assert parse_pack(text.encode(), expected_kind="test.notes") == pack
    assert parse_pack(b"\xef\xbb\xbf" + text.encode()) == pack  # a byte-order mark is fine


def test_the_name_is_trimmed() -> None:
    assert parse_pack(_text(name="  Mine \n")).name == "Mine"


def test_registry() -> None:
    assert pack_kind("test.notes") is NOTES
    assert {NOTES, TALLY} <= set(pack_kinds())
    assert register_pack_kind(NOTES) is NOTES
    with pytest.raises(ValueError, match="already registered"):
        register_pack_kind(PackKind("test.notes", 1, "other notes", _lines))
    with pytest.raises(KeyError, match=r"no pack kind 'test\.none'"):
        pack_kind("test.none")
    assert NOTES.a_title == "a set of notes" and TALLY.a_title == "an extra tally"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"\xff\xfe\x00", "not text"),
        ("   \n", "empty"),
        (_text()[:-10], "incomplete: it ends too early"),
        ("{'format': 1}", r"not valid JSON \(line 1, column 2\)"),
        ('{"version": NaN}', "not valid JSON"),
        ("[" * 100_000, "not valid JSON|incomplete"),
        ("[1, 2]", "does not hold a pack record"),
        (_text(format="something"), "lacks the 'lantern-pack' format tag"),
        (_text(format="lantern-game"), "game file, not a pack"),
        (_text(kind=None), "does not say what kind"),
        (_text(kind="nosuch.kind"), "'nosuch.kind' content, which this Lantern does not have"),
        (_text(version=3), r"made by a newer Lantern \(pack format 3; this Lantern reads up to 2\)"),
        (_text(version=0), r"unsupported format version \(0\)"),
        (_text(version=True), "unsupported format version"),
        (_text(version="1"), "unsupported format version"),
        (_text(name=None), "has no name"),
        (_text(name=" \t"), "has no name"),
        (_text(name="x" * 81), r"name is too long \(81 characters; the limit is 80\)"),
        (_text(data=["a"]), "data is not a JSON object"),
        (_text(data={}), "set of notes pack is not valid: it needs a list of lines\\.$"),
    ],
)
def test_refusals(text: str | bytes, message: str) -> None:
    with pytest.raises(PackError, match=message):
        parse_pack(text)


def test_a_name_of_the_longest_length_is_fine() -> None:
    assert parse_pack(_text(name="x" * 80)).name == "x" * 80


def test_every_problem_up_to_five_is_listed() -> None:
    assert _refusal(lambda: parse_pack(_text(data={"lines": ["ok", *range(1, 8)]}))) == (
        "This set of notes pack is not valid: line 2 is not text; line 3 is not text; line 4 is not text; "
        "line 5 is not text; line 6 is not text; and 2 more."
    )


def test_the_wrong_kind_is_refused_by_name() -> None:
    refusal = _refusal(lambda: parse_pack(_text(), expected_kind="test.tally"))
    assert refusal == "This pack holds a set of notes, not an extra tally."


def test_an_unregistered_expected_kind_is_a_bug() -> None:
    with pytest.raises(KeyError):
        parse_pack(_text(), expected_kind="test.none")


def test_too_large_is_refused_before_parsing() -> None:
    padding = "x" * MAX_PACK_BYTES
    with pytest.raises(PackError, match=r"too large \(1.0 MB; Lantern accepts packs up to 1 MB\)"):
        parse_pack(_text(data={"lines": [padding]}))
    wide = "é" * (MAX_PACK_BYTES // 2)  # under the cap in characters, over it in bytes
    with pytest.raises(PackError, match="too large"):
        parse_pack(_text(data={"lines": [wide]}))


def test_a_pack_built_in_the_app_is_checked_like_a_file() -> None:
    check_pack(Pack("test.notes", "Mine", 1, {"lines": []}))
    with pytest.raises(PackError, match="line 1 is not text"):
        check_pack(Pack("test.notes", "Mine", 1, {"lines": [1]}))
    with pytest.raises(PackError, match="does not have"):
        check_pack(Pack("test.none", "Mine", 1, {}))


def _client(handler: Callable[[httpx.Request], httpx.Response]) -> httpx.Client:
    return httpx.Client(transport=httpx.MockTransport(handler))


def _answer(text: str) -> Callable[[httpx.Request], httpx.Response]:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, text=text)

    return handler


def test_fetch_reads_the_pack() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, content=_text().encode())

    pack = fetch_pack(URL, expected_kind="test.notes", client=_client(handler), timeout=4.0)
    assert pack == Pack("test.notes", "Mine", 1, {"lines": ["a", "b"]})
    assert [(r.method, str(r.url)) for r in seen] == [("GET", URL)]
    assert seen[0].extensions["timeout"] == {"connect": 4.0, "read": 4.0, "write": 4.0, "pool": 4.0}


def test_fetch_follows_up_to_three_https_redirects() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        hop = int(request.url.params.get("hop", "0"))
        if hop < 3:
            return httpx.Response(302, headers={"Location": f"/notes.json?hop={hop + 1}"})
        return httpx.Response(200, text=_text())

    assert fetch_pack(URL, client=_client(handler)).name == "Mine"


def test_fetch_stops_after_three_redirects() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(301, headers={"Location": URL})

    with pytest.raises(PackError, match=r"^packs\.example redirected more than 3 times"):
        fetch_pack(URL, client=_client(handler))


def test_fetch_refuses_a_redirect_to_http() -> None:
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        return httpx.Response(302, headers={"Location": "http://packs.example/notes.json"})

    with pytest.raises(PackError, match=r"not https:// \(http://packs.example/notes.json\)"):
        fetch_pack(URL, client=_client(handler))
    assert seen == [URL]


def test_fetch_reports_the_status() -> None:
    refusal = _refusal(lambda: fetch_pack(URL, client=_client(lambda request: httpx.Response(404))))
    assert refusal == "packs.example answered 404 Not Found, so the pack was not downloaded."
    with pytest.raises(PackError, match="answered 500 Internal Server Error"):
        fetch_pack(URL, client=_client(lambda request: httpx.Response(500, text=_text())))


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (httpx.ReadTimeout, "could not reach packs.example: it did not answer in time"),
        (httpx.ConnectTimeout, "it did not answer in time"),
        (httpx.ConnectError, "could not reach packs.example: Name or service not known"),
    ],
)
def test_fetch_turns_transport_errors_into_messages(error: type[httpx.TransportError], message: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise error("Name or service not known", request=request)

    with pytest.raises(PackError, match=message):
        fetch_pack(URL, client=_client(handler))


def _chunks(pulled: list[int]) -> Iterator[bytes]:
    while True:  # endless: the download must stop on its own
        pulled.append(1)
        yield b" " * 65_536


def test_fetch_stops_reading_a_body_over_the_cap() -> None:
    pulled: list[int] = []
    client = _client(lambda request: httpx.Response(200, content=_chunks(pulled)))
    with pytest.raises(PackError, match="too large"):
        fetch_pack(URL, client=client)
    assert len(pulled) == MAX_PACK_BYTES // 65_536 + 1


def test_fetch_refuses_a_stated_length_over_the_cap_unread() -> None:
    pulled: list[int] = []

    def handler(request: httpx.Request) -> httpx.Response:
        headers = {"Content-Length": str(MAX_PACK_BYTES + 1)}
        return httpx.Response(200, headers=headers, content=_chunks(pulled))

    with pytest.raises(PackError, match="too large"):
        fetch_pack(URL, client=_client(handler))
    assert pulled == []


def test_fetch_accepts_a_body_at_the_cap_then_reads_it() -> None:
    body = _text().encode()
    at_cap = body + b" " * (MAX_PACK_BYTES - len(body))
    assert fetch_pack(URL, client=_client(lambda request: httpx.Response(200, content=at_cap))).name == "Mine"


def test_fetch_refuses_a_bad_pack_like_a_file() -> None:
    with pytest.raises(PackError, match="not an extra tally"):
        fetch_pack(URL, expected_kind="test.tally", client=_client(_answer(_text())))
    with pytest.raises(PackError, match="ends too early"):
        fetch_pack(URL, client=_client(_answer(_text()[:20])))


@pytest.mark.parametrize(
    "url",
    [
        "http://packs.example/notes.json",
        "http://localhost:8000/notes.json",
        "ftp://packs.example/notes.json",
        "file:///etc/passwd",
        "packs.example/notes.json",
        "https://",
        "https://packs.example:port/notes.json",
        "https://:443/notes.json",
        "",
    ],
)
def test_fetch_refuses_anything_but_https_without_a_request(url: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise AssertionError("no request may be made")

    with pytest.raises(PackError, match="only downloads packs from secure https:// addresses"):
        fetch_pack(url, client=_client(handler))
