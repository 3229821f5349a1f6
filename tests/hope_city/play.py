"""Hope City games played by a seeded random table, for the stateful test and the whole-game checks.

`candidates` proposes plausible entries for the state, many of which the rules refuse (a table trying
things); `step` dispatches them in turn until one is accepted. A `goal` leans the table toward one ending:
"thrive" and "survive" build City Sites (survive stops at 3) and turn bad citizens good, "ruin" enters
Urban Blights, "defeat" builds nothing; "random" leans nowhere.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from trackers.core.actions import Action
from trackers.core.game import make_setup
from trackers.core.registry import get_game
from trackers.core.session import Result, Session
from trackers.hope_city import actions as a
from trackers.hope_city.flows import legal_spaces, small_punk_spaces, talent_holders
from trackers.hope_city.guards import complete_sets
from trackers.hope_city.state import (
    ANY,
    CITIZENS,
    COLOURS,
    CORRUPTION,
    HOPE,
    HopeCityState,
)
from trackers.hope_city.turn import attack_due

GOALS = ("random", "thrive", "survive", "ruin", "defeat")
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
Check = Callable[[HopeCityState, Action, Result], None]


def seating(rng: random.Random, size: int) -> tuple[tuple[str, str], ...]:
    """`size` citizens with the Mayor among them, seated in a random order, run by up to `size` players
    (a player may run several)."""
    chosen = ["mayor", *rng.sample(CITIZENS[1:], size - 1)]
    rng.shuffle(chosen)
    players = NAMES[: rng.randint(1, size)]
    names = [*players, *(rng.choice(players) for _ in range(size - len(players)))]
    rng.shuffle(names)
    return tuple(zip(names, chosen, strict=True))


def choose_entry(rng: random.Random, size: int, pool: int) -> a.ChooseCitizens:
    seats = seating(rng, size)
    doctor = rng.choice(COLOURS) if any(c == "doctor" for _, c in seats) else ""
    return a.ChooseCitizens(
        seats, pool=pool, punks=rng.randint(4, 14), big_punks=rng.randint(0, 4), doctor_space=doctor
    )


def players_of(entry: a.ChooseCitizens) -> tuple[str, ...]:
    return tuple(dict.fromkeys(p for p, _ in entry.seats))


def corruption_roll(rng: random.Random, goal: str) -> int:
    if goal in ("thrive", "survive", "defeat"):
        return rng.choice((0, 0, 0, 1))
    return rng.choice((0, 0, 1, 1, 2))


def payment(held: Counter[str], cost: tuple[str, ...]) -> tuple[str, ...] | None:
    """Tokens paying `cost` item by item from `held` (colours first, then 'any', Hope as a last resort)."""
    left = Counter(held)
    pay: list[str | None] = [None] * len(cost)
    for i, need in sorted(enumerate(cost), key=lambda item: item[1] == ANY):
        token: str | None = None
        if need != ANY and left[need] > 0:
            token = need
        elif need == ANY:
            token = next((k for k in COLOURS if left[k] > 0), None)
        if token is None and left[HOPE] > 0:
            token = HOPE
        if token is None:
            return None
        left[token] -= 1
        pay[i] = token
    return tuple(p for p in pay if p is not None)


def random_cost(rng: random.Random, space: str) -> tuple[str, ...]:
    shape = rng.choice(("one", "any", "other", "other", "bad"))
    if shape == "one":
        return (space,)
    if shape == "any":
        return (space, ANY)
    if shape == "other":
        return (space, rng.choice([c for c in COLOURS if c != space]))
    return (rng.choice(COLOURS), space)


def effects(state: HopeCityState, rng: random.Random, goal: str) -> list[Action]:
    """What a card's result may ask for, as the table enters it."""
    active = [c.id for c in state.active]
    bad = [c.id for c in state.active if not c.good]
    cid = rng.choice(active) if active else "mayor"
    held = state.citizen(cid).tokens.items()
    space = rng.choice(COLOURS)
    here = state.city.on(space)
    small = small_punk_spaces(state.city)
    holders = talent_holders(state)
    out: list[Action] = [
        a.OpenTrack(),
        a.CloseTrack(),
        a.Expand(rng.choice((1, -1))),
        a.MoveCard(rng.choice(COLOURS), rng.choice(("success", "fail"))),
        a.GainToken(cid, rng.choice(("", *COLOURS))),
        a.LoseToken(cid, rng.choice(held) if held else "politics"),
        a.Resist(space, rng.choice(here) if here else "punk", rng.randint(0, 6)),
        a.DrawHope(cid),
        a.PlayHope(cid),
    ]
    site = a.PlaceSite(rng.choice(small) if small else "")
    blight = a.PlaceBlight(rng.choice(holders) if holders else "")
    if goal == "random":
        out += [site, blight, a.BreakBad(cid), a.FlipGood(cid)]
    if goal in ("thrive", "survive", "defeat") and bad:
        out += [a.FlipGood(rng.choice(bad))] * 3
    if goal == "thrive" or (goal == "survive" and state.city.sites < 3):
        out += [site] * 4
    if goal == "ruin":
        out += [blight] * 4
    return out


