"""An Infamous Traffic's rulebook: every entry's rule, and the stretches of a decade that decide which
entries exist. A question an entry left open (tiles from a bowl to place, a paid Deploy, a sixth card, the
order of competing chains, an event's tie, tiles over the limit) comes first and interrupts the rest."""

from __future__ import annotations

from collections.abc import Callable

from trackers.core.actions import Action
from trackers.core.errors import Violation
from trackers.core.rules import Phase, Rule, Rulebook, refuse
from trackers.infamous_traffic import china, conspiracy, decade, events, setup, turn
from trackers.infamous_traffic.actions import (
    ActivateChain,
    AdjustPrice,
    AttackQing,
    CardMoney,
    ChooseStart,
    ChooseTarget,
    CompoundDebt,
    ConductBusiness,
    Conspiracy,
    DebtPenalty,
    Deploy,
    Discard,
    DrawEvent,
    Influence,
    Inquire,
    LegacyUseBoard,
    Pass,
    PlaceConspiracy,
    PoliceTreatyPort,
    ReturnTiles,
    RushPass,
    SetDemand,
    SkipDeploy,
    SkipPrize,
    SuppressTaiping,
    TakePrize,
    ThrowParty,
    Travel,
    UseBoard,
)
from trackers.infamous_traffic.guards import G, open_game
from trackers.infamous_traffic.state import InfamousTrafficState

S = InfamousTrafficState

CHINA: frozenset[type[Action]] = frozenset({Deploy, AdjustPrice, Influence, Conspiracy})
TABLE: frozenset[type[Action]] = frozenset({CardMoney, SetDemand})
"""What the table may enter whenever play waits for it: a card's cash or debt, demand dice settled."""
TURN: frozenset[type[Action]] = CHINA | TABLE | {Inquire, ConductBusiness, Travel, Pass, ThrowParty}
QUESTIONS: dict[str, tuple[str, frozenset[type[Action]], str]] = {
    "place": (
        "placing the bowl's tiles",
        frozenset({PlaceConspiracy, CardMoney}),
        "infamous-traffic/actions/conspiracy",
    ),
    "deploy": (
        "the Deploy on offer",
        frozenset({Deploy, SkipDeploy, CardMoney}),
        "infamous-traffic/actions/conspiracy",
    ),
    "discard": ("a card to discard", frozenset({Discard}), "infamous-traffic/cards"),
    "activate": ("which chain activates first", frozenset({ActivateChain}), "infamous-traffic/chains/active"),
    "target": ("the event's tie", frozenset({ChooseTarget}), "infamous-traffic/events"),
    "supply": ("the empty dice supply", frozenset({ChooseTarget}), "infamous-traffic/demand/empty-supply"),
    "returns": ("tiles over the limit", frozenset({ReturnTiles}), "infamous-traffic/decade/books"),
}
WAITS = {
    "place": "place the tiles of the bowl taken",
    "deploy": "Deploy for 1 debt, or skip it",
    "discard": "discard a card down to 5",
    "activate": "choose which ready chain activates first",
    "target": "break the event's tie",
    "supply": "choose which region gives back a demand die",
    "returns": "return the tiles over the limit",
}
STAGES: tuple[tuple[str, str, frozenset[type[Action]], str], ...] = (
    ("board", "the board's set-up", frozenset({UseBoard, LegacyUseBoard}), "infamous-traffic/setup/board"),
    ("starts", "choosing starting cards", frozenset({ChooseStart}), "infamous-traffic/setup/players"),
    ("turns", "the players' turns", TURN, "infamous-traffic/round"),
    ("events", "the end of the round", TABLE | {DrawEvent}, "infamous-traffic/events"),
    (
        "war",
        "the Opium War",
        frozenset({AttackQing, SuppressTaiping, PoliceTreatyPort}),
        "infamous-traffic/decade/war",
    ),
    ("rush", "the Post-War Rush", CHINA | TABLE | {RushPass}, "infamous-traffic/decade/rush"),
    (
        "season",
        "the London Season",
        TABLE | {TakePrize, SkipPrize},
        "infamous-traffic/decade/season",
    ),
    ("compound", "compounding debt", frozenset({CompoundDebt}), "infamous-traffic/decade/compound"),
    ("penalty", "the final score", frozenset({DebtPenalty}), "infamous-traffic/end"),
)


def _asking(kind: str) -> Callable[[S], bool]:
    return lambda s: bool(s.questions) and s.questions[0].kind == kind


def _in_stage(stage: str) -> Callable[[S], bool]:
    return lambda s: s.stage == stage


def _waits(state: S) -> list[Violation]:
    q = state.question
    assert q is not None
    who = f"{q.player}: " if q.player else ""
    return refuse(f"{G}.question", f"First {who}{WAITS[q.kind]}.", QUESTIONS[q.kind][2])


