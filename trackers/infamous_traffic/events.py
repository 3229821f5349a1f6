"""The event bag: drawing at the end of a round, each event tile's effect with its target worked out (the
resolving player breaks ties), and the Fate of China tiles added at the end of a decade."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from random import Random

from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.rules import refuse
from trackers.infamous_traffic import china
from trackers.infamous_traffic.actions import ChooseTarget, DrawEvent
from trackers.infamous_traffic.guards import G
from trackers.infamous_traffic.state import EVENT_NAMES, EVENT_TILES, Chain, InfamousTrafficState, Question

S = InfamousTrafficState
RULE = {
    "stability": "infamous-traffic/events/stability",
    "debate": "infamous-traffic/events/debate",
    "tax": "infamous-traffic/events/tax",
    "missionary": "infamous-traffic/events/missionary",
    "enforce": "infamous-traffic/events/enforce",
    "taiping": "infamous-traffic/events/taiping",
}


def rule_of(tile: str) -> str:
    return RULE[tile.split("+")[0].split("-")[0] if not tile.startswith("enforce") else "enforce"]


def draws_after_round(round_in_decade: int, players: int) -> int:
    """1 a round, but 2 (4 players) or 3 (5 players) after a decade's first round: 8 events a decade."""
    if round_in_decade == 1 and players >= 4:
        return players - 2
    return 1


def early_end(state: S) -> str:
    """Why the decade ends early ("" when it does not)."""
    if state.demand_supply <= 0:
        return "the demand dice supply is empty"
    if not state.pool:
        return "the Opportunity Pool is empty"
    if state.board is not None and state.outrage >= state.board.outrage.last - 1:
        return "outrage is in one of the track's two rightmost spaces"
    return ""


def check_draw(state: S, action: DrawEvent) -> list[Violation]:
    if action.tile and action.tile not in EVENT_TILES:
        return refuse(f"{G}.event", f"{action.tile!r} is not an event tile.", "infamous-traffic/events")
    if action.tile and action.tile not in state.event_bag:
        return refuse(
            f"{G}.event", f"No {EVENT_NAMES[action.tile]} tile is in the bag.", "infamous-traffic/events"
        )
    if not state.event_bag.total:
        return refuse(f"{G}.event", "The event bag is empty.", "infamous-traffic/events")
    return []


def draw(state: S, action: DrawEvent, rng: Random) -> tuple[S, list[Event]]:
    if action.tile:
        tile, bag = action.tile, state.event_bag.take([action.tile])
    else:
        bag, drawn = state.event_bag.draw(rng)
        tile = drawn[0]
    after = replace(state, event_bag=bag, event_track=(*state.event_track, tile))
    head = Event.of(
        "event", f"Event {after.events_done + 1} of 8: {EVENT_NAMES[tile]}.", tile=tile, rule=rule_of(tile)
    )
    after, events = resolve(after, tile, "")
    return after, [head, *events]


def describe_draw(state: S, action: DrawEvent) -> str:
    return f"Event drawn: {EVENT_NAMES[action.tile]}" if action.tile else "Lantern draws an event"


EMPTY_SUPPLY = "infamous-traffic/demand/empty-supply"


def check_target(state: S, action: ChooseTarget) -> list[Violation]:
    q = state.question
    assert q is not None
    if action.target not in q.options:
        rule = EMPTY_SUPPLY if q.kind == "supply" else rule_of(q.event)
        return refuse(f"{G}.target", f"Choose one of: {', '.join(q.options)}.", rule)
    return []


def choose(state: S, action: ChooseTarget, rng: Random) -> tuple[S, list[Event]]:
    """An event's tie broken; or, with the demand supply empty, the region that gives its die back."""
    q = state.question
    assert q is not None
    after = replace(state, questions=state.questions[1:])
    if q.kind == "supply":
        return china.take_back(after, action.target, q.event, rng, q.count)
    return resolve(after, q.event, action.target)


