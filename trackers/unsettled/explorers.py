"""The explorers' entries: moving, obstacles, discoveries, power, traps, clumsiness checks and freeing
each other. LUNA's answers to them live in luna.py; her own turn in pursuit.py."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.core.actions import Event
from trackers.core.dice import Die
from trackers.core.errors import Violation
from trackers.core.limits import Count
from trackers.core.rules import Rule, refuse
from trackers.unsettled import actions as a
from trackers.unsettled.board import (
    CARD_NOT_ENTERED,
    CREW_QUARTERS,
    INCAPACITATED_CARDS,
    ORGANIC_STOWAGE,
    OTHER_CARD,
    ROOMS,
    STRUCTURES,
    SYSTEMS,
    WORKSHOP,
)
from trackers.unsettled.layout import sync_chute
from trackers.unsettled.luna import explorer_enters, raise_ire
from trackers.unsettled.rules import (
    explorer_named,
    known_explorer,
    neighbour,
    roll_violations,
    standing,
)
from trackers.unsettled.state import UnsettledState


def clumsy_faces(setting: str) -> frozenset[int]:
    """'1-2' -> {1, 2}; '6' -> {6}."""
    low, _, high = setting.partition("-")
    return frozenset(range(int(low), int(high or low) + 1))


def _move(state: UnsettledState, action: a.Move, rng: Random) -> tuple[UnsettledState, list[Event]]:
    here = standing(state, action.explorer)
    blocks = state.graph.blockers(here, action.to)
    if blocks:
        graph = state.graph.remove_blockers(here, action.to)
        text = (
            f"{action.explorer} runs into an obstacle toward {action.to}: one block removed, stays on {here}"
        )
        return replace(state, graph=graph), [Event.of("obstacle", text, left=blocks - 1)]
    return explorer_enters(state, action.explorer, action.to)


def _clumsiness(
    state: UnsettledState, action: a.ResolveClumsiness, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    (who, node), rest = state.pending_checks[0], state.pending_checks[1:]
    state = replace(state, pending_checks=rest)
    if state.settings.clumsy_faces == "ask":
        failed = bool(action.failed)
        detail = "failed" if failed else "passed"
    else:
        roll = action.roll if action.roll is not None else int(Die.d(state.settings.die_sides).roll(rng))
        failed = roll in clumsy_faces(state.settings.clumsy_faces)
        detail = f"rolled {roll}: {'failed' if failed else 'passed'}"
    events = [Event.of("clumsiness", f"{who}'s clumsiness check in {node} {detail}", failed=failed)]
    if failed:
        state, raised = raise_ire(state, 1)
        events.append(Event.of("ire", f"Ire +1, now {state.ire}", ire=state.ire))
        del raised
    if node == CREW_QUARTERS and node not in state.powered and state.explorer(who).node == node:
        events.append(Event.of("chute", f"{who} drops down the laundry chute to {ORGANIC_STOWAGE}"))
        if state.settings.chute_drop_enters:
            state, entered = explorer_enters(state, who, ORGANIC_STOWAGE)
        else:
            state, entered = state.with_explorer(replace(state.explorer(who), node=ORGANIC_STOWAGE)), []
        events += entered
    return state, events


def _barricade(state: UnsettledState, action: a.Barricade, rng: Random) -> tuple[UnsettledState, list[Event]]:
    here = standing(state, action.explorer)
    graph = state.graph.add_blockers(here, action.to)
    count = graph.blockers(here, action.to)
    text = f"Obstacle placed between {here} and {action.to} ({count} there)"
    return replace(state, graph=graph), [Event.of("obstacle", text, count=count)]


def _clear_path(
    state: UnsettledState, action: a.ClearPath, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    here = standing(state, action.explorer)
    graph = state.graph.remove_blockers(here, action.to, action.count)
    left = graph.blockers(here, action.to)
    text = f"{action.count} obstacle(s) cleared between {here} and {action.to} ({left} left)"
    return replace(state, graph=graph), [Event.of("obstacle", text, count=left)]


def _discovery(
    state: UnsettledState, action: a.GainDiscovery, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    explorer = state.explorer(action.explorer)
    updated = replace(explorer, discoveries=explorer.discoveries + 1)
    return state.with_explorer(updated), [
        Event.of("discovery", f"{explorer.name} holds {updated.discoveries}")
    ]


def _power_events(node: str, on: bool) -> list[Event]:
    events = [Event.of("power", f"{node} {'powered' if on else 'unpowered'}", node=node, on=on)]
    if node in SYSTEMS:
        events.append(Event.of("system", f"{SYSTEMS[node]} {'active' if on else 'inactive'}"))
    if node in STRUCTURES and on:
        events.append(Event.of("structure", f"{STRUCTURES[node]} is built"))
    return events


def _hot_wire(state: UnsettledState, action: a.HotWire, rng: Random) -> tuple[UnsettledState, list[Event]]:
    explorer = state.explorer(action.explorer)
    node = explorer.node
    assert node is not None
    state = state.with_explorer(replace(explorer, discoveries=explorer.discoveries - 1))
    state, _ = raise_ire(state, 1)
    state = _power_on(state, node)
    events = [Event.of("hot_wire", f"{explorer.name} hot-wires a discovery's battery: ire now {state.ire}")]
    return state, events + _power_events(node, True)


def _power_on(state: UnsettledState, node: str) -> UnsettledState:
    """Power flips the room; a science structure appears with it and stays (unsettled/structures)."""
    built = state.built | {STRUCTURES[node]} if node in STRUCTURES else state.built
    return sync_chute(replace(state, powered=state.powered | {node}, built=built))


def _set_power(state: UnsettledState, action: a.SetPower, rng: Random) -> tuple[UnsettledState, list[Event]]:
    if action.powered:
        return _power_on(state, action.node), _power_events(action.node, True)
    state = sync_chute(replace(state, powered=state.powered - {action.node}))
    events = _power_events(action.node, False)
    lost = STRUCTURES.get(action.node)
    if lost in state.built and not state.settings.structures_stay:
        state = replace(state, built=state.built - {lost})
        events.append(Event.of("structure", f"{lost} is gone with the power"))
    return state, events


def _construct(
    state: UnsettledState, action: a.ConstructTrap, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    tray = list(state.trap_tray)
    tray.remove(action.trap)
    explorer = state.explorer(action.explorer)
    state = replace(state, trap_tray=tuple(tray)).with_explorer(
        replace(explorer, traps=(*explorer.traps, action.trap))
    )
    return state, [Event.of("trap", f"{explorer.name} builds {action.trap}")]


def _place_trap(
    state: UnsettledState, action: a.PlaceTrap, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    explorer = state.explorer(action.explorer)
    assert explorer.node is not None
    carried = list(explorer.traps)
    carried.remove(action.trap)
    state = state.with_explorer(replace(explorer, traps=tuple(carried)))
    state = replace(state, traps_on=(*state.traps_on, (explorer.node, action.trap)))
    return state, [Event.of("trap", f"{action.trap} set on {explorer.node}")]


def _pick_up(state: UnsettledState, action: a.PickUpTrap, rng: Random) -> tuple[UnsettledState, list[Event]]:
    explorer = state.explorer(action.explorer)
    assert explorer.node is not None
    spot = (explorer.node, action.trap)
    state = replace(state, traps_on=tuple(p for p in state.traps_on if p != spot))
    state = state.with_explorer(replace(explorer, traps=(*explorer.traps, action.trap)))
    return state, [Event.of("trap", f"{explorer.name} picks up {action.trap}")]


def card_label(card: str) -> str:
    """How a history line names an incapacitated card: ENGAGED, or "another card" of the deck."""
    known = INCAPACITATED_CARDS.get(card)
    return known.label if known is not None else "another card"


def _draw(
    state: UnsettledState, action: a.DrawIncapacitated, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    explorer = state.explorer(action.explorer)
    state = state.with_explorer(replace(explorer, incapacitated=action.card))
    known = INCAPACITATED_CARDS.get(action.card)
    if known is not None:
        text = (
            f"{explorer.name} holds {known.label}: follow its ongoing effect at the table; another explorer "
            f"on {explorer.name}'s node frees them with its action ({known.action})"
        )
    else:
        text = (
            f"{explorer.name} holds an incapacitated card the planet does not print: follow its text at the "
            f"table; another explorer on {explorer.name}'s node frees them with the action on it"
        )
    return state, [Event.of("incapacitated_card", text, explorer=explorer.name, card=action.card)]


def _free(state: UnsettledState, action: a.FreeExplorer, rng: Random) -> tuple[UnsettledState, list[Event]]:
    """The card's action frees its holder; ENGAGED's also removes all their distress. A card Lantern does
    not know the text of only frees: the rest of its action is the table's to resolve."""
    explorer = state.explorer(action.explorer)
    known = INCAPACITATED_CARDS.get(explorer.incapacitated or "")
    if known is not None and known.clears_distress:
        state = state.with_explorer(replace(explorer, incapacitated=None, distress=0))
        text = f"{action.by} frees {explorer.name}: the card is no longer active and all distress is removed"
    else:
        state = state.with_explorer(replace(explorer, incapacitated=None))
        text = (
            f"{action.by} frees {explorer.name} with the action on their card; Lantern does not know that "
            f"card's text, so resolve the rest of it at the table (Lantern leaves {explorer.name}'s "
            f"distress at {explorer.distress})"
        )
    return state, [Event.of("freed", text, explorer=explorer.name)]


