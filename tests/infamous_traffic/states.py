"""An Infamous Traffic states at chosen points of a game, for tests of one rule at a time.

`begun` sets a game up through the real entries (the test board entered with known dice, Fate of China
tiles and bowls, then every player's starting card) and stops at the first turn. The other builders change
one part of a state with `dataclasses.replace`, the way a test needs it. `applied` and `refusal` run entries
through the game module itself (its `validate`, and its `apply` with the steps that follow by themselves).
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from random import Random
from typing import Any

from rules_ref import reference
from tests.infamous_traffic.boards import TEST_BOARD
from trackers.core.actions import Action, Event
from trackers.core.bag import Bag
from trackers.core.errors import Violation
from trackers.core.game import make_setup
from trackers.infamous_traffic import actions as it
from trackers.infamous_traffic.game import INFAMOUS_TRAFFIC as GAME
from trackers.infamous_traffic.state import (
    EVENTS_PER_DECADE,
    PLAYER_TILES,
    STARTING_BAG,
    TILES_EACH,
    Card,
    Chain,
    InfamousTrafficState,
    Piece,
)

S = InfamousTrafficState
NAMES = ("Ada", "Ben", "Cai", "Dee", "Eve")
POOL = (1, 2, 3, 5, 6)
CANTON = (2, 4)
FATE = ("tax", "taiping")
BOWLS = ("qing", "bureaucrat", "smuggler", "missionary", "qing", "smuggler", "bureaucrat", "missionary")
"""Bowls 1 and 2 get two tiles each (qing + bureaucrat, smuggler + missionary), bowls 3 to 6 one each."""
DEMAND_DICE = 30
STARTING_TILES = ("merchant", "ship", "opium", "merchant", "ship")


def board(**changes: Any) -> dict[str, Any]:
    """The test board with some top-level parts replaced."""
    out = copy.deepcopy(TEST_BOARD)
    out.update(changes)
    return out


def wide_board() -> dict[str, Any]:
    """The test board with Wenzhou's chain four spaces long (ship, opium and two blanks)."""
    out = board()
    for c in out["chains"]:
        if c["id"] == "wenzhou-1":
            c["spaces"] = ["ship", "opium", "blank", "blank"]
    return out


def arrow_board() -> dict[str, Any]:
    """The test board with the left arrow on a red space (9, strength 2) just right of another (8, 1)."""
    return board(outrage={"spaces": 12, "red": {"8": 1, "9": 2, "10": 3, "11": 4}, "arrows": [9]})


def bare_board() -> dict[str, Any]:
    """Without the debt track and tile limits: the table enters compounding and penalties."""
    return {k: v for k, v in board().items() if k not in ("debt", "tile_limits")}


def fresh(players: int = 3, layout: dict[str, Any] | None = None, seed: int = 7, **options: Any) -> S:
    """The board entered (Canton 2 and 4, pool 1 2 3 5 6, Fate of China Tax and Taiping, known bowls)."""
    state: S = GAME.new_state(make_setup(GAME, NAMES[:players], options), seed)
    size = 8 if options.get("bowls_of_two", True) else 6
    entry = it.UseBoard(json.dumps(layout or TEST_BOARD), DEMAND_DICE, CANTON, POOL, FATE, BOWLS[:size])
    return applied(state, entry)


def begun(
    players: int = 3,
    where: str | tuple[str, ...] = "china",
    layout: dict[str, Any] | None = None,
    **options: Any,
) -> S:
    """Every starting card chosen (Ada a Merchant, Ben a Ship, Cai an Opium tile...): the first turn."""
    state = fresh(players, layout, **options)
    places = (where,) * players if isinstance(where, str) else where
    for name, place, tile in zip(NAMES[:players], places, STARTING_TILES, strict=False):
        state = applied(state, it.ChooseStart(name, place, tile))
    assert state.stage == "turns"
    return state