def describe_target(state: S, action: ChooseTarget) -> str:
    q = state.question
    assert q is not None
    if q.kind == "supply":
        return f"{q.player} chooses {action.target} to give back a demand die"
    return f"{EVENT_NAMES[q.event]}: the resolver chooses {action.target}"


def resolver(state: S) -> str:
    """Who breaks ties: the player in the rightmost space of the round just played."""
    return state.order[-1] if state.order else state.players[0]


def resolve(state: S, tile: str, chosen: str) -> tuple[S, list[Event]]:
    """Apply an event; with a tie (or the unknown Debate sign) and nothing `chosen`, ask instead."""
    rule = rule_of(tile)
    if tile == "stability":
        return _over(state), [Event.of("event", "Stability: nothing happens.", rule=rule)]
    if tile.startswith("debate"):
        sign = tile[len("debate") :] or chosen
        if not sign:
            return _ask(state, tile, ("+2", "-2")), []
        after = china.raise_outrage(state, int(sign))
        return _over(after), [
            Event.of("event", f"Public Debate: outrage {sign}, now {after.outrage}.", rule=rule)
        ]
    helper = HELPERS["enforce" if tile.startswith("enforce") else tile]
    return helper(state, tile, chosen)


def _over(state: S) -> S:
    return replace(state, events_done=state.events_done + 1, draws_left=state.draws_left - 1)


def _ask(state: S, tile: str, options: tuple[str, ...]) -> S:
    return replace(
        state, questions=(Question("target", resolver(state), options=options, event=tile), *state.questions)
    )


def _pick(
    state: S, tile: str, scores: dict[str, int], chosen: str, best: Callable[[list[int]], int] = max
) -> tuple[S, str]:
    """The single best candidate, or the resolver's choice among the tied ones ("" while asking)."""
    top = best(list(scores.values()))
    tied = tuple(k for k, v in scores.items() if v == top)
    if len(tied) == 1:
        return state, tied[0]
    if chosen in tied:
        return state, chosen
    return _ask(state, tile, tied), ""


def _ignored(state: S, text: str, rule: str) -> tuple[S, list[Event]]:
    return _over(state), [Event.of("event", text, rule=rule)]


def tax(state: S, tile: str, chosen: str) -> tuple[S, list[Event]]:
    rule = RULE["tax"]
    scores = {
        r.name: sum(1 for c in china.chains_in(state, r.name) if c.active for t in c.tiles if t is not None)
        for r in state.regions
        if r.alignment == "qing" and any(c.active for c in china.chains_in(state, r.name))
    }
    if not scores:
        return _ignored(state, "Tax: no active chain in a Qing region, so it is ignored.", rule)
    state, target = _pick(state, tile, scores, chosen)
    if not target:
        return state, []
    active_only = state.settings.tax_counts == "in active chains only"
    due: dict[str, int] = {}
    for c in china.chains_in(state, target):
        if active_only and not c.active:
            continue
        for t in c.tiles:
            if t is not None and t.owner:
                due[t.owner] = due.get(t.owner, 0) + 1
    after = state
    for who, n in due.items():
        after = after.pay(who, n)
    paid = ", ".join(f"{p} {n} debt" for p, n in due.items()) or "nobody has tiles there"
    return _over(after), [
        Event.of(
            "event",
            f"Tax in {target} ({scores[target]} tiles in active chains): {paid}.",
            rule=rule,
            region=target,
        )
    ]


def missionary(state: S, tile: str, chosen: str) -> tuple[S, list[Event]]:
    rule = RULE["missionary"]
    scores = {r.name: r.total for r in state.regions if r.alignment == "qing" and r.missionary}
    anywhere = any(r.missionary for r in state.regions)
    literal = state.edition >= 2 and state.settings.missionary_outside_qing == "raises outrage by 2"
    if not scores and anywhere and literal:
        after = china.raise_outrage(state, 2)
        text = "Missionary Expulsion: no Missionary in a Qing region to remove; outrage +2."
        return _over(after), [Event.of("event", text, rule=rule)]
    if not scores:
        return _ignored(
            state, "Missionary Expulsion: no Missionary in a Qing region, so it is ignored.", rule
        )
    state, target = _pick(state, tile, scores, chosen)
    if not target:
        return state, []
    r = state.region(target)
    after = replace(
        state.with_region(replace(r, missionary=False)), removed=state.removed.put(["missionary"])
    )
    after = china.raise_outrage(china.lowest_die_back(after, target), 2)
    text = (
        f"Missionary Expulsion in {target} (demand {r.total}): its lowest demand die goes back, outrage +2."
    )
    return _over(after), [Event.of("event", text, rule=rule, region=target)]


