"""A player's turn: the one action (Inquire, Conduct Business, Travel, Pass, Throw Party, and in China
Deploy, Adjust Price, Influence and Conspiracy), and what it leaves to answer (a sixth card, the paid
Deploy that Influence and Conspiracy offer). The Post-War Rush reuses the China actions at 1 more debt."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.limits import Count
from trackers.core.rules import refuse
from trackers.core.wording import a_or_an
from trackers.infamous_traffic import china
from trackers.infamous_traffic.actions import (
    ActivateChain,
    AdjustPrice,
    CardMoney,
    ConductBusiness,
    Conspiracy,
    Deploy,
    Discard,
    Influence,
    Inquire,
    Pass,
    SkipDeploy,
    ThrowParty,
    Travel,
)
from trackers.infamous_traffic.guards import (
    BOWL,
    DIE,
    FACE,
    MONEY,
    PRINTED,
    SPACE,
    VALUE,
    G,
    in_location,
    location_named,
    numbered,
    on_turn,
    player_named,
    space_in,
    tile_named,
)
from trackers.infamous_traffic.state import (
    LOCATIONS,
    PARTY_TOKENS,
    TABLEAU,
    TILE_NAMES,
    Card,
    InfamousTrafficState,
    Piece,
    Question,
    moved,
)

S = InfamousTrafficState
PAID_DEPLOY = Question("deploy")
CARDS = "infamous-traffic/cards"
POOL = "infamous-traffic/actions/influence"
STEP = Count(-1, 1, "A price moves by", "", code=f"{G}.step", rule="infamous-traffic/actions/adjust-price")
TAKES = {"blank": "a Merchant", "ship": "a Ship", "opium": "an Opium tile"}


def done(state: S) -> S:
    """The turn's action is over once nothing it started waits for an answer."""
    return state if state.questions else replace(state, turn_done=True)


def rush_fee(state: S, who: str) -> S:
    """A China action in the Post-War Rush costs 1 more debt."""
    return state.pay(who, 1) if state.stage == "rush" else state


# Inquire and cards


def check_inquire(state: S, action: Inquire) -> list[Violation]:
    if action.name and (action.expelled or len(action.name) > 60):
        return refuse(
            f"{G}.card",
            "Keep one card by its name (at most 60 characters), or none if expelled.",
            "infamous-traffic/actions/inquire",
        )
    if action.expelled and state.location_of(on_turn(state)) != "china":
        return refuse(
            f"{G}.expelled",
            "Expelled by Lin Zexu is a China card: it comes up only when inquiring in China.",
            "infamous-traffic/actions/inquire",
        )
    for n in (action.upkeep, action.vp, action.parties):
        if problems := PRINTED.violations(n):
            return problems
    return []


def inquire(state: S, action: Inquire, rng: Random) -> tuple[S, list[Event]]:
    who = on_turn(state)
    if action.expelled or not action.name:
        return replace(state, turn_done=True), []
    deck = state.location_of(who)
    card = Card(action.name, deck, action.upkeep, action.vp, action.parties, locked=action.locked)
    return gain_card(state, who, card), []


def gain_card(state: S, who: str, card: Card) -> S:
    firm = state.firm(who)
    after = state.with_firm(replace(firm, tableau=(*firm.tableau, card)))
    if len(firm.tableau) + 1 > TABLEAU:
        return replace(after, questions=(Question("discard", who), *after.questions))
    return done(after)


def describe_inquire(state: S, action: Inquire) -> str:
    who = on_turn(state)
    where = state.location_of(who).capitalize()
    if action.expelled:
        return f"{who} inquires in {where}: Expelled by Lin Zexu, the turn is lost"
    if not action.name:
        return f"{who} inquires in {where} and puts all three cards back"
    return f"{who} inquires in {where} and keeps {action.name}"


def check_discard(state: S, action: Discard) -> list[Violation]:
    q = state.question
    assert q is not None
    tableau = state.firm(q.player).tableau
    if problems := numbered(
        "The tableau's cards are numbered", len(tableau), action.card, f"{G}.card", CARDS
    ):
        return problems
    card = tableau[action.card - 1]
    if action.card == len(tableau):
        if any(_may_go(c, card) for c in tableau[:-1]):
            return refuse(
                f"{G}.card",
                f"{card.name} just came in: one of the other cards goes back.",
                "infamous-traffic/cards",
            )
        return []
    if card.keeps:
        return refuse(
            f"{G}.locked",
            f"{card.name} cannot be discarded (it is kept all game or locked).",
            "infamous-traffic/cards",
        )
    if not _may_go(card, tableau[-1]):
        return refuse(
            f"{G}.face_down",
            f"{card.name} is a face-down prize: it goes only when another prize replaces it.",
            "infamous-traffic/cards",
        )
    return []


