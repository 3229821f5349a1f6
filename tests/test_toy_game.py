"""A sixth game written from the README alone, held to the contract, and each missing part named.

The toy game lives in tests/toy_game and is never registered, so it is not part of the app.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import trackers  # noqa: F401  (registers every game, so the check below sees them all)
from rules_ref import Reference, load_sections
from tests.contract import Parts, contract_problems, unresolved_rules_in
from tests.samplers import SAMPLERS
from tests.toy_game.game import TOY_GAME
from tests.toy_game.panel import ToyPanel
from tests.toy_game.sampler import toy_sampler
from trackers.core.registry import games
from views.games import PANELS

TOY = Path(__file__).parent / "toy_game"
REFERENCE = Reference(load_sections() + load_sections(TOY / "content"))
PARTS = Parts({**PANELS, "toy-game": ToyPanel}, {**SAMPLERS, "toy-game": toy_sampler}, REFERENCE)


def mentions(problems: list[str], *words: str) -> bool:
    return any(all(word in problem for word in words) for problem in problems)


def test_the_toy_game_meets_the_whole_contract() -> None:
    assert contract_problems(TOY_GAME, PARTS) == []


def test_the_toy_game_is_not_in_the_app() -> None:
    assert "toy-game" not in {g.id for g in games()} | set(PANELS) | set(SAMPLERS)


def test_a_missing_panel_is_named() -> None:
    parts = Parts(PANELS, PARTS.samplers, REFERENCE)
    assert mentions(contract_problems(TOY_GAME, parts), "toy-game", "no panel")


def test_a_missing_sampler_is_named() -> None:
    parts = Parts(PARTS.panels, SAMPLERS, REFERENCE)
    assert mentions(contract_problems(TOY_GAME, parts), "toy-game", "no sampler")


def test_a_missing_overview_is_named() -> None:
    kept = tuple(s for s in REFERENCE.sections() if s.id != "toy-game/overview")
    parts = Parts(PARTS.panels, PARTS.samplers, Reference(kept))
    assert mentions(contract_problems(TOY_GAME, parts), "no overview section", "toy-game/overview")


def engine_copy(tmp_path: Path) -> Path:
    """The toy engine's modules copied to tmp_path/toy_game, to be changed there."""
    folder = tmp_path / "toy_game"
    folder.mkdir()
    for source in TOY.glob("*.py"):
        shutil.copy(source, folder / source.name)
    return folder


def test_the_copied_engine_resolves_as_it_is(tmp_path: Path) -> None:
    assert unresolved_rules_in(engine_copy(tmp_path).glob("*.py"), "toy-game", REFERENCE) == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"toy-game/bank")', '"toy-game/bnak")'),
        ('TURN = "toy-game/turn"', 'TURN = "toy-game/trun"'),
    ],
    ids=["in a guard's refusal", "through a constant"],
)
def test_a_wrong_rule_id_is_named(tmp_path: Path, old: str, new: str) -> None:
    rules = engine_copy(tmp_path) / "rules.py"
    text = rules.read_text()
    assert text.count(old) == 1
    rules.write_text(text.replace(old, new))
    wrong = new.split('"')[1]
    assert mentions(
        unresolved_rules_in(rules.parent.glob("*.py"), "toy-game", REFERENCE), "rules.py", repr(wrong)
    )
