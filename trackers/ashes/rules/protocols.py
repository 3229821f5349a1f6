"""The three protocols (8.1 to 8.3) and the end of a turn: one protocol per turn, on the player's own turn.

Moving and activating leave the turn open for additional actions (and, after an activation, a main action);
`EndTurn` hands it on. A pass is the whole pass protocol in one entry and ends the turn by itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from random import Random
from typing import Any

from trackers.ashes import actions as a
from trackers.ashes.board.layout import AshesBoard
from trackers.ashes.board.movement import CHARACTER_MOVE_COST, MOVE_COST, check_move
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL, NOBODY
from trackers.ashes.colony.player_board import PRODUCED, Cost, Reward
from trackers.ashes.colony.scoring import ColonyArea, add_vp, colony_score, colony_scoring_violations
from trackers.ashes.colony.shelters import (
    ColonyStep,
    apply_income,
    apply_recover,
    check_recover,
    scoring_view,
)
from trackers.ashes.colony.upgrades import ACTIVATION_ZONES, UpgradeFamily
from trackers.ashes.rounds.turn_order import POSITIONS, pass_turn, pass_violations, take_turn
from trackers.ashes.rules.adjustments import reward_of, reward_text
from trackers.ashes.rules.guards import (
    ACTIVE_SURVIVORS,
    ESSENTIAL_SURVIVORS,
    own_turn_violations,
    protocol_violations,
    seat_events,
    stays,
    updated,
)
from trackers.ashes.state import AshesState, Seat
from trackers.core.actions import Event
from trackers.core.bag import Bag
from trackers.core.errors import Violation
from trackers.core.limits import Count, count_violations
from trackers.core.rules import Rule, refuse

Applied = tuple[AshesState, list[Event]]
MOVE_RULE = "ashes/protocols/move"
ACTIVATE_RULE = "ashes/protocols/activate"
PASS_RULE = "ashes/protocols/pass"
CARRIED_ACTIVE = Count(
    0, ACTIVE_SURVIVORS, "A lot carries", "active survivors", code="ashes.move.cargo_count", rule=MOVE_RULE
)
CARRIED_ESSENTIAL = Count(
    0,
    ESSENTIAL_SURVIVORS,
    "A lot carries",
    "essential survivors",
    code="ashes.move.cargo_count",
    rule=MOVE_RULE,
)
ZONE = Count(
    1,
    ACTIVATION_ZONES[-1],
    "Activation zones are numbered",
    "",
    code="ashes.activate.zone",
    rule=ACTIVATE_RULE,
)
RECOVERED_ZONE = Count(
    1, ACTIVATION_ZONES[-1], "Activation zones are numbered", "", code="ashes.recover.zone", rule=PASS_RULE
)
POSITION = Count(
    1, POSITIONS[-1], "Pass to a turn-order position", "", code="ashes.turn.position", rule="ashes/turn-order"
)


def _next(current: str | None) -> list[Event]:
    """Who plays now, or that the round is over."""
    if current is None:
        return [Event.of("turn", "Everyone has passed: end the round", rule="ashes/rounds/end")]
    return [Event.of("turn", f"{current} is next", seat=current, rule="ashes/rounds")]


def _board_missing(state: AshesState, why: str) -> list[Violation]:
    if state.board is None:
        return refuse("ashes.board.missing", f"Enter the board first: {why}.", "ashes/setup")
    return []


# Move (8.2)


def _move_cost(action: a.Move) -> Cost:
    return CHARACTER_MOVE_COST if action.with_happiness else MOVE_COST


def _start(seat: Seat, board: AshesBoard) -> str:
    """A vehicle not placed yet stands in the starting shelter, where every vehicle begins."""
    return seat.vehicle or board.shelter


def _legs(start: str, action: a.Move) -> list[tuple[int, int, int]] | None:
    """Each carried lot as (step it boards after, step it leaves at, how many), or None when a lot's
    pick-up or drop-off is not on the way in that order."""
    nodes = (start, *action.path)
    legs = []
    for origin, destination, active, essential in action.carried:
        if origin not in nodes:
            return None
        i = nodes.index(origin)
        later = nodes[i + 1 :]
        if destination not in later:
            return None
        legs.append((i, i + 1 + later.index(destination), active + essential))
    return legs


def _load_per_step(steps: int, legs: Sequence[tuple[int, int, int]]) -> tuple[int, ...]:
    """Survivors aboard on each step: a lot rides from the step after its pick-up to its drop-off."""
    return tuple(sum(n for i, j, n in legs if i < k <= j) for k in range(1, steps + 1))


def _cargo_violations(state: AshesState, start: str, action: a.Move) -> list[Violation]:
    """Carried survivors come from what each area held before the move and go to areas further on."""
    if any(active + essential < 1 for _, _, active, essential in action.carried):
        return refuse("ashes.move.cargo_count", "Each lot carried needs at least one survivor.", MOVE_RULE)
    names = {area.name for area in state.areas}
    outside = [
        n for origin, destination, _, _ in action.carried for n in (origin, destination) if n not in names
    ]
    if outside:
        return refuse(
            "ashes.move.cargo_area",
            f"Survivors can only be carried between areas, not {outside[0]}.",
            MOVE_RULE,
        )
    if _legs(start, action) is None:
        return refuse(
            "ashes.move.cargo_route",
            "Survivors are picked up in an area on the way and dropped in one reached after it.",
            MOVE_RULE,
        )
    wanted: dict[str, Bag] = {}
    for origin, _, active, essential in action.carried:
        wanted[origin] = wanted.get(origin, NOBODY).put((ACTIVE,) * active + (ESSENTIAL,) * essential)
    for origin, lot in wanted.items():
        area = state.area(origin)
        assert area is not None  # checked above
        if area.survivors.missing(lot.items()):
            return refuse(
                "ashes.move.cargo_missing",
                f"{origin} does not hold {lot.count(ACTIVE)} active and {lot.count(ESSENTIAL)} essential.",
                MOVE_RULE,
            )
    return []


def _check_move(state: AshesState, action: a.Move) -> list[Violation]:
    """The path, the cost and the survivors carried on each step, all against the player's vehicle."""
    counts = [
        check
        for _, _, n_a, n_e in action.carried
        for check in ((CARRIED_ACTIVE, n_a), (CARRIED_ESSENTIAL, n_e))
    ]
    if problems := (
        count_violations(*counts)
        or protocol_violations(state, action.player)
        or _board_missing(state, "moves follow its areas")
    ):
        return problems
    board = state.board
    assert board is not None  # _board_missing refused a game without one
    known = {board.shelter, *(area.id for area in board.areas)}
    unknown = [name for name in action.path if name not in known]
    if unknown:
        return refuse("ashes.move.area", f"The board has no area {unknown[0]!r}.", MOVE_RULE)
    seat = state.seat(action.player)
    caps = seat.board.caps
    start = _start(seat, board)
    if problems := _cargo_violations(state, start, action):
        return problems
    load = _load_per_step(len(action.path), _legs(start, action) or [])
    return check_move(board, caps, start, action.path, load) + seat.board.check_pay(_move_cost(action))