def _may_go(card: Card, newest: Card) -> bool:
    """An older card the new one may push out (when none may, the new card itself goes: Lantern's reading)."""
    return not card.keeps and not (card.face_down and card.deck == "prize" and newest.deck != "prize")


def discard(state: S, action: Discard, rng: Random) -> tuple[S, list[Event]]:
    q = state.question
    assert q is not None
    firm = state.firm(q.player)
    card = firm.tableau[action.card - 1]
    tableau = tuple(c for i, c in enumerate(firm.tableau) if i != action.card - 1)
    after = replace(state.with_firm(replace(firm, tableau=tableau)), questions=state.questions[1:])
    text = (
        f"{card.name} goes back on top of the {card.deck} deck."
        if card.deck != "prize"
        else f"{card.name} is discarded."
    )
    return (done(after) if after.stage == "turns" else after), [
        Event.of("discard", text, rule="infamous-traffic/cards")
    ]


# Conduct Business, Travel, Pass, Throw Party


def check_business(state: S, action: ConductBusiness) -> list[Violation]:
    who = on_turn(state)
    for kind in action.tiles:
        if problems := tile_named(kind):
            return problems
    firm = state.firm(who)
    for kind in set(action.tiles):
        if action.tiles.count(kind) > firm.count(firm.supply, kind):
            return refuse(
                f"{G}.supply",
                f"{who} has {firm.count(firm.supply, kind)} {kind} tile(s) left in supply, not "
                f"{action.tiles.count(kind)}.",
                "infamous-traffic/actions/business",
            )
    if problems := PRINTED.violations(action.debt) or PRINTED.violations(action.cash):
        return problems
    if not action.tiles and not action.debt and not action.cash:
        return refuse(
            f"{G}.nothing",
            "Enter what the cards did: tiles gained, debt taken or cash.",
            "infamous-traffic/actions/business",
        )
    return []


def business(state: S, action: ConductBusiness, rng: Random) -> tuple[S, list[Event]]:
    who = on_turn(state)
    firm = state.firm(who)
    supply, holdings = firm.supply, firm.holdings
    for kind in action.tiles:
        supply, holdings = moved(supply, kind, -1), moved(holdings, kind, 1)
    after = state.with_firm(
        replace(firm, supply=supply, holdings=holdings, money=firm.money - action.debt + action.cash)
    )
    return replace(after, turn_done=True), []


def describe_business(state: S, action: ConductBusiness) -> str:
    who = on_turn(state)
    parts = [f"gains {', '.join(action.tiles)}"] if action.tiles else []
    parts += [f"takes {action.debt} debt"] if action.debt else []
    parts += [f"gains {action.cash} cash"] if action.cash else []
    return f"{who} conducts business: {'; '.join(parts)}"


def check_travel(state: S, action: Travel) -> list[Violation]:
    if problems := location_named(action.to):
        return problems
    who = on_turn(state)
    if state.location_of(who) == action.to:
        return refuse(
            f"{G}.same_place",
            f"{who} is already in {action.to.capitalize()}: travel goes elsewhere.",
            "infamous-traffic/actions/travel",
        )
    return []


def travel(state: S, action: Travel, rng: Random) -> tuple[S, list[Event]]:
    who = on_turn(state)
    i = LOCATIONS.index(action.to)
    rows = list(state.travel_rows)
    rows[i] = (*rows[i], who)
    return replace(_off_action_row(state, who), travel_rows=(rows[0], rows[1], rows[2]), turn_done=True), []


def pass_turn(state: S, action: Pass, rng: Random) -> tuple[S, list[Event]]:
    """The passer takes the rightmost free travel space here: the first to pass ends up last."""
    who = on_turn(state)
    i = LOCATIONS.index(state.location_of(who))
    rows = list(state.passers)
    rows[i] = (who, *rows[i])
    return replace(_off_action_row(state, who), passers=(rows[0], rows[1], rows[2]), turn_done=True), []


def _off_action_row(state: S, who: str) -> S:
    rows = tuple(tuple(p for p in row if p != who) for row in state.action_rows)
    return replace(state, action_rows=(rows[0], rows[1], rows[2]))


