"""The names an Unsettled entry carries, read as the table means them (#28): "crew quarters" is Crew Quarters.

The game module hands every rule the entry with its names so read (`as_meant`), while the log keeps the entry
as typed. A name written exactly as a known one stays itself (`names.meant`); one the game does not know
stays as typed, for the rules to refuse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from typing import Any

from trackers.core.actions import Action
from trackers.core.names import meant
from trackers.unsettled import actions as a
from trackers.unsettled.board import INCAPACITATED_CARDS, NODES, OTHER_CARD
from trackers.unsettled.state import UnsettledState

NODE_FIELDS = frozenset({"node", "to", "a", "b", "choice"})
"""The fields of an entry that name a card of the Scarab (a pursuit's `choice` is the node taken)."""
EXPLORER_FIELDS = frozenset({"explorer", "by"})
CARDS = (*INCAPACITATED_CARDS, OTHER_CARD)


def _traps(state: UnsettledState) -> tuple[str, ...]:
    """Every trap the game knows: in the tray, carried, set on a node or gone."""
    carried = (t for e in state.explorers for t in e.traps)
    return (*state.trap_tray, *carried, *(t for _, t in state.traps_on), *state.traps_gone)


def _pairs(pairs: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple((meant(x, NODES), meant(y, NODES)) for x, y in pairs)


def as_meant(state: UnsettledState, action: Action) -> Action:
    """`action` with each card of the Scarab, explorer, trap and incapacitated card it names read as the
    game's own."""
    explorers = [e.name for e in state.explorers]
    changes: dict[str, Any] = {}
    for field in fields(action):
        value = getattr(action, field.name)
        if not isinstance(value, str):
            continue
        if field.name in NODE_FIELDS:
            changes[field.name] = meant(value, NODES)
        elif field.name in EXPLORER_FIELDS:
            changes[field.name] = meant(value, explorers)
        elif field.name == "trap":
            changes[field.name] = meant(value, _traps(state))
    if isinstance(action, a.DrawIncapacitated):
        changes["card"] = meant(action.card, CARDS)
    elif isinstance(action, a.LoadMap):
        changes |= {
            "cells": tuple((meant(n, NODES), col, row) for n, col, row in action.cells),
            "barriers": _pairs(action.barriers),
            "links": _pairs(action.links),
        }
    return replace(action, **changes) if changes else action
