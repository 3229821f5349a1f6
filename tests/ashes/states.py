"""ASHES states at chosen points of a game, for tests of one rule at a time.

`BOARD` is a small layout: the shelter, two areas in each of sectors 1 to 4 (the first of each with a bag
icon), a line of links through them, a red line on one of the two ways into sector 4.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from trackers.ashes.board.layout import AshesBoard, BoardArea, ConstructionSpace
from trackers.ashes.game import ASHES
from trackers.ashes.rounds.turn_order import SetupKind, setup_done
from trackers.ashes.state import AshesState, Seat
from trackers.core.game import make_setup

SHELTER = "Shelter"
AREAS = tuple(BoardArea(f"S{sector}{x}", sector, bag_icon=x == "a") for sector in (1, 2, 3, 4) for x in "ab")
LINKS = ((SHELTER, "S1a"), ("S1a", "S1b"), ("S1b", "S2a"), ("S2a", "S2b"), ("S2b", "S3a"), ("S3a", "S3b"))
BOARD = AshesBoard(
    "Test board",
    SHELTER,
    AREAS,
    tuple(
        sorted((min(a, b), max(a, b)) for a, b in (*LINKS, ("S3b", "S4a"), ("S3a", "S4b"), ("S4a", "S4b")))
    ),
    red_lines=(("S3b", "S4a"),),
    construction_spaces=tuple(ConstructionSpace(f"C{sector}", sector) for sector in (1, 2, 3, 4)),
)
LAYOUT = json.dumps(BOARD.to_json())
TOPS = (5, 5, 5)


def new(players: tuple[str, ...] = ("Ann",), **options: Any) -> AshesState:
    """A game as it stands right after the New game screen."""
    state: AshesState = ASHES.new_state(make_setup(ASHES, players, options), seed=7)
    return state


def playing(players: tuple[str, ...] = ("Ann",), **options: Any) -> AshesState:
    """Round 1 after its setup, with `BOARD` in play and no survivors on it: the first player's turn.

    Solo games get no rival here; tests of the rival enter it themselves."""
    state = new(players, **options)
    seats = tuple(
        replace(s, board=replace(s.board, production_tops=TOPS), vehicle=SHELTER) for s in state.seats
    )
    rounds = setup_done(state.rounds, SetupKind.EMERGE)
    return replace(state, seats=seats, board=BOARD, areas=BOARD.play_areas(), rounds=rounds)


def with_board(state: AshesState, name: str, **changes: Any) -> AshesState:
    """`name`'s player board with fields changed, e.g. fuel=3, entrance=("active",)."""
    seat: Seat = state.seat(name)
    return state.with_seat(replace(seat, board=replace(seat.board, **changes)))
