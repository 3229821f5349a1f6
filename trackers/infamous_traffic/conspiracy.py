"""Placing the tiles of a conspiracy bowl, each by its own rule: Missionaries and Smugglers go near black
tiles and bring a demand die, Qing Forces reroll the pool or fight the Taiping, Bureaucrats go where there
is demand, and a Smuggler or Bureaucrat may push out one of its kind worth more."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.names import known_as, same_name
from trackers.core.rules import refuse
from trackers.core.wording import a_or_an
from trackers.infamous_traffic import china
from trackers.infamous_traffic.actions import PlaceConspiracy
from trackers.infamous_traffic.guards import DIE, FACE, SPACE, VALUE, G, region_named, space_in
from trackers.infamous_traffic.state import AGENTS, TILE_NAMES, InfamousTrafficState, Piece

S = InfamousTrafficState
RULE = {
    "missionary": "infamous-traffic/conspiracy/missionary",
    "qing": "infamous-traffic/conspiracy/qing",
    "smuggler": "infamous-traffic/conspiracy/smuggler",
    "bureaucrat": "infamous-traffic/conspiracy/bureaucrat",
}


def taiping_regions(state: S) -> int:
    return sum(1 for r in state.regions if r.alignment == "taiping")


def any_black_tile(state: S) -> bool:
    return any(china.holds_black_tile(state, r.name) for r in state.regions)


def check_place(state: S, action: PlaceConspiracy) -> list[Violation]:
    q = state.question
    assert q is not None
    if action.tile not in q.tiles:
        return refuse(
            f"{G}.tile",
            f"The bowl's tiles left to place: {', '.join(q.tiles)}.",
            "infamous-traffic/actions/conspiracy",
        )
    if (
        problems := SPACE.violations(action.space)
        or DIE.violations(action.die)
        or VALUE.violations(action.value)
    ):
        return problems
    for face in action.rerolls:
        if problems := FACE.violations(face):
            return problems
    if not action.region and not action.chain:
        if placeable(state, action.tile, action.value):
            return refuse(
                f"{G}.placeable",
                f"The {action.tile} has a legal place on the board: put it there.",
                RULE[action.tile],
            )
        return []
    if action.tile in AGENTS:
        return _check_agent(state, action)
    if problems := region_named(state, action.region):
        return problems
    if action.tile == "missionary":
        return _check_missionary(state, action.region)
    return _check_qing(state, action)


def placeable(state: S, tile: str, value: int) -> bool:
    """Whether the tile (a Smuggler or Bureaucrat worth `value`) has any legal place; one without leaves
    the game (Lantern's reading)."""
    if tile in AGENTS:
        board = china.board(state)
        return any(
            not _check_agent(state, PlaceConspiracy(tile, chain=c.id, space=i + 1, value=value))
            for c in state.chains
            for i, space in enumerate(board.chain(c.id).spaces)
            if space == "blank"
        )
    if tile == "missionary":
        return any(not _check_missionary(state, r.name) for r in state.regions)
    return bool(state.regions)


def _check_missionary(state: S, region: str) -> list[Violation]:
    if state.region(region).missionary:
        return refuse(
            f"{G}.missionary", f"{region} already has a Missionary: one a region.", RULE["missionary"]
        )
    allowed = china.near_black_tile(state, region) or (
        same_name(region, "Canton") and not any_black_tile(state)
    )
    if not allowed:
        return refuse(
            f"{G}.no_black_tile",
            f"{region} neither holds a black tile nor borders one that does.",
            RULE["missionary"],
        )
    return []


def _check_qing(state: S, action: PlaceConspiracy) -> list[Violation]:
    target = state.region(action.region)
    if target.alignment != "taiping":
        if action.removals:
            return refuse(
                f"{G}.battle", "Only a battle against the Taiping removes other Qing Forces.", RULE["qing"]
            )
        return []
    needed = taiping_regions(state)
    board = china.board(state)
    left = {r.name: r.qing for r in state.regions}
    for name in action.removals:
        if name not in left or not board.adjacent(action.region, name):
            return refuse(f"{G}.battle", f"{name!r} does not border {action.region}.", RULE["qing"])
        left[name] -= 1
        if left[name] < 1 and _last_force(state, name):
            return refuse(
                f"{G}.battle",
                f"{name} would lose its last Qing Force; the battle cannot take it.",
                RULE["qing"],
            )
        if left[name] < 0:
            return refuse(f"{G}.battle", f"{name} has no Qing Force to give.", RULE["qing"])
    if len(action.removals) != needed:
        return refuse(
            f"{G}.battle",
            f"A battle in {action.region} first removes {needed} Qing Force(s) from bordering regions "
            f"(one per Taiping region); {len(action.removals)} named.",
            RULE["qing"],
        )
    return []


def _last_force(state: S, region: str) -> bool:
    """Whether a region's last Qing Force holds it: in a Qing region it does; under a Treaty Port the Treaty
    Port tile stays, so the battle may take it (edition 1 kept that one too)."""
    alignment = state.region(region).alignment
    return alignment == "qing" or (alignment == "treaty" and state.edition < 2)


def _check_agent(state: S, action: PlaceConspiracy) -> list[Violation]:
    rule = RULE[action.tile]
    if problems := space_in(state, action.chain, action.space) or VALUE.violations(action.value):
        return problems
    spec = china.board(state).chain(action.chain)
    if spec.spaces[action.space - 1] != "blank":
        return refuse(f"{G}.space_type", f"{a_or_an(action.tile).capitalize()} goes on a blank space.", rule)
    chain = state.chain(action.chain)
    occupant = chain.tiles[action.space - 1]
    if occupant is not None:
        if occupant.kind != action.tile or occupant.value <= action.value:
            return refuse(
                f"{G}.competition",
                f"That space holds {a_or_an(occupant.kind)} worth {occupant.value}: only "
                f"{a_or_an(action.tile)} of lower value can push out one of its own kind.",
                "infamous-traffic/conspiracy/competition",
            )
        return []
    if action.tile == "smuggler":
        return _check_smuggler(state, action, spec.region)
    if state.region(spec.region).demand or not any(r.demand for r in state.regions):
        return []
    return refuse(
        f"{G}.no_demand", f"{spec.region} has no demand die: a Bureaucrat goes where there is demand.", rule
    )


def _check_smuggler(state: S, action: PlaceConspiracy, region: str) -> list[Violation]:
    if any(t is not None and t.kind == "smuggler" for t in state.chain(action.chain).tiles):
        return refuse(
            f"{G}.one_smuggler", f"Chain {action.chain} already has its Smuggler.", RULE["smuggler"]
        )
    if china.near_black_tile(state, region):
        return []
    canton = known_as("Canton", [r.name for r in state.regions]) or "Canton"
    if not any_black_tile(state) and (same_name(region, canton) or not _smuggler_room(state, canton)):
        return []
    return refuse(
        f"{G}.no_black_tile",
        f"{region} neither holds a black tile nor borders one that does.",
        RULE["smuggler"],
    )


def _smuggler_room(state: S, region: str) -> bool:
    board = china.board(state)
    for chain in china.chains_in(state, region):
        spec = board.chain(chain.id)
        has_smuggler = any(t is not None and t.kind == "smuggler" for t in chain.tiles)
        if not has_smuggler and any(
            s == "blank" and t is None for s, t in zip(spec.spaces, chain.tiles, strict=True)
        ):
            return True
    return False


def place(state: S, action: PlaceConspiracy, rng: Random) -> tuple[S, list[Event]]:
    q = state.question
    assert q is not None
    tiles = list(q.tiles)
    tiles.remove(action.tile)
    rest = (replace(q, tiles=tuple(tiles)),) if tiles else ()
    after = replace(state, questions=(*rest, *state.questions[1:]))
    if not action.region and not action.chain:
        text = f"The {TILE_NAMES[action.tile]} has no legal place: it leaves the game."
        return replace(after, removed=after.removed.put([action.tile])), [
            Event.of("no_place", text, rule="infamous-traffic/lantern")
        ]
    if action.tile == "missionary":
        r = after.region(action.region)
        after, events = china.add_demand_die(
            after.with_region(replace(r, missionary=True)), action.region, rng, action.die
        )
        return after, events
    if action.tile == "qing":
        return _place_qing(after, action, rng)
    return _place_agent(after, action, rng)


def _place_qing(state: S, action: PlaceConspiracy, rng: Random) -> tuple[S, list[Event]]:
    target = state.region(action.region)
    if target.alignment == "treaty":
        return state.with_region(replace(target, qing=target.qing + 1)), []
    if target.alignment == "qing":
        after, n = china.reroll_matching(
            state.with_region(replace(target, qing=target.qing + 1)), action.region, rng, action.rerolls
        )
        text = f"A Qing Force in {action.region}: {n} matching pool dice rerolled."
        return after, [Event.of("reroll", text, rule=RULE["qing"])]
    after = state
    for name in action.removals:
        r = after.region(name)
        after = replace(after.with_region(replace(r, qing=r.qing - 1)), removed=after.removed.put(["qing"]))
    after = after.with_region(replace(after.region(action.region), alignment="qing", qing=1))
    after = replace(after, set_aside=after.set_aside.put(["taiping"]))
    die = action.die or rng.randint(1, 6)
    after = replace(after, pool=(*after.pool, die))
    text = f"The Qing retake {action.region} from the Taiping; a die joins the pool: {die}."
    return after, [Event.of("battle", text, rule=RULE["qing"])]


def _place_agent(state: S, action: PlaceConspiracy, rng: Random) -> tuple[S, list[Event]]:
    region = china.region_of(state, action.chain)
    occupant = state.chain(action.chain).tiles[action.space - 1]
    after = china.put_piece(state, action.chain, action.space - 1, Piece(action.tile, action.value))
    events: list[Event] = []
    if occupant is not None:
        after = replace(after, removed=after.removed.put([occupant.kind]))
        events.append(
            Event.of(
                "competition",
                f"The {action.tile} worth {action.value} pushes out the one worth {occupant.value}.",
                rule="infamous-traffic/conspiracy/competition",
            )
        )
    elif action.tile == "smuggler":
        after, more = china.add_demand_die(after, region, rng, action.die)
        events += more
    if action.reroll and (occupant is not None or action.tile == "bureaucrat"):
        after = china.reroll_lowest(after, region, rng, action.rerolls[0] if action.rerolls else 0)
        events.append(Event.of("demand", f"{region}'s lowest demand die rerolled.", rule=RULE["bureaucrat"]))
    return after, events


def describe_place(state: S, action: PlaceConspiracy) -> str:
    if not action.region and not action.chain:
        return f"The {TILE_NAMES[action.tile]} has no legal place and leaves the game"
    if action.tile in AGENTS:
        where = f"space {action.space} of chain {action.chain}"
        return f"A {TILE_NAMES[action.tile]} ({action.value}) goes to {where}"
    return f"A {TILE_NAMES[action.tile]} goes to {action.region}"
