"""What several entries set off in the same way: tokens into and out of the bag, corruption finding a card
and breaking citizens bad, PUNKS emerging and leaving, tiles, piles, the Future Track and the win or loss.

Each function takes the state and returns the new state with the events that explain it, each linked to
the rules section behind it.
"""

from __future__ import annotations

from dataclasses import replace

from trackers.core.actions import Event
from trackers.hope_city.state import (
    BIG,
    BLIGHT,
    COLOURS,
    CORRUPTION,
    PUNK,
    SITE,
    YEARS,
    City,
    HopeCityState,
    Objective,
    Piles,
    Result,
    corruption_cap,
)

S = HopeCityState
Step = tuple[S, list[Event]]


def ev(kind: str, text: str, rule: str, **data: object) -> Event:
    return Event.of(kind, text, rule=rule, **data)


def at(values: tuple[int, ...], i: int, change: int) -> tuple[int, ...]:
    return (*values[:i], values[i] + change, *values[i + 1 :])


def noted(state: S, way: str, what: str) -> S:
    """A line in the bag's ledger."""
    return replace(state, ledger=(*state.ledger, (state.year, way, what)))


def into_bag(state: S, token: str, why: str, n: int = 1) -> S:
    if n <= 0:
        return state
    return noted(replace(state, bag=state.bag.put([token] * n)), "in", f"{n} {token}: {why}")


def token_to_citizen(state: S, cid: str, token: str, n: int = 1) -> S:
    citizen = state.citizen(cid)
    return state.with_citizen(replace(citizen, tokens=citizen.tokens.put([token] * n)))


def token_from_citizen(state: S, cid: str, token: str) -> S:
    citizen = state.citizen(cid)
    return state.with_citizen(replace(citizen, tokens=citizen.tokens.take([token])))


def spend(state: S, cid: str, token: str, why: str) -> S:
    """A citizen pays a token: a resource goes straight back into the bag, a Hope token leaves the game."""
    state = token_from_citizen(state, cid, token)
    if token in COLOURS:
        return into_bag(state, token, f"{state.citizen(cid).name} paid, {why}")
    return state


def drawn_from_bag(state: S, cid: str, token: str, why: str) -> Step:
    """A token out of the bag onto a citizen's card: a resource, or corruption in its place."""
    name = state.citizen(cid).name
    state = noted(replace(state, bag=state.bag.take([token])), "out", f"{token} to the {name}: {why}")
    if token == CORRUPTION:
        return gain_corruption(state, cid, 1, "bag")
    return token_to_citizen(state, cid, token), [
        ev("token", f"The {name} takes {token} from the bag.", "hope-city/wage", citizen=cid, token=token)
    ]


def gain_corruption(state: S, cid: str, n: int, source: str, temptation: bool = False) -> Step:
    """`n` corruption for a citizen, from the Pool, the bag or another citizen.

    From the Pool, a temptation when all the corruption is in play (the Pool empty) breaks the citizen bad
    at once (all or nothing; edition 1: whenever the Pool cannot cover the roll), and otherwise what the
    Pool holds is taken. A bad or non-active citizen passes each token on to a good one, and
    the token that fills a card breaks it bad, the rest passing on too."""
    events: list[Event] = []
    if n <= 0:
        return state, events
    citizen = state.citizen(cid)
    if source == "pool":
        if state.pool < n:
            if temptation and (state.pool == 0 or state.edition < 2):
                events.append(
                    ev(
                        "all_or_nothing",
                        f"The Pool holds {state.pool}, under the {n} rolled: the {citizen.name} breaks bad.",
                        "hope-city/citizens/temptations",
                    )
                )
                state, more = break_bad(state, cid)
                return state, events + more
            if state.pool == 0:
                events.append(ev("pool_empty", "The Pool is empty: no corruption.", "hope-city/corruption"))
                return state, events
            n = state.pool
        state = replace(state, pool=state.pool - n)
    for i in range(n):
        citizen = state.citizen(cid)
        if not citizen.good or not citizen.active:
            state = replace(state, corruption_due=state.corruption_due + n - i)
            events.append(
                ev(
                    "pass_on",
                    f"The {citizen.name} passes {n - i} corruption on to good citizens.",
                    "hope-city/corruption",
                    count=n - i,
                )
            )
            return state, events
        state = state.with_citizen(replace(citizen, corruption=citizen.corruption + 1))
        events.append(
            ev(
                "corruption",
                f"The {citizen.name} takes 1 corruption ({citizen.corruption + 1} of {corruption_cap(cid)}).",
                "hope-city/corruption",
                citizen=cid,
            )
        )
        if citizen.corruption + 1 >= corruption_cap(cid):
            state, more = break_bad(state, cid)
            events += more
            if n - i - 1 and not state.result:
                state = replace(state, corruption_due=state.corruption_due + n - i - 1)
                events.append(
                    ev(
                        "pass_on",
                        f"{n - i - 1} more corruption must go to other good citizens.",
                        "hope-city/corruption/breaking-bad",
                        count=n - i - 1,
                    )
                )
            return state, events
    return state, events


