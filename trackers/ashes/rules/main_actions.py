"""The four main actions (9.1-9.4): build a shelter, rescue survivors, install in the Phoenix Project, rest.

They come from rewards (area tiles, technologies), so a turn may hold any number of them; each still
belongs to the player whose turn it is and is refused once they have passed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from random import Random
from typing import Any, TypeVar, get_args

from trackers.ashes.actions import (
    Build,
    EarnMainAction,
    Install,
    Rescue,
    Rest,
    RowName,
    SkipMainAction,
)
from trackers.ashes.board.layout import AshesBoard
from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL
from trackers.ashes.colony import shelters
from trackers.ashes.colony.materials import SLOT_COUNT, Slot
from trackers.ashes.colony.player_board import UPGRADE_TILES, Cost, Reward
from trackers.ashes.colony.scoring import InstallPrice, add_vp, install_price, install_violations
from trackers.ashes.rules.guards import (
    ACTIVE_SURVIVORS,
    ESSENTIAL_SURVIVORS,
    own_turn_violations,
    seat_events,
    updated,
)
from trackers.ashes.state import ROWS, AshesState
from trackers.ashes.terms import PhoenixRow
from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.limits import Count, count_violations
from trackers.core.rules import Apply, Rule, refuse

ROW_BY_NAME: Mapping[str, PhoenixRow] = dict(zip(get_args(RowName), ROWS, strict=True))
LEVELS = (1, 2, 3)
REST = Reward(fuel=1, happiness=2)
RESCUED_ACTIVE = Count(
    0, ACTIVE_SURVIVORS, "Rescue", "active survivors", code="ashes.rescue.none", rule="ashes/actions/rescue"
)
RESCUED_ESSENTIAL = Count(
    0,
    ESSENTIAL_SURVIVORS,
    "Rescue",
    "essential survivors",
    code="ashes.rescue.none",
    rule="ashes/actions/rescue",
)
INSTALL_LEVEL = Count(
    1, LEVELS[-1], "Install on a level", "", code="ashes.install.level", rule="ashes/actions/install"
)
INSTALL_SLOT = Count(
    1, SLOT_COUNT, "Storage slots are numbered", "", code="ashes.materials.slot", rule="ashes/actions/install"
)


def linked_board(state: AshesState) -> AshesBoard | None:
    """The layout when it says which areas touch; an "areas only" layout checks no adjacency."""
    return state.board if state.board is not None and state.board.links else None


def next_to(board: AshesBoard, a: str, b: str) -> bool:
    """Whether two places share a border. A red line stops vehicles, not this, so it is not looked at."""
    return (min(a, b), max(a, b)) in board.links


# Build (9.1)


def check_build(state: AshesState, action: Build) -> list[Violation]:
    seat = state.seat(action.player)
    if problems := shelters.check_build(seat.board, seat.colony):
        return problems
    if not action.space:
        return []
    spaces = state.board.construction_spaces if state.board is not None else ()
    if action.space not in {s.id for s in spaces}:
        return refuse(
            "ashes.build.space",
            f"The board has no construction space {action.space!r}.",
            "ashes/actions/build",
        )
    owner = state.shelter_owner(action.space)
    if owner is not None:
        return refuse(
            "ashes.build.taken", f"{owner} already has a shelter on {action.space}.", "ashes/actions/build"
        )
    return []


def apply_build(state: AshesState, action: Build, rng: Random) -> tuple[AshesState, list[Event]]:
    seat = state.seat(action.player)
    built = shelters.apply_build(seat.board, seat.colony, state.bag)
    placed = (*seat.shelters, action.space) if action.space else seat.shelters
    where = f" on {action.space}" if action.space else ""
    reminder = Event.of(
        "reminder",
        f"{seat.name}: enter the rewards and production modifiers of the construction space{where} and "
        "the face-up shelter card taken, then refill the display.",
        seat=seat.name,
        space=action.space,
        rule="ashes/actions/build",
    )
    new = updated(state, seat, board=built.board, colony=built.colony, shelters=placed)
    return new, [*seat_events(seat, built.events, "ashes/actions/build"), reminder]


def describe_build(state: AshesState, action: Build) -> str:
    return f"{action.player} built a shelter" + (f" on {action.space}" if action.space else "")


# Rescue (9.2)


def rescued(action: Rescue) -> tuple[str, ...]:
    return (ACTIVE,) * action.active + (ESSENTIAL,) * action.essential


@dataclass(frozen=True)
class RescueReach:
    """The areas next to a player's shelters as far as the board says (9.2): `near` those known, and
    `unknown` how many of the player's shelters Lantern cannot place against the areas (the starting
    shelter on a board without links; a shelter built without naming its space, or on a space whose
    areas were not entered)."""

    near: frozenset[str]
    unknown: int


def rescue_reach(state: AshesState, player: str) -> RescueReach:
    """Where the player may rescue from: areas beside the starting shelter (by the board's links) and beside
    each construction space they built on (by the areas entered for it)."""
    seat = state.seat(player)
    board = state.board
    if board is None:
        return RescueReach(frozenset(), 1 + seat.colony.discs_built)
    near: set[str] = set()
    unknown = 0
    if board.links:
        near.update(x.id for x in board.areas if next_to(board, board.shelter, x.id))
    else:
        unknown += 1
    for space in seat.shelters:
        touching = board.touching(space)
        near.update(touching)
        unknown += not touching
    unknown += max(0, seat.colony.discs_built - len(seat.shelters))
    return RescueReach(frozenset(near), unknown)


def unchecked_rescue(state: AshesState, action: Rescue) -> bool:
    """A rescue from an area Lantern does not know to be next to one of the player's shelters, accepted
    only because some shelter's neighbours are not on the board entered: the table checks it."""
    reach = rescue_reach(state, action.player)
    return action.area not in reach.near and reach.unknown > 0


def check_rescue(state: AshesState, action: Rescue) -> list[Violation]:
    """The area must be next to one of the player's shelters, the starting one included (9.2). Where the
    board does not say what a shelter touches, that shelter cannot be checked and the rescue is accepted
    with a note in its history line (`unchecked_rescue`)."""
    counts = (RESCUED_ACTIVE, action.active), (RESCUED_ESSENTIAL, action.essential)
    if problems := count_violations(*counts):
        return problems
    area = state.area(action.area)
    if area is None:
        return refuse("ashes.rescue.area", f"The board has no area {action.area!r}.", "ashes/actions/rescue")
    if action.active + action.essential < 1:
        return refuse("ashes.rescue.none", "Rescue at least one survivor.", "ashes/actions/rescue")
    short = area.survivors.missing(rescued(action))
    if short:
        return refuse(
            "ashes.rescue.missing",
            f"{area.name} holds {area.survivors.count(ACTIVE)} active and "
            f"{area.survivors.count(ESSENTIAL)} essential survivor(s).",
            "ashes/actions/rescue",
        )
    seat = state.seat(action.player)
    reach = rescue_reach(state, action.player)
    if area.name not in reach.near and not reach.unknown:
        return refuse(
            "ashes.rescue.not_adjacent",
            f"{area.name} is not next to any of your shelters.",
            "ashes/actions/rescue",
        )
    return seat.board.check_enter(rescued(action))


def apply_rescue(state: AshesState, action: Rescue, rng: Random) -> tuple[AshesState, list[Event]]:
    seat = state.seat(action.player)
    area = state.area(action.area)
    assert area is not None
    moved = rescued(action)
    state = state.with_area(replace(area, survivors=area.survivors.take(moved)))
    event = Event.of(
        "rescue",
        f"{seat.name} rescued {action.active} active and {action.essential} essential survivor(s) from "
        f"{area.name} to the colony entrance.",
        seat=seat.name,
        area=area.name,
        survivors=list(moved),
        rule="ashes/actions/rescue",
    )
    return updated(state, seat, board=seat.board.apply_enter(moved).board), [event]


def describe_rescue(state: AshesState, action: Rescue) -> str:
    text = f"{action.player} rescued {action.active + action.essential} survivor(s) from {action.area}"
    if unchecked_rescue(state, action):
        text += " (not checked: the board does not say which areas touch all your shelters)"
    return text


# Install (9.3)


def price(state: AshesState, level: int) -> InstallPrice:
    """Every earlier install at the level raises the data price, the rival's too unless the table's option
    leaves them out."""
    made = state.installs[level - 1]
    if state.rival is not None and not state.settings.rival_installs_count:
        made -= sum(1 for _, at in state.rival.installed if at == level)
    return install_price(level, made)


def named_slots(action: Install) -> tuple[Slot, ...]:
    return tuple(Slot(action.level, i) for i in action.materials)


def bump(counts: tuple[int, int, int], i: int) -> tuple[int, int, int]:
    """One more at index `i` of a per-level or per-row count."""
    a, b, c = (n + 1 if at == i else n for at, n in enumerate(counts))
    return a, b, c


def check_install(state: AshesState, action: Install) -> list[Violation]:
    counts = (INSTALL_LEVEL, action.level), *((INSTALL_SLOT, index) for index in action.materials)
    if problems := count_violations(*counts):
        return problems
    board = state.seat(action.player).board
    if len(board.upgrades) >= UPGRADE_TILES:
        return refuse(
            "ashes.install.no_upgrade",
            "All your upgrade tiles are used, so none is left to install.",
            "ashes/actions/install",
        )
    cost = price(state, action.level)
    if problems := install_violations(cost, board.data, board.materials.level_count(action.level)):
        return problems
    if len(action.materials) != cost.materials:
        return refuse(
            "ashes.install.material_count",
            f"Level {action.level} takes {cost.materials} material(s) of its level; "
            f"you named {len(action.materials)}.",
            "ashes/actions/install",
        )
    return board.check_pay(Cost(materials=named_slots(action)))


def apply_install(state: AshesState, action: Install, rng: Random) -> tuple[AshesState, list[Event]]:
    seat = state.seat(action.player)
    row = ROW_BY_NAME[action.row]
    cost = price(state, action.level)
    paid = seat.board.apply_pay(Cost(data=cost.data, materials=named_slots(action))).board
    board = replace(paid, vp=add_vp(paid.vp, cost.vp))
    event = Event.of(
        "install",
        f"{seat.name} installed on level {action.level} of the {row.value} row for {cost.data} data and "
        f"{cost.materials} material(s): +{cost.vp} VP. Move the {row.value} knowledge disc one space right; "
        "enter the space's technology, its bonuses and the upgrade tile placed on it.",
        seat=seat.name,
        level=action.level,
        row=row.value,
        data=cost.data,
        vp=cost.vp,
        rule="ashes/actions/install",
    )
    state = replace(state, installs=bump(state.installs, action.level - 1))
    return updated(state, seat, board=board, phoenix=bump(seat.phoenix, ROWS.index(row))), [event]


def describe_install(state: AshesState, action: Install) -> str:
    return f"{action.player} installed on level {action.level} of the {ROW_BY_NAME[action.row].value} row"


# Rest (9.4)


def apply_rest(state: AshesState, action: Rest, rng: Random) -> tuple[AshesState, list[Event]]:
    seat = state.seat(action.player)
    rested = seat.board.apply_reward(REST)
    event = Event.of(
        "rest", f"{seat.name} rested: +2 happiness, +1 fuel.", seat=seat.name, rule="ashes/actions/rest"
    )
    return updated(state, seat, board=rested.board), [
        event,
        *seat_events(seat, rested.events, "ashes/actions/rest"),
    ]


def describe_rest(state: AshesState, action: Rest) -> str:
    return f"{action.player} rested"


# Earning and spending main actions (8.3.3)


def check_earn(state: AshesState, action: EarnMainAction) -> list[Violation]:
    return own_turn_violations(state, action.player)


def apply_earn(state: AshesState, action: EarnMainAction, rng: Random) -> tuple[AshesState, list[Event]]:
    seat = state.seat(action.player)
    event = Event.of(
        "main_action",
        f"{seat.name} may take a main action.",
        seat=seat.name,
        left=seat.main_actions + 1,
        rule="ashes/actions",
    )
    return updated(state, seat, main_actions=seat.main_actions + 1), [event]


def describe_earn(state: AshesState, action: EarnMainAction) -> str:
    return f"{action.player} earned a main action"


def apply_skip(state: AshesState, action: SkipMainAction, rng: Random) -> tuple[AshesState, list[Event]]:
    seat = state.seat(action.player)
    event = Event.of(
        "main_action",
        f"{seat.name} skips a main action.",
        seat=seat.name,
        left=seat.main_actions - 1,
        rule="ashes/actions",
    )
    return updated(state, seat, main_actions=seat.main_actions - 1, activation_main_due=False), [event]


Spent = TypeVar("Spent", Build, Rescue, Install, Rest)


def main_action_left(
    state: AshesState, action: Build | Rescue | Install | Rest | SkipMainAction
) -> list[Violation]:
    """A main action is taken on the player's own turn and spends one earned this turn; it is checked before
    the action's own check, which can then take the turn as the player's."""
    if problems := own_turn_violations(state, action.player):
        return problems
    if state.seat(action.player).main_actions < 1:
        return refuse(
            "ashes.main.none",
            "No main action to take: activating a survivor earns one, and some rewards give one.",
            "ashes/actions",
        )
    return []


def spending(apply: Apply[AshesState, Spent]) -> Apply[AshesState, Spent]:
    """A main action uses up the one earned for it."""

    def spend(state: AshesState, action: Spent, rng: Random) -> tuple[AshesState, list[Event]]:
        after, events = apply(state, action, rng)
        seat = after.seat(action.player)
        return updated(after, seat, main_actions=seat.main_actions - 1, activation_main_due=False), events

    return spend


RULES: tuple[Rule[AshesState, Any], ...] = (
    Rule(EarnMainAction, "Earn a main action", apply_earn, describe_earn, (check_earn,)),
    Rule(
        SkipMainAction,
        "Skip a main action",
        apply_skip,
        lambda s, x: f"{x.player} skipped a main action",
        (main_action_left,),
    ),
    Rule(Build, "Build", spending(apply_build), describe_build, (main_action_left, check_build)),
    Rule(Rescue, "Rescue", spending(apply_rescue), describe_rescue, (main_action_left, check_rescue)),
    Rule(Install, "Install", spending(apply_install), describe_install, (main_action_left, check_install)),
    Rule(Rest, "Rest", spending(apply_rest), describe_rest, (main_action_left,)),
)
