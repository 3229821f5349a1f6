"""A made-up `blackout-hk.components` pack for tests: not the printed game's rondel, dice, table or map
(Lantern never ships those; the table enters them from the box). A 4 x 4 grid of districts whose corners
are the locations, coloured in turn and linked along the grid's lines, so each district has 4 locations
around it and neighbouring districts share 2."""

from __future__ import annotations

from typing import Any

COLOURS = ("red", "green", "blue", "yellow")
RONDEL = ["food", "tools", "gasoline", "water", "books", "medipack"]


def _corner(row: int, col: int) -> str:
    return f"L{row}{col}"


LOCATIONS = {_corner(r, c): COLOURS[(r + c) % 4] for r in range(5) for c in range(5)}
DISTRICTS = [
    [_corner(r, c), _corner(r, c + 1), _corner(r + 1, c), _corner(r + 1, c + 1)]
    for r in range(4)
    for c in range(4)
]
LINKS = [[_corner(r, c), _corner(r, c + 1)] for r in range(5) for c in range(4)] + [
    [_corner(r, c), _corner(r + 1, c)] for r in range(4) for c in range(5)
]
COMPONENTS: dict[str, Any] = {
    "rondel": RONDEL,
    "dice": {
        "red": ["food", "tools", "gasoline", "water", "books", "medipack"],
        "yellow": ["water", "water", "food", "books", "tools", "gasoline"],
        "blue": ["medipack", "books", "books", "food", "water", "tools"],
    },
    "scout_table": [0, 1, 3, 6, 10, 15, 21, 28],
    "locations": LOCATIONS,
    "districts": DISTRICTS,
    "links": LINKS,
}
