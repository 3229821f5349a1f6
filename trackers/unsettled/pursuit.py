"""LUNA's automation: her pursuit ire point by ire point, commanded moves, the timeline and chaos."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.core.actions import Event
from trackers.core.dice import Die
from trackers.core.errors import Violation
from trackers.core.limits import Count
from trackers.core.rules import Rule, refuse
from trackers.unsettled import actions as a
from trackers.unsettled.board import INORGANIC_STOWAGE, NAVIGATION, UPPER_CORRIDOR
from trackers.unsettled.luna import attack, end_pursuit, luna_enters, plan_step, raise_ire, spend_ire
from trackers.unsettled.rules import known_explorer, neighbour, not_pursuing, roll_violations
from trackers.unsettled.state import UnsettledState

CHAOS_PLACES = {1: NAVIGATION, 2: UPPER_CORRIDOR, 3: INORGANIC_STOWAGE}
CHAOS_DIE_FACES = (1, 2, 3)
CHAOS_DIE = Die(CHAOS_DIE_FACES)
CHAOS_RESULT = Count(
    CHAOS_DIE_FACES[0],
    CHAOS_DIE_FACES[-1],
    "The chaos card lists results",
    "",
    code="unsettled.chaos.die",
    rule="unsettled/luna/chaos",
)


def _luna_moves(
    state: UnsettledState, to: str, why: str, spare: str | None = None, enters: bool = True
) -> tuple[UnsettledState, list[Event]]:
    """LUNA tries to move one node: an obstacle costs her the move and one block instead.

    Unless `enters` is off (a forced move, by the option), arriving attacks and springs traps.
    """
    here = state.luna
    assert here is not None
    blocks = state.graph.blockers(here, to)
    if blocks:
        graph = state.graph.remove_blockers(here, to)
        left = blocks - 1
        text = f"{why}LUNA meets an obstacle toward {to}: one block removed ({left} left), stays on {here}"
        return replace(state, graph=graph), [Event.of("luna_obstacle", text, to=to, left=blocks - 1)]
    state = replace(state, luna=to)
    events = [Event.of("luna_move", f"{why}LUNA moves from {here} to {to}", frm=here, to=to)]
    if not enters:
        return state, [*events, Event.of("luna_quiet", "She only moves: no attack, no trap (game option)")]
    state, met = luna_enters(state, to, spare)
    return state, events + met


def _command(state: UnsettledState, action: a.CommandLuna, rng: Random) -> tuple[UnsettledState, list[Event]]:
    enters = state.settings.forced_moves_enter
    state, events = _luna_moves(state, action.to, f"{action.explorer} commands: ", enters=enters)
    return replace(state, luna_commanded=True), events


def _start_pursuit(
    state: UnsettledState, action: a.StartPursuit, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    roll = action.roll if action.roll is not None else int(Die.d(state.settings.die_sides).roll(rng))
    before = state.ire
    state, _ = raise_ire(state, roll)
    target = state.active_explorer
    text = f"{target.name} rolls {roll}: ire {before} + {roll} = {state.ire}"
    events = [Event.of("pursuit_roll", text, roll=roll, ire=state.ire)]
    if target.incapacitated is not None:
        events.append(
            Event.of("pursuit_end", f"{target.name} is incapacitated: LUNA does not pursue; ire stays")
        )
        return end_pursuit(state), events
    if state.ire <= 0:
        return end_pursuit(state), events
    events.append(Event.of("pursuit", f"LUNA pursues {target.name}"))
    state = replace(state, pursuit=target.name)
    while action.run and state.pursuit is not None and plan_step(state).kind != "tie":
        state, step_events = pursuit_step(state, a.PursuitStep(), rng)
        events += step_events
    return state, events


def pursuit_step(
    state: UnsettledState, action: a.PursuitStep, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    plan = plan_step(state, action.choice)
    ire_text = f"Ire {state.ire} to {state.ire - 1}: "
    target = plan.target
    events: list[Event]
    if plan.kind == "attack":
        events = [Event.of("luna_attack", f"{ire_text}LUNA is on {target}'s node")]
        state, hit = attack(state, target)
        events += hit
    elif plan.kind == "unreachable":
        # Edition 1 words it as it always did; since, a shut way (chute, corridor) may cut her off too.
        past = "past the walls" if state.edition < 2 else "by any way open to her"
        if state.settings.unreachable == "stop":
            text = f"LUNA cannot reach {target} {past}: the pursuit stops, ire {state.ire} stays"
            return end_pursuit(state), [Event.of("luna_unreachable", text)]
        events = [Event.of("luna_unreachable", f"{ire_text}LUNA cannot reach {target} {past}: she waits")]
    else:
        assert plan.to is not None
        reason = f" ({plan.reason()})" if plan.reason() else ""
        spare = None if state.settings.arrival_distress else target
        state, events = _luna_moves(state, plan.to, ire_text, spare)
        events[0] = Event.of(events[0].kind, events[0].text + reason, **dict(events[0].data))
    state = spend_ire(state)
    if state.pursuit is None:
        events.append(Event.of("pursuit_end", f"LUNA stops; ire {state.ire}"))
    return state, events


def _advance(
    state: UnsettledState, action: a.AdvanceTimeline, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    timeline = state.timeline + 1
    chaos = timeline == state.settings.chaos_at
    events = [Event.of("timeline", f"Time marker moves to {timeline}", timeline=timeline)]
    if chaos:
        events.append(Event.of("chaos", "The time marker has come to the chaos trigger: LUNA causes chaos"))
    return replace(state, timeline=timeline, chaos_pending=chaos), events


def _chaos(state: UnsettledState, action: a.ResolveChaos, rng: Random) -> tuple[UnsettledState, list[Event]]:
    die = action.die if action.die is not None else int(CHAOS_DIE.roll(rng))
    events = [Event.of("chaos_die", f"Discovery die: {die}", die=die)]
    if state.chaos_side == "B":
        back = state.chaos_back_text or "(type this side's text from the card)"
        events.append(Event.of("chaos_b", f"Resolve entry {die} of the card's other side: {back}"))
    elif die == 1:
        roll = (
            action.placement
            if action.placement is not None
            else int(Die.d(state.settings.die_sides).roll(rng))
        )
        place = CHAOS_PLACES.get(roll)
        if place is None or place not in state.graph.nodes:
            events.append(
                Event.of("chaos_place", f"Placement roll {roll}: the card names no node; LUNA stays")
            )
        else:
            events.append(
                Event.of("chaos_place", f"Placement roll {roll}: LUNA appears on {place}", roll=roll)
            )
            state = replace(state, luna=place)
            if state.settings.forced_moves_enter:
                state, met = luna_enters(state, place)
            else:
                met = [Event.of("luna_quiet", "She only appears: no attack, no trap (game option)")]
            events += met
    elif die == 2:
        assert state.luna is not None
        graph = state.graph
        for other in graph.neighbours(state.luna):
            count = graph.blockers(state.luna, other)
            if count:
                graph = graph.remove_blockers(state.luna, other, count)
        state = replace(state, graph=graph)
        events.append(Event.of("chaos_clear", f"Every obstacle around {state.luna} is removed"))
    else:
        events.append(
            Event.of(
                "chaos_hack", "Every resource in the stockpile, database and dynamo goes back to the supply"
            )
        )
    flipped = "B" if state.chaos_side == "A" else "A"
    events.append(Event.of("chaos_flip", f"Flip LUNA Causes Chaos to side {flipped}"))
    return replace(state, chaos_pending=False, chaos_side=flipped), events


def _back_text(
    state: UnsettledState, action: a.SetChaosBackText, rng: Random
) -> tuple[UnsettledState, list[Event]]:
    return replace(state, chaos_back_text=action.text.strip()), [
        Event.of("chaos_text", "Chaos card back recorded")
    ]


def commands_left(state: UnsettledState, action: a.CommandLuna) -> list[Violation]:
    if state.luna_commanded:
        return refuse(
            "unsettled.command.once",
            "LUNA can be commanded to move once per turn.",
            "unsettled/luna-commands",
        )
    return []


def luna_next_door(state: UnsettledState, action: a.CommandLuna) -> list[Violation]:
    assert state.luna is not None
    return neighbour(state, state.luna, action.to, "unsettled/luna-commands")


def pursuit_roll(state: UnsettledState, action: a.StartPursuit) -> list[Violation]:
    return roll_violations(state, action.roll, "unsettled/luna/pursuit")


def pursuing(state: UnsettledState) -> list[Violation]:
    if state.pursuit is None:
        return refuse("unsettled.pursuit.none", "LUNA is not pursuing anyone now.", "unsettled/luna/pursuit")
    return []


def on_a_shortest_way(state: UnsettledState, action: a.PursuitStep) -> list[Violation]:
    """A tie between equally short ways waits for the player's choice; a choice must be one of them."""
    plan = plan_step(state, action.choice)
    if plan.kind == "tie":
        options = " or ".join(plan.candidates)
        return refuse(
            "unsettled.pursuit.tie",
            f"LUNA has equally short ways to {plan.target}: through {options}. Choose one.",
            "unsettled/luna/targeting",
        )
    if action.choice is not None and action.choice != plan.to:
        return refuse(
            "unsettled.pursuit.choice",
            f"{action.choice} is not on a shortest way.",
            "unsettled/luna/targeting",
        )
    return []


