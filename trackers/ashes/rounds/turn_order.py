"""The ASHES round cycle: round marker, turn-order track, round setup, whose turn it is, passing.

Players and the solo rival are seats named by strings. When the rival passes and which place it takes is
`rival.play`'s business; this module only keeps the track and checks the place against it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from trackers.ashes.board.survivors import emergence_sectors
from trackers.core.errors import IllegalAction, TableError, Violation

RIVAL = "rival"
ROUNDS = (1, 2, 3)
POSITIONS = (1, 2, 3, 4)
BLOCKED_WITH_3_SEATS = frozenset({4})

Reward = tuple[tuple[str, int], ...]
"""What a turn-order space pays, e.g. (("data", 1),). The rulebook prints the values only on the board,
so they are the table's data; a space without an entry pays nothing."""


class TurnRow(Enum):
    """Rows of the turn-order track: the top one orders rounds 1 and 3, the bottom one round 2."""

    TOP = "top"
    BOTTOM = "bottom"


@dataclass(frozen=True)
class TurnSpot:
    row: TurnRow
    position: int


def check_round(round_number: int) -> None:
    if round_number not in ROUNDS:
        raise TableError(f"ASHES has rounds {ROUNDS}, not {round_number!r}")


def row_for_round(round_number: int) -> TurnRow:
    check_round(round_number)
    return TurnRow.BOTTOM if round_number == 2 else TurnRow.TOP


def next_row(round_number: int) -> TurnRow:
    """A pass moves the vehicle to the row of the round after this one; round 3 still moves it (the spec's
    default), so the last passes settle ties."""
    return TurnRow.TOP if row_for_round(round_number) is TurnRow.BOTTOM else TurnRow.BOTTOM


TIE_BREAK_ROW = next_row(ROUNDS[-1])


class SetupKind(Enum):
    RADIATION = "radiation"
    DISCARD_MISSIONS = "discard two missions"
    RESET_AREA_TILES = "reset area tiles"
    EMERGE = "survivors emerge"


@dataclass(frozen=True)
class SetupStep:
    """One round-setup step; `number` is its place in the full list of four, so round 1 shows only step 4."""

    kind: SetupKind
    number: int
    text: str
    rule: str


def setup_steps(round_number: int) -> tuple[SetupStep, ...]:
    """The steps to carry out, in order, before the first turn of a round."""
    check_round(round_number)
    low, high = emergence_sectors(round_number)
    emerge = SetupStep(
        SetupKind.EMERGE,
        4,
        f"Survivors emerge in sectors {low} then {high}: 2 from the bag on each bag-icon area, top to bottom",
        "ashes/rounds/emerge",
    )
    if round_number == ROUNDS[0]:
        return (emerge,)
    return (
        SetupStep(
            SetupKind.RADIATION,
            1,
            "Radiation: each area with survivors and no vehicle sends its sector number of them to the bag; "
            "every player loses 1 happiness per survivor sent back",
            "ashes/radiation",
        ),
        SetupStep(
            SetupKind.DISCARD_MISSIONS,
            2,
            "Remove the two right-hand face-up missions from the game and refill the row",
            "ashes/rounds/setup",
        ),
        SetupStep(
            SetupKind.RESET_AREA_TILES,
            3,
            "Turn every face-down area tile back to its main side",
            "ashes/rounds/setup",
        ),
        emerge,
    )


@dataclass(frozen=True)
class RoundState:
    """The round marker and the turn-order track. `spots` runs parallel to `seats`.

    `order` is fixed when a round starts, because a vehicle leaves the active row as soon as its owner
    passes; `current` is None during round setup, once everyone has passed, and after the game.
    """

    round: int
    seats: tuple[str, ...]
    spots: tuple[TurnSpot, ...]
    rewards: tuple[tuple[TurnSpot, Reward], ...]
    setup_left: tuple[SetupStep, ...]
    order: tuple[str, ...]
    passed: tuple[str, ...] = ()
    current: str | None = None
    game_over: bool = False