def settling(state: HopeCityState) -> list[Action]:
    """Every way to cash each complete set, which the rules ask for before the turn or year goes on."""
    small = small_punk_spaces(state.city) or ("",)
    holders = talent_holders(state) or ("",)
    out: list[Action] = []
    for pile in complete_sets(state):
        if pile == "success":
            out += [a.CashSet(pile, punk_from=p) for p in small]
        else:
            out += [a.CashSet(pile, talent_from=t) for t in holders]
    return out


def cash_entries(state: HopeCityState, rng: random.Random, goal: str) -> list[Action]:
    small = small_punk_spaces(state.city)
    holders = talent_holders(state)
    punk = rng.choice(small) if small else ""
    out: list[Action] = [] if state.tile_placed else settling(state)
    if goal in ("random", "thrive") or (goal == "survive" and state.city.sites < 3):
        out += [a.CashSet("success", punk_from=punk), a.ClaimPunkSite(punk)]
    if goal in ("random", "ruin"):
        out.append(a.CashSet("fail", talent_from=rng.choice(holders) if holders else ""))
    return out


def talents(state: HopeCityState, rng: random.Random, goal: str) -> list[Action]:
    """Talents and temptations, each citizen's own or borrowed: most of them only suit one citizen."""
    turn = state.turn
    assert turn is not None
    me = state.citizen(turn.citizen)
    others = [c.id for c in state.active if c.id != me.id]
    lenders = [c.id for c in state.citizens if not c.active and c.talents]
    token_from = rng.choice(lenders) if lenders and rng.random() < 0.3 else ""
    space = rng.choice(COLOURS)
    here = state.city.on(space)
    held = [t for t in me.tokens.items() if t in COLOURS] or ["politics"]
    corruption = corruption_roll(rng, goal)
    market = [t for t in state.trade.items()] or ["politics"]
    return [
        a.Lead(token_from),
        a.InvestResource(
            rng.choice(held),
            rng.choice(others) if others else "mayor",
            take=rng.choice(("", *market)),
            token_from=token_from,
        ),
        a.Innovate(space, rng.choice(here) if here else "punk", rng.randint(0, 6), token_from),
        a.Innovate(space, rng.choice(here) if here else "punk", 0, token_from, True, rng.randint(0, 6)),
        a.Explore(token_from),
        a.Heal(rng.choice(("bag", *others)), token_from),
        a.InvestMonument(token_from),
        a.Bribe(corruption),
        a.Scam(
            corruption,
            tuple((rng.choice(market), rng.choice(others or ["mayor"])) for _ in range(rng.randint(1, 2))),
        ),
        a.GangUp(corruption),
        a.Hack(corruption),
        a.Trespass(corruption),
        a.SellScripts(corruption, rng.randint(0, 6)),
    ]


def turn_entries(state: HopeCityState, rng: random.Random, goal: str) -> list[Action]:
    turn = state.turn
    assert turn is not None
    me = state.citizen(turn.citizen)
    if not turn.wage_taken:
        named = [t for t in state.bag.items() if t != CORRUPTION]
        return [a.DrawToken(), a.DrawToken(rng.choice(named)) if named else a.DrawToken()]
    if attack_due(state):
        space = me.space
        assert space is not None
        dice = tuple(rng.randint(1, 6) for _ in state.city.on(space))
        purple = rng.randint(0, 6) if not state.citizen("coach").good else 0
        return [a.FaceAttack(dice, purple), a.FaceAttack(), a.Explore(), a.FaceAttack(dice, purple, True)]
    held = Counter(me.tokens.counts)
    out: list[Action] = []
    if not turn.moved and turn.objective is None and not turn.objective_done:
        give = rng.choice(list(held.elements()) or ["politics"])
        out += [a.Trade(give, rng.choice((*COLOURS, HOPE))), a.Move(rng.choice(COLOURS))]
        wanted = [c for c, pile in zip(COLOURS, state.piles.success, strict=True) if not pile]
        if wanted and goal != "defeat":
            out += [a.Move(rng.choice(wanted))] * 3
    for punk in turn.fight_back:
        out.append(a.FightBack(punk, rng.choice(list(held.elements()) or ["politics"])))
    card = turn.objective
    if card is None and not turn.objective_done and me.space is not None:
        source = rng.choice(("pile", "pile", "pile", "major", "track", "fail"))
        if source == "major":
            cost = tuple(rng.sample(COLOURS, 5))
        elif source == "track":
            cost = ()
        else:
            cost = random_cost(rng, me.space)
            if rng.random() < 0.5 and held[me.space]:
                cost = (me.space,)
        slot = rng.randint(1, max(1, len(state.track.cards)))
        choice = a.ChooseObjective(source, cost, slot if source == "track" else 0)
        # A card taken with LEAD cannot go on the Future Track: only take one that can be paid.
        stuck = source == "fail"
        if not stuck or (cost and payment(held, cost) is not None):
            out += [choice] * 5
    elif card is not None and not card.paid:
        pay = payment(held, card.cost)
        if pay is not None:
            out += [a.Attempt(pay)] * 12
        helpers = [c for c in state.active if c.id != me.id and c.space == me.space]
        if helpers and card.cost:
            helper = rng.choice(helpers)
            first = payment(Counter(helper.tokens.counts), card.cost[:1])
            rest = payment(held, card.cost[1:])
            if first is not None and rest is not None:
                out.append(a.Attempt((*first, *rest), (helper.id, *("",) * len(rest)), rng.random() < 0.2))
        out += [a.Attempt(), a.Defer(rng.randint(0, 6)), a.Defer()]
    elif card is not None:
        success = rng.random() < (0.9 if goal == "defeat" else 0.6 if goal == "ruin" else 0.5)
        out += [a.Resolve(success)] * 8
    out += talents(state, rng, goal)
    out += cash_entries(state, rng, goal)
    if rng.random() < 0.4:
        out += effects(state, rng, goal)
    bad = [c.id for c in state.active if not c.good]
    if goal in ("thrive", "survive", "defeat") and bad:
        out += [a.FlipGood(rng.choice(bad))] * 4
    done = turn.objective is None
    out += [a.EndTurn()] * (6 if done and turn.objective_done else 2 if done else 1)
    return out


