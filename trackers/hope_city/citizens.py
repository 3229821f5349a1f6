"""The citizens' talents and temptations, the Phoenix Monument, and Hope cards.

A good citizen may use one talent and one temptation a turn, any time after the wage. A talent costs a
token: the citizen's own, or a non-active citizen's recruited for that citizen's talent; the Coach's RECRUIT
copies the talent of a citizen whose tokens are spent (never the Doctor's). A temptation costs what the
corruption die shows, which the table enters (its faces are not printed)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from random import Random
from typing import Any, Protocol

from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.limits import count_violations
from trackers.core.rules import Rule, refuse
from trackers.hope_city import flows
from trackers.hope_city.actions import (
    Bribe,
    DrawHope,
    Explore,
    GangUp,
    Hack,
    Heal,
    Innovate,
    InvestMonument,
    InvestResource,
    Lead,
    PlaceMonument,
    PlayHope,
    Scam,
    SellScripts,
    TakeScript,
    Trespass,
)
from trackers.hope_city.flows import Step, ev
from trackers.hope_city.guards import (
    CORRUPTION_DIE,
    DIE,
    citizen_named,
    good_on_turn,
    holds,
    in_play,
    purple_fits,
    resource_named,
    space_named,
    turn_of,
)
from trackers.hope_city.state import BIG, COLOURS, CORRUPTION, HOPE, MONUMENT_COST, PUNK, HopeCityState

S = HopeCityState
TALENTS = "hope-city/citizens/talents"
TEMPTATIONS = "hope-city/citizens/temptations"


class Recruits(Protocol):
    token_from: str


class Tempts(Protocol):
    corruption: int


def talent_free(state: S) -> list[Violation]:
    if turn_of(state).talent_used:
        return refuse("hope-city.talent_used", "One talent a turn: this citizen has used one.", TALENTS)
    return []


def temptation_free(state: S) -> list[Violation]:
    if turn_of(state).temptation_used:
        return refuse(
            "hope-city.temptation_used", "One temptation a turn: this citizen has given in once.", TEMPTATIONS
        )
    return []


def token_source(state: S, token_from: str, owner: str | None) -> list[Violation]:
    """Whose talent token pays for `owner`'s talent (None: an investment in the monument). A recruited
    non-active Coach's token buys RECRUIT, as the Coach's own does."""
    acting = turn_of(state).citizen
    if token_from:
        if problems := citizen_named(token_from):
            return problems
        lender = state.citizen(token_from)
        if lender.active:
            return refuse(
                "hope-city.recruit_active",
                f"The {lender.name} is played: only a non-active card is recruited.",
                TALENTS,
            )
        if owner is not None and owner != token_from and token_from != "coach":
            return refuse(
                "hope-city.recruit_own",
                f"A recruited {lender.name} token buys the {lender.name}'s own talent.",
                TALENTS,
            )
        if not lender.talents:
            return refuse(
                "hope-city.no_talent", f"The {lender.name}'s card has no talent token left.", TALENTS
            )
        if owner is None or owner == token_from:
            return []
        return recruit_fits(state, owner)
    me = state.citizen(acting)
    if not me.talents:
        return refuse("hope-city.no_talent", f"The {me.name} has no talent token left.", TALENTS)
    if owner is None or owner == acting:
        return []
    if acting != "coach":
        return refuse("hope-city.not_yours", f"That is the {state.citizen(owner).name}'s talent.", TALENTS)
    return recruit_fits(state, owner)


def recruit_fits(state: S, owner: str) -> list[Violation]:
    """RECRUIT copies the talent of a citizen whose tokens are all spent, never the Doctor's."""
    holder = state.citizen(owner)
    if owner == "doctor":
        return refuse("hope-city.recruit_doctor", "RECRUIT never copies the Doctor's talent.", TALENTS)
    if holder.talents:
        return refuse(
            "hope-city.recruit_early",
            f"RECRUIT copies a talent only once the {holder.name} has used every token.",
            TALENTS,
        )
    return []


def talent_of(owner: str) -> Callable[[S, Any], list[Violation]]:
    def check(state: S, action: Recruits) -> list[Violation]:
        return token_source(state, action.token_from, owner)

    return check


