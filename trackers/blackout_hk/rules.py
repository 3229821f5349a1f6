"""Blackout: Hong Kong's rulebook: every entry's rule, and the stages of a round that decide which entries
exist. A cube still to place on the map comes first; transport tokens and batteries may be bought at any
time during a round."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from random import Random

from trackers.blackout_hk import deploy, display, districts, goals, scoring, scout, setup
from trackers.blackout_hk.actions import (
    Adjust,
    Buy,
    BuyBattery,
    BuyTransport,
    CleanUp,
    CompleteGoal,
    Done,
    FinalCount,
    Flip,
    LegacyStartGame,
    NextChapter,
    PlaceCube,
    PlaceStart,
    Plan,
    Procure,
    PublicGoal,
    Refresh,
    Reroll,
    RestorePower,
    Roll,
    Scout,
    ScoutNoTile,
    SecondStartGame,
    Secure,
    StartGame,
    UseCard,
    UseCheckmark,
    UseDoctor,
    UseLeader,
    UseMechanic,
    UseScout,
)
from trackers.blackout_hk.components import map_problems
from trackers.blackout_hk.flow import done
from trackers.blackout_hk.guards import (
    CARD_GOALS,
    CENTRAL,
    PLAN_GOALS,
    SCOUT_TABLE_POINTS,
    G,
    location_of,
    no_placement,
    on_map,
    on_turn,
    open_game,
    player_named,
)
from trackers.blackout_hk.state import RESOURCES, BlackoutState
from trackers.core.actions import Action, Event
from trackers.core.errors import Violation
from trackers.core.limits import count_violations
from trackers.core.rules import Phase, Rule, Rulebook, refuse

S = BlackoutState
ANYTIME: frozenset[type[Action]] = frozenset({BuyTransport, BuyBattery, Adjust})
STAGES: tuple[tuple[str, str, frozenset[type[Action]], str], ...] = (
    ("setup", "the set-up", frozenset({StartGame, SecondStartGame, LegacyStartGame}), "blackout-hk/setup"),
    ("starts", "choosing starting locations", frozenset({PlaceStart}), "blackout-hk/setup/start"),
    ("dice", "phase 1 (the dice)", ANYTIME | {Roll, Reroll}, "blackout-hk/round/dice"),
    ("plan", "phase 1 (planning)", ANYTIME | {Plan}, "blackout-hk/round/planning"),
    (
        "deploy",
        "phase 2 (deploying)",
        ANYTIME | {Procure, UseLeader, UseScout, UseMechanic, UseDoctor, UseCard, Flip, UseCheckmark, Done},
        "blackout-hk/round/deploy",
    ),
    (
        "objectives",
        "phase 3 (objectives)",
        ANYTIME | {CompleteGoal, RestorePower, PublicGoal, Done},
        "blackout-hk/round/objectives",
    ),
    ("scout", "phase 4 (scouting)", ANYTIME | {Scout, ScoutNoTile, Done}, "blackout-hk/round/scout"),
    ("buy", "phase 5 (new objectives)", ANYTIME | {Buy, Done}, "blackout-hk/round/buy"),
    ("cleanup", "phase 6 (clean up)", ANYTIME | {CleanUp}, "blackout-hk/round/cleanup"),
    ("secure", "phase 7 (securing districts)", ANYTIME | {Secure, Done}, "blackout-hk/round/secure"),
    ("refresh", "phase 8 (refresh)", ANYTIME | {Refresh, UseCheckmark, Done}, "blackout-hk/round/refresh"),
    ("final", "final scoring", frozenset({FinalCount}), "blackout-hk/final-scoring"),
    ("chapter", "the end of a chapter", frozenset({NextChapter}), "blackout-hk/campaign"),
)


def _in_stage(stage: str) -> Callable[[S], bool]:
    return lambda s: s.stage == stage


def _placing(state: S) -> list[Violation]:
    return no_placement(state)


PHASES = (
    Phase(
        "placing a cube",
        lambda s: bool(s.to_place),
        frozenset({PlaceCube}) | ANYTIME,
        "blackout-hk/map/placing",
        refusal=_placing,
    ),
    *tuple(Phase(name, _in_stage(stage), actions, rule) for stage, name, actions, rule in STAGES),
)


def _check_start(state: S, action: StartGame) -> list[Violation]:
    if state.solo and not state.chapter:
        return refuse(
            f"{G}.solo",
            "A single game takes 2 to 4 players; alone, play the campaign.",
            "blackout-hk/solo",
        )
    if action.rondel and sorted(action.rondel) != sorted(RESOURCES):
        return refuse(
            f"{G}.rondel",
            "The rondel's order names each of the six resources once.",
            "blackout-hk/rondel",
        )
    if action.faces and (
        len(action.faces) != 3 or any(len(f) != 6 or set(f) - set(RESOURCES) for f in action.faces)
    ):
        return refuse(
            f"{G}.dice_faces",
            "Each of the three dice has six faces, each a resource.",
            "blackout-hk/round/dice",
        )
    if problems := count_violations(*((SCOUT_TABLE_POINTS, n) for n in action.scout_table)):
        return problems
    if action.scout_table and len(action.scout_table) != 8:
        return refuse(
            f"{G}.scout_table",
            "The scout-tile table gives points for 0 to 7 face-up tiles: 8 numbers from 0 to 100.",
            "blackout-hk/final-scoring",
        )
    if problems := _map_checked(action, keyed=not isinstance(action, LegacyStartGame)):
        return problems
    if problems := count_violations((CENTRAL, action.central)):
        return problems
    if action.central and (state.chapter != 3 or not action.districts):
        return refuse(
            f"{G}.central",
            "The central district is entered for chapter 3, with the map.",
            "blackout-hk/campaign/chapter-3",
        )
    plans = setup.public_plans(state.chapter, state.n) if state.chapter else ""
    if len(action.plan_goals) != len(plans):
        return refuse(
            f"{G}.plan_goals",
            f"Enter the number of goals on plan {' and '.join(plans)}."
            if plans
            else "A single game has no plans beside the board.",
            "blackout-hk/campaign/emergency-plans",
        )
    for n in action.plan_goals:
        if problems := count_violations((PLAN_GOALS, n)):
            return problems
    return _emergency_checked(state, action)


def _emergency_checked(state: S, action: StartGame) -> list[Violation]:
    """The goals of each player's emergency plan: one number per player, a single game only."""
    if not action.emergency_goals:
        return []
    if state.chapter or len(action.emergency_goals) != state.n:
        return refuse(
            f"{G}.emergency_goals",
            f"Enter the goals of each of the {state.n} players' emergency plans."
            if not state.chapter
            else "In the campaign the emergency plans lie beside the board, on no player's spot.",
            "blackout-hk/goals/emergency-plans",
        )
    return count_violations(*((CARD_GOALS, n) for n in action.emergency_goals))


