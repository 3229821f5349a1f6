"""English for texts made of values: "an economics cost", "1 point", "3 points"."""

from __future__ import annotations


def a_or_an(word: str) -> str:
    """`word` after "a" or "an", by its first letter: "an economics", "a politics" (the words Lantern puts
    there, colours, tiles and resources, sound their first letter)."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def unit(count: int, plural: str) -> str:
    """A unit written as a plural in -s, singular for one: "points" for 0 or 3, "point" for 1 or -1; a unit
    without the -s ("corruption", "VP") stays as it is."""
    return plural.removesuffix("s") if abs(count) == 1 else plural
