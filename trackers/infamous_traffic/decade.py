"""The end of a decade, step by step: the Opium War and its commander's actions, the Post-War Rush, the
books balanced, the London Season's prize draft and compounding debt, then the final score."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.rules import refuse
from trackers.infamous_traffic import china
from trackers.infamous_traffic.actions import (
    AttackQing,
    CompoundDebt,
    DebtPenalty,
    PoliceTreatyPort,
    ReturnTiles,
    RushPass,
    SkipPrize,
    SuppressTaiping,
    TakePrize,
)
from trackers.infamous_traffic.guards import DEBT, DIE, PRINTED, G, player_named, region_named
from trackers.infamous_traffic.state import (
    PLAYER_TILES,
    Card,
    InfamousTrafficState,
    PrizeKind,
    Question,
    moved,
)
from trackers.infamous_traffic.turn import gain_card

S = InfamousTrafficState
WAR = "infamous-traffic/decade/war"
PRIZES: tuple[PrizeKind, ...] = ("wealth", "marriage", "family", "secret")
PRIZE_OF: dict[str, PrizeKind] = {p: p for p in PRIZES}


# The Opium War


def war_outlook(state: S) -> tuple[int, int]:
    """Where the Opium War step leaves outrage (an arrow space lowers it by 1 first) and the war's strength
    there (0: not a red space, no war)."""
    track = china.board(state).outrage
    at = state.outrage - 1 if state.outrage in track.arrows else state.outrage
    return at, track.strength(at)


def war_region(state: S, name: str) -> bool:
    """Where the commander may act: on the coast, in a Treaty Port, or next to a Treaty Port."""
    board = china.board(state)
    spec = board.region(name)
    return (
        spec.coastal
        or state.region(name).alignment == "treaty"
        or any(state.region(n).alignment == "treaty" for n in spec.adjacent)
    )


def war_moves(state: S) -> tuple[str, ...]:
    """What the commander can still do with the strength left ("attack:Canton", ...)."""
    moves: list[str] = []
    taiping = sum(1 for r in state.regions if r.alignment == "taiping")
    for r in state.regions:
        if not war_region(state, r.name):
            continue
        if r.alignment == "qing" and r.qing > 0 and state.war_strength >= 1:
            moves.append(f"attack:{r.name}")
        if r.alignment == "taiping" and state.war_strength >= taiping:
            moves.append(f"suppress:{r.name}")
        if r.alignment == "treaty" and state.war_strength >= 1 and policeable(state, r.name):
            moves.append(f"police:{r.name}")
    return tuple(moves)


def policeable(state: S, region: str) -> tuple[str, ...]:
    return tuple(
        c.id
        for c in china.chains_in(state, region)
        if not c.active and any(t is not None and not t.owner for t in c.tiles)
    )


def _war_check(state: S, region: str, move: str, what: str) -> list[Violation]:
    if problems := region_named(state, region):
        return problems
    if f"{move}:{region}" not in war_moves(state):
        return refuse(
            f"{G}.war",
            f"{what} in {region} is not open: the war reaches the coast, Treaty Ports and their "
            f"neighbours, and the move needs the right alignment and enough strength "
            f"({state.war_strength} left).",
            WAR,
        )
    return []


def check_attack(state: S, action: AttackQing) -> list[Violation]:
    return DIE.violations(action.die) or _war_check(state, action.region, "attack", "Attack Qing")


def attack(state: S, action: AttackQing, rng: Random) -> tuple[S, list[Event]]:
    r = state.region(action.region)
    after = replace(
        state.with_region(replace(r, qing=r.qing - 1)),
        removed=state.removed.put(["qing"]),
        war_strength=state.war_strength - 1,
    )
    if r.qing - 1 > 0:
        return after, []
    after = after.with_region(replace(after.region(action.region), alignment="treaty"))
    after = replace(after, set_aside=after.set_aside.take(["treaty"]), war_ports=after.war_ports + 1)
    after, events = china.add_demand_die(after, action.region, rng, action.die)
    return after, [Event.of("war", f"{action.region} becomes a Treaty Port.", rule=WAR), *events]


def check_suppress(state: S, action: SuppressTaiping) -> list[Violation]:
    return DIE.violations(action.die) or _war_check(state, action.region, "suppress", "Suppress Taiping")


def suppress(state: S, action: SuppressTaiping, rng: Random) -> tuple[S, list[Event]]:
    cost = sum(1 for r in state.regions if r.alignment == "taiping")
    after = state.with_region(replace(state.region(action.region), alignment="treaty"))
    after = replace(
        after,
        set_aside=after.set_aside.put(["taiping"]).take(["treaty"]),
        war_strength=after.war_strength - cost,
        war_ports=after.war_ports + 1,
    )
    die = action.die or rng.randint(1, 6)
    after = replace(after, pool=(*after.pool, die))
    text = f"The Taiping lose {action.region}, now a Treaty Port; a die joins the pool: {die}."
    return after, [Event.of("war", text, rule=WAR)]


def police_pieces(state: S, region: str) -> tuple[str, ...]:
    """Every Smuggler and Bureaucrat policing may take in a Treaty Port region, as "chain-id:space"."""
    return tuple(
        f"{cid}:{i + 1}"
        for cid in policeable(state, region)
        for i, t in enumerate(state.chain(cid).tiles)
        if t is not None and not t.owner
    )


def _policed(state: S, action: PoliceTreatyPort) -> tuple[str, ...]:
    """The pieces an entry takes: those it names, and every one in the chains it names."""
    whole = tuple(p for p in police_pieces(state, action.region) if p.rpartition(":")[0] in action.chains)
    return (*action.pieces, *(p for p in whole if p not in action.pieces))


def check_police(state: S, action: PoliceTreatyPort) -> list[Violation]:
    if problems := _war_check(state, action.region, "police", "Police Treaty Port"):
        return problems
    open_chains = policeable(state, action.region)
    if any(c not in open_chains for c in action.chains) or len(set(action.chains)) != len(action.chains):
        return refuse(
            f"{G}.war",
            f"Name the inactive chains of {action.region} to clear: {', '.join(open_chains)}.",
            WAR,
        )
    pieces = police_pieces(state, action.region)
    if (
        not (action.chains or action.pieces)
        or any(p not in pieces for p in action.pieces)
        or len(set(action.pieces)) != len(action.pieces)
    ):
        return refuse(
            f"{G}.war",
            f"Name the Smugglers and Bureaucrats in {action.region}'s inactive chains to remove: "
            f"{', '.join(pieces)}.",
            WAR,
        )
    return []


def police(state: S, action: PoliceTreatyPort, rng: Random) -> tuple[S, list[Event]]:
    """Each piece out of the game; each Smuggler sends the region's lowest demand die back."""
    after = replace(state, war_strength=state.war_strength - 1)
    gone: list[str] = []
    for where in _policed(state, action):
        cid, _, space = where.rpartition(":")
        piece = after.chain(cid).tiles[int(space) - 1]
        assert piece is not None
        after = china.put_piece(after, cid, int(space) - 1, None)
        gone.append(piece.kind)
        if piece.kind == "smuggler":
            after = china.lowest_die_back(after, action.region)
    return replace(after, removed=after.removed.put(gone)), []


