"""The additional actions (10.1-10.2): decontaminate, close and cycle shelters any number of times in a turn;
scout, claim a milestone and complete a mission at most once each per turn. None after the pass."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from trackers.ashes.actions import (
    ClaimMilestone,
    CloseShelter,
    CompleteMission,
    CycleShelters,
    Decontaminate,
    Scout,
)
from trackers.ashes.board.movement import SECTOR_IV
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL
from trackers.ashes.colony import shelters
from trackers.ashes.colony.player_board import Cost, Limited
from trackers.ashes.colony.scoring import (
    COLUMN_AREAS,
    add_vp,
    milestone_claim_cost,
    milestone_score,
    milestone_violations,
)
from trackers.ashes.colony.shelters import CARD_ROOM
from trackers.ashes.colony.upgrades import UpgradeFamily
from trackers.ashes.rules.guards import SCORE_TRACK_TOP, own_turn_violations, seat_events, updated
from trackers.ashes.rules.main_actions import ROW_BY_NAME, linked_board, next_to
from trackers.ashes.state import ROWS, AshesState, Seat
from trackers.ashes.terms import UpgradeClass
from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.limits import Count, count_violations
from trackers.core.rules import Rule, refuse

CYCLE_COST = Cost(data=1)
SCOUT_COST = Cost(strength=2)
CLASSES = {"I": UpgradeClass.CLASS_I, "II": UpgradeClass.CLASS_II}
DECONTAMINATE_RULE, CLOSE_RULE = "ashes/actions/decontaminate", "ashes/actions/close-shelters"
MILESTONE_RULE, MISSION_RULE = "ashes/actions/milestone", "ashes/actions/mission"
CARD = Count(
    1, CARD_ROOM, "Shelter cards are numbered", "", code="ashes.decontaminate.no_pod", rule=DECONTAMINATE_RULE
)
"""There is room for 3 shelter cards beside the happiness track, numbered from the bottom."""
CLOSED_CARD = replace(CARD, code="ashes.close.no_card", rule=CLOSE_RULE)
COLUMN = Count(
    1, len(COLUMN_AREAS), "Columns are numbered", "", code="ashes.close.no_column", rule=CLOSE_RULE
)
"""3 columns of closed shelter cards, and a fourth with the character that adds it."""
MILESTONE_COUNT = Count(
    0,
    SCORE_TRACK_TOP,
    "A requirement count is",
    "",
    code="ashes.milestone.count",
    rule=MILESTONE_RULE,
)
MILESTONE_VALUE = replace(MILESTONE_COUNT, what="A scoring tile's value is")
SECTOR = Count(
    0, SECTOR_IV, "A mission's sector is", "(0: none)", code="ashes.mission.sector", rule=MISSION_RULE
)


def _pods(seat: Seat, card: int) -> Count | None:
    """The pods of the player's card `card` (already in range): None when there is no such card."""
    cards = seat.colony.cards
    pods = len(cards[card - 1].pods) if card <= len(cards) else 0
    if not pods:
        return None
    return Count(1, pods, f"Card {card}'s pods are numbered", "", code=CARD.code, rule=DECONTAMINATE_RULE)


def limited_violations(state: AshesState, player: str, action: Limited) -> list[Violation]:
    """Once per turn each, on the player's own turn, and never in the middle of a protocol (10.2): after an
    activation, only once its main action (8.3.3) is taken or skipped. A game of edition 1 allowed that,
    and keeps doing so."""
    if problems := own_turn_violations(state, player):
        return problems
    seat = state.seat(player)
    if seat.activation_main_due and state.edition >= 2:
        return refuse(
            "ashes.limited.during_protocol",
            "Your activation is not over until you take its main action (or skip it): limited actions come "
            "before or after a protocol, never during it.",
            "ashes/actions/additional",
        )
    return seat.board.check_limited(action)


# Decontaminate (10.1.1)


def check_decontaminate(state: AshesState, action: Decontaminate) -> list[Violation]:
    """A card's pods are counted off the card as entered, as the rulebook text gives no number."""
    if problems := CARD.violations(action.card) or own_turn_violations(state, action.player):
        return problems
    seat = state.seat(action.player)
    pods = _pods(seat, action.card)
    if pods is not None and (problems := pods.violations(action.pod)):
        return problems
    return shelters.check_decontaminate(seat.board, seat.colony, action.survivor, action.card, action.pod)


