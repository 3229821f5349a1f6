"""The game's set-up entries and the round cycle around the turns: the board, starting combos, round-setup
steps (radiation and emergence worked out on the tracked areas) and the end of a round."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from random import Random
from typing import Any

from trackers.ashes import actions as a
from trackers.ashes.board.layout import board_from_json, board_problems
from trackers.ashes.board.survivors import (
    ACTIVE,
    ESSENTIAL,
    FULL_BAG,
    PER_BAG_ICON,
    Area,
    Radiation,
    emergence_plan,
    radiation,
)
from trackers.ashes.colony.player_board import TECH_SLOTS, Reward
from trackers.ashes.rival.play import start_round
from trackers.ashes.rounds.turn_order import (
    POSITIONS,
    SetupKind,
    TurnRow,
    TurnSpot,
    end_round,
    end_round_violations,
    setup_done,
    setup_violations,
)
from trackers.ashes.rules.adjustments import COUNTED, parse_reward
from trackers.ashes.rules.guards import (
    PRODUCTION_TOP,
    SCORE_TRACK_TOP,
    before_play_violations,
    bonus_violations,
    player_violations,
    scored_violations,
    seat_events,
    updated,
)
from trackers.ashes.state import ACHIEVEMENT_SPACES, EDITION, ROWS, AshesState
from trackers.core.actions import Event
from trackers.core.bag import Bag
from trackers.core.boundary import BoundaryError, read_json
from trackers.core.errors import Violation
from trackers.core.limits import Count, count_violations
from trackers.core.packs import MAX_PACK_BYTES
from trackers.core.rules import Rule, refuse

Plan = tuple[tuple[str, int], ...]
ENTRIES = {SetupKind.RADIATION: "Radiate", SetupKind.EMERGE: "Emerge"}
"""Setup steps the tracker works out itself, each through its own entry."""
TOP = Count(
    2,
    PRODUCTION_TOP,
    "A production track's top space is",
    "",
    code="ashes.board.tops",
    rule="ashes/setup",
    why="Each track has at least 2 spaces.",
)
COMBO_SURVIVORS = Count(
    0, FULL_BAG.total, "A combo draws", "survivors", code="ashes.setup.negative", rule="ashes/setup/start"
)
COMBO_SLOT = Count(
    1, TECH_SLOTS[-1], "Technology slots are numbered", "", code="ashes.tech.slot", rule="ashes/technology"
)
LOSS = Count(
    0,
    FULL_BAG.total,
    "A happiness loss to radiation is",
    "",
    code="ashes.radiation.losses",
    rule="ashes/radiation",
    why=f"At most all {FULL_BAG.total} survivors are sent back.",
)


def _combo_gain(resource: str) -> Count:
    """A starting resource card's gain: tokens are unlimited, so it is held to the score track's reach."""
    return Count(
        0, SCORE_TRACK_TOP, "A combo gives", resource, code="ashes.setup.negative", rule="ashes/setup/start"
    )


# The board

MAX_LAYOUT_BYTES = 4 * MAX_PACK_BYTES
"""A layout is a board pack's data written out again, which escapes can make a few times longer; the
area and link caps of the `ashes.board` kind still hold inside it."""


def _layout_problems(layout: str) -> list[str]:
    """The layout is outside data carried in the log: it passes the same door as a board pack, but keeps
    telling apart ids that differ only in case or spaces, as when games before #28 entered them, so that
    they replay; the app only enters a layout that was saved as a pack, or the quick board's own names."""
    try:
        data = read_json(layout, max_bytes=MAX_LAYOUT_BYTES)
    except BoundaryError as error:
        return [f"the layout is not readable: {error}"]
    if not isinstance(data, dict):
        return ["the layout must be a JSON object"]
    return board_problems(data, logged=True)


TILE_SPACES = Count(
    1, 2, "An achievement tile shows", "spaces", code="ashes.setup.achievement_tiles", rule="ashes/setup"
)


