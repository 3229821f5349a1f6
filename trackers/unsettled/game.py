"""Unsettled: Blackout as a game module: setup options, applying entries, and what the header shows."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from random import Random
from typing import Any

from trackers.core.actions import Action, Event
from trackers.core.dice import Die
from trackers.core.errors import Violation
from trackers.core.game import Option, Outcome, Score, Setup, Summary
from trackers.unsettled import actions as a
from trackers.unsettled import rules
from trackers.unsettled.board import (
    CREW_QUARTERS,
    INORGANIC_STOWAGE,
    LAUNDRY_CHUTE,
    NAVIGATION,
    ORGANIC_STOWAGE,
    STRUCTURES,
    SYSTEMS,
    UPPER_CORRIDOR,
    ScarabMap,
    edge,
    example_map,
)
from trackers.unsettled.luna import (
    attack,
    end_pursuit,
    explorer_enters,
    luna_enters,
    plan_step,
    spend_ire,
    with_rule,
)
from trackers.unsettled.state import Explorer, Settings, UnsettledState

CHAOS_PLACES = {1: NAVIGATION, 2: UPPER_CORRIDOR, 3: INORGANIC_STOWAGE}
CHAOS_DIE = Die(rules.CHAOS_DIE_FACES)
IRE_CAP = 3

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
        unreachable=str(values["unreachable"]),
        ire_cap=bool(values["ire_cap"]),
        chaos_at=int(values["chaos_at"]),
    )


def with_map(state: UnsettledState, scarab: ScarabMap) -> UnsettledState:
    return sync_chute(replace(state, scarab=scarab, graph=scarab.graph()))


def sync_chute(state: UnsettledState) -> UnsettledState:
    """The laundry chute is closed, like a wall, until Organic Stowage is powered."""
    if LAUNDRY_CHUTE not in state.scarab.links:
        return state
    closed = ORGANIC_STOWAGE not in state.powered
    if state.graph.has_barrier(*LAUNDRY_CHUTE) == closed:
        return state
    return replace(state, graph=state.graph.toggle_barrier(*LAUNDRY_CHUTE))


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


def _place_card(
    state: UnsettledState, action: a.PlaceCard, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    others = tuple(c for c in state.scarab.cells if c[0] != action.node)
    cells = (*others, (action.node, action.column, action.row))
    grid = ScarabMap(state.scarab.name, tuple(sorted(cells)))
    kept = ScarabMap(
        state.scarab.name,
        grid.cells,
        tuple(b for b in state.scarab.barriers if b in grid.grid_edges()),
        tuple(k for k in state.scarab.links if k not in grid.grid_edges()),
    )
    return with_map(state, kept), [Event.of("map", f"{action.node} placed", node=action.node)]


def _remove_card(
    state: UnsettledState, action: a.RemoveCard, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    cells = tuple(c for c in state.scarab.cells if c[0] != action.node)
    old = state.scarab
    kept = ScarabMap(
        old.name,
        cells,
        tuple(b for b in old.barriers if action.node not in b),
        tuple(k for k in old.links if action.node not in k),
    )
    return with_map(state, kept), [Event.of("map", f"{action.node} removed", node=action.node)]


def _toggle(pairs: tuple[tuple[str, str], ...], pair: tuple[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(set(pairs) ^ {pair}))


def _toggle_barrier(
    state: UnsettledState, action: a.ToggleBarrier, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    pair = edge(action.a, action.b)
    scarab = replace(state.scarab, barriers=_toggle(state.scarab.barriers, pair))
    walled = pair in scarab.barriers
    text = f"Wall between {pair[0]} and {pair[1]}" if walled else f"{pair[0]} and {pair[1]} open again"
    return with_map(state, scarab), [Event.of("map", text)]


def _toggle_link(
    state: UnsettledState, action: a.ToggleLink, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    pair = edge(action.a, action.b)
    scarab = replace(state.scarab, links=_toggle(state.scarab.links, pair))
    linked = pair in scarab.links
    text = f"Link {pair[0]} – {pair[1]}" if linked else f"Link {pair[0]} – {pair[1]} removed"
    return with_map(state, scarab), [Event.of("map", text)]


def _load_map(state: UnsettledState, action: a.LoadMap, rng: Random) -> tuple[UnsettledState, list[Event]]:
    scarab = ScarabMap(
        action.name,
        tuple(sorted(action.cells)),
        tuple(sorted(edge(*b) for b in action.barriers)),
        tuple(sorted(edge(*k) for k in action.links)),
    )
    return with_map(state, scarab), [Event.of("map", f"Map “{action.name}” loaded")]


def _confirm_map(
    state: UnsettledState, action: a.ConfirmMap, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    return replace(state, phase="setup"), [Event.of("phase", "Map confirmed: place the explorers and LUNA")]


def _place_explorer(
    state: UnsettledState, action: a.PlaceExplorer, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    updated = replace(state.explorer(action.explorer), node=action.node)
    return state.with_explorer(updated), [Event.of("setup", f"{action.explorer} starts on {action.node}")]


def _place_luna(
    state: UnsettledState, action: a.PlaceLuna, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    return replace(state, luna=action.node), [Event.of("setup", f"LUNA starts on {action.node}")]


def _begin(state: UnsettledState, action: a.BeginPlay, rng: Random) -> tuple[UnsettledState, list[Event]]:
    first = state.explorers[0].name
    return replace(state, phase="play", active=0), [Event.of("phase", f"Play begins: {first} is active")]


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
        state, raised = _raise_ire(state, 1)
        events.append(Event.of("ire", f"Ire +1, now {state.ire}", ire=state.ire))
        del raised
    if node == CREW_QUARTERS and node not in state.powered and state.explorer(who).node == node:
        events.append(Event.of("chute", f"{who} drops down the laundry chute to {ORGANIC_STOWAGE}"))
        state, entered = explorer_enters(state, who, ORGANIC_STOWAGE)
        events += entered
    return state, events


def _raise_ire(state: UnsettledState, amount: int) -> tuple[UnsettledState, int]:
    ire = state.ire + amount
    if state.settings.ire_cap:
        ire = min(ire, IRE_CAP)
    return replace(state, ire=ire), ire - state.ire


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
    state, _ = _raise_ire(state, 1)
    state = _power_on(state, node)
    events = [Event.of("hot_wire", f"{explorer.name} hot-wires a discovery's battery: ire now {state.ire}")]
    return state, events + _power_events(node, True)


def _power_on(state: UnsettledState, node: str) -> UnsettledState:
    """Power flips the room; a science structure appears with it and stays (unsettled/structures)."""
    built = state.built | {STRUCTURES[node]} if node in STRUCTURES else state.built
    return sync_chute(replace(state, powered=state.powered | {node}, built=built))


def _set_power(state: UnsettledState, action: a.SetPower, rng: Random) -> tuple[UnsettledState, list[Event]]:
    if action.powered:
        state = _power_on(state, action.node)
    else:
        state = sync_chute(replace(state, powered=state.powered - {action.node}))
    return state, _power_events(action.node, action.powered)


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


def _luna_moves(
    state: UnsettledState, to: str, why: str, spare: str | None = None
) -> tuple[UnsettledState, list[Event]]:
    """LUNA tries to move one node: an obstacle costs her the move and one block instead."""
    here = state.luna
    assert here is not None
    blocks = state.graph.blockers(here, to)
    if blocks:
        graph = state.graph.remove_blockers(here, to)
        left = blocks - 1
        text = f"{why}LUNA meets an obstacle toward {to}: one block removed ({left} left), stays on {here}"
        return replace(state, graph=graph), [Event.of("luna_obstacle", text, to=to, left=blocks - 1)]
    state = replace(state, luna=to)
    events = [Event.of("luna_move", f"{why}LUNA moves from {here} to {to}", frm=here, to=to)]
    if spare is None:
        state, met = luna_enters(state, to)
    else:
        kept = state.explorer(spare)
        state, met = luna_enters(state.with_explorer(replace(kept, incapacitated="spared")), to)
        state = state.with_explorer(replace(state.explorer(spare), incapacitated=kept.incapacitated))
    return state, events + met


def _command(state: UnsettledState, action: a.CommandLuna, rng: Random) -> tuple[UnsettledState, list[Event]]:
    state, events = _luna_moves(state, action.to, f"{action.explorer} commands: ")
    return replace(state, luna_commanded=True), events


def _free(state: UnsettledState, action: a.FreeExplorer, rng: Random) -> tuple[UnsettledState, list[Event]]:
    explorer = state.explorer(action.explorer)
    state = state.with_explorer(replace(explorer, incapacitated=None, distress=0))
    text = f"{action.by} frees {explorer.name}: the card is no longer active and all distress is removed"
    return state, [Event.of("freed", text, explorer=explorer.name)]


def _start_pursuit(
    state: UnsettledState, action: a.StartPursuit, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    roll = action.roll if action.roll is not None else int(Die.d(state.settings.die_sides).roll(rng))
    before = state.ire
    state, _ = _raise_ire(state, roll)
    target = state.active_explorer
    text = f"{target.name} rolls {roll}: ire {before} + {roll} = {state.ire}"
    events = [Event.of("pursuit_roll", text, roll=roll, ire=state.ire)]
    if target.incapacitated is not None:
        events.append(
            Event.of("pursuit_end", f"{target.name} is incapacitated: LUNA does not pursue; ire stays")
        )
        return end_pursuit(state), events
    if state.ire <= 0:
        return end_pursuit(state), events
    events.append(Event.of("pursuit", f"LUNA pursues {target.name}"))
    state = replace(state, pursuit=target.name)
    while action.run and state.pursuit is not None and plan_step(state).kind != "tie":
        state, step_events = _pursuit_step(state, a.PursuitStep(), rng)
        events += step_events
    return state, events


def _pursuit_step(
    state: UnsettledState, action: a.PursuitStep, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    plan = plan_step(state, action.choice)
    ire_text = f"Ire {state.ire} to {state.ire - 1}: "
    target = plan.target
    events: list[Event]
    if plan.kind == "attack":
        events = [Event.of("luna_attack", f"{ire_text}LUNA is on {target}'s node")]
        state, hit = attack(state, target)
        events += hit
    elif plan.kind == "unreachable":
        if state.settings.unreachable == "stop":
            text = f"LUNA cannot reach {target} past the walls: the pursuit stops, ire {state.ire} stays"
            return end_pursuit(state), [Event.of("luna_unreachable", text)]
        events = [
            Event.of("luna_unreachable", f"{ire_text}LUNA cannot reach {target} past the walls: she waits")
        ]
    else:
        assert plan.to is not None
        reason = f" ({plan.reason()})" if plan.reason() else ""
        spare = None if state.settings.arrival_distress else target
        state, events = _luna_moves(state, plan.to, ire_text, spare)
        events[0] = Event.of(events[0].kind, events[0].text + reason, **dict(events[0].data))
    state = spend_ire(state)
    if state.pursuit is None:
        events.append(Event.of("pursuit_end", f"LUNA stops; ire {state.ire}"))
    return state, events


def _advance(
    state: UnsettledState, action: a.AdvanceTimeline, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    timeline = state.timeline + 1
    chaos = timeline == state.settings.chaos_at
    events = [Event.of("timeline", f"Time marker moves to {timeline}", timeline=timeline)]
    if chaos:
        events.append(Event.of("chaos", "The time marker reaches the chaos trigger: LUNA causes chaos"))
    return replace(state, timeline=timeline, chaos_pending=chaos), events


def _chaos(state: UnsettledState, action: a.ResolveChaos, rng: Random) -> tuple[UnsettledState, list[Event]]:
    die = action.die if action.die is not None else int(CHAOS_DIE.roll(rng))
    events = [Event.of("chaos_die", f"Discovery die: {die}", die=die)]
    if state.chaos_side == "B":
        back = state.chaos_back_text or "(type this side's text from the card)"
        events.append(Event.of("chaos_b", f"Resolve entry {die} of the card's other side: {back}"))
    elif die == 1:
        roll = (
            action.placement
            if action.placement is not None
            else int(Die.d(state.settings.die_sides).roll(rng))
        )
        place = CHAOS_PLACES.get(roll)
        if place is None or place not in state.graph.nodes:
            events.append(
                Event.of("chaos_place", f"Placement roll {roll}: the card names no node; LUNA stays")
            )
        else:
            events.append(
                Event.of("chaos_place", f"Placement roll {roll}: LUNA appears on {place}", roll=roll)
            )
            state, met = luna_enters(replace(state, luna=place), place)
            events += met
    elif die == 2:
        assert state.luna is not None
        graph = state.graph
        for other in graph.neighbours(state.luna):
            count = graph.blockers(state.luna, other)
            if count:
                graph = graph.remove_blockers(state.luna, other, count)
        state = replace(state, graph=graph)
        events.append(Event.of("chaos_clear", f"Every obstacle around {state.luna} is removed"))
    else:
        events.append(
            Event.of("chaos_hack", "Return all resources in the stockpile, database and dynamo to the supply")
        )
    flipped = "B" if state.chaos_side == "A" else "A"
    events.append(Event.of("chaos_flip", f"Flip LUNA Causes Chaos to side {flipped}"))
    return replace(state, chaos_pending=False, chaos_side=flipped), events


def _back_text(
    state: UnsettledState, action: a.SetChaosBackText, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    return replace(state, chaos_back_text=action.text.strip()), [
        Event.of("chaos_text", "Chaos card back recorded")
    ]


Handler = Callable[[UnsettledState, Any, Random], tuple[UnsettledState, list[Event]]]

_HANDLERS: dict[type[Action], Handler] = {
    a.PlaceCard: _place_card,
    a.RemoveCard: _remove_card,
    a.ToggleBarrier: _toggle_barrier,
    a.ToggleLink: _toggle_link,
    a.LoadMap: _load_map,
    a.ConfirmMap: _confirm_map,
    a.PlaceExplorer: _place_explorer,
    a.PlaceLuna: _place_luna,
    a.BeginPlay: _begin,
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
    a.CommandLuna: _command,
    a.FreeExplorer: _free,
    a.StartPursuit: _start_pursuit,
    a.PursuitStep: _pursuit_step,
    a.AdvanceTimeline: _advance,
    a.ResolveChaos: _chaos,
    a.SetChaosBackText: _back_text,
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


def steps_until_pause(state: UnsettledState) -> list[Action]:
    """The PursuitSteps LUNA takes from here until she stops or reaches a tie the player must break."""
    return [a.PursuitStep() for _ in pursuit_frames(state)]


def pursuit_frames(state: UnsettledState) -> list[UnsettledState]:
    """The state after each ire point LUNA spends from here, up to a stop or a tie (for animation)."""
    frames = []
    while state.pursuit is not None and plan_step(state).kind != "tie":
        state, _ = _pursuit_step(state, a.PursuitStep(), Random(0))
        frames.append(state)
    return frames
