"""What every ASHES entry shares: the checks of whose turn it is and what phase the game is in, the bounds
held on open counts, and the small steps that update a seat."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from trackers.ashes.board.survivors import ACTIVE, ESSENTIAL, FULL_BAG
from trackers.ashes.colony.scoring import MAX_LAP, VP_LAP
from trackers.ashes.rounds.turn_order import RIVAL, ROUNDS, SetupKind, turn_violations
from trackers.ashes.state import AshesState, Seat
from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.rules import refuse

SCORE_TRACK_TOP = MAX_LAP + VP_LAP - 1
"""299, the highest score the VP track shows: lap disc on +200, marker on its last space. The rules cap
neither the supply of tokens nor what a player counts on the table, so such an open count in an entry (a
gain, a payment, times a tile's requirement is met) is held within the track's reach."""
ACTIVE_SURVIVORS, ESSENTIAL_SURVIVORS = FULL_BAG.count(ACTIVE), FULL_BAG.count(ESSENTIAL)
"""The game's 50 active and 25 essential survivors: no entry moves more of a kind than there are."""
PRODUCTION_TOP = 12
"""The highest top an entry may give a production track, or steps it may raise one by. The rulebook text
prints no track lengths; the set-up screen offers tops of 2 to 12, as it does for the rival's track."""


def scored_violations(state: AshesState) -> list[Violation]:
    if state.result is not None:
        return refuse("ashes.end.scored", "The game is already scored.", "ashes/end")
    return []


def player_violations(state: AshesState, player: str) -> list[Violation]:
    """The name must be one of the table's players (the rival has its own entries)."""
    if player == RIVAL or not state.has_seat(player):
        return refuse("ashes.player.unknown", f"No player called {player!r} in this game.", "ashes/setup")
    return scored_violations(state)


def bonus_violations(state: AshesState) -> list[Violation]:
    """The rival's bonus card comes straight after its pass, before anyone else plays."""
    if state.rival is not None and state.rival.bonus_turn_due:
        return refuse(
            "ashes.rival.bonus_due", "Reveal the rival's bonus card first.", "ashes/solo/rival-pass"
        )
    if state.pending_card is not None:
        return refuse(
            "ashes.rival.card_pending", "Resolve the rival card on show first.", "ashes/solo/rival-turn"
        )
    return []


def own_turn_violations(state: AshesState, player: str) -> list[Violation]:
    """Actions and protocols belong to the player whose turn it is, and never after they passed (8.1)."""
    return (
        player_violations(state, player)
        or bonus_violations(state)
        or turn_violations(state.rounds, player)
        or state.seat(player).board.check_open()
    )


def protocol_violations(state: AshesState, player: str) -> list[Violation]:
    """One protocol per turn."""
    if problems := own_turn_violations(state, player):
        return problems
    taken = state.seat(player).protocol
    if taken is not None:
        return refuse(
            "ashes.protocol.taken",
            f"You already took the {taken} protocol this turn: end your turn.",
            "ashes/protocols",
        )
    return []


def before_play_violations(state: AshesState) -> list[Violation]:
    """Set-up entries (board, rival, starting combos) come before round 1's survivors emerge."""
    rounds = state.rounds
    if rounds.round != 1 or not any(s.kind is SetupKind.EMERGE for s in rounds.setup_left):
        return refuse("ashes.setup.over", "This belongs to the game's set-up, before round 1.", "ashes/setup")
    return scored_violations(state)


def stays(state: AshesState) -> bool:
    """A pass in round 3 keeps the vehicle where it is when the table reads that round as having no next
    one (an option); by default it still moves, and the final places settle ties."""
    return state.rounds.round == ROUNDS[-1] and state.settings.round3_pass_stays


def seat_events(seat: Seat, texts: Iterable[str], rule: str) -> list[Event]:
    """The plain-text lines a board step reports, as events naming the player and the rule."""
    return [Event.of("board", f"{seat.name}: {text}", seat=seat.name, rule=rule) for text in texts]


def updated(state: AshesState, seat: Seat, **changes: Any) -> AshesState:
    return state.with_seat(replace(seat, **changes))
