"""The door for outside data: hostile JSON (deep, repeated keys, lone surrogates, cut off, huge) is refused
with a reason a player can read, fast, and never escapes as another exception.

Every hostile input is generated here. Downloads run against httpx.MockTransport only.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trackers  # noqa: F401  (registers every game and pack kind)
from tests.ashes.play import deck_json
from tests.ashes.states import BOARD
from tests.blackout_hk.made_up_components import COMPONENTS
from tests.infamous_traffic.boards import TEST_BOARD
from tests.made_up_cards import BLACKOUT_CARDS, HOPE_CARDS, TRAFFIC_CARDS
from tests.wasm import DEEP, DEEP_VALUE, nested
from trackers.core import packs
from trackers.core.actions import ActionCodec, ActionFormatError, Event
from trackers.core.boundary import (
    MAX_DEPTH,
    BoundaryError,
    check_tree,
    clean_text,
    has_lone_surrogate,
    read_json,
    text_problem,
)
from trackers.core.game import make_setup
from trackers.core.packs import Pack, PackError, PackKind, check_pack, fetch_pack, pack_kinds, parse_pack
from trackers.scorepad.actions import AddPoints
from trackers.scorepad.game import SCOREPAD
from trackers.unsettled.board import example_map

URL = "https://packs.example/pack.json"


def _refused(data: str | bytes, max_bytes: int = 1_000_000) -> BoundaryError:
    with pytest.raises(BoundaryError) as refused:
        read_json(data, max_bytes=max_bytes)
    return refused.value


def test_plain_json_reads_as_json() -> None:
    text = '{"b": [1, 2.5, "x", true, null], "a": {"é": "\\ud83d\\ude00"}}'
    assert read_json(text, max_bytes=100) == json.loads(text)
    assert list(read_json(text, max_bytes=100)) == ["b", "a"]
    assert read_json(b"\xef\xbb\xbf[1]", max_bytes=100) == [1] == read_json("\ufeff[1]", max_bytes=100)


def test_nesting_up_to_the_cap_is_fine_and_one_more_is_refused() -> None:
    assert read_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, max_bytes=1000) == nested(MAX_DEPTH)
    deeper = _refused("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert (
        str(deeper) == f"it is not valid JSON for Lantern (lists and objects nest more than {MAX_DEPTH} deep)"
    )


@pytest.mark.parametrize(
    "text",
    [
        "[" * DEEP + "]" * DEEP,
        "[" * DEEP,
        '{"a": ' * DEEP + "1" + "}" * DEEP,
        '[{"a": ' * (DEEP // 2),
        "[1, " * DEEP,
    ],
    ids=["closed", "never closed", "objects", "mixed", "with items"],
)
def test_a_document_100000_deep_never_reaches_the_parser(text: str) -> None:
    started = time.perf_counter()
    assert "nest more than 64 deep" in str(_refused(text, max_bytes=10_000_000))
    assert time.perf_counter() - started < 1


def test_brackets_inside_strings_do_not_count() -> None:
    text = json.dumps(["[" * DEEP, '\\"[[[', "{{{\\", ["]]]"]])
    assert read_json(text, max_bytes=1_000_000) == json.loads(text)


def test_a_repeated_key_is_refused_at_any_depth() -> None:
    assert str(_refused('{"checksum": "bogus", "a": 1, "checksum": "real"}')) == (
        "it is not valid JSON for Lantern (the key 'checksum' is twice in one object)"
    )
    assert "'b' is twice" in str(_refused('[{"a": {"b": 1, "b": 1}}]'))


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999", "-1e400"])
def test_numbers_json_does_not_have_are_refused(number: str) -> None:
    assert "not valid JSON" in str(_refused(f'{{"a": [{number}]}}'))


def test_a_number_of_thousands_of_digits_is_refused() -> None:
    assert str(_refused("[" + "7" * 5000 + "]")) == "it is not valid JSON"


@pytest.mark.parametrize(
    "text",
    ['["\\ud800"]', '["a\\udc00b"]', '{"\\udbff": 1}', '["\\ude00\\ud83d"]', '["\ud800"]', '{"\udfff": 1}'],
)
def test_a_lone_surrogate_is_refused(text: str) -> None:
    assert "text that is not valid Unicode" in str(_refused(text))


def test_a_surrogate_encoded_in_bytes_is_not_text() -> None:
    assert str(_refused(b'["\xed\xa0\x80"]')) == "it is not text"


GOOD = json.dumps({"name": "Zoë’s table", "lines": ["one", "two"], "n": 12.5, "ok": True}, ensure_ascii=False)


@pytest.mark.parametrize(
    "cut",
    [
        GOOD[: GOOD.index("table") + 2],  # inside a string
        GOOD[: GOOD.index('"two"')],  # between items
        GOOD[: GOOD.index("12.5") + 3],  # inside a number
        GOOD[: GOOD.index("True".lower()) + 2],  # inside a word
        GOOD[:-1],  # the last bracket
        '["\\u00',  # inside an escape
    ],
)
def test_a_cut_off_document_is_incomplete(cut: str) -> None:
    refused = _refused(cut)
    assert refused.problem == "incomplete"
    assert str(refused).startswith("it is incomplete: it ends too early")


def test_a_document_cut_inside_a_character_is_incomplete() -> None:
    data = GOOD.encode()
    cut = data[: data.index("ë".encode()) + 1]
    assert _refused(cut).problem == "incomplete"


@pytest.mark.parametrize("text", ["{this is not json", '["a" "b"]', "[1, 2, x]", "[1]]"])
def test_a_mistake_is_not_called_incomplete(text: str) -> None:
    refused = _refused(text)
    assert refused.problem == "malformed" and "not valid JSON (line 1, column" in str(refused)


def test_empty_and_not_text() -> None:
    assert str(_refused(" \n\t")) == "it is empty"
    assert str(_refused(b"\xff\xfe\x00x")) == "it is not text"


def test_the_size_is_checked_in_bytes_before_anything_else() -> None:
    refused = _refused(b"\xff" * 1001, max_bytes=1000)
    assert refused.problem == "too large" and refused.size == 1001
    assert str(refused) == "it is too large (0.0 MB; the limit is 0.0 MB)"
    assert _refused('["' + "é" * 500 + '"]', max_bytes=1000).problem == "too large"
    assert read_json('["' + "é" * 498 + '"]', max_bytes=1000) == ["é" * 498]


def test_a_50_mb_document_is_refused_at_once() -> None:
    started = time.perf_counter()
    refused = _refused(b"[" + b'"xxxxxxxxxxxxxxxx", ' * 2_500_000 + b"1]")
    assert refused.problem == "too large" and "50.0 MB" in str(refused)
    assert time.perf_counter() - started < 1


def test_check_tree_refuses_what_read_json_refuses_in_memory() -> None:
    check_tree({"a": [1, "b", {"c": None}], "d": (1, 2)})
    with pytest.raises(BoundaryError, match="nest more than 64 deep"):
        check_tree(nested(DEEP_VALUE))
    with pytest.raises(BoundaryError, match="not valid Unicode"):
        check_tree({"a": [{"\ud800": 1}]})
    with pytest.raises(BoundaryError, match="not valid Unicode"):
        check_tree(["ok", ("x\udc00",)])


def test_text_helpers() -> None:
    assert not has_lone_surrogate("Zoë 😀") and has_lone_surrogate("Zo\ud800")
    assert text_problem("Ann", 3) is None and clean_text("Ann", 3) == "Ann"
    assert text_problem("Anna", 3) == "it is too long (4 characters; the limit is 3)"
    assert text_problem(3, 3) == "it is not text"
    assert text_problem("\udfff", 3) == "it holds a character that is not valid Unicode"
    with pytest.raises(BoundaryError, match="not valid Unicode"):
        clean_text("a\ud800", 10)


def test_event_data_100000_deep_is_an_action_format_error() -> None:
    with pytest.raises(ActionFormatError, match="event data nests lists more than 64 deep"):
        Event.from_json({"kind": "score", "text": "deep", "data": {"x": nested(DEEP_VALUE)}})
    assert Event.from_json({"kind": "k", "text": "t", "data": {"x": nested(MAX_DEPTH)}}).kind == "k"


def test_the_codec_refuses_text_that_is_not_valid_unicode() -> None:
    codec = ActionCodec(SCOREPAD.actions)
    assert codec.decode({"type": AddPoints.type, "player": "Zoë", "points": 1}) == AddPoints("Zoë", 1)
    with pytest.raises(
        ActionFormatError, match="player: the text holds a character that is not valid Unicode"
    ):
        codec.decode({"type": AddPoints.type, "player": "Zo\ud800", "points": 1})


def test_a_player_name_with_a_lone_surrogate_is_refused() -> None:
    with pytest.raises(ValueError, match="a player's name holds a character that is not valid Unicode"):
        make_setup(SCOREPAD, ("Ann", "B\udcffb"), {})
    assert make_setup(SCOREPAD, ("Ann", "Zoë 😀"), {}).players == ("Ann", "Zoë 😀")


# Packs


def _pack_text(**changes: Any) -> str:
    doc = {
        "format": "lantern-pack",
        "kind": "ashes.board",
        "name": "Mine",
        "version": 1,
        "data": BOARD.to_json(),
    }
    return json.dumps(doc | changes)


def test_a_valid_pack_still_reads() -> None:
    assert parse_pack(_pack_text()).data == BOARD.to_json()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_pack_text().replace('"Mine"', '"Mi\\ud800ne"'), "not valid Unicode ('\\ud800')"),
        (
            _pack_text(name="Mine\udc00"),
            "This is not a Lantern pack: it holds text that is not valid Unicode",
        ),
        (
            '{"name": "Bogus", ' + _pack_text()[1:],
            "This is not a Lantern pack: it is not valid JSON for Lantern",
        ),
        (_pack_text(data={"x": "PLACE"}).replace('"PLACE"', "[" * DEEP), "nest more than 64 deep"),
        (_pack_text()[: _pack_text().index("Mine") + 2], "This pack is incomplete: it ends too early"),
        (_pack_text(data={"x": float("nan")}), "not valid JSON (NaN is not a number)"),
    ],
    ids=["escaped surrogate", "raw surrogate", "repeated key", "deep", "cut in a string", "nan"],
)
def test_hostile_packs_are_refused(text: str, message: str) -> None:
    with pytest.raises(PackError, match=re.escape(message)):
        parse_pack(text)


def test_a_pack_built_in_the_app_with_a_lone_surrogate_is_refused() -> None:
    with pytest.raises(
        PackError, match="board layout pack's name holds a character that is not valid Unicode"
    ):
        check_pack(Pack("ashes.board", "Mine\ud800", 1, BOARD.to_json()))
    data = BOARD.to_json() | {"name": "Mine\ud800"}
    with pytest.raises(
        PackError, match="board layout pack is not valid: it holds text that is not valid Unicode"
    ):
        check_pack(Pack("ashes.board", "Mine", 1, data))


def test_a_validator_that_crashes_is_a_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(data: Mapping[str, Any]) -> list[str]:
        raise KeyError(data["missing"])

    monkeypatch.setitem(packs._KINDS, "test.crash", PackKind("test.crash", 1, "crashing kind", crash))
    text = json.dumps({"format": "lantern-pack", "kind": "test.crash", "name": "X", "version": 1, "data": {}})
    with pytest.raises(PackError) as refused:
        parse_pack(text)
    assert str(refused.value) == (
        "This crashing kind pack is not valid: Lantern could not read its content (KeyError)."
    )


# Downloads: a total deadline over connecting, the headers and the whole body


def _client(handler: Callable[[httpx.Request], httpx.Response]) -> httpx.Client:
    return httpx.Client(transport=httpx.MockTransport(handler))


def _trickle(pulled: list[int], pause: float) -> Iterator[bytes]:
    for _ in range(200):  # 200 pauses: a deadline that never fires fails the test instead of hanging it
        pulled.append(1)
        time.sleep(pause)
        yield b" "


def test_a_server_that_trickles_bytes_is_abandoned_at_the_deadline() -> None:
    pulled: list[int] = []
    client = _client(lambda request: httpx.Response(200, content=_trickle(pulled, 0.02)))
    started = time.perf_counter()
    with pytest.raises(PackError) as refused:
        fetch_pack(URL, client=client, deadline=0.2)
    assert str(refused.value) == (
        "packs.example was too slow: the pack had not arrived after 0.2 seconds, "
        "so Lantern stopped downloading it."
    )
    assert time.perf_counter() - started < 0.6
    assert 3 <= len(pulled) < 30


def test_slow_headers_count_against_the_deadline() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        time.sleep(0.25)
        return httpx.Response(200, content=_pack_text().encode())

    with pytest.raises(PackError, match="too slow"):
        fetch_pack(URL, client=_client(handler), deadline=0.2)


def test_redirects_share_one_deadline() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        time.sleep(0.08)
        return httpx.Response(302, headers={"Location": URL})

    with pytest.raises(PackError, match="too slow"):
        fetch_pack(URL, client=_client(handler), deadline=0.2)


def test_each_wait_is_bounded_by_the_time_left() -> None:
    waits: list[dict[str, float]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        waits.append(request.extensions["timeout"])
        return httpx.Response(200, content=_pack_text().encode())

    assert fetch_pack(URL, client=_client(handler), deadline=3.0).name == "Mine"
    assert waits and all(0 < value <= 3.0 for value in waits[0].values())
    fetch_pack(URL, client=_client(handler))
    assert all(value == 10.0 for value in waits[1].values())


@pytest.mark.parametrize(
    "url", ["https://example.com/\ud800", "https://ex\udcffample.com/", "https://xn--a.com/"]
)
def test_an_address_that_cannot_be_encoded_is_refused_without_a_request(url: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise AssertionError("no request may be made")

    with pytest.raises(PackError, match="only downloads packs from secure https:// addresses"):
        fetch_pack(url, client=_client(handler))


def test_a_host_name_refused_when_connecting_is_a_refusal() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise UnicodeError("encoding with 'idna' codec failed (UnicodeError: label empty or too long)")

    with pytest.raises(PackError, match=re.escape(f"could not reach {URL}: it is not a valid host name.")):
        fetch_pack(URL, client=_client(handler))


# Property: whatever comes in, the answer is a pack or a PackError


texts = st.text(st.characters(exclude_categories=()), max_size=10)
scalars = st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats() | texts
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(texts, children, max_size=4),
    max_leaves=25,
)
KINDS = sorted(kind.kind for kind in pack_kinds() if not kind.kind.startswith("test."))
SAMPLES: dict[str, Any] = {
    "ashes.board": BOARD.to_json(),
    "ashes.rival-deck": {"cards": [json.loads(card) for card in deck_json(random.Random(3), 4)]},
    "unsettled.map": example_map().to_json(),
    "infamous-traffic.board": TEST_BOARD,
    "blackout-hk.components": COMPONENTS,
    "blackout-hk.cards": BLACKOUT_CARDS,
    "hope-city.cards": HOPE_CARDS,
    "infamous-traffic.cards": TRAFFIC_CARDS,
}


def test_every_registered_kind_has_a_sample() -> None:
    assert set(KINDS) == set(SAMPLES)
    for kind in KINDS:
        parse_pack(
            json.dumps(
                {"format": "lantern-pack", "kind": kind, "name": "S", "version": 1, "data": SAMPLES[kind]}
            )
        )


def _read(text: str | bytes, kind: str | None) -> None:
    try:
        pack = parse_pack(text, kind)
    except PackError as error:
        assert str(error).startswith("This ") and "Traceback" not in str(error)
    else:
        check_pack(pack)


def _replaced(value: Any, path: list[int], new: Any) -> Any:
    """`value` with the node that `path` leads to (each step picks a child by index) replaced by `new`."""
    if not path or not isinstance(value, dict | list) or not value:
        return new
    if isinstance(value, dict):
        key = list(value)[path[0] % len(value)]
        return value | {key: _replaced(value[key], path[1:], new)}
    index = path[0] % len(value)
    return [*value[:index], _replaced(value[index], path[1:], new), *value[index + 1 :]]


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=200) | texts | st.text(max_size=200), kind=st.sampled_from([None, *KINDS]))
def test_any_bytes_or_text_is_a_pack_or_a_refusal(data: str | bytes, kind: str | None) -> None:
    _read(data, kind)


@settings(max_examples=200, deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    path=st.lists(st.integers(0, 50), max_size=6),
    new=json_values,
    name=texts,
    whole=st.booleans(),
)
def test_any_json_in_any_kind_is_a_pack_or_a_refusal(
    kind: str, path: list[int], new: Any, name: str, whole: bool
) -> None:
    data = new if whole else _replaced(SAMPLES[kind], path, new)
    doc = {"format": "lantern-pack", "kind": kind, "name": name or "N", "version": 1, "data": data}
    text = json.dumps(doc, ensure_ascii=False)
    _read(text, None)
    _read(text.encode("utf-8", "surrogatepass"), kind)
    _read(json.dumps(_replaced(doc, path, new)), kind)
