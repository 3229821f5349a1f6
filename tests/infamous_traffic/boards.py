"""Made-up China boards for tests only. The real board's regions, chains and tracks are not printed in
the rulebook text; these boards have the shape the rules describe (seven regions, Canton and Shanghai with
the set-up's chains, coastal and interior chains, red and arrow spaces) and nothing more."""

from __future__ import annotations

import json
from typing import Any


def _region(name: str, enforcement: str, coastal: bool, *adjacent: str) -> dict[str, Any]:
    return {"name": name, "enforcement": enforcement, "coastal": coastal, "adjacent": list(adjacent)}


def _chain(cid: str, region: str, spaces: str, toward: str | None = None) -> dict[str, Any]:
    return {"id": cid, "region": region, "spaces": spaces.split(), "toward": toward}


TEST_BOARD: dict[str, Any] = {
    "name": "Test board",
    "regions": [
        _region("Canton", "canton", True, "Wenzhou", "Changsha", "Hill"),
        _region("Wenzhou", "mid-coast", True, "Canton", "Shanghai", "Changsha"),
        _region("Shanghai", "city", True, "Wenzhou", "Wuchang"),
        _region("Changsha", "mountain", False, "Canton", "Wenzhou", "Wuchang"),
        _region("Wuchang", "city", False, "Shanghai", "Changsha", "Lake"),
        _region("Hill", "mountain", False, "Canton"),
        _region("Lake", "city", False, "Wuchang"),
    ],
    "chains": [
        _chain("canton-1", "Canton", "ship opium blank"),
        _chain("canton-2", "Canton", "ship opium blank"),
        _chain("wenzhou-1", "Wenzhou", "ship blank"),
        _chain("shanghai-1", "Shanghai", "ship opium blank"),
        _chain("shanghai-2", "Shanghai", "ship blank"),
        _chain("changsha-1", "Changsha", "opium blank", "canton-2"),
        _chain("wuchang-1", "Wuchang", "opium blank", "shanghai-1"),
        _chain("hill-1", "Hill", "opium blank", "canton-1"),
        _chain("lake-1", "Lake", "opium blank", "wuchang-1"),
    ],
    "outrage": {"spaces": 12, "red": {"8": 1, "9": 2, "10": 3, "11": 4}, "arrows": [6]},
    "debt": {"compound": {"3": 1, "6": 2, "10": 3}, "end": 15, "penalty": {"1": 1, "5": 3, "10": 6}},
    "tile_limits": [[0, 4], [4, 6], [8, 8]],
}
"""Every part filled in: Lantern compounds debt, scores the penalty and checks tile limits itself."""

BARE_BOARD: dict[str, Any] = {k: v for k, v in TEST_BOARD.items() if k not in ("debt", "tile_limits")}
"""Without the debt track and tile limits: the table enters compounding, penalties and returns."""


def layout(board: dict[str, Any] | None = None) -> str:
    return json.dumps(TEST_BOARD if board is None else board)
