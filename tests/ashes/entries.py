"""Entries made straight through the ASHES module, with the checks every test wants on the way: refusals
name a known rules section, accepted entries keep all 75 survivors and every event links a rule."""

from __future__ import annotations

from random import Random
from typing import Any

from rules_ref import reference
from trackers.ashes.actions import RivalTurn
from trackers.ashes.board.survivors import FULL_BAG
from trackers.ashes.game import ASHES
from trackers.ashes.state import AshesState
from trackers.core.actions import Action, Event


def codes(state: AshesState, action: Action) -> list[str]:
    """Every refusal's code (empty: accepted)."""
    problems = ASHES.validate(state, action)
    assert all(reference().exists(v.rule) for v in problems)
    return [v.code for v in problems]


def refused(state: AshesState, action: Action) -> tuple[str, str]:
    """The first refusal's code and rule."""
    violations = ASHES.validate(state, action)
    assert violations, f"{action} was accepted"
    assert all(reference().exists(v.rule) for v in violations)
    return violations[0].code, violations[0].rule


def apply(state: AshesState, action: Action, seed: int = 1) -> tuple[AshesState, list[Event]]:
    """An accepted entry applied, with the app's draws made from `seed`."""
    assert codes(state, action) == [], action
    after, events = ASHES.apply(state, action, Random(seed))
    assert after.survivors() == FULL_BAG
    assert all(reference().exists(str(e.value("rule"))) for e in events)
    return after, events


def events(state: AshesState, action: Action, seed: int = 1) -> list[Event]:
    return apply(state, action, seed)[1]


def play(state: AshesState, *actions: Action, seed: int = 1) -> AshesState:
    for action in actions:
        state, _ = apply(state, action, seed)
    return state


def rescue_card(label: str = "c1", cases: int = 0, **fields: Any) -> RivalTurn:
    """A rival card entry: a rescue in this round's sector, counting 1 from the bottom, with no activator
    arrow, unless `fields` say otherwise."""
    values: dict[str, Any] = {
        "arrow": None,
        "rounds_1_and_3": "rescue",
        "round_2": "rescue",
        "secondary": None,
        "ordinal": "from_bottom",
        "numeric": 1,
        "sector": "this_round",
    }
    return RivalTurn(label=label, cases=cases, **{**values, **fields})