def step_to_neighbour(state: UnsettledState, action: a.Move) -> list[Violation]:
    return neighbour(state, standing(state, action.explorer), action.to, "unsettled/map")


def obstacle_edge(state: UnsettledState, action: a.Barricade | a.ClearPath) -> list[Violation]:
    return neighbour(state, standing(state, action.explorer), action.to, "unsettled/obstacles", step=False)


def obstacles_to_clear(state: UnsettledState, action: a.ClearPath) -> list[Violation]:
    here = standing(state, action.explorer)
    blocks = state.graph.blockers(here, action.to)
    if not blocks:
        return refuse(
            "unsettled.obstacles.count",
            f"There is no obstacle between {here} and {action.to}.",
            "unsettled/obstacles",
        )
    unit = f"obstacles on the way to {action.to}"
    cleared = Count(1, blocks, "Clear", unit, code="unsettled.obstacles.count", rule="unsettled/obstacles")
    return cleared.violations(action.count)


def check_waiting(state: UnsettledState) -> list[Violation]:
    if not state.pending_checks:
        return refuse("unsettled.clumsiness.none", "No clumsiness check is waiting.", "unsettled/clumsiness")
    return []


def answer_as_set(state: UnsettledState, action: a.ResolveClumsiness) -> list[Violation]:
    """'ask' takes whether the check failed; a set of failing faces takes a roll (or the app's)."""
    if state.settings.clumsy_faces == "ask":
        if action.failed is None:
            return refuse("unsettled.clumsiness.ask", "Say whether the check failed.", "unsettled/clumsiness")
    elif action.failed is not None:
        return refuse(
            "unsettled.clumsiness.roll", "Enter the roll (or let the app roll).", "unsettled/clumsiness"
        )
    return []


