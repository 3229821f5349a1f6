"""Phases 1 and 2: the resource dice and their rerolls, planning cards into slots, and turning the planned
cards up (volunteers procuring along the rondel, the four specialists, any other card as it reads); and
what a player may buy or carry out at any time (transport tokens, batteries, check-mark actions, a
correction on the sheet)."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.blackout_hk.actions import (
    Adjust,
    BuyBattery,
    BuyTransport,
    Effects,
    Flip,
    Plan,
    Procure,
    Reroll,
    Roll,
    UseCard,
    UseCheckmark,
    UseDoctor,
    UseLeader,
    UseMechanic,
    UseScout,
)
from trackers.blackout_hk.guards import (
    ADJUST,
    CARD_CUBES,
    CHECKMARK,
    ENTERED_STEPS,
    GAIN,
    STEPS,
    TOKENS,
    G,
    can_pay,
    effects_counts,
    effects_problems,
    effects_text,
    gained,
    on_turn,
    paid,
    player_named,
    resource_named,
    supply_holds,
)
from trackers.blackout_hk.state import (
    BOARD_CHECKMARKS,
    CHECKMARK_NAMES,
    DICE,
    RESOURCE_NAMES,
    RESOURCES,
    BlackoutState,
    Card,
    Player,
)
from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.limits import count_violations
from trackers.core.rules import refuse

S = BlackoutState
BATTERY_PRICE = 5

# Phase 1: the dice


def _given(action: Roll | Reroll) -> tuple[str, str, str]:
    return (action.red, action.yellow, action.blue)


def check_roll(state: S, action: Roll) -> list[Violation]:
    given = _given(action)
    if any(given) and not all(given):
        return refuse(
            f"{G}.dice", "Enter all three dice, or none for Lantern to roll.", "blackout-hk/round/dice"
        )
    return _faces(state, given)


def _faces(state: S, given: tuple[str, str, str]) -> list[Violation]:
    for face in given:
        if face and (problems := resource_named(face)):
            return problems
    if not any(given) and not state.components.faces:
        return refuse(
            f"{G}.dice_faces",
            "Lantern does not know the dice's faces: enter what the dice show.",
            "blackout-hk/round/dice",
        )
    return []


def _rolled(
    state: S, colours: tuple[str, ...], given: tuple[str, str, str], rng: Random
) -> tuple[str, str, str]:
    dice = list(state.dice)
    for i, colour in enumerate(DICE):
        if colour in colours:
            dice[i] = given[i] or rng.choice(state.components.faces[i])
    return (dice[0], dice[1], dice[2])


def _dice_event(after: S, rolled: str) -> Event:
    shown = ", ".join(f"{c} {r}" for c, r in zip(DICE, after.dice, strict=True))
    if after.dice_valid:
        return Event.of(
            "dice",
            f"{rolled}: {shown}. A valid result: the dice go on their segments.",
            rule="blackout-hk/round/dice",
        )
    return Event.of(
        "dice",
        f"{rolled}: {shown}. Roll again: {' and '.join(after.reroll)} (they show the same).",
        rule="blackout-hk/round/dice",
        reroll=list(after.reroll),
    )


def roll(state: S, action: Roll, rng: Random) -> tuple[S, list[Event]]:
    after = replace(state, dice=_rolled(state, DICE, _given(action), rng))
    return _after_dice(after, "Rolled" if not any(_given(action)) else "The dice show")


def _after_dice(after: S, rolled: str) -> tuple[S, list[Event]]:
    event = _dice_event(after, rolled)
    if after.dice_valid:
        after = replace(after, stage="plan", planned_by=())
    return after, [event]


def check_reroll(state: S, action: Reroll) -> list[Violation]:
    if not state.reroll:
        return refuse(
            f"{G}.valid_roll",
            "The dice already show three different resources: a valid result is not rolled again.",
            "blackout-hk/round/dice",
        )
    given = _given(action)
    extra = [c for c, v in zip(DICE, given, strict=True) if v and c not in state.reroll]
    if extra:
        return refuse(
            f"{G}.reroll",
            f"Only {' and '.join(state.reroll)} are rolled again; {' and '.join(extra)} stay as they are.",
            "blackout-hk/round/dice",
        )
    missing = [c for c, v in zip(DICE, given, strict=True) if not v and c in state.reroll]
    if any(given) and missing:
        return refuse(
            f"{G}.dice",
            f"Enter {' and '.join(missing)} too: every die that matched is rolled again.",
            "blackout-hk/round/dice",
        )
    return _faces(state, given)


def reroll(state: S, action: Reroll, rng: Random) -> tuple[S, list[Event]]:
    after = replace(state, dice=_rolled(state, state.reroll, _given(action), rng))
    return _after_dice(after, "Rolled again" if not any(_given(action)) else "Rolled again, the dice show")


# Phase 1: planning


def check_plan(state: S, action: Plan) -> list[Violation]:
    if problems := player_named(state, action.player):
        return problems
    if action.player in state.planned_by:
        return refuse(
            f"{G}.planned", f"{action.player} has already planned this round.", "blackout-hk/round/planning"
        )
    p = state.player(action.player)
    cards = action.cards + ("",) * (4 - len(action.cards))
    if len(cards) > 4:
        return refuse(f"{G}.slot", "A board has 4 slots.", "blackout-hk/round/planning")
    if cards[3] and not p.slot4:
        return refuse(
            f"{G}.slot4",
            "Slot 4 is locked until the second restore power goal is done.",
            "blackout-hk/round/slot-4",
        )
    chosen = [c for c in cards if c]
    if len(set(chosen)) < len(chosen):
        return refuse(f"{G}.same_card", "One card can go into one slot only.", "blackout-hk/round/planning")
    for cid in chosen:
        if p.card(cid) is None:
            return refuse(
                f"{G}.not_in_hand", f"{cid!r} is not in {p.name}'s hand.", "blackout-hk/round/planning"
            )
    return []


def plan(state: S, action: Plan, rng: Random) -> tuple[S, list[Event]]:
    p = state.player(action.player)
    slots = list(p.slots)
    hand = p.hand
    planned = []
    for i, cid in enumerate(action.cards):
        card = p.card(cid) if cid else None
        if card is not None:
            slots[i] = slots[i] + (card,)
            hand = tuple(c for c in hand if c.id != cid)
            planned.append(i)
    p = replace(p, slots=tuple(slots), hand=hand, planned=tuple(planned))
    after = replace(state.with_player(p), planned_by=(*state.planned_by, action.player))
    if len(after.planned_by) == after.n:
        after = replace(after, stage="deploy", turn=0)
    return after, []


# Phase 2: deploying


def planned_card(p: Player, cid: str) -> Card | None:
    for i in p.planned:
        if p.slots[i] and p.slots[i][-1].id == cid:
            return p.slots[i][-1]
    return None


def check_planned(state: S, cid: str) -> list[Violation]:
    p = on_turn(state)
    if planned_card(p, cid) is None:
        return refuse(
            f"{G}.not_planned",
            f"{cid!r} is not a card {p.name} planned this round and has yet to turn up.",
            "blackout-hk/round/deploy",
        )
    return []


def turned_up(state: S, cid: str) -> S:
    """The planned card face up: it stays in its slot, and a Leader's offer lapses."""
    p = on_turn(state)
    planned = tuple(i for i in p.planned if p.slots[i][-1].id != cid)
    return replace(state.with_player(replace(p, planned=planned)), window=(), window_uses=0)