def _map_checked(action: StartGame, *, keyed: bool) -> list[Violation]:
    """The map's parts checked as the components pack checks them (names once, 16 districts)."""
    if not action.locations and not action.districts and not action.links:
        return []
    names = [name for name, _ in action.locations]
    problems = map_problems(
        {
            "locations": dict(action.locations),
            "districts": [list(d) for d in action.districts],
            "links": [list(pair) for pair in action.links],
        },
        keyed=keyed,
    )
    if len(set(names)) < len(names):
        problems.insert(0, "every location is named once")
    if problems:
        return refuse(f"{G}.map", f"The map: {problems[0]}.", "blackout-hk/map")
    return []


def _check_place_start(state: S, action: PlaceStart) -> list[Violation]:
    if problems := player_named(state, action.player):
        return problems
    if action.player != state.on_turn:
        return refuse(
            f"{G}.not_your_turn",
            f"{state.on_turn} chooses a starting location now (counter-clockwise, the starting player last).",
            "blackout-hk/setup/start",
        )
    where = location_of(state, action.location)
    if not where:
        return refuse(f"{G}.location", "Name the location.", "blackout-hk/setup/start")
    if problems := on_map(state, where):
        return problems
    taken = [p.name for p in state.players if where in p.map]
    if taken:
        return refuse(
            f"{G}.location_taken",
            f"{taken[0]} starts on {where}: every player starts on a different location.",
            "blackout-hk/setup/start",
        )
    return []


def _place_start(state: S, action: PlaceStart, rng: Random) -> tuple[S, list[Event]]:
    return setup.place_start(state, replace(action, location=location_of(state, action.location)), rng)


def _not_rolled(state: S) -> list[Violation]:
    if any(state.dice):
        return refuse(
            f"{G}.rolled",
            "The dice are rolled: roll again only the dice that match.",
            "blackout-hk/round/dice",
        )
    return []


