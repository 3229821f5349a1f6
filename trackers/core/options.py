"""Options declared once: a field of a game's settings dataclass is also its New game option.

The label, help, rule link, choices and range sit on the field; the option list the New game screen
shows and the settings the engine reads are both derived from it, and a stored setup is read by option
key, never by position, so adding or reordering options cannot shift another option's value.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from trackers.core.game import Option, OptionValue, Setup

T = TypeVar("T")
_META = "lantern.option"


@dataclass(frozen=True)
class _Declared:
    option: Option
    read: Callable[[OptionValue], Any]


def option(
    label: str,
    default: OptionValue,
    *,
    key: str = "",
    choices: Mapping[str, Any] | Sequence[str] = (),
    minimum: int | None = None,
    maximum: int | None = None,
    rule: str = "",
    help: str = "",
    main: bool = False,
    read: Callable[[OptionValue], Any] | None = None,
) -> Any:
    """A settings field that the table sets on the New game screen.

    `default` is the stored value (a choice's label, a number or a yes/no). With `choices` as a mapping,
    the field holds the value a label stands for; `read` turns the stored value into the field's value
    otherwise (a number into a tuple of stacking limits, a label into an enum). `key` keeps the stored
    name of an option whose field was renamed, so games saved before still open.
    """
    labels = tuple(str(choice) for choice in choices)
    reader: Callable[[OptionValue], Any] = read or _same
    if isinstance(choices, Mapping):
        table: dict[OptionValue, Any] = {str(label): value for label, value in choices.items()}
        reader = table.__getitem__
    declared = _Declared(
        Option(key, label, default, labels, minimum, maximum, rule, help, main),
        reader,
    )
    return dataclasses.field(default=reader(default), metadata={_META: declared})


def _same(value: OptionValue) -> OptionValue:
    return value


def _declared(settings: type[Any]) -> list[tuple[str, _Declared]]:
    return [
        (field.name, field.metadata[_META])
        for field in dataclasses.fields(settings)
        if _META in field.metadata
    ]


def options_of(settings: type[Any]) -> tuple[Option, ...]:
    """The New game options of a settings dataclass, in field order, keyed by field name unless renamed."""
    return tuple(
        dataclasses.replace(declared.option, key=declared.option.key or name)
        for name, declared in _declared(settings)
    )


def settings_from(settings: type[T], setup: Setup) -> T:
    """The settings a stored setup chose, read by option key (the default where the setup predates it)."""
    chosen = dict(setup.options)
    values = {
        name: declared.read(chosen.get(declared.option.key or name, declared.option.default))
        for name, declared in _declared(settings)
    }
    return settings(**values)
