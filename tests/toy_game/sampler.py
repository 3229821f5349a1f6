"""A random Toy game entry for a state: mostly the player whose turn it is, with strays to be refused."""

from __future__ import annotations

import random
from typing import Any

from tests.toy_game.actions import Bank, DrawFirstPlayer, Roll
from trackers.core.actions import Action


def toy_sampler(state: Any, rng: random.Random) -> Action:
    roll = rng.random()
    if state.current is None and roll < 0.8:
        return DrawFirstPlayer()
    player = state.current if state.current is not None and roll < 0.8 else rng.choice(state.players)
    if roll < 0.5:
        return Roll(player)
    if roll < 0.85:
        return Bank(player)
    if roll < 0.9:
        return Roll("Nobody")
    if roll < 0.95:
        return Bank("Nobody")
    return DrawFirstPlayer()