def _board_violations(state: AshesState, action: a.UseBoard) -> list[Violation]:
    """Re-entering replaces the board, which is safe because no survivor reaches it before play."""
    if found := _layout_problems(action.layout):
        return refuse("ashes.board.layout", f"This board cannot be used: {found[0]}.", "ashes/setup")
    if problems := count_violations(*((TOP, top) for top in action.production_tops)):
        return problems
    if action.turn_rewards and len(action.turn_rewards) != len(TURN_SPOTS):
        return refuse(
            "ashes.board.turn_rewards",
            f"Enter a reward for each of the {len(TURN_SPOTS)} turn-order spaces (empty for none), or none.",
            "ashes/turn-order",
        )
    for spot, text in zip(TURN_SPOTS, action.turn_rewards, strict=False):
        try:
            reward = parse_reward(text)
        except ValueError as error:
            return refuse("ashes.board.turn_rewards", f"{_spot_name(spot)}: {error}", "ashes/turn-order")
        if reward.materials:
            return refuse(
                "ashes.board.turn_rewards",
                f"{_spot_name(spot)}: the turn-order track pays resources, not materials.",
                "ashes/turn-order",
            )
    return []


TURN_SPOTS = tuple(TurnSpot(row, p) for row in (TurnRow.TOP, TurnRow.BOTTOM) for p in POSITIONS)


def _spot_name(spot: TurnSpot) -> str:
    return f"{spot.row.value} row, position {spot.position}"


def _turn_rewards(texts: Sequence[str]) -> tuple[tuple[TurnSpot, tuple[tuple[str, int], ...]], ...]:
    """Each space's reward as the round cycle keeps it: (resource, how many) pairs."""
    rewards = []
    for spot, text in zip(TURN_SPOTS, texts, strict=True):
        reward = parse_reward(text)
        pairs = tuple((name, getattr(reward, name)) for name in COUNTED if getattr(reward, name))
        if pairs:
            rewards.append((spot, pairs))
    return tuple(rewards)


def _use_board(state: AshesState, action: a.UseBoard, rng: Random) -> tuple[AshesState, list[Event]]:
    board = board_from_json(read_json(action.layout, max_bytes=MAX_LAYOUT_BYTES), logged=True)
    seats = tuple(
        replace(s, board=replace(s.board, production_tops=action.production_tops), vehicle=board.shelter)
        for s in state.seats
    )
    text = f"Board {board.name!r}: {len(board.areas)} areas; vehicles start in {board.shelter}"
    event = Event.of(
        "board", text, areas=len(board.areas), tops=list(action.production_tops), rule="ashes/setup"
    )
    rounds = replace(state.rounds, rewards=_turn_rewards(action.turn_rewards) if action.turn_rewards else ())
    new = replace(
        state,
        board=board,
        areas=board.play_areas(),
        seats=seats,
        rounds=rounds,
        edition=1 if isinstance(action, a.LegacyUseBoard) else EDITION,
    )
    return new, [event]


# The achievement tiles (3.1)


def tiles_due(state: AshesState) -> bool:
    """Three players turn two of the three achievement tiles to their 2-space face at random, so a game of
    edition 2 lays them before round 1's survivors emerge; other player counts have one way to lay them,
    which Lantern knows."""
    return state.edition >= 2 and len(state.seats) == 3 and state.achievement_spaces is None


def _tiles_violations(state: AshesState, action: a.LayAchievementTiles) -> list[Violation]:
    """The table's layout must follow the player count's rule: no 2-space tile up to 2 players (solo is set
    up as 2), two of them with 3, all three with 4."""
    if not action.spaces:
        return []
    usual = ACHIEVEMENT_SPACES[len(state.seats)]
    if len(action.spaces) != len(ROWS):
        return refuse(
            "ashes.setup.achievement_tiles",
            "Give each of the 3 achievement tiles 1 or 2 spaces, dark blue, light blue, then pink.",
            "ashes/setup",
        )
    if problems := count_violations(*((TILE_SPACES, n) for n in action.spaces)):
        return problems
    if sorted(action.spaces) != sorted(usual):
        twos = usual.count(2)
        return refuse(
            "ashes.setup.achievement_tiles",
            f"With {len(state.seats)} player(s), {twos or 'no'} achievement tile(s) show 2 spaces.",
            "ashes/setup",
        )
    return []


def _lay_tiles(
    state: AshesState, action: a.LayAchievementTiles, rng: Random
) -> tuple[AshesState, list[Event]]:
    usual = ACHIEVEMENT_SPACES[len(state.seats)]
    if action.spaces:
        spaces = (action.spaces[0], action.spaces[1], action.spaces[2])
        how = "as the table laid them"
    elif usual.count(1) == 1:
        single = rng.randrange(len(ROWS))
        one, two, three = (1 if i == single else 2 for i in range(len(ROWS)))
        spaces, how = (one, two, three), "turned at random"
    else:
        spaces, how = usual, f"as every {len(state.seats)}-player game lays them"
    shown = ", ".join(f"{row.value} {n}" for row, n in zip(ROWS, spaces, strict=True))
    event = Event.of(
        "achievement_tiles",
        f"Achievement tiles {how}: {shown} space(s)",
        spaces=list(spaces),
        rule="ashes/setup",
    )
    return replace(state, achievement_spaces=spaces), [event]