def describe_war(state: S, action: AttackQing | SuppressTaiping | PoliceTreatyPort) -> str:
    what = {
        AttackQing: "attacks the Qing",
        SuppressTaiping: "suppresses the Taiping",
        PoliceTreatyPort: "polices the Treaty Port",
    }
    return f"{state.commander} {what[type(action)]} in {action.region}"


# The Post-War Rush


def rush_pass(state: S, action: RushPass, rng: Random) -> tuple[S, list[Event]]:
    who = state.rush_player
    assert who is not None
    return replace(state, rush_out=(*state.rush_out, who), rush_turn=state.rush_after(who, passed=True)), []


def describe_rush_pass(state: S, action: RushPass) -> str:
    return f"{state.rush_player} passes for the rest of the Post-War Rush"


# Balancing the books


def upkeep(state: S, card: Card) -> int:
    """Balance Books charges the upkeep of face-up prizes (or, as an option, of every face-up card)."""
    every = state.settings.upkeep_from == "every face-up card"
    return card.upkeep if not card.face_down and (every or card.deck == "prize") else 0


def balance_books(state: S) -> tuple[S, list[Event]]:
    after = state
    lines: list[str] = []
    asked: list[Question] = []
    for firm in state.firms:
        gain = china.revenue(state, firm.name) - sum(upkeep(state, c) for c in firm.tableau)
        after = after.pay(firm.name, -gain)
        lines.append(f"{firm.name} {gain:+d}")
        limit = china.board(state).tile_limit(china.revenue(state, firm.name))
        over = china.inactive_tiles(state, firm.name) - limit if limit is not None else 0
        if over > 0:
            asked.append(Question("returns", firm.name, count=over))
    after = replace(after, questions=(*after.questions, *asked))
    text = "Books balanced (revenue minus upkeep): " + ", ".join(lines) + "."
    return after, [Event.of("books", text, rule="infamous-traffic/decade/books")]