def clumsiness_roll(state: UnsettledState, action: a.ResolveClumsiness) -> list[Violation]:
    return roll_violations(state, action.roll, "unsettled/clumsiness")


def holds_discovery(state: UnsettledState, action: a.HotWire) -> list[Violation]:
    if state.explorer(action.explorer).discoveries < 1:
        return refuse(
            "unsettled.hotwire.discovery",
            f"{action.explorer} holds no discovery to use.",
            "unsettled/power/hot-wire",
        )
    return []


def unpowered_room_here(state: UnsettledState, action: a.HotWire) -> list[Violation]:
    here = standing(state, action.explorer)
    if here not in ROOMS:
        return refuse("unsettled.hotwire.outside", f"{here} has no powered side.", "unsettled/power/hot-wire")
    if here in state.powered:
        return refuse("unsettled.hotwire.powered", f"{here} is already powered.", "unsettled/power/hot-wire")
    return []


def room_with_power(state: UnsettledState, action: a.SetPower) -> list[Violation]:
    if action.node not in ROOMS:
        return refuse("unsettled.power.room", f"{action.node} has no powered side.", "unsettled/power")
    return []


def power_changes(state: UnsettledState, action: a.SetPower) -> list[Violation]:
    if (action.node in state.powered) == action.powered:
        now = "powered" if action.powered else "unpowered"
        return refuse("unsettled.power.same", f"{action.node} is already {now}.", "unsettled/power")
    return []


def workshop_powered(state: UnsettledState, action: a.ConstructTrap) -> list[Violation]:
    if WORKSHOP not in state.powered:
        return refuse("unsettled.trap.workshop", "Traps need the Workshop powered.", "unsettled/traps")
    return []


def trap_in_tray(state: UnsettledState, action: a.ConstructTrap) -> list[Violation]:
    if action.trap not in state.trap_tray:
        return refuse("unsettled.trap.tray", f"{action.trap} is not in the tray.", "unsettled/traps")
    return []


def carries_trap(state: UnsettledState, action: a.PlaceTrap) -> list[Violation]:
    if action.trap not in state.explorer(action.explorer).traps:
        return refuse(
            "unsettled.trap.carried", f"{action.explorer} does not carry {action.trap}.", "unsettled/traps"
        )
    return []


def trap_here(state: UnsettledState, action: a.PickUpTrap) -> list[Violation]:
    here = standing(state, action.explorer)
    if action.trap not in state.traps_at(here):
        return refuse("unsettled.trap.here", f"{action.trap} is not on {here}.", "unsettled/traps")
    return []


def known_helper(state: UnsettledState, action: a.FreeExplorer) -> list[Violation]:
    return explorer_named(state, action.by)


def someone_to_free(state: UnsettledState, action: a.FreeExplorer) -> list[Violation]:
    if state.explorer(action.explorer).incapacitated is None:
        return refuse(
            "unsettled.free.none", f"{action.explorer} is not incapacitated.", "unsettled/incapacitated"
        )
    return []


