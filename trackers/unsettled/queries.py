"""What an Unsettled screen may ask besides the state: why an entry is not open now, and what LUNA's
pursuit will do from here (to animate it, or to enter it in one tap).

It also re-exports (`from x import f as f`) what a screen calls from the engine: LUNA's plan for her next
step, a map pack's reader, the key of the border between two cards, and an incapacitated card's name.
"""

from __future__ import annotations

from random import Random

from trackers.core.actions import Action
from trackers.core.errors import Violation
from trackers.unsettled import actions as a
from trackers.unsettled.board import edge as edge
from trackers.unsettled.board import map_from_json as map_from_json
from trackers.unsettled.explorers import card_label as card_label
from trackers.unsettled.game import RULEBOOK
from trackers.unsettled.luna import plan_step as plan_step
from trackers.unsettled.pursuit import pursuit_step
from trackers.unsettled.state import UnsettledState


def blocked(state: UnsettledState, kind: type[Action]) -> list[Violation]:
    """Why no entry of this kind is accepted now (empty when it may be): a disabled button's reason."""
    return RULEBOOK.blocked(state, kind)


def out_of_turn(state: UnsettledState, explorer: str) -> str | None:
    """Why moving this explorer wants a second look (None when they are the active one): the rules give
    each explorer their own moves on their own turn, so on another's turn only an effect moves them (being
    carried, an anomaly that places them), which Lantern cannot tell from a tap."""
    active = state.active_explorer.name
    if explorer == active:
        return None
    return (
        f"It is {active}'s turn. {explorer} moves now only if an effect moves them (carried along, or placed "
        f"by an anomaly); otherwise {explorer}'s own moves wait for their turn."
    )


def steps_until_pause(state: UnsettledState) -> list[Action]:
    """The PursuitSteps LUNA takes from here until she stops or reaches a tie the player must break."""
    return [a.PursuitStep() for _ in pursuit_frames(state)]


def pursuit_frames(state: UnsettledState) -> list[UnsettledState]:
    """The state after each ire point LUNA spends from here, up to a stop or a tie (for animation)."""
    frames = []
    while state.pursuit is not None and plan_step(state).kind != "tie":
        state, _ = pursuit_step(state, a.PursuitStep(), Random(0))
        frames.append(state)
    return frames


def turn_frames(before: UnsettledState, roll: int) -> list[UnsettledState]:
    """LUNA's turn already entered, replayed from the state before it with the roll it recorded: the state
    after each ire point she spends, up to a stop or a tie (for animation)."""
    after_roll, _ = RULEBOOK.apply(before, a.StartPursuit(roll), Random(0))
    return pursuit_frames(after_roll)