def break_bad(state: S, cid: str) -> Step:
    """Flip the card, its corruption back into the bag, and the flaw starts."""
    citizen = state.citizen(cid)
    bad = replace(citizen, good=False, corruption=0, purple_die=False)
    state = into_bag(state.with_citizen(bad), CORRUPTION, f"the {bad.name}'s card", citizen.corruption)
    events = [
        ev(
            "break_bad",
            f"The {citizen.name} breaks bad and is now the {bad.name}; "
            f"{citizen.corruption} corruption goes back into the bag.",
            "hope-city/corruption/breaking-bad",
            citizen=cid,
        )
    ]
    if cid == "engineer":
        state, more = emerge(state, PUNK, "the Cyberpunk's flaw")
        events += more
        state, more = drop_unplaceable(state)
        events += more
    if cid == "doctor" and citizen.active:
        state = replace(state, deal_due=True)
        events.append(ev("flaw", "The Drug Dealer deals corruption.", "hope-city/citizens/flaws"))
    return state, events


def flip_good(state: S, cid: str, why: str) -> Step:
    citizen = state.citizen(cid)
    if citizen.good:
        return state, []
    good = replace(citizen, good=True)
    text = f"The {citizen.name} turns good again as the {good.name} ({why})."
    return state.with_citizen(good), [ev("flip_good", text, "hope-city/corruption/breaking-bad", citizen=cid)]


def purple_back(state: S) -> Step:
    """The Coach's roll with the purple die succeeded: the die goes back beside the board."""
    coach = state.citizen("coach")
    state = state.with_citizen(replace(coach, purple_die=False))
    return state, [
        ev("purple", "The roll succeeded: the purple die goes back.", "hope-city/citizens/temptations")
    ]


def legal_spaces(city: City) -> tuple[str, ...]:
    """Where a PUNK may go: an empty space, or one holding a single PUNK once every space holds one."""
    everywhere = all(city.punks)
    return tuple(
        space
        for space, here in zip(COLOURS, city.punks, strict=True)
        if not here or (len(here) == 1 and everywhere)
    )


def emerge(state: S, kind: str, why: str) -> Step:
    """A PUNK comes out of the supply; the citizens choose its space next (a queue answered in turn)."""
    city = state.city
    supply = city.punk_supply if kind == PUNK else city.big_supply
    what = "Punk" if kind == PUNK else "Big Punk"
    if supply - state.punks_due.count(kind) <= 0:
        return state, [ev("no_punk", f"No {what} is left in the supply ({why}).", "hope-city/punks")]
    return replace(state, punks_due=(*state.punks_due, kind)), [
        ev("emerge", f"A {what} emerges ({why}): choose its space.", "hope-city/punks", punk=kind)
    ]


