"""One section of the rules reference: the unit that is shown, searched and linked to."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Section:
    """A titled piece of reference text with a stable id that engines and links point at.

    `id` always starts with `pack` + "/", so a refusal's rule link names the game it belongs to.
    """

    id: str
    pack: str
    title: str
    body: str
    see_also: tuple[str, ...]
