"""Hope City's rulebook: every entry's rule, and the stretches of the year that decide which entries exist.

Questions an entry leaves open come first and interrupt everything (SELL SCRIPTS' tokens, corruption to
pass on, a PUNK to place, the Drug Dealer's deal); then the set-up, the year's start, the wage, the PUNK
attack, the rest of the turn and the clean-up."""

from __future__ import annotations

from trackers.core.actions import Action
from trackers.core.errors import Violation
from trackers.core.rules import Phase, Rulebook, refuse
from trackers.hope_city import citizens, effects, turn, year
from trackers.hope_city.actions import (
    Attempt,
    Bribe,
    CashSet,
    ChaosIn,
    ChooseCitizens,
    ChooseObjective,
    ClaimPunkSite,
    Deal,
    Defer,
    DrawHope,
    DrawToken,
    EndTurn,
    EndYear,
    Explore,
    FaceAttack,
    FightBack,
    GangUp,
    GiveCorruption,
    Hack,
    Heal,
    Innovate,
    InvestMonument,
    InvestResource,
    Lead,
    LegacyChooseCitizens,
    Move,
    PlaceMonument,
    PlacePunk,
    PlayHope,
    Resolve,
    ResolveChaos,
    ReturnObjective,
    Scam,
    SellScripts,
    TakeScript,
    Trade,
    Trespass,
)
from trackers.hope_city.guards import open_game
from trackers.hope_city.state import HopeCityState
from trackers.hope_city.turn import attack_due

S = HopeCityState

CHOICES: frozenset[type[Action]] = frozenset(
    {
        Lead,
        InvestResource,
        Innovate,
        Explore,
        Heal,
        InvestMonument,
        Bribe,
        Scam,
        GangUp,
        Hack,
        Trespass,
        SellScripts,
    }
)
"""Talents and temptations: any time in a good citizen's turn after the wage."""
ANY_TIME: frozenset[type[Action]] = frozenset(
    {rule.action for rule in effects.RULES} | {PlaceMonument, DrawHope, PlayHope}
)
"""Card effects the table enters, the monument and Hope cards: whenever a turn or the clean-up calls."""
TURN: frozenset[type[Action]] = (
    frozenset(
        {Trade, Move, FightBack, ChooseObjective, ReturnObjective, Attempt, Defer, Resolve, CashSet}
        | {ClaimPunkSite, EndTurn}
    )
    | CHOICES
    | ANY_TIME
)
CLEANUP: frozenset[type[Action]] = frozenset({ResolveChaos, EndYear, CashSet, ClaimPunkSite}) | ANY_TIME


def owed(state: S) -> list[Violation]:
    n = state.corruption_due
    return refuse(
        "hope-city.first",
        f"First pass {n} corruption on to good citizens, one token at a time.",
        "hope-city/corruption",
    )


def wage_first(state: S) -> list[Violation]:
    who = state.on_turn.name if state.on_turn else "citizen"
    return refuse("hope-city.first", f"The {who} takes the wage first.", "hope-city/wage")


# SELL SCRIPTS' tokens come off before the Doctor's own corruption is passed on or dealt: at the
# table the temptation's effect is carried out before its corruption die (and a citizen breaking bad
# in between would leave the roll with nothing to take).
SELL_SCRIPTS: Phase[S] = Phase(
    "SELL SCRIPTS",
    lambda s: s.scripts_due > 0,
    frozenset({TakeScript}),
    "hope-city/citizens/temptations",
    refusal=lambda s: refuse(
        "hope-city.first",
        f"First take {s.scripts_due} corruption off other citizens for SELL SCRIPTS.",
        "hope-city/citizens/temptations",
    ),
    closed=lambda s: refuse(
        "hope-city.none_due", "No SELL SCRIPTS roll waits.", "hope-city/citizens/temptations"
    ),
)

