"""Hope City states at chosen points of a game, for tests of one rule at a time.

`playing` sets a game up through the real entries (citizens chosen, starting tokens drawn as named, the
first chaos card in) and stops at the Mayor's wage; the other builders change one part of a state with
`dataclasses.replace`, the way a test needs it. `applied` and `refusal` run entries through the game
module itself (its `validate` and `apply`, with the win and loss check after each entry).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from random import Random
from typing import Any

from rules_ref import reference
from trackers.core.actions import Action, Event
from trackers.core.bag import Bag
from trackers.core.errors import Violation
from trackers.core.game import make_setup
from trackers.core.registry import get_game
from trackers.core.session import Session
from trackers.hope_city import actions as a
from trackers.hope_city.game import HOPE_CITY
from trackers.hope_city.state import (
    COLOURS,
    CORRUPTION,
    HopeCityState,
    Objective,
    Turn,
)

FOUR = ("mayor", "coach", "engineer", "doctor")
"""The default table: four citizens, the Entrepreneur and the Ranger left out (non-active)."""
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
POOL = 20
SUPPLY = (12, 4)
"""Punks and Big Punks counted beside the board at set-up."""


def module() -> Any:
    return get_game("hope-city")


def seats(citizens: Iterable[str]) -> tuple[tuple[str, str], ...]:
    return tuple(zip(NAMES, citizens, strict=False))


def choose(
    citizens: tuple[str, ...] = FOUR, pool: int = POOL, doctor_space: str = "society"
) -> a.ChooseCitizens:
    return a.ChooseCitizens(
        seats(citizens),
        pool=pool,
        punks=SUPPLY[0],
        big_punks=SUPPLY[1],
        doctor_space=doctor_space if "doctor" in citizens else "",
    )


def new(citizens: tuple[str, ...] = FOUR, **options: Any) -> HopeCityState:
    """A game right after the New game screen, one player per citizen."""
    players = NAMES[: len(citizens)]
    state: HopeCityState = HOPE_CITY.new_state(make_setup(HOPE_CITY, players, options), seed=7)
    return state


def new_session(citizens: tuple[str, ...] = FOUR, seed: int = 7, **options: Any) -> Session:
    players = NAMES[: len(citizens)]
    return Session(module(), make_setup(module(), players, options), seed)


def applied(state: HopeCityState, *actions: Action, seed: int = 0) -> HopeCityState:
    """The state after each entry is accepted and applied; every event names a rules section."""
    for action in actions:
        assert HOPE_CITY.validate(state, action) == [], (action, HOPE_CITY.validate(state, action))
        state, events = HOPE_CITY.apply(state, action, Random(seed))
        assert all(reference().exists(str(e.value("rule"))) for e in events), events
    return state


def applied_events(state: HopeCityState, action: Action, seed: int = 0) -> tuple[HopeCityState, list[Event]]:
    assert HOPE_CITY.validate(state, action) == [], HOPE_CITY.validate(state, action)
    return HOPE_CITY.apply(state, action, Random(seed))


def refusal(state: HopeCityState, action: Action) -> Violation:
    """The first reason the entry is refused (it must be refused); its rule must be a known section."""
    violations = HOPE_CITY.validate(state, action)
    assert violations, f"{action} was accepted"
    assert all(reference().exists(v.rule) for v in violations), violations
    return violations[0]


def set_up(
    citizens: tuple[str, ...] = FOUR,
    pool: int = POOL,
    tokens: Iterable[str] = (),
    doctor_space: str = "society",
    **options: Any,
) -> HopeCityState:
    """Citizens chosen and starting tokens drawn: `tokens` names them in order (by default the colours
    in board order, one after another, so nobody starts with corruption)."""
    state = applied(new(citizens, **options), choose(citizens, pool, doctor_space))
    named = list(tokens)
    drawn = 0
    while state.stage == "tokens":
        token = named.pop(0) if named else COLOURS[drawn % 5]
        state = applied(state, a.DrawToken(token))
        drawn += 1
    return state


def playing(citizens: tuple[str, ...] = FOUR, pool: int = POOL, **options: Any) -> HopeCityState:
    """Year 1 under way after `set_up`'s default draws: the Mayor's wage is next."""
    return applied(set_up(citizens, pool, **options), a.ChaosIn())


def on_turn(state: HopeCityState, cid: str, wage: bool = True, **turn: Any) -> HopeCityState:
    """`cid`'s turn, the wage taken (unless `wage` is False), with the turn's fields changed."""
    return replace(state, stage="turns", turn=Turn(cid, wage_taken=wage, **turn), tile_placed=False)


def legacy(state: HopeCityState) -> HopeCityState:
    """The same state in a game begun before the rules read of issue #29 (edition 1: its old checks)."""
    return replace(state, edition=1)


def done(state: HopeCityState) -> HopeCityState:
    """The citizen on turn has dealt with the turn's objective (attempted it or put it on the track), so
    the turn may end."""
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, objective_done=True))


def chosen(state: HopeCityState, card: Objective) -> HopeCityState:
    """The citizen on turn holds `card` as the turn's objective (not yet paid)."""
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, objective=card))


def citizen(state: HopeCityState, cid: str, **fields: Any) -> HopeCityState:
    return state.with_citizen(replace(state.citizen(cid), **fields))


def holding(state: HopeCityState, cid: str, *tokens: str) -> HopeCityState:
    """`cid` holds exactly these tokens; resources come out of (or go back into) the bag, so the totals
    stay right. Hope tokens are made up (they never sit in the bag)."""
    old = state.citizen(cid).tokens
    bag = state.bag.put([t for t in old.items() if t in COLOURS])
    bag = bag.take([t for t in tokens if t in COLOURS])
    return replace(citizen(state, cid, tokens=Bag.of(_count(tokens))), bag=bag)


def _count(tokens: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for token in tokens:
        counts[token] = counts.get(token, 0) + 1
    return counts


def city(state: HopeCityState, **fields: Any) -> HopeCityState:
    return replace(state, city=replace(state.city, **fields))


def punks(state: HopeCityState, **spaces: tuple[str, ...]) -> HopeCityState:
    """The PUNKS on each named space (the others emptied), e.g. politics=("punk", "big")."""
    return city(state, punks=tuple(tuple(spaces.get(space, ())) for space in COLOURS))


def piles(state: HopeCityState, **fields: Any) -> HopeCityState:
    return replace(state, piles=replace(state.piles, **fields))


def track(state: HopeCityState, **fields: Any) -> HopeCityState:
    return replace(state, track=replace(state.track, **fields))


def cleanup(state: HopeCityState, **fields: Any) -> HopeCityState:
    """The clean-up, the chaos card already resolved unless `fields` say otherwise."""
    return replace(state, **{"stage": "cleanup", "turn": None, "chaos_resolved": True, **fields})


def corruption_total(state: HopeCityState) -> int:
    """Every corruption token the game holds: bag, Pool, citizen cards and those waiting to be passed on."""
    held = sum(c.corruption for c in state.citizens)
    return state.bag.count(CORRUPTION) + state.pool + held + state.corruption_due


def resources_total(state: HopeCityState) -> int:
    """Every resource token: bag, Trade Center and citizen cards (Hope tokens are not resources)."""
    cards = sum(c.tokens.count(colour) for c in state.citizens for colour in COLOURS)
    market = sum(state.trade.count(colour) for colour in COLOURS)
    return sum(state.bag.count(colour) for colour in COLOURS) + market + cards