def _carry(state: AshesState, action: a.Move) -> AshesState:
    for origin, destination, active, essential in action.carried:
        lot = (ACTIVE,) * active + (ESSENTIAL,) * essential
        source, target = state.area(origin), state.area(destination)
        assert source is not None and target is not None  # _cargo_violations checked both
        state = state.with_area(replace(source, survivors=source.survivors.take(lot)))
        target = state.area(destination)
        assert target is not None
        state = state.with_area(replace(target, survivors=target.survivors.put(lot)))
    return state


def _vehicles(state: AshesState, left: str, reached: str) -> AshesState:
    """Radiation spares an area with a vehicle, so each area counts the vehicles in it (not the shelter)."""
    for name, change in ((left, -1), (reached, 1)):
        area = state.area(name)
        if area is not None:
            state = state.with_area(replace(area, vehicles=area.vehicles + change))
    return state


def _apply_move(state: AshesState, action: a.Move, rng: Random) -> Applied:
    seat = state.seat(action.player)
    assert state.board is not None  # _check_move refused a game without a board
    start = _start(seat, state.board)
    end = action.path[-1] if action.path else start
    paid = seat.board.apply_pay(_move_cost(action))
    moved = _carry(updated(state, seat, board=paid.board, vehicle=end, protocol="move"), action)
    if end != start:
        moved = _vehicles(moved, start, end)
    cost = "4 happiness" if action.with_happiness else "2 fuel"
    text = f"{_describe_move(state, action)} for {cost}: take the rewards of the area tile there"
    carried = [f"{n_a + n_e} from {o} to {d}" for o, d, n_a, n_e in action.carried]
    if carried:
        text += "; carried " + ", ".join(carried)
    event = Event.of("move", text, seat=seat.name, path=list(action.path), area=end, rule=MOVE_RULE)
    return moved, [event, *seat_events(seat, paid.events, MOVE_RULE)]


