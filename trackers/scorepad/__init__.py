"""Score pad: a plain score sheet for any game at the table."""

from trackers.core.registry import register
from trackers.scorepad.game import SCOREPAD

register(SCOREPAD)