def _specialist(state: S, cid: str, kind: str) -> list[Violation]:
    if problems := check_planned(state, cid):
        return problems
    card = planned_card(on_turn(state), cid)
    assert card is not None
    if card.specialist != kind:
        return refuse(
            f"{G}.card_kind", f"{card.name} is not the {kind.capitalize()}.", "blackout-hk/specialists"
        )
    return []


def rondel_steps(state: S, start: str, to: str) -> int | None:
    """Segments from `start` to `to` the short way round, when the rondel's order is known."""
    order = state.components.rondel
    if not order:
        return None
    d = abs(order.index(start) - order.index(to))
    return min(d, len(order) - d)


def check_procure(state: S, action: Procure) -> list[Violation]:
    if problems := check_planned(state, action.card):
        return problems
    p = on_turn(state)
    card = planned_card(p, action.card)
    assert card is not None
    if not card.colour:
        return refuse(f"{G}.card_kind", f"{card.name} is not a volunteer.", "blackout-hk/volunteers")
    if problems := count_violations((CARD_CUBES, action.cubes), (ENTERED_STEPS, action.tokens)):
        return problems
    if problems := resource_named(action.resource):
        return problems
    die = state.dice[DICE.index(card.colour)]
    steps = rondel_steps(state, die, action.resource)
    if steps is None:
        if action.tokens < 0:
            return refuse(
                f"{G}.tokens",
                "Enter the transport tokens spent (Lantern does not know the rondel's order).",
                "blackout-hk/rondel",
            )
        if problems := count_violations((STEPS, action.tokens)):
            return problems
        if (action.tokens == 0) != (action.resource == die):
            return refuse(
                f"{G}.tokens",
                f"The {card.colour} die shows {die}: without tokens the volunteer brings {die}, and with "
                f"tokens something else.",
                "blackout-hk/rondel",
            )
        steps = action.tokens
    elif action.tokens >= 0 and action.tokens != steps:
        return refuse(
            f"{G}.tokens",
            f"{action.resource.capitalize()} is {steps} segment(s) from the {card.colour} die's {die}.",
            "blackout-hk/rondel",
        )
    if steps > p.transport:
        return refuse(
            f"{G}.transport",
            f"{action.resource.capitalize()} costs {steps} transport token(s); {p.name} has {p.transport}. "
            f"Buy tokens first (1 point each).",
            "blackout-hk/transport",
        )
    return supply_holds(p, p.supply, action.cubes)


