"""What a player's board gains and pays: the steppers of the player screen.

Rewards and costs printed on cards and tiles are read off the table and entered here one at a time, so these
entries are allowed whenever the player is in the game (they also correct a slip). Only manufacturing is a
player's own action (10.1.3) and waits for their turn.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from random import Random
from typing import Any

from trackers.ashes import actions as a
from trackers.ashes.colony.materials import LEVELS, SLOT_COUNT, Slot
from trackers.ashes.colony.materials import check_gain as check_cube
from trackers.ashes.colony.player_board import TECH_SLOTS, BoardStep, Cost, PlayerBoard, Resource, Reward
from trackers.ashes.colony.scoring import HAPPINESS_HIGH, HAPPINESS_LOW, add_vp
from trackers.ashes.colony.shelters import Pod, ShelterCard, apply_add_card
from trackers.ashes.colony.upgrades import UpgradeFamily
from trackers.ashes.rules.guards import (
    PRODUCTION_TOP,
    SCORE_TRACK_TOP,
    own_turn_violations,
    player_violations,
    seat_events,
    updated,
)
from trackers.ashes.state import AshesState
from trackers.ashes.terms import UpgradeClass
from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.limits import SHOWN_DIGITS, Count, count_violations
from trackers.core.rules import Rule, refuse

COUNTED = ("fuel", "data", "antirad", "strength", "happiness", "vp")
"""What a reward text may name, in the order `reward_text` writes them."""
CLASSES = {"I": UpgradeClass.CLASS_I, "II": UpgradeClass.CLASS_II}
_COUNT = re.compile(r"(fuel|data|antirad|strength|happiness|vp)\s+(\d+)", re.ASCII)
_MATERIAL = re.compile(r"level\s+(iii|ii|i|[123])\s+slot\s+(\d+)", re.ASCII)
_LEVELS = {"i": 1, "ii": 2, "iii": 3, "1": 1, "2": 2, "3": 3}

Applied = tuple[AshesState, list[Event]]


def _slot_counts(rule: str) -> tuple[Count, Count]:
    """A storage slot's level and its index in the level: 3 levels, and never more than the pyramid's 9
    slots (the player's pyramid then says how many its level has)."""
    code = "ashes.materials.slot"
    return (
        Count(1, LEVELS[-1], "Material levels are numbered", "", code=code, rule=rule),
        Count(1, SLOT_COUNT, "Storage slots are numbered", "", code=code, rule=rule),
    )


MATERIAL_LEVEL, MATERIAL_SLOT = _slot_counts("ashes/materials")
MANUFACTURE_LEVEL, MANUFACTURE_SLOT = _slot_counts("ashes/actions/manufacture")
REWARD_AMOUNT = Count(
    1, SCORE_TRACK_TOP, "A reward gives", "", code="ashes.reward.amount", rule="ashes/costs"
)
"""How much of one resource a printed reward gives, held to the score track's reach like any gain."""
CUBES = Count(-1, 1, "Gain or pay", "cube", code="ashes.adjust.material_amount", rule="ashes/materials")
STEPS = Count(
    1,
    PRODUCTION_TOP,
    "A modifier raises a track",
    "steps",
    code="ashes.production.steps",
    rule="ashes/production",
)
SLOT = Count(
    1, TECH_SLOTS[-1], "Technology slots are numbered", "", code="ashes.tech.slot", rule="ashes/technology"
)
POD_LEVEL = Count(
    HAPPINESS_LOW,
    HAPPINESS_HIGH,
    "A pod's level is a happiness level",
    "",
    code="ashes.card.pod",
    rule="ashes/shelter-cards",
)


# Reward texts, shared with the views


def parse_reward(text: str) -> Reward:
    """A reward written like "fuel 1, vp 2" (a material as "level II slot 1"); empty text is no reward.

    Raises ValueError with a message a player can act on.
    """
    if not text.strip():
        return Reward()
    counts: dict[str, int] = {}
    materials: list[Slot] = []
    for part in (p.strip() for p in text.lower().split(",")):
        if found := _MATERIAL.fullmatch(part):
            materials.append(Slot(_LEVELS[found[1]], _read_count(found[2], MATERIAL_SLOT)))
            continue
        found = _COUNT.fullmatch(part)
        if found is None:
            raise ValueError(
                f"{part!r} is not a reward: write a resource and how many, like 'fuel 1', or a material "
                "like 'level II slot 1'."
            )
        if found[1] in counts:
            raise ValueError(f"{found[1]} is written twice in {text!r}.")
        counts[found[1]] = _read_count(found[2], replace(REWARD_AMOUNT, unit=found[1]))
    return replace(Reward(), **counts, materials=tuple(materials))


def _read_count(digits: str, count: Count) -> int:
    """`digits` as a whole number in `count`'s range; raises ValueError naming the range. Past 18 digits
    the number is not even read (Python refuses to past 4,300)."""
    digits = digits.lstrip("0") or "0"
    value = int(digits) if len(digits) <= SHOWN_DIGITS else 10**SHOWN_DIGITS
    if not count.holds(value):
        raise ValueError(count.message(value))
    return value


def reward_of(pairs: Iterable[tuple[str, int]]) -> Reward:
    """(resource, how many) pairs, as the turn-order track keeps its rewards, as a `Reward`."""
    counts = dict(pairs)
    return Reward(
        fuel=counts.get("fuel", 0),
        data=counts.get("data", 0),
        antirad=counts.get("antirad", 0),
        strength=counts.get("strength", 0),
        happiness=counts.get("happiness", 0),
        vp=counts.get("vp", 0),
    )


def reward_text(reward: Reward) -> str:
    """The reward as `parse_reward` reads it back, resources first; "" for no reward."""
    parts = [f"{name} {getattr(reward, name)}" for name in COUNTED if getattr(reward, name)]
    return ", ".join([*parts, *map(str, reward.materials)])


# Shared steps


def _changed(state: AshesState, player: str, outcome: BoardStep, rule: str, text: str) -> Applied:
    """The player's board after a step, an event for the step and one for each line the board reported."""
    seat = state.seat(player)
    event = Event.of("board", text, seat=player, rule=rule)
    return updated(state, seat, board=outcome.board), [event, *seat_events(seat, outcome.events, rule)]


def _board_missing(state: AshesState, why: str) -> list[Violation]:
    if state.board is None:
        return refuse("ashes.board.missing", f"Enter the board first: {why}.", "ashes/setup")
    return []


# Adjust


def _reward(resource: str, n: int) -> Reward:
    if resource == "happiness":
        return Reward(happiness=n)
    if resource == "vp":
        return Reward(vp=n)
    return Reward.of(Resource(resource), n)


def _cost(resource: str, n: int) -> Cost:
    fuel, data, antirad, strength = (n if r.value == resource else 0 for r in Resource)
    return Cost(fuel, data, antirad, strength)


def _amount(resource: str) -> Count:
    """Tokens are unlimited and happiness past its track turns into VP, so a gain or payment is held to the
    score track's reach."""
    return Count(
        -SCORE_TRACK_TOP,
        SCORE_TRACK_TOP,
        "A gain or payment is",
        resource,
        code="ashes.adjust.amount",
        rule=_adjust_rule(resource),
    )


def _check_adjust(state: AshesState, action: a.Adjust) -> list[Violation]:
    """Only the four counted resources can be short: happiness goes below 0 for VP (5.5; by option a
    happiness payment needs it on the track, the spec's reading of AS-V03) and VP stops at 0."""
    amount = _amount(action.resource).violations(action.amount)
    if problems := amount or player_violations(state, action.player):
        return problems
    if action.amount == 0:
        return refuse("ashes.adjust.zero", "Enter a gain or a payment, not 0.", "ashes/resources")
    if action.amount < 0 and action.resource not in {"happiness", "vp"}:
        return state.seat(action.player).board.check_pay(_cost(action.resource, -action.amount))
    if action.amount < 0 and action.resource == "happiness" and state.settings.happiness_paid_in_hand:
        cost = Cost(happiness=-action.amount, happiness_in_hand=True)
        return state.seat(action.player).board.check_pay(cost)
    return []


def _adjusted(board: PlayerBoard, resource: str, amount: int) -> BoardStep:
    if amount > 0:
        return board.apply_reward(_reward(resource, amount))
    if resource == "happiness":
        return board.apply_lose_happiness(-amount)
    if resource == "vp":
        return BoardStep(replace(board, vp=add_vp(board.vp, amount)))
    return board.apply_pay(_cost(resource, -amount))


def _adjust_rule(resource: str) -> str:
    return "ashes/strength" if resource == "strength" else "ashes/resources"


def _apply_adjust(state: AshesState, action: a.Adjust, rng: Random) -> Applied:
    outcome = _adjusted(state.seat(action.player).board, action.resource, action.amount)
    now = getattr(outcome.board, action.resource)
    text = f"{_describe_adjust(state, action)}: {now} {action.resource} now"
    return _changed(state, action.player, outcome, _adjust_rule(action.resource), text)


def _describe_adjust(state: AshesState, action: a.Adjust) -> str:
    verb = "gains" if action.amount > 0 else "loses" if action.resource in {"happiness", "vp"} else "pays"
    return f"{action.player} {verb} {abs(action.amount)} {action.resource}"


# Materials


def _check_material(state: AshesState, action: a.AdjustMaterial) -> list[Violation]:
    counts = (MATERIAL_LEVEL, action.level), (MATERIAL_SLOT, action.index), (CUBES, action.amount)
    if problems := count_violations(*counts) or player_violations(state, action.player):
        return problems
    board = state.seat(action.player).board
    slot = Slot(action.level, action.index)
    if action.amount == 1:
        return check_cube(board.materials, slot, board.caps.storage)
    if action.amount == -1:
        return board.check_pay(Cost(materials=(slot,)))
    return refuse(
        "ashes.adjust.material_amount", "A material is gained or paid one cube at a time.", "ashes/materials"
    )


def _apply_material(state: AshesState, action: a.AdjustMaterial, rng: Random) -> Applied:
    board = state.seat(action.player).board
    slot = (Slot(action.level, action.index),)
    outcome = (
        board.apply_reward(Reward(materials=slot))
        if action.amount > 0
        else board.apply_pay(Cost(materials=slot))
    )
    return _changed(state, action.player, outcome, "ashes/materials", _describe_material(state, action))


def _describe_material(state: AshesState, action: a.AdjustMaterial) -> str:
    how = "gains a cube in" if action.amount > 0 else "pays a cube from"
    return f"{action.player} {how} {Slot(action.level, action.index)}"


def _check_manufacture(state: AshesState, action: a.Manufacture) -> list[Violation]:
    """An immediate additional action (10.1.3): the player's own turn, before they pass."""
    counts = (
        (MANUFACTURE_LEVEL, action.level),
        (MANUFACTURE_SLOT, action.first),
        (MANUFACTURE_SLOT, action.second),
    )
    if problems := count_violations(*counts) or own_turn_violations(state, action.player):
        return problems
    board = state.seat(action.player).board
    return board.check_manufacture(Slot(action.level, action.first), Slot(action.level, action.second))


def _apply_manufacture(state: AshesState, action: a.Manufacture, rng: Random) -> Applied:
    board = state.seat(action.player).board
    pair = Slot(action.level, action.first), Slot(action.level, action.second)
    made = board.apply_manufacture(*pair).board
    text = f"{_describe_manufacture(state, action)} into {board.materials.pyramid.product(*pair)}"
    return _changed(state, action.player, BoardStep(made), "ashes/actions/manufacture", text)


def _describe_manufacture(state: AshesState, action: a.Manufacture) -> str:
    first, second = Slot(action.level, action.first), Slot(action.level, action.second)
    return f"{action.player} manufactures {first} and {second}"


# Production


def _check_production(state: AshesState, action: a.RaiseProduction) -> list[Violation]:
    """Steps past the top score 2 VP each, so the track's own top does not bound them."""
    return (
        STEPS.violations(action.steps)
        or player_violations(state, action.player)
        or _board_missing(state, "its production track tops say where the steps stop")
    )


def _apply_production(state: AshesState, action: a.RaiseProduction, rng: Random) -> Applied:
    board = state.seat(action.player).board
    resource = Resource(action.track)
    outcome = board.apply_production_steps(resource, action.steps)
    text = f"{_describe_production(state, action)}: now on {outcome.board.production_of(resource)}"
    return _changed(state, action.player, outcome, "ashes/production", text)


def _describe_production(state: AshesState, action: a.RaiseProduction) -> str:
    return f"{action.player} raises {action.track} production by {action.steps}"


# Upgrades and technology


def _check_upgrade(state: AshesState, action: a.TakeUpgrade) -> list[Violation]:
    if problems := player_violations(state, action.player):
        return problems
    board = state.seat(action.player).board
    return board.check_take_upgrade(UpgradeFamily(action.family), CLASSES[action.upgrade_class])


def _apply_upgrade(state: AshesState, action: a.TakeUpgrade, rng: Random) -> Applied:
    board = state.seat(action.player).board
    outcome = board.apply_take_upgrade(UpgradeFamily(action.family), CLASSES[action.upgrade_class])
    return _changed(state, action.player, outcome, "ashes/upgrades", _describe_upgrade(state, action))


def _describe_upgrade(state: AshesState, action: a.TakeUpgrade) -> str:
    return f"{action.player} takes the class {action.upgrade_class} {action.family} upgrade"


def _check_tech(state: AshesState, action: a.PlaceTechnology) -> list[Violation]:
    if problems := SLOT.violations(action.slot) or player_violations(state, action.player):
        return problems
    if not action.tile.strip():
        return refuse("ashes.tech.name", "Name the technology tile.", "ashes/technology")
    return state.seat(action.player).board.check_place_tech(action.slot, action.cover)


def _apply_tech(state: AshesState, action: a.PlaceTechnology, rng: Random) -> Applied:
    board = state.seat(action.player).board
    outcome = board.apply_place_tech(action.tile, action.slot, action.cover)
    return _changed(state, action.player, outcome, "ashes/technology", _describe_tech(state, action))


def _describe_tech(state: AshesState, action: a.PlaceTechnology) -> str:
    how = "replaces the top tile of" if action.cover else "goes on"
    return f"{action.player}'s {action.tile} {how} slot {action.slot}"


# Shelter cards


def _pod(level: int, bonus: str, income: str) -> Pod:
    """Raises ValueError for a reward that does not read (the level is range-checked first)."""
    return Pod(level, parse_reward(bonus), parse_reward(income) if income.strip() else None)


def _card(action: a.AddShelterCard) -> ShelterCard:
    return ShelterCard(action.name.strip(), tuple(_pod(*pod) for pod in action.pods))


def _check_card(state: AshesState, action: a.AddShelterCard) -> list[Violation]:
    levels = count_violations(*((POD_LEVEL, level) for level, _, _ in action.pods))
    if problems := levels or player_violations(state, action.player):
        return problems
    if not action.name.strip():
        return refuse("ashes.card.name", "Name the shelter card.", "ashes/shelter-cards")
    if not action.pods:
        return refuse("ashes.card.pod", "A shelter card has at least one pod.", "ashes/shelter-cards")
    try:
        card = _card(action)
    except ValueError as error:
        return refuse("ashes.card.pod", str(error), "ashes/shelter-cards")
    pyramid = state.seat(action.player).board.materials.pyramid
    unknown = [
        s for p in card.pods for r in (p.bonus, p.income) if r for s in r.materials if not pyramid.has(s)
    ]
    if unknown:
        return refuse("ashes.card.pod", f"Your pyramid has no {unknown[0]}.", "ashes/shelter-cards")
    return []


def _apply_card(state: AshesState, action: a.AddShelterCard, rng: Random) -> Applied:
    seat = state.seat(action.player)
    done = apply_add_card(seat.board, seat.colony, state.bag, _card(action))
    rule = "ashes/shelter-cards"
    events = [Event.of("board", _describe_card(state, action), seat=seat.name, rule=rule)]
    if done.returned is not None:
        text = f"{done.returned.name} goes to the bottom of the shelter pile"
        events.append(Event.of("shelter_replaced", text, seat=seat.name, card=done.returned.name, rule=rule))
    events += seat_events(seat, done.events, rule)
    return replace(updated(state, seat, board=done.board, colony=done.colony), bag=done.bag), events


def _describe_card(state: AshesState, action: a.AddShelterCard) -> str:
    return f"{action.player} adds the shelter card {action.name.strip()}"


RULES: tuple[Rule[AshesState, Any], ...] = (
    Rule(a.Adjust, "Gain or pay", _apply_adjust, _describe_adjust, (_check_adjust,)),
    Rule(a.AdjustMaterial, "Gain or pay a cube", _apply_material, _describe_material, (_check_material,)),
    Rule(a.Manufacture, "Manufacture", _apply_manufacture, _describe_manufacture, (_check_manufacture,)),
    Rule(
        a.RaiseProduction, "Raise production", _apply_production, _describe_production, (_check_production,)
    ),
    Rule(a.TakeUpgrade, "Take an upgrade", _apply_upgrade, _describe_upgrade, (_check_upgrade,)),
    Rule(a.PlaceTechnology, "Place a technology", _apply_tech, _describe_tech, (_check_tech,)),
    Rule(a.AddShelterCard, "Add a shelter card", _apply_card, _describe_card, (_check_card,)),
)
