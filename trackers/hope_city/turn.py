"""A citizen's turn after the wage: trade, move, the PUNK attack and fighting back, choosing an objective,
attempting or deferring it, its result, and cashing sets for tiles."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from random import Random

from trackers.core.catalogue import MAX_NAME
from trackers.core.errors import Violation
from trackers.core.limits import Count, count_violations
from trackers.core.rules import Rule, refuse
from trackers.core.wording import a_or_an, unit
from trackers.hope_city import flows
from trackers.hope_city.actions import (
    Attempt,
    CashSet,
    ChooseObjective,
    ClaimPunkSite,
    Defer,
    FaceAttack,
    FightBack,
    Move,
    Resolve,
    ReturnObjective,
    Trade,
)
from trackers.hope_city.flows import Step, ev
from trackers.hope_city.guards import (
    D6,
    DIE,
    holds,
    in_play,
    one_tile,
    purple_fits,
    resource_named,
    space_named,
    turn_of,
)
from trackers.hope_city.state import ANY, BLIGHT, COLOURS, HOPE, PUNK, SITE, HopeCityState, Objective

S = HopeCityState
SLOT = Count(
    0, 6, "Future Track slots are numbered", "", code="hope-city.slot", rule="hope-city/future-track"
)


def before_moving(state: S) -> list[Violation]:
    turn = turn_of(state)
    if turn.traded:
        return refuse("hope-city.traded", "One trade a turn: this citizen has traded.", "hope-city/trade")
    if turn.moved or turn.objective or turn.objective_done:
        return refuse(
            "hope-city.trade_late", "The trade comes right after the wage, before moving.", "hope-city/trade"
        )
    return []


def trade_fits(state: S, action: Trade) -> list[Violation]:
    if problems := resource_named(action.give) or resource_named(action.take):
        return problems
    if action.give == action.take:
        return refuse(
            "hope-city.same_kind", "A trade takes a different kind than it gives.", "hope-city/trade"
        )
    if problems := holds(state, turn_of(state).citizen, action.give):
        return problems
    if state.trade.count(action.take) < 1:
        return refuse("hope-city.market_out", f"The Trade Center holds no {action.take}.", "hope-city/trade")
    return []


def trade(state: S, action: Trade, rng: Random) -> Step:
    cid = turn_of(state).citizen
    state = flows.token_from_citizen(state, cid, action.give)
    state = flows.token_to_citizen(state, cid, action.take)
    state = replace(
        state,
        trade=state.trade.take([action.take]).put([action.give]),
        turn=replace(turn_of(state), traded=True),
    )
    text = f"The {state.citizen(cid).name} trades {action.give} for {action.take}."
    return state, [ev("trade", text, "hope-city/trade")]


def may_move(state: S) -> list[Violation]:
    turn = turn_of(state)
    citizen = state.citizen(turn.citizen)
    if citizen.id == "ranger" and not citizen.good:
        return refuse(
            "hope-city.squatter", "The Squatter cannot leave her space.", "hope-city/citizens/flaws"
        )
    if turn.moved:
        return refuse("hope-city.moved", "This citizen has already moved this turn.", "hope-city/move")
    if turn.objective or turn.objective_done:
        return refuse("hope-city.move_late", "Moving comes before choosing an objective.", "hope-city/turn")
    return []


def move_fits(state: S, action: Move) -> list[Violation]:
    if problems := space_named(action.space):
        return problems
    if action.space == state.citizen(turn_of(state).citizen).space:
        return refuse(
            "hope-city.same_space", f"The citizen already stands on {action.space}.", "hope-city/move"
        )
    i = COLOURS.index(action.space)
    if not state.piles.draw[i] and not state.piles.aside[i]:
        return refuse(
            "hope-city.space_closed",
            f"No {action.space} objective is left to draw or reshuffle: the space is closed until a set "
            "refreshes it.",
            "hope-city/move",
        )
    return []


def move(state: S, action: Move, rng: Random) -> Step:
    citizen = state.citizen(turn_of(state).citizen)
    state = state.with_citizen(replace(citizen, space=action.space))
    state = replace(state, turn=replace(turn_of(state), moved=True))
    here = len(state.city.on(action.space))
    warn = f" {here} PUNKS attack: roll." if here else ""
    return state, [ev("move", f"The {citizen.name} moves to {action.space}.{warn}", "hope-city/move")]


def attack_due(state: S) -> bool:
    """The citizen on turn must face the PUNKS of their space now (after moving in, or staying: an option)."""
    turn = state.turn
    if turn is None or not turn.wage_taken or turn.attack_faced or state.stage != "turns":
        return False
    citizen = state.citizen(turn.citizen)
    if citizen.space is None or not state.city.on(citizen.space):
        return False
    return turn.moved or state.settings.attack_when_staying


def bully(state: S) -> bool:
    citizen = state.on_turn
    return citizen is not None and citizen.id == "coach" and not citizen.good


def attack_fits(state: S, action: FaceAttack) -> list[Violation]:
    space = state.citizen(turn_of(state).citizen).space
    assert space is not None
    punks = state.city.on(space)
    if action.dice and len(action.dice) != len(punks):
        return refuse(
            "hope-city.dice_count",
            f"Roll one die per PUNK: {len(punks)} on {space}.",
            "hope-city/punks/attack",
        )
    if problems := count_violations(*((D6, d) for d in action.dice), (DIE, action.purple)):
        return problems
    if action.gang_up:
        return purple_fits(state, True, action.purple)
    if action.purple and not bully(state):
        return refuse(
            "hope-city.purple",
            "Only the Bully rolls the purple die in an attack.",
            "hope-city/citizens/flaws",
        )
    return []


def face_attack(state: S, action: FaceAttack, rng: Random) -> Step:
    turn = turn_of(state)
    citizen = state.citizen(turn.citizen)
    space = citizen.space
    assert space is not None
    punks = state.city.on(space)
    dice = action.dice or tuple(rng.randint(1, 6) for _ in punks)
    purple = (action.purple or rng.randint(1, 6)) if bully(state) or action.gang_up else 0
    shown = ", ".join(map(str, dice)) + (f" and purple {purple}" if purple else "")
    if action.gang_up:
        dice = gang_up_dice(dice, purple)
    hits = sum(d <= 2 for d in dice) + (0 < purple <= 2 and not action.gang_up)
    beaten = tuple(p for p, d in zip(punks, dice, strict=True) if d >= (5 if p == PUNK else 6))
    state = replace(state, turn=replace(turn, attack_faced=True, attacked_on=space, fight_back=beaten))
    events = [
        ev(
            "attack",
            f"PUNK attack on {space}: {shown}; {hits} hit{'s' if hits != 1 else ''}.",
            "hope-city/punks/attack",
            dice=list(dice),
            purple=purple,
            hits=hits,
        )
    ]
    if action.gang_up and not hits:
        state, more = flows.purple_back(state)
        events += more
    if turn.explore and hits:
        events.append(ev("explore", "EXPLORE: the Ranger ignores the hits.", "hope-city/citizens/talents"))
    else:
        state, more = flows.gain_corruption(state, citizen.id, hits, "pool")
        events += more
    if beaten:
        events.append(
            ev(
                "fight_back",
                f"Fight back: pay 1 resource each to remove {', '.join(beaten)}.",
                "hope-city/punks/fight-back",
            )
        )
    return state, events


def gang_up_dice(dice: tuple[int, ...], purple: int) -> tuple[int, ...]:
    """The Coach's purple die stands in for the poorest die of the roll, when it shows more."""
    low = dice.index(min(dice))
    return dice if purple <= dice[low] else (*dice[:low], purple, *dice[low + 1 :])


