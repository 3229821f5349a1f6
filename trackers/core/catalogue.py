"""Card catalogues (issue #32): the cards a table enters once and picks by name in every later game.

The rulebooks do not print the cards, so a catalogue holds what the table read off each one, under a name
it chose, as a pack of the game's own kind (`blackout-hk.cards`, `hope-city.cards`,
`infamous-traffic.cards`). A catalogued card only fills an entry: the entry carries the values, so a game
replays without the catalogue, and the engine checks them as it checks the same values typed by hand.

What the kinds share is here. A catalogue's data is an object of card lists (`CardList`), each capped at
`MAX_CARDS` before any card is read; each card is read strictly by `Fields` (whole numbers are never
converted from 4.0 or "4", text is capped, an unknown field is refused), every refusal naming the card and
the field; and a name is given to one card of a list, as the table means it (`trackers.core.names`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from trackers.core.boundary import has_lone_surrogate, quote
from trackers.core.names import name_key, same_name
from trackers.core.packs import Pack, PackError, PackKind, check_pack, pack_kind

MAX_CARDS = 300
"""Cards in one list: more than any of the three games' boxes holds (Blackout: Hong Kong's deck is 72)."""
MAX_NAME = 40
MAX_LIST = 12
"""Items in a card's own lists (a goal's payment, a card's goals, an objective's reward steps)."""
_SHOWN_UNKNOWN = 3


class Named(Protocol):
    @property
    def name(self) -> str: ...


C = TypeVar("C", bound=Named)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Fields:
    """One card's JSON object, read field by field. Every reader raises ValueError naming its field, so a
    hand-edited catalogue is put right field by field; a field left out takes the reader's default."""

    def __init__(self, data: Any, known: Collection[str], required: Collection[str] = ("name",)) -> None:
        if not isinstance(data, Mapping):
            raise ValueError(f"it must be a JSON object, not {quote(data)}")
        unknown = sorted(str(k) for k in data if k not in known)
        missing = [f for f in required if f not in data]
        if unknown or missing:
            more = len(unknown) - _SHOWN_UNKNOWN
            raise ValueError(
                "; ".join(
                    [f"{f!r} is missing" for f in missing]
                    + [f"{quote(k)} is not a field it has" for k in unknown[:_SHOWN_UNKNOWN]]
                    + ([f"and {more} more fields are unknown"] if more > 0 else [])
                )
            )
        self.data: Mapping[str, Any] = data

    def name(self, field: str = "name") -> str:
        value = self.data.get(field)
        if not isinstance(value, str) or not value.strip() or value != value.strip():
            raise ValueError(f"{field!r} must be a name without spaces around it, not {quote(value)}")
        if len(value) > MAX_NAME:
            raise ValueError(f"{field!r} is longer than {MAX_NAME} characters")
        if has_lone_surrogate(value):
            raise ValueError(f"{field!r} holds a broken character (a lone surrogate): retype it")
        return value

    def whole(self, field: str, low: int, high: int, default: int = 0) -> int:
        value = self.data.get(field, default)
        if not _whole(value) or not low <= value <= high:
            raise ValueError(f"{field!r} must be a whole number from {low} to {high}, not {quote(value)}")
        return int(value)

    def flag(self, field: str, default: bool = False) -> bool:
        value = self.data.get(field, default)
        if not isinstance(value, bool):
            raise ValueError(f"{field!r} must be true or false, not {quote(value)}")
        return value

    def choice(self, field: str, choices: Sequence[str], default: str | None = None) -> str:
        value = self.data.get(field, default)
        if not isinstance(value, str) or value not in choices:
            shown = ", ".join(repr(c) for c in choices)
            raise ValueError(f"{field!r} must be one of {shown}, not {quote(value)}")
        return value

    def choices(self, field: str, choices: Sequence[str], most: int = MAX_LIST) -> tuple[str, ...]:
        """A list of words each among `choices` (a payment, colours), at most `most` long."""
        value = self.data.get(field, [])
        if not isinstance(value, list):
            raise ValueError(f"{field!r} must be a list of at most {most} words, not {quote(value)}")
        if len(value) > most:
            raise ValueError(f"{field!r} holds {len(value)} words; it holds at most {most}")
        for item in value:
            if not isinstance(item, str) or item not in choices:
                shown = ", ".join(repr(c) for c in choices)
                raise ValueError(f"{field!r} holds {quote(item)}: each is one of {shown}")
        return tuple(value)

    def objects(self, field: str, low: int, high: int) -> list[Any]:
        """A list of `low` to `high` items, each for its own reader."""
        value = self.data.get(field, [])
        if not isinstance(value, list):
            raise ValueError(f"{field!r} must be a list of {low} to {high} items, not {quote(value)}")
        if not low <= len(value) <= high:
            raise ValueError(f"{field!r} holds {len(value)} items; it holds {low} to {high}")
        return value


