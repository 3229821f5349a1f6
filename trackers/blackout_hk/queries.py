"""What a Blackout: Hong Kong screen may ask besides the state: why an entry is not open now, what comes
next, prices, rondel costs, the search total and whether a scout tile stays face up, the waste split,
refresh slots and the final scores."""

from __future__ import annotations

from trackers.blackout_hk import (
    catalogue,
    components,
    deploy,
    display,
    districts,
    goals,
    scoring,
    scout,
    setup,
)
from trackers.blackout_hk.game import STAGES, next_step
from trackers.blackout_hk.rules import RULEBOOK
from trackers.blackout_hk.state import BlackoutState, Player
from trackers.core.actions import Action
from trackers.core.errors import Violation

S = BlackoutState

COMPONENTS_KIND = components.KIND
CATALOGUE_KIND = catalogue.KIND
CARDS = catalogue.CARDS
TILES = catalogue.TILES
catalogue_pack = catalogue.catalogue
cards_in = catalogue.cards_in
tiles_in = catalogue.tiles_in
buy_from = catalogue.buy_from
procure_from = catalogue.procure_from
goal_from = catalogue.goal_from
scout_from = catalogue.scout_from
start_from = components.start_from
public_plans = setup.public_plans
price = display.price
cannot_buy = display.cannot_buy
best_split = display.best_split
waste_gains = display.waste_gains
rondel_steps = deploy.rondel_steps
planned_card = deploy.planned_card
search_total = scout.search_total
keeps_face_up = scout.keeps_face_up
fullest = districts.fullest
may_refresh = districts.may_refresh
district_points = districts.district_points
newly_secured = districts.newly_secured
map_cubes = districts.map_cubes
ranking = scoring.ranking
final_parts = scoring.final_parts
trees_of = scoring.trees_of
rating = scoring.rating
chapter_text = scoring.chapter_text
campaign_text = scoring.campaign_text
plan_of = goals.plan_of
open_goals = goals.open_goals
open_plans = goals.open_plans

__all__ = [
    "CARDS",
    "CATALOGUE_KIND",
    "COMPONENTS_KIND",
    "STAGES",
    "TILES",
    "best_split",
    "blocked",
    "buy_from",
    "campaign_text",
    "cannot_buy",
    "cards_in",
    "catalogue_pack",
    "chapter_text",
    "district_points",
    "final_parts",
    "fullest",
    "goal_from",
    "keeps_face_up",
    "map_cubes",
    "may_refresh",
    "newly_secured",
    "next_step",
    "open_goals",
    "open_plans",
    "placement_points",
    "plan_of",
    "planned_card",
    "planned_cards",
    "price",
    "procure_from",
    "public_plans",
    "ranking",
    "rating",
    "rondel_steps",
    "scout_from",
    "search_total",
    "start_from",
    "still_to_go",
    "tiles_in",
    "trees_of",
    "waste_gains",
    "waste_total",
]


def blocked(state: S, kind: type[Action]) -> list[Violation]:
    """Why no entry of this kind is accepted now (empty when it may be): a disabled button's reason."""
    return RULEBOOK.blocked(state, kind)


ONE_TAP_DONE = ("objectives", "scout")
"""The phases where nobody is ever passed over: every player still to go is one Done each, so the table's
"nobody else does anything" is that many Dones, and no entry of the phase after."""


def still_to_go(state: S) -> tuple[str, ...]:
    """In phases 3 and 4, the player on turn and those after them, in turn order; empty elsewhere."""
    if state.stage not in ONE_TAP_DONE or state.to_place or state.result:
        return ()
    return state.seat_order[state.turn :]


def planned_cards(p: Player) -> tuple[tuple[int, str, str, str], ...]:
    """(slot 1-4, card id, name, colour) of the cards the player planned and has yet to turn up."""
    return tuple((i + 1, p.slots[i][-1].id, p.slots[i][-1].name, p.slots[i][-1].colour) for i in p.planned)


def placement_points(p: Player, skipped: int) -> int:
    """Points a cube placed skipping `skipped` locations costs: the transport tokens lacking, 1 point each."""
    return max(0, skipped - p.transport)


def waste_total(pairs: int, singles: int, water_plan: int) -> int:
    """The water a clean-up split accounts for: it must equal the water on the rondel."""
    return 2 * pairs + singles + 2 * water_plan