def _rolled(state: S) -> list[Violation]:
    if not any(state.dice):
        return refuse(f"{G}.not_rolled", "Roll the three dice first.", "blackout-hk/round/dice")
    return []


def _campaign(state: S) -> list[Violation]:
    if not state.public_plans:
        return refuse(
            f"{G}.no_public_plans",
            "Plans lie beside the board only in the campaign.",
            "blackout-hk/campaign/emergency-plans",
        )
    return []


def _refreshable(state: S) -> list[Violation]:
    if state.refreshed:
        who = state.on_turn
        return refuse(f"{G}.refreshed", f"{who} has refreshed this round.", "blackout-hk/round/refresh")
    return []


def _on_turn_named(state: S) -> list[Violation]:
    return [] if state.on_turn else refuse(f"{G}.nobody", "Nobody is on turn.", "blackout-hk/round")


def _all_secured_settled(state: S, action: Done) -> list[Violation]:
    """Phase 7 ends once every district the entered map shows newly secured is settled: each is scored in
    the phase 7 it was secured in, with that round's cubes (edition 1: the table's Done was taken)."""
    if state.stage != "secure" or state.edition < 2:
        return []
    if waiting := districts.newly_secured(state):
        listed = ", ".join(str(s.district) for s in waiting)
        return refuse(
            f"{G}.secured_waiting",
            f"The map shows district(s) {listed} newly secured: settle each this phase before going on.",
            "blackout-hk/round/secure",
        )
    return []


def _done_line(state: S, action: Done) -> str:
    who = state.on_turn or "The table"
    return {
        "deploy": f"{who} is done deploying",
        "objectives": f"{who} is done with goals",
        "scout": f"{who} does not scout",
        "buy": f"{who} passes",
        "secure": "No more districts secured",
        "refresh": f"{who} is done with phase 8",
    }.get(state.stage, f"{who} is done")


def _start_line(state: S, action: StartGame) -> str:
    return "Set-up" + (
        " with the components' data" if action.rondel or action.faces or action.scout_table else ""
    )


def _who(state: S) -> str:
    return state.on_turn or ""


