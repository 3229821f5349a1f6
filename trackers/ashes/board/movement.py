"""The move protocol's path (AS-V12, 8.2), checked against the player's board layout.

The cost is data for the caller to pay with `PlayerBoard.check_pay` / `apply_pay`, so payments stay in one
place; this module only judges where the vehicle goes and what it carries on the way.
"""

from __future__ import annotations

from collections.abc import Sequence

from trackers.ashes.board.layout import AshesBoard
from trackers.ashes.colony.player_board import Capacities, Cost
from trackers.core.errors import TableError, Violation

MOVE_COST = Cost(fuel=2)
CHARACTER_MOVE_COST = Cost(happiness=4, happiness_in_hand=True)
"""The one character's alternative: 4 happiness, which must be on the track (App. I)."""
SECTOR_IV = 4
RULE = "ashes/protocols/move"


def range_violations(capacities: Capacities, steps: int, from_shelter: bool) -> list[Violation]:
    if steps <= capacities.vehicle_move:
        return []
    leaving = " (stepping out of the starting shelter is one of them)" if from_shelter else ""
    return [
        Violation(
            "ashes.move.range",
            f"This move takes {steps} steps{leaving}; your vehicle moves at most {capacities.vehicle_move}.",
            RULE,
        )
    ]


def sector_iv_violations(board: AshesBoard, capacities: Capacities, path: Sequence[str]) -> list[Violation]:
    if capacities.sector_iv:
        return []
    return [
        Violation(
            "ashes.move.sector_iv",
            f"{area} is in sector IV: your vehicle needs its class II upgrade to go there.",
            RULE,
        )
        for area in dict.fromkeys(path)
        if board.sector(area) == SECTOR_IV
    ]


def cargo_violations(capacities: Capacities, carried_at_each_step: Sequence[int]) -> list[Violation]:
    over = [(step, n) for step, n in enumerate(carried_at_each_step, 1) if n > capacities.vehicle_carry]
    if not over:
        return []
    step, n = over[0]
    return [
        Violation(
            "ashes.move.cargo",
            f"Step {step} has {n} survivors aboard; your vehicle carries {capacities.vehicle_carry} at most.",
            RULE,
        )
    ]


def check_move(
    board: AshesBoard,
    capacities: Capacities,
    start: str,
    path: Sequence[str],
    carried_at_each_step: Sequence[int],
) -> list[Violation]:
    """Every reason the rules refuse this move; empty when it may be made.

    `path` lists the areas entered, one per step (empty: the vehicle stays, which the rules allow), and
    `carried_at_each_step` how many survivors ride along on each step. Leaving the starting shelter is a
    step because the shelter is a node of the board's graph. Unknown areas are a caller's bug (TableError).
    A layout without links (areas only) has no ways to follow, so only range, sector IV and cargo count.
    """
    if len(carried_at_each_step) != len(path) or any(n < 0 for n in carried_at_each_step):
        raise TableError(f"need one survivor count of 0 or more per step, got {carried_at_each_step!r}")
    problems = range_violations(capacities, len(path), start == board.shelter)
    if board.links:
        graph = board.graph()
        for here, there in zip((start, *path), path, strict=False):
            if not graph.has_edge(here, there):
                problems.append(Violation("ashes.move.not_adjacent", f"{there} is not next to {here}.", RULE))
            elif graph.has_barrier(here, there):
                problems.append(
                    Violation(
                        "ashes.move.red_line", f"A red line between {here} and {there} blocks the way.", RULE
                    )
                )
    return (
        problems
        + sector_iv_violations(board, capacities, path)
        + cargo_violations(capacities, carried_at_each_step)
    )
