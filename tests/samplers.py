"""Per game: a function drawing a random action for a state, for the contract and bench runs."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from trackers.core.actions import Action
from trackers.scorepad.game import AddPoints, ChooseFirstPlayer, DrawFirstPlayer, EndGame, EndRound


def scorepad(state: Any, rng: random.Random) -> Action:
    roll = rng.random()
    player = rng.choice(state.players)
    if roll < 0.75:
        return AddPoints(player, rng.randint(-5, 10))
    if roll < 0.85:
        return EndRound()
    if roll < 0.93:
        return DrawFirstPlayer()
    if roll < 0.98:
        return ChooseFirstPlayer(player)
    return EndGame()


SAMPLERS: dict[str, Callable[[Any, random.Random], Action]] = {"scorepad": scorepad}
