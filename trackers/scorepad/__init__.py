"""Score pad: a plain score sheet for any game at the table.

Importing the package registers only its entry: the engine (game.py) loads when the game is first asked for.
"""

from trackers.core.registry import GameEntry, register_entry

ENTRY = register_entry(GameEntry("scorepad", "Score pad", "trackers.scorepad.game"))