def tempted_by(owner: str) -> Callable[[S, Any], list[Violation]]:
    def check(state: S, action: Tempts) -> list[Violation]:
        if problems := count_violations((CORRUPTION_DIE, action.corruption)):
            return problems
        if turn_of(state).citizen != owner:
            return refuse(
                "hope-city.not_yours",
                f"That is the {state.citizen(owner).name}'s temptation; a temptation is never recruited.",
                TEMPTATIONS,
            )
        return []

    return check


def pay_talent(state: S, token_from: str) -> S:
    payer = state.citizen(token_from or turn_of(state).citizen)
    state = state.with_citizen(replace(payer, talents=payer.talents - 1))
    return replace(state, turn=replace(turn_of(state), talent_used=True))


def tempted(state: S, corruption: int, events: list[Event]) -> Step:
    """The temptation's corruption, after its effect."""
    state = replace(state, turn=replace(turn_of(state), temptation_used=True))
    more: list[Event] = []
    if corruption:
        state, more = flows.gain_corruption(
            state, turn_of(state).citizen, corruption, "pool", temptation=True
        )
    else:
        more = [ev("lucky", "The corruption die shows none.", TEMPTATIONS)]
    return state, events + more


# Talents


def lead_fits(state: S, action: Lead) -> list[Violation]:
    turn = turn_of(state)
    if turn.objective is not None or turn.objective_done:
        return refuse("hope-city.lead_late", "LEAD is used before choosing the turn's objective.", TALENTS)
    return []


def lead(state: S, action: Lead, rng: Random) -> Step:
    state = pay_talent(state, action.token_from)
    state = replace(state, turn=replace(turn_of(state), lead=True))
    return state, [ev("talent", "LEAD: attempt a card of this space's colour from its Fail pile.", TALENTS)]


def hope_moves(state: S) -> bool:
    """Whether SCAM and INVEST move Hope tokens too: a Hope token is wild but not a resource (Tokens), so
    not since edition 2 unless the option says so."""
    return state.edition < 2 or state.settings.hope_as_resource


def invest_fits(state: S, action: InvestResource) -> list[Violation]:
    acting = turn_of(state).citizen
    hope = hope_moves(state)
    if (
        problems := resource_named(action.give, hope)
        or holds(state, acting, action.give)
        or in_play(state, action.to)
    ):
        return problems
    if action.to == acting:
        return refuse("hope-city.invest_self", "INVEST gives the resource to another citizen.", TALENTS)
    if action.take:
        if problems := resource_named(action.take, hope):
            return problems
        if action.drawn:
            return refuse(
                "hope-city.invest_both", "Take from the Trade Center or draw from the bag, not both.", TALENTS
            )
        if state.trade.count(action.take) < 1:
            return refuse(
                "hope-city.market_out", f"The Trade Center holds no {action.take}.", "hope-city/trade"
            )
        return []
    if action.drawn:
        if action.drawn != CORRUPTION and (problems := resource_named(action.drawn, hope=False)):
            return problems
        if state.bag.count(action.drawn) < 1:
            return refuse("hope-city.not_in_bag", f"The bag holds no {action.drawn} now.", "hope-city/wage")
    return []


def invest_resource(state: S, action: InvestResource, rng: Random) -> Step:
    acting = turn_of(state).citizen
    state = pay_talent(state, action.token_from)
    state = flows.token_from_citizen(state, acting, action.give)
    state = flows.token_to_citizen(state, action.to, action.give)
    events = [ev("talent", f"INVEST: {action.give} to the {state.citizen(action.to).name}.", TALENTS)]
    if action.take:
        state = replace(state, trade=state.trade.take([action.take]))
        state = flows.token_to_citizen(state, acting, action.take)
        events.append(ev("talent", f"{action.take} from the Trade Center.", TALENTS))
        return state, events
    if state.bag.total == 0:
        return state, [*events, ev("empty_bag", "The bag is empty: nothing to draw.", "hope-city/wage")]
    token = action.drawn or state.bag.draw(rng)[1][0]
    state, more = flows.drawn_from_bag(state, acting, token, "INVEST")
    return state, events + more


