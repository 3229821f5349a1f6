"""What an objective's reward or consequence, a chaos card or a Hope card does, entered as the table reads
the card: Lantern does not hold the card texts, so these are the effects the rulebook's glossary names."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.core.errors import Violation
from trackers.core.limits import Count, count_violations
from trackers.core.rules import Rule, refuse
from trackers.core.wording import a_or_an
from trackers.hope_city import flows
from trackers.hope_city.actions import (
    BreakBad,
    CloseTrack,
    Expand,
    FlipGood,
    GainToken,
    LoseToken,
    MoveCard,
    OpenTrack,
    PlaceBlight,
    PlaceSite,
    Resist,
)
from trackers.hope_city.citizens import punk_target, resist
from trackers.hope_city.flows import Step, ev
from trackers.hope_city.guards import holds, in_play, one_tile, purple_fits, resource_named
from trackers.hope_city.state import BLIGHT, COLOURS, SITE, HopeCityState
from trackers.hope_city.turn import tile_fits

S = HopeCityState
STEP = Count(
    -1,
    1,
    "Business Expansion moves by",
    "level",
    code="hope-city.expand",
    rule="hope-city/business-expansion",
)


def track_can_open(state: S) -> list[Violation]:
    if state.track.chaos_at == 7:
        return refuse("hope-city.track_open", "The Future Track is fully open.", "hope-city/future-track")
    return []


def track_can_close(state: S) -> list[Violation]:
    if state.track.chaos_at == 1:
        return refuse("hope-city.track_shut", "The chaos card already stands on F.", "hope-city/future-track")
    return []


def expand_fits(state: S, action: Expand) -> list[Violation]:
    if problems := count_violations((STEP, action.step)):
        return problems
    level = state.city.expansion + action.step
    if action.step == 0 or not 0 <= level <= 2:
        return refuse(
            "hope-city.expansion",
            f"Business Expansion is at level {state.city.expansion}; it runs from 0 to 2.",
            "hope-city/business-expansion",
        )
    return []


def expand(state: S, action: Expand, rng: Random) -> Step:
    level = state.city.expansion + action.step
    state = replace(state, city=replace(state.city, expansion=level))
    return state, [ev("expansion", f"Business Expansion at level {level}.", "hope-city/business-expansion")]


def card_fits(state: S, action: MoveCard) -> list[Violation]:
    rule = "hope-city/piles"
    if action.category not in COLOURS:
        return refuse("hope-city.category", f"{action.category!r} is not a category.", rule)
    if action.to not in ("success", "fail"):
        return refuse("hope-city.pile", f"{action.to!r}: move a card to the success or the fail pile.", rule)
    i = COLOURS.index(action.category)
    source = state.piles.fail if action.to == "success" else state.piles.success
    if not source[i]:
        other = "Fail" if action.to == "success" else "Success"
        return refuse("hope-city.pile_empty", f"The {action.category} {other} pile is empty.", rule)
    return []


def move_card(state: S, action: MoveCard, rng: Random) -> Step:
    i = COLOURS.index(action.category)
    piles = state.piles
    to_success = action.to == "success"
    source = piles.fail if to_success else piles.success
    card = source[i][-1]
    taken = (*source[:i], source[i][:-1], *source[i + 1 :])
    piles = replace(piles, fail=taken) if to_success else replace(piles, success=taken)
    state = replace(state, piles=piles)
    state, events = flows.file_card(state, action.category, card, to_success, "moved, not resolved")
    return state, events


def gain_fits(state: S, action: GainToken) -> list[Violation]:
    if problems := in_play(state, action.citizen):
        return problems
    if action.token:
        if problems := resource_named(action.token, hope=False):
            return problems
        if state.bag.count(action.token) < 1:
            return refuse("hope-city.not_in_bag", f"The bag holds no {action.token} now.", "hope-city/wage")
    elif not state.bag.total:
        return refuse("hope-city.empty_bag", "The bag is empty.", "hope-city/wage")
    return []


def gain_token(state: S, action: GainToken, rng: Random) -> Step:
    token = action.token or state.bag.draw(rng)[1][0]
    return flows.drawn_from_bag(state, action.citizen, token, "a card's effect")


def lose_fits(state: S, action: LoseToken) -> list[Violation]:
    return (
        in_play(state, action.citizen)
        or resource_named(action.token)
        or holds(state, action.citizen, action.token)
    )


def lose_token(state: S, action: LoseToken, rng: Random) -> Step:
    state = flows.spend(state, action.citizen, action.token, "a card's effect")
    where = "the bag" if action.token != "hope" else "the box"
    text = f"The {state.citizen(action.citizen).name} loses {action.token} to {where}."
    return state, [ev("lose", text, "hope-city/wage")]


def resist_fits(state: S, action: Resist) -> list[Violation]:
    return punk_target(state, action.space, action.punk, action.die) or purple_fits(
        state, action.gang_up, action.purple
    )


def site_fits(state: S, action: PlaceSite) -> list[Violation]:
    return tile_fits(state, SITE, action.punk_from, "")


def blight_fits(state: S, action: PlaceBlight) -> list[Violation]:
    return tile_fits(state, BLIGHT, "", action.talent_from)


def bad_fits(state: S, action: BreakBad) -> list[Violation]:
    if problems := in_play(state, action.citizen):
        return problems
    if not state.citizen(action.citizen).good:
        return refuse(
            "hope-city.already_bad",
            f"The {state.citizen(action.citizen).name} is already bad.",
            "hope-city/corruption/breaking-bad",
        )
    return []


def good_fits(state: S, action: FlipGood) -> list[Violation]:
    if problems := in_play(state, action.citizen):
        return problems
    if state.citizen(action.citizen).good:
        return refuse(
            "hope-city.already_good",
            f"The {state.citizen(action.citizen).name} is good.",
            "hope-city/corruption/breaking-bad",
        )
    return []


RULES = (
    Rule(
        OpenTrack,
        "Open the Future Track",
        lambda s, a, r: flows.open_track(s),
        lambda s, a: "Open the Future Track",
        (),
        (track_can_open,),
    ),
    Rule(
        CloseTrack,
        "Close the Future Track",
        lambda s, a, r: flows.close_track(s),
        lambda s, a: "Close the Future Track",
        (),
        (track_can_close,),
    ),
    Rule(
        Expand, "Business Expansion", expand, lambda s, a: f"Business Expansion {a.step:+d}", (expand_fits,)
    ),
    Rule(
        MoveCard,
        "Move a pile card",
        move_card,
        lambda s, a: f"Move {a_or_an(a.category)} card to {a.to}",
        (card_fits,),
    ),
    Rule(
        GainToken,
        "Take a token",
        gain_token,
        lambda s, a: f"The {a.citizen} takes {a.token or 'a token'} from the bag",
        (gain_fits,),
    ),
    Rule(
        LoseToken, "Lose a token", lose_token, lambda s, a: f"The {a.citizen} loses {a.token}", (lose_fits,)
    ),
    Rule(
        Resist,
        "Resistance roll",
        lambda s, a, r: resist(s, a.space, a.punk, a.die, r, "a card", a.gang_up, a.purple),
        lambda s, a: f"Resistance roll on {a.space}",
        (resist_fits,),
    ),
    Rule(
        PlaceSite,
        "Place a City Site",
        lambda s, a, r: flows.place_tile(s, SITE, a.punk_from, ""),
        lambda s, a: "Place a City Site",
        (site_fits,),
        (one_tile,),
    ),
    Rule(
        PlaceBlight,
        "Place an Urban Blight",
        lambda s, a, r: flows.place_tile(s, BLIGHT, "", a.talent_from),
        lambda s, a: "Place an Urban Blight",
        (blight_fits,),
        (one_tile,),
    ),
    Rule(
        BreakBad,
        "Break bad",
        lambda s, a, r: flows.break_bad(s, a.citizen),
        lambda s, a: f"The {a.citizen} breaks bad",
        (bad_fits,),
    ),
    Rule(
        FlipGood,
        "Turn good",
        lambda s, a, r: flows.flip_good(s, a.citizen, "a card"),
        lambda s, a: f"The {a.citizen} turns good",
        (good_fits,),
    ),
)
