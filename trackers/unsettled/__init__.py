"""Unsettled: Blackout: the Scarab map, power, and LUNA's automated pursuit."""

from trackers.core.packs import PackKind, register_pack_kind
from trackers.core.registry import register
from trackers.unsettled.board import map_problems
from trackers.unsettled.game import UNSETTLED

register_pack_kind(PackKind("unsettled.map", 1, "Scarab map", map_problems))
register(UNSETTLED)