def procure(state: S, action: Procure, rng: Random) -> tuple[S, list[Event]]:
    p = on_turn(state)
    card = planned_card(p, action.card)
    assert card is not None
    die = state.dice[DICE.index(card.colour)]
    steps = rondel_steps(state, die, action.resource)
    tokens = action.tokens if steps is None else steps
    for _ in range(action.cubes):
        p = p.with_rondel(action.resource, 1)
    slots = tuple(
        (*s[:-1], replace(card, cubes=action.cubes)) if s and s[-1].id == card.id else s for s in p.slots
    )
    p = replace(p, slots=slots, supply=p.supply - action.cubes, transport=p.transport - tokens)
    after = turned_up(state.with_player(p), action.card)
    moved = f" ({tokens} transport token(s) from {die})" if tokens else ""
    text = f"{p.name}'s {card.name}: {action.cubes} {action.resource}{moved}."
    return after, [Event.of("procure", text, rule="blackout-hk/volunteers")]


def window_for(p: Player) -> tuple[str, ...]:
    return tuple(str(i) for i in sorted(p.unlocked)) + tuple(o.id for o in p.checkmarks)


def check_leader(state: S, action: UseLeader) -> list[Violation]:
    if problems := _specialist(state, action.card, "leader"):
        return problems
    p = on_turn(state)
    return supply_holds(p, p.supply, 1)


def use_leader(state: S, action: UseLeader, rng: Random) -> tuple[S, list[Event]]:
    p = on_turn(state)
    p = replace(p, battery=p.battery + 1, supply=p.supply - 1)
    after = turned_up(state.with_player(p), action.card)
    window = window_for(p)
    after = replace(after, window=window, window_uses=1 if window else 0)
    more = (
        " and may carry out one unlocked check-mark action"
        if window
        else " (no check-mark action is unlocked)"
    )
    return after, [
        Event.of("leader", f"{p.name}'s Leader: +1 battery{more}.", rule="blackout-hk/specialists")
    ]