def _order(seats: Sequence[str], spots: Sequence[TurnSpot], row: TurnRow) -> tuple[str, ...]:
    placed = sorted((spot.position, seat) for seat, spot in zip(seats, spots, strict=True) if spot.row is row)
    return tuple(seat for _, seat in placed)


def new_game(
    players: Sequence[str], rewards: Mapping[TurnSpot, Reward] | None = None, solo: bool = False
) -> RoundState:
    """Round 1 before its setup. `players` is in seating order from the start player, who takes position 1.

    Solo is a 2-seat game with the rival second.
    """
    seats = (*players, RIVAL) if solo else tuple(players)
    if solo and len(players) != 1:
        raise TableError("a solo game has exactly one player")
    if not solo and not 2 <= len(seats) <= len(POSITIONS):
        raise TableError(f"ASHES seats 2 to 4 players, or 1 against the rival, not {len(seats)}")
    if len(set(seats)) != len(seats) or RIVAL in players:
        raise TableError(f"every seat needs its own name, and {RIVAL!r} is kept for the solo rival")
    spots = tuple(TurnSpot(TurnRow.TOP, p) for p in POSITIONS[: len(seats)])
    first = ROUNDS[0]
    return RoundState(
        first,
        seats,
        spots,
        tuple((rewards or {}).items()),
        setup_steps(first),
        _order(seats, spots, TurnRow.TOP),
    )


def spot_of(state: RoundState, seat: str) -> TurnSpot:
    return state.spots[state.seats.index(seat)]


def blocked(state: RoundState) -> frozenset[int]:
    """With 3 seats the last space of each row holds an unused colour's vehicles."""
    return BLOCKED_WITH_3_SEATS if len(state.seats) == 3 else frozenset()


def unavailable(state: RoundState, row: TurnRow) -> frozenset[int]:
    """Positions nobody may take in `row`: blocked or already holding a vehicle (what `rival_pass` needs)."""
    return blocked(state) | {spot.position for spot in state.spots if spot.row is row}


def free_positions(state: RoundState) -> tuple[int, ...]:
    """Where a player passing now may go, in the next round's row."""
    taken = unavailable(state, next_row(state.round))
    return tuple(p for p in POSITIONS if p not in taken)


def turn_violations(state: RoundState, seat: str) -> list[Violation]:
    """Why `seat` may not take a turn now; the first reason that applies is enough."""
    if state.game_over:
        return [Violation("ashes.game.over", "Round 3 is over: go on to the final scoring.", "ashes/end")]
    if seat not in state.seats:
        return [
            Violation(
                "ashes.turn.seat", f"{seat!r} has no vehicle on the turn-order track.", "ashes/turn-order"
            )
        ]
    if state.setup_left:
        return [
            Violation(
                "ashes.round.setup",
                f"Finish the round setup first; next: {state.setup_left[0].kind.value}.",
                "ashes/rounds/setup",
            )
        ]
    if seat in state.passed:
        return [
            Violation(
                "ashes.turn.passed",
                f"{seat} has passed: nothing more for {seat} this round.",
                "ashes/protocols/pass",
            )
        ]
    if seat != state.current:
        return [Violation("ashes.turn.not_yours", f"It is {state.current}'s turn.", "ashes/rounds")]
    return []


def _check(problems: list[Violation]) -> None:
    if problems:
        raise IllegalAction(problems)


def setup_violations(state: RoundState, kind: SetupKind) -> list[Violation]:
    if state.game_over:
        return [Violation("ashes.game.over", "Round 3 is over: go on to the final scoring.", "ashes/end")]
    if not state.setup_left or state.setup_left[0].kind is not kind:
        due = f"next is {state.setup_left[0].kind.value}" if state.setup_left else "it is already done"
        return [
            Violation(
                "ashes.round.setup_order",
                f"Round {state.round} setup goes step by step and {due}.",
                "ashes/rounds/setup",
            )
        ]
    return []


