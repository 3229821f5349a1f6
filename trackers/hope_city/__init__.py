"""Hope City: the co-operative city tracker with the wage bag, corruption, PUNKS and the Future Track.

Importing the package registers only its entry: the engine (game.py) loads when the game is first asked for.
"""

from trackers.core.registry import GameEntry, register_entry

ENTRY = register_entry(
    GameEntry("hope-city", "Hope City", "trackers.hope_city.game", pack_kinds=("hope-city.cards",))
)