def apply_decontaminate(
    state: AshesState, action: Decontaminate, rng: Random
) -> tuple[AshesState, list[Event]]:
    seat = state.seat(action.player)
    done = shelters.apply_decontaminate(
        seat.board, seat.colony, state.bag, action.survivor, action.card, action.pod
    )
    event = Event.of(
        "decontaminate",
        f"{seat.name} moved an {action.survivor} survivor into pod {action.pod} of shelter card "
        f"{action.card} and took its bonus.",
        seat=seat.name,
        survivor=action.survivor,
        card=action.card,
        pod=action.pod,
        rule="ashes/actions/decontaminate",
    )
    new = updated(state, seat, board=done.board, colony=done.colony)
    return new, [event, *seat_events(seat, done.events, "ashes/actions/decontaminate")]


def describe_decontaminate(state: AshesState, action: Decontaminate) -> str:
    return f"{action.player} decontaminated an {action.survivor} survivor"


# Close shelters (10.1.2)


def check_close(state: AshesState, action: CloseShelter) -> list[Violation]:
    counts = (CLOSED_CARD, action.card), (COLUMN, action.column)
    if problems := count_violations(*counts) or own_turn_violations(state, action.player):
        return problems
    seat = state.seat(action.player)
    return shelters.check_close(seat.board, seat.colony, action.card, action.column)


def apply_close(state: AshesState, action: CloseShelter, rng: Random) -> tuple[AshesState, list[Event]]:
    seat = state.seat(action.player)
    returned = seat.colony.cards[action.card - 1].survivors
    done = shelters.apply_close(seat.board, seat.colony, state.bag, action.card, action.column)
    event = Event.of(
        "close_shelter",
        f"{seat.name} returned {len(returned)} survivor(s) to the bag.",
        seat=seat.name,
        column=action.column,
        survivors=list(returned),
        rule="ashes/actions/close-shelters",
    )
    new = updated(replace(state, bag=done.bag), seat, board=done.board, colony=done.colony)
    return new, [*seat_events(seat, done.events, "ashes/actions/close-shelters"), event]


def describe_close(state: AshesState, action: CloseShelter) -> str:
    return f"{action.player} closed shelter card {action.card} into column {action.column}"


# Cycle shelters (10.1.4)


def check_cycle(state: AshesState, action: CycleShelters) -> list[Violation]:
    return own_turn_violations(state, action.player) or state.seat(action.player).board.check_pay(CYCLE_COST)


def apply_cycle(state: AshesState, action: CycleShelters, rng: Random) -> tuple[AshesState, list[Event]]:
    seat = state.seat(action.player)
    event = Event.of(
        "cycle_shelters",
        f"{seat.name} paid 1 data: put the three face-up shelter cards under the pile and reveal three more.",
        seat=seat.name,
        rule="ashes/actions/cycle-shelters",
    )
    return updated(state, seat, board=seat.board.apply_pay(CYCLE_COST).board), [event]


def describe_cycle(state: AshesState, action: CycleShelters) -> str:
    return f"{action.player} cycled the shelter cards"


# Scout (10.2.1)


def scout_draw(state: AshesState, seat: Seat) -> int:
    """The upgrade's draw, or what is left when the bag holds fewer (the refusal is the option's)."""
    return min(seat.board.caps.scout_draw, state.bag.total)


def scout_area_violations(state: AshesState, seat: Seat, name: str) -> list[Violation]:
    """Survivors go where the vehicle is; from the starting shelter, to an area next to it."""
    if state.area(name) is None:
        return refuse("ashes.scout.area", f"The board has no area {name!r}.", "ashes/actions/scout")
    if state.area(seat.vehicle) is not None and name != seat.vehicle:
        return refuse(
            "ashes.scout.vehicle_area",
            f"Your vehicle is in {seat.vehicle}: the survivors go there.",
            "ashes/actions/scout",
        )
    board = linked_board(state)
    if board is not None and seat.vehicle == board.shelter and not next_to(board, board.shelter, name):
        return refuse(
            "ashes.scout.not_adjacent",
            f"{name} is not next to the starting shelter, where your vehicle is.",
            "ashes/actions/scout",
        )
    return []


def scout_drawn_violations(state: AshesState, seat: Seat, drawn: tuple[str, ...]) -> list[Violation]:
    if not drawn:
        return []
    n = scout_draw(state, seat)
    if len(drawn) != n:
        return refuse(
            "ashes.scout.drawn_count",
            f"Scouting draws {n} survivor(s), not {len(drawn)}.",
            "ashes/actions/scout",
        )
    if missing := state.bag.missing(drawn):
        return refuse(
            "ashes.scout.not_in_bag",
            f"The bag holds no more {missing[0]} survivors to draw.",
            "ashes/survivor-bag",
        )
    return []


