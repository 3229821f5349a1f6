"""One contract every registered game meets: its parts, setup, JSON actions, rule links, replay, the kit.

The checks live in tests/contract.py so that tests/test_toy_game.py can show each one failing by name.
"""

from __future__ import annotations

import pytest

import trackers  # noqa: F401  (registers every game)
from rules_ref import reference
from tests.contract import (
    Parts,
    kit_problems,
    missing_parts,
    replay_problems,
    setup_problems,
    unresolved_rules,
)
from tests.samplers import SAMPLERS
from trackers.core.game import GameModule
from trackers.core.registry import games
from views.games import PANELS

GAMES = games()
PARTS = Parts(PANELS, SAMPLERS, reference())


def test_games_are_registered() -> None:
    assert {"scorepad", "unsettled", "ashes"} <= {g.id for g in GAMES}


def test_every_panel_and_sampler_belongs_to_a_game() -> None:
    ids = {g.id for g in GAMES}
    assert set(PANELS) <= ids and set(SAMPLERS) <= ids


@pytest.mark.parametrize("module", GAMES, ids=lambda g: g.id)
def test_the_game_has_every_part(module: GameModule) -> None:
    assert missing_parts(module, PARTS) == []


@pytest.mark.parametrize("module", GAMES, ids=lambda g: g.id)
def test_every_rule_id_in_the_engine_resolves(module: GameModule) -> None:
    assert unresolved_rules(module, PARTS.reference) == []


@pytest.mark.parametrize("module", GAMES, ids=lambda g: g.id)
def test_players_options_and_a_fresh_game(module: GameModule) -> None:
    assert setup_problems(module, PARTS.reference) == []


@pytest.mark.parametrize("module", GAMES, ids=lambda g: g.id)
def test_random_play_replays_to_the_same_game(module: GameModule) -> None:
    assert replay_problems(module, SAMPLERS[module.id], PARTS.reference) == []


@pytest.mark.parametrize("module", GAMES, ids=lambda g: g.id)
def test_the_kit_says_what_the_engine_does(module: GameModule) -> None:
    assert kit_problems(module, SAMPLERS[module.id], PARTS.reference) == []
