"""What happens by itself after an entry: a player with nothing to do in a phase is passed over, a phase
ends when everyone has had their turn, and a round ends (the starting player moves on, the last round
leads to final scoring)."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.blackout_hk.actions import Done
from trackers.blackout_hk.display import clear_display, has_cleanup, solo_discard
from trackers.blackout_hk.districts import may_refresh
from trackers.blackout_hk.state import BlackoutState
from trackers.core.actions import Event

S = BlackoutState
NEXT = {"deploy": "objectives", "objectives": "scout", "scout": "buy", "cleanup": "secure"}


def done(state: S, action: Done, rng: Random) -> tuple[S, list[Event]]:
    """The player on turn is finished with the phase (phase 7: no more districts were secured)."""
    if state.stage == "deploy":
        who = state.on_turn
        assert who is not None
        p = state.player(who)
        return replace(
            state.with_player(replace(p, planned=())), turn=state.turn + 1, window=(), window_uses=0
        ), []
    if state.stage == "buy":
        return replace(state, turn=state.turn + 1, passes=state.passes + 1), []
    if state.stage == "secure":
        return replace(state, stage="refresh", turn=0, refreshed=False), []
    return replace(state, turn=state.turn + 1, window=(), window_uses=0, refreshed=False), []


def settle(state: S, rng: Random) -> tuple[S, list[Event]]:
    out: list[Event] = []
    for _ in range(100):
        after, more = _step(state)
        out += more
        if after is state:
            return state, out
        state = after
    raise RuntimeError("the game's automatic steps did not settle")


def _idle(state: S) -> bool:
    """The player on turn has nothing left to do in this phase."""
    who = state.on_turn
    if who is None or state.to_place:
        return False
    p = state.player(who)
    if state.stage == "deploy":
        return not p.planned and not state.window_uses
    if state.stage == "cleanup":
        return not has_cleanup(p)
    if state.stage == "refresh":
        if state.refreshed:
            return not state.window_uses
        return not may_refresh(p)
    return False


def _step(state: S) -> tuple[S, list[Event]]:
    if state.result or state.to_place:
        return state, []
    stage = state.stage
    if stage == "buy":
        if state.passes >= state.n:
            return _end_buying(state)
        return state, []
    if (
        stage in ("deploy", "objectives", "scout", "cleanup", "refresh")
        and state.turn < state.n
        and _idle(state)
    ):
        return replace(state, turn=state.turn + 1, window=(), window_uses=0, refreshed=False), []
    if stage in NEXT and state.turn >= state.n:
        return replace(state, stage=NEXT[stage], turn=0, passes=0, bought=()), []  # type: ignore[arg-type]
    if stage == "refresh" and state.turn >= state.n:
        return _end_round(state)
    return state, []


def _end_buying(state: S) -> tuple[S, list[Event]]:
    events: list[Event] = []
    if state.solo and not state.bought:
        state, events = solo_discard(state)
    after, more = clear_display(replace(state, stage="cleanup", turn=0, passes=0))
    return after, events + more


def _end_round(state: S) -> tuple[S, list[Event]]:
    start = state.start if state.solo else (state.start + 1) % state.n
    cleared = [replace(p, planned=()) for p in state.players]
    if state.last_round:
        after = replace(state, stage="final", players=tuple(cleared), turn=0)
        return after, [
            Event.of(
                "last_round",
                f"Round {state.round} was the last: final scoring.",
                rule="blackout-hk/final-scoring",
            )
        ]
    after = replace(
        state,
        stage="dice",
        round=state.round + 1,
        start=start,
        turn=0,
        dice=("", "", ""),
        planned_by=(),
        scouted=(),
        bought=(),
        passes=0,
        players=tuple(cleared),
    )
    who = after.names[start]
    return after, [
        Event.of("round", f"Round {after.round}: {who} is the starting player.", rule="blackout-hk/round")
    ]
