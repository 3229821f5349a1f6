"""The names an ASHES entry carries, read as the table means them (#28): "ruins " is the area "Ruins".

The game module hands every rule the entry with its names so read (`as_meant`), while the log keeps the entry
as typed. A name written exactly as a known one stays itself (`names.meant`), so a game holding two names
that differ only in case, entered before names were compared by key, replays as it was played; a name the
game does not know stays as typed, for the rules to refuse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from trackers.ashes import actions as a
from trackers.ashes.state import AshesState
from trackers.core.actions import Action
from trackers.core.names import meant


def _labels(state: AshesState) -> tuple[str, ...]:
    """Every rival card label the game knows: the catalogue, the card on show and the rival's piles."""
    shown = () if state.pending_card is None else (state.pending_card.label,)
    piles = () if state.rival is None else (*state.rival.deck.draw_pile, *state.rival.deck.discard_pile)
    return (*(c.label for c in state.catalogue), *shown, *piles)


def _all(names: Sequence[str], known: Sequence[str]) -> tuple[str, ...]:
    return tuple(meant(n, known) for n in names)


def as_meant(state: AshesState, action: Action) -> Action:
    """`action` with each player, area, construction space and rival card it names read as the game's own."""
    areas = [area.name for area in state.areas]
    nodes = areas if state.board is None else [state.board.shelter, *areas]
    spaces = [] if state.board is None else [s.id for s in state.board.construction_spaces]
    changes: dict[str, Any] = {}
    player = getattr(action, "player", None)
    if isinstance(player, str):
        changes["player"] = meant(player, state.rounds.seats)
    if isinstance(action, a.Move):
        changes["path"] = _all(action.path, nodes)
        changes["carried"] = tuple(
            (meant(up, nodes), meant(down, nodes), active, essential)
            for up, down, active, essential in action.carried
        )
    elif isinstance(action, a.Emerge):
        changes["drawn"] = tuple((meant(area, areas), kinds) for area, kinds in action.drawn)
    elif isinstance(action, a.Rescue | a.Scout):
        changes["area"] = meant(action.area, areas)
    elif isinstance(action, a.Build):
        changes["space"] = meant(action.space, spaces)
    elif isinstance(action, a.RivalTurn):
        changes |= {
            "area": meant(action.area, areas),
            "space": meant(action.space, spaces),
            "label": meant(action.label, _labels(state)),
        }
    return replace(action, **changes) if changes else action