# Starting combos


def _combo_violations(state: AshesState, action: a.StartingCombo) -> list[Violation]:
    gains = {"fuel": action.fuel, "data": action.data, "antirad": action.antirad, "strength": action.strength}
    counts = (
        *((_combo_gain(resource), n) for resource, n in gains.items()),
        (COMBO_SURVIVORS, action.survivors),
        (COMBO_SLOT, action.slot),
    )
    if problems := (
        count_violations(*counts) or player_violations(state, action.player) or before_play_violations(state)
    ):
        return problems
    seat = state.seat(action.player)
    if seat.combo_taken:
        return refuse(
            "ashes.setup.combo_taken", f"{seat.name} already took a starting combo.", "ashes/setup/start"
        )
    if action.drawn and len(action.drawn) != action.survivors:
        return refuse(
            "ashes.setup.drawn",
            f"The combo draws {action.survivors} survivor(s), but {len(action.drawn)} were entered.",
            "ashes/setup/start",
        )
    if problems := _bag_violations(state.bag, action.drawn, action.survivors):
        return problems
    board = seat.board
    enter = board.check_enter([ACTIVE] * action.survivors)
    return enter or (board.check_place_tech(action.slot, False) if action.technology else [])


def _bag_violations(bag: Bag, drawn: Sequence[str], wanted: int) -> list[Violation]:
    """A draw the table made must be in the bag; one the app makes needs enough survivors left."""
    if lacking := bag.missing(drawn):
        return refuse(
            "ashes.bag.missing",
            f"The bag holds no more {', '.join(sorted(set(lacking)))} survivors to draw.",
            "ashes/survivor-bag",
        )
    if wanted > bag.total:
        return refuse(
            "ashes.bag.short", f"The bag holds {bag.total} survivor(s), not {wanted}.", "ashes/survivor-bag"
        )
    return []


def _starting_combo(
    state: AshesState, action: a.StartingCombo, rng: Random
) -> tuple[AshesState, list[Event]]:
    seat = state.seat(action.player)
    bag, drawn = (
        (state.bag.take(action.drawn), action.drawn)
        if action.drawn
        else state.bag.draw(rng, action.survivors)
    )
    reward = Reward(fuel=action.fuel, data=action.data, antirad=action.antirad, strength=action.strength)
    board = seat.board.apply_reward(reward).board.apply_enter(drawn).board
    texts: tuple[str, ...] = ()
    if action.technology:
        placed = board.apply_place_tech(action.technology, action.slot, False)
        board, texts = placed.board, (f"{action.technology} goes in slot {action.slot}.",)
    gains = ", ".join(f"{n} {name}" for name, n in vars(reward).items() if isinstance(n, int) and n)
    text = f"{seat.name} takes a starting combo: {gains or 'no resources'}; draws {_kinds(drawn)}"
    event = Event.of("combo", text, seat=seat.name, drawn=list(drawn), rule="ashes/setup/start")
    done = replace(updated(state, seat, board=board, combo_taken=True), bag=bag)
    return done, [event, *seat_events(seat, texts, "ashes/technology")]


def _kinds(kinds: Sequence[str]) -> str:
    if not kinds:
        return "no survivors"
    return ", ".join(f"{kinds.count(k)} {k}" for k in (ACTIVE, ESSENTIAL) if kinds.count(k))


# Round-setup steps


def _setup_events(state: AshesState, kind: SetupKind) -> tuple[AshesState, list[Event]]:
    """Tick off a step; once the last one is done, say who plays first."""
    step = state.rounds.setup_left[0]
    rounds = setup_done(state.rounds, kind)
    events = [Event.of("setup", step.text, round=rounds.round, step=step.number, rule=step.rule)]
    if rounds.current is not None:
        text = f"Round {rounds.round}: {rounds.current} plays first"
        events.append(Event.of("turn", text, seat=rounds.current, rule="ashes/rounds"))
    return replace(state, rounds=rounds), events


def _step_violations(state: AshesState, action: a.CompleteSetupStep) -> list[Violation]:
    kind = SetupKind(action.step)
    if kind in ENTRIES:
        return refuse(
            "ashes.round.use_entry",
            f"The tracker works out {kind.value} itself: use the {ENTRIES[kind]} entry.",
            "ashes/rounds/setup",
        )
    return scored_violations(state) or setup_violations(state.rounds, kind)


