"""The player's own rival deck: the rulebook lists no rival cards, so Lantern knows only what is entered.

A deck is catalogued once ("my rival deck", shared as an `ashes.rival-deck` pack) or entered card by card
as the physical deck is turned over; either way `rival.play.play_card` is what moves a card to the discards.
JSON names enums by their lower-case member names, which stay stable when the wording players read changes.

A deck is refused unread past `MAX_CARDS` cards. Labels are text of at most `MAX_LABEL_LENGTH` characters;
the numeric parameter and the columns are whole numbers, never converted from 4.0 or "4". Labels are told
apart as the table means them (`trackers.core.names`): "t1" is the card "T1", so a second card labelled so is
refused, except in a deck a game's log already carries (`logged`), which keeps the exact comparison it was
catalogued under so that the game replays.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any, TypeVar

from trackers.ashes.rival.card import (
    COLUMNS,
    Arrow,
    Build,
    DiscardMissions,
    Install,
    MainAction,
    MoveVehicle,
    Ordinal,
    Rescue,
    RivalCard,
    ScoreColumn,
    SecondaryAction,
    SectorParameter,
)
from trackers.ashes.rival.play import revealable
from trackers.ashes.terms import PhoenixRow
from trackers.core.boundary import has_lone_surrogate, quote
from trackers.core.deck import Deck
from trackers.core.errors import IllegalAction, TableError, Violation
from trackers.core.names import name_key, same_name
from trackers.core.packs import Pack, PackError, PackKind, check_pack, pack_kind, register_pack_kind

NUMERIC_RANGE = range(1, 10)
"""The rulebook gives no range for the numeric parameter; single printed digits are assumed."""
MAX_LABEL_LENGTH = 40
MAX_CARDS = 100
"""The rulebook's component list (2.1) does not count the rival action cards; its largest counted sets of
cards hold 14 (production technologies) and 12 (characters, scoring technologies), so 100 is generous."""
MAX_UNKNOWN_SHOWN = 3
FIELDS = ("label", "arrow", "rounds_1_and_3", "round_2", "secondary", "ordinal", "numeric", "sector")

E = TypeVar("E", bound=Enum)


def _key(member: Enum) -> str:
    return member.name.lower()


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_BY_KEY: dict[type[Enum], dict[str, Any]] = {}
"""Each enum's members by JSON key, built on first use: a rival turn reads its card several times."""


def _enum(kind: type[E], value: Any, field: str) -> E:
    by_key = _BY_KEY.get(kind)
    if by_key is None:
        by_key = _BY_KEY[kind] = {_key(m): m for m in kind}
    if isinstance(value, str) and value in by_key:
        member: E = by_key[value]
        return member
    raise ValueError(f"{field!r} must be one of {', '.join(by_key)}, not {quote(value)}")


def _column(data: Mapping[str, Any], field: str) -> int:
    column = data.get("column")
    if not _whole(column) or column not in COLUMNS:
        raise ValueError(f"{field!r} needs a 'column' of {', '.join(map(str, COLUMNS))}, not {quote(column)}")
    return int(column)


_BARE_ACTIONS = {Rescue(): "rescue", MoveVehicle(): "move_vehicle", DiscardMissions(): "discard_missions"}


def _action_to_json(action: MainAction | SecondaryAction) -> dict[str, Any]:
    if isinstance(action, Build):
        return {"action": "build", "column": action.column}
    if isinstance(action, ScoreColumn):
        return {"action": "score_column", "column": action.column}
    if isinstance(action, Install):
        return {"action": "install", "row": _key(action.row)}
    return {"action": _BARE_ACTIONS[action]}


def _action_kind(data: Any, field: str) -> Any:
    if not isinstance(data, Mapping):
        raise ValueError(f"{field!r} must be an object with an 'action', not {quote(data)}")
    return data.get("action")


def _main_from_json(data: Any, field: str) -> MainAction:
    kind = _action_kind(data, field)
    if kind == "build":
        return Build(_column(data, field))
    if kind == "install":
        return Install(_enum(PhoenixRow, data.get("row"), f"{field}.row"))
    if kind == "rescue":
        return Rescue()
    if kind == "move_vehicle":
        return MoveVehicle()
    raise ValueError(f"{field!r} must be build, rescue, move_vehicle or install, not {quote(kind)}")


def _secondary_from_json(data: Any) -> SecondaryAction | None:
    if data is None:
        return None
    kind = _action_kind(data, "secondary")
    if kind == "discard_missions":
        return DiscardMissions()
    if kind == "score_column":
        return ScoreColumn(_column(data, "secondary"))
    raise ValueError(f"'secondary' must be null, discard_missions or score_column, not {quote(kind)}")


def card_to_json(card: RivalCard) -> dict[str, Any]:
    return {
        "label": card.label,
        "arrow": None if card.arrow is None else _key(card.arrow),
        "rounds_1_and_3": _action_to_json(card.rounds_1_and_3),
        "round_2": _action_to_json(card.round_2),
        "secondary": None if card.secondary is None else _action_to_json(card.secondary),
        "ordinal": _key(card.ordinal),
        "numeric": card.numeric,
        "sector": _key(card.sector),
    }