def fight_fits(state: S, action: FightBack) -> list[Violation]:
    turn = turn_of(state)
    if action.punk not in turn.fight_back:
        return refuse(
            "hope-city.not_beaten",
            f"No {action.punk} was beaten by this turn's attack dice.",
            "hope-city/punks/fight-back",
        )
    space = turn.attacked_on
    if space is None or action.punk not in state.city.on(space):
        return refuse(
            "hope-city.no_punk",
            f"No {action.punk} stands on {space} any more to fight back against.",
            "hope-city/punks/fight-back",
        )
    return resource_named(action.pay) or holds(state, turn.citizen, action.pay)


def fight_back(state: S, action: FightBack, rng: Random) -> Step:
    turn = turn_of(state)
    left = list(turn.fight_back)
    left.remove(action.punk)
    space = turn.attacked_on
    assert space is not None
    state = flows.spend(state, turn.citizen, action.pay, "fighting back")
    state = replace(state, turn=replace(turn, fight_back=tuple(left)))
    return flows.remove_punk(state, space, action.punk, "fought back")


def no_objective_yet(state: S) -> list[Violation]:
    turn = turn_of(state)
    if turn.objective is not None or turn.objective_done:
        return refuse("hope-city.one_objective", "One objective a turn.", "hope-city/turn")
    return []


