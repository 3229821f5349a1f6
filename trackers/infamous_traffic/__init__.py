"""An Infamous Traffic (2nd ed.): the trade game over four decades, with its event and conspiracy bags.

Importing the package registers only its entry: the engine (game.py) loads when the game is first asked for.
"""

from trackers.core.registry import GameEntry, register_entry

ENTRY = register_entry(
    GameEntry(
        "infamous-traffic",
        "An Infamous Traffic",
        "trackers.infamous_traffic.game",
        pack_kinds=("infamous-traffic.board", "infamous-traffic.cards"),
    )
)
