"""Unsettled: Blackout as a game module: setup options, applying entries, and what the header shows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from random import Random

from trackers.core.actions import Action, Event
from trackers.core.dice import Die
from trackers.core.errors import Violation
from trackers.core.game import Option, Outcome, Score, Setup, Summary
from trackers.unsettled import actions as a
from trackers.unsettled import rules
from trackers.unsettled.board import (
    CREW_QUARTERS,
    ORGANIC_STOWAGE,
    STRUCTURES,
    SYSTEMS,
    example_map,
)
from trackers.unsettled.layout import LAYOUT_HANDLERS, Handler, sync_chute
from trackers.unsettled.luna import explorer_enters, raise_ire, with_rule
from trackers.unsettled.pursuit import PURSUIT_HANDLERS
from trackers.unsettled.state import Explorer, Settings, UnsettledState

OPTIONS = (
    Option(
        "die_sides", "Sides of the die you roll for LUNA", 6, minimum=2, maximum=20, rule="unsettled/options"
    ),
    Option(
        "clumsy_faces",
        "A clumsiness check fails on",
        "ask",
        choices=("ask", "1", "1-2", "1-3", "6", "5-6"),
        rule="unsettled/clumsiness",
        help="The printed icon cannot be read from the text: 'ask' lets you say whether it failed.",
    ),
    Option("arrival_distress", "LUNA's arrival also attacks her target", True, rule="unsettled/options"),
    Option("traps_first", "Traps spring before LUNA attacks", True, rule="unsettled/options"),
    Option(
        "forced_moves_enter",
        "Forced LUNA moves attack and spring traps",
        True,
        rule="unsettled/options",
    ),
    Option(
        "chute_drop_enters",
        "Laundry chute drop counts as entering",
        True,
        rule="unsettled/map/laundry-chute",
    ),
    Option(
        "structures_stay",
        "Structures stay built after power loss",
        True,
        rule="unsettled/structures",
    ),
    Option(
        "keep_distress",
        "Incapacitated explorers keep 2 distress",
        True,
        rule="unsettled/distress",
    ),
    Option(
        "unreachable",
        "When walls keep LUNA from her target",
        "stay",
        choices=("stay", "stop"),
        rule="unsettled/options",
        help="stay: she waits and each ire point is spent; stop: the pursuit ends and the ire stays.",
    ),
    Option("ire_cap", "Ire never goes above 3", False, rule="unsettled/luna/ire"),
    Option(
        "chaos_at",
        "Timeline space of the chaos trigger",
        10,
        minimum=1,
        maximum=40,
        rule="unsettled/timeline",
    ),
    Option(
        "chaos_side", "LUNA Causes Chaos starts on side", "A", choices=("A", "B"), rule="unsettled/luna/chaos"
    ),
    Option("traps", "Traps in the tray", 4, minimum=0, maximum=12, rule="unsettled/traps"),
)


def _settings(setup: Setup) -> Settings:
    values = dict(setup.options)
    return Settings(
        die_sides=int(values["die_sides"]),
        clumsy_faces=str(values["clumsy_faces"]),
        arrival_distress=bool(values["arrival_distress"]),
        traps_first=bool(values["traps_first"]),
        forced_moves_enter=bool(values["forced_moves_enter"]),
        chute_drop_enters=bool(values["chute_drop_enters"]),
        structures_stay=bool(values["structures_stay"]),
        keep_distress=bool(values["keep_distress"]),
        unreachable=str(values["unreachable"]),
        ire_cap=bool(values["ire_cap"]),
        chaos_at=int(values["chaos_at"]),
    )


class Unsettled:
    id = "unsettled"
    title = "Unsettled: Blackout"
    min_players = 1
    max_players = 4
    options = OPTIONS
    actions: tuple[type[Action], ...] = a.ACTIONS
    content_versions: Mapping[str, str] = {"example_map": "1"}

    def new_state(self, setup: Setup, seed: int) -> UnsettledState:
        scarab = example_map()
        fresh = UnsettledState(
            phase="map",
            scarab=scarab,
            graph=scarab.graph(),
            explorers=tuple(Explorer(name) for name in setup.players),
            settings=_settings(setup),
            trap_tray=tuple(f"Trap {n}" for n in range(1, int(setup.option("traps")) + 1)),
            chaos_side=str(setup.option("chaos_side")),
        )
        return sync_chute(fresh)

    def validate(self, state: UnsettledState, action: Action) -> list[Violation]:
        return rules.validate(state, action)

    def apply(self, state: UnsettledState, action: Action, rng: Random) -> tuple[UnsettledState, list[Event]]:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise TypeError(f"Unsettled has no action {action.type!r}")
        after, events = handler(state, action, rng)
        return after, [with_rule(e) for e in events]

    def describe(self, state: UnsettledState, action: Action) -> str:
        return describe(state, action)

    def summary(self, state: UnsettledState) -> Summary:
        scores = tuple(Score(e.name, e.distress) for e in state.explorers)
        if state.phase == "map":
            return Summary(
                None, "Map", None, scores, "Check the map against your table, then confirm it.", "distress"
            )
        if state.phase == "setup":
            return Summary(
                None, "Setup", None, scores, "Place every explorer and LUNA, then begin.", "distress"
            )
        active = state.active_explorer.name
        if state.pending_checks:
            who, node = state.pending_checks[0]
            step = f"{who} checks for clumsiness in {node}."
        elif state.chaos_pending:
            step = "LUNA causes chaos: roll the discovery die."
        elif state.pursuit:
            step = f"LUNA pursues {state.pursuit}: ire {state.ire} left."
        else:
            step = f"{active} plays, regroups, then LUNA pursues."
        phase = f"Ire {state.ire} · timeline {state.timeline}/{state.settings.chaos_at}"
        return Summary(None, phase, active, scores, step, "distress")

    def outcome(self, state: UnsettledState) -> Outcome | None:
        """The survival task and loss come from the base game, so the tracker never ends a game itself."""
        return None


def _move(state: UnsettledState, action: a.Move, rng: Random) -> tuple[UnsettledState, list[Event]]:
    here = state.explorer(action.explorer).node
    assert here is not None
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
        failed = roll in rules.clumsy_faces(state.settings.clumsy_faces)
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
    here = state.explorer(action.explorer).node
    assert here is not None
    graph = state.graph.add_blockers(here, action.to)
    count = graph.blockers(here, action.to)
    text = f"Obstacle placed between {here} and {action.to} ({count} there)"
    return replace(state, graph=graph), [Event.of("obstacle", text, count=count)]


def _clear_path(
    state: UnsettledState, action: a.ClearPath, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    here = state.explorer(action.explorer).node
    assert here is not None
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


def _free(state: UnsettledState, action: a.FreeExplorer, rng: Random) -> tuple[UnsettledState, list[Event]]:
    explorer = state.explorer(action.explorer)
    state = state.with_explorer(replace(explorer, incapacitated=None, distress=0))
    text = f"{action.by} frees {explorer.name}: the card is no longer active and all distress is removed"
    return state, [Event.of("freed", text, explorer=explorer.name)]


_HANDLERS: dict[type[Action], Handler] = {
    **LAYOUT_HANDLERS,
    **PURSUIT_HANDLERS,
    a.Move: _move,
    a.ResolveClumsiness: _clumsiness,
    a.Barricade: _barricade,
    a.ClearPath: _clear_path,
    a.GainDiscovery: _discovery,
    a.HotWire: _hot_wire,
    a.SetPower: _set_power,
    a.ConstructTrap: _construct,
    a.PlaceTrap: _place_trap,
    a.PickUpTrap: _pick_up,
    a.FreeExplorer: _free,
}


def describe(state: UnsettledState, action: Action) -> str:
    """One history line per entry, in the words a player would use."""
    d = action.__dict__
    texts = {
        a.PlaceCard: "Map: place {node}",
        a.RemoveCard: "Map: remove {node}",
        a.ToggleBarrier: "Map: wall {a} | {b}",
        a.ToggleLink: "Map: link {a} – {b}",
        a.LoadMap: "Map: load “{name}”",
        a.ConfirmMap: "Map confirmed",
        a.PlaceExplorer: "{explorer} starts on {node}",
        a.PlaceLuna: "LUNA starts on {node}",
        a.BeginPlay: "Play begins",
        a.Move: "{explorer} moves to {to}",
        a.Barricade: "{explorer} barricades toward {to}",
        a.ClearPath: "{explorer} clears {count} toward {to}",
        a.GainDiscovery: "{explorer} gains a discovery",
        a.HotWire: "{explorer} hot-wires",
        a.ConstructTrap: "{explorer} constructs {trap}",
        a.PlaceTrap: "{explorer} sets {trap}",
        a.PickUpTrap: "{explorer} picks up {trap}",
        a.CommandLuna: "{explorer} moves LUNA to {to}",
        a.FreeExplorer: "{by} frees {explorer}",
        a.AdvanceTimeline: "Advance the timeline",
        a.SetChaosBackText: "Chaos card back typed in",
    }
    if type(action) in texts:
        return texts[type(action)].format(**d)
    if isinstance(action, a.SetPower):
        return f"{action.node} {'powered' if action.powered else 'unpowered'} by hand"
    if isinstance(action, a.ResolveClumsiness):
        return "Clumsiness check" + (f": rolled {action.roll}" if action.roll is not None else "")
    if isinstance(action, a.StartPursuit):
        who = state.active_explorer.name if state.explorers else "?"
        rolled = "" if action.roll is None else f" {action.roll}"
        return (
            f"LUNA's turn ({who} rolls{rolled})"
            if action.run
            else f"LUNA pursues step by step ({who} rolls{rolled})"
        )
    if isinstance(action, a.PursuitStep):
        return f"LUNA spends an ire point{'' if action.choice is None else ' via ' + action.choice}"
    if isinstance(action, a.ResolveChaos):
        return "LUNA causes chaos" + (f" (die {action.die})" if action.die is not None else "")
    return action.type


UNSETTLED = Unsettled()
