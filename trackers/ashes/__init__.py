"""ASHES: Blackout Protocol: colonies, the survivor bag, rounds, final scoring and the solo rival."""

from trackers.ashes.game import ASHES
from trackers.core.registry import register

register(ASHES)