def applied(state: S, *actions: Action, seed: int = 0) -> S:
    """The state after each entry is accepted and applied; every event's rule is a known section."""
    for action in actions:
        state, _ = applied_events(state, action, seed)
    return state


def applied_events(state: S, action: Action, seed: int = 0) -> tuple[S, list[Event]]:
    problems = GAME.validate(state, action)
    assert problems == [], (action, problems)
    after, events = GAME.apply(state, action, Random(seed))
    rules = [dict(e.data).get("rule") for e in events]
    assert all(reference().exists(str(r)) for r in rules if r is not None), rules
    return after, events


def refusal(state: S, action: Action) -> Violation:
    """The first reason the entry is refused (it must be refused); its rule must be a known section."""
    violations = GAME.validate(state, action)
    assert violations, f"{action} was accepted"
    assert all(reference().exists(v.rule) for v in violations), violations
    return violations[0]


# Changing one part of a state


def on_turn(state: S, who: str) -> S:
    """`who`'s turn in the current round (the round's order is the action rows as they stand)."""
    order = state.turn_order
    return replace(state, stage="turns", order=order, acted=order.index(who), turn_done=False, questions=())


def firm(state: S, name: str, **fields: Any) -> S:
    return state.with_firm(replace(state.firm(name), **fields))


def holding(state: S, name: str, merchant: int = 0, ship: int = 0, opium: int = 0) -> S:
    """`name` holds exactly these tiles; the rest of the 6 of each type are in the supply."""
    held = (merchant, ship, opium)
    supply = (TILES_EACH - merchant, TILES_EACH - ship, TILES_EACH - opium)
    return firm(state, name, holdings=held, supply=supply)


def region(state: S, name: str, **fields: Any) -> S:
    return state.with_region(replace(state.region(name), **fields))


def chain(state: S, cid: str, *tiles: Piece | None, active: bool = False) -> S:
    return state.with_chain(Chain(cid, tuple(tiles), active))


def empty_chains(state: S) -> S:
    """Every chain emptied (the set-up's Bureaucrats and Smuggler gone too)."""
    return replace(state, chains=tuple(Chain(c.id, (None,) * len(c.tiles)) for c in state.chains))


def P(kind: str, value: int, owner: str = "") -> Piece:
    return Piece(kind, value, owner)


def card(name: str, deck: str = "london", **fields: Any) -> Card:
    return Card(name, deck, **fields)  # type: ignore[arg-type]


def prize(name: str, kind: str, **fields: Any) -> Card:
    return Card(name, "prize", prize=kind, **fields)  # type: ignore[arg-type]


def at_events(state: S, done: int = 0, draws: int = 1, bag: dict[str, int] | None = None) -> S:
    """The end of a round: `draws` events to draw, `done` already resolved this decade (all Stability)."""
    contents = dict(STARTING_BAG, **(bag or {}))
    contents["stability"] = contents.get("stability", 0) - done
    return replace(
        state,
        stage="events",
        order=state.turn_order,
        acted=len(state.turn_order),
        events_done=done,
        draws_left=draws,
        event_track=("stability",) * done,
        event_bag=Bag.of(contents),
        questions=(),
    )


def last_event(state: S, bag: dict[str, int] | None = None) -> S:
    """Seven events resolved: the next one drawn ends the decade."""
    return at_events(state, done=EVENTS_PER_DECADE - 1, bag=bag)


def decade_over(state: S) -> S:
    """The eighth event drawn (a Stability): the decade's end steps run up to the London Season."""
    return applied(last_event(state), it.DrawEvent("stability"))


def skip_season(state: S) -> S:
    """Every drafter takes no prize."""
    while state.stage == "season" and state.on_turn is not None:
        state = applied(state, it.SkipPrize())
    return state


def tiles_of(state: S, name: str) -> dict[str, int]:
    f = state.firm(name)
    return dict(zip(PLAYER_TILES, f.holdings, strict=True))
