"""Unsettled: Blackout: the Scarab map, power, and LUNA's automated pursuit.

Importing the package registers only its entry: the engine (game.py) loads when the game is first asked for.
"""

from trackers.core.registry import GameEntry, register_entry

ENTRY = register_entry(
    GameEntry("unsettled", "Unsettled: Blackout", "trackers.unsettled.game", pack_kinds=("unsettled.map",))
)
