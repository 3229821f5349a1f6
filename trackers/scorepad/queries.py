"""What a Score pad screen may ask besides the state: which entries are open now, and why not."""

from __future__ import annotations

from trackers.core.actions import Action
from trackers.core.errors import Violation
from trackers.scorepad.rules import RULEBOOK
from trackers.scorepad.state import ScorePadState


def blocked(state: ScorePadState, kind: type[Action]) -> list[Violation]:
    """Why no entry of this kind is accepted now (empty when it may be): a disabled button's reason."""
    return RULEBOOK.blocked(state, kind)