def _complete_step(
    state: AshesState, action: a.CompleteSetupStep, rng: Random
) -> tuple[AshesState, list[Event]]:
    return _setup_events(state, SetupKind(action.step))


# Radiation


def losses_violations(state: AshesState, losses: Sequence[int], rule: str) -> list[Violation]:
    """With manual radiation the table enters each player's loss; otherwise the tracker counts it."""
    players = len(state.seats)
    if not state.settings.radiation_manual:
        if losses:
            return refuse(
                "ashes.radiation.losses",
                "Every player loses 1 happiness per survivor sent back; losses are entered only with the "
                "manual radiation option.",
                rule,
            )
        return []
    if len(losses) != players:
        return refuse(
            "ashes.radiation.losses",
            f"Enter one happiness loss per player, in seat order: {players}, not {len(losses)}.",
            rule,
        )
    return count_violations(*((replace(LOSS, rule=rule), n) for n in losses))


def player_losses(state: AshesState, board: Radiation, losses: Sequence[int]) -> tuple[int, ...]:
    """Each player's loss: the entered figures, or on the literal reading everything sent back."""
    return tuple(losses) if state.settings.radiation_manual else (board.happiness_loss,) * len(state.seats)


def radiation_events(board: Radiation, rule: str) -> list[Event]:
    return [
        Event.of(
            "radiation",
            f"{name}: {back.count(ACTIVE)} active and {back.count(ESSENTIAL)} essential back to the bag",
            area=name,
            active=back.count(ACTIVE),
            essential=back.count(ESSENTIAL),
            rule=rule,
        )
        for name, back in board.returned
    ]


def _radiation_due(state: AshesState) -> list[Violation]:
    return setup_violations(state.rounds, SetupKind.RADIATION)


def _radiate_violations(state: AshesState, action: a.Radiate) -> list[Violation]:
    return losses_violations(state, action.losses, "ashes/radiation")


def _radiate(state: AshesState, action: a.Radiate, rng: Random) -> tuple[AshesState, list[Event]]:
    board = radiation(state.bag, state.areas)
    events = radiation_events(board, "ashes/radiation")
    state = replace(state, bag=board.bag, areas=board.areas)
    for seat, loss in zip(state.seats, player_losses(state, board, action.losses), strict=True):
        lost = seat.board.apply_lose_happiness(loss)
        text = f"{seat.name} loses {loss} happiness"
        events.append(Event.of("happiness", text, seat=seat.name, loss=loss, rule="ashes/radiation"))
        events += seat_events(seat, lost.events, "ashes/radiation")
        state = updated(state, seat, board=lost.board)
    state, done = _setup_events(state, SetupKind.RADIATION)
    return state, events + done


# Survivors emerge


def emergence(state: AshesState) -> Plan:
    """The round's draws, area by area; without the lone-survivor option a single survivor left for an area
    that takes 2 stays in the bag."""
    plan = emergence_plan(state.bag.total, state.areas, state.rounds.round)
    if not state.settings.lone_survivor_placed and plan and plan[-1][1] < PER_BAG_ICON:
        return plan[:-1]
    return plan


def _drawn_violations(state: AshesState, action: a.Emerge) -> list[Violation]:
    """Survivors the table drew must follow the round's plan; without them the app draws."""
    if not action.drawn:
        return []
    plan = emergence(state)
    entered = tuple((area, len(kinds)) for area, kinds in action.drawn)
    if entered != plan:
        wanted = "; ".join(f"{n} on {area}" for area, n in plan) or "nothing"
        return refuse(
            "ashes.emerge.drawn",
            f"This round's survivors go, in order: {wanted}.",
            "ashes/rounds/emerge",
        )
    return _bag_violations(state.bag, [k for _, kinds in action.drawn for k in kinds], 0)


def _set_up_for_play(state: AshesState) -> list[Violation]:
    """Survivors first reach the board in round 1's emergence, so its areas, the rival and (with 3 players)
    the achievement tiles come before."""
    if state.board is None:
        return refuse("ashes.board.missing", "Enter the board first: its areas and tracks.", "ashes/setup")
    if state.solo and state.rival is None:
        return refuse("ashes.rival.missing", "Enter the rival's components first.", "ashes/setup/solo")
    if tiles_due(state):
        return refuse(
            "ashes.setup.achievement_tiles_due",
            "Lay the achievement tiles first: with 3 players, two of them show 2 spaces.",
            "ashes/setup",
        )
    return []


