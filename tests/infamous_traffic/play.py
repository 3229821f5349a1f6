"""A seeded table for An Infamous Traffic: candidate entries for any state (mostly legal ones, found by
asking the engine), and whole games played with them."""

from __future__ import annotations

import random
from typing import Any

from tests.infamous_traffic.boards import layout
from trackers.core.actions import Action
from trackers.core.game import make_setup
from trackers.core.session import Session
from trackers.infamous_traffic import actions as it
from trackers.infamous_traffic import china, decade
from trackers.infamous_traffic.game import INFAMOUS_TRAFFIC as GAME
from trackers.infamous_traffic.state import LOCATIONS, PLAYER_TILES, InfamousTrafficState

S = InfamousTrafficState
NAMES = ("Ada", "Ben", "Cai", "Dee", "Eve")


def new_session(players: int = 3, seed: int = 1, board: str = "", **options: Any) -> Session:
    setup = make_setup(GAME, NAMES[:players], options)
    session = Session(GAME, setup, seed)
    session.dispatch(it.UseBoard(board or layout(), 30))
    return session


def started(players: int = 3, seed: int = 1, board: str = "", **options: Any) -> Session:
    session = new_session(players, seed, board, **options)
    rng = random.Random(seed)
    for name in session.state.players:
        session.dispatch(it.ChooseStart(name, rng.choice(LOCATIONS), rng.choice(PLAYER_TILES)))
    return session


def candidates(state: S, rng: random.Random) -> list[Action]:
    """Entries worth trying now, most of them legal."""
    q = state.question
    if q is not None:
        return _answers(state, rng)
    if state.stage == "board":
        return [it.UseBoard(layout(), 30), it.UseBoard("{}", 30), it.UseBoard(layout(), 1)]
    if state.stage == "starts":
        waiting = [p for p in state.players if not any(p in row for row in state.action_rows)]
        return [it.ChooseStart(p, rng.choice(LOCATIONS), rng.choice(PLAYER_TILES)) for p in waiting]
    who = state.on_turn
    settle = [
        it.SetDemand(r, tuple(rng.randint(1, 6) for _ in range(china.black_tiles(state, r))))
        for r in china.demand_mismatches(state)
    ]
    if settle and not GAME.rulebook.blocked(state, it.SetDemand) and rng.random() < 0.5:
        return settle
    if state.stage == "events":
        return [it.DrawEvent()]
    if state.stage == "war":
        out: list[Action] = []
        for move in decade.war_moves(state):
            kind, _, region = move.partition(":")
            if kind == "attack":
                out.append(it.AttackQing(region))
            elif kind == "suppress":
                out.append(it.SuppressTaiping(region))
            else:
                out.append(it.PoliceTreatyPort(region, decade.policeable(state, region)))
        return out
    if state.stage == "season":
        kind = rng.choice(("wealth", "marriage", "family", "secret"))
        prize = it.TakePrize(
            f"Prize {rng.randint(1, 35)}",
            kind,
            debt=rng.randint(0, 3),
            upkeep=rng.randint(0, 2),
            vp=rng.randint(0, 6),
            face_up=kind in ("wealth", "marriage"),
        )
        return [
            prize,
            it.SkipPrize(),
        ]
    if state.stage == "compound":
        p = state.compound_due[0]
        return [it.CompoundDebt(p, -state.firm(p).money + rng.randint(0, 2))]
    if state.stage == "penalty":
        return [it.DebtPenalty(p, rng.randint(0, 5)) for p in state.players]
    if who is None:
        return []
    moves = _china_moves(state, who, rng)
    if state.stage == "rush":
        return [*moves, it.RushPass(), it.RushPass()]
    firm = state.firm(who)
    here = state.location_of(who)
    out = [
        it.Travel(rng.choice([loc for loc in LOCATIONS if loc != here])),
        it.Pass(),
        it.Inquire(f"Card {rng.randint(1, 44)}", rng.randint(0, 2), rng.randint(0, 3), rng.randint(0, 1)),
        it.Inquire(expelled=here == "china" and rng.random() < 0.1),
    ]
    gains = tuple(k for k in PLAYER_TILES if firm.count(firm.supply, k))
    if gains and here != "china":
        out += [it.ConductBusiness((rng.choice(gains),), rng.randint(0, 2))] * 3
    if here == "london":
        out.append(it.ThrowParty())
    if here == "china":
        out += moves * 2
    return out


