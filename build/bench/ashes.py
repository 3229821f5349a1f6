"""ASHES solo: the cost of one rival turn (a card that really rescues survivors) and of replaying a whole
3-round game, with the rival's cards entered from the table (physical) and drawn by the app (digital)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace

import trackers  # noqa: F401  (registers every game)
from build.bench.engine import time_ms
from build.bench.figures import Figure, median, percentile
from tests.ashes.play import new_session, play_game, step
from trackers.ashes import actions as a
from trackers.ashes.game import ASHES
from trackers.ashes.rival.card import Rescue, RivalCard
from trackers.ashes.rival.play import must_pass
from trackers.ashes.rounds.turn_order import RIVAL
from trackers.ashes.rules.rival_turns import card_of, entry_for, turn_for
from trackers.ashes.state import AshesState
from trackers.core.actions import Action, Event
from trackers.core.session import Session

SEED = 3
RUNS = 300
REPLAY_RUNS = 20
STEP_LIMIT = 5000
# The deck each mode plays with, and what its rows add to their names (the physical deck is the default).
MODES = (("physical", False, ""), ("digital", True, ", digital"))

# A card as a table would enter it: the rival rescues in the round's own sector whatever its vehicle row.
RESCUE_CARD = a.RivalTurn(
    label="BENCH",
    arrow="orange",
    rounds_1_and_3="rescue",
    round_2="rescue",
    secondary="score_column:1",
    ordinal="from_bottom",
    numeric=1,
    sector="this_round",
    cases=0,
)


def _rival_to_play(state: AshesState) -> bool:
    """The rival's own turn with a card to play: none on show, no pass or bonus card due."""
    rival = state.rival
    return (
        rival is not None
        and state.rounds.current == RIVAL
        and state.pending_card is None
        and not rival.bonus_turn_due
        and not must_pass(rival)
    )


def _rescuing(state: AshesState, card: RivalCard, entry: a.RivalTurn) -> a.RivalTurn | None:
    """The entry answered with the first area of the card's sector holding survivors, if the card rescues."""
    rival = state.rival
    assert rival is not None  # asked on the rival's turn only
    turn = turn_for(state, rival, card)
    if not isinstance(turn.action, Rescue) or turn.question is None:
        return None
    held = [area.name for area in state.areas if area.sector == turn.sector and area.survivors.total]
    return replace(entry, cases=len(held), area=held[0]) if held else None


def _rescue_group(session: Session, digital: bool) -> list[Action] | None:
    """The rival turn to time, if it rescues: the entered card, or the app's draw and the answer to it.
    The draw's randomness depends only on the seed and the entry's index, so undoing it and dispatching
    the group again at the same index draws the same card."""
    if not digital:
        entry = _rescuing(session.state, card_of(RESCUE_CARD), RESCUE_CARD)
        return None if entry is None else [entry]
    session.play(a.RevealRivalCard())
    shown = session.state
    session.undo()
    card = shown.pending_card
    assert card is not None  # the reveal puts a card on show
    entry = _rescuing(shown, card, entry_for(card))
    return None if entry is None else [a.RevealRivalCard(), entry]


def _ready(digital: bool) -> tuple[Session, list[Action]]:
    """The seeded table played on until the rival's turn comes with a card that rescues survivors."""
    session = new_session(SEED, digital)
    rng = random.Random(SEED)
    for turn in range(STEP_LIMIT):
        if _rival_to_play(session.state) and (group := _rescue_group(session, digital)) is not None:
            return session, group
        if step(session, rng, turn) is None:
            break
    raise RuntimeError(f"seed {SEED} never gave the rival a turn that rescues survivors")


def _rescued(events: Sequence[Event]) -> int:
    """Survivors the rival's turn sent to the bag, as its summary event records them."""
    summary = next(event for event in events if event.kind == "rival_turn")
    to_bag = summary.value("to_bag")
    assert isinstance(to_bag, tuple)  # [active, essential]
    return sum(n for n in to_bag if isinstance(n, int))


def _rival_turn_figures(mode: str, digital: bool, suffix: str) -> Iterator[Figure]:
    session, group = _ready(digital)
    state = session.state
    samples = []
    rescued = 0
    for _ in range(RUNS):
        started = time.perf_counter_ns()
        result = session.dispatch_group(group)
        samples.append((time.perf_counter_ns() - started) / 1_000)
        if not result.ok:
            raise RuntimeError(f"the bench's rival turn was refused: {result.violations[0].message}")
        rescued = _rescued(result.events)
        session.undo()
    if not rescued:
        raise RuntimeError("the bench's rival turn rescued nobody")
    entries = " + ".join(action.type.removeprefix("ashes.") for action in group)
    notes = (
        f"{mode} deck, round {state.rounds.round}: dispatch_group({entries}), a rescue of {rescued} "
        f"survivors, undone untimed after each of {RUNS} runs"
    )
    yield Figure(f"ASHES rival turn{suffix}, median", median(samples), "µs", notes)
    yield Figure(f"ASHES rival turn{suffix}, p95", percentile(samples, 95), "µs", "")


def _replay_figures(mode: str, digital: bool, suffix: str) -> Iterator[Figure]:
    played = play_game(SEED, digital)
    log = [(entry.action, entry.group) for entry in played.entries]
    replayed = Session.replay(ASHES, played.setup, played.seed, log)
    if replayed.state != played.state:
        raise RuntimeError("the replayed game does not end where it was played")
    samples = time_ms(lambda: Session.replay(ASHES, played.setup, played.seed, log), REPLAY_RUNS)
    notes = (
        f"{mode} deck: Session.replay of the {len(log)} entries of a whole solo game (seed {SEED}), "
        f"median of {REPLAY_RUNS}"
    )
    yield Figure(f"ASHES replay, 3-round solo{suffix}", median(samples), "ms", notes)


def figures() -> Iterator[Figure]:
    for mode in MODES:
        yield from _rival_turn_figures(*mode)
    for mode in MODES:
        yield from _replay_figures(*mode)