def candidates(state: HopeCityState, rng: random.Random, goal: str = "random") -> list[Action]:
    """Entries to try, most likely first (the order is the table's whim, weighted by repeats)."""
    active = [c.id for c in state.active]
    if state.stage == "citizens":
        return [choose_entry(rng, rng.randint(3, 6), rng.randint(0, 30))]
    if state.stage == "tokens":
        named = [t for t in state.bag.items()]
        return [a.DrawToken(), a.DrawToken(rng.choice(named))]
    if state.scripts_due:
        return [a.TakeScript(c) for c in rng.sample(active, len(active))]
    if state.corruption_due:
        return [a.GiveCorruption(c) for c in rng.sample(active, len(active))]
    if state.punks_due:
        spaces = list(legal_spaces(state.city)) or list(COLOURS)
        return [a.PlacePunk(rng.choice(spaces)), *(a.PlacePunk(s) for s in COLOURS)]
    if state.deal_due:
        others = [c for c in active if c != "doctor"]
        return [
            a.Deal((rng.choice(others),)),
            a.Deal(tuple(rng.sample(others, 2)) if len(others) > 1 else (others[0],)),
            *(a.Deal((c,)) for c in others),
        ]
    if state.stage == "chaos":
        return [a.ChaosIn(), a.PlaceMonument()] if rng.random() < 0.1 else [a.ChaosIn()]
    if state.stage == "cleanup":
        out: list[Action] = [a.ResolveChaos(rng.random() < 0.5), *cash_entries(state, rng, goal)]
        if rng.random() < 0.3:
            out += effects(state, rng, goal)
        return [*out, a.PlaceMonument(), a.EndYear()]
    return turn_entries(state, rng, goal)


def step(
    session: Session, rng: random.Random, goal: str = "random", check: Check | None = None
) -> Action | None:
    """Dispatch candidates, shuffled with their weights, until one is accepted; None if none was."""
    state = session.state
    if state.result is not None:
        return None
    options = candidates(state, rng, goal)
    rng.shuffle(options)
    tried: set[Action] = set()
    for action in options:
        if action in tried:
            continue
        tried.add(action)
        result = session.dispatch(action)
        if check is not None:
            check(state, action, result)
        if result.ok:
            return action
    return None


def new_session(seed: int, goal: str = "random", size: int | None = None, **options: object) -> Session:
    """A session whose citizens are chosen at random (`size` of them, 3 to 6) with the Pool counted."""
    rng = random.Random(seed)
    entry = choose_entry(rng, size or rng.randint(3, 6), 30 if goal != "random" else rng.randint(0, 30))
    game = get_game("hope-city")
    session = Session(game, make_setup(game, players_of(entry), dict(options)), seed)
    assert session.dispatch(entry).ok
    return session


def play_game(seed: int, goal: str, size: int | None = None, limit: int = 6000) -> Session:
    """A whole game, entries chosen by a table leaning toward `goal`, until it ends."""
    session = new_session(seed, goal, size)
    rng = random.Random(seed)
    for _ in range(limit):
        if session.state.result is not None:
            return session
        step(session, rng, goal)
    raise AssertionError(f"no end after {limit} tries: {session.state.stage} year {session.state.year}")