def drop_unplaceable(state: S) -> Step:
    """PUNKS due when no space may take one stay in the supply."""
    if state.punks_due and not legal_spaces(state.city):
        dropped = len(state.punks_due)
        return replace(state, punks_due=()), [
            ev("no_space", f"Every space holds 2 PUNKS: {dropped} stay in the supply.", "hope-city/punks")
        ]
    return state, []


def remove_punk(state: S, space: str, kind: str, why: str) -> Step:
    """A PUNK leaves the city for good, counting toward a punk-removal City Site."""
    city = state.city
    i = COLOURS.index(space)
    here = list(city.punks[i])
    here.remove(kind)
    city = replace(
        city,
        punks=(*city.punks[:i], tuple(here), *city.punks[i + 1 :]),
        removed=city.removed + (kind == PUNK),
        removed_big=city.removed_big + (kind == BIG),
    )
    what = "Punk" if kind == PUNK else "Big Punk"
    return replace(state, city=city), [
        ev("punk_removed", f"A {what} leaves {space} ({why}).", "hope-city/punks", space=space, punk=kind)
    ]


def place_tile(state: S, kind: str, punk_from: str, talent_from: str) -> Step:
    """A City Site or Urban Blight: an empty space first, else it turns a tile of the other kind."""
    tiles = state.city.tiles
    other = BLIGHT if kind == SITE else SITE
    slot = tiles.index("") if "" in tiles else tiles.index(other) if other in tiles else None
    what = "City Site" if kind == SITE else "Urban Blight"
    state = replace(state, tile_placed=True)
    if slot is None:
        events = [ev("tile", f"Every space already holds a {what}.", "hope-city/tiles")]
    else:
        turned = (
            "" if tiles[slot] == "" else f", turning a {'City Site' if kind == BLIGHT else 'Urban Blight'}"
        )
        tiles = (*tiles[:slot], kind, *tiles[slot + 1 :])
        state = replace(state, city=replace(state.city, tiles=tiles))
        events = [ev("tile", f"A {what} is placed{turned}.", "hope-city/tiles", tile=kind)]
    if kind == SITE:
        if punk_from:
            state, more = remove_punk(state, punk_from, PUNK, "a City Site was placed")
            events += more
        state, more = emerge(state, BIG, "a City Site was placed")
        events += more
        state, more = drop_unplaceable(state)
        events += more
    elif talent_from == "monument":
        state = replace(state, monument=replace(state.monument, talents=state.monument.talents - 1))
        events.append(ev("talent_lost", "The monument card loses a talent.", "hope-city/tiles"))
    elif talent_from:
        citizen = state.citizen(talent_from)
        state = state.with_citizen(replace(citizen, talents=citizen.talents - 1))
        events.append(ev("talent_lost", f"The {citizen.name} loses a talent.", "hope-city/tiles"))
    return state, events


def small_punk_spaces(city: City) -> tuple[str, ...]:
    return tuple(space for space, here in zip(COLOURS, city.punks, strict=True) if PUNK in here)


def talent_holders(state: S) -> tuple[str, ...]:
    """Who can lose a talent to an Urban Blight: a citizen card holding one, or the unclaimed monument."""
    holders = tuple(c.id for c in state.citizens if c.talents)
    if state.monument.owner is None and state.monument.talents:
        holders += ("monument",)
    return holders


def file_card(state: S, category: str, kind: str, success: bool, why: str) -> Step:
    """A card into its category's Success or Fail pile; a success turns that colour's bad citizen good."""
    i = COLOURS.index(category)
    piles = state.piles
    if success:
        piles = replace(piles, success=swap_pile(piles.success, i, kind))
    else:
        piles = replace(piles, fail=swap_pile(piles.fail, i, kind))
    state = replace(state, piles=piles)
    pile = "Success" if success else "Fail"
    events = [
        ev(
            "filed",
            f"The {category} card goes to its {pile} pile ({why}).",
            "hope-city/piles",
            success=success,
        )
    ]
    if success:
        state, more = flip_colour(state, category, f"a {category} success")
        events += more
    return state, events