def punk_target(state: S, space: str, punk: str, die: int) -> list[Violation]:
    if problems := space_named(space) or count_violations((DIE, die)):
        return problems
    if punk not in (PUNK, BIG) or punk not in state.city.on(space):
        return refuse("hope-city.no_punk", f"No {punk} stands on {space}.", "hope-city/punks/resistance")
    return []


def resist(
    state: S, space: str, punk: str, die: int, rng: Random, why: str, gang_up: bool = False, purple: int = 0
) -> Step:
    """One resistance roll; with GANG UP's purple die beside it the better die counts, and a success
    returns the purple die."""
    roll = die or rng.randint(1, 6)
    extra = (purple or rng.randint(1, 6)) if gang_up else 0
    need = 5 if punk == PUNK else 6
    rule = "hope-city/punks/resistance"
    shown = f"{roll} and purple {extra}" if gang_up else f"{roll}"
    dice: dict[str, object] = {"roll": roll, "purple": extra} if gang_up else {"roll": roll}
    if max(roll, extra) >= need:
        state, events = flows.remove_punk(state, space, punk, why)
        if gang_up:
            state, more = flows.purple_back(state)
            events += more
        return state, [ev("resist", f"Resistance roll {shown}: success.", rule, **dice), *events]
    return state, [ev("resist", f"Resistance roll {shown}: the {punk} stays ({need}+ needed).", rule, **dice)]


def innovate_fits(state: S, action: Innovate) -> list[Violation]:
    return punk_target(state, action.space, action.punk, action.die) or purple_fits(
        state, action.gang_up, action.purple
    )


def innovate(state: S, action: Innovate, rng: Random) -> Step:
    state = pay_talent(state, action.token_from)
    return resist(
        state, action.space, action.punk, action.die, rng, "INNOVATE", action.gang_up, action.purple
    )


def explore(state: S, action: Explore, rng: Random) -> Step:
    state = pay_talent(state, action.token_from)
    state = replace(state, turn=replace(turn_of(state), explore=True))
    return state, [ev("talent", "EXPLORE: PUNK attack hits are ignored this turn.", TALENTS)]


def heal_fits(state: S, action: Heal) -> list[Violation]:
    if action.target == "bag":
        if not state.bag.count(CORRUPTION):
            return refuse("hope-city.heal_none", "The bag holds no corruption.", TALENTS)
        return []
    if problems := in_play(state, action.target):
        return problems
    if action.target == "doctor":
        return refuse("hope-city.heal_self", "The Doctor may not heal herself.", TALENTS)
    if not state.citizen(action.target).corruption:
        return refuse(
            "hope-city.heal_none", f"The {state.citizen(action.target).name} holds no corruption.", TALENTS
        )
    return []


def heal(state: S, action: Heal, rng: Random) -> Step:
    state = pay_talent(state, action.token_from)
    if action.target == "bag":
        state = flows.noted(
            replace(state, bag=state.bag.take([CORRUPTION])), "out", "1 corruption healed to the Pool"
        )
        who = "the bag"
    else:
        citizen = state.citizen(action.target)
        state = state.with_citizen(replace(citizen, corruption=citizen.corruption - 1))
        who = f"the {citizen.name}"
    state = replace(state, pool=state.pool + 1)
    return state, [ev("talent", f"HEAL: 1 corruption from {who} back to the Pool.", TALENTS)]


def monument_open(state: S) -> list[Violation]:
    if state.monument.owner is not None:
        return refuse(
            "hope-city.monument_claimed", "The Phoenix Monument is already claimed.", "hope-city/monument"
        )
    return []


def invest_monument_fits(state: S, action: InvestMonument) -> list[Violation]:
    return token_source(state, action.token_from, None)


def invest_monument(state: S, action: InvestMonument, rng: Random) -> Step:
    state = pay_talent(state, action.token_from)
    talents = state.monument.talents + 1
    owner = turn_of(state).citizen if talents >= MONUMENT_COST else None
    state = replace(state, monument=replace(state.monument, talents=talents, owner=owner))
    text = f"{talents} of {MONUMENT_COST} talents on the Phoenix Monument."
    if owner:
        text += f" The {state.citizen(owner).name} claims it."
    return state, [ev("monument", text, "hope-city/monument")]


