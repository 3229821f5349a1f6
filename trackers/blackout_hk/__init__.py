"""Blackout: Hong Kong: the eight-phase round, the resource dice and rondel, districts and the campaign.

Importing the package registers only its entry: the engine (game.py) loads when the game is first asked for.
"""

from trackers.core.registry import GameEntry, register_entry

ENTRY = register_entry(
    GameEntry(
        "blackout-hk",
        "Blackout: Hong Kong",
        "trackers.blackout_hk.game",
        pack_kinds=("blackout-hk.components", "blackout-hk.cards"),
    )
)
