"""The objective display and its decks (phase 5's purchases, phase 6's discards and refills, the end set
off by an empty draw deck), and phase 6's waste of water and food."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.blackout_hk.actions import Buy, CleanUp
from trackers.blackout_hk.guards import CARD_GOALS, ROW, WASTE, G, on_turn
from trackers.blackout_hk.state import (
    DICE,
    OBJECTIVE_SPOTS,
    PRICES,
    RESOURCES,
    ROW_SIZE,
    BlackoutState,
    Objective,
    Player,
)
from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.limits import count_violations
from trackers.core.rules import refuse

S = BlackoutState
WATER = RESOURCES.index("water")
FOOD = RESOURCES.index("food")


def price(state: S, row: int) -> int | None:
    """What a card of the row costs now (None: the row is empty)."""
    return PRICES.get(state.display[row - 1])


def cannot_buy(state: S, p: Player) -> str:
    """Why `p` can buy no card now, the pass being the only turn left ("" when some card is open to them):
    the objective area full, or no row they can pay for. Nothing else brings HK$ in phase 5 (batteries and
    transport tokens are bought, never sold), so neither changes until the phase ends."""
    if len(p.objectives) >= OBJECTIVE_SPOTS:
        return f"the objective area holds {OBJECTIVE_SPOTS} cards"
    prices = [cost for row in range(1, len(state.display) + 1) if (cost := price(state, row)) is not None]
    if not prices:
        return "the display is empty"
    if p.hkd < min(prices):
        return f"{p.hkd} HK$ pays for no card"
    return ""


def refill(state: S, row: int) -> tuple[S, list[Event]]:
    """An empty row gets 3 cards: from the draw deck, then once the end is set off from the reserve."""
    events: list[Event] = []
    cards = 0
    draw, reserve, end_round = state.draw, state.reserve, state.end_round
    for _ in range(ROW_SIZE):
        if draw == 0 and not end_round:
            end_round = state.round + 1
        if draw:
            draw -= 1
        elif end_round and reserve:
            reserve -= 1
        else:
            break
        cards += 1
        if draw == 0 and not end_round and state.settings.literal_end:
            end_round = state.round + 1
    display = list(state.display)
    display[row - 1] = cards
    after = replace(
        state, draw=draw, reserve=reserve, end_round=end_round, display=(display[0], display[1], display[2])
    )
    if end_round and not state.end_round:
        events.append(
            Event.of(
                "end",
                f"The draw deck has run out: round {state.round} is finished, then round {end_round} "
                "is the last.",
                rule="blackout-hk/end",
            )
        )
    if cards < ROW_SIZE:
        events.append(
            Event.of(
                "short_row",
                f"Row {row} gets only {cards} card(s): the decks are empty.",
                rule="blackout-hk/end",
            )
        )
    return after, events


def check_buy(state: S, action: Buy) -> list[Violation]:
    p = on_turn(state)
    if problems := count_violations((ROW, action.row), (CARD_GOALS, action.goals)):
        return problems
    if action.colour and action.colour not in DICE:
        return refuse(f"{G}.colour", "A volunteer is red, yellow or blue.", "blackout-hk/volunteers")
    if action.colour and action.goals > 1:
        return refuse(
            f"{G}.card_goals",
            f"A {action.colour} volunteer has one goal; a card with {action.goals} is a plan.",
            "blackout-hk/goals/multi",
        )
    cost = price(state, action.row)
    if cost is None:
        return refuse(f"{G}.empty_row", f"Row {action.row} is empty.", "blackout-hk/round/buy")
    if len(p.objectives) >= OBJECTIVE_SPOTS:
        return refuse(
            f"{G}.area_full",
            f"{p.name}'s objective area holds {OBJECTIVE_SPOTS} cards already; the emergency spot "
            "takes none.",
            "blackout-hk/objective-area",
        )
    if p.hkd < cost:
        return refuse(
            f"{G}.cannot_pay",
            f"A card of row {action.row} costs {cost} HK$ ({state.display[action.row - 1]} in the row); "
            f"{p.name} has {p.hkd}.",
            "blackout-hk/round/buy",
        )
    return []


def buy(state: S, action: Buy, rng: Random) -> tuple[S, list[Event]]:
    p = on_turn(state)
    cost = price(state, action.row)
    assert cost is not None
    name = action.name.strip() or f"Card {state.next_id}"
    goals = action.goals or (1 if action.colour else 0)
    card = Objective(f"c{state.next_id}", name, goals=goals, colour=action.colour)
    p = replace(p, hkd=p.hkd - cost, objectives=(*p.objectives, card))
    display = list(state.display)
    display[action.row - 1] -= 1
    after = replace(
        state.with_player(p),
        display=(display[0], display[1], display[2]),
        next_id=state.next_id + 1,
        passes=0,
        bought=(*state.bought, p.name),
        turn=state.turn + 1,
    )
    events = [
        Event.of(
            "buy", f"{p.name} buys {name} from row {action.row} for {cost} HK$.", rule="blackout-hk/round/buy"
        )
    ]
    if display[action.row - 1] == 0:
        after, more = refill(after, action.row)
        events += more
    return after, events


def solo_discard(state: S) -> tuple[S, list[Event]]:
    """Solo: a phase 5 without a purchase costs the top row its rightmost card."""
    if not state.display[0]:
        return state, []
    after = replace(
        state, display=(state.display[0] - 1, state.display[1], state.display[2]), discards=state.discards + 1
    )
    events = [
        Event.of(
            "solo_discard",
            "Nothing bought: the top row's rightmost card is discarded.",
            rule="blackout-hk/solo",
        )
    ]
    if after.display[0] == 0:
        after, more = refill(after, 1)
        events += more
    return after, events


def clear_display(state: S) -> tuple[S, list[Event]]:
    """Phase 6: the rightmost card of every row is discarded, then only the empty rows are refilled."""
    gone = sum(1 for n in state.display if n)
    shown = tuple(max(0, n - 1) for n in state.display)
    after = replace(state, display=(shown[0], shown[1], shown[2]), discards=state.discards + gone)
    events = [
        Event.of(
            "cleanup",
            f"Clean-up: {gone} card(s) discarded from the display.",
            rule="blackout-hk/round/cleanup",
        )
    ]
    for row in (1, 2, 3):
        if after.display[row - 1] == 0:
            after, more = refill(after, row)
            events += more
    return after, events


def has_cleanup(p: Player) -> bool:
    """Something to waste or an objective card that could be discarded."""
    return bool(p.rondel[WATER] or p.rondel[FOOD] or p.objectives)


def check_cleanup(state: S, action: CleanUp) -> list[Violation]:
    p = on_turn(state)
    if problems := count_violations(
        (WASTE, action.pairs), (WASTE, action.singles), (WASTE, action.water_plan), (WASTE, action.food_plan)
    ):
        return problems
    water, food = p.rondel[WATER], p.rondel[FOOD]
    if action.water_plan and "water" not in p.perks:
        return refuse(
            f"{G}.no_plan",
            f"{p.name} has no plan trading 2 water for 7 HK$.",
            "blackout-hk/contingency-plans",
        )
    if action.food_plan and "food" not in p.perks:
        return refuse(
            f"{G}.no_plan",
            f"{p.name} has no plan trading 2 food for 4 points.",
            "blackout-hk/contingency-plans",
        )
    used = 2 * action.pairs + action.singles + 2 * action.water_plan
    if used != water:
        return refuse(
            f"{G}.waste",
            f"All {water} water must go: pairs, singles and plan trades add up to {used}. A battery is never "
            f"wasted as water or food.",
            "blackout-hk/cleanup/waste",
        )
    if 2 * action.food_plan > food:
        return refuse(
            f"{G}.waste",
            f"{p.name} has {food} food: not enough for {action.food_plan} trade(s) of 2.",
            "blackout-hk/cleanup/waste",
        )
    if action.discard and not any(o.id == action.discard for o in p.objectives):
        return refuse(
            f"{G}.no_card",
            f"{action.discard!r} is not in {p.name}'s objective area.",
            "blackout-hk/round/cleanup",
        )
    return []


def waste_gains(
    water: int, food: int, pairs: int, singles: int, water_plan: int, food_plan: int
) -> tuple[int, int, int]:
    """(HK$, GPS, points) for a split of the water and food."""
    hkd = 2 * (food - 2 * food_plan) + singles + 7 * water_plan
    return hkd, pairs, 4 * food_plan


def best_split(p: Player, want: str = "hkd") -> tuple[int, int, int, int]:
    """(pairs, singles, water trades, food trades) giving the most of `want` (hkd, gps or points), the rest
    of the gains breaking ties in the order HK$, GPS, points."""
    water, food = p.rondel[WATER], p.rondel[FOOD]
    options = []
    for wp in range(water // 2 + 1 if "water" in p.perks else 1):
        for pairs in range((water - 2 * wp) // 2 + 1):
            singles = water - 2 * wp - 2 * pairs
            for fp in range(food // 2 + 1 if "food" in p.perks else 1):
                hkd, gps, pts = waste_gains(water, food, pairs, singles, wp, fp)
                value = {"hkd": hkd, "gps": gps, "points": pts}[want]
                options.append(((value, hkd, gps, pts), (pairs, singles, wp, fp)))
    return max(options)[1]


def clean_up(state: S, action: CleanUp, rng: Random) -> tuple[S, list[Event]]:
    p = on_turn(state)
    water, food = p.rondel[WATER], p.rondel[FOOD]
    hkd, gps, points = waste_gains(
        water, food, action.pairs, action.singles, action.water_plan, action.food_plan
    )
    cubes = list(p.rondel)
    cubes[WATER] = cubes[FOOD] = 0
    p = replace(
        p,
        rondel=(cubes[0], cubes[1], cubes[2], cubes[3], cubes[4], cubes[5]),
        supply=p.supply + water + food,
        hkd=p.hkd + hkd,
        gps=p.gps + gps,
        score=p.score + points,
    )
    discarded = ""
    if action.discard:
        card = next(o for o in p.objectives if o.id == action.discard)
        p = replace(
            p, objectives=tuple(o for o in p.objectives if o.id != card.id), supply=p.supply + len(card.done)
        )
        discarded = f"; {card.name} discarded"
    after = replace(state.with_player(p), turn=state.turn + 1)
    text = (
        f"{p.name} wastes {water} water and {food} food: +{hkd} HK$, +{gps} GPS, +{points} points{discarded}."
    )
    return after, [Event.of("waste", text, rule="blackout-hk/cleanup/waste")]
