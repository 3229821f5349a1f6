"""Hostile inputs: what refusing the biggest crafted map, game file and board costs, each far past its caps.

A pack or game file that is cheap to send must be cheap to refuse: these are the inputs of `tests.hostile`,
each just under the size its door lets through, refused at the validator's structural caps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import trackers  # noqa: F401  (registers every game and pack kind)
from build.bench.engine import time_ms
from build.bench.figures import Figure, median
from tests import hostile
from trackers.core.packs import PackError, parse_pack
from trackers.services.gamefile import GameFileError, load_document

RUNS = 5


def _refusal(read: Callable[[str], object], text: str) -> Callable[[], None]:
    def refuse() -> None:
        try:
            read(text)
        except (PackError, GameFileError):
            return
        raise RuntimeError("the bench's hostile input was accepted")

    return refuse


def figures() -> Iterator[Figure]:
    cases = (
        ("refuse 1 MB map pack", hostile.map_pack(), parse_pack, f"{hostile.MAP_PACK_CELLS:,} cells"),
        (
            "refuse LoadMap game file",
            hostile.load_map_game_file(),
            load_document,
            f"{hostile.LOAD_MAP_CELLS:,} cells in one action, replayed",
        ),
        ("refuse 1 MB board pack", hostile.board_pack(), parse_pack, f"{hostile.BOARD_PACK_AREAS:,} areas"),
    )
    for name, text, read, what in cases:
        samples = time_ms(_refusal(read, text), RUNS)
        notes = f"{len(text.encode()) / 1000:.0f} KB, {what}; median of {RUNS}"
        yield Figure(name, median(samples), "ms", notes)
