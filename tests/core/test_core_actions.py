"""Actions and events survive JSON exactly; malformed JSON is refused with a reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackers.core.actions import Action, ActionCodec, ActionFormatError, Event, parameters


@dataclass(frozen=True)
class Move(Action):
    type: ClassVar[str] = "test.move"
    who: str
    steps: int
    path: tuple[str, ...] = ()
    fast: bool = False
    target: str | None = None
    colour: Literal["red", "blue"] = "red"


CODEC = ActionCodec([Move])

moves = st.builds(
    Move,
    who=st.text(),
    steps=st.integers(),
    path=st.lists(st.text(), max_size=4).map(tuple),
    fast=st.booleans(),
    target=st.none() | st.text(),
    colour=st.sampled_from(["red", "blue"]),
)


@given(moves)
def test_action_json_round_trip(action: Move) -> None:
    assert CODEC.decode(action.to_json()) == action


def test_json_shape_names_the_type() -> None:
    assert Move("Ann", 2, ("a", "b")).to_json() == {
        "type": "test.move",
        "who": "Ann",
        "steps": 2,
        "path": ["a", "b"],
        "fast": False,
        "target": None,
        "colour": "red",
    }


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ([], "must be a JSON object"),
        ({"type": "test.fly"}, "unknown action type"),
        ({"type": "test.move", "who": "Ann"}, "missing field 'steps'"),
        ({"type": "test.move", "who": "Ann", "steps": "2"}, "expected a whole number"),
        ({"type": "test.move", "who": "Ann", "steps": True}, "expected a whole number"),
        ({"type": "test.move", "who": "Ann", "steps": 1, "path": "ab"}, "expected a list"),
        ({"type": "test.move", "who": "Ann", "steps": 1, "colour": "green"}, "is not one of"),
        ({"type": "test.move", "who": "Ann", "steps": 1, "speed": 3}, "unexpected field(s) speed"),
    ],
)
def test_malformed_actions_are_refused(raw: object, message: str) -> None:
    with pytest.raises(ActionFormatError, match=message.replace("(", r"\(").replace(")", r"\)")):
        CODEC.decode(raw)


def test_a_type_name_is_registered_once() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        ActionCodec([Move, Move])


def test_parameters_are_readable() -> None:
    assert parameters(Move) == {
        "who": "str",
        "steps": "int",
        "path": "tuple[str]",
        "fast": "bool",
        "target": "str | NoneType",
        "colour": "one of 'red', 'blue'",
    }


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=8,
)


@given(st.text(), st.text(), st.dictionaries(st.text(min_size=1), json_values, max_size=4))
def test_event_json_round_trip(kind: str, text: str, data: dict[str, object]) -> None:
    event = Event.of(kind, text, **data)
    assert Event.from_json(event.to_json()) == event
    assert Event.from_json(event.to_json()).to_json() == event.to_json()


def test_event_data_named_like_its_fields_and_nested_objects() -> None:
    event = Event.of("draw", "drew", kind="tile", text="red")
    assert Event.from_json(event.to_json()).value("kind") == "tile"
    with pytest.raises(ActionFormatError, match="not a plain value"):
        Event.from_json({"kind": "k", "text": "t", "data": {"x": {"nested": 1}}})


@dataclass(frozen=True)
class Route(Action):
    type: ClassVar[str] = "test.route"
    corner: tuple[int, str]
    legs: tuple[tuple[str, tuple[int, ...]], ...] = ()


@given(
    st.builds(
        Route,
        corner=st.tuples(st.integers(), st.text()),
        legs=st.lists(st.tuples(st.text(), st.lists(st.integers(), max_size=3).map(tuple)), max_size=3).map(
            tuple
        ),
    )
)
def test_fixed_length_and_nested_tuples_round_trip(route: Route) -> None:
    codec = ActionCodec([Route])
    assert codec.decode(route.to_json()) == route
    with pytest.raises(ActionFormatError, match="expected 2 items"):
        codec.decode({**route.to_json(), "corner": [1]})