def cost_shape(category: str, cost: tuple[str, ...], major: bool) -> list[Violation]:
    rule = "hope-city/objectives/cost"
    for item in cost:
        if item not in (*COLOURS, ANY):
            return refuse("hope-city.cost_item", f"{item!r} is not a cost: a colour or 'any'.", rule)
    if major:
        if sorted(cost) != sorted(COLOURS):
            return refuse("hope-city.major_cost", "A Major Objective costs one of each colour.", rule)
        return []
    if not cost or cost[0] != category or len(cost) > 2:
        return refuse(
            "hope-city.cost",
            f"A {category} card costs 1 {category}, or 1 {category} and one more (any, or another colour).",
            rule,
        )
    if len(cost) == 2 and cost[1] == category:
        return refuse("hope-city.cost", f"The second cost is 'any' or a colour other than {category}.", rule)
    return []


def objective_fits(state: S, action: ChooseObjective) -> list[Violation]:
    turn = turn_of(state)
    space = state.citizen(turn.citizen).space
    assert space is not None
    i = COLOURS.index(space)
    if problems := count_violations((SLOT, action.slot)):
        return problems
    rule = "hope-city/objectives"
    if len(action.name) > MAX_NAME or action.name != action.name.strip():
        return refuse(
            "hope-city.objective_name",
            f"A catalogued card's name is up to {MAX_NAME} characters, without spaces around it.",
            rule,
        )
    if action.source == "track":
        if not 1 <= action.slot <= (held := len(state.track.cards)):
            return refuse(
                "hope-city.track_slot",
                f"The Future Track holds {held} {unit(held, 'cards')}: choose slot 1 to {held}.",
                "hope-city/future-track",
            )
        card = state.track.cards[action.slot - 1]
        if card.category != space:
            return refuse("hope-city.colour", f"That card is {card.category}; this space is {space}.", rule)
        if action.cost or action.name:
            return refuse(
                "hope-city.track_cost", "A track card keeps the cost and the name entered before.", rule
            )
        return []
    if action.source == "pile":
        if not state.piles.draw[i] and not state.piles.aside[i]:
            return refuse("hope-city.pile_empty", f"No {space} card is left to draw.", rule)
        return cost_shape(space, action.cost, False)
    if action.source == "major":
        if not state.piles.majors:
            return refuse("hope-city.majors_out", "No Major Objective is left.", "hope-city/objectives")
        return cost_shape(space, action.cost, True)
    if action.source == "fail":
        if not turn.lead:
            return refuse(
                "hope-city.lead",
                "Only the Mayor's LEAD takes a card from the Fail pile.",
                "hope-city/citizens/talents",
            )
        if not state.piles.fail[i]:
            return refuse("hope-city.fail_empty", f"The {space} Fail pile is empty.", "hope-city/piles")
        kind = "major" if len(action.cost) == 5 else "regular"
        if kind not in state.piles.fail[i]:
            return refuse(
                "hope-city.fail_kind",
                f"The {space} Fail pile holds no {kind} card: enter the cost of a card it holds.",
                "hope-city/piles",
            )
        return cost_shape(space, action.cost, len(action.cost) == 5)
    return refuse(
        "hope-city.source", f"{action.source!r}: take a card from the pile, major, track or fail pile.", rule
    )


