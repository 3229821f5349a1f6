"""ASHES: Blackout Protocol: colonies, the survivor bag, rounds, final scoring and the solo rival.

Importing the package registers only its entry: the engine (game.py) loads when the game is first asked for.
"""

from trackers.core.registry import GameEntry, register_entry

ENTRY = register_entry(
    GameEntry(
        "ashes",
        "ASHES: Blackout Protocol",
        "trackers.ashes.game",
        pack_kinds=("ashes.board", "ashes.rival-deck"),
    )
)
