"""Validation for Unsettled: Blackout: every refusal says why and names its rules section."""

from __future__ import annotations

from dataclasses import replace

from trackers.core.actions import Action
from trackers.core.errors import Violation
from trackers.core.limits import Count
from trackers.unsettled import actions as a
from trackers.unsettled.board import (
    GRID_COLUMNS,
    GRID_ROWS,
    LAUNDRY_CHUTE,
    NODES,
    ROOMS,
    WORKSHOP,
    ScarabMap,
    edge,
)
from trackers.unsettled.luna import plan_step
from trackers.unsettled.state import UnsettledState

MAP_ACTIONS = (a.PlaceCard, a.RemoveCard, a.ToggleBarrier, a.ToggleLink, a.LoadMap, a.ConfirmMap)
SETUP_ACTIONS = (a.PlaceExplorer, a.PlaceLuna, a.BeginPlay)
FREE_DURING_PURSUIT = (
    a.PursuitStep,
    a.PlaceTrap,
    a.PickUpTrap,
    a.GainDiscovery,
    a.SetPower,
    a.SetChaosBackText,
    a.ResolveClumsiness,
)
CHAOS_DIE_FACES = (1, 2, 3)
CHAOS_DIE = Count(
    CHAOS_DIE_FACES[0],
    CHAOS_DIE_FACES[-1],
    "The chaos card lists results",
    "",
    code="unsettled.chaos.die",
    rule="unsettled/luna/chaos",
)
GRID_COLUMN = Count(
    0,
    GRID_COLUMNS - 1,
    "Grid columns are numbered",
    "",
    code="unsettled.map.cell",
    rule="unsettled/map",
    why=f"The grid is {GRID_COLUMNS} by {GRID_ROWS} cells.",
)
GRID_ROW = replace(GRID_COLUMN, high=GRID_ROWS - 1, what="Grid rows are numbered")


def refuse(code: str, message: str, rule: str) -> list[Violation]:
    return [Violation(f"unsettled.{code}", message, rule)]


def roll_violations(state: UnsettledState, roll: int | None, rule: str) -> list[Violation]:
    """A roll the table entered lies on the die it chose in the options (None: the app rolls)."""
    if roll is None:
        return []
    sides = state.settings.die_sides
    return Count(1, sides, "A roll on this die is", "", code="unsettled.roll", rule=rule).violations(roll)


def clumsy_faces(setting: str) -> frozenset[int]:
    """'1-2' -> {1, 2}; '6' -> {6}."""
    low, _, high = setting.partition("-")
    return frozenset(range(int(low), int(high or low) + 1))


def validate(state: UnsettledState, action: Action) -> list[Violation]:
    if isinstance(action, MAP_ACTIONS):
        if state.phase != "map":
            return refuse(
                "phase.map", "The map is confirmed; it cannot change during a game.", "unsettled/map"
            )
        return _map(state, action)
    if isinstance(action, SETUP_ACTIONS):
        if state.phase != "setup":
            when = "Confirm the map first." if state.phase == "map" else "Play has begun."
            return refuse("phase.setup", when, "unsettled/setup")
        return _setup(state, action)
    if state.phase != "play" and not isinstance(action, a.SetChaosBackText):
        return refuse("phase.play", "Confirm the map and place everyone before play.", "unsettled/setup")
    if state.pending_checks and not isinstance(action, a.ResolveClumsiness | a.SetChaosBackText):
        who, node = state.pending_checks[0]
        return refuse(
            "pending.clumsiness",
            f"First resolve {who}'s clumsiness check for {node}.",
            "unsettled/clumsiness",
        )
    if state.chaos_pending and not isinstance(
        action, a.ResolveChaos | a.ResolveClumsiness | a.SetChaosBackText
    ):
        return refuse(
            "pending.chaos",
            "The timeline reached the trigger: LUNA causes chaos first.",
            "unsettled/luna/chaos",
        )
    if state.pursuit is not None and not isinstance(action, FREE_DURING_PURSUIT):
        return refuse(
            "pending.pursuit",
            f"LUNA is pursuing {state.pursuit} (ire {state.ire}): only free actions until she stops.",
            "unsettled/luna/pursuit",
        )
    return _play(state, action)