def choose_objective(state: S, action: ChooseObjective, rng: Random) -> Step:
    turn = turn_of(state)
    space = state.citizen(turn.citizen).space
    assert space is not None
    i = COLOURS.index(space)
    piles = state.piles
    events = []
    if action.source == "track":
        card = replace(state.track.cards[action.slot - 1], source="track", slot=action.slot)
        cards = state.track.cards
        state = replace(
            state, track=replace(state.track, cards=cards[: action.slot - 1] + cards[action.slot :])
        )
    else:
        major = action.source == "major" or len(action.cost) == 5
        card = Objective(space, action.cost, major, action.source, name=action.name)
        if action.source == "pile":
            if not piles.draw[i]:
                piles = replace(
                    piles,
                    draw=flows.at(piles.draw, i, piles.aside[i]),
                    aside=flows.at(piles.aside, i, -piles.aside[i]),
                )
                events.append(
                    ev(
                        "reshuffle",
                        f"The {space} pile is rebuilt from completed sets.",
                        "hope-city/objectives",
                    )
                )
            piles = replace(piles, draw=flows.at(piles.draw, i, -1))
        elif action.source == "major":
            piles = replace(piles, majors=piles.majors - 1)
        else:
            fail = list(piles.fail[i])
            fail.reverse()
            fail.remove(card.kind if card.kind in fail else fail[0])
            fail.reverse()
            piles = replace(piles, fail=(*piles.fail[:i], tuple(fail), *piles.fail[i + 1 :]))
        state = replace(state, piles=piles)
    cost = ", ".join(card.cost)
    events.append(ev("objective", f"A {space} objective costing {cost} is chosen.", "hope-city/objectives"))
    return replace(state, turn=replace(turn_of(state), objective=card)), events


def holding_objective(state: S) -> list[Violation]:
    turn = turn_of(state)
    if turn.objective is None:
        return refuse("hope-city.no_objective", "Choose an objective first.", "hope-city/objectives")
    if turn.objective.paid:
        return refuse(
            "hope-city.paid",
            "The cost is paid: say whether the attempt succeeded.",
            "hope-city/objectives/achieve",
        )
    return []


def payment_fits(state: S, action: Attempt) -> list[Violation]:
    turn = turn_of(state)
    card = turn.objective
    assert card is not None
    rule = "hope-city/objectives/cost"
    if not action.pay and turn.hack and len(card.cost) <= 2:
        return []
    if len(action.pay) != len(card.cost):
        free = " (HACK waives a cost of 2 or less)" if turn.hack else ""
        return refuse(
            "hope-city.pay_count", f"Pay {len(card.cost)} token(s): {', '.join(card.cost)}{free}.", rule
        )
    helpers = action.helpers or ("",) * len(action.pay)
    if len(helpers) != len(action.pay):
        return refuse("hope-city.helpers", "Name who pays each token (empty for the citizen on turn).", rule)
    for need, token in zip(card.cost, action.pay, strict=True):
        if problems := resource_named(token):
            return problems
        if token != HOPE and need != ANY and token != need:
            return refuse(
                "hope-city.wrong_token",
                f"{token.capitalize()} does not pay {a_or_an(need)} cost (Hope is wild).",
                rule,
            )
    payers = Counter((h or turn.citizen, t) for h, t in zip(helpers, action.pay, strict=True))
    for (payer, token), n in payers.items():
        if problems := in_play(state, payer):
            return problems
        if state.citizen(payer).tokens.count(token) < n:
            return refuse(
                "hope-city.no_token", f"The {state.citizen(payer).name} holds fewer than {n} {token}.", rule
            )
    others = {h for h in helpers if h and h != turn.citizen}
    if others and not action.card_allows_help:
        level = state.city.expansion
        if len(others) > level:
            return refuse(
                "hope-city.cooperate",
                f"Business Expansion level {level} lets {level} other citizen(s) help.",
                "hope-city/business-expansion",
            )
        here = state.citizen(turn.citizen).space
        if away := [h for h in others if state.citizen(h).space != here]:
            return refuse(
                "hope-city.cooperate_space",
                f"The {state.citizen(away[0]).name} is not on {here}: helpers share the space.",
                "hope-city/business-expansion",
            )
    return []


