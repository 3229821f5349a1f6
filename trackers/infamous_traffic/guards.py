"""Checks several An Infamous Traffic entries share: the game is open, names and counts the table may
enter, whose turn it is and where their pawn stands."""

from __future__ import annotations

from dataclasses import replace

from trackers.core.actions import Action
from trackers.core.errors import Violation
from trackers.core.limits import Count
from trackers.core.names import known_as
from trackers.core.rules import refuse
from trackers.infamous_traffic import actions as a
from trackers.infamous_traffic.state import LOCATIONS, PLAYER_TILES, InfamousTrafficState

S = InfamousTrafficState
G = "infamous-traffic"

DIE = Count(
    0, 6, "A die shows", "", code=f"{G}.die", rule="infamous-traffic/demand", why="0 lets Lantern roll."
)
VALUE = Count(0, 20, "A tile's value is", "", code=f"{G}.value", rule="infamous-traffic/tiles")
PRINTED = Count(0, 99, "A card's number is", "", code=f"{G}.printed", rule="infamous-traffic/cards")
FACE = Count(1, 6, "A die shows", "", code=f"{G}.die", rule="infamous-traffic/opportunity")
BOWL = Count(1, 6, "The bowls are numbered", "", code=f"{G}.bowl", rule="infamous-traffic/actions/conspiracy")
BOX = Count(
    2,
    60,
    "The box holds",
    "demand dice",
    code=f"{G}.demand_dice",
    rule="infamous-traffic/setup",
    why="Count them once.",
)
SPACE = Count(0, 8, "A chain's spaces are numbered", "", code=f"{G}.space", rule="infamous-traffic/china")
DEBT = Count(0, 999, "Debt on the track is", "", code=f"{G}.debt", rule="infamous-traffic/decade/compound")
MONEY = Count(-99, 99, "An amount of cash or debt is", "", code=f"{G}.amount", rule="infamous-traffic/money")


def open_game(state: S) -> list[Violation]:
    if state.result:
        return refuse(
            f"{G}.over", f"The game is over ({state.reason}). Undo to reopen it.", "infamous-traffic/end"
        )
    return []


def player_named(state: S, name: str) -> list[Violation]:
    if name not in state.players:
        return refuse(f"{G}.player", f"{name!r} is not at this table.", "infamous-traffic/setup/players")
    return []


def tile_named(kind: str) -> list[Violation]:
    if kind not in PLAYER_TILES:
        return refuse(
            f"{G}.tile",
            f"{kind!r} is not a player tile: choose merchant, ship or opium.",
            "infamous-traffic/tiles",
        )
    return []


def location_named(loc: str) -> list[Violation]:
    if loc not in LOCATIONS:
        return refuse(
            f"{G}.location", f"{loc!r} is not a location: London, India or China.", "infamous-traffic/pawn"
        )
    return []


def on_turn(state: S) -> str:
    who = state.on_turn
    assert who is not None, "the phases let a turn entry through only while someone is on turn"
    return who


def turn_open(state: S) -> list[Violation]:
    """The player on turn has not yet taken the turn's one action."""
    if state.turn_done:
        return refuse(
            f"{G}.one_action",
            "One action a turn: this turn's action is already taken.",
            "infamous-traffic/round",
        )
    return []


def in_location(state: S, where: str, label: str) -> list[Violation]:
    who = on_turn(state)
    if state.stage == "rush":
        return []
    if state.location_of(who) != where:
        return refuse(
            f"{G}.location",
            f"{label} needs the pawn in {where.capitalize()}; {who}'s pawn is in "
            f"{state.location_of(who).capitalize()}.",
            "infamous-traffic/round",
        )
    return []


def chain_named(state: S, cid: str) -> list[Violation]:
    if not any(c.id == cid for c in state.chains):
        return refuse(
            f"{G}.chain", f"There is no supply chain {cid!r} on this board.", "infamous-traffic/china"
        )
    return []


def region_named(state: S, name: str) -> list[Violation]:
    if not any(r.name == name for r in state.regions):
        return refuse(f"{G}.region", f"There is no region {name!r} on this board.", "infamous-traffic/china")
    return []


def numbered(what: str, size: int, value: int, code: str, rule: str) -> list[Violation]:
    """A place in a row of `size` (a chain's spaces, the pool's dice, a tableau's cards), counted from 1."""
    if size < 1:
        return refuse(code, f"{what}: there are none.", rule)
    return Count(1, size, what, "", code=code, rule=rule).violations(value)


def space_in(state: S, cid: str, space: int) -> list[Violation]:
    if problems := chain_named(state, cid):
        return problems
    size = len(state.chain(cid).tiles)
    return numbered(f"Chain {cid}'s spaces are numbered", size, space, f"{G}.space", "infamous-traffic/china")


def as_meant(state: S, action: Action) -> Action:
    """The entry with every region, chain, location and player it names spelt as the game spells them, so
    that "canton " means Canton; a name the game does not know stays as typed, for its refusal. The log
    keeps the entry as typed."""
    regions = [r.name for r in state.regions]
    chains = [c.id for c in state.chains]

    def region(name: str) -> str:
        return known_as(name, regions) or name

    def chain(name: str) -> str:
        return known_as(name, chains) or name

    def spot(where: str) -> str:
        """A "chain-id:space" place (other words, such as a tile type, stay)."""
        cid, colon, space = where.rpartition(":")
        return f"{chain(cid)}:{space}" if colon else where

    def player(name: str) -> str:
        return known_as(name, state.players) or name

    if isinstance(action, a.PlaceConspiracy):
        removals = tuple(region(n) for n in action.removals)
        return replace(action, region=region(action.region), chain=chain(action.chain), removals=removals)
    if isinstance(action, (a.AttackQing, a.SuppressTaiping, a.SetDemand)):
        return replace(action, region=region(action.region))
    if isinstance(action, a.PoliceTreatyPort):
        chains_named = tuple(chain(c) for c in action.chains)
        pieces = tuple(spot(p) for p in action.pieces)
        return replace(action, region=region(action.region), chains=chains_named, pieces=pieces)
    if isinstance(action, a.Deploy):
        return replace(action, chain=chain(action.chain), source=spot(action.source))
    if isinstance(action, (a.AdjustPrice, a.ActivateChain)):
        return replace(action, chain=chain(action.chain))
    if isinstance(action, a.ChooseTarget) and state.question is not None:
        return replace(action, target=known_as(action.target, state.question.options) or action.target)
    if isinstance(action, a.ReturnTiles):
        return replace(action, player=player(action.player), tiles=tuple(spot(t) for t in action.tiles))
    if isinstance(action, a.ChooseStart):
        return replace(
            action,
            player=player(action.player),
            location=known_as(action.location, LOCATIONS) or action.location,
        )
    if isinstance(action, a.Travel):
        return replace(action, to=known_as(action.to, LOCATIONS) or action.to)
    if isinstance(action, (a.CardMoney, a.CompoundDebt, a.DebtPenalty)):
        return replace(action, player=player(action.player))
    return action