def check_scout(state: AshesState, action: Scout) -> list[Violation]:
    if problems := limited_violations(state, action.player, Limited.SCOUT):
        return problems
    seat = state.seat(action.player)
    wanted = seat.board.caps.scout_draw
    if not state.bag.total:
        return refuse("ashes.scout.empty_bag", "The bag is empty: no scouting.", "ashes/actions/scout")
    if state.bag.total < wanted and not state.settings.scout_short_bag:
        return refuse(
            "ashes.scout.short_bag",
            f"The bag holds {state.bag.total} survivor(s), fewer than the {wanted} you draw.",
            "ashes/actions/scout",
        )
    return (
        scout_area_violations(state, seat, action.area)
        or scout_drawn_violations(state, seat, action.drawn)
        or ([] if action.free else seat.board.check_pay(SCOUT_COST))
    )


def apply_scout(state: AshesState, action: Scout, rng: Random) -> tuple[AshesState, list[Event]]:
    """Essentials fill the entrance's free spaces first, unless the player keeps them out; everything else
    goes to the named area."""
    seat = state.seat(action.player)
    drawn: tuple[str, ...] = action.drawn
    if drawn:
        bag = state.bag.take(drawn)
    else:
        bag, drawn = state.bag.draw(rng, scout_draw(state, seat))
    room = seat.board.caps.entrance - len(seat.board.entrance) if action.essentials_in else 0
    entering = (ESSENTIAL,) * min(room, drawn.count(ESSENTIAL))
    placed = (ACTIVE,) * drawn.count(ACTIVE) + (ESSENTIAL,) * (drawn.count(ESSENTIAL) - len(entering))
    area = state.area(action.area)
    assert area is not None
    paid = seat.board if action.free else seat.board.apply_pay(SCOUT_COST).board
    board = paid.apply_enter(entering).board.apply_limited(Limited.SCOUT).board
    state = replace(state, bag=bag).with_area(replace(area, survivors=area.survivors.put(placed)))
    event = Event.of(
        "scout",
        f"{seat.name} scouted and drew {', '.join(drawn)}: {len(entering)} to the entrance, "
        f"{len(placed)} to {area.name}.",
        seat=seat.name,
        drawn=list(drawn),
        entrance=list(entering),
        area=area.name,
        placed=list(placed),
        rule="ashes/actions/scout",
    )
    return updated(state, seat, board=board), [event]


def describe_scout(state: AshesState, action: Scout) -> str:
    return f"{action.player} scouted into {action.area}"


# Claim a milestone (10.2.2)


def claim_room(state: AshesState, action: ClaimMilestone) -> tuple[int, int]:
    """(claims already on the row's achievement tile, how many it takes)."""
    i = ROWS.index(ROW_BY_NAME[action.row])
    return len(state.claims[i]), state.claim_room[i]


def check_milestone(state: AshesState, action: ClaimMilestone) -> list[Violation]:
    """The milestone's requirement is read at the table: entering the claim says it is met."""
    counts = (MILESTONE_COUNT, action.count), (MILESTONE_VALUE, action.value)
    if problems := count_violations(*counts) or limited_violations(state, action.player, Limited.MILESTONE):
        return problems
    seat = state.seat(action.player)
    before, room = claim_room(state, action)
    row = ROW_BY_NAME[action.row]
    return milestone_violations(
        before, room, row in seat.milestones, True, seat.board.data
    ) or seat.board.check_take_upgrade(UpgradeFamily(action.family), CLASSES[action.upgrade_class])


def apply_milestone(state: AshesState, action: ClaimMilestone, rng: Random) -> tuple[AshesState, list[Event]]:
    seat = state.seat(action.player)
    row = ROW_BY_NAME[action.row]
    i = ROWS.index(row)
    before, _ = claim_room(state, action)
    data = milestone_claim_cost(before)
    vp = milestone_score(action.count, action.value)
    board = seat.board.apply_pay(Cost(data=data)).board
    board = board.apply_take_upgrade(UpgradeFamily(action.family), CLASSES[action.upgrade_class]).board
    board = replace(board.apply_limited(Limited.MILESTONE).board, vp=add_vp(board.vp, vp))
    claims = (*state.claims[:i], (*state.claims[i], seat.name), *state.claims[i + 1 :])
    event = Event.of(
        "milestone",
        f"{seat.name} claimed the {row.value} milestone for {data} data with a class {action.upgrade_class} "
        f"{action.family} upgrade: +{vp} VP. Move the {row.value} knowledge disc one space right.",
        seat=seat.name,
        row=row.value,
        data=data,
        vp=vp,
        rule="ashes/actions/milestone",
    )
    state = replace(state, claims=claims)
    return updated(state, seat, board=board, milestones=seat.milestones | {row}), [event]