def attempt(state: S, action: Attempt, rng: Random) -> Step:
    turn = turn_of(state)
    card = turn.objective
    assert card is not None
    events = []
    if not action.pay:
        turn = replace(turn, hack=False)
        events.append(ev("hack", "HACK: the cost is waived.", "hope-city/citizens/temptations"))
    helpers = action.helpers or ("",) * len(action.pay)
    for helper, token in zip(helpers, action.pay, strict=True):
        state = flows.spend(state, helper or turn.citizen, token, "an objective's cost")
    state = replace(state, turn=replace(turn, objective=replace(card, paid=True)))
    paid = ", ".join(action.pay) or "nothing"
    events.append(
        ev("attempt", f"Paid {paid}: now say whether it succeeded.", "hope-city/objectives/achieve")
    )
    return state, events


def may_return(state: S) -> list[Violation]:
    if state.edition >= 2:
        return refuse(
            "hope-city.no_return",
            "A chosen objective is attempted or put on the Future Track, never put back (undo a mistake).",
            "hope-city/turn",
        )
    card = turn_of(state).objective
    if card is not None and card.source == "fail":
        return refuse(
            "hope-city.lead_card", "A card taken with LEAD must be attempted.", "hope-city/citizens/talents"
        )
    return []


def return_objective(state: S, action: ReturnObjective, rng: Random) -> Step:
    turn = turn_of(state)
    card = turn.objective
    assert card is not None
    i = COLOURS.index(card.category)
    piles = state.piles
    if card.source == "track":
        cards = state.track.cards
        at = card.slot - 1
        state = replace(
            state, track=replace(state.track, cards=(*cards[:at], replace(card, slot=0), *cards[at:]))
        )
    elif card.source == "pile":
        state = replace(state, piles=replace(piles, draw=flows.at(piles.draw, i, 1)))
    elif card.source == "major":
        state = replace(state, piles=replace(piles, majors=piles.majors + 1))
    else:
        state = replace(state, piles=replace(piles, fail=flows.swap_pile(piles.fail, i, card.kind)))
    state = replace(state, turn=replace(turn, objective=None))
    return state, [
        ev("return", f"The {card.category} card goes back to the {card.source}.", "hope-city/objectives")
    ]


def may_defer(state: S) -> list[Violation]:
    turn = turn_of(state)
    if mobster(state) and state.edition < 2:
        return refuse(
            "hope-city.mobster",
            "The Mobster may not put cards on the Future Track.",
            "hope-city/citizens/flaws",
        )
    if turn.objective is not None and turn.objective.source == "fail":
        return refuse(
            "hope-city.lead_card", "A card taken with LEAD must be attempted.", "hope-city/citizens/talents"
        )
    return []


def mobster(state: S) -> bool:
    citizen = state.on_turn
    return citizen is not None and citizen.id == "mayor" and not citizen.good


def defer_fits(state: S, action: Defer) -> list[Violation]:
    if action.roll and mobster(state):
        return refuse(
            "hope-city.mobster_roll",
            "The Mobster's card fails without a roll: she may not use the Future Track.",
            "hope-city/future-track",
        )
    return count_violations((DIE, action.roll))


