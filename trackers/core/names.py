"""Names the table types, compared as the table means them.

A player who types "mong kok " means the location "Mong Kok": every name an entry carries and the
engine later compares (locations, districts, regions, chains, cards, map nodes) is matched by its key,
which ignores case, the spaces around it and runs of spaces inside it. A stored game keeps what was
typed; only comparisons and refusals use the key.
"""

from __future__ import annotations

from collections.abc import Iterable


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