def check_returns(state: S, action: ReturnTiles) -> list[Violation]:
    """Each tile named by type (from holdings) or as "chain:space" (own tile in an inactive chain)."""
    q = state.question
    assert q is not None
    rule = "infamous-traffic/decade/books"
    if action.player != q.player:
        return refuse(f"{G}.returns", f"{q.player} returns tiles now.", rule)
    if len(action.tiles) != q.count or len(set(action.tiles) - set(PLAYER_TILES)) != sum(
        1 for t in action.tiles if t not in PLAYER_TILES
    ):
        return refuse(f"{G}.returns", f"{q.player} returns {q.count} inactive tile(s) to the supply.", rule)
    firm = state.firm(q.player)
    for t in set(action.tiles):
        if t in PLAYER_TILES:
            if action.tiles.count(t) > firm.count(firm.holdings, t):
                return refuse(f"{G}.returns", f"{q.player} holds fewer {t} tiles than that.", rule)
        elif not _own_inactive(state, q.player, t):
            return refuse(
                f"{G}.returns", f"{t!r} is not one of {q.player}'s tiles in an inactive chain.", rule
            )
    return []


def _own_inactive(state: S, player: str, where: str) -> bool:
    cid, _, space = where.rpartition(":")
    if not space.isdigit() or not any(c.id == cid for c in state.chains):
        return False
    chain = state.chain(cid)
    i = int(space) - 1
    piece = chain.tiles[i] if 0 <= i < len(chain.tiles) else None
    return not chain.active and piece is not None and piece.owner == player


def return_tiles(state: S, action: ReturnTiles, rng: Random) -> tuple[S, list[Event]]:
    after = state
    for t in action.tiles:
        firm = after.firm(action.player)
        if t in PLAYER_TILES:
            after = after.with_firm(
                replace(firm, supply=moved(firm.supply, t, 1), holdings=moved(firm.holdings, t, -1))
            )
            continue
        cid, _, space = t.rpartition(":")
        piece = after.chain(cid).tiles[int(space) - 1]
        assert piece is not None
        after = china.put_piece(
            after.with_firm(replace(firm, supply=moved(firm.supply, piece.kind, 1))),
            cid,
            int(space) - 1,
            None,
        )
    return replace(after, questions=after.questions[1:]), []


# The London Season


def season_order(state: S) -> tuple[str, ...]:
    """Most parties first; then the most cash; then turn order."""
    turn = state.turn_order
    return tuple(
        sorted(
            state.players,
            key=lambda p: (
                -state.firm(p).parties,
                -max(state.firm(p).money, 0),
                turn.index(p) if p in turn else 99,
            ),
        )
    )


def check_prize(state: S, action: TakePrize) -> list[Violation]:
    if action.prize not in PRIZES:
        return refuse(
            f"{G}.prize",
            f"A prize is {', '.join(PRIZES)}, not {action.prize!r}.",
            "infamous-traffic/decade/season",
        )
    if not action.name.strip() or len(action.name) > 60:
        return refuse(
            f"{G}.name", "Name the prize (at most 60 characters).", "infamous-traffic/decade/season"
        )
    for n in (action.debt, action.upkeep, action.vp, action.parties):
        if problems := PRINTED.violations(n):
            return problems
    who = state.on_turn
    assert who is not None
    tableau = state.firm(who).tableau
    if action.prize == "marriage" and any(c.prize == "marriage" for c in tableau):
        return refuse(
            f"{G}.marriage", f"{who} is already married: one Marriage card.", "infamous-traffic/decade/season"
        )
    if action.prize in ("family", "secret") and action.face_up:
        return refuse(
            f"{G}.face_down",
            f"A {action.prize} ambition is taken face down.",
            "infamous-traffic/decade/season",
        )
    return []


def take_prize(state: S, action: TakePrize, rng: Random) -> tuple[S, list[Event]]:
    who = state.on_turn
    assert who is not None
    married = any(c.prize == "marriage" and not c.face_down for c in state.firm(who).tableau)
    face_down = not action.face_up and not (action.prize == "family" and married)
    card = Card(
        action.name,
        "prize",
        action.upkeep,
        action.vp,
        action.parties,
        action.debt,
        prize=PRIZE_OF[action.prize],
        face_down=face_down,
    )
    after = state.pay(who, 0 if face_down else action.debt)
    events: list[Event] = []
    if action.prize == "marriage" and action.face_up:
        after, events = _flip_family(after, who)
    after = gain_card(replace(after, season_done=after.season_done + 1), who, card)
    return replace(after, turn_done=False), events


def _flip_family(state: S, who: str) -> tuple[S, list[Event]]:
    firm = state.firm(who)
    flipped = [c for c in firm.tableau if c.prize == "family" and c.face_down]
    tableau = tuple(replace(c, face_down=False) if c in flipped else c for c in firm.tableau)
    after = state.with_firm(replace(firm, tableau=tableau)).pay(who, sum(c.debt for c in flipped))
    if not flipped:
        return after, []
    text = f"{who}'s family ambitions turn face up: {sum(c.debt for c in flipped)} debt."
    return after, [Event.of("prize", text, rule="infamous-traffic/decade/season")]