def _emergence_due(state: AshesState) -> list[Violation]:
    return setup_violations(state.rounds, SetupKind.EMERGE)


def _draws(
    state: AshesState, action: a.Emerge, rng: Random
) -> tuple[Bag, tuple[tuple[str, tuple[str, ...]], ...]]:
    if action.drawn:
        return state.bag.take(k for _, kinds in action.drawn for k in kinds), action.drawn
    bag, placed = state.bag, []
    for area, n in emergence(state):
        bag, kinds = bag.draw(rng, n)
        placed.append((area, kinds))
    return bag, tuple(placed)


def _place(areas: Sequence[Area], placed: Mapping[str, Sequence[str]]) -> tuple[Area, ...]:
    return tuple(
        replace(x, survivors=x.survivors.put(placed[x.name])) if x.name in placed else x for x in areas
    )


def _emerge(state: AshesState, action: a.Emerge, rng: Random) -> tuple[AshesState, list[Event]]:
    bag, placed = _draws(state, action, rng)
    events = [
        Event.of(
            "emerge", f"{area}: {_kinds(kinds)}", area=area, kinds=list(kinds), rule="ashes/rounds/emerge"
        )
        for area, kinds in placed
    ]
    state = replace(state, bag=bag, areas=_place(state.areas, dict(placed)))
    state, done = _setup_events(state, SetupKind.EMERGE)
    return state, events + done


# End of the round


def _round_over(state: AshesState) -> list[Violation]:
    return end_round_violations(state.rounds)


def _end_round(state: AshesState, action: a.EndRound, rng: Random) -> tuple[AshesState, list[Event]]:
    rounds = end_round(state.rounds)
    rival = None if state.rival is None else start_round(state.rival, state.settings.rival_marker_resets)
    seats = tuple(
        replace(
            s,
            board=s.board.apply_new_round().board,
            protocol=None,
            main_actions=0,
            activation_main_due=False,
        )
        for s in state.seats
    )
    if rounds.game_over:
        text = "Round 3 is over: enter each player's final counts, then score the game"
        event = Event.of("game_over", text, rule="ashes/end")
    else:
        text = f"Round {rounds.round} begins with its setup; turn order: {', '.join(rounds.order)}"
        event = Event.of("round", text, round=rounds.round, order=list(rounds.order), rule="ashes/rounds/end")
    return replace(state, rounds=rounds, rival=rival, seats=seats), [event]


def _describe_losses(losses: Sequence[int]) -> str:
    return f" (losses {', '.join(map(str, losses))})" if losses else ""


RULES: tuple[Rule[AshesState, Any], ...] = (
    Rule(
        a.UseBoard,
        "Enter the board",
        _use_board,
        lambda s, x: "Board entered",
        (_board_violations,),
        gates=(before_play_violations,),
    ),
    Rule(
        a.LegacyUseBoard,
        "Enter the board",
        _use_board,
        lambda s, x: "Board entered",
        (_board_violations,),
        gates=(before_play_violations,),
    ),
    Rule(
        a.LayAchievementTiles,
        "Lay the achievement tiles",
        _lay_tiles,
        lambda s, x: "Achievement tiles laid",
        (_tiles_violations,),
        gates=(before_play_violations,),
    ),
    Rule(
        a.StartingCombo,
        "Starting combo",
        _starting_combo,
        lambda s, x: f"{x.player} takes a starting combo",
        (_combo_violations,),
    ),
    Rule(
        a.CompleteSetupStep,
        "Round setup step",
        _complete_step,
        lambda s, x: f"Round {s.rounds.round} setup: {x.step}",
        (_step_violations,),
    ),
    Rule(
        a.Radiate,
        "Radiation",
        _radiate,
        lambda s, x: f"Round {s.rounds.round} radiation{_describe_losses(x.losses)}",
        (_radiate_violations,),
        gates=(scored_violations, _radiation_due),
    ),
    Rule(
        a.Emerge,
        "Survivors emerge",
        _emerge,
        lambda s, x: f"Round {s.rounds.round}: survivors emerge",
        (_drawn_violations,),
        gates=(_set_up_for_play, scored_violations, _emergence_due),
    ),
    Rule(
        a.EndRound,
        "End the round",
        _end_round,
        lambda s, x: f"Round {s.rounds.round} ends",
        gates=(scored_violations, bonus_violations, _round_over),
    ),
)
