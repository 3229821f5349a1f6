"""China's arithmetic: opportunity, demand and its dice, black tiles, chains becoming active, revenue and
disruption. Every function takes a state and returns facts or a new state; the rules decide when."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.rules import refuse
from trackers.infamous_traffic.actions import SetDemand
from trackers.infamous_traffic.board import Board
from trackers.infamous_traffic.guards import FACE, G, region_named
from trackers.infamous_traffic.state import Chain, InfamousTrafficState, Piece, Question, Region, moved

S = InfamousTrafficState


def board(state: S) -> Board:
    assert state.board is not None, "China's facts need the board entered"
    return state.board


def region_of(state: S, cid: str) -> str:
    return board(state).chain(cid).region


def chains_in(state: S, region: str) -> tuple[Chain, ...]:
    return tuple(c for c in state.chains if region_of(state, c.id) == region)


def has_opportunity(state: S, region: str) -> bool:
    """A pool die matches a demand die of the region."""
    return bool(set(state.pool) & set(state.region(region).demand))


def black_tiles(state: S, region: str) -> int:
    """Missionary, Smugglers outside active chains and a Treaty Port: each holds one demand die."""
    r = state.region(region)
    smugglers = sum(
        1
        for c in chains_in(state, region)
        if not c.active
        for t in c.tiles
        if t is not None and t.kind == "smuggler"
    )
    return int(r.missionary) + smugglers + int(r.alignment == "treaty")


def holds_black_tile(state: S, region: str) -> bool:
    r = state.region(region)
    smugglers = any(t is not None and t.kind == "smuggler" for c in chains_in(state, region) for t in c.tiles)
    return r.missionary or smugglers or r.alignment == "treaty"


def near_black_tile(state: S, region: str) -> bool:
    """The region holds a black tile or borders one that does (where Missionaries and Smugglers may go)."""
    return holds_black_tile(state, region) or any(
        holds_black_tile(state, other) for other in board(state).region(region).adjacent
    )


def demand_mismatches(state: S) -> tuple[str, ...]:
    """Regions whose demand dice differ from their black tiles (the rules leave a few such cases open)."""
    return tuple(r.name for r in state.regions if len(r.demand) != black_tiles(state, r.name))


def revenue(state: S, player: str) -> int:
    return sum(
        t.value for c in state.chains if c.active for t in c.tiles if t is not None and t.owner == player
    )


def inactive_tiles(state: S, player: str) -> int:
    firm = state.firm(player)
    in_chains = sum(
        1 for c in state.chains if not c.active for t in c.tiles if t is not None and t.owner == player
    )
    return sum(firm.holdings) + in_chains


def ready(state: S, chain: Chain) -> bool:
    """Full, its tiles' total within the region's demand, and every chain toward the coast active."""
    spec = board(state).chain(chain.id)
    if chain.active or not chain.full or chain.value > state.region(spec.region).total:
        return False
    toward = spec.toward
    while toward is not None:
        if not state.chain(toward).active:
            return False
        toward = board(state).chain(toward).toward
    return True


def ready_chains(state: S) -> tuple[str, ...]:
    return tuple(c.id for c in state.chains if ready(state, c))


def conflicting(state: S, ids: tuple[str, ...]) -> bool:
    """Whether the order matters: two ready chains share a region and one holds a Smuggler (it lowers
    the region's demand)."""
    for cid in ids:
        same = [o for o in ids if o != cid and region_of(state, o) == region_of(state, cid)]
        if same and any(t is not None and t.kind == "smuggler" for t in state.chain(cid).tiles):
            return True
    return False


def activate(state: S, cid: str) -> tuple[S, list[Event]]:
    """The chain takes a cube; its Smugglers send the region's lowest demand dice back to the supply."""
    chain = state.chain(cid)
    region = state.region(region_of(state, cid))
    after = state.with_chain(replace(chain, active=True))
    demand = list(region.demand)
    returned = 0
    for t in chain.tiles:
        if t is not None and t.kind == "smuggler" and demand:
            demand.remove(min(demand))
            returned += 1
    after = replace(
        after.with_region(replace(region, demand=tuple(demand))), demand_supply=after.demand_supply + returned
    )
    gains = ", ".join(f"{p} +{v}" for p, v in owners(chain).items())
    text = f"Chain {cid} in {region.name} is active (value {chain.value} within demand {region.total})"
    text += f": revenue {gains}" if gains else ""
    if returned:
        text += f"; its Smuggler sends {returned} demand die back"
    return after, [Event.of("chain_active", text + ".", chain=cid, rule="infamous-traffic/chains/active")]


def owners(chain: Chain) -> dict[str, int]:
    out: dict[str, int] = {}
    for t in chain.tiles:
        if t is not None and t.owner:
            out[t.owner] = out.get(t.owner, 0) + t.value
    return out


def interior_behind(state: S, cid: str) -> tuple[str, ...]:
    """Every chain whose way to the coast runs through `cid`."""
    out: list[str] = []
    for spec in board(state).chains:
        toward = spec.toward
        while toward is not None:
            if toward == cid:
                out.append(spec.id)
                break
            toward = board(state).chain(toward).toward
    return tuple(out)


def disrupt(state: S, cid: str, cascade: bool = True) -> tuple[S, int]:
    """Empty the chain: player tiles back to holdings (1 outrage each), Smugglers and Bureaucrats out of the
    game, the cube back; then every active interior chain behind it. Returns the outrage gained."""
    chain = state.chain(cid)
    after = state
    outrage = 0
    removed: list[str] = []
    for t in chain.tiles:
        if t is None:
            continue
        if t.owner:
            firm = after.firm(t.owner)
            after = after.with_firm(replace(firm, holdings=_plus(firm.holdings, t.kind)))
            outrage += 1
        else:
            removed.append(t.kind)
    after = after.with_chain(Chain(cid, tuple(None for _ in chain.tiles)))
    after = replace(after, removed=after.removed.put(removed))
    if cascade:
        for other in interior_behind(state, cid):
            if after.chain(other).active:
                after, more = disrupt(after, other, cascade=False)
                outrage += more
    return after, outrage


def _plus(counts: tuple[int, int, int], kind: str) -> tuple[int, int, int]:
    return moved(counts, kind, 1)


def raise_outrage(state: S, by: int) -> S:
    last = board(state).outrage.last
    return replace(state, outrage=max(0, min(last, state.outrage + by)))


def add_demand_die(state: S, region: str, rng: Random, face: int = 0) -> tuple[S, list[Event]]:
    """Roll (or take the table's `face`) a demand die into the region; with the supply empty, the region
    with the lowest demand gives back its lowest die and a black tile instead (the rules' rare case)."""
    if state.demand_supply > 0:
        value = face or rng.randint(1, 6)
        r = state.region(region)
        after = replace(
            state.with_region(replace(r, demand=(*r.demand, value))), demand_supply=state.demand_supply - 1
        )
        return after, [
            Event.of(
                "demand",
                f"A demand die rolled into {region}: {value}.",
                region=region,
                die=value,
                rule="infamous-traffic/demand",
            )
        ]
    totals = [r.total for r in state.regions if r.demand]
    if not totals:
        text = f"No demand die is left anywhere, so {region} gets none."
        return state, [Event.of("empty_supply", text, rule="infamous-traffic/demand/empty-supply")]
    tied = tuple(r.name for r in state.regions if r.demand and r.total == min(totals))
    if len(tied) > 1:
        leftmost = state.turn_order[0] if state.turn_order else state.players[0]
        asked = Question("supply", leftmost, options=tied, event=region, count=face)
        return replace(state, questions=(asked, *state.questions)), []
    return take_back(state, tied[0], region, rng, face)


def take_back(state: S, giver: str, region: str, rng: Random, face: int = 0) -> tuple[S, list[Event]]:
    """The supply is empty: `giver` (the region with the lowest demand) returns its lowest die and a black
    tile (its Missionary first, else a Smuggler outside an active chain); that die then goes to `region`."""
    after = _drop_black_tile(lowest_die_back(state, giver), giver)
    text = f"No demand dice left in the supply: {giver} gives back its lowest die and a black tile."
    head = Event.of("empty_supply", text, region=giver, rule="infamous-traffic/demand/empty-supply")
    after, events = add_demand_die(after, region, rng, face)
    return after, [head, *events]


def _drop_black_tile(state: S, region: str) -> S:
    r = state.region(region)
    if r.missionary:
        return replace(
            state.with_region(replace(r, missionary=False)), removed=state.removed.put(["missionary"])
        )
    for c in chains_in(state, region):
        if c.active:
            continue
        for i, t in enumerate(c.tiles):
            if t is not None and t.kind == "smuggler":
                tiles = list(c.tiles)
                tiles[i] = None
                return replace(
                    state.with_chain(replace(c, tiles=tuple(tiles))), removed=state.removed.put(["smuggler"])
                )
    return state


def lowest_die_back(state: S, region: str) -> S:
    r = state.region(region)
    if not r.demand:
        return state
    demand = list(r.demand)
    demand.remove(min(demand))
    return replace(state.with_region(replace(r, demand=tuple(demand))), demand_supply=state.demand_supply + 1)


def reroll_lowest(state: S, region: str, rng: Random, face: int = 0) -> S:
    r = state.region(region)
    if not r.demand:
        return state
    demand = list(r.demand)
    demand.remove(min(demand))
    return state.with_region(replace(r, demand=(*demand, face or rng.randint(1, 6))))


def reroll_matching(state: S, region: str, rng: Random, faces: tuple[int, ...] = ()) -> tuple[S, int]:
    """Reroll every pool die that matches a demand die of the region (after a Merchant or a Qing Force)."""
    demand = set(state.region(region).demand)
    pool = list(state.pool)
    given = list(faces)
    count = 0
    for i, d in enumerate(pool):
        if d in demand:
            pool[i] = given.pop(0) if given else rng.randint(1, 6)
            count += 1
    return replace(state, pool=tuple(pool)), count


def put_piece(state: S, cid: str, space: int, piece: Piece | None) -> S:
    chain = state.chain(cid)
    tiles = list(chain.tiles)
    tiles[space] = piece
    return state.with_chain(replace(chain, tiles=tuple(tiles)))


def set_region(state: S, region: Region) -> S:
    return state.with_region(region)


def check_set_demand(state: S, action: SetDemand) -> list[Violation]:
    if problems := region_named(state, action.region):
        return problems
    for face in action.dice:
        if problems := FACE.violations(face):
            return problems
    if action.region not in demand_mismatches(state):
        return refuse(
            f"{G}.demand_matches",
            f"{action.region}'s demand dice already match its black tiles.",
            "infamous-traffic/demand",
        )
    wanted = black_tiles(state, action.region)
    if len(action.dice) != wanted:
        return refuse(
            f"{G}.demand_count",
            f"{action.region} holds {wanted} black tile(s) outside active chains, so {wanted} demand dice.",
            "infamous-traffic/demand",
        )
    more = len(action.dice) - len(state.region(action.region).demand)
    if more > state.demand_supply:
        return refuse(
            f"{G}.demand_supply",
            f"Only {state.demand_supply} demand dice are left in the supply.",
            "infamous-traffic/demand",
        )
    return []


def set_demand(state: S, action: SetDemand, rng: Random) -> tuple[S, list[Event]]:
    r = state.region(action.region)
    more = len(action.dice) - len(r.demand)
    after = replace(
        state.with_region(replace(r, demand=action.dice)), demand_supply=state.demand_supply - more
    )
    return after, []


def describe_set_demand(state: S, action: SetDemand) -> str:
    dice = ", ".join(map(str, action.dice)) or "none"
    return f"{action.region}'s demand dice settled: {dice}"
