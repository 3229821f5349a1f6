"""Hope City: the co-operative city tracker with the wage bag, corruption, PUNKS and the Future Track."""

from trackers.core.registry import register
from trackers.hope_city import catalogue  # noqa: F401  (registers the hope-city.cards pack kind)
from trackers.hope_city.game import HOPE_CITY

register(HOPE_CITY)
