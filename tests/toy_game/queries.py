"""What a Toy game screen may ask besides the state: why an entry is not open now, and what is at stake."""

from __future__ import annotations

from tests.toy_game.rules import RULEBOOK
from tests.toy_game.state import ToyState
from trackers.core.actions import Action
from trackers.core.errors import Violation


def blocked(state: ToyState, kind: type[Action]) -> list[Violation]:
    """Why no entry of this kind is accepted now (empty when it may be): a disabled button's reason."""
    return RULEBOOK.blocked(state, kind)


def at_stake(state: ToyState) -> int:
    """The points the player rolling would keep by banking now."""
    return state.pot
