"""Phase 3: goals on the cards of the objective area and the emergency spot, the restore power goals, the
campaign's plans beside the board, and the cubes a completed goal puts on the map."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.blackout_hk import placing
from trackers.blackout_hk.actions import CompleteGoal, PlaceCube, PublicGoal, RestorePower
from trackers.blackout_hk.guards import (
    GOAL,
    ICONS,
    RESTORE,
    SKIPPED,
    G,
    colour_of,
    effects_problems,
    effects_text,
    gained,
    location_of,
    on_map,
    on_turn,
    slot_requirement,
    supply_holds,
)
from trackers.blackout_hk.state import DICE, PERKS, RESTORE_POINTS, BlackoutState, Card, Objective, Player
from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.limits import count_violations
from trackers.core.names import known_as
from trackers.core.rules import refuse
from trackers.core.wording import unit

S = BlackoutState


def check_goal(state: S, action: CompleteGoal) -> list[Violation]:
    p = on_turn(state)
    card = p.objective(action.card)
    if card is None:
        return refuse(
            f"{G}.no_card",
            f"{action.card!r} is not in {p.name}'s objective area or on the emergency spot.",
            "blackout-hk/round/objectives",
        )
    if problems := count_violations((GOAL, action.goal), (ICONS, action.icons)):
        return problems
    if card.goals and action.goal > card.goals and state.edition >= 3:
        return refuse(
            f"{G}.goal",
            f"{card.name} shows {card.goals} {unit(card.goals, 'goals')}: there is no goal {action.goal}.",
            "blackout-hk/goals/multi",
        )
    if action.goal in card.done:
        return refuse(
            f"{G}.goal_done",
            f"Goal {action.goal} of {card.name} is done already: each goal counts once.",
            "blackout-hk/goals/multi",
        )
    if action.to not in ("hand", "checkmarks"):
        return refuse(
            f"{G}.destination", "A card goes to the hand or the check-mark area.", "blackout-hk/goals/rewards"
        )
    is_plan = card.done or (p.emergency is not None and p.emergency.id == card.id)
    if action.finish and action.to == "hand" and is_plan and state.edition >= 2:
        return refuse(
            f"{G}.plan_to_hand",
            f"{card.name} is a plan (the emergency plan, or a card with goals done): once finished it goes "
            "to the check-mark area, not to the hand.",
            "blackout-hk/goals/multi",
        )
    if action.colour and action.colour not in DICE:
        return refuse(f"{G}.colour", "A volunteer is red, yellow or blue.", "blackout-hk/volunteers")
    if action.perk not in PERKS:
        return refuse(
            f"{G}.perk",
            f"{action.perk!r} is not a lasting effect Lantern knows.",
            "blackout-hk/contingency-plans",
        )
    if problems := effects_problems(p, action) or slot_requirement(p, action):
        return problems
    staying = not action.finish
    return supply_holds(
        p, p.supply + len(action.pay), len(action.gain) + action.batteries + action.place + staying
    )


def complete_goal(state: S, action: CompleteGoal, rng: Random) -> tuple[S, list[Event]]:
    p = on_turn(state)
    card = p.objective(action.card)
    assert card is not None
    p = gained(p, action)
    marked = replace(card, done=(*card.done, action.goal))
    on_spot = p.emergency is not None and p.emergency.id == card.id
    if action.finish:
        back = len(card.done)
        p = replace(p, supply=p.supply + back)
        if on_spot:
            p = replace(p, emergency=None)
        else:
            p = replace(p, objectives=tuple(o for o in p.objectives if o.id != card.id))
        if action.to == "hand":
            name = card.name if not action.colour else f"{action.colour.capitalize()} volunteer"
            p = replace(p, hand=(*p.hand, Card(card.id, name, action.colour)))
            where = "to the hand"
        else:
            p = replace(
                p, checkmarks=(*p.checkmarks, replace(marked, done=(), perk=action.perk, icons=action.icons))
            )
            where = "to the check-mark area"
        text = (
            f"{p.name} completes {card.name} (goal {action.goal}): {effects_text(action)}; "
            f"the card goes {where}."
        )
    else:
        p = replace(p, supply=p.supply - 1)
        if on_spot:
            p = replace(p, emergency=marked)
        else:
            p = replace(p, objectives=tuple(marked if o.id == card.id else o for o in p.objectives))
        text = (
            f"{p.name} completes goal {action.goal} of {card.name}: {effects_text(action)}; a cube marks it."
        )
    after = replace(state.with_player(p), to_place=action.place)
    return after, [Event.of("goal", text, rule="blackout-hk/round/objectives")]


def check_restore(state: S, action: RestorePower) -> list[Violation]:
    p = on_turn(state)
    if problems := count_violations((RESTORE, action.goal)):
        return problems
    if action.goal in p.restored:
        return refuse(
            f"{G}.restored",
            f"Restore power goal {action.goal} is done already: once a game.",
            "blackout-hk/goals/restore-power",
        )
    return effects_problems(p, action) or slot_requirement(p, action)


def restore_power(state: S, action: RestorePower, rng: Random) -> tuple[S, list[Event]]:
    p = gained(on_turn(state), action)
    p = replace(p, score=p.score + RESTORE_POINTS, restored=(*p.restored, action.goal))
    if action.goal == 1:
        p = replace(p, refresh_limit=6)
        what = "refresh now allowed with up to 6 cards in hand"
    else:
        p = replace(p, slot4=True)
        what = "slot 4 is open"
    text = f"{p.name} restores power ({action.goal}): +{RESTORE_POINTS} points, {what}."
    after = replace(state.with_player(p), to_place=action.place)
    return after, [Event.of("restore", text, rule="blackout-hk/goals/restore-power")]


def open_goals(card: Objective) -> tuple[int, ...]:
    """The goals of a card still to complete: up to the number printed on it when known, else up to 6."""
    return tuple(g for g in range(1, (card.goals or GOAL.high) + 1) if g not in card.done)


def open_plans(state: S, p: Player) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Campaign: the plans beside the board the player may still complete goals of, each with those goals
    (only the plan they are bound to once they completed a goal of it)."""
    bound = plan_of(p)
    return tuple(
        (plan, left)
        for plan, goals in state.public_plans
        if (not bound or plan == bound)
        and (left := tuple(g for g in range(1, goals + 1) if (plan, g) not in p.public_goals))
    )


