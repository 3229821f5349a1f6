"""Per game: a function drawing a random action for a state, for the contract and bench runs."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tests.ashes.play import candidates
from trackers.ashes import actions as ashes_actions
from trackers.core.actions import Action
from trackers.scorepad.actions import AddPoints, ChooseFirstPlayer, DrawFirstPlayer, EndGame, EndRound
from trackers.unsettled import actions as ua
from trackers.unsettled.luna import plan_step


def scorepad(state: Any, rng: random.Random) -> Action:
    roll = rng.random()
    player = rng.choice(state.players)
    if roll < 0.75:
        return AddPoints(player, rng.randint(-5, 10))
    if roll < 0.85:
        return EndRound()
    if roll < 0.93:
        return DrawFirstPlayer()
    if roll < 0.98:
        return ChooseFirstPlayer(player)
    return EndGame()


def unsettled(state: Any, rng: random.Random) -> Action:
    """Mostly plausible entries for each phase, with some that must be refused."""
    nodes = list(state.graph.nodes)
    node = rng.choice(nodes)
    names = [e.name for e in state.explorers]
    who = rng.choice(names)
    if state.phase == "map":
        return rng.choice([ua.ConfirmMap(), ua.ConfirmMap(), ua.ToggleBarrier(node, rng.choice(nodes))])
    if state.phase == "setup":
        unplaced = [e.name for e in state.explorers if e.node is None]
        if unplaced:
            return ua.PlaceExplorer(unplaced[0], node)
        return ua.PlaceLuna(node) if state.luna is None else ua.BeginPlay()
    if state.pending_checks:
        return ua.ResolveClumsiness(failed=rng.random() < 0.3)
    if state.chaos_pending:
        return ua.ResolveChaos(die=rng.choice([None, 1, 2, 3]), placement=rng.choice([None, 1, 2, 3, 4]))
    if state.pursuit is not None:
        plan = plan_step(state)
        return ua.PursuitStep(rng.choice(plan.candidates) if plan.kind == "tie" else None)
    here = state.explorer(who).node
    near = list(state.graph.neighbours(here)) or [node]
    return rng.choice(
        [
            ua.Move(who, rng.choice(near)),
            ua.Move(who, rng.choice(near)),
            ua.Barricade(who, rng.choice(near)),
            ua.ClearPath(who, rng.choice(near), rng.randint(0, 2)),
            ua.GainDiscovery(who),
            ua.HotWire(who),
            ua.ConstructTrap(who, "Trap 1"),
            ua.PlaceTrap(who, "Trap 1"),
            ua.PickUpTrap(who, "Trap 1"),
            ua.CommandLuna(who, rng.choice(nodes)),
            ua.FreeExplorer(who, rng.choice(names)),
            ua.DrawIncapacitated(who, rng.choice(["Engaged", "Another card"])),
            ua.StartPursuit(rng.choice([None, 1, 2, 3, 6, 7])),
            ua.StartPursuit(rng.choice([None, 2, 5]), run=True),
            ua.AdvanceTimeline(),
            ua.SetPower(node, rng.random() < 0.5),
        ]
    )


def ashes(state: Any, rng: random.Random) -> Action:
    """One of the plausible entries for the state (the rules may refuse it), or a stray one now and then."""
    options = candidates(state, rng)
    if not options or rng.random() < 0.05:
        return ashes_actions.EndRound()
    return rng.choice(options[:3])


SAMPLERS: dict[str, Callable[[Any, random.Random], Action]] = {
    "scorepad": scorepad,
    "unsettled": unsettled,
    "ashes": ashes,
}
