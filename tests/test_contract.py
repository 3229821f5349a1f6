"""One contract every registered game meets: setup, JSON actions, rule links, replay, views."""

from __future__ import annotations

import random

import pytest

import trackers  # noqa: F401  (registers every game)
from rules_ref import reference
from trackers.core.actions import ActionCodec
from trackers.core.game import GameModule, check_setup, make_setup
from trackers.core.registry import games
from trackers.core.session import Session

GAMES = games()


def _setup(module: GameModule) -> tuple[str, ...]:
    return tuple(f"P{n}" for n in range(1, module.min_players + 1))


def test_games_are_registered() -> None:
    assert "scorepad" in {g.id for g in GAMES}


@pytest.mark.parametrize("module", GAMES, ids=lambda g: g.id)
def test_player_range_and_options_are_checked(module: GameModule) -> None:
    assert 1 <= module.min_players <= module.max_players
    assert check_setup(module, _setup(module), {}) == []
    too_many = tuple(f"P{n}" for n in range(module.max_players + 1))
    assert check_setup(module, too_many, {})
    assert check_setup(module, _setup(module), {"no-such-option": 1})
    for option in module.options:
        assert option.check(option.default) is None
        assert option.rule == "" or reference().exists(option.rule)


@pytest.mark.parametrize("module", GAMES, ids=lambda g: g.id)
def test_the_game_has_an_overview_section(module: GameModule) -> None:
    assert reference().exists(f"{module.id}/overview")


@pytest.mark.parametrize("module", GAMES, ids=lambda g: g.id)
def test_action_types_are_unique_and_prefixed(module: GameModule) -> None:
    codec = ActionCodec(module.actions)
    assert all(cls.type.startswith(module.id + ".") for cls in codec.types)


@pytest.mark.parametrize("module", GAMES, ids=lambda g: g.id)
def test_a_fresh_game_summarises(module: GameModule) -> None:
    setup = make_setup(module, _setup(module), {})
    state = module.new_state(setup, 0)
    summary = module.summary(state)
    assert [s.player for s in summary.scores] == list(setup.players)
    assert module.outcome(state) is None


def test_every_violation_rule_in_the_code_exists() -> None:
    """Rule ids are string literals next to their Violation: find them all and look each one up."""
    import ast
    from pathlib import Path

    missing = []
    for path in Path("trackers").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Violation":
                rule = (
                    node.args[2]
                    if len(node.args) > 2
                    else next((k.value for k in node.keywords if k.arg == "rule"), None)
                )
                if isinstance(rule, ast.Constant) and not reference().exists(str(rule.value)):
                    missing.append(f"{path}:{node.lineno} {rule.value}")
    assert missing == []


@pytest.mark.parametrize("module", GAMES, ids=lambda g: g.id)
def test_random_play_replays_to_the_same_game(module: GameModule) -> None:
    """Random legal-or-not actions from each game's own sampler; every refusal links a rule."""
    from tests.samplers import SAMPLERS

    sampler = SAMPLERS[module.id]
    setup = make_setup(
        module, _setup(module) if module.min_players > 1 else ("A", "B")[: module.max_players], {}
    )
    rng = random.Random(7)
    live = Session(module, setup, 11)
    for _ in range(300):
        action = sampler(live.state, rng)
        result = live.dispatch(action)
        for violation in result.violations:
            assert reference().exists(violation.rule), violation
        for event in result.events:
            rule = dict(event.data).get("rule")
            assert rule is None or reference().exists(str(rule)), event
        if rng.random() < 0.1:
            live.undo()
    replayed = Session.replay(
        module,
        setup,
        11,
        [(e.action, e.group) for e in live.entries],
        recorded=[e.events for e in live.entries],
        cursor=live.cursor,
    )
    assert replayed.state == live.state
    for entry in live.entries:
        assert ActionCodec(module.actions).decode(entry.action.to_json()) == entry.action