# Temptations


def bribe(state: S, action: Bribe, rng: Random) -> Step:
    state, events = flows.open_track(state)
    return tempted(state, action.corruption, [ev("temptation", "BRIBE.", TEMPTATIONS), *events])


def scam_fits(state: S, action: Scam) -> list[Violation]:
    if state.edition >= 2 and len(action.gifts) != 2:
        return refuse("hope-city.scam", "SCAM offers two resources from the Trade Center.", TEMPTATIONS)
    if not 1 <= len(action.gifts) <= 2:
        return refuse(
            "hope-city.scam", "SCAM offers one or two resources from the Trade Center.", TEMPTATIONS
        )
    wanted: dict[str, int] = {}
    for token, to in action.gifts:
        if problems := resource_named(token, hope_moves(state)) or in_play(state, to):
            return problems
        if to == "entrepreneur":
            return refuse("hope-city.scam_self", "SCAM's resources go to other citizens.", TEMPTATIONS)
        wanted[token] = wanted.get(token, 0) + 1
    for token, n in wanted.items():
        if state.trade.count(token) < n:
            return refuse(
                "hope-city.market_out", f"The Trade Center holds fewer than {n} {token}.", "hope-city/trade"
            )
    return []


def scam(state: S, action: Scam, rng: Random) -> Step:
    for token, to in action.gifts:
        state = replace(state, trade=state.trade.take([token]))
        state = flows.token_to_citizen(state, to, token)
    given = ", ".join(f"{t} to the {state.citizen(c).name}" for t, c in action.gifts)
    return tempted(state, action.corruption, [ev("temptation", f"SCAM: {given}.", TEMPTATIONS)])


def purple_free(state: S) -> list[Violation]:
    """GANG UP gives the die the Coach does not hold yet: it comes back after a successful roll."""
    if state.edition >= 2 and state.citizen("coach").purple_die:
        return refuse(
            "hope-city.purple_held",
            "The Coach already holds the purple die: it comes back after a successful roll.",
            TEMPTATIONS,
        )
    return []


def gang_up(state: S, action: GangUp, rng: Random) -> Step:
    coach = state.citizen("coach")
    state = state.with_citizen(replace(coach, purple_die=True))
    return tempted(
        state, action.corruption, [ev("temptation", "GANG UP: the Coach takes the purple die.", TEMPTATIONS)]
    )


def hack(state: S, action: Hack, rng: Random) -> Step:
    state = replace(state, turn=replace(turn_of(state), hack=True))
    return tempted(
        state,
        action.corruption,
        [ev("temptation", "HACK: one objective costing 2 or less is free.", TEMPTATIONS)],
    )


def chaos_left(state: S) -> list[Violation]:
    if not state.chaos_pile:
        return refuse("hope-city.chaos_out", "The chaos pile is empty.", "hope-city/chaos")
    return []


def trespass(state: S, action: Trespass, rng: Random) -> Step:
    state = replace(state, chaos_pile=state.chaos_pile - 1)
    text = f"TRESPASS: a random chaos card leaves the pile ({state.chaos_pile} left)."
    return tempted(state, action.corruption, [ev("temptation", text, TEMPTATIONS)])


def scripts_fit(state: S, action: SellScripts) -> list[Violation]:
    return count_violations((DIE, action.die))


def sell_scripts(state: S, action: SellScripts, rng: Random) -> Step:
    roll = action.die or rng.randint(1, 6)
    held = sum(c.corruption for c in state.active if c.id != "doctor")
    due = min(roll, held)
    state = replace(state, scripts_due=due)
    text = f"SELL SCRIPTS: the die shows {roll}; take {due} corruption off other citizens."
    return tempted(state, action.corruption, [ev("temptation", text, TEMPTATIONS, roll=roll)])


