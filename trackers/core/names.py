"""Names the table types, compared as the table means them.

A player who types "mong kok " means the location "Mong Kok": every name an entry carries and the
engine later compares (locations, districts, regions, chains, cards, map nodes) is matched by its key,
which ignores case, the spaces around it and runs of spaces inside it. A stored game keeps what was
typed; only comparisons and refusals use the key.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable


def name_key(name: str) -> str:
    """The form two names are compared in: case folded, spaces trimmed and runs of spaces made one."""
    return " ".join(name.split()).casefold()


def same_name(a: str, b: str) -> bool:
    """Whether two typed names mean the same thing at the table."""
    return name_key(a) == name_key(b)


def known_as(name: str, known: Iterable[str]) -> str | None:
    """The name among `known` that `name` means (as first written there), or None."""
    key = name_key(name)
    return next((k for k in known if name_key(k) == key), None)


def meant(name: str, known: Collection[str]) -> str:
    """The known name a typed one means: itself when written exactly so (a game begun before names were
    compared by key may hold two that differ only in case, and replays as it was played), else the known name
    with its key, else the name as typed, for the rules to refuse."""
    if name in known:
        return name
    return known_as(name, known) or name
