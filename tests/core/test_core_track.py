from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackers.core.errors import TableError
from trackers.core.track import Track, TrackMove


@st.composite
def tracks(draw: st.DrawFn) -> Track:
    low = draw(st.integers(-20, 20))
    high = draw(st.integers(low, low + 20))
    return Track(low, high, draw(st.integers(low, high)))


def test_overflow_past_the_top() -> None:
    assert Track(0, 9, 8).move(3) == TrackMove(Track(0, 9, 9), overflow=2, underflow=0)


def test_underflow_past_the_bottom() -> None:
    assert Track(0, 9, 1).move(-4) == TrackMove(Track(0, 9, 0), overflow=0, underflow=3)


def test_move_within_range() -> None:
    assert Track(0, 9, 4).move(-2) == TrackMove(Track(0, 9, 2), overflow=0, underflow=0)


def test_construction_checks_range() -> None:
    with pytest.raises(TableError, match="outside"):
        Track(0, 9, 10)
    with pytest.raises(TableError, match="above"):
        Track(5, 4, 4)
    with pytest.raises(TableError):
        Track(0, 9, True)


def test_set_contains_and_room() -> None:
    track = Track(2, 7, 3)
    assert track.set(7).value == 7
    with pytest.raises(TableError, match="outside"):
        track.set(8)
    assert track.contains(2)
    assert not track.contains(1)
    assert (track.room_up, track.room_down) == (4, 1)


@given(tracks(), st.integers(-50, 50))
def test_move_stays_in_range_and_accounts_for_every_step(track: Track, delta: int) -> None:
    moved = track.move(delta)
    assert moved.track.low == track.low and moved.track.high == track.high
    assert track.low <= moved.track.value <= track.high
    assert moved.track.value + moved.overflow - moved.underflow == track.value + delta
    assert moved.overflow == 0 or moved.underflow == 0
    assert moved.overflow >= 0 and moved.underflow >= 0


@given(tracks())
def test_json_round_trip(track: Track) -> None:
    assert Track.from_json(json.loads(json.dumps(track.to_json()))) == track


@pytest.mark.parametrize(
    "data",
    [{}, {"low": 0, "high": 9}, {"low": 0, "high": 9, "value": 10}, {"low": "0", "high": 9, "value": 1}, []],
)
def test_malformed_json_is_refused(data: object) -> None:
    with pytest.raises(TableError):
        Track.from_json(data)  # type: ignore[arg-type]