def plan_of(p: Player) -> str:
    """The plan beside the board a player is bound to (empty until their first goal)."""
    return p.public_goals[0][0] if p.public_goals else ""


def plan_named(state: S, typed: str) -> str:
    """The plan beside the board an entry names, whatever its case and spaces ("a " is plan A)."""
    return known_as(typed, [plan for plan, _ in state.public_plans]) or typed


def check_public(state: S, action: PublicGoal) -> list[Violation]:
    p = on_turn(state)
    plans = dict(state.public_plans)
    plan = plan_named(state, action.plan)
    if plan not in plans:
        return refuse(
            f"{G}.plan",
            f"Plan {action.plan!r} is not beside the board this chapter ({', '.join(plans) or 'none'}).",
            "blackout-hk/campaign/emergency-plans",
        )
    if problems := count_violations((GOAL, action.goal)):
        return problems
    if action.goal > plans[plan]:
        return refuse(
            f"{G}.goal",
            f"Plan {plan} has {plans[plan]} {unit(plans[plan], 'goals')}.",
            "blackout-hk/campaign/emergency-plans",
        )
    if (bound := plan_of(p)) and bound != plan:
        return refuse(
            f"{G}.other_plan",
            f"{p.name} completed a goal of plan {bound} first and may only complete goals of plan {bound}.",
            "blackout-hk/campaign/emergency-plans",
        )
    if (plan, action.goal) in p.public_goals:
        return refuse(
            f"{G}.goal_done",
            f"{p.name} has a cube on goal {action.goal} of plan {plan} already.",
            "blackout-hk/campaign/emergency-plans",
        )
    if problems := effects_problems(p, action) or slot_requirement(p, action):
        return problems
    return supply_holds(p, p.supply + len(action.pay), len(action.gain) + action.batteries + action.place + 1)