def chaos_waiting(state: UnsettledState) -> list[Violation]:
    if not state.chaos_pending:
        return refuse(
            "unsettled.chaos.none", "The timeline has not reached the chaos trigger.", "unsettled/luna/chaos"
        )
    return []


def chaos_result(state: UnsettledState, action: a.ResolveChaos) -> list[Violation]:
    return [] if action.die is None else CHAOS_RESULT.violations(action.die)


def placement_roll(state: UnsettledState, action: a.ResolveChaos) -> list[Violation]:
    return roll_violations(state, action.placement, "unsettled/luna/chaos")


def card_text(state: UnsettledState, action: a.SetChaosBackText) -> list[Violation]:
    if not 0 < len(action.text.strip()) <= 400:
        return refuse(
            "unsettled.chaos.text", "Type the card's text (1 to 400 characters).", "unsettled/luna/chaos"
        )
    return []


def describe_turn(state: UnsettledState, action: a.StartPursuit) -> str:
    who = state.active_explorer.name if state.explorers else "?"
    rolled = "" if action.roll is None else f" {action.roll}"
    if action.run:
        return f"LUNA's turn ({who} rolls{rolled})"
    return f"LUNA pursues step by step ({who} rolls{rolled})"


def describe_step(state: UnsettledState, action: a.PursuitStep) -> str:
    return f"LUNA spends an ire point{'' if action.choice is None else ' via ' + action.choice}"