def helper_beside(state: UnsettledState, action: a.FreeExplorer) -> list[Violation]:
    """Another explorer on the same node: incapacitated or not (the rules ask no more of the helper)."""
    here = standing(state, action.explorer)
    if action.by == action.explorer or state.explorer(action.by).node != here:
        return refuse(
            "unsettled.free.helper",
            f"Another explorer on {action.explorer}'s node frees them; nobody frees themselves.",
            "unsettled/incapacitated",
        )
    return []


def card_entered(state: UnsettledState, action: a.FreeExplorer) -> list[Violation]:
    """The action that frees is printed on the card, so Lantern needs to know which card it is."""
    if state.explorer(action.explorer).incapacitated == CARD_NOT_ENTERED:
        return refuse(
            "unsettled.free.card",
            f"First say which incapacitated card {action.explorer} drew: its action is what frees them.",
            "unsettled/incapacitated",
        )
    return []


def incapacitated_now(state: UnsettledState, action: a.DrawIncapacitated) -> list[Violation]:
    if state.explorer(action.explorer).incapacitated is None:
        return refuse(
            "unsettled.card.none",
            f"{action.explorer} is not incapacitated: nobody drew a card for them.",
            "unsettled/incapacitated",
        )
    return []


def card_of_the_deck(state: UnsettledState, action: a.DrawIncapacitated) -> list[Violation]:
    if action.card not in INCAPACITATED_CARDS and action.card != OTHER_CARD:
        names = ", ".join(card.label for card in INCAPACITATED_CARDS.values())
        return refuse(
            "unsettled.card.unknown",
            f"Choose {names} or another card of the incapacitated deck.",
            "unsettled/incapacitated",
        )
    if action.card == state.explorer(action.explorer).incapacitated:
        return refuse(
            "unsettled.card.same",
            f"{action.explorer} already holds {card_label(action.card)}.",
            "unsettled/incapacitated",
        )
    return []


def describe_clumsiness(state: UnsettledState, action: a.ResolveClumsiness) -> str:
    return "Clumsiness check" + (f": rolled {action.roll}" if action.roll is not None else "")


def describe_power(state: UnsettledState, action: a.SetPower) -> str:
    return f"{action.node} {'powered' if action.powered else 'unpowered'} by hand"


RULES = (
    Rule(
        a.Move,
        "Move",
        _move,
        lambda state, action: f"{action.explorer} moves to {action.to}",
        (known_explorer, step_to_neighbour),
    ),
    Rule(
        a.ResolveClumsiness,
        "Clumsiness check",
        _clumsiness,
        describe_clumsiness,
        (answer_as_set, clumsiness_roll),
        (check_waiting,),
    ),
    Rule(
        a.Barricade,
        "Barricade",
        _barricade,
        lambda state, action: f"{action.explorer} barricades toward {action.to}",
        (known_explorer, obstacle_edge),
    ),
    Rule(
        a.ClearPath,
        "Clear a path",
        _clear_path,
        lambda state, action: f"{action.explorer} clears {action.count} toward {action.to}",
        (known_explorer, obstacle_edge, obstacles_to_clear),
    ),
    Rule(
        a.GainDiscovery,
        "Gain a discovery",
        _discovery,
        lambda state, action: f"{action.explorer} gains a discovery",
        (known_explorer,),
    ),
    Rule(
        a.HotWire,
        "Hot-wire",
        _hot_wire,
        lambda state, action: f"{action.explorer} hot-wires",
        (known_explorer, holds_discovery, unpowered_room_here),
    ),
    Rule(a.SetPower, "Switch power", _set_power, describe_power, (room_with_power, power_changes)),
    Rule(
        a.ConstructTrap,
        "Construct a trap",
        _construct,
        lambda state, action: f"{action.explorer} constructs {action.trap}",
        (known_explorer, workshop_powered, trap_in_tray),
    ),
    Rule(
        a.PlaceTrap,
        "Set a trap",
        _place_trap,
        lambda state, action: f"{action.explorer} sets {action.trap}",
        (known_explorer, carries_trap),
    ),
    Rule(
        a.PickUpTrap,
        "Pick up a trap",
        _pick_up,
        lambda state, action: f"{action.explorer} picks up {action.trap}",
        (known_explorer, trap_here),
    ),
    Rule(
        a.FreeExplorer,
        "Free an explorer",
        _free,
        lambda state, action: f"{action.by} frees {action.explorer}",
        (known_explorer, known_helper, someone_to_free, helper_beside, card_entered),
    ),
    Rule(
        a.DrawIncapacitated,
        "Say which incapacitated card was drawn",
        _draw,
        lambda state, action: f"{action.explorer} drew {card_label(action.card)}",
        (known_explorer, incapacitated_now, card_of_the_deck),
    ),
)
"""An explorer's turn waits for LUNA to stop; discoveries, traps set or picked up, power switched by hand
and clumsiness checks may come during her pursuit, as the free actions they are (the phases of rules.py)."""
