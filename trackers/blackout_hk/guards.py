"""Checks several Blackout: Hong Kong entries share: the counts the table may enter, names of players,
resources and cards, and whether a cost can be paid (the battery standing in for any resource)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from trackers.blackout_hk.actions import Effects, GoalEffects
from trackers.blackout_hk.state import DICE, RESOURCES, BlackoutState, Player
from trackers.core.errors import Violation
from trackers.core.limits import Count, count_violations
from trackers.core.names import known_as
from trackers.core.rules import refuse

S = BlackoutState
G = "blackout-hk"

AMOUNT = Count(-99, 99, "An amount of HK$ is", "", code=f"{G}.amount", rule="blackout-hk/money")
GAIN = Count(0, 99, "A card gives", "", code=f"{G}.amount", rule="blackout-hk/goals/rewards")
TOKENS = Count(0, 24, "Tokens taken at once are", "", code=f"{G}.amount", rule="blackout-hk/transport")
PLACE = Count(0, 5, "Cubes placed by one goal are", "", code=f"{G}.amount", rule="blackout-hk/map/placing")
CARD_CUBES = Count(1, 3, "A volunteer shows", "cubes", code=f"{G}.cubes", rule="blackout-hk/volunteers")
STEPS = Count(0, 3, "A die moves", "segments", code=f"{G}.steps", rule="blackout-hk/rondel")
ENTERED_STEPS = Count(
    -1,
    3,
    "A die moves",
    "segments",
    code=f"{G}.steps",
    rule="blackout-hk/rondel",
    why="(-1: Lantern counts them on the rondel.)",
)
SCOUT_TABLE_POINTS = Count(
    0, 100, "The scout-tile table gives", "points", code=f"{G}.points", rule="blackout-hk/final-scoring"
)
SKIPPED = Count(0, 20, "A placement skips", "locations", code=f"{G}.skipped", rule="blackout-hk/map/placing")
CENTRAL = Count(
    0, 16, "The central district is", "", code=f"{G}.central", rule="blackout-hk/campaign/chapter-3"
)
ADJUST = Count(-20, 20, "A correction is", "", code=f"{G}.amount", rule="blackout-hk/corrections")
DISTRICT = Count(1, 16, "Districts are numbered", "", code=f"{G}.district", rule="blackout-hk/map")
CHALLENGE = Count(
    1, 30, "A challenge is", "search icons", code=f"{G}.challenge", rule="blackout-hk/scout/tiles"
)
ICONS = Count(0, 60, "Search icons are", "", code=f"{G}.icons", rule="blackout-hk/scout/team")
BACK = Count(0, 3, "A tile's back shows", "search icons", code=f"{G}.icons", rule="blackout-hk/scout/keeping")
ROW = Count(1, 3, "The display's rows are numbered", "", code=f"{G}.row", rule="blackout-hk/round/buy")
GOAL = Count(1, 6, "A card's goals are numbered", "", code=f"{G}.goal", rule="blackout-hk/goals/multi")
RESTORE = Count(
    1, 2, "The restore power goals are", "", code=f"{G}.goal", rule="blackout-hk/goals/restore-power"
)
LOCATIONS = Count(
    1, 7, "A district is surrounded by", "locations", code=f"{G}.locations", rule="blackout-hk/map"
)
WASTE = Count(0, 50, "Cubes wasted are", "", code=f"{G}.waste", rule="blackout-hk/cleanup/waste")
POINTS = Count(0, 200, "Printed points are", "", code=f"{G}.points", rule="blackout-hk/final-scoring")
SCOUT_POINTS = Count(
    -1, 100, "The scout table gives", "points", code=f"{G}.points", rule="blackout-hk/final-scoring"
)
COUNTED = Count(0, 25, "Cubes counted are", "", code=f"{G}.counted", rule="blackout-hk/campaign/winning")
CARD_GOALS = Count(
    0,
    6,
    "A card shows",
    "goals",
    code=f"{G}.card_goals",
    rule="blackout-hk/goals/multi",
    why="(0: not said.)",
)
PLAN_GOALS = Count(
    1, 6, "A plan shows", "goals", code=f"{G}.plan_goals", rule="blackout-hk/campaign/emergency-plans"
)
SLOT = Count(0, 4, "Slots are numbered", "", code=f"{G}.slot", rule="blackout-hk/round/refresh")
CHECKMARK = Count(
    1,
    5,
    "The board's check-mark actions are",
    "",
    code=f"{G}.checkmark",
    rule="blackout-hk/check-marks/board",
)


def open_game(state: S) -> list[Violation]:
    if state.result:
        return refuse(f"{G}.over", "The game is over. Undo to reopen it.", "blackout-hk/end")
    return []


def no_placement(state: S) -> list[Violation]:
    if state.to_place:
        return refuse(
            f"{G}.place_first",
            f"First {state.on_turn} places {state.to_place} cube(s) on the map.",
            "blackout-hk/map/placing",
        )
    return []


def location_of(state: S, typed: str) -> str:
    """The location an entry names, as the game keeps it: the entered map's spelling, else the spelling a
    cube already on it was given, of the same name whatever its case and spaces (edition 1: as typed,
    trimmed)."""
    where = typed.strip()
    if state.edition < 2:
        return where
    known = [name for name, _ in state.components.locations] or [loc for p in state.players for loc in p.map]
    return known_as(where, known) or where


def colour_of(state: S, typed: str) -> str:
    """A colour an entry names, as the entered map spells it (edition 1: as typed)."""
    if state.edition < 2:
        return typed
    return known_as(typed, [colour for _, colour in state.components.locations]) or typed


def on_map(state: S, location: str) -> list[Violation]:
    """With the map entered, a cube goes on one of its locations."""
    names = state.components.location_names
    if names and location not in names:
        return refuse(
            f"{G}.location", f"{location!r} is not a location on the entered map.", "blackout-hk/map"
        )
    return []


def player_named(state: S, name: str) -> list[Violation]:
    if name not in state.names:
        return refuse(f"{G}.player", f"{name!r} is not at this table.", "blackout-hk/setup")
    return []


def on_turn(state: S) -> Player:
    who = state.on_turn
    assert who is not None, "the phases let a turn entry through only while someone is on turn"
    return state.player(who)


def resource_named(name: str, *, battery: bool = False) -> list[Violation]:
    if name in RESOURCES or (battery and name == "battery"):
        return []
    more = ", or battery" if battery else ""
    return refuse(
        f"{G}.resource",
        f"{name!r} is not a resource: food, tools, gasoline, water, books, medipack{more}.",
        "blackout-hk/resources",
    )


def can_pay(
    p: Player, pay: tuple[str, ...], hkd: int = 0, *, rule: str = "blackout-hk/goals/costs"
) -> list[Violation]:
    """The cubes named are on the rondel (a battery only where `battery` is named) and the HK$ are held."""
    for name in pay:
        if problems := resource_named(name, battery=True):
            return problems
    for name, n in Counter(pay).items():
        if p.held(name) < n:
            return refuse(
                f"{G}.cannot_pay",
                f"{p.name} has {p.held(name)} {name} on the rondel, not the {n} to pay.",
                rule,
            )
    if hkd < 0 and p.hkd < -hkd:
        return refuse(
            f"{G}.cannot_pay", f"{p.name} has {p.hkd} HK$, not the {-hkd} to pay.", "blackout-hk/money"
        )
    return []


def effects_counts(e: Effects) -> list[Violation]:
    """The entered numbers are in range."""
    return count_violations(
        (AMOUNT, e.hkd),
        (GAIN, e.points),
        (GAIN, e.gps),
        (TOKENS, e.transport),
        (GAIN, e.batteries),
        (PLACE, e.place),
    )


def effects_problems(p: Player, e: Effects) -> list[Violation]:
    """The entered numbers are in range, the cost can be paid and the supply holds the cubes gained."""
    if problems := effects_counts(e):
        return problems
    for name in e.gain:
        if problems := resource_named(name):
            return problems
    if problems := can_pay(p, e.pay, e.hkd):
        return problems
    return supply_holds(p, p.supply + len(e.pay), len(e.gain) + e.batteries + e.place)


def slot_requirement(p: Player, goal: GoalEffects) -> list[Violation]:
    """At least one slot holds a card of every colour the goal shows (any order, other cards beside)."""
    if not goal.slot_colours:
        return []
    if len(goal.slot_colours) > 4 or any(c not in DICE for c in goal.slot_colours):
        return refuse(
            f"{G}.colour",
            "A slot requirement shows up to 4 colours, each red, yellow or blue.",
            "blackout-hk/goals/costs",
        )
    wanted = Counter(goal.slot_colours)
    for cards in p.slots:
        held = Counter(c.colour for c in cards)
        if all(held[c] >= n for c, n in wanted.items()):
            return []
    shown = ", ".join(goal.slot_colours)
    return refuse(
        f"{G}.slot_requirement",
        f"None of {p.name}'s slots holds all the colours shown ({shown}).",
        "blackout-hk/goals/costs",
    )


def supply_holds(p: Player, supply: int, wanted: int) -> list[Violation]:
    if wanted > supply:
        return refuse(
            f"{G}.no_cubes",
            f"{p.name} has {supply} cube(s) in supply, not the {wanted} this needs.",
            "blackout-hk/cubes",
        )
    return []


def paid(p: Player, pay: tuple[str, ...]) -> Player:
    for name in pay:
        p = p.with_rondel(name, -1)
    return replace(p, supply=p.supply + len(pay))


def gained(p: Player, e: Effects) -> Player:
    """The cost paid, then the gains: cubes for resources and batteries leave the supply."""
    p = paid(p, e.pay)
    for name in e.gain:
        p = p.with_rondel(name, 1)
    p = p.with_rondel("battery", e.batteries)
    return replace(
        p,
        supply=p.supply - len(e.gain) - e.batteries,
        hkd=p.hkd + e.hkd,
        score=p.score + e.points,
        gps=p.gps + e.gps,
        transport=p.transport + e.transport,
    )


def effects_text(e: Effects) -> str:
    parts = []
    if e.pay:
        parts.append("paid " + ", ".join(f"{n} {r}" for r, n in Counter(e.pay).items()))
    if e.hkd:
        parts.append(f"{e.hkd:+d} HK$")
    if e.points:
        parts.append(f"+{e.points} points")
    if e.gps:
        parts.append(f"+{e.gps} GPS")
    if e.transport:
        parts.append(f"+{e.transport} transport")
    if e.batteries:
        parts.append(f"+{e.batteries} battery")
    if e.gain:
        parts.append("+" + ", ".join(f"{n} {r}" for r, n in Counter(e.gain).items()))
    if e.place:
        parts.append(f"{e.place} cube(s) to place")
    return "; ".join(parts) or "nothing"