@dataclass(frozen=True)
class CardList(Generic[C]):
    """One list of a catalogue: its key in the data, what one of its items is called ("scout tile"), and
    how one is read (raising ValueError naming the field) and written."""

    key: str
    noun: str
    read: Callable[[Any], C]
    write: Callable[[C], dict[str, Any]]

    def problems(self, items: Any) -> list[str]:
        """Every card readable and each name naming one card of the list (case and spaces aside)."""
        if not isinstance(items, list):
            return [f"{self.key!r} must be a list of {self.noun}s, not {quote(items)}"]
        if len(items) > MAX_CARDS:
            return [f"{self.key!r} holds {len(items)} {self.noun}s; a catalogue holds at most {MAX_CARDS}"]
        problems = []
        holders: dict[str, tuple[str, list[int]]] = {}
        for number, raw in enumerate(items, 1):
            name = raw.get("name") if isinstance(raw, Mapping) else None
            named = f"{self.noun} {number}" + (f" ({quote(name)})" if isinstance(name, str) else "")
            try:
                self.read(raw)
            except ValueError as error:
                problems.append(f"{named}: {error}")
            if isinstance(name, str):
                holders.setdefault(name_key(name), (name, []))[1].append(number)
        problems += [
            f"{self.noun}s {', '.join(map(str, numbers))} share the name {quote(name)}"
            for name, numbers in holders.values()
            if len(numbers) > 1
        ]
        return problems


def catalogue_problems(data: Any, lists: Sequence[CardList[Any]]) -> list[str]:
    """A catalogue's data as a pack validator sees it: an object of the kind's lists, each optional."""
    if not isinstance(data, Mapping):
        return [f"a catalogue must be a JSON object, not {quote(data)}"]
    keys = [cards.key for cards in lists]
    problems = [f"{quote(k)} is not a list a catalogue has" for k in sorted(map(str, data)) if k not in keys]
    for cards in lists:
        problems += cards.problems(data.get(cards.key, []))
    return problems


def cards_of(pack: Pack, kind: PackKind, cards: CardList[C]) -> tuple[C, ...]:
    """One list of a catalogue pack, after every check an imported file meets (raises PackError)."""
    check_pack(pack)
    if pack.kind != kind.kind:
        raise PackError(f"This pack holds {pack_kind(pack.kind).a_title}, not {kind.a_title}.")
    return tuple(cards.read(raw) for raw in pack.data.get(cards.key, []))


def catalogue_pack(kind: PackKind, name: str, lists: Mapping[CardList[Any], Sequence[Any]]) -> Pack:
    """A catalogue pack of the cards given, held to the checks of an imported file (raises PackError)."""
    data = {cards.key: [cards.write(card) for card in items] for cards, items in lists.items()}
    pack = Pack(kind.kind, name, kind.version, data)
    check_pack(pack)
    return pack


def card_named(cards: Sequence[C], name: str) -> C | None:
    """The card the table means by `name` (case and spaces aside), or None."""
    return next((card for card in cards if same_name(card.name, name)), None)


def saved(cards: Sequence[C], card: C) -> tuple[C, ...]:
    """The list with `card` saved last (the most recent): a card of the same name is replaced (edited)."""
    return (*(c for c in cards if not same_name(c.name, card.name)), card)


def removed(cards: Sequence[C], name: str) -> tuple[C, ...]:
    """The list without the card the table means by `name`."""
    return tuple(c for c in cards if not same_name(c.name, name))


def newest_first(cards: Sequence[C], typed: str = "") -> tuple[C, ...]:
    """What a form offers: the cards whose name holds what is typed (case and spaces aside), the most
    recently saved first."""
    key = name_key(typed)
    return tuple(c for c in reversed(cards) if key in name_key(c.name))
