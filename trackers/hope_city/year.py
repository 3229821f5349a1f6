"""The year's frame: choosing citizens, starting tokens, the chaos card, PUNKS out, the turns in order, and
the clean-up (chaos, infection, the year marker), plus the questions an entry can leave open (corruption to
pass on, the Drug Dealer's deal)."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.core.bag import Bag
from trackers.core.errors import Violation
from trackers.core.limits import Count, count_violations
from trackers.core.rules import Rule, refuse
from trackers.hope_city import flows
from trackers.hope_city.actions import (
    ChaosIn,
    ChooseCitizens,
    Deal,
    DrawToken,
    EndTurn,
    EndYear,
    GiveCorruption,
    LegacyChooseCitizens,
    PlacePunk,
    ResolveChaos,
)
from trackers.hope_city.flows import Step, ev
from trackers.hope_city.guards import (
    in_play,
    objective_open,
    resource_named,
    sets_settled,
    space_named,
    turn_of,
)
from trackers.hope_city.state import (
    CITIZENS,
    COLOURS,
    CORRUPTION,
    EDITION,
    HOPE,
    PUNK,
    YEARS,
    City,
    HopeCityState,
    Track,
    Turn,
)

S = HopeCityState
POOL = Count(0, 300, "The Pool holds", "corruption tokens", code="hope-city.count", rule="hope-city/setup")
SUPPLY = Count(
    0, 100, "The supply holds", "PUNKS of each size", code="hope-city.count", rule="hope-city/setup"
)
START_PUNKS = ("politics", "economics")


def citizens_fit(state: S, action: ChooseCitizens) -> list[Violation]:
    if problems := count_violations((POOL, action.pool), (SUPPLY, action.punks), (SUPPLY, action.big_punks)):
        return problems
    rule = "hope-city/setup/citizens"
    players = [p for p, _ in action.seats]
    chosen = [c for _, c in action.seats]
    if stray := [c for c in chosen if c not in CITIZENS]:
        return refuse("hope-city.citizen", f"{stray[0]!r} is not a citizen.", rule)
    if stray := [p for p in players if p not in state.players]:
        return refuse("hope-city.player", f"{stray[0]!r} is not at this table.", rule)
    if len(set(chosen)) != len(chosen):
        return refuse("hope-city.twice", "Each citizen card is played by one player only.", rule)
    if missing := [p for p in state.players if p not in players]:
        return refuse("hope-city.seatless", f"{missing[0]} plays no citizen yet.", rule)
    if not 3 <= len(chosen) <= 6:
        return refuse(
            "hope-city.how_many",
            f"3 to 6 citizens play; {len(chosen)} chosen. With 1 or 2 players, each runs several.",
            rule,
        )
    if "mayor" not in chosen:
        return refuse("hope-city.mayor", "The Mayor is in every game: someone plays her.", rule)
    if ("doctor" in chosen) != bool(action.doctor_space):
        return refuse(
            "hope-city.doctor_space",
            "The Doctor chooses her starting space (and only she does).",
            rule,
        )
    if action.doctor_space:
        return space_named(action.doctor_space)
    return []


def choose_citizens(state: S, action: ChooseCitizens, rng: Random) -> Step:
    seats = dict((c, p) for p, c in action.seats)
    mayor_at = [c for _, c in action.seats].index("mayor")
    clockwise = [c for _, c in action.seats]
    order = tuple(clockwise[mayor_at:] + clockwise[:mayor_at])
    citizens = tuple(
        replace(
            c,
            player=seats.get(c.id),
            space=(action.doctor_space if c.id == "doctor" else c.colour) if c.id in seats else None,
        )
        for c in state.citizens
    )
    edition = 1 if isinstance(action, LegacyChooseCitizens) else EDITION
    state = replace(state, citizens=citizens, order=order, edition=edition)
    size = state.table_size
    punks = (*START_PUNKS, "society") if size >= 5 else START_PUNKS
    city = City(
        punks=tuple((PUNK,) if space in punks else () for space in COLOURS),
        punk_supply=action.punks,
        big_supply=action.big_punks,
        tiles=("",) * state.settings.tile_spaces,
    )
    per_card = 2 if size == 3 else 1
    drawing = CITIZENS if state.settings.tokens_for_all else order
    state = replace(
        state,
        stage="tokens",
        bag=Bag.of({**{c: 3 for c in COLOURS}, CORRUPTION: 3 if size >= 5 else 2}),
        trade=Bag.of({**{c: 2 if size >= 6 else 1 for c in COLOURS}, HOPE: 1}),
        pool=action.pool,
        city=city,
        track=Track(),
        start_due=tuple(c for c in drawing for _ in range(per_card)),
    )
    names = ", ".join(state.citizen(c).label for c in order)
    return state, [
        ev("setup", f"In play, in turn order: {names}.", "hope-city/setup/citizens"),
        ev(
            "setup",
            f"Bag: 15 resources and {state.bag.count(CORRUPTION)} corruption; Punks on {', '.join(punks)}.",
            "hope-city/setup",
        ),
    ]


def token_named(state: S, action: DrawToken) -> list[Violation]:
    if not action.token:
        return []
    if action.token != CORRUPTION and (problems := resource_named(action.token, hope=False)):
        return problems
    if state.bag.count(action.token) < 1:
        return refuse("hope-city.not_in_bag", f"The bag holds no {action.token} now.", "hope-city/wage")
    return []


def draw_token(state: S, action: DrawToken, rng: Random) -> Step:
    if state.stage == "tokens":
        cid, rest = state.start_due[0], state.start_due[1:]
        state = replace(state, start_due=rest)
        why = "starting token"
    else:
        cid = turn_of(state).citizen
        state = replace(state, turn=replace(turn_of(state), wage_taken=True))
        why = "wage"
    if state.bag.total == 0:
        return after_start(state), [ev("empty_bag", "The bag is empty: nothing to draw.", "hope-city/wage")]
    if action.token:
        token = action.token
    else:
        _, (token,) = state.bag.draw(rng)
    if not state.citizen(cid).active:
        state = flows.noted(state, "out", f"{token} drawn for the {state.citizen(cid).name}'s card")
        if token == CORRUPTION:
            text = f"The {state.citizen(cid).name}'s card draws corruption: it goes back into the bag."
            return after_start(state), [ev("token", text, "hope-city/setup/citizens", token=token)]
        state = replace(state, bag=state.bag.take([token]))
        state = flows.token_to_citizen(state, cid, token)
        text = f"The {state.citizen(cid).name}'s card takes {token}."
        return after_start(state), [ev("token", text, "hope-city/setup/citizens", token=token)]
    state, events = flows.drawn_from_bag(state, cid, token, why)
    return after_start(state), events


def after_start(state: S) -> S:
    if state.stage == "tokens" and not state.start_due:
        return replace(state, stage="chaos")
    return state


def chaos_in(state: S, action: ChaosIn, rng: Random) -> Step:
    if state.chaos_pile:
        state = replace(state, chaos_pile=state.chaos_pile - 1, chaos_in_play=True, chaos_resolved=False)
        events = [ev("chaos", f"Year {state.year}: a chaos card is in play.", "hope-city/chaos")]
    else:
        events = [ev("chaos", "The chaos pile is empty: no chaos card this year.", "hope-city/chaos")]
    total = state.city.total_punks
    out = 2 if total == 0 else 1 if total == 1 else 0
    for _ in range(out):
        state, more = flows.emerge(state, PUNK, "the year begins")
        events += more
    state, more = flows.drop_unplaceable(state)
    events += more
    state, more = begin_turn(replace(state, stage="turns"), 0)
    return state, events + more


def begin_turn(state: S, index: int) -> Step:
    """The next citizen's turn, with the flaws that strike at its start."""
    cid = state.order[index]
    citizen = state.citizen(cid)
    turn = Turn(cid)
    events = [ev("turn", f"The {citizen.label}'s turn.", "hope-city/turn", citizen=cid)]
    if cid == "entrepreneur" and not citizen.good:
        turn = replace(turn, wage_taken=True)
        events.append(ev("flaw", "The Tycoon takes no wage.", "hope-city/citizens/flaws"))
    state = replace(state, turn=turn, tile_placed=False)
    if cid == "engineer" and not citizen.good:
        state, more = flows.emerge(state, PUNK, "the Cyberpunk's turn")
        events += more
        state, more = flows.drop_unplaceable(state)
        events += more
    if cid == "doctor" and not citizen.good:
        state = replace(state, deal_due=True)
        events.append(ev("flaw", "The Drug Dealer deals corruption.", "hope-city/citizens/flaws"))
    return state, events