def enforce(state: S, tile: str, chosen: str) -> tuple[S, list[Event]]:
    rule = RULE["enforce"]
    area = tile[len("enforce-") :]
    board = china.board(state)
    candidates = [
        c
        for c in state.chains
        if c.active
        and state.region(board.chain(c.id).region).alignment == "qing"
        and board.region(board.chain(c.id).region).enforcement == area
    ]
    if not candidates:
        return _ignored(
            state,
            f"Enforce in {area.title()}: no active chain in a Qing region there, so it is ignored.",
            rule,
        )
    if state.edition < 2:
        return _enforce_interior_only(state, tile, chosen, candidates)
    networks: dict[str, tuple[str, ...]] = {}
    for c in candidates:
        network = _network(state, c.id)
        if not any(set(network) == set(seen) for seen in networks.values()):
            networks[c.id] = network
    scores = {cid: sum(state.chain(i).value for i in network) for cid, network in networks.items()}
    state, target = _pick(state, tile, scores, chosen)
    if not target:
        return state, []
    network = networks[target]
    after, outrage = china.disrupt(state, network[0])
    after = china.raise_outrage(after, outrage)
    others = [i for i in network if i != target]
    along = f" with the active chains connected to it ({', '.join(others)})" if others else ""
    text = (
        f"Enforce in {area.title()}: chain {target}{along} (worth {scores[target]}) is disrupted; "
        f"outrage +{outrage}."
    )
    return _over(after), [Event.of("event", text, rule=rule, chain=target)]


def _network(state: S, cid: str) -> tuple[str, ...]:
    """The active chains connected to an active chain, its own included: the chain it leads to on the coast
    first, then every active chain behind that one. Disrupting the first takes the rest along."""
    board = china.board(state)
    root = cid
    while (toward := board.chain(root).toward) is not None and state.chain(toward).active:
        root = toward
    return (root, *(i for i in china.interior_behind(state, root) if state.chain(i).active))


def _enforce_interior_only(
    state: S, tile: str, chosen: str, candidates: list[Chain]
) -> tuple[S, list[Event]]:
    """Edition 1's Enforcement: a chain counted with the active interior chains behind it alone."""
    area = tile[len("enforce-") :]
    behind = {
        c.id: tuple(i for i in china.interior_behind(state, c.id) if state.chain(i).active)
        for c in candidates
    }
    scores = {c.id: c.value + sum(state.chain(i).value for i in behind[c.id]) for c in candidates}
    state, target = _pick(state, tile, scores, chosen)
    if not target:
        return state, []
    after, outrage = china.disrupt(state, target)
    after = china.raise_outrage(after, outrage)
    worth = scores[target]
    text = f"Enforce in {area.title()}: chain {target} (worth {worth}) is disrupted; outrage +{outrage}."
    return _over(after), [Event.of("event", text, rule=RULE["enforce"], chain=target)]