def defer(state: S, action: Defer, rng: Random) -> Step:
    """The card waits on the track, or the full track's roll fails one. The Mobster may not use the
    track, so for her no space is ever free and the card she chose fails (edition 2)."""
    turn = turn_of(state)
    card = turn.objective
    assert card is not None
    card = replace(card, source="track")
    state = replace(state, turn=replace(turn, objective=None, objective_done=True))
    track = state.track
    rule = "hope-city/future-track"
    if mobster(state):
        events = [ev("defer", "The Mobster may not use the Future Track: the card she chose fails.", rule)]
        state, more = flows.fail_on_track(state, card, "the Mobster could not attempt it")
        return state, events + more
    if len(track.cards) < track.capacity:
        state = replace(state, track=replace(track, cards=(*track.cards, card)))
        return state, [
            ev("defer", f"The card waits on the Future Track (slot {len(track.cards) + 1}).", rule)
        ]
    roll = action.roll or rng.randint(1, 6)
    if roll <= len(track.cards):
        failed = track.cards[roll - 1]
        cards = (*track.cards[: roll - 1], *track.cards[roll:], card)
        state = replace(state, track=replace(track, cards=cards))
        events = [
            ev(
                "defer",
                f"The track is full; the roll of {roll} fails the card in slot {roll}.",
                rule,
                roll=roll,
            )
        ]
        state, more = flows.fail_on_track(state, failed, "the full Future Track")
        return state, events + more
    events = [
        ev(
            "defer",
            f"The track is full and the roll of {roll} names no card: the new card fails.",
            rule,
            roll=roll,
        )
    ]
    state, more = flows.fail_on_track(state, card, "no room on the Future Track")
    return state, events + more


def paid_objective(state: S) -> list[Violation]:
    turn = turn_of(state)
    if turn.objective is None or not turn.objective.paid:
        return refuse(
            "hope-city.not_paid", "Attempt an objective (pay its cost) first.", "hope-city/objectives/achieve"
        )
    return []


def resolve(state: S, action: Resolve, rng: Random) -> Step:
    turn = turn_of(state)
    card = turn.objective
    assert card is not None
    citizen = state.citizen(turn.citizen)
    done = replace(turn, objective=None, objective_done=True, resolved=card, succeeded=action.success)
    state = replace(state, turn=done)
    state, events = flows.file_card(state, card.category, card.kind, action.success, "the attempt")
    doctor_hope = citizen.id == "doctor" and turn.attacked_on == citizen.space
    if action.success and (citizen.colour == card.category or doctor_hope):
        if state.hope_deck:
            holder = state.citizen(citizen.id)
            state = state.with_citizen(replace(holder, hope_cards=holder.hope_cards + 1))
            state = replace(state, hope_deck=state.hope_deck - 1)
            events.append(ev("hope", f"The {holder.name} takes a Hope card.", "hope-city/hope-cards"))
        else:
            events.append(ev("hope", "No Hope card is left to take.", "hope-city/hope-cards"))
    what = "the reward" if action.success else "the consequence"
    events.append(ev("resolve", f"Enter {what} as the card reads.", "hope-city/objectives/achieve"))
    return state, events


def set_fits(state: S, action: CashSet) -> list[Violation]:
    rule = "hope-city/piles"
    if action.pile not in ("success", "fail"):
        return refuse("hope-city.pile", f"{action.pile!r}: cash a success set or a fail set.", rule)
    piles = state.piles.success if action.pile == "success" else state.piles.fail
    if missing := [c for c, pile in zip(COLOURS, piles, strict=True) if not pile]:
        return refuse(
            "hope-city.no_set",
            f"A {action.pile} set needs a card in every pile; {missing[0]} has none.",
            rule,
        )
    return tile_fits(
        state, SITE if action.pile == "success" else BLIGHT, action.punk_from, action.talent_from
    )


def tile_fits(state: S, kind: str, punk_from: str, talent_from: str) -> list[Violation]:
    rule = "hope-city/tiles"
    if kind == SITE:
        if talent_from:
            return refuse("hope-city.tile_talent", "A City Site takes no talent.", rule)
        spaces = flows.small_punk_spaces(state.city)
        if spaces and punk_from not in spaces:
            return refuse(
                "hope-city.site_punk", f"A City Site removes a Punk: choose {', '.join(spaces)}.", rule
            )
        if not spaces and punk_from:
            return refuse("hope-city.site_punk", "No Punk stands in the city to remove.", rule)
        return []
    if punk_from:
        return refuse("hope-city.tile_punk", "An Urban Blight removes no Punk.", rule)
    holders = flows.talent_holders(state)
    if holders and talent_from not in holders:
        return refuse(
            "hope-city.blight_talent", f"An Urban Blight takes a talent: choose {', '.join(holders)}.", rule
        )
    if not holders and talent_from:
        return refuse("hope-city.blight_talent", "No talent is left to lose.", rule)
    return []