def punk_fits(state: S, action: PlacePunk) -> list[Violation]:
    if problems := space_named(action.space):
        return problems
    here = state.city.on(action.space)
    if len(here) >= 2:
        return refuse("hope-city.punks_full", f"{action.space} already holds 2 PUNKS.", "hope-city/punks")
    if action.space not in flows.legal_spaces(state.city):
        empty = ", ".join(s for s in COLOURS if not state.city.on(s))
        return refuse(
            "hope-city.punks_spread",
            f"Every space needs a PUNK before one doubles up: {empty} first.",
            "hope-city/punks",
        )
    return []


def place_punk(state: S, action: PlacePunk, rng: Random) -> Step:
    kind, rest = state.punks_due[0], state.punks_due[1:]
    city = state.city
    i = COLOURS.index(action.space)
    city = replace(
        city,
        punks=(*city.punks[:i], (*city.punks[i], kind), *city.punks[i + 1 :]),
        punk_supply=city.punk_supply - (kind == PUNK),
        big_supply=city.big_supply - (kind != PUNK),
    )
    what = "A Punk" if kind == PUNK else "A Big Punk"
    state, events = flows.drop_unplaceable(replace(state, city=city, punks_due=rest))
    return state, [
        ev("punk", f"{what} takes {action.space}.", "hope-city/punks", space=action.space),
        *events,
    ]


