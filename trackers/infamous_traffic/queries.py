"""What an An Infamous Traffic screen may ask besides the state: why an entry is not open now, where a
tile may go, the bags' odds, the war's moves, revenue and the score."""

from __future__ import annotations

from fractions import Fraction

from trackers.core.actions import Action
from trackers.core.errors import Violation
from trackers.infamous_traffic import catalogue, china, conspiracy, decade, events
from trackers.infamous_traffic.actions import Deploy, PlaceConspiracy
from trackers.infamous_traffic.board import BOARD_PACK, RULEBOOK_CHINA, board_problems, rulebook_differences
from trackers.infamous_traffic.game import next_step
from trackers.infamous_traffic.rules import RULEBOOK
from trackers.infamous_traffic.state import InfamousTrafficState

S = InfamousTrafficState

revenue = china.revenue
inactive_tiles = china.inactive_tiles
has_opportunity = china.has_opportunity
demand_mismatches = china.demand_mismatches
black_tiles = china.black_tiles
war_moves = decade.war_moves
score = decade.score
season_order = decade.season_order
ranking = decade.ranking
policeable = decade.policeable
police_pieces = decade.police_pieces
penalty_due = decade.penalty_due
early_end = events.early_end
events_to_add = events.events_to_add
war_outlook = decade.war_outlook
region_of = china.region_of
CATALOGUE_KIND = catalogue.KIND
CARDS = catalogue.CARDS
catalogue_pack = catalogue.catalogue
cards_in = catalogue.cards_in
inquire_from = catalogue.inquire_from
prize_from = catalogue.prize_from

__all__ = [
    "BOARD_PACK",
    "CARDS",
    "CATALOGUE_KIND",
    "RULEBOOK_CHINA",
    "black_tiles",
    "blocked",
    "board_problems",
    "cards_in",
    "catalogue_pack",
    "conspiracy_odds",
    "demand_mismatches",
    "deploy_targets",
    "early_end",
    "event_odds",
    "events_to_add",
    "has_opportunity",
    "inactive_tiles",
    "inquire_from",
    "next_step",
    "penalty_due",
    "place_targets",
    "placeable",
    "police_pieces",
    "policeable",
    "prize_from",
    "ranking",
    "region_of",
    "revenue",
    "rulebook_differences",
    "score",
    "season_order",
    "war_moves",
    "war_outlook",
]


def blocked(state: S, kind: type[Action]) -> list[Violation]:
    """Why no entry of this kind is accepted now (empty when it may be): a disabled button's reason."""
    return RULEBOOK.blocked(state, kind)


def event_odds(state: S) -> dict[str, Fraction]:
    """The chance the next event drawn is each tile."""
    return state.event_bag.odds() if state.event_bag.total else {}


def conspiracy_odds(state: S) -> dict[str, Fraction]:
    return state.conspiracy_bag.odds() if state.conspiracy_bag.total else {}


def deploy_targets(state: S, kind: str, value: int) -> tuple[tuple[str, int], ...]:
    """Every (chain, space) a tile of this kind and value from holdings may go to now."""
    return tuple(
        (c.id, i + 1)
        for c in state.chains
        for i in range(len(c.tiles))
        if not RULEBOOK.validate(state, Deploy(c.id, i + 1, kind, value))
    )


def place_targets(state: S, tile: str, value: int = 0) -> tuple[str, ...]:
    """Where a conspiracy tile from the bowl may go now: region names for a Missionary or Qing Force,
    "chain:space" for a Smuggler or Bureaucrat (`value` is its printed value)."""
    if tile in ("smuggler", "bureaucrat"):
        return tuple(
            f"{c.id}:{i + 1}"
            for c in state.chains
            for i in range(len(c.tiles))
            if not RULEBOOK.validate(state, PlaceConspiracy(tile, chain=c.id, space=i + 1, value=value))
        )
    if tile == "qing":
        return tuple(r.name for r in state.regions)
    return tuple(r.name for r in state.regions if not RULEBOOK.validate(state, PlaceConspiracy(tile, r.name)))


def placeable(state: S, tile: str, value: int = 0) -> bool:
    return conspiracy.placeable(state, tile, value)