def _describe_move(state: AshesState, action: a.Move) -> str:
    if not action.path:
        return f"{action.player} moves and stays put"
    return f"{action.player} moves to {action.path[-1]}"


# Activate a survivor (8.3)


def _check_activate(state: AshesState, action: a.Activate) -> list[Violation]:
    """Zones 2 to 4 produce by the height of a track, so their tops must be known. Whatever the zone, a
    missing active survivor is named first: that is what the player has to change."""
    if problems := protocol_violations(state, action.player):
        return problems
    board = state.seat(action.player).board
    if ACTIVE not in board.entrance:
        return board.check_activate(ACTIVATION_ZONES[0])[:1]
    if problems := ZONE.violations(action.zone) or board.check_activate(action.zone):
        return problems
    if action.zone != 1:
        return _board_missing(state, "its production track tops set what the production zones give")
    return []


def _apply_activate(state: AshesState, action: a.Activate, rng: Random) -> Applied:
    """The slot's technology pays before the production panel (8.3.1, 8.3.2) but is entered afterwards with
    the steppers; only a technology that raises this zone's own track has to be entered first."""
    seat = state.seat(action.player)
    board = seat.board.apply_activate(action.zone).board
    missions = seat.missions_hand
    if action.zone == 1:
        missions += 1
        texts: tuple[str, ...] = ("Take a mission from the display and refill it.",)
    else:
        resource = PRODUCED[action.zone - 2]
        reward = board.production_yield(resource)
        top = f" and {reward.vp} VP at the top" if reward.vp else ""
        texts = (f"Produced {board.production_of(resource)} {resource.value}{top}.",)
        produced = board.apply_reward(reward)
        board, texts = produced.board, texts + produced.events
    text = _describe_activate(state, action)
    active = Event.of("activate", text, seat=seat.name, zone=action.zone, rule=ACTIVATE_RULE)
    reminder = Event.of(
        "reminder",
        f"Enter the rewards of the technology in slot {action.zone}, top tile first, then a main action.",
        seat=seat.name,
        rule=ACTIVATE_RULE,
    )
    done = updated(
        state,
        seat,
        board=board,
        missions_hand=missions,
        protocol="activate",
        main_actions=seat.main_actions + 1,
        activation_main_due=True,
    )
    return done, [active, *seat_events(seat, texts, "ashes/production"), reminder]


def _describe_activate(state: AshesState, action: a.Activate) -> str:
    return f"{action.player} activates a survivor in zone {action.zone}"


# End of a turn


def _check_end_turn(state: AshesState, action: a.EndTurn) -> list[Violation]:
    if problems := own_turn_violations(state, action.player):
        return problems
    if state.seat(action.player).protocol is None:
        return refuse(
            "ashes.turn.no_protocol",
            "Take a protocol first: move, activate a survivor, or pass.",
            "ashes/protocols",
        )
    return []


def _apply_end_turn(state: AshesState, action: a.EndTurn, rng: Random) -> Applied:
    seat = state.seat(action.player)
    fresh = updated(
        state,
        seat,
        board=seat.board.apply_new_turn().board,
        protocol=None,
        main_actions=0,
        activation_main_due=False,
    )
    rounds = take_turn(state.rounds, action.player)
    done = Event.of("turn_done", f"{action.player} ends the turn", seat=action.player, rule="ashes/protocols")
    return replace(fresh, rounds=rounds), [done, *_next(rounds.current)]


