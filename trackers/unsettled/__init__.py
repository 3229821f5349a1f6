"""Unsettled: Blackout: the Scarab map, power, and LUNA's automated pursuit."""

from trackers.core.registry import register
from trackers.unsettled.game import UNSETTLED

register(UNSETTLED)