def check_party(state: S, action: ThrowParty) -> list[Violation]:
    if problems := in_location(state, "london", "Throw Party"):
        return problems
    taken = sum(f.party_tokens for f in state.firms)
    if taken >= PARTY_TOKENS:
        return refuse(f"{G}.no_party", "All 10 party tokens are out.", "infamous-traffic/actions/party")
    return []


def throw_party(state: S, action: ThrowParty, rng: Random) -> tuple[S, list[Event]]:
    who = on_turn(state)
    firm = state.firm(who)
    after = state.with_firm(replace(firm, money=firm.money - 1, party_tokens=firm.party_tokens + 1))
    return replace(after, turn_done=True), []


# Deploy and underselling


def check_deploy(state: S, action: Deploy) -> list[Violation]:
    if state.stage == "turns" and not state.questions and (problems := in_location(state, "china", "Deploy")):
        return problems
    who = on_turn(state)
    if (
        problems := tile_named(action.kind)
        or space_in(state, action.chain, action.space)
        or VALUE.violations(action.value)
    ):
        return problems
    for face in action.rerolls:
        if problems := DIE.violations(face):
            return problems
    firm = state.firm(who)
    if not action.source:
        if firm.count(firm.holdings, action.kind) < 1:
            return refuse(
                f"{G}.holdings", f"{who} has no {action.kind} in holdings.", "infamous-traffic/actions/deploy"
            )
    elif problems := _from_chain(state, who, action):
        return problems
    spec = china.board(state).chain(action.chain)
    wanted = spec.spaces[action.space - 1]
    fits = action.kind == wanted if wanted != "blank" else action.kind == "merchant"
    if not fits:
        return refuse(
            f"{G}.space_type",
            f"Space {action.space} of chain {action.chain} takes {TAKES[wanted]}, "
            f"not {a_or_an(action.kind)}.",
            "infamous-traffic/china",
        )
    if not china.has_opportunity(state, spec.region):
        return refuse(
            f"{G}.opportunity",
            f"No opportunity in {spec.region}: no pool die ({_faces(state.pool)}) matches its demand "
            f"({_faces(state.region(spec.region).demand)}).",
            "infamous-traffic/opportunity",
        )
    occupant = state.chain(action.chain).tiles[action.space - 1]
    if occupant is not None and (
        not occupant.owner or occupant.kind != action.kind or action.value >= occupant.value
    ):
        return refuse(
            f"{G}.undersell",
            f"Space {action.space} of chain {action.chain} holds {a_or_an(occupant.kind)} worth "
            f"{occupant.value}: only a tile of the same type with a lower value can undersell it.",
            "infamous-traffic/actions/undersell",
        )
    return []


def _faces(dice: tuple[int, ...]) -> str:
    return ", ".join(map(str, dice)) or "none"


def _from_chain(state: S, who: str, action: Deploy) -> list[Violation]:
    cid, _, space = action.source.rpartition(":")
    if not space.isdigit() or space_in(state, cid, int(space)):
        return refuse(
            f"{G}.source",
            f"Move a tile from 'chain:space', not {action.source!r}.",
            "infamous-traffic/actions/deploy",
        )
    chain = state.chain(cid)
    piece = chain.tiles[int(space) - 1]
    if piece is None or piece.owner != who or piece.kind != action.kind or piece.value != action.value:
        return refuse(
            f"{G}.source",
            f"Space {space} of chain {cid} does not hold {who}'s {action.kind} worth {action.value}.",
            "infamous-traffic/actions/deploy",
        )
    if chain.active:
        return refuse(
            f"{G}.active_source", f"Chain {cid} is active: its tiles stay.", "infamous-traffic/actions/deploy"
        )
    return []