def turn_over(state: S) -> list[Violation]:
    turn = turn_of(state)
    if turn.objective is not None:
        if turn.objective.paid:
            return refuse(
                "hope-city.unresolved",
                "Say whether the attempt succeeded first.",
                "hope-city/objectives/achieve",
            )
        return refuse(
            "hope-city.undecided",
            "Attempt the chosen objective or put it on the Future Track first.",
            "hope-city/objectives",
        )
    if state.edition >= 2 and objective_open(state):
        return refuse(
            "hope-city.choose_first",
            "Choose an objective of this space first, then attempt it or put it on the Future Track.",
            "hope-city/turn",
        )
    return sets_settled(state)


def end_turn(state: S, action: EndTurn, rng: Random) -> Step:
    index = state.order.index(turn_of(state).citizen) + 1
    if index < len(state.order):
        return begin_turn(state, index)
    state = replace(state, stage="cleanup", turn=None, tile_placed=False)
    text = "Every citizen has played: clean-up." if state.chaos_in_play else "Every citizen has played."
    return state, [ev("cleanup", text, "hope-city/year")]


def chaos_open(state: S) -> list[Violation]:
    if not state.chaos_in_play or state.chaos_resolved:
        return refuse(
            "hope-city.no_chaos", "No chaos card waits to be resolved this year.", "hope-city/chaos"
        )
    return []


def resolve_chaos(state: S, action: ResolveChaos, rng: Random) -> Step:
    state = replace(state, chaos_resolved=True)
    if action.met:
        return state, [ev("chaos", "The chaos card's conditions were met.", "hope-city/chaos")]
    return state, [
        ev("chaos", "The chaos strikes: enter its consequence as the card reads.", "hope-city/chaos")
    ]


def chaos_done(state: S) -> list[Violation]:
    if state.chaos_in_play and not state.chaos_resolved:
        return refuse(
            "hope-city.chaos_first",
            "Say whether the chaos card's conditions were met first.",
            "hope-city/year",
        )
    return []


def end_year(state: S, action: EndYear, rng: Random) -> Step:
    punks = state.city.total_punks
    moved = min(punks, state.pool)
    state = flows.into_bag(replace(state, pool=state.pool - moved), CORRUPTION, "PUNKS infect the bag", moved)
    short = f" (the Pool held only {moved})" if moved < punks else ""
    events = [
        ev(
            "infect",
            f"{punks} PUNKS infect the bag: {moved} corruption goes in{short}.",
            "hope-city/year",
            moved=moved,
        )
    ]
    if state.year >= YEARS:
        state, more = flows.final_check(state)
        return state, events + more
    state = replace(
        state,
        year=state.year + 1,
        stage="chaos",
        chaos_in_play=False,
        chaos_resolved=False,
        tile_placed=False,
    )
    return state, [*events, ev("year", f"Year {state.year} begins.", "hope-city/year")]