def _map(state: UnsettledState, action: Action) -> list[Violation]:
    scarab = state.scarab
    if isinstance(action, a.PlaceCard):
        if action.node not in NODES:
            return refuse("map.card", f"{action.node!r} is not one of the Scarab's cards.", "unsettled/map")
        if off_grid := GRID_COLUMN.violations(action.column) or GRID_ROW.violations(action.row):
            return off_grid
        there = scarab.node_at(action.column, action.row)
        if there is not None and there != action.node:
            return refuse("map.taken", f"{there} already lies on that cell.", "unsettled/map")
        if there == action.node:
            return refuse("map.same", f"{action.node} already lies there.", "unsettled/map")
    elif isinstance(action, a.RemoveCard):
        if scarab.position(action.node) is None:
            return refuse("map.absent", f"{action.node} is not on the map.", "unsettled/map")
    elif isinstance(action, a.ToggleBarrier):
        if edge(action.a, action.b) not in scarab.grid_edges():
            return refuse(
                "map.barrier", f"{action.a} and {action.b} do not touch on the grid.", "unsettled/map"
            )
    elif isinstance(action, a.ToggleLink):
        ends = {action.a, action.b}
        if len(ends) != 2 or any(scarab.position(n) is None for n in ends):
            return refuse("map.link", "A link joins two different cards on the map.", "unsettled/map")
        if edge(action.a, action.b) in scarab.grid_edges():
            return refuse("map.link", f"{action.a} and {action.b} already touch.", "unsettled/map")
    elif isinstance(action, a.LoadMap):
        candidate = ScarabMap(action.name, action.cells, action.barriers, action.links)
        problems = candidate.problems()
        if problems:
            return refuse(
                "map.invalid", "This map cannot be used: " + "; ".join(problems[:3]), "unsettled/map"
            )
    elif isinstance(action, a.ConfirmMap):
        missing = scarab.missing()
        if missing:
            return refuse(
                "map.incomplete", "Place every card first: " + ", ".join(missing) + ".", "unsettled/map"
            )
    return []


def _setup(state: UnsettledState, action: Action) -> list[Violation]:
    if isinstance(action, a.PlaceExplorer):
        if not state.has_explorer(action.explorer):
            return refuse("explorer", f"No explorer called {action.explorer!r}.", "unsettled/setup")
        if action.node not in state.graph.nodes:
            return refuse("node", f"{action.node!r} is not on the map.", "unsettled/setup")
    elif isinstance(action, a.PlaceLuna):
        if action.node not in state.graph.nodes:
            return refuse("node", f"{action.node!r} is not on the map.", "unsettled/setup")
    elif isinstance(action, a.BeginPlay):
        unplaced = [e.name for e in state.explorers if e.node is None]
        if unplaced or state.luna is None:
            who = ", ".join(unplaced + (["LUNA"] if state.luna is None else []))
            return refuse("setup.incomplete", f"Place {who} on the map first.", "unsettled/setup")
    return []


def _explorer(state: UnsettledState, name: str) -> list[Violation]:
    if not state.has_explorer(name):
        return refuse("explorer", f"No explorer called {name!r}.", "unsettled/setup")
    return []


def _neighbour(state: UnsettledState, here: str, to: str, rule: str) -> list[Violation]:
    if to not in state.graph.nodes:
        return refuse("node", f"{to!r} is not on the map.", rule)
    if not state.graph.adjacent(here, to):
        if edge(here, to) == LAUNDRY_CHUTE and edge(here, to) in state.scarab.links:
            why = "the laundry chute works only while Organic Stowage has power"
            return refuse("chute", f"{here} to {to}: {why}.", "unsettled/map/laundry-chute")
        why = "a wall stands between them" if state.graph.has_edge(here, to) else "they are not adjacent"
        return refuse("adjacency", f"{here} to {to}: {why}.", "unsettled/map")
    return []