def _china_moves(state: S, who: str, rng: random.Random) -> list[Action]:
    firm = state.firm(who)
    out: list[Action] = []
    for c in state.chains:
        spec = china.board(state).chain(c.id)
        for i, (space, tile) in enumerate(zip(spec.spaces, c.tiles, strict=True)):
            kind = "merchant" if space == "blank" else space
            if firm.count(firm.holdings, kind) and (tile is None or tile.owner):
                out.append(it.Deploy(c.id, i + 1, kind, rng.randint(1, 4)))
    rng.shuffle(out)
    out = out[:4]
    bowls = [i + 1 for i, b in enumerate(state.bowls) if b]
    if bowls:
        out.append(it.Conspiracy(rng.choice(bowls)))
    n = min(len(state.pool), rng.randint(0, 2))
    out.append(it.Influence(tuple(rng.sample(range(1, len(state.pool) + 1), n))))
    out.append(it.AdjustPrice(rng.choice(PLAYER_TILES), rng.choice((1, -1))))
    return out


def _answers(state: S, rng: random.Random) -> list[Action]:
    q = state.question
    assert q is not None
    if q.kind == "place":
        out: list[Action] = []
        tile = q.tiles[0]
        for r in state.regions:
            if tile in ("missionary", "qing"):
                near = [n for n in china.board(state).region(r.name).adjacent]
                need = sum(1 for x in state.regions if x.alignment == "taiping")
                removals = tuple(rng.choice(near) for _ in range(need)) if r.alignment == "taiping" else ()
                out.append(it.PlaceConspiracy(tile, r.name, removals=removals))
        for c in state.chains:
            spec = china.board(state).chain(c.id)
            for i, space in enumerate(spec.spaces):
                if space == "blank" and tile in ("smuggler", "bureaucrat"):
                    out.append(it.PlaceConspiracy(tile, chain=c.id, space=i + 1, value=rng.randint(1, 3)))
        return [*out, it.PlaceConspiracy(tile, value=rng.randint(1, 3))]
    if q.kind == "deploy":
        return [*_china_moves(state, q.player, rng)[:3], it.SkipDeploy(), it.SkipDeploy()]
    if q.kind == "discard":
        return [it.Discard(i + 1) for i in range(len(state.firm(q.player).tableau))]
    if q.kind == "activate":
        return [it.ActivateChain(c) for c in q.options]
    if q.kind in ("target", "supply"):
        return [it.ChooseTarget(o) for o in q.options]
    firm = state.firm(q.player)
    held = [k for k in PLAYER_TILES for _ in range(firm.count(firm.holdings, k))]
    held += [
        f"{c.id}:{i + 1}"
        for c in state.chains
        if not c.active
        for i, t in enumerate(c.tiles)
        if t is not None and t.owner == q.player
    ]
    return [it.ReturnTiles(q.player, tuple(rng.sample(held, min(q.count, len(held)))))]


def step(session: Session, rng: random.Random) -> bool:
    """One accepted entry from the candidates (drawn afresh a few times, as their values are random);
    False when none is accepted."""
    for _ in range(8):
        options = candidates(session.state, rng)
        rng.shuffle(options)
        for action in options:
            if not GAME.validate(session.state, action):
                session.dispatch(action)
                return True
    return False


def play_game(seed: int, players: int = 3, board: str = "", limit: int = 5000) -> Session:
    session = started(players, seed, board)
    rng = random.Random(seed)
    for _ in range(limit):
        if session.state.result or not step(session, rng):
            break
    return session
