"""Per game: a function drawing a random action for a state, for the contract and bench runs."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tests.ashes.play import candidates
from tests.blackout_hk.play import candidates as blackout_candidates
from tests.blackout_hk.play import fallback as blackout_fallback
from tests.infamous_traffic.play import candidates as traffic_candidates
from trackers.ashes import actions as ashes_actions
from trackers.blackout_hk import actions as ba
from trackers.core.actions import Action
from trackers.hope_city import actions as ha
from trackers.hope_city import queries as hq
from trackers.hope_city.state import ANY, BIG, CITIZENS, COLOURS, CORRUPTION, HOPE, PUNK
from trackers.infamous_traffic import actions as ia
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
    if rng.random() < 0.01:
        return ua.EndGame(survived=rng.random() < 0.5)
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


def hope_city(state: Any, rng: random.Random) -> Action:
    """Mostly the entry the table owes now, else one of the turn's plausible entries (some refused)."""
    colour = rng.choice(COLOURS)
    token = rng.choice((*COLOURS, HOPE))
    playing = [c.id for c in state.active]
    cid = rng.choice(playing if playing and rng.random() < 0.8 else CITIZENS)
    if state.stage == "citizens":
        seats = list(zip(state.players, rng.sample(CITIZENS, len(state.players)), strict=False))
        extra = [c for c in CITIZENS if c not in {c for _, c in seats}]
        while len(seats) < 3 or "mayor" not in {c for _, c in seats}:
            seats.append((state.players[0], "mayor" if "mayor" in extra else extra[0]))
            extra = [c for c in extra if c not in {c for _, c in seats}]
        doctor = colour if "doctor" in {c for _, c in seats} else ""
        return ha.ChooseCitizens(
            tuple(seats), rng.randint(5, 30), rng.randint(4, 20), rng.randint(0, 6), doctor
        )
    if state.stage == "tokens":
        return ha.DrawToken(rng.choice(["", "", rng.choice((*COLOURS, CORRUPTION))]))
    if state.corruption_due:
        return ha.GiveCorruption(rng.choice([c.id for c in state.active]))
    if state.punks_due:
        return ha.PlacePunk(rng.choice(hq.legal_spaces(state.city) or COLOURS))
    if state.deal_due:
        return ha.Deal(tuple(rng.sample([c.id for c in state.active], rng.choice([1, 2]))))
    if state.scripts_due:
        return ha.TakeScript(rng.choice([c.id for c in state.active]))
    if state.stage == "chaos":
        return ha.ChaosIn()
    if state.stage == "cleanup":
        return rng.choice([ha.ResolveChaos(rng.random() < 0.5), ha.EndYear(), ha.EndYear()])
    turn = state.turn
    if not turn.wage_taken:
        return ha.DrawToken()
    if hq.attack_due(state):
        return ha.FaceAttack()
    cost = rng.choice([(colour,), (colour, ANY), (colour, rng.choice(COLOURS))])
    if turn.objective is not None:
        need = turn.objective.cost
        return rng.choice(
            [
                ha.Attempt(tuple(c if c != ANY else colour for c in need)),
                ha.Attempt(tuple(HOPE for _ in need)),
                ha.Defer(rng.choice([0, 1, 4])),
                ha.Resolve(rng.random() < 0.5),
                ha.ReturnObjective(),
            ]
        )
    if turn.objective_done and rng.random() < 0.4:
        return ha.EndTurn()
    return rng.choice(
        [
            ha.Trade(token, rng.choice(COLOURS)),
            ha.Move(colour),
            ha.Move(colour),
            ha.ChooseObjective("pile", cost),
            ha.ChooseObjective("pile", cost),
            ha.ChooseObjective("major", COLOURS),
            ha.ChooseObjective("track", (), rng.randint(1, 3)),
            ha.FightBack(rng.choice((PUNK, BIG)), token),
            ha.CashSet(rng.choice(["success", "fail"]), rng.choice(["", colour]), rng.choice(["", cid])),
            ha.ClaimPunkSite(colour),
            ha.EndTurn(),
            ha.EndTurn(),
            ha.Lead(),
            ha.InvestResource(token, cid, rng.choice(["", colour])),
            ha.Innovate(colour, rng.choice((PUNK, BIG)), rng.choice([0, 5, 6])),
            ha.Explore(),
            ha.Heal(rng.choice([cid, "bag"])),
            ha.InvestMonument(rng.choice(["", cid])),
            ha.Bribe(rng.randint(0, 2)),
            ha.Scam(rng.randint(0, 2), ((colour, cid),)),
            ha.GangUp(rng.randint(0, 2)),
            ha.Hack(rng.randint(0, 2)),
            ha.Trespass(rng.randint(0, 2)),
            ha.SellScripts(rng.randint(0, 2), rng.choice([0, 2])),
            ha.PlaceMonument(),
            ha.DrawHope(cid),
            ha.PlayHope(cid),
            ha.OpenTrack(),
            ha.CloseTrack(),
            ha.Expand(rng.choice([-1, 1])),
            ha.MoveCard(colour, rng.choice(["success", "fail"])),
            ha.GainToken(cid, rng.choice(["", colour])),
            ha.LoseToken(cid, token),
            ha.Resist(colour, rng.choice((PUNK, BIG)), rng.choice([0, 6])),
            ha.PlaceSite(colour),
            ha.PlaceBlight(cid),
            ha.BreakBad(cid),
            ha.FlipGood(cid),
        ]
    )


def infamous_traffic(state: Any, rng: random.Random) -> Action:
    """One of the entries the seeded table would try now: most fit the state, some are refused."""
    options = traffic_candidates(state, rng)
    return rng.choice(options) if options else ia.CardMoney(rng.choice(state.players), rng.randint(-3, 3))


def blackout_hk(state: Any, rng: random.Random) -> Action:
    """One of the entries the seeded table would try now (or one moving the turn on): most fit the state,
    some are refused."""
    options = [*blackout_candidates(state, rng), *blackout_fallback(state)]
    return rng.choice(options) if options else ba.BuyTransport(rng.choice(state.names), rng.randint(0, 2))


SAMPLERS: dict[str, Callable[[Any, random.Random], Action]] = {
    "scorepad": scorepad,
    "unsettled": unsettled,
    "ashes": ashes,
    "hope-city": hope_city,
    "infamous-traffic": infamous_traffic,
    "blackout-hk": blackout_hk,
}