def check_scout(state: S, action: UseScout) -> list[Violation]:
    if problems := _specialist(state, action.card, "scout"):
        return problems
    if action.pay and action.pay not in ("gasoline", "books", "battery"):
        return refuse(
            f"{G}.resource",
            "The Scout takes 1 gasoline or 1 books, or a battery in their place.",
            "blackout-hk/specialists",
        )
    return can_pay(on_turn(state), (action.pay,) if action.pay else ())


def use_scout(state: S, action: UseScout, rng: Random) -> tuple[S, list[Event]]:
    p = on_turn(state)
    if action.pay:
        p = replace(paid(p, (action.pay,)), gps=p.gps + 1)
    p = replace(p, hkd=p.hkd + 2)
    gps = f"1 {action.pay} for 1 GPS, " if action.pay else ""
    after = turned_up(state.with_player(p), action.card)
    return after, [Event.of("scout", f"{p.name}'s Scout: {gps}+2 HK$.", rule="blackout-hk/specialists")]


def check_mechanic(state: S, action: UseMechanic) -> list[Violation]:
    if problems := _specialist(state, action.card, "mechanic"):
        return problems
    if action.tools and action.pay not in ("tools", "battery"):
        return refuse(
            f"{G}.resource",
            "The Mechanic's extra 3 HK$ take 1 tools, or a battery in its place.",
            "blackout-hk/specialists",
        )
    return can_pay(on_turn(state), (action.pay,) if action.tools else ())


def use_mechanic(state: S, action: UseMechanic, rng: Random) -> tuple[S, list[Event]]:
    p = on_turn(state)
    if action.tools:
        p = paid(p, (action.pay,))
    money = 6 if action.tools else 3
    p = replace(p, hkd=p.hkd + money)
    after = turned_up(state.with_player(p), action.card)
    text = f"{p.name}'s Mechanic: +{money} HK${f' (1 {action.pay} paid)' if action.tools else ''}."
    return after, [Event.of("mechanic", text, rule="blackout-hk/specialists")]


def check_doctor(state: S, action: UseDoctor) -> list[Violation]:
    if problems := _specialist(state, action.card, "doctor"):
        return problems
    p = on_turn(state)
    if not any(c.id == action.heal for c in p.hospital):
        return refuse(
            f"{G}.hospital", f"{action.heal!r} is not in {p.name}'s hospital.", "blackout-hk/hospital"
        )
    if problems := count_violations((GAIN, action.points)):
        return problems
    if action.pay not in ("medipack", "battery"):
        return refuse(
            f"{G}.resource",
            "The Doctor takes 1 medipack, or a battery in its place.",
            "blackout-hk/specialists",
        )
    return can_pay(p, (action.pay,))


def use_doctor(state: S, action: UseDoctor, rng: Random) -> tuple[S, list[Event]]:
    p = paid(on_turn(state), (action.pay,))
    card = next(c for c in p.hospital if c.id == action.heal)
    p = replace(
        p,
        hospital=tuple(c for c in p.hospital if c.id != action.heal),
        hand=(*p.hand, card),
        score=p.score + action.points,
    )
    after = turned_up(state.with_player(p), action.card)
    text = f"{p.name}'s Doctor: {card.name} back to the hand, +{action.points} points."
    return after, [Event.of("doctor", text, rule="blackout-hk/specialists")]


def check_card(state: S, action: UseCard) -> list[Violation]:
    if problems := check_planned(state, action.card):
        return problems
    return effects_problems(on_turn(state), action)