def cash_set(state: S, action: CashSet, rng: Random) -> Step:
    piles = state.piles
    success = action.pile == "success"
    chosen = piles.success if success else piles.fail
    left = tuple(pile[1:] for pile in chosen)
    piles = replace(piles, aside=tuple(n + 1 for n in piles.aside))
    piles = replace(piles, success=left) if success else replace(piles, fail=left)
    state = replace(state, piles=piles)
    events = [ev("set", f"A {action.pile} set is cashed.", "hope-city/piles")]
    state, more = flows.place_tile(state, SITE if success else BLIGHT, action.punk_from, action.talent_from)
    return state, events + more


def punk_goal_met(state: S) -> list[Violation]:
    punks, big = state.punk_goal
    if state.city.removed < punks or state.city.removed_big < big:
        return refuse(
            "hope-city.punk_goal",
            f"Removed: {state.city.removed} of {punks} Punks, {state.city.removed_big} of {big} Big Punks.",
            "hope-city/tiles",
        )
    return []


def claim_fits(state: S, action: ClaimPunkSite) -> list[Violation]:
    return tile_fits(state, SITE, action.punk_from, "")


def claim_punk_site(state: S, action: ClaimPunkSite, rng: Random) -> Step:
    punks, big = state.punk_goal
    city = replace(state.city, removed=state.city.removed - punks, removed_big=state.city.removed_big - big)
    state = replace(state, city=city)
    events = [ev("punk_site", "The PUNKS removed earn a City Site.", "hope-city/tiles")]
    state, more = flows.place_tile(state, SITE, action.punk_from, "")
    return state, events + more


RULES = (
    Rule(Trade, "Trade", trade, lambda s, a: f"Trade {a.give} for {a.take}", (trade_fits,), (before_moving,)),
    Rule(Move, "Move", move, lambda s, a: f"Move to {a.space}", (move_fits,), (may_move,)),
    Rule(
        FaceAttack, "Face the PUNK attack", face_attack, lambda s, a: "Face the PUNK attack", (attack_fits,)
    ),
    Rule(
        FightBack, "Fight back", fight_back, lambda s, a: f"Fight back: {a.punk} for {a.pay}", (fight_fits,)
    ),
    Rule(
        ChooseObjective,
        "Choose an objective",
        choose_objective,
        lambda s, a: f"Objective from the {a.source}",
        (objective_fits,),
        (no_objective_yet,),
    ),
    Rule(
        Attempt,
        "Attempt",
        attempt,
        lambda s, a: f"Attempt, paying {', '.join(a.pay) or 'nothing'}",
        (payment_fits,),
        (holding_objective,),
    ),
    Rule(
        ReturnObjective,
        "Put the card back",
        return_objective,
        lambda s, a: "Put the objective back",
        (),
        (holding_objective, may_return),
    ),
    Rule(
        Defer,
        "Put on the Future Track",
        defer,
        lambda s, a: "Put the objective on the Future Track",
        (defer_fits,),
        (holding_objective, may_defer),
    ),
    Rule(
        Resolve,
        "Say how it went",
        resolve,
        lambda s, a: "Success" if a.success else "Failure",
        (),
        (paid_objective,),
    ),
    Rule(
        CashSet, "Cash a set", cash_set, lambda s, a: f"Cash {a_or_an(a.pile)} set", (set_fits,), (one_tile,)
    ),
    Rule(
        ClaimPunkSite,
        "City Site for PUNKS removed",
        claim_punk_site,
        lambda s, a: "City Site for the PUNKS removed",
        (claim_fits,),
        (one_tile, punk_goal_met),
    ),
)
