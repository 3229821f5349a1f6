"""The biggest hostile inputs a player could be handed, generated on demand for the tests and the bench.

Each one fits under the cap of the door it comes through (a pack under 1 MB, a game file of a few hundred
KB) and is far past the validator's structural caps, so the refusal must cost no more than reading it.
"""

from __future__ import annotations

import itertools
import json

from trackers.ashes.rival.card import Arrow, Build, Install, Ordinal, RivalCard, ScoreColumn, SectorParameter
from trackers.ashes.rival.deck import card_to_json
from trackers.ashes.terms import PhoenixRow
from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.services.gamefile import checksum, export_document
from trackers.unsettled import actions as ua
from trackers.unsettled.game import UNSETTLED

MAP_PACK_CELLS = 72_000
LOAD_MAP_CELLS = 16_000
BOARD_PACK_AREAS = 20_000
DECK_PACK_CARDS = 4_000
SHELTER = "Shelter"


def _pack(kind: str, data: object) -> str:
    doc = {"format": "lantern-pack", "kind": kind, "name": "Huge", "version": 1, "data": data}
    return json.dumps(doc, separators=(",", ":"))


def map_pack() -> str:
    """An `unsettled.map` pack of about 940 KB listing 72,000 cells."""
    cells = [["Navi", i % 7, i // 7 % 9] for i in range(MAP_PACK_CELLS)]
    return _pack("unsettled.map", {"name": "Huge", "cells": cells})


def load_map_game_file() -> str:
    """A signed Unsettled game file of about 270 KB whose one action loads a map of 16,000 cells."""
    doc = export_document(Session(UNSETTLED, make_setup(UNSETTLED, ("Ann",), {}), 1))
    cells = [["Workshop", i % 6, i // 6 % 6] for i in range(LOAD_MAP_CELLS)]
    doc["actions"] = [{"type": ua.LoadMap.type, "name": "Huge", "cells": cells, "barriers": [], "links": []}]
    doc["groups"], doc["events"], doc["cursor"] = [0], [[]], 1
    doc.pop("checksum")
    doc["checksum"] = checksum(doc)
    return json.dumps(doc, separators=(",", ":"))


def board_layout() -> dict[str, object]:
    """An `ashes.board` layout of 20,000 areas in a chain from the shelter, each linked to the next."""
    ids = [f"A{i}" for i in range(BOARD_PACK_AREAS)]
    return {
        "name": "Huge",
        "shelter": SHELTER,
        "areas": [{"id": area, "sector": 1 + i % 4} for i, area in enumerate(ids)],
        "links": [[SHELTER, ids[0]], *([a, b] for a, b in itertools.pairwise(ids))],
        "red_lines": [],
        "construction_spaces": [],
    }


def board_pack() -> str:
    """The 20,000-area layout as a pack of about 960 KB."""
    return _pack("ashes.board", board_layout())


def rival_card(label: str) -> RivalCard:
    return RivalCard(
        label,
        Arrow.BLUE,
        Build(2),
        Install(PhoenixRow.DARK_BLUE),
        ScoreColumn(3),
        Ordinal.FROM_LEFT,
        4,
        SectorParameter.NEXT_SECTOR,
    )


def deck_pack() -> str:
    """An `ashes.rival-deck` pack of about 950 KB: 4,000 well-formed cards."""
    return _pack(
        "ashes.rival-deck", {"cards": [card_to_json(rival_card(f"Card {i}")) for i in range(DECK_PACK_CARDS)]}
    )
