"""Phases 7 and 8: districts secured this round (markers or cubes for the securers, the scoring table for
everyone with cubes around) and refreshing the hand, which opens the check-mark actions."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.blackout_hk.actions import Refresh, Secure
from trackers.blackout_hk.deploy import window_for
from trackers.blackout_hk.guards import CHECKMARK, DISTRICT, LOCATIONS, SLOT, G, on_turn
from trackers.blackout_hk.state import CHECKMARK_NAMES, DISTRICT_POINTS, BlackoutState, Player
from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.limits import Count, count_violations
from trackers.core.rules import refuse

S = BlackoutState


def surrounders(action: Secure, names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(n for n, c in zip(names, action.cubes, strict=True) if c == action.locations)


def check_secure(state: S, action: Secure) -> list[Violation]:
    if problems := count_violations((DISTRICT, action.district), (LOCATIONS, action.locations)):
        return problems
    if action.district in state.secured:
        return refuse(
            f"{G}.secured",
            f"District {action.district} was secured and scored before: a district scores once.",
            "blackout-hk/round/secure",
        )
    if len(action.cubes) != state.n:
        return refuse(
            f"{G}.cubes",
            f"Enter each player's cubes around the district ({state.n} numbers, {', '.join(state.names)}).",
            "blackout-hk/secure/scoring",
        )
    for name, n in zip(state.names, action.cubes, strict=True):
        around = Count(
            0,
            action.locations,
            f"{name}'s cubes around it are",
            "",
            code=f"{G}.cubes",
            rule="blackout-hk/secure/scoring",
        )
        if problems := around.violations(n):
            return problems
        if n > len(state.player(name).map):
            return refuse(
                f"{G}.cubes",
                f"{name} has {len(state.player(name).map)} cube(s) on the map, not {n}.",
                "blackout-hk/secure/scoring",
            )
    if ring := state.components.around(action.district):
        counted = map_cubes(state, action.district)
        if action.locations != len(ring) or action.cubes != counted:
            shown = ", ".join(f"{n} {c}" for n, c in zip(state.names, counted, strict=True))
            return refuse(
                f"{G}.map_counts",
                f"The map entered puts {len(ring)} locations around district {action.district}, "
                f"with cubes: {shown}.",
                "blackout-hk/secure/scoring",
            )
    securers = surrounders(action, state.names)
    if not securers:
        return refuse(
            f"{G}.not_secured",
            "A district is secured when one player has a cube on every location around it.",
            "blackout-hk/round/secure",
        )
    with_markers = [n for n in securers if state.player(n).markers]
    if len(action.unlocks) != len(with_markers):
        return refuse(
            f"{G}.unlocks",
            f"Name the board action each marker uncovers "
            f"({', '.join(with_markers) or 'nobody has a marker left'}).",
            "blackout-hk/round/secure",
        )
    for name, action_no in zip(with_markers, action.unlocks, strict=True):
        if problems := count_violations((CHECKMARK, action_no)):
            return problems
        if action_no in state.player(name).unlocked:
            return refuse(
                f"{G}.unlocked",
                f"{name}'s board action {action_no} ({CHECKMARK_NAMES[action_no]}) is already unlocked.",
                "blackout-hk/check-marks/board",
            )
    return []


def map_cubes(state: S, district: int) -> tuple[int, ...]:
    """Each player's cubes on the locations around a district, from the map entered."""
    around = set(state.components.around(district))
    return tuple(len(around & set(p.map)) for p in state.players)


def newly_secured(state: S) -> tuple[Secure, ...]:
    """With the map entered: the districts phase 7 secures now, their unlocks left for the table."""
    out = []
    for d in range(1, len(state.components.districts) + 1):
        if d in state.secured:
            continue
        around = state.components.around(d)
        cubes = map_cubes(state, d)
        if len(around) in cubes:
            out.append(Secure(d, len(around), cubes))
    return tuple(out)


def district_points(cubes: int) -> int:
    return DISTRICT_POINTS[min(cubes, len(DISTRICT_POINTS) - 1)]


def secure(state: S, action: Secure, rng: Random) -> tuple[S, list[Event]]:
    securers = surrounders(action, state.names)
    unlocks = iter(action.unlocks)
    parts = []
    after = state
    for name, n in zip(state.names, action.cubes, strict=True):
        p = after.player(name)
        if name in securers:
            if p.markers:
                which = next(unlocks)
                p = replace(p, markers=p.markers - 1, unlocked=tuple(sorted((*p.unlocked, which))))
                parts.append(f"{name} places a marker, unlocking {CHECKMARK_NAMES[which]}")
            elif p.supply:
                p = replace(p, supply=p.supply - 1, marker_cubes=p.marker_cubes + 1)
                parts.append(f"{name} has no marker left and places a cube")
        points = district_points(n)
        if points:
            p = replace(p, score=p.score + points)
            parts.append(f"{name} +{points} ({n} cube(s))")
        after = after.with_player(p)
    tiles = list(after.district_tiles)
    tiles[action.district - 1] = 0
    after = replace(after, secured=(*after.secured, action.district), district_tiles=tuple(tiles))
    text = f"District {action.district} is secured: " + "; ".join(parts) + "."
    return after, [Event.of("secure", text, rule="blackout-hk/secure/scoring")]


def fullest(p: Player) -> tuple[int, ...]:
    """The usable slots (0-3) holding the most cards."""
    sizes = [len(p.slots[i]) for i in range(p.usable_slots)]
    most = max(sizes)
    return tuple(i for i, n in enumerate(sizes) if n == most)


def may_refresh(p: Player) -> bool:
    return len(p.hand) <= p.refresh_limit


def check_refresh(state: S, action: Refresh) -> list[Violation]:
    p = on_turn(state)
    if state.refreshed:
        return refuse(f"{G}.refreshed", f"{p.name} has refreshed this round.", "blackout-hk/round/refresh")
    if not may_refresh(p):
        return refuse(
            f"{G}.hand_size",
            f"{p.name} holds {len(p.hand)} cards: a refresh needs {p.refresh_limit} or fewer.",
            "blackout-hk/round/refresh",
        )
    if problems := count_violations((SLOT, action.slot)):
        return problems
    tied = fullest(p)
    if action.slot and action.slot - 1 not in tied:
        slots = " or ".join(str(i + 1) for i in tied)
        return refuse(f"{G}.slot", f"Slot {slots} holds the most cards.", "blackout-hk/round/refresh")
    if not action.slot and len(tied) > 1 and p.slots[tied[0]]:
        slots = " or ".join(str(i + 1) for i in tied)
        return refuse(
            f"{G}.slot_tie", f"Slots {slots} tie for the most cards: choose one.", "blackout-hk/round/refresh"
        )
    return []


def refresh(state: S, action: Refresh, rng: Random) -> tuple[S, list[Event]]:
    p = on_turn(state)
    slot = action.slot - 1 if action.slot else fullest(p)[0]
    back = p.slots[slot]
    slots = (*p.slots[:slot], (), *p.slots[slot + 1 :])
    p = replace(p, slots=slots, hand=p.hand + back)
    window = window_for(p) if back else ()
    after = replace(state.with_player(p), refreshed=True, window=window, window_uses=len(window))
    if not window:
        after = replace(after, turn=state.turn + 1, refreshed=False)
    more = " and may carry out each unlocked check-mark action once" if window else ""
    text = f"{p.name} refreshes: {len(back)} card(s) from slot {slot + 1} back to the hand{more}."
    return after, [Event.of("refresh", text, rule="blackout-hk/round/refresh")]
