"""An Infamous Traffic (2nd ed.): the trade game over four decades, with its event and conspiracy bags."""

from trackers.core.registry import register
from trackers.infamous_traffic import catalogue  # noqa: F401  (registers the infamous-traffic.cards pack kind)
from trackers.infamous_traffic.game import INFAMOUS_TRAFFIC

register(INFAMOUS_TRAFFIC)