def use_card(state: S, action: UseCard, rng: Random) -> tuple[S, list[Event]]:
    p = gained(on_turn(state), action)
    card = planned_card(on_turn(state), action.card)
    assert card is not None
    after = turned_up(state.with_player(p), action.card)
    after = replace(after, to_place=action.place)
    text = f"{p.name}'s {card.name}: {effects_text(action)}."
    return after, [Event.of("card", text, rule="blackout-hk/specialists/deck")]


def check_flip(state: S, action: Flip) -> list[Violation]:
    return check_planned(state, action.card)


def flip(state: S, action: Flip, rng: Random) -> tuple[S, list[Event]]:
    return turned_up(state, action.card), []


# At any time


def check_buy_transport(state: S, action: BuyTransport) -> list[Violation]:
    return (
        player_named(state, action.player)
        or count_violations((TOKENS, action.count))
        or _positive(action.count)
    )


def _positive(count: int) -> list[Violation]:
    if count < 1:
        return refuse(f"{G}.amount", "Buy at least 1.", "blackout-hk/transport")
    return []


def buy_transport(state: S, action: BuyTransport, rng: Random) -> tuple[S, list[Event]]:
    p = state.player(action.player)
    p = replace(p, transport=p.transport + action.count, score=p.score - action.count)
    text = f"{p.name} buys {action.count} transport token(s) for {action.count} point(s): score {p.score}."
    return state.with_player(p), [Event.of("transport", text, rule="blackout-hk/transport")]


def check_buy_battery(state: S, action: BuyBattery) -> list[Violation]:
    if problems := player_named(state, action.player) or count_violations((TOKENS, action.count)):
        return problems
    if problems := _positive(action.count):
        return problems
    p = state.player(action.player)
    return can_pay(p, (), -BATTERY_PRICE * action.count, rule="blackout-hk/batteries") or supply_holds(
        p, p.supply, action.count
    )


def buy_battery(state: S, action: BuyBattery, rng: Random) -> tuple[S, list[Event]]:
    p = state.player(action.player)
    cost = BATTERY_PRICE * action.count
    p = replace(p, hkd=p.hkd - cost, battery=p.battery + action.count, supply=p.supply - action.count)
    text = f"{p.name} buys {action.count} battery for {cost} HK$."
    return state.with_player(p), [Event.of("battery", text, rule="blackout-hk/batteries")]


# Corrections on a player's sheet

ADJUSTABLE = {"score": "points", "hkd": "HK$", "gps": "GPS", "transport": "transport tokens"}


def check_adjust(state: S, action: Adjust) -> list[Violation]:
    if problems := player_named(state, action.player) or count_violations((ADJUST, action.by)):
        return problems
    if action.by == 0:
        return refuse(
            f"{G}.amount",
            "A correction changes something: +1 or more, or -1 or less.",
            "blackout-hk/corrections",
        )
    p = state.player(action.player)
    if action.what in ADJUSTABLE:
        held = {"score": None, "hkd": p.hkd, "gps": p.gps, "transport": p.transport}[action.what]
        if held is not None and held + action.by < 0:
            return refuse(
                f"{G}.cannot_pay",
                f"{p.name} has {held} {ADJUSTABLE[action.what]}, not the {-action.by} to pay.",
                "blackout-hk/corrections",
            )
        return []
    if action.what not in RESOURCE_NAMES:
        return refuse(
            f"{G}.what",
            f"{action.what!r} is not on a player's sheet: score, hkd, gps, transport, a resource or battery.",
            "blackout-hk/corrections",
        )
    if action.by < 0:
        return can_pay(p, (action.what,) * -action.by, rule="blackout-hk/corrections")
    return supply_holds(p, p.supply, action.by)


def adjust(state: S, action: Adjust, rng: Random) -> tuple[S, list[Event]]:
    p = state.player(action.player)
    if action.what in ADJUSTABLE:
        field = action.what
        p = replace(p, **{field: getattr(p, field) + action.by})
        name = ADJUSTABLE[field]
    else:
        for _ in range(abs(action.by)):
            p = p.with_rondel(action.what, 1 if action.by > 0 else -1)
        p = replace(p, supply=p.supply - action.by)
        name = RESOURCE_NAMES[action.what]
    text = f"{p.name}: {action.by:+d} {name} (a correction at the table)."
    return state.with_player(p), [Event.of("adjust", text, rule="blackout-hk/corrections")]