def setup_done(state: RoundState, kind: SetupKind) -> RoundState:
    """Tick off the next setup step; after the last one the first seat in order plays."""
    _check(setup_violations(state, kind))
    left = state.setup_left[1:]
    return replace(state, setup_left=left, current=None if left else state.order[0])


def _after(state: RoundState, seat: str, passed: tuple[str, ...]) -> str | None:
    """The next seat round the active row that has not passed (the same seat if it is the only one)."""
    i = state.order.index(seat)
    ring = state.order[i + 1 :] + state.order[: i + 1]
    return next((s for s in ring if s not in passed), None)


def take_turn(state: RoundState, seat: str) -> RoundState:
    """`seat` finished a turn with a move or an activation (or, for the rival, a card)."""
    _check(turn_violations(state, seat))
    return replace(state, current=_after(state, seat, state.passed))


def pass_violations(state: RoundState, seat: str, position: int, stay: bool = False) -> list[Violation]:
    """`stay`: the vehicle keeps its place (round 3 read as having no next round), so any position does."""
    problems = turn_violations(state, seat)
    if problems or stay:
        return problems
    row = next_row(state.round)
    if position not in POSITIONS or position in blocked(state):
        return [
            Violation(
                "ashes.turn.position",
                f"Position {position} is not in play; choose from {free_positions(state)}.",
                "ashes/turn-order",
            )
        ]
    if position in unavailable(state, row):
        return [
            Violation(
                "ashes.turn.taken",
                f"Position {position} of the {row.value} row already holds a vehicle; "
                f"choose from {free_positions(state)}.",
                "ashes/turn-order",
            )
        ]
    first_free = free_positions(state)[0]
    if seat == RIVAL and position != first_free:
        return [
            Violation(
                "ashes.turn.rival_first_free",
                f"The rival takes the first free position, {first_free}.",
                "ashes/solo/rival-pass",
            )
        ]
    return []


@dataclass(frozen=True)
class Pass:
    """The track after a pass and the reward the passing player takes (the rival keeps no resources)."""

    state: RoundState
    spot: TurnSpot
    reward: Reward


def pass_turn(state: RoundState, seat: str, position: int, stay: bool = False) -> Pass:
    """The turn-order step of a pass: the vehicle goes to `position` in the next round's row, or with
    `stay` keeps its place and takes no reward."""
    _check(pass_violations(state, seat, position, stay))
    i = state.seats.index(seat)
    spot = state.spots[i] if stay else TurnSpot(next_row(state.round), position)
    passed = (*state.passed, seat)
    new = replace(
        state,
        spots=(*state.spots[:i], spot, *state.spots[i + 1 :]),
        passed=passed,
        current=_after(state, seat, passed),
    )
    reward = () if seat == RIVAL or stay else dict(state.rewards).get(spot, ())
    return Pass(new, spot, reward)


def end_round_violations(state: RoundState) -> list[Violation]:
    if state.game_over:
        return [Violation("ashes.game.over", "Round 3 is over: go on to the final scoring.", "ashes/end")]
    waiting = [seat for seat in state.order if seat not in state.passed]
    if waiting:
        return [
            Violation(
                "ashes.round.not_over",
                f"The round ends once everyone has passed; still playing: {', '.join(waiting)}.",
                "ashes/rounds/end",
            )
        ]
    return []


def end_round(state: RoundState) -> RoundState:
    """Advance the round marker, the order now read from the row everyone passed into; after round 3 the
    game is over. In solo play, call this after the rival's bonus turn, and `rival.play.start_round` with
    it."""
    _check(end_round_violations(state))
    if state.round == ROUNDS[-1]:
        return replace(state, game_over=True)
    following = state.round + 1
    return replace(
        state,
        round=following,
        setup_left=setup_steps(following),
        order=_order(state.seats, state.spots, row_for_round(following)),
        passed=(),
    )