def describe_prize(state: S, action: TakePrize) -> str:
    side = "face up" if action.face_up else "face down"
    return f"{state.on_turn} keeps the prize {action.name} ({action.prize}, {side})"


def skip_prize(state: S, action: SkipPrize, rng: Random) -> tuple[S, list[Event]]:
    return replace(state, season_done=state.season_done + 1), []


def end_season(state: S) -> tuple[S, list[Event]]:
    """Party tokens back; at the game's end secret ambitions show (with their debt) and face-down family
    ambitions go; then debt compounds and cash goes back to 0."""
    after = replace(state, firms=tuple(replace(f, party_tokens=0) for f in state.firms))
    events: list[Event] = []
    if after.final:
        for firm in after.firms:
            secrets = [c for c in firm.tableau if c.prize == "secret" and c.face_down]
            tableau = tuple(
                replace(c, face_down=False) for c in firm.tableau if not (c.prize == "family" and c.face_down)
            )
            after = after.with_firm(replace(firm, tableau=tableau)).pay(
                firm.name, sum(c.debt for c in secrets)
            )
            if secrets:
                debt = sum(c.debt for c in secrets)
                text = f"{firm.name} reveals {len(secrets)} secret ambition(s): {debt} debt."
                events.append(Event.of("prize", text, rule="infamous-traffic/decade/season"))
    track = china.board(after).debt
    due: list[str] = []
    for firm in after.firms:
        if firm.money > 0:
            after = after.with_firm(replace(firm, money=0))
        elif firm.money < 0 and track is not None:
            debt = -firm.money + track.extra(-firm.money)
            over = max(0, debt - track.end)
            after = after.with_firm(
                replace(firm, money=-min(debt, track.end), perm_debt=firm.perm_debt + over)
            )
            events.append(
                Event.of(
                    "compound",
                    f"{firm.name}'s debt compounds to {min(debt, track.end)}"
                    + (f", {over} permanent" if over else "")
                    + ".",
                    rule="infamous-traffic/decade/compound",
                )
            )
        elif firm.money < 0:
            due.append(firm.name)
    return replace(after, compound_due=tuple(due)), events


def check_compound(state: S, action: CompoundDebt) -> list[Violation]:
    if (
        problems := player_named(state, action.player)
        or DEBT.violations(action.debt)
        or DEBT.violations(action.permanent)
    ):
        return problems
    if action.player not in state.compound_due:
        return refuse(
            f"{G}.compound",
            f"Enter the debt of {', '.join(state.compound_due)} now.",
            "infamous-traffic/decade/compound",
        )
    if action.debt + action.permanent < -state.firm(action.player).money:
        return refuse(
            f"{G}.compound",
            "Debt compounds upward: enter at least the debt it was.",
            "infamous-traffic/decade/compound",
        )
    return []


def compound(state: S, action: CompoundDebt, rng: Random) -> tuple[S, list[Event]]:
    firm = state.firm(action.player)
    firm = replace(firm, money=-action.debt, perm_debt=firm.perm_debt + action.permanent)
    return replace(
        state.with_firm(firm), compound_due=tuple(p for p in state.compound_due if p != action.player)
    ), []


def penalty_due(state: S) -> tuple[str, ...]:
    if china.board(state).debt is not None:
        return ()
    return tuple(f.name for f in state.firms if f.money < 0 and f.penalty is None)


def check_penalty(state: S, action: DebtPenalty) -> list[Violation]:
    if problems := player_named(state, action.player) or PRINTED.violations(action.points):
        return problems
    if action.player not in penalty_due(state):
        return refuse(
            f"{G}.penalty", f"Enter the penalty of {', '.join(penalty_due(state))}.", "infamous-traffic/end"
        )
    return []


def penalty(state: S, action: DebtPenalty, rng: Random) -> tuple[S, list[Event]]:
    return state.with_firm(replace(state.firm(action.player), penalty=action.points)), []


def ranking(state: S) -> tuple[tuple[str, int, tuple[tuple[str, int], ...]], ...]:
    """(player, victory points, their parts), best first; a tie goes to the player earlier in turn order."""
    order = state.turn_order
    rows = [(p, sum(n for _, n in score(state, p)), score(state, p)) for p in state.players]
    return tuple(sorted(rows, key=lambda r: (-r[1], order.index(r[0]) if r[0] in order else len(order))))


def score(state: S, player: str) -> tuple[tuple[str, int], ...]:
    """A player's victory points, part by part: cards, debt, permanent debt."""
    firm = state.firm(player)
    cards = sum(c.vp for c in firm.tableau if not c.face_down)
    track = state.board.debt if state.board is not None else None
    lost = track.lost(-firm.money) if track is not None and firm.money < 0 else (firm.penalty or 0)
    return (("Cards", cards), ("Debt", -lost), ("Permanent debt", -firm.perm_debt))