def _play(state: UnsettledState, action: Action) -> list[Violation]:
    if isinstance(action, a.StartPursuit):
        return roll_violations(state, action.roll, "unsettled/luna/pursuit")
    if isinstance(action, a.PursuitStep):
        if state.pursuit is None:
            return refuse("pursuit.none", "LUNA is not pursuing anyone now.", "unsettled/luna/pursuit")
        plan = plan_step(state, action.choice)
        if plan.kind == "tie":
            options = " or ".join(plan.candidates)
            return refuse(
                "pursuit.tie",
                f"LUNA has equally short ways to {plan.target}: through {options}. Choose one.",
                "unsettled/luna/targeting",
            )
        if action.choice is not None and action.choice != plan.to:
            return refuse(
                "pursuit.choice", f"{action.choice} is not on a shortest way.", "unsettled/luna/targeting"
            )
        return []
    if isinstance(action, a.ResolveClumsiness):
        if not state.pending_checks:
            return refuse("clumsiness.none", "No clumsiness check is waiting.", "unsettled/clumsiness")
        if state.settings.clumsy_faces == "ask":
            if action.failed is None:
                return refuse("clumsiness.ask", "Say whether the check failed.", "unsettled/clumsiness")
        elif action.failed is not None:
            return refuse("clumsiness.roll", "Enter the roll (or let the app roll).", "unsettled/clumsiness")
        return roll_violations(state, action.roll, "unsettled/clumsiness")
    if isinstance(action, a.AdvanceTimeline | a.SetChaosBackText):
        if isinstance(action, a.SetChaosBackText) and not 0 < len(action.text.strip()) <= 400:
            return refuse("chaos.text", "Type the card's text (1 to 400 characters).", "unsettled/luna/chaos")
        return []
    if isinstance(action, a.ResolveChaos):
        if not state.chaos_pending:
            return refuse(
                "chaos.none", "The timeline has not reached the chaos trigger.", "unsettled/luna/chaos"
            )
        die = [] if action.die is None else CHAOS_DIE.violations(action.die)
        return die or roll_violations(state, action.placement, "unsettled/luna/chaos")
    if isinstance(action, a.SetPower):
        if action.node not in ROOMS:
            return refuse("power.room", f"{action.node} has no powered side.", "unsettled/power")
        if (action.node in state.powered) == action.powered:
            now = "powered" if action.powered else "unpowered"
            return refuse("power.same", f"{action.node} is already {now}.", "unsettled/power")
        return []
    name = getattr(action, "explorer", None)
    if not isinstance(name, str):
        raise TypeError(f"Unsettled has no action {action.type!r}")
    problems = _explorer(state, name)
    if problems:
        return problems
    explorer = state.explorer(name)
    here = explorer.node
    assert here is not None
    if isinstance(action, a.Move):
        return _neighbour(state, here, action.to, "unsettled/map")
    if isinstance(action, a.Barricade):
        return _neighbour(state, here, action.to, "unsettled/obstacles")
    if isinstance(action, a.ClearPath):
        problems = _neighbour(state, here, action.to, "unsettled/obstacles")
        if problems:
            return problems
        blocks = state.graph.blockers(here, action.to)
        if not blocks:
            return refuse(
                "obstacles.count",
                f"There is no obstacle between {here} and {action.to}.",
                "unsettled/obstacles",
            )
        unit = f"obstacles on the way to {action.to}"
        cleared = Count(
            1, blocks, "Clear", unit, code="unsettled.obstacles.count", rule="unsettled/obstacles"
        )
        return cleared.violations(action.count)
    if isinstance(action, a.HotWire):
        if explorer.discoveries < 1:
            return refuse(
                "hotwire.discovery", f"{name} holds no discovery to use.", "unsettled/power/hot-wire"
            )
        if here not in ROOMS:
            return refuse("hotwire.outside", f"{here} has no powered side.", "unsettled/power/hot-wire")
        if here in state.powered:
            return refuse("hotwire.powered", f"{here} is already powered.", "unsettled/power/hot-wire")
        return []
    if isinstance(action, a.ConstructTrap):
        if WORKSHOP not in state.powered:
            return refuse("trap.workshop", "Traps need the Workshop powered.", "unsettled/traps")
        if action.trap not in state.trap_tray:
            return refuse("trap.tray", f"{action.trap} is not in the tray.", "unsettled/traps")
        return []
    if isinstance(action, a.PlaceTrap):
        if action.trap not in explorer.traps:
            return refuse("trap.carried", f"{name} does not carry {action.trap}.", "unsettled/traps")
        return []
    if isinstance(action, a.PickUpTrap):
        if action.trap not in state.traps_at(here):
            return refuse("trap.here", f"{action.trap} is not on {here}.", "unsettled/traps")
        return []
    if isinstance(action, a.CommandLuna):
        if state.luna_commanded:
            return refuse(
                "command.once", "LUNA can be commanded to move once per turn.", "unsettled/luna-commands"
            )
        assert state.luna is not None
        return _neighbour(state, state.luna, action.to, "unsettled/luna-commands")
    if isinstance(action, a.FreeExplorer):
        problems = _explorer(state, action.by)
        if problems:
            return problems
        helper = state.explorer(action.by)
        if explorer.incapacitated is None:
            return refuse("free.none", f"{name} is not incapacitated.", "unsettled/incapacitated")
        if action.by == name or helper.node != here or helper.incapacitated is not None:
            return refuse(
                "free.helper",
                "Another explorer who can act must stand on the same node.",
                "unsettled/incapacitated",
            )
        return []
    return []