def good_target(state: S, action: GiveCorruption) -> list[Violation]:
    if problems := in_play(state, action.to):
        return problems
    if not state.citizen(action.to).good:
        return refuse(
            "hope-city.give_good",
            f"The {state.citizen(action.to).name} is bad: corruption passes to a good citizen.",
            "hope-city/corruption",
        )
    return []


def give_corruption(state: S, action: GiveCorruption, rng: Random) -> Step:
    state = replace(state, corruption_due=state.corruption_due - 1)
    return flows.gain_corruption(state, action.to, 1, "given")


def deal_fits(state: S, action: Deal) -> list[Violation]:
    rule = "hope-city/citizens/flaws"
    if len(action.to) not in (1, 2):
        return refuse(
            "hope-city.deal", "The Drug Dealer deals 1 corruption to one citizen or 2 to others.", rule
        )
    for target in action.to:
        if problems := in_play(state, target):
            return problems
        if target == "doctor":
            return refuse("hope-city.deal_self", "The Drug Dealer deals to other citizens.", rule)
    one = len(action.to) == 2 and action.to[0] == action.to[1]
    if one and state.edition >= 2 and not state.settings.deal_to_one:
        return refuse("hope-city.deal_two", "The 2 tokens go to two other citizens, one each.", rule)
    if len(action.to) == 1:
        others = [c for c in state.active if c.id != "doctor"]
        most = max(c.corruption for c in others)
        if state.citizen(action.to[0]).corruption < most:
            leaders = ", ".join(c.name for c in others if c.corruption == most)
            return refuse(
                "hope-city.deal_most", f"A single token goes to the most corrupted citizen: {leaders}.", rule
            )
    return []


def deal(state: S, action: Deal, rng: Random) -> Step:
    state = replace(state, deal_due=False)
    events = [ev("deal", f"The Drug Dealer deals {len(action.to)} corruption.", "hope-city/citizens/flaws")]
    for target in action.to:
        if state.result:
            break
        state, more = flows.gain_corruption(state, target, 1, "pool")
        events += more
    return state, events


def stage_is(*stages: str) -> object:
    return stages


RULES = (
    Rule(
        ChooseCitizens,
        "Choose citizens",
        choose_citizens,
        lambda s, a: "Citizens chosen: " + ", ".join(f"{p} {c}" for p, c in a.seats),
        (citizens_fit,),
    ),
    Rule(
        LegacyChooseCitizens,
        "Choose citizens",
        choose_citizens,
        lambda s, a: "Citizens chosen: " + ", ".join(f"{p} {c}" for p, c in a.seats),
        (citizens_fit,),
    ),
    Rule(
        DrawToken,
        "Draw from the bag",
        draw_token,
        lambda s, a: f"Draw {a.token or 'a token'} from the bag",
        (token_named,),
    ),
    Rule(ChaosIn, "Chaos card in play", chaos_in, lambda s, a: f"Year {s.year}: chaos card in play"),
    Rule(PlacePunk, "Place the PUNK", place_punk, lambda s, a: f"PUNK on {a.space}", (punk_fits,)),
    Rule(
        EndTurn,
        "End turn",
        end_turn,
        lambda s, a: f"End of the {s.on_turn.name if s.on_turn else ''}'s turn",
        (),
        (turn_over,),
    ),
    Rule(
        ResolveChaos,
        "Resolve the chaos card",
        resolve_chaos,
        lambda s, a: "Chaos conditions met" if a.met else "Chaos conditions not met",
        (),
        (chaos_open,),
    ),
    Rule(
        EndYear,
        "End the year",
        end_year,
        lambda s, a: f"End of year {s.year}",
        (),
        (chaos_done, sets_settled),
    ),
    Rule(
        GiveCorruption,
        "Give corruption",
        give_corruption,
        lambda s, a: f"1 corruption to the {s.citizen(a.to).name if a.to in CITIZENS else a.to}",
        (good_target,),
    ),
    Rule(
        Deal,
        "Deal corruption",
        deal,
        lambda s, a: f"The Drug Dealer deals to {', '.join(a.to)}",
        (deal_fits,),
    ),
)