def public_goal(state: S, action: PublicGoal, rng: Random) -> tuple[S, list[Event]]:
    plan = plan_named(state, action.plan)
    p = gained(on_turn(state), action)
    p = replace(p, supply=p.supply - 1, public_goals=(*p.public_goals, (plan, action.goal)))
    what = effects_text(action)
    text = f"{p.name} completes goal {action.goal} of plan {plan}: {what}; a cube marks it."
    after = replace(state.with_player(p), to_place=action.place)
    return after, [Event.of("goal", text, rule="blackout-hk/campaign/emergency-plans")]


def cube_to_place(state: S) -> list[Violation]:
    if not state.to_place:
        return refuse(
            f"{G}.no_placement",
            "A cube goes on the map only as a goal's or card's effect says.",
            "blackout-hk/map/placing",
        )
    return []


def check_place(state: S, action: PlaceCube) -> list[Violation]:
    p = on_turn(state)
    if problems := count_violations((SKIPPED, action.skipped)):
        return problems
    where = location_of(state, action.location)
    if not where:
        return refuse(f"{G}.location", "Name the location.", "blackout-hk/map/placing")
    if problems := on_map(state, where):
        return problems
    if where in p.map:
        return refuse(
            f"{G}.own_cube",
            f"{p.name} already has a cube on {where}: a location may hold other players' cubes, "
            "never two of yours.",
            "blackout-hk/map/placing",
        )
    if problems := _on_the_map(state, p, action):
        return problems
    return supply_holds(p, p.supply, 1)


def _on_the_map(state: S, p: Player, action: PlaceCube) -> list[Violation]:
    """With the map's links entered: the colour the effect shows, and a way there from the player's cubes."""
    c = state.components
    if not c.links:
        return []
    where = location_of(state, action.location)
    wanted = colour_of(state, action.colour)
    colour = dict(c.locations)[where]
    if wanted and colour != wanted and not placing.any_colour(c, p, wanted):
        return refuse(
            f"{G}.colour",
            f"{where} is {colour}; the effect asks for {wanted}, and {p.name} does not yet hold "
            f"every {wanted} location.",
            "blackout-hk/map/placing",
        )
    cost = placing.skips(c, p, where, wanted)
    if cost is None:
        return refuse(
            f"{G}.out_of_reach",
            f"{where} cannot be reached from {p.name}'s cubes, even skipping locations of another colour.",
            "blackout-hk/map/placing",
        )
    if action.skipped and action.skipped != cost:
        return refuse(
            f"{G}.skipped",
            f"{where} is reached by skipping {cost} location(s), not {action.skipped}.",
            "blackout-hk/map/placing",
        )
    return []


def skipped(state: S, action: PlaceCube) -> int:
    """The locations skipped: counted by Lantern once the map's links are entered, else as entered."""
    c = state.components
    if not c.links:
        return action.skipped
    cost = placing.skips(
        c, on_turn(state), location_of(state, action.location), colour_of(state, action.colour)
    )
    assert cost is not None, "check_place refuses a location out of reach"
    return cost


def place_cube(state: S, action: PlaceCube, rng: Random) -> tuple[S, list[Event]]:
    """Skipped locations cost a transport token each; tokens lacking are bought at 1 point each."""
    p = on_turn(state)
    jumps = skipped(state, action)
    bought = max(0, jumps - p.transport)
    p = replace(
        p,
        map=(*p.map, location_of(state, action.location)),
        supply=p.supply - 1,
        transport=p.transport + bought - jumps,
        score=p.score - bought,
    )
    after = replace(state.with_player(p), to_place=state.to_place - 1)
    cost = ""
    if jumps:
        cost = f", skipping {jumps} location(s) for {jumps} transport token(s)"
        if bought:
            cost += f" ({bought} bought for {bought} point(s): score {p.score})"
    text = f"{p.name} places a cube on {location_of(state, action.location)}{cost}."
    return after, [Event.of("place", text, rule="blackout-hk/map/placing")]
