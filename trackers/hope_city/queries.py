"""What a Hope City screen may ask besides the state: why an entry is not open now, where a PUNK may go,
whether an attack waits, which sets are complete, and the odds of the next draw from the bag."""

from __future__ import annotations

from fractions import Fraction

from trackers.core.actions import Action
from trackers.core.errors import Violation
from trackers.hope_city import catalogue
from trackers.hope_city.flows import legal_spaces, small_punk_spaces, talent_holders
from trackers.hope_city.game import next_step, question
from trackers.hope_city.guards import complete_sets
from trackers.hope_city.rules import RULEBOOK
from trackers.hope_city.state import CORRUPTION, HopeCityState
from trackers.hope_city.turn import attack_due

__all__ = [
    "CATALOGUE_KIND",
    "OBJECTIVES",
    "CardStep",
    "ObjectiveEntry",
    "attack_due",
    "blocked",
    "catalogue_pack",
    "choose_from",
    "complete_sets",
    "corruption_odds",
    "legal_spaces",
    "next_step",
    "objectives_in",
    "outcome",
    "question",
    "small_punk_spaces",
    "step_entry",
    "steps_left",
    "talent_holders",
]

CATALOGUE_KIND = catalogue.KIND
OBJECTIVES = catalogue.OBJECTIVES
catalogue_pack = catalogue.catalogue
objectives_in = catalogue.objectives_in
choose_from = catalogue.choose_from
outcome = catalogue.outcome
step_entry = catalogue.step_entry
steps_left = catalogue.steps_left
CardStep = catalogue.Step
ObjectiveEntry = catalogue.ObjectiveEntry


def blocked(state: HopeCityState, kind: type[Action]) -> list[Violation]:
    """Why no entry of this kind is accepted now (empty when it may be): a disabled button's reason."""
    return RULEBOOK.blocked(state, kind)


def corruption_odds(state: HopeCityState) -> Fraction:
    """The chance the next token drawn from the bag is corruption."""
    total = state.bag.total
    return Fraction(state.bag.count(CORRUPTION), total) if total else Fraction(0)