def swap_pile(piles: tuple[tuple[str, ...], ...], i: int, kind: str) -> tuple[tuple[str, ...], ...]:
    return (*piles[:i], (*piles[i], kind), *piles[i + 1 :])


def flip_colour(state: S, category: str, why: str) -> Step:
    for citizen in state.citizens:
        if citizen.colour == category and not citizen.good:
            return flip_good(state, citizen.id, why)
    return state, []


def fail_on_track(state: S, card: Objective, why: str) -> Step:
    state, events = file_card(state, card.category, card.kind, False, why)
    events.append(
        ev("consequence", "Enter the failed card's consequence as it reads.", "hope-city/future-track")
    )
    return state, events


def close_track(state: S) -> Step:
    track = state.track
    chaos_at = 6 if track.chaos_at == 7 else max(1, track.chaos_at - 1)
    state = replace(state, track=replace(track, chaos_at=chaos_at))
    events = [ev("track", f"The Future Track closes to {chaos_at - 1} slots.", "hope-city/future-track")]
    while len(state.track.cards) > state.track.capacity:
        card, *rest = state.track.cards
        state = replace(state, track=replace(state.track, cards=tuple(rest)))
        state, more = fail_on_track(state, card, "it slid off the Future Track")
        events += more
    return state, events


def open_track(state: S) -> Step:
    chaos_at = min(7, state.track.chaos_at + 1)
    text = "fully open: the chaos card is set aside" if chaos_at == 7 else f"open to {chaos_at - 1} slots"
    return replace(state, track=replace(state.track, chaos_at=chaos_at)), [
        ev("track", f"The Future Track is {text}.", "hope-city/future-track")
    ]


def regular_fails(piles: Piles, i: int, majors_count: bool) -> int:
    return len(piles.fail[i]) if majors_count else piles.fail[i].count("regular")


def judged(state: S) -> Step:
    """The win or loss the state has reached, checked after every entry: Ruin first, then Thrive."""
    if state.result:
        return state, []
    needed = 10 if state.settings.ruin_counts_majors else 8
    active = state.active
    reason = ""
    result: Result | None = None
    if state.city.blights >= 5:
        result, reason = "ruin", "5 Urban Blights stand in the city."
    elif state.order and not any(c.good for c in active):
        result, reason = "ruin", "Every citizen in play has broken bad."
    elif lost := [
        c
        for i, c in enumerate(COLOURS)
        if regular_fails(state.piles, i, state.settings.ruin_counts_majors) >= needed
    ]:
        result, reason = "ruin", f"Every {lost[0]} card is in its Fail pile."
    elif state.city.sites >= 5 and state.citizen("mayor").good and state.citizen("doctor").good:
        result, reason = "thrive", "5 City Sites stand, with no Mobster and no Drug Dealer."
    if result is None:
        return state, []
    return replace(state, result=result, reason=reason, stage="over"), [
        ev("result", f"{result.capitalize()}: {reason}", "hope-city/end", result=result)
    ]


def final_check(state: S) -> Step:
    """After year 7: Survive with 3 or more Sites and more good than bad citizens in play; else Defeat."""
    good = sum(c.good for c in state.active)
    bad = len(state.active) - good
    sites = state.city.sites
    result: Result
    if sites >= 3 and good > bad:
        result, reason = "survive", f"{sites} City Sites held and {good} good citizens against {bad} bad."
    else:
        why = f"only {sites} City Sites" if sites < 3 else f"{good} good citizens against {bad} bad"
        result, reason = "defeat", f"Year {YEARS} is over with {why}."
    return replace(state, result=result, reason=reason, stage="over"), [
        ev("result", f"{result.capitalize()}: {reason}", "hope-city/end", result=result)
    ]