RULEBOOK: Rulebook[S] = Rulebook(
    G,
    [
        Rule(
            StartGame,
            "Start",
            setup.start_game,
            _start_line,
            checks=(_check_start,),
        ),
        Rule(
            SecondStartGame,
            "Start",
            setup.start_game,
            _start_line,
            checks=(_check_start,),
        ),
        Rule(
            LegacyStartGame,
            "Start",
            setup.start_game,
            _start_line,
            checks=(_check_start,),
        ),
        Rule(
            PlaceStart,
            "Starting location",
            _place_start,
            lambda s, a: f"{a.player} starts on {a.location.strip()}",
            checks=(_check_place_start,),
        ),
        Rule(
            Roll,
            "Roll the dice",
            deploy.roll,
            lambda s, a: "Dice rolled" if not a.red else f"Dice: {a.red}, {a.yellow}, {a.blue}",
            checks=(deploy.check_roll,),
            gates=(_not_rolled,),
        ),
        Rule(
            Reroll,
            "Roll again",
            deploy.reroll,
            lambda s, a: "Dice rolled again",
            checks=(deploy.check_reroll,),
            gates=(_rolled,),
        ),
        Rule(
            Plan,
            "Plan cards",
            deploy.plan,
            lambda s, a: f"{a.player} plans {sum(1 for c in a.cards if c)} card(s)",
            checks=(deploy.check_plan,),
        ),
        Rule(
            Procure,
            "Procure",
            deploy.procure,
            lambda s, a: f"{_who(s)}: {a.cubes} {a.resource}",
            checks=(deploy.check_procure,),
            gates=(_on_turn_named,),
        ),
        Rule(
            UseLeader,
            "Leader",
            deploy.use_leader,
            lambda s, a: f"{_who(s)}: Leader",
            checks=(deploy.check_leader,),
            gates=(_on_turn_named,),
        ),
        Rule(
            UseScout,
            "Scout",
            deploy.use_scout,
            lambda s, a: f"{_who(s)}: Scout",
            checks=(deploy.check_scout,),
            gates=(_on_turn_named,),
        ),
        Rule(
            UseMechanic,
            "Mechanic",
            deploy.use_mechanic,
            lambda s, a: f"{_who(s)}: Mechanic",
            checks=(deploy.check_mechanic,),
            gates=(_on_turn_named,),
        ),
        Rule(
            UseDoctor,
            "Doctor",
            deploy.use_doctor,
            lambda s, a: f"{_who(s)}: Doctor heals {a.heal}",
            checks=(deploy.check_doctor,),
            gates=(_on_turn_named,),
        ),
        Rule(
            UseCard,
            "Use a card",
            deploy.use_card,
            lambda s, a: f"{_who(s)}: card {a.card}",
            checks=(deploy.check_card,),
            gates=(_on_turn_named,),
        ),
        Rule(
            Flip,
            "Turn up unused",
            deploy.flip,
            lambda s, a: f"{_who(s)} turns up {a.card} unused",
            checks=(deploy.check_flip,),
            gates=(_on_turn_named,),
        ),
        Rule(
            BuyTransport,
            "Buy transport",
            deploy.buy_transport,
            lambda s, a: f"{a.player} buys {a.count} transport token(s)",
            checks=(deploy.check_buy_transport,),
        ),
        Rule(
            BuyBattery,
            "Buy a battery",
            deploy.buy_battery,
            lambda s, a: f"{a.player} buys {a.count} battery",
            checks=(deploy.check_buy_battery,),
        ),
        Rule(
            UseCheckmark,
            "Check-mark action",
            deploy.use_checkmark,
            lambda s, a: f"{_who(s)}: check-mark action {a.action}",
            checks=(deploy.check_checkmark,),
            gates=(_on_turn_named, deploy.checkmark_open),
        ),
        Rule(
            CompleteGoal,
            "Complete a goal",
            goals.complete_goal,
            lambda s, a: f"{_who(s)} completes goal {a.goal} of {a.card}",
            checks=(goals.check_goal,),
            gates=(_on_turn_named,),
        ),
        Rule(
            RestorePower,
            "Restore power",
            goals.restore_power,
            lambda s, a: f"{_who(s)} restores power ({a.goal})",
            checks=(goals.check_restore,),
            gates=(_on_turn_named,),
        ),
        Rule(
            PublicGoal,
            "Plan goal",
            goals.public_goal,
            lambda s, a: f"{_who(s)} completes goal {a.goal} of plan {a.plan}",
            checks=(goals.check_public,),
            gates=(_on_turn_named, _campaign),
        ),
        Rule(
            PlaceCube,
            "Place a cube",
            goals.place_cube,
            lambda s, a: f"{_who(s)} places a cube on {a.location.strip()}",
            checks=(goals.check_place,),
            gates=(goals.cube_to_place,),
        ),
        Rule(
            Scout,
            "Scout",
            scout.scout,
            lambda s, a: f"{_who(s)} scouts district {a.district}",
            checks=(scout.check_scout,),
            gates=(_on_turn_named,),
        ),
        Rule(
            ScoutNoTile,
            "No tile",
            scout.no_tile,
            lambda s, a: f"{_who(s)} takes no tile from district {a.district}",
            checks=(scout.check_no_tile,),
            gates=(_on_turn_named,),
        ),
        Rule(
            Buy,
            "Buy a card",
            display.buy,
            lambda s, a: f"{_who(s)} buys from row {a.row}",
            checks=(display.check_buy,),
            gates=(_on_turn_named,),
        ),
        Rule(
            CleanUp,
            "Clean up",
            display.clean_up,
            lambda s, a: f"{_who(s)} cleans up",
            checks=(display.check_cleanup,),
            gates=(_on_turn_named,),
        ),
        Rule(
            Secure,
            "District secured",
            districts.secure,
            lambda s, a: f"District {a.district} secured",
            checks=(districts.check_secure,),
        ),
        Rule(
            Refresh,
            "Refresh",
            districts.refresh,
            lambda s, a: f"{_who(s)} refreshes",
            checks=(districts.check_refresh,),
            gates=(_on_turn_named, _refreshable),
        ),
        Rule(Done, "Done", done, _done_line, checks=(_all_secured_settled,)),
        Rule(
            Adjust,
            "Correct",
            deploy.adjust,
            lambda s, a: f"{a.player}: {a.by:+d} {a.what} (correction)",
            checks=(deploy.check_adjust,),
        ),
        Rule(
            FinalCount,
            "Final count",
            scoring.final_count,
            lambda s, a: f"{a.player}'s final count",
            checks=(scoring.check_final,),
        ),
        Rule(NextChapter, "Next chapter", scoring.next_chapter, lambda s, a: "Next chapter"),
    ],
    phases=PHASES,
    always=(open_game,),
)

__all__ = ["RULEBOOK", "on_turn"]