def deploy(state: S, action: Deploy, rng: Random) -> tuple[S, list[Event]]:
    asked = state.question is not None and state.question.kind == "deploy"
    who = on_turn(state)
    after = state
    if action.source:
        cid, _, space = action.source.rpartition(":")
        after = china.put_piece(after, cid, int(space) - 1, None)
    else:
        firm = after.firm(who)
        after = after.with_firm(replace(firm, holdings=moved(firm.holdings, action.kind, -1)))
    events: list[Event] = []
    occupant = after.chain(action.chain).tiles[action.space - 1]
    if occupant is not None:
        old = after.firm(occupant.owner)
        after = after.with_firm(replace(old, holdings=moved(old.holdings, occupant.kind, 1))).pay(who, 1)
        events.append(
            Event.of(
                "undersell",
                f"{who} undersells {occupant.owner}'s {occupant.kind} ({occupant.value}) for 1 debt; "
                "it goes back to holdings.",
                rule="infamous-traffic/actions/undersell",
            )
        )
    after = china.put_piece(after, action.chain, action.space - 1, Piece(action.kind, action.value, who))
    region = china.region_of(after, action.chain)
    if action.kind == "merchant" and after.region(region).alignment in ("qing", "taiping"):
        after, n = china.reroll_matching(after, region, rng, action.rerolls)
        if n:
            events.append(
                Event.of(
                    "reroll",
                    f"A Merchant in {region}: {n} pool dice matching its demand rerolled, "
                    f"now {_faces(after.pool)}.",
                    rule="infamous-traffic/actions/deploy",
                )
            )
    paid = replace(after.pay(who, 1), questions=after.questions[1:]) if asked else rush_fee(after, who)
    if asked and state.settings.rush_deploy_fee == "its 1 debt and the Rush's 1 more":
        paid = rush_fee(paid, who)
    return done(paid), events


def describe_deploy(state: S, action: Deploy) -> str:
    who = on_turn(state)
    paid = " (paid 1 debt)" if state.question is not None and state.question.kind == "deploy" else ""
    where = f"space {action.space} of chain {action.chain}"
    return f"{who} deploys {a_or_an(action.kind)} ({action.value}) to {where}{paid}"


def check_skip(state: S, action: SkipDeploy) -> list[Violation]:
    return []


def skip_deploy(state: S, action: SkipDeploy, rng: Random) -> tuple[S, list[Event]]:
    return done(replace(state, questions=state.questions[1:])), []


# Adjust Price and Influence


def check_adjust(state: S, action: AdjustPrice) -> list[Violation]:
    if problems := (in_location(state, "china", "Adjust Price") or tile_named(action.kind)):
        return problems
    if problems := SPACE.violations(action.space) or STEP.violations(action.step):
        return problems
    if action.step == 0:
        return refuse(
            f"{G}.step", "Adjust a price by 1 up or 1 down.", "infamous-traffic/actions/adjust-price"
        )
    who = on_turn(state)
    firm = state.firm(who)
    if firm.count(firm.supply, action.kind) < 1:
        return refuse(
            f"{G}.supply",
            f"{who} has no {action.kind} in supply to swap with.",
            "infamous-traffic/actions/adjust-price",
        )
    if not action.chain:
        if firm.count(firm.holdings, action.kind) < 1:
            return refuse(
                f"{G}.holdings",
                f"{who} has no {action.kind} in holdings.",
                "infamous-traffic/actions/adjust-price",
            )
        return []
    if problems := space_in(state, action.chain, action.space):
        return problems
    chain = state.chain(action.chain)
    piece = chain.tiles[action.space - 1]
    if piece is None or piece.owner != who or piece.kind != action.kind:
        return refuse(
            f"{G}.source",
            f"That space holds no {action.kind} of {who}'s.",
            "infamous-traffic/actions/adjust-price",
        )
    if chain.active:
        return refuse(
            f"{G}.active_source",
            f"Chain {action.chain} is active: its prices stay.",
            "infamous-traffic/actions/adjust-price",
        )
    if piece.value + action.step < 0:
        return refuse(
            f"{G}.value", "A tile's value cannot go below 0.", "infamous-traffic/actions/adjust-price"
        )
    return []


def adjust(state: S, action: AdjustPrice, rng: Random) -> tuple[S, list[Event]]:
    who = on_turn(state)
    after = state
    if action.chain:
        piece = state.chain(action.chain).tiles[action.space - 1]
        assert piece is not None
        after = china.put_piece(
            after, action.chain, action.space - 1, replace(piece, value=piece.value + action.step)
        )
    return done(rush_fee(after, who)), []


def describe_adjust(state: S, action: AdjustPrice) -> str:
    where = f"in chain {action.chain}" if action.chain else "in holdings"
    way = "up" if action.step > 0 else "down"
    return f"{on_turn(state)} adjusts {a_or_an(action.kind)}'s price {way} by 1 {where}"


def china_cards(state: S, who: str) -> int:
    return sum(1 for c in state.firm(who).tableau if c.deck == "china")