def describe_chaos(state: UnsettledState, action: a.ResolveChaos) -> str:
    return "LUNA causes chaos" + (f" (die {action.die})" if action.die is not None else "")


RULES = (
    Rule(
        a.CommandLuna,
        "Command LUNA",
        _command,
        lambda state, action: f"{action.explorer} moves LUNA to {action.to}",
        (known_explorer, commands_left, luna_next_door),
    ),
    Rule(a.StartPursuit, "Start LUNA's turn", _start_pursuit, describe_turn, (pursuit_roll,)),
    Rule(
        a.PursuitStep,
        "LUNA's next step",
        pursuit_step,
        describe_step,
        (on_a_shortest_way,),
        (pursuing,),
    ),
    Rule(
        a.AdvanceTimeline,
        "Advance the timeline",
        _advance,
        lambda state, action: "Advance the timeline",
    ),
    Rule(
        a.ResolveChaos,
        "LUNA causes chaos",
        _chaos,
        describe_chaos,
        (chaos_result, placement_roll),
        (not_pursuing, chaos_waiting),
    ),
    Rule(
        a.SetChaosBackText,
        "Type the chaos card's back",
        _back_text,
        lambda state, action: "Chaos card back typed in",
        (card_text,),
    ),
)
"""LUNA's turn waits for the explorer's entries to settle; chaos comes before anything but a clumsiness
check, and the chaos card's back may be typed in at any time (the phases of rules.py). Chaos also waits
for a pursuit by its own gate: chaos cannot fall due during one, but a state holding both keeps that order."""