def card_from_json(data: Any) -> RivalCard:
    """Read one card; raises ValueError naming the field, since a hand-edited pack is fixed field by field."""
    if not isinstance(data, Mapping):
        raise ValueError(f"a card must be a JSON object, not {quote(data)}")
    missing = [f for f in FIELDS if f not in data]
    unknown = [k for k in data if k not in FIELDS]
    if missing or unknown:
        more = len(unknown) - MAX_UNKNOWN_SHOWN
        raise ValueError(
            "; ".join(
                [f"{f!r} is missing" for f in missing]
                + [f"{quote(k)} is unknown" for k in sorted(map(str, unknown))[:MAX_UNKNOWN_SHOWN]]
                + ([f"and {more} more fields are unknown"] if more > 0 else [])
            )
        )
    label = data["label"]
    if not isinstance(label, str) or not label or label != label.strip():
        raise ValueError(f"'label' must be a name without spaces around it, not {quote(label)}")
    if len(label) > MAX_LABEL_LENGTH:
        raise ValueError(f"'label' is longer than {MAX_LABEL_LENGTH} characters")
    if has_lone_surrogate(label):
        raise ValueError("'label' holds a broken character (a lone surrogate): retype it")
    numeric = data["numeric"]
    if not _whole(numeric) or numeric not in NUMERIC_RANGE:
        raise ValueError(
            f"'numeric' must be a whole number from {NUMERIC_RANGE.start} to {NUMERIC_RANGE.stop - 1}, "
            f"not {quote(numeric)}"
        )
    return RivalCard(
        label,
        None if data["arrow"] is None else _enum(Arrow, data["arrow"], "arrow"),
        _main_from_json(data["rounds_1_and_3"], "rounds_1_and_3"),
        _main_from_json(data["round_2"], "round_2"),
        _secondary_from_json(data["secondary"]),
        _enum(Ordinal, data["ordinal"], "ordinal"),
        int(numeric),
        _enum(SectorParameter, data["sector"], "sector"),
    )


def _card_problems(cards: Any, logged: bool) -> list[str]:
    if not isinstance(cards, list):
        return ["its data needs a 'cards' list"]
    if not cards:
        return ["the deck has no cards"]
    if len(cards) > MAX_CARDS:
        return [f"the deck has {len(cards)} cards; a rival deck has at most {MAX_CARDS}"]
    problems = []
    holders: dict[str, tuple[str, list[int]]] = {}
    for number, raw in enumerate(cards, 1):
        label = raw.get("label") if isinstance(raw, Mapping) else None
        named = f"card {number} ({quote(label)})" if isinstance(label, str) else f"card {number}"
        try:
            card_from_json(raw)
        except ValueError as error:
            problems.append(f"{named}: {error}")
        if isinstance(label, str):
            holders.setdefault(label if logged else name_key(label), (label, []))[1].append(number)
    problems += [
        f"cards {', '.join(map(str, numbers))} share the label {quote(label)}"
        for label, numbers in holders.values()
        if len(numbers) > 1
    ]
    return problems


def deck_problems(data: Any, *, logged: bool = False) -> list[str]:
    """Pack validation: every card readable and each label naming one card, as a turn is entered by label.

    At most `MAX_CARDS` cards, counted before any card is read (caps, text and label rules in the module
    docstring; `logged`: a deck a game's log carries).
    """
    if not isinstance(data, Mapping):
        return [f"a rival deck must be a JSON object, not {quote(data)}"]
    return _card_problems(data.get("cards"), logged)


RIVAL_DECK = register_pack_kind(PackKind("ashes.rival-deck", 1, "rival deck", deck_problems))


def deck_pack(name: str, cards: Sequence[RivalCard]) -> Pack:
    """A pack of the player's deck, held to the same checks as an imported file (raises PackError)."""
    pack = Pack(RIVAL_DECK.kind, name, RIVAL_DECK.version, {"cards": [card_to_json(c) for c in cards]})
    check_pack(pack)
    return pack


def cards_from_pack(pack: Pack) -> tuple[RivalCard, ...]:
    check_pack(pack)
    if pack.kind != RIVAL_DECK.kind:
        raise PackError(f"This pack holds {pack_kind(pack.kind).a_title}, not {RIVAL_DECK.a_title}.")
    return tuple(card_from_json(c) for c in pack.data["cards"])


def add_card_violations(cards: Sequence[RivalCard], card: RivalCard) -> list[Violation]:
    """A card the deck could not export is refused now rather than when the player shares the deck; a label
    the deck holds in another case or with other spaces is the same label."""
    if any(same_name(c.label, card.label) for c in cards):
        return [
            Violation(
                "ashes.rival.deck.duplicate",
                f"Your rival deck already has a card labelled {card.label!r}: give this one its own label.",
                "ashes/solo/rival",
            )
        ]
    try:
        card_from_json(card_to_json(card))
    except ValueError as error:
        return [
            Violation("ashes.rival.deck.card", f"This card cannot be saved: {error}.", "ashes/solo/rival")
        ]
    return []


def add_card(cards: Sequence[RivalCard], card: RivalCard) -> tuple[RivalCard, ...]:
    problems = add_card_violations(cards, card)
    if problems:
        raise IllegalAction(problems)
    return (*cards, card)


def remove_card(cards: Sequence[RivalCard], label: str) -> tuple[RivalCard, ...]:
    if all(c.label != label for c in cards):
        raise TableError(f"the rival deck has no card labelled {label!r}")
    return tuple(c for c in cards if c.label != label)


def draw_digital(deck: Deck, cards_by_label: Mapping[str, RivalCard], rng: random.Random) -> RivalCard:
    """Choose the card to reveal, uniformly among `rival.play.revealable(deck)`, leaving the deck unchanged.

    `rival.play.play_card` then moves it to the discards, after shuffling them back in if the pile is empty
    (a step of its turn), so replaying the choices replays the game. The pick ignores the pile's order, which
    the rival does not keep: a pass gathers every card into one sorted pile.
    """
    labels = revealable(deck)
    if not labels:
        raise TableError("a digital draw needs a rival deck with its catalogue of cards")
    label = rng.choice(labels)
    if label not in cards_by_label:
        raise TableError(f"rival card {label!r} is in the deck but not in the catalogue")
    return cards_by_label[label]