def describe_milestone(state: AshesState, action: ClaimMilestone) -> str:
    return f"{action.player} claimed the {ROW_BY_NAME[action.row].value} milestone"


# Complete a mission (10.2.3)


def vehicle_sector(state: AshesState, seat: Seat) -> int | None:
    """The sector the vehicle is in, the starting shelter counting as sector 1; None off the layout."""
    board = state.board
    if board is None or seat.vehicle not in {board.shelter, *(a.id for a in board.areas)}:
        return None
    return board.sector(seat.vehicle)


def _sector_violations(state: AshesState, sector: int) -> list[Violation]:
    """A mission's sector is the round's own by default, or by option any sector up to it."""
    now = state.rounds.round
    up_to = state.settings.mission_sector_up_to_round
    if 1 <= sector <= now and (sector == now or up_to):
        return []
    allowed = f"1 to {now}" if up_to else str(now)
    return refuse(
        "ashes.mission.sector",
        f"In round {now} the mission's sector must be {allowed}, not {sector}.",
        "ashes/actions/mission",
    )


def _power_violations(state: AshesState, seat: Seat, space: str) -> list[Violation]:
    """The shelter to power is one of the player's own, not powered before, in a sector the round allows."""
    if space not in seat.shelters:
        return refuse(
            "ashes.mission.not_your_shelter",
            f"You have no shelter on {space!r} to power.",
            "ashes/actions/mission",
        )
    if space in seat.powered:
        return refuse(
            "ashes.mission.powered",
            f"Your shelter on {space} is already powered.",
            "ashes/actions/mission",
        )
    board = state.board
    sector = next((c.sector for c in board.construction_spaces if c.id == space), 0) if board else 0
    return _sector_violations(state, sector)


def check_mission(state: AshesState, action: CompleteMission) -> list[Violation]:
    """A vehicle-position mission checks where the vehicle is; a power-shelter one which shelter flips."""
    sector = SECTOR.violations(action.sector)
    if problems := sector or limited_violations(state, action.player, Limited.MISSION):
        return problems
    seat = state.seat(action.player)
    if seat.missions_hand < 1:
        return refuse("ashes.mission.none", "You have no mission card in hand.", "ashes/actions/mission")
    if action.power and (problems := _power_violations(state, seat, action.power)):
        return problems
    if not action.sector:
        return []
    if problems := _sector_violations(state, action.sector):
        return problems
    if vehicle_sector(state, seat) != action.sector:
        return refuse(
            "ashes.mission.vehicle",
            f"Your vehicle is not in sector {action.sector}.",
            "ashes/actions/mission",
        )
    return []


def apply_mission(state: AshesState, action: CompleteMission, rng: Random) -> tuple[AshesState, list[Event]]:
    seat = state.seat(action.player)
    powering = f" Turn your shelter disc on {action.power} to its powered side." if action.power else ""
    event = Event.of(
        "mission",
        f"{seat.name} completed a mission: enter its costs and rewards; the card lies face down.{powering}",
        seat=seat.name,
        sector=action.sector,
        power=action.power,
        rule="ashes/actions/mission",
    )
    board = seat.board.apply_limited(Limited.MISSION).board
    powered = (*seat.powered, action.power) if action.power else seat.powered
    new = updated(
        state,
        seat,
        board=board,
        missions_hand=seat.missions_hand - 1,
        missions_done=seat.missions_done + 1,
        powered=powered,
    )
    return new, [event]


def describe_mission(state: AshesState, action: CompleteMission) -> str:
    return f"{action.player} completed a mission"


RULES: tuple[Rule[AshesState, Any], ...] = (
    Rule(Decontaminate, "Decontaminate", apply_decontaminate, describe_decontaminate, (check_decontaminate,)),
    Rule(CloseShelter, "Close a shelter", apply_close, describe_close, (check_close,)),
    Rule(CycleShelters, "Cycle shelters", apply_cycle, describe_cycle, (check_cycle,)),
    Rule(Scout, "Scout", apply_scout, describe_scout, (check_scout,)),
    Rule(ClaimMilestone, "Claim a milestone", apply_milestone, describe_milestone, (check_milestone,)),
    Rule(CompleteMission, "Complete a mission", apply_mission, describe_mission, (check_mission,)),
)