# Check-mark actions


def checkmark_open(state: S) -> list[Violation]:
    if not state.window_uses:
        return refuse(
            f"{G}.no_window",
            "Check-mark actions are carried out after a refresh that returned cards, or with the Leader.",
            "blackout-hk/check-marks",
        )
    return []


def board_effects(action: int, battery: bool = False) -> tuple[tuple[str, ...], int, Effects]:
    """What a board check-mark action spends and gives (`battery`: the joker pays its resource)."""
    spend, give = BOARD_CHECKMARKS[action]
    pay: tuple[str, ...] = (("battery" if battery else spend),) if spend in RESOURCES else ()
    hkd = -4 if spend == "hkd" else (3 if give == "hkd" else 0)
    effects = Effects(
        pay=pay,
        hkd=hkd,
        points=2 if give == "points" else 0,
        gps=1 if give == "gps" else 0,
        transport=1 if give == "transport" else 0,
        batteries=1 if give == "battery" else 0,
    )
    return pay, hkd, effects


def check_checkmark(state: S, action: UseCheckmark) -> list[Violation]:
    p = on_turn(state)
    if problems := effects_counts(action):
        return problems
    if action.action not in state.window:
        if action.action.isdigit() and not count_violations((CHECKMARK, int(action.action))):
            why = (
                "is used already"
                if int(action.action) in p.unlocked
                else "is still locked by a district marker"
            )
            return refuse(
                f"{G}.checkmark",
                f"Board action {action.action} ({CHECKMARK_NAMES[int(action.action)]}) {why}.",
                "blackout-hk/check-marks/board",
            )
        return refuse(
            f"{G}.checkmark",
            f"{action.action!r} is not a check-mark action {p.name} may carry out now.",
            "blackout-hk/check-marks",
        )
    if action.action.isdigit():
        if problems := _board_payment(state, action):
            return problems
        return effects_problems(p, board_effects(int(action.action), _joker(state, action))[2])
    return effects_problems(p, action)


def _joker(state: S, action: UseCheckmark) -> bool:
    """A board action's resource paid with a battery (edition 1 read the board's cost alone)."""
    return state.edition >= 2 and action.pay == ("battery",)


def _board_payment(state: S, action: UseCheckmark) -> list[Violation]:
    """Lantern knows a board action's cost: the entry names nothing, or a battery for its resource."""
    if state.edition < 2 or not action.pay:
        return []
    spend = BOARD_CHECKMARKS[int(action.action)][0]
    if action.pay != ("battery",) or spend not in RESOURCES:
        return refuse(
            f"{G}.resource",
            f"Board action {action.action} costs {'1 ' + spend if spend in RESOURCES else '4 HK$'}: enter "
            "nothing to pay it, or a battery for its resource.",
            "blackout-hk/batteries",
        )
    return []


def use_checkmark(state: S, action: UseCheckmark, rng: Random) -> tuple[S, list[Event]]:
    p = on_turn(state)
    effects: Effects = (
        board_effects(int(action.action), _joker(state, action))[2] if action.action.isdigit() else action
    )
    name = (
        CHECKMARK_NAMES[int(action.action)]
        if action.action.isdigit()
        else next(o.name for o in p.checkmarks if o.id == action.action)
    )
    p = gained(p, effects)
    after = replace(
        state.with_player(p),
        window=tuple(w for w in state.window if w != action.action),
        window_uses=state.window_uses - 1,
        to_place=effects.place,
    )
    return after, [
        Event.of("checkmark", f"{p.name}: {name} ({effects_text(effects)}).", rule="blackout-hk/check-marks")
    ]
