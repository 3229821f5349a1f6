"""Card catalogues of each kind (issue #32) for the pack tests. The rulebooks print no cards: every card
here is made-up test data, named so."""

from __future__ import annotations

from typing import Any

BLACKOUT_CARDS: dict[str, Any] = {
    "cards": [
        {
            "name": "Test volunteer (made up)",
            "colour": "red",
            "cubes": 2,
            "goals": [
                {
                    "pay": ["food", "battery"],
                    "hkd": -1,
                    "points": 2,
                    "gain": ["books"],
                    "slot_colours": ["red"],
                }
            ],
        },
        {
            "name": "Test plan (made up)",
            "goals": [{"place": 1}, {"gps": 1, "transport": 2}],
            "perk": "search",
        },
    ],
    "tiles": [
        {"name": "Test tile (made up)", "simple": 3, "advanced": 7, "reward": "books", "back_icons": 1}
    ],
}
HOPE_CARDS: dict[str, Any] = {
    "objectives": [
        {
            "name": "Test summit (made up)",
            "category": "politics",
            "cost": ["politics", "any"],
            "reward": [{"entry": "expand", "step": 1}, {"entry": "gain_token", "token": "society"}],
            "consequence": [{"entry": "move_card", "category": "economics", "to": "fail"}],
        },
        {"name": "Test major (made up)", "category": "", "major": True, "reward": [{"entry": "open_track"}]},
    ]
}
TRAFFIC_CARDS: dict[str, Any] = {
    "cards": [
        {"name": "Test agent (made up)", "upkeep": 1, "vp": 2, "parties": 1, "locked": True},
        {"name": "Test bride (made up)", "prize": "marriage", "debt": 3},
    ]
}
