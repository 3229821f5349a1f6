"""Blackout: Hong Kong: the eight-phase round, the resource dice and rondel, districts and the campaign."""

from trackers.blackout_hk import catalogue  # noqa: F401  (registers the blackout-hk.cards pack kind)
from trackers.blackout_hk.game import BLACKOUT_HK
from trackers.core.registry import register

register(BLACKOUT_HK)