PASS_ON: Phase[S] = Phase(
    "corruption to pass on",
    lambda s: s.corruption_due > 0,
    frozenset({GiveCorruption}),
    "hope-city/corruption",
    refusal=owed,
    closed=lambda s: refuse(
        "hope-city.none_due", "No corruption waits to be passed on.", "hope-city/corruption"
    ),
)

PUNKS_EMERGING: Phase[S] = Phase(
    "PUNKS emerging",
    lambda s: bool(s.punks_due),
    frozenset({PlacePunk}),
    "hope-city/punks",
    refusal=lambda s: refuse(
        "hope-city.first", "First choose a space for the PUNK that emerged.", "hope-city/punks"
    ),
    closed=lambda s: refuse("hope-city.none_due", "No PUNK waits for a space.", "hope-city/punks"),
)

DEAL: Phase[S] = Phase(
    "the Drug Dealer's deal",
    lambda s: s.deal_due,
    frozenset({Deal}),
    "hope-city/citizens/flaws",
    refusal=lambda s: refuse(
        "hope-city.first", "First the Drug Dealer deals corruption.", "hope-city/citizens/flaws"
    ),
    closed=lambda s: refuse(
        "hope-city.none_due", "The Drug Dealer has nothing to deal now.", "hope-city/citizens/flaws"
    ),
)


QUESTIONS: tuple[tuple[Phase[S], str], ...] = (  # in the order they are answered: the rules' one place
    (SELL_SCRIPTS, "scripts"),
    (PASS_ON, "corruption"),
    (PUNKS_EMERGING, "punk"),
    (DEAL, "deal"),
)
"""The questions an entry leaves open, answered before anything else, each by the name a screen asks for it
(`game.question`)."""


PHASES: tuple[Phase[S], ...] = (
    Phase(
        "choosing citizens",
        lambda s: s.stage == "citizens",
        frozenset({ChooseCitizens, LegacyChooseCitizens}),
        "hope-city/setup/citizens",
        refusal=lambda s: refuse(
            "hope-city.first", "Choose who plays which citizen first.", "hope-city/setup/citizens"
        ),
        closed=lambda s: refuse("hope-city.chosen", "The citizens are chosen.", "hope-city/setup/citizens"),
    ),
    Phase(
        "starting tokens",
        lambda s: s.stage == "tokens",
        frozenset({DrawToken}),
        "hope-city/setup",
        refusal=lambda s: refuse("hope-city.first", "Draw the starting tokens first.", "hope-city/setup"),
    ),
    *(phase for phase, _ in QUESTIONS),
    Phase(
        "the year's start",
        lambda s: s.stage == "chaos",
        frozenset({ChaosIn, PlaceMonument, DrawHope, PlayHope}),
        "hope-city/year",
        refusal=lambda s: refuse(
            "hope-city.first", "Put the year's chaos card in play first.", "hope-city/year"
        ),
    ),
    Phase(
        "the wage",
        lambda s: s.stage == "turns" and s.turn is not None and not s.turn.wage_taken,
        frozenset({DrawToken, PlayHope}),
        "hope-city/wage",
        refusal=wage_first,
    ),
    # Trade and Move stay open so that a citizen the "attack when staying" option would attack may still
    # trade and leave first (steps 2 and 3 come before the attack); once moved, their own gates refuse.
    Phase(
        "the PUNK attack",
        attack_due,
        frozenset({FaceAttack, PlayHope, Trade, Move}) | CHOICES,
        "hope-city/punks/attack",
        refusal=lambda s: refuse(
            "hope-city.first", "Face the PUNK attack first: one die per PUNK.", "hope-city/punks/attack"
        ),
    ),
    Phase("the turn", lambda s: s.stage == "turns", TURN, "hope-city/turn"),
    Phase("the clean-up", lambda s: s.stage == "cleanup", CLEANUP, "hope-city/year"),
)

RULEBOOK: Rulebook[S] = Rulebook(
    "hope-city",
    [*year.RULES, *turn.RULES, *citizens.RULES, *effects.RULES],
    phases=PHASES,
    always=(open_game,),
)
