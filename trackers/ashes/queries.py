"""What an ASHES screen may ask besides the state and the actions: why an entry is not open now, and what
the tracked board already says about the answer to a rival card.

It also re-exports (`from x import f as f`) the functions a screen calls to compute or preview something,
which stay in the engine module they belong to: the survivor count and the emergence plan, the board and
rival deck packs and their cards, the VP track's display, the free turn-order places, whether a pass must
make room in the entrance, whether the vehicle stays put, where a player may rescue from, whether the
achievement tiles are still to be laid, and the rival's turn for a card (`Turn`) with the entry that answers
it (and the card an entry describes).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from itertools import count

from trackers.ashes.board.layout import board_from_json as board_from_json
from trackers.ashes.board.layout import board_pack as board_pack
from trackers.ashes.board.survivors import conservation_violations as conservation_violations
from trackers.ashes.board.survivors import emergence_plan as emergence_plan
from trackers.ashes.colony.scoring import vp_display as vp_display
from trackers.ashes.game import RULEBOOK
from trackers.ashes.rival.card import Ordinal, Rescue, RivalCard
from trackers.ashes.rival.deck import add_card_violations as add_card_violations
from trackers.ashes.rival.deck import card_from_json as card_from_json
from trackers.ashes.rival.deck import card_to_json as card_to_json
from trackers.ashes.rival.deck import cards_from_pack as cards_from_pack
from trackers.ashes.rival.deck import deck_pack as deck_pack
from trackers.ashes.rival.play import Turn as Turn
from trackers.ashes.rival.play import follow_up as follow_up
from trackers.ashes.rival.play import must_pass as must_pass
from trackers.ashes.rival.play import pick_case
from trackers.ashes.rounds.turn_order import free_positions as free_positions
from trackers.ashes.rules.guards import stays as stays
from trackers.ashes.rules.main_actions import RescueReach as RescueReach
from trackers.ashes.rules.main_actions import rescue_reach as rescue_reach
from trackers.ashes.rules.protocols import income_needs_room as income_needs_room
from trackers.ashes.rules.rival_turns import action_json as action_json
from trackers.ashes.rules.rival_turns import action_text as action_text
from trackers.ashes.rules.rival_turns import card_of as card_of
from trackers.ashes.rules.rival_turns import cases_bound as cases_bound
from trackers.ashes.rules.rival_turns import entry_for as entry_for
from trackers.ashes.rules.rival_turns import free_sector_spaces as free_sector_spaces
from trackers.ashes.rules.rival_turns import tile_has_room as tile_has_room
from trackers.ashes.rules.rival_turns import turn_for as turn_for
from trackers.ashes.rules.round_setup import tiles_due as tiles_due
from trackers.ashes.state import AshesState
from trackers.core.actions import Action
from trackers.core.errors import Violation
from trackers.core.names import name_key


def blocked(state: AshesState, kind: type[Action]) -> list[Violation]:
    """Why no entry of this kind is accepted now (empty when it may be): a disabled button's reason."""
    return RULEBOOK.blocked(state, kind)


@dataclass(frozen=True)
class TrackedRescue:
    """What the tracked board says a rival rescue finds: how many areas of its sector hold survivors and,
    when the card counts from the top or the bottom, the one its number lands on."""

    cases: int
    area: str | None


def tracked_rescue(state: AshesState, turn: Turn) -> TrackedRescue | None:
    """Areas are entered top to bottom within a sector, so Lantern can count a rescue itself unless the card
    counts from the left or the right; None for any other action. The table still confirms it."""
    if not isinstance(turn.action, Rescue):
        return None
    held = [area.name for area in state.areas if area.sector == turn.sector and area.survivors.total]
    orders = {Ordinal.FROM_TOP: held, Ordinal.FROM_BOTTOM: held[::-1]}
    order = orders.get(turn.card.ordinal)
    k = pick_case(len(held), turn.card.numeric)
    return TrackedRescue(len(held), None if order is None or k is None else order[k - 1])


def unlabelled_name(card: RivalCard, known: Iterable[RivalCard]) -> str:
    """The name Lantern gives a rival card entered without a label, given the cards already named (the
    saved deck, then those played in this game): an identical card's name, so a card drawn again keeps it,
    or else the first "Card N" no known card uses in any case or spacing, so two different cards never share
    one."""
    cards = tuple(known)
    same = next((c.label for c in cards if replace(card, label=c.label) == c), None)
    if same is not None:
        return same
    taken = {name_key(c.label) for c in cards}
    return next(f"Card {n}" for n in count(1) if name_key(f"Card {n}") not in taken)
