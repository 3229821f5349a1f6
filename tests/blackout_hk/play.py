"""A seeded table for Blackout: Hong Kong: candidate entries for any state (mostly legal ones, found by
asking the engine), and whole games (or campaign chapters) played with them.

The engine has no map: the table names locations (here `L1` to `L60`), enters the districts it secures
with each player's cubes around them, and enters each card's costs and rewards as `Effects` fields. The
components' data (the rondel's order, the dice's faces, the scout-tile table) is entered at the start, so
Lantern rolls the dice and counts the transport tokens."""

from __future__ import annotations

import random

from trackers.blackout_hk import actions as bk
from trackers.blackout_hk.display import best_split, price
from trackers.blackout_hk.districts import fullest, may_refresh
from trackers.blackout_hk.game import BLACKOUT_HK as GAME
from trackers.blackout_hk.goals import plan_of
from trackers.blackout_hk.setup import public_plans
from trackers.blackout_hk.state import (
    DICE,
    DISTRICTS,
    OBJECTIVE_SPOTS,
    RESOURCES,
    REWARDS,
    BlackoutState,
    Player,
)
from trackers.core.actions import Action
from trackers.core.game import make_setup
from trackers.core.session import Session

S = BlackoutState
NAMES = ("Ada", "Ben", "Cai", "Dee")
LOCATIONS = tuple(f"L{i}" for i in range(1, 61))
"""The locations the table names (the map's own names stay on the table)."""
SCOUT_TABLE = (0, 1, 3, 6, 10, 15, 21, 28)
PLAN_GOALS = 3
"""Goals on each emergency plan beside the board, in a campaign."""
LIMIT = 5000


def options(campaign: bool = False, chapter: int = 1) -> dict[str, object]:
    return {"mode": "the campaign", "chapter": chapter} if campaign else {}


def new_session(players: int = 3, seed: int = 1, *, campaign: bool = False, chapter: int = 1) -> Session:
    setup = make_setup(GAME, NAMES[:players], options(campaign, chapter))
    return Session(GAME, setup, seed)


def start_game(state: S) -> bk.StartGame:
    """The components' data as the table enters it (and, in a campaign, the goals of the plans)."""
    plans = public_plans(state.chapter, state.n) if state.chapter else ""
    return bk.StartGame(
        rondel=RESOURCES,
        faces=(RESOURCES,) * 3,
        scout_table=SCOUT_TABLE,
        plan_goals=(PLAN_GOALS,) * len(plans),
    )


def started(players: int = 3, seed: int = 1, *, campaign: bool = False, chapter: int = 1) -> Session:
    """Set up, every starting cube placed: round 1's dice are next."""
    session = new_session(players, seed, campaign=campaign, chapter=chapter)
    session.dispatch(start_game(session.state))
    rng = random.Random(seed)
    while session.state.stage == "starts":
        session.dispatch(bk.PlaceStart(session.state.on_turn, free_location(session.state, rng)))
    return session


def free_location(state: S, rng: random.Random, player: str = "") -> str:
    """A location none of the players (or `player`, when named) has a cube on."""
    taken = {loc for p in state.players if not player or p.name == player for loc in p.map}
    return rng.choice([loc for loc in LOCATIONS if loc not in taken])


def _some(rng: random.Random, items: list[str], most: int) -> tuple[str, ...]:
    return tuple(rng.sample(items, min(len(items), rng.randint(0, most))))


def payment(p: Player, rng: random.Random, most: int = 3) -> tuple[str, ...]:
    """A modest payment from the cubes on the player's rondel (a battery now and then)."""
    held = [r for r in RESOURCES for _ in range(p.held(r))]
    if p.battery and rng.random() < 0.2:
        held.append("battery")
    return _some(rng, held, most)


def effects(p: Player, rng: random.Random) -> dict[str, object]:
    """What a card gives: a few points, HK$, maybe a resource or a token, rarely a cube to place."""
    pay = payment(p, rng)
    room = p.supply + len(pay)
    gain = tuple(rng.choice(RESOURCES) for _ in range(min(room, rng.randint(0, 2))))
    room -= len(gain)
    return {
        "pay": pay,
        "hkd": rng.randint(-min(p.hkd, 3), 4),
        "points": rng.randint(0, 5),
        "gps": int(rng.random() < 0.2),
        "transport": int(rng.random() < 0.2),
        "batteries": int(rng.random() < 0.1 and room > 0),
        "gain": gain,
        "place": int(rng.random() < 0.3 and room > 1),
    }