def _describe_end_turn(state: AshesState, action: a.EndTurn) -> str:
    return f"{action.player} ends the turn"


# Pass (8.1)


def vp_per_active(state: AshesState, seat: Seat) -> int:
    """Survivor scoring pays 0, 1 or 2 VP per active survivor at the entrance, but the rulebook ties that to
    no named upgrade (spec 2.3 ⚠): the family whose class sets it is a game option."""
    family = UpgradeFamily(state.settings.survivor_vp_family)
    return state.settings.vp_per_active_by_class[seat.board.upgrade_class(family)]


def _areas(action: a.Pass) -> list[ColonyArea]:
    return [ColonyArea(name) for name in action.scoring]


def _check_pass(state: AshesState, action: a.Pass) -> list[Violation]:
    """Every step of the pass is checked before any is applied, since the entry is one protocol."""
    counts = (POSITION, action.position), *((RECOVERED_ZONE, zone) for zone in action.recovered)
    if problems := count_violations(*counts) or protocol_violations(state, action.player):
        return problems
    if problems := pass_violations(state.rounds, action.player, action.position, stays(state)):
        return problems
    seat = state.seat(action.player)
    if len(set(action.recovered)) < len(action.recovered):
        return refuse("ashes.recover.twice", "Name each zone once.", PASS_RULE)
    if problems := check_recover(seat.board, action.recovered, action.discarded):
        return problems
    if problems := _income_violations(state, seat, action) or _room_violations(state, seat, action):
        return problems
    view = scoring_view(seat.board, seat.colony, vp_per_active(state, seat))
    return colony_scoring_violations(view, _areas(action))


def _income_survivor(state: AshesState, bag: Bag, action: a.Pass, rng: Random) -> str | None:
    """The free income is an active survivor taken from the bag (after recovery); by option it is drawn
    blind, by the table (entered) or by the app. None when the bag is empty."""
    if not state.settings.income_drawn_at_random:
        return ACTIVE
    if action.income_drawn:
        return action.income_drawn
    if not bag.total:
        return None
    return bag.draw(rng, 1)[1][0]


def _income_violations(state: AshesState, seat: Seat, action: a.Pass) -> list[Violation]:
    """A drawn income survivor is entered only when the option draws it, and must be in the bag then."""
    if not action.income_drawn:
        return []
    if not state.settings.income_drawn_at_random:
        return refuse(
            "ashes.pass.income_taken",
            "In this game the income survivor is an active one taken from the bag, not drawn.",
            PASS_RULE,
        )
    if not _bag_at_income(state, seat, action).count(action.income_drawn):
        return refuse(
            "ashes.pass.income_drawn", f"The bag holds no {action.income_drawn} survivor to draw.", PASS_RULE
        )
    return []


def _bag_at_income(state: AshesState, seat: Seat, action: a.Pass) -> Bag:
    """The bag once recovery has sent back the zone survivors not kept and any discarded."""
    back = [s for z, s in enumerate(seat.board.zones, 1) if s is not None and z not in action.recovered]
    return state.bag.put([*back, *action.discarded])


def _after_recovery(seat: Seat, action: a.Pass) -> list[str]:
    """The entrance once recovery is done: kept zone survivors in, discarded ones out."""
    board = seat.board
    kept = [s for z, s in enumerate(board.zones, 1) if s is not None and z in action.recovered]
    left = Counter(board.entrance)
    left.subtract(action.discarded)
    return [*left.elements(), *kept]


def income_needs_room(state: AshesState, action: a.Pass) -> bool:
    """Whether this pass must name who leaves a full entrance so the income survivor fits (the view asks
    only then)."""
    seat = state.seat(action.player)
    full = len(_after_recovery(seat, action)) >= seat.board.caps.entrance
    bag = _bag_at_income(state, seat, action)
    coming = bag.total if state.settings.income_drawn_at_random else bag.count(ACTIVE)
    return state.settings.income_makes_room and full and coming > 0


