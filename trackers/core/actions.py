"""Actions: one frozen dataclass per thing a person (or an automated opponent) does at the table.

Every action class carries a registered `type` name and round-trips through JSON, because the
action log is the game: it is what storage keeps, what game files carry and what replay reads.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from trackers.core.boundary import MAX_DEPTH, has_lone_surrogate

JsonValue = Any


class ActionFormatError(ValueError):
    """An action read from JSON does not match any known action or its fields."""


@dataclass(frozen=True)
class Action:
    """Base of every action. Subclasses are frozen dataclasses with a unique `type` ClassVar."""

    type: ClassVar[str] = ""

    def to_json(self) -> dict[str, JsonValue]:
        data: dict[str, JsonValue] = {"type": self.type}
        for field in dataclasses.fields(self):
            data[field.name] = _to_json(getattr(self, field.name))
        return data


@dataclass(frozen=True)
class Event:
    """Something that happened when an action was applied, with any random outcome it produced.

    `data` holds plain JSON values only. The session records events beside each action, and replay
    checks that it reproduces them, so a drawn tile or a rolled die is part of the log.
    """

    kind: str
    text: str
    data: tuple[tuple[str, JsonValue], ...] = ()

    @staticmethod
    def of(kind: str, text: str, /, **data: JsonValue) -> Event:
        """Data values are plain JSON scalars or lists of them (kept as tuples so events compare)."""
        # Every entry makes events: a plain scalar, by far the most common value, is kept without a call.
        frozen = [(k, v if v.__class__ in _SCALARS else _freeze(v)) for k, v in data.items()]
        frozen.sort()
        return Event(kind, text, tuple(frozen))

    def value(self, key: str) -> JsonValue:
        return dict(self.data)[key]

    def to_json(self) -> dict[str, JsonValue]:
        return {"kind": self.kind, "text": self.text, "data": {k: _to_json(v) for k, v in self.data}}

    @staticmethod
    def from_json(raw: Mapping[str, JsonValue]) -> Event:
        if not isinstance(raw, Mapping) or not isinstance(raw.get("kind"), str):
            raise ActionFormatError("an event needs a 'kind' text")
        if not isinstance(raw.get("text"), str) or not isinstance(raw.get("data", {}), Mapping):
            raise ActionFormatError("an event needs a 'text' and a 'data' object")
        try:
            return Event.of(raw["kind"], raw["text"], **dict(raw.get("data", {})))
        except TypeError as exc:
            raise ActionFormatError(f"event data: {exc}") from None


_SCALARS = frozenset({str, int, float, bool, type(None)})
"""The classes `_freeze` keeps as they are (subclasses, such as an enum's, still go through it)."""


def _freeze(value: JsonValue, depth: int = 0) -> JsonValue:
    """Lists become tuples; the depth is capped so data from a file cannot exhaust the stack."""
    if isinstance(value, list | tuple):
        if depth >= MAX_DEPTH:
            raise ActionFormatError(f"event data nests lists more than {MAX_DEPTH} deep")
        return tuple(_freeze(v, depth + 1) for v in value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"{type(value).__name__} is not a plain value or a list")


def _to_json(value: JsonValue) -> JsonValue:
    if isinstance(value, tuple | list):
        return [_to_json(v) for v in value]
    return value


class ActionCodec:
    """Turns JSON objects back into the action classes of one game, checking every field's type."""

    def __init__(self, actions: Iterable[type[Action]]) -> None:
        self._by_type: dict[str, type[Action]] = {}
        self._hints: dict[str, dict[str, Any]] = {}
        for cls in actions:
            if not cls.type:
                raise ValueError(f"{cls.__name__} has no registered type name")
            if cls.type in self._by_type:
                raise ValueError(f"action type {cls.type!r} is registered twice")
            self._by_type[cls.type] = cls
            self._hints[cls.type] = typing.get_type_hints(cls)

    @property
    def types(self) -> tuple[type[Action], ...]:
        return tuple(self._by_type.values())

    def decode(self, raw: JsonValue) -> Action:
        if not isinstance(raw, Mapping):
            raise ActionFormatError("an action must be a JSON object")
        name = raw.get("type")
        cls = self._by_type.get(name) if isinstance(name, str) else None
        if cls is None:
            raise ActionFormatError(f"unknown action type {name!r}")
        hints = self._hints[cls.type]
        fields = {f.name: f for f in dataclasses.fields(cls)}
        extra = set(raw) - set(fields) - {"type"}
        if extra:
            raise ActionFormatError(f"{name}: unexpected field(s) {', '.join(sorted(extra))}")
        kwargs: dict[str, Any] = {}
        for fname, field in fields.items():
            if fname not in raw:
                if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
                    raise ActionFormatError(f"{name}: missing field {fname!r}")
                continue
            kwargs[fname] = _coerce(raw[fname], hints[fname], f"{name}.{fname}")
        return cls(**kwargs)


def parameters(cls: type[Action]) -> dict[str, str]:
    """Field name -> readable type, for the CLI's `games` listing and for bug reports."""
    hints = typing.get_type_hints(cls)
    return {f.name: _type_name(hints[f.name]) for f in dataclasses.fields(cls)}


def _type_name(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin is None:
        return getattr(tp, "__name__", str(tp))
    args = ", ".join(_type_name(a) for a in typing.get_args(tp) if a is not Ellipsis)
    if origin in (typing.Union, types.UnionType):
        return " | ".join(_type_name(a) for a in typing.get_args(tp))
    if origin is typing.Literal:
        return "one of " + ", ".join(repr(a) for a in typing.get_args(tp))
    return f"{getattr(origin, '__name__', str(origin))}[{args}]"


def _coerce(value: JsonValue, tp: Any, where: str) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        for option in args:
            try:
                return _coerce(value, option, where)
            except ActionFormatError:
                continue
        raise ActionFormatError(f"{where}: {value!r} is not a {_type_name(tp)}")
    if origin is typing.Literal:
        if value in args:
            return value
        raise ActionFormatError(f"{where}: {value!r} is not {_type_name(tp)}")
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise ActionFormatError(f"{where}: expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_coerce(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise ActionFormatError(f"{where}: expected {len(args)} items")
        return tuple(_coerce(v, a, f"{where}[{i}]") for i, (v, a) in enumerate(zip(value, args, strict=True)))
    if tp is type(None):
        if value is None:
            return None
        raise ActionFormatError(f"{where}: expected null")
    if tp is bool:
        if isinstance(value, bool):
            return value
        raise ActionFormatError(f"{where}: expected true or false")
    if tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise ActionFormatError(f"{where}: expected a whole number")
    if tp is str:
        if not isinstance(value, str):
            raise ActionFormatError(f"{where}: expected text")
        if has_lone_surrogate(value):
            raise ActionFormatError(f"{where}: the text holds a character that is not valid Unicode")
        return value
    raise ActionFormatError(f"{where}: unsupported field type {_type_name(tp)}")