def candidates(state: S, rng: random.Random) -> list[Action]:
    """Entries worth trying now, most of them legal (the table filters them with `GAME.validate`)."""
    if state.result:
        return []
    if state.to_place:
        who = state.on_turn or ""
        return [bk.PlaceCube(free_location(state, rng, who), rng.choice((0, 0, 0, 1, 2)))]
    stage = state.stage
    if stage == "setup":
        return [start_game(state)]
    if stage == "starts":
        return [bk.PlaceStart(state.on_turn or "", free_location(state, rng))]
    if stage == "dice":
        return [bk.Reroll()] if state.reroll else [bk.Roll()]
    if stage == "plan":
        return [_plan(state, n, rng) for n in state.names if n not in state.planned_by]
    if stage == "secure":
        out: list[Action] = [bk.Done()]
        if rng.random() < 0.4:
            out += [s for s in (_secure(state, rng),) if s is not None] * 3
        return out
    if stage == "final":
        done = {f[0] for f in state.final_points}
        return [
            bk.FinalCount(n, rng.randint(0, 30), rng.choice((-1, -1, 5)), rng.randint(0, 6))
            for n in state.names
            if n not in done
        ]
    if stage == "chapter":
        return [bk.NextChapter()]
    who = state.on_turn
    if who is None:
        return []
    p = state.player(who)
    extra: list[Action] = []
    if rng.random() < 0.05:
        extra.append(bk.BuyTransport(who, rng.randint(1, 2)))
    if rng.random() < 0.05 and p.hkd >= 5:
        extra.append(bk.BuyBattery(who))
    return [*_turn(state, p, rng), *extra]


def _plan(state: S, name: str, rng: random.Random) -> bk.Plan:
    p = state.player(name)
    ids = [c.id for c in p.hand]
    rng.shuffle(ids)
    cards = [ids.pop() if ids and rng.random() < 0.8 else "" for _ in range(p.usable_slots)]
    return bk.Plan(name, tuple(cards))


def _secure(state: S, rng: random.Random) -> bk.Secure | None:
    open_districts = [d for d in range(1, DISTRICTS + 1) if d not in state.secured]
    able = [p for p in state.players if p.map]
    if not open_districts or not able:
        return None
    securer = rng.choice(able)
    k = rng.randint(1, min(7, len(securer.map)))
    cubes = tuple(k if p.name == securer.name else rng.randint(0, min(k, len(p.map))) for p in state.players)
    unlocks = []
    for p, n in zip(state.players, cubes, strict=True):
        if n == k and p.markers:
            unlocks.append(rng.choice([a for a in range(1, 6) if a not in p.unlocked]))
    return bk.Secure(rng.choice(open_districts), k, cubes, tuple(unlocks))


def _turn(state: S, p: Player, rng: random.Random) -> list[Action]:
    stage = state.stage
    if stage == "deploy":
        return _deploy(state, p, rng)
    if stage == "objectives":
        return _objectives(state, p, rng)
    if stage == "scout":
        out: list[Action] = [bk.Done()]
        if rng.random() < 0.6:
            out += [s for s in (_scout(state, p, rng),) if s is not None] * 3
        elif rng.random() < 0.3:
            out.append(bk.ScoutNoTile(rng.randint(1, DISTRICTS)))
        return out
    if stage == "buy":
        rows = [r for r in (1, 2, 3) if (c := price(state, r)) is not None and c <= p.hkd]
        if rows and len(p.objectives) < OBJECTIVE_SPOTS and rng.random() < 0.9:
            return [bk.Buy(rng.choice(rows), rng.choice(("", f"Objective {rng.randint(1, 72)}")))]
        return [bk.Done()]
    if stage == "cleanup":
        pairs, singles, water, food = best_split(p, rng.choice(("hkd", "gps", "points")))
        discard = rng.choice([o.id for o in p.objectives]) if p.objectives and rng.random() < 0.2 else ""
        return [bk.CleanUp(pairs, singles, water, food, discard)]
    if stage == "refresh":
        out = [bk.UseCheckmark(action=w, **effects(p, rng)) for w in state.window]  # type: ignore[arg-type]
        if not state.refreshed and may_refresh(p) and rng.random() < 0.8:
            tied = fullest(p)
            out.append(bk.Refresh(rng.choice(tied) + 1 if len(tied) > 1 else rng.choice((0, tied[0] + 1))))
        return [*out, bk.Done()]
    return [bk.Done()]