def _room_violations(state: AshesState, seat: Seat, action: a.Pass) -> list[Violation]:
    """By default a full entrance makes room for the income survivor: the player names who goes back to
    the bag, at 1 happiness (the option leaves the income survivor in the bag instead)."""
    entrance = _after_recovery(seat, action)
    makes_room = income_needs_room(state, action)
    if action.income_room and not makes_room:
        return refuse(
            "ashes.pass.income_room_needless", "Your entrance has room: nobody needs to leave it.", PASS_RULE
        )
    if makes_room and not action.income_room:
        return refuse(
            "ashes.pass.income_room",
            "Your entrance is full: name the survivor who goes back to the bag to make room for the income.",
            PASS_RULE,
        )
    if action.income_room and action.income_room not in entrance:
        return refuse(
            "ashes.pass.income_room_missing",
            f"No {action.income_room} survivor is at your entrance after recovery.",
            PASS_RULE,
        )
    return []


def _make_room(recovered: ColonyStep, action: a.Pass) -> ColonyStep:
    if not action.income_room:
        return recovered
    leaving = (action.income_room,)
    lost = recovered.board.apply_leave(leaving).board.apply_lose_happiness(1)
    text = f"An {action.income_room} survivor left your entrance for the bag to make room: -1 happiness."
    return replace(recovered, board=lost.board, bag=recovered.bag.put(leaving), events=(text, *lost.events))


def _apply_pass(state: AshesState, action: a.Pass, rng: Random) -> Applied:
    """Recovery, income, colony scoring, then the turn-order track, in the order of the player aid."""
    seat = state.seat(action.player)
    recovered = apply_recover(seat.board, seat.colony, state.bag, action.recovered, action.discarded)
    room = _make_room(recovered, action)
    drawn = _income_survivor(state, room.bag, action, rng)
    income = apply_income(room.board, room.colony, room.bag, drawn)
    areas = _areas(action)
    vp = colony_score(scoring_view(income.board, income.colony, vp_per_active(state, seat)), areas)
    board = replace(income.board, vp=add_vp(income.board.vp, vp)).apply_pass().board
    passed = pass_turn(state.rounds, action.player, action.position, stays(state))
    reward = reward_of(passed.reward)
    taken = board.apply_reward(Reward() if action.decline_reward else reward)
    board = taken.board
    done = replace(
        updated(state, seat, board=board, colony=income.colony, protocol=None, main_actions=0),
        bag=income.bag,
        rounds=passed.state,
    )
    named = ", ".join(action.scoring) or "no area"
    scored = Event.of(
        "colony_scoring",
        f"{seat.name} scores {vp} VP for {named}",
        seat=seat.name,
        areas=list(action.scoring),
        vp=vp,
        rule="ashes/colony-scoring",
    )
    spot = passed.spot
    paid = reward_text(reward)
    if stays(state):
        then = "no next round, so the vehicle stays"
    elif not paid:
        then = "take the reward printed there, if any"
    elif action.decline_reward:
        then = f"the space's {paid} declined"
    else:
        then = f"the space pays {paid}"
    moved = Event.of(
        "pass",
        f"{seat.name} passes: vehicle to position {spot.position} of the {spot.row.value} row; {then}",
        seat=seat.name,
        row=spot.row.value,
        position=spot.position,
        reward=paid if not action.decline_reward else "",
        rule=PASS_RULE,
    )
    events = [
        *seat_events(seat, recovered.events, PASS_RULE),
        *seat_events(seat, room.events if room is not recovered else (), PASS_RULE),
        *seat_events(seat, income.events, PASS_RULE),
        scored,
        moved,
        *seat_events(seat, taken.events, PASS_RULE),
        *_next(passed.state.current),
    ]
    return done, events


def _describe_pass(state: AshesState, action: a.Pass) -> str:
    return f"{action.player} passes to position {action.position}"


RULES: tuple[Rule[AshesState, Any], ...] = (
    Rule(a.Move, "Move", _apply_move, _describe_move, (_check_move,)),
    Rule(a.Activate, "Activate a survivor", _apply_activate, _describe_activate, (_check_activate,)),
    Rule(a.EndTurn, "End turn", _apply_end_turn, _describe_end_turn, (_check_end_turn,)),
    Rule(a.Pass, "Pass", _apply_pass, _describe_pass, (_check_pass,)),
)