def script_fits(state: S, action: TakeScript) -> list[Violation]:
    if problems := in_play(state, action.citizen):
        return problems
    if action.citizen == "doctor":
        return refuse(
            "hope-city.script_self", "SELL SCRIPTS takes corruption off other citizens.", TEMPTATIONS
        )
    if not state.citizen(action.citizen).corruption:
        return refuse(
            "hope-city.heal_none",
            f"The {state.citizen(action.citizen).name} holds no corruption.",
            TEMPTATIONS,
        )
    return []


def take_script(state: S, action: TakeScript, rng: Random) -> Step:
    citizen = state.citizen(action.citizen)
    state = state.with_citizen(replace(citizen, corruption=citizen.corruption - 1))
    state = flows.into_bag(replace(state, scripts_due=state.scripts_due - 1), CORRUPTION, "SELL SCRIPTS")
    return state, [ev("scripts", f"1 corruption off the {citizen.name}, into the bag.", TEMPTATIONS)]


# The monument and Hope cards


def monument_ready(state: S) -> list[Violation]:
    monument = state.monument
    if monument.owner is None:
        return refuse(
            "hope-city.monument_unclaimed",
            f"The monument needs {MONUMENT_COST} talents first ({monument.talents} so far).",
            "hope-city/monument",
        )
    if monument.placed_in is not None:
        return refuse(
            "hope-city.monument_placed",
            f"The monument stands since year {monument.placed_in}.",
            "hope-city/monument",
        )
    return []


def monument_fits(state: S, action: PlaceMonument) -> list[Violation]:
    rule = "hope-city/monument"
    if problems := count_violations(*((DIE, d) for d in action.dice)):
        return problems
    rolls = state.year >= 5
    if action.dice and (not rolls or len(action.dice) != state.city.total_punks):
        wanted = state.city.total_punks if rolls else 0
        return refuse(
            "hope-city.monument_dice", f"Enter one resistance die per PUNK in the city: {wanted}.", rule
        )
    bad = [c.id for c in state.active if not c.good]
    if state.year == 7 and bad and action.flip not in bad:
        return refuse(
            "hope-city.monument_flip",
            f"In year 7 the monument turns a citizen good: choose {', '.join(bad)}.",
            rule,
        )
    if action.flip and (state.year < 7 or action.flip not in bad):
        return refuse(
            "hope-city.monument_flip", "Only in year 7, and only a bad citizen in play, is turned good.", rule
        )
    return []


def place_monument(state: S, action: PlaceMonument, rng: Random) -> Step:
    """The entry for this year, which already holds the earlier years' effects."""
    year = state.year
    owner = state.monument.owner
    assert owner is not None
    rule = "hope-city/monument"
    state = replace(state, monument=replace(state.monument, placed_in=year))
    events = [ev("monument", f"The Phoenix Monument rises on environment in year {year}.", rule)]
    if year < 4:
        return state, [*events, ev("monument", "Before year 4 it brings no effect.", rule)]
    level = state.city.expansion
    level = min(2, level + 1) if state.settings.expansion_plus_one else max(1, level)
    state = replace(state, city=replace(state.city, expansion=level))
    events.append(ev("monument", f"Business Expansion at level {level}.", rule))
    if year >= 5:
        targets = [
            (space, punk) for space, here in zip(COLOURS, state.city.punks, strict=True) for punk in here
        ]
        dice = action.dice or (0,) * len(targets)
        for (space, punk), die in zip(targets, dice, strict=True):
            state, more = resist(state, space, punk, die, rng, "the monument")
            events += more
        state = flows.token_to_citizen(state, owner, HOPE)
        events.append(ev("monument", f"The {state.citizen(owner).name} takes a new Hope token.", rule))
    if year >= 6:
        n = min(3, state.bag.count(CORRUPTION))
        state = flows.noted(
            replace(state, bag=state.bag.take([CORRUPTION] * n)),
            "out",
            f"{n} corruption to the Pool: the monument",
        )
        state = replace(state, pool=state.pool + n)
        events.append(ev("monument", f"{n} corruption leaves the bag for the Pool.", rule))
    if year == 7 and action.flip:
        state, more = flows.flip_good(state, action.flip, "the monument")
        events += more
    return state, events