def _deploy(state: S, p: Player, rng: random.Random) -> list[Action]:
    out: list[Action] = [bk.UseCheckmark(action=w, **effects(p, rng)) for w in state.window]  # type: ignore[arg-type]
    for i in p.planned:
        card = p.slots[i][-1]
        if card.colour:
            out.append(bk.Procure(card.id, rng.randint(1, 3), rng.choice(RESOURCES)))
            out.append(bk.Procure(card.id, rng.randint(1, 2), state.dice[DICE.index(card.colour)]))
        elif card.specialist == "leader":
            out.append(bk.UseLeader(card.id))
        elif card.specialist == "scout":
            out.append(bk.UseScout(card.id, rng.choice(("", "gasoline", "books"))))
        elif card.specialist == "mechanic":
            out.append(bk.UseMechanic(card.id, rng.random() < 0.5))
        elif card.specialist == "doctor" and p.hospital:
            out.append(bk.UseDoctor(rng.choice(p.hospital).id, rng.randint(0, 3), card.id))
        else:
            out.append(bk.UseCard(card=card.id, **effects(p, rng)))  # type: ignore[arg-type]
        if rng.random() < 0.1:
            out.append(bk.Flip(card.id))
    return out


def _objectives(state: S, p: Player, rng: random.Random) -> list[Action]:
    out: list[Action] = []
    cards = ([p.emergency] if p.emergency is not None else []) + list(p.objectives)
    for card in cards:
        goal = next(g for g in range(1, 4) if g not in card.done)
        to = "checkmarks" if rng.random() < 0.2 else "hand"
        out.append(
            bk.CompleteGoal(
                card=card.id,
                goal=goal,
                finish=goal >= 2 or rng.random() < 0.6,
                to=to,
                colour=rng.choice(("", *DICE)) if to == "hand" else "",
                perk=rng.choice(("", "search", "gps", "food", "water")) if to == "checkmarks" else "",
                icons=rng.randint(0, 1) if to == "checkmarks" else 0,
                **effects(p, rng),  # type: ignore[arg-type]
            )
        )
    for goal in (1, 2):
        if goal not in p.restored and rng.random() < 0.3:
            out.append(bk.RestorePower(goal=goal, **effects(p, rng)))  # type: ignore[arg-type]
    plans = dict(state.public_plans)
    if plans and rng.random() < 0.5:
        plan = plan_of(p) or rng.choice(sorted(plans))
        left = [g for g in range(1, plans[plan] + 1) if (plan, g) not in p.public_goals]
        if left:
            out.append(bk.PublicGoal(plan=plan, goal=left[0], **effects(p, rng)))  # type: ignore[arg-type]
    out.append(bk.Done())
    return out


def _scout(state: S, p: Player, rng: random.Random) -> bk.Scout | None:
    team_cards = [c.id for c in p.hand if c.specialist != "doctor"]
    districts = [d for d in range(1, DISTRICTS + 1) if state.district_tiles[d - 1] and d not in state.scouted]
    if not team_cards or not districts:
        return None
    challenge = rng.choice(("simple", "simple", "advanced", "probe"))
    value = 4 if challenge == "probe" else rng.randint(1, 9)
    gps = min(p.gps, rng.randint(0, 1))
    icons = max(0, value - p.search_bonus - p.gps_value * gps) + rng.randint(0, 1)
    team = tuple(rng.sample(team_cards, min(len(team_cards), rng.randint(1, 2))))
    reward = rng.choice(REWARDS)
    amount = rng.randint(0, min(2, p.supply)) if reward in (*RESOURCES, "battery") else rng.randint(0, 3)
    return bk.Scout(
        rng.choice(districts), challenge, value, team, icons, reward, amount, gps, rng.randint(0, 1)
    )


def fallback(state: S) -> list[Action]:
    """Entries that move a turn on when nothing else is accepted: a planned card turned up unused, or
    done with the phase."""
    who = state.on_turn
    if (
        state.to_place
        or who is None
        or state.stage not in ("deploy", "objectives", "scout", "buy", "refresh")
    ):
        return []
    p = state.player(who)
    if state.stage == "deploy" and p.planned and not state.window_uses:
        return [bk.Flip(p.slots[p.planned[0]][-1].id)]
    return [bk.Done()]


def step(session: Session, rng: random.Random) -> bool:
    """One accepted entry from the candidates (drawn afresh a few times, as their values are random,
    then the fallback); False when none is accepted."""
    for _ in range(8):
        options = candidates(session.state, rng)
        rng.shuffle(options)
        for action in options:
            if not GAME.validate(session.state, action):
                session.dispatch(action)
                return True
    for action in fallback(session.state):
        if not GAME.validate(session.state, action):
            session.dispatch(action)
            return True
    return False


def play_game(
    players: int, seed: int, *, campaign: bool = False, chapter: int = 1, limit: int = LIMIT
) -> Session:
    """A whole game (a campaign: one chapter, up to its end) played by the seeded table. A single game
    ends with `state.result`; a campaign chapter stops at the "chapter" stage (NextChapter is next) or at
    the campaign's end."""
    session = new_session(players, seed, campaign=campaign, chapter=chapter)
    rng = random.Random(seed)
    for _ in range(limit):
        state = session.state
        if state.result or state.stage == "chapter" or not step(session, rng):
            break
    return session