PHASES = tuple(
    Phase(name, _asking(kind), actions, rule, refusal=_waits)
    for kind, (name, actions, rule) in QUESTIONS.items()
) + tuple(Phase(name, _in_stage(stage), actions, rule) for stage, name, actions, rule in STAGES)


def _plain(text: str) -> Callable[[S, Action], str]:
    return lambda s, a: text


def _no_checks(state: S, action: Action) -> list[Violation]:
    return []


RULEBOOK: Rulebook[S] = Rulebook(
    G,
    [
        Rule(
            UseBoard, "Enter the board", setup.use_board, _plain("China board entered"), (setup.check_board,)
        ),
        Rule(
            LegacyUseBoard,
            "Enter the board",
            setup.use_board,
            _plain("China board entered"),
            (setup.check_board,),
        ),
        Rule(
            ChooseStart,
            "Choose a starting card",
            setup.choose_start,
            setup.describe_start,
            (setup.check_start,),
        ),
        Rule(Inquire, "Inquire", turn.inquire, turn.describe_inquire, (turn.check_inquire,)),
        Rule(
            ConductBusiness, "Conduct business", turn.business, turn.describe_business, (turn.check_business,)
        ),
        Rule(
            Travel,
            "Travel",
            turn.travel,
            lambda s, a: f"{s.on_turn} travels to {a.to.capitalize()}",
            (turn.check_travel,),
        ),
        Rule(Pass, "Pass", turn.pass_turn, lambda s, a: f"{s.on_turn} passes"),
        Rule(
            ThrowParty,
            "Throw a party",
            turn.throw_party,
            lambda s, a: f"{s.on_turn} throws a party for 1 debt",
            (turn.check_party,),
        ),
        Rule(Deploy, "Deploy", turn.deploy, turn.describe_deploy, (turn.check_deploy,)),
        Rule(AdjustPrice, "Adjust a price", turn.adjust, turn.describe_adjust, (turn.check_adjust,)),
        Rule(Influence, "Influence", turn.influence, turn.describe_influence, (turn.check_influence,)),
        Rule(
            Conspiracy,
            "Take a conspiracy bowl",
            turn.take_bowl,
            turn.describe_conspiracy,
            (turn.check_conspiracy,),
        ),
        Rule(
            PlaceConspiracy,
            "Place a conspiracy tile",
            conspiracy.place,
            conspiracy.describe_place,
            (conspiracy.check_place,),
        ),
        Rule(SkipDeploy, "Skip the Deploy", turn.skip_deploy, lambda s, a: f"{s.on_turn} does not deploy"),
        Rule(
            Discard,
            "Discard a card",
            turn.discard,
            lambda s, a: f"Card {a.card} is discarded",
            (turn.check_discard,),
        ),
        Rule(
            ActivateChain,
            "Activate a chain first",
            turn.activate,
            lambda s, a: f"Chain {a.chain} activates first",
            (turn.check_activate,),
        ),
        Rule(CardMoney, "A card's cash or debt", turn.card_money, turn.describe_money, (turn.check_money,)),
        Rule(
            SetDemand,
            "Settle a region's demand",
            china.set_demand,
            china.describe_set_demand,
            (china.check_set_demand,),
        ),
        Rule(DrawEvent, "Draw an event", events.draw, events.describe_draw, (events.check_draw,)),
        Rule(
            ChooseTarget,
            "Break the event's tie",
            events.choose,
            events.describe_target,
            (events.check_target,),
        ),
        Rule(AttackQing, "Attack Qing", decade.attack, decade.describe_war, (decade.check_attack,)),
        Rule(
            SuppressTaiping,
            "Suppress Taiping",
            decade.suppress,
            decade.describe_war,
            (decade.check_suppress,),
        ),
        Rule(
            PoliceTreatyPort,
            "Police a Treaty Port",
            decade.police,
            decade.describe_war,
            (decade.check_police,),
        ),
        Rule(RushPass, "Pass in the Rush", decade.rush_pass, decade.describe_rush_pass),
        Rule(
            ReturnTiles,
            "Return tiles",
            decade.return_tiles,
            lambda s, a: f"{a.player} returns {', '.join(a.tiles)} to the supply",
            (decade.check_returns,),
        ),
        Rule(TakePrize, "Keep a prize", decade.take_prize, decade.describe_prize, (decade.check_prize,)),
        Rule(SkipPrize, "Take no prize", decade.skip_prize, lambda s, a: f"{s.on_turn} takes no prize"),
        Rule(
            CompoundDebt,
            "Enter compounded debt",
            decade.compound,
            lambda s, a: f"{a.player}'s debt compounds to {a.debt}",
            (decade.check_compound,),
        ),
        Rule(
            DebtPenalty,
            "Enter the debt penalty",
            decade.penalty,
            lambda s, a: f"{a.player} loses {a.points} VP to debt",
            (decade.check_penalty,),
        ),
    ],
    phases=PHASES,
    always=(open_game,),
)