def taiping(state: S, tile: str, chosen: str) -> tuple[S, list[Event]]:
    rule = RULE["taiping"]
    board = china.board(state)
    held = {r.name for r in state.regions if r.alignment == "taiping"}
    if not held:
        scores = {
            r.name: r.qing
            + sum(
                1
                for c in china.chains_in(state, r.name)
                for t in c.tiles
                if t is not None and t.kind == "bureaucrat"
            )
            for r in state.regions
            if r.alignment != "treaty" or state.edition < 2
        }
        if not scores:
            return _ignored(state, "Taiping Uprising: every region is a Treaty Port, so it is ignored.", rule)
        state, target = _pick(state, tile, scores, chosen, min)
    else:
        scores = {
            r.name: sum(1 for c in china.chains_in(state, r.name) for t in c.tiles if t is not None)
            for r in state.regions
            if r.name not in held and any(n in held for n in board.region(r.name).adjacent)
        }
        if not scores:
            return _ignored(state, "Taiping Uprising: no region borders the Taiping, so it is ignored.", rule)
        state, target = _pick(state, tile, scores, chosen)
    if not target:
        return state, []
    r = state.region(target)
    lost = min(r.qing, 1 + len(held))
    after = replace(
        state.with_region(replace(r, qing=r.qing - lost)), removed=state.removed.put(["qing"] * lost)
    )
    if after.region(target).qing > 0:
        text = f"Taiping Uprising in {target}: {lost} Qing Force(s) removed; the region holds."
        return _over(after), [Event.of("event", text, rule=rule, region=target)]
    if "taiping" not in after.set_aside:
        text = f"Taiping Uprising in {target}: no Qing Force left, but all Taiping tiles are on the map."
        return _over(after), [Event.of("event", text, rule="infamous-traffic/lantern", region=target)]
    outrage = 0
    for c in china.chains_in(after, target):
        after, more = china.disrupt(after, c.id)
        outrage += more
    after = china.raise_outrage(after, outrage)
    back = ["treaty"] if r.alignment == "treaty" else []
    after = after.with_region(replace(after.region(target), alignment="taiping"))
    after = replace(after, set_aside=after.set_aside.put(back).take(["taiping"]))
    pool = list(after.pool)
    if pool:
        pool.remove(min(pool))
    after = replace(after, pool=tuple(pool))
    text = (
        f"Taiping Uprising in {target}: {lost} Qing Force(s) removed, none left. The Taiping take it: "
        f"its chains are disrupted (outrage +{outrage}) and the lowest pool die is removed."
    )
    return _over(after), [Event.of("event", text, rule=rule, region=target)]


HELPERS: dict[str, Callable[[S, str, str], tuple[S, list[Event]]]] = {
    "tax": tax,
    "missionary": missionary,
    "enforce": enforce,
    "taiping": taiping,
}


def events_to_add(state: S) -> int:
    """One tile per Taiping region and one per region with an active chain (a region may count twice)."""
    return sum(1 for r in state.regions if r.alignment == "taiping") + sum(
        1 for r in state.regions if any(c.active for c in china.chains_in(state, r.name))
    )


def add_events(state: S) -> tuple[S, list[Event]]:
    """This decade's drawn tiles go back in the bag; then 1 tile per Taiping region and per region with an
    active chain: from the Fate of China (rightmost first), then the face-down pile; Stability leaves the
    bag for each one missing. The Fate of China slides right and refills face up."""
    bag = state.event_bag.put(state.event_track)
    n = events_to_add(state)
    left, right = state.fate
    pile = list(state.fate_pile)
    added: list[str] = []
    out: list[str] = []
    for _ in range(n):
        if right:
            added.append(right)
            right = ""
        elif left:
            added.append(left)
            left = ""
        elif pile:
            added.append(pile.pop())
        elif "stability" in bag:
            bag = bag.take(["stability"])
            out.append("stability")
    bag = bag.put(added)
    if not right and left:
        left, right = "", left
    if not right and pile:
        right = pile.pop()
    if not left and pile:
        left = pile.pop()
    after = replace(
        state,
        event_bag=bag,
        event_track=(),
        fate=(left, right),
        fate_pile=tuple(pile),
        events_out=state.events_out.put(out),
    )
    names = ", ".join(EVENT_NAMES[t] for t in added) or "none"
    text = f"{n} event tile(s) join the bag: {names}. The bag holds {bag.total}."
    return after, [Event.of("add_events", text, rule="infamous-traffic/decade/add-events")]