def check_influence(state: S, action: Influence) -> list[Violation]:
    if problems := in_location(state, "china", "Influence"):
        return problems
    who = on_turn(state)
    most = 2 + china_cards(state, who)
    if len(action.dice) > most or len(set(action.dice)) != len(action.dice):
        return refuse(
            f"{G}.influence",
            f"{who} may reroll up to {most} different pool dice (2, and 1 more for each China card).",
            "infamous-traffic/actions/influence",
        )
    for d in action.dice:
        if problems := numbered("The pool's dice are numbered", len(state.pool), d, f"{G}.influence", POOL):
            return problems
    for face in action.faces:
        if problems := FACE.violations(face):
            return problems
    if action.faces and len(action.faces) != len(action.dice):
        return refuse(
            f"{G}.die",
            "Enter one face of 1 to 6 for each rerolled die, or none.",
            "infamous-traffic/actions/influence",
        )
    return []


def influence(state: S, action: Influence, rng: Random) -> tuple[S, list[Event]]:
    who = on_turn(state)
    pool = list(state.pool)
    for n, d in enumerate(action.dice):
        pool[d - 1] = action.faces[n] if action.faces else rng.randint(1, 6)
    after = rush_fee(replace(state, pool=tuple(pool)), who)
    after = replace(after, questions=(*after.questions, replace(PAID_DEPLOY, player=who)))
    return after, [
        Event.of("pool", f"The pool now shows {_faces(after.pool)}.", rule="infamous-traffic/opportunity")
    ]


def describe_influence(state: S, action: Influence) -> str:
    return f"{on_turn(state)} influences: rerolls {len(action.dice)} pool dice"


# Conspiracy: taking a bowl (placing its tiles is in conspiracy.py)


def check_conspiracy(state: S, action: Conspiracy) -> list[Violation]:
    if problems := in_location(state, "china", "Conspiracy"):
        return problems
    if problems := BOWL.violations(action.bowl):
        return problems
    if not state.bowls[action.bowl - 1]:
        return refuse(f"{G}.empty_bowl", f"Bowl {action.bowl} is empty.", "infamous-traffic/lantern")
    return []


def take_bowl(state: S, action: Conspiracy, rng: Random) -> tuple[S, list[Event]]:
    who = on_turn(state)
    tiles = state.bowls[action.bowl - 1]
    fee = 1 if any(t in ("smuggler", "missionary") for t in tiles) else 0
    bowls = tuple(() if i == action.bowl - 1 else b for i, b in enumerate(state.bowls))
    after = rush_fee(replace(state.pay(who, fee), bowls=bowls), who)
    asked = (Question("place", who, tiles=tiles), replace(PAID_DEPLOY, player=who))
    return replace(after, questions=(*after.questions, *asked)), []


def describe_conspiracy(state: S, action: Conspiracy) -> str:
    tiles = state.bowls[action.bowl - 1]
    fee = " for 1 debt" if any(t in ("smuggler", "missionary") for t in tiles) else ""
    return f"{on_turn(state)} takes bowl {action.bowl} ({', '.join(TILE_NAMES[t] for t in tiles)}){fee}"


# Chains the active player orders, and card powers


def check_activate(state: S, action: ActivateChain) -> list[Violation]:
    q = state.question
    assert q is not None
    if action.chain not in q.options:
        return refuse(
            f"{G}.chain",
            f"Choose one of the ready chains: {', '.join(q.options)}.",
            "infamous-traffic/chains/active",
        )
    return []


def activate(state: S, action: ActivateChain, rng: Random) -> tuple[S, list[Event]]:
    after, events = china.activate(replace(state, questions=state.questions[1:]), action.chain)
    return after, events


def check_money(state: S, action: CardMoney) -> list[Violation]:
    if problems := player_named(state, action.player) or MONEY.violations(action.amount):
        return problems
    if action.amount == 0 or len(action.note) > 80:
        return refuse(
            f"{G}.amount",
            "Enter the cash (+) or debt (−) the card gave, and a short note.",
            "infamous-traffic/money",
        )
    return []


def card_money(state: S, action: CardMoney, rng: Random) -> tuple[S, list[Event]]:
    return state.pay(action.player, -action.amount), []


def describe_money(state: S, action: CardMoney) -> str:
    what = f"gains {action.amount} cash" if action.amount > 0 else f"takes {-action.amount} debt"
    return f"{action.player} {what}" + (f" ({action.note})" if action.note else "")