def hope_left(state: S, action: DrawHope) -> list[Violation]:
    if problems := in_play(state, action.citizen):
        return problems
    if not state.hope_deck:
        return refuse("hope-city.hope_out", "No Hope card is left.", "hope-city/hope-cards")
    return []


def draw_hope(state: S, action: DrawHope, rng: Random) -> Step:
    citizen = state.citizen(action.citizen)
    state = state.with_citizen(replace(citizen, hope_cards=citizen.hope_cards + 1))
    return replace(state, hope_deck=state.hope_deck - 1), [
        ev("hope", f"The {citizen.name} takes a Hope card.", "hope-city/hope-cards")
    ]


def hope_held(state: S, action: PlayHope) -> list[Violation]:
    if problems := in_play(state, action.citizen):
        return problems
    if not state.citizen(action.citizen).hope_cards:
        return refuse(
            "hope-city.no_hope",
            f"The {state.citizen(action.citizen).name} holds no Hope card.",
            "hope-city/hope-cards",
        )
    return []


def play_hope(state: S, action: PlayHope, rng: Random) -> Step:
    citizen = state.citizen(action.citizen)
    state = state.with_citizen(replace(citizen, hope_cards=citizen.hope_cards - 1))
    return state, [
        ev("hope", f"The {citizen.name} plays a Hope card: enter what it does.", "hope-city/hope-cards")
    ]


Guard = Callable[[S], list[Violation]]


def talent(action: type[Any], label: str, apply: Any, owner: str, *checks: Any) -> Rule[S, Any]:
    """A talent's rule: paid with a token a good citizen may spend this turn (see `token_source`)."""
    return Rule(
        action, label, apply, lambda s, a: label, (talent_of(owner), *checks), (good_on_turn, talent_free)
    )


def temptation(
    action: type[Any], label: str, apply: Any, owner: str, *checks: Any, gates: tuple[Guard, ...] = ()
) -> Rule[S, Any]:
    """A temptation's rule: the owner's own, once a turn, with the corruption die's result in range."""
    return Rule(
        action,
        label,
        apply,
        lambda s, a: f"{label} (corruption die {a.corruption})",
        (tempted_by(owner), *checks),
        (good_on_turn, temptation_free, *gates),
    )


RULES = (
    talent(Lead, "LEAD", lead, "mayor", lead_fits),
    talent(InvestResource, "INVEST", invest_resource, "entrepreneur", invest_fits),
    talent(Innovate, "INNOVATE", innovate, "engineer", innovate_fits),
    talent(Explore, "EXPLORE", explore, "ranger"),
    talent(Heal, "HEAL", heal, "doctor", heal_fits),
    Rule(
        InvestMonument,
        "Invest in the monument",
        invest_monument,
        lambda s, a: "Invest a talent in the monument",
        (invest_monument_fits,),
        (good_on_turn, talent_free, monument_open),
    ),
    temptation(Bribe, "BRIBE", bribe, "mayor"),
    temptation(Scam, "SCAM", scam, "entrepreneur", scam_fits),
    temptation(GangUp, "GANG UP", gang_up, "coach", gates=(purple_free,)),
    temptation(Hack, "HACK", hack, "engineer"),
    temptation(Trespass, "TRESPASS", trespass, "ranger", gates=(chaos_left,)),
    temptation(SellScripts, "SELL SCRIPTS", sell_scripts, "doctor", scripts_fit),
    Rule(
        TakeScript,
        "Take a script",
        take_script,
        lambda s, a: f"Script: 1 corruption off the {a.citizen}",
        (script_fits,),
    ),
    Rule(
        PlaceMonument,
        "Place the monument",
        place_monument,
        lambda s, a: "Place the Phoenix Monument",
        (monument_fits,),
        (monument_ready,),
    ),
    Rule(DrawHope, "Draw a Hope card", draw_hope, lambda s, a: f"Hope card to the {a.citizen}", (hope_left,)),
    Rule(
        PlayHope,
        "Play a Hope card",
        play_hope,
        lambda s, a: f"The {a.citizen} plays a Hope card",
        (hope_held,),
    ),
)
