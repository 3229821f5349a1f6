"""`python -m trackers` as a real process with its own data folder, as the CLI tests run it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from trackers.core.session import Session
from trackers.services.datadir import DATABASE_NAME
from trackers.services.gamefile import dumps, export_document
from trackers.services.storage import Store

ROOT = Path(__file__).resolve().parents[2]


def run(data: Path, *args: str, timeout: int = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANTERN_DATA": str(data)}
    env.pop("FLET_APP_STORAGE_DATA", None)
    return subprocess.run(
        [sys.executable, "-m", "trackers", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        encoding="utf-8",
        timeout=timeout,
    )


def export_played(played: Session, data: Path, target: Path) -> Path:
    """A game played in memory, entered into a fresh store entry by entry, then written out by `export` to
    `target`, which must hold what the game file module writes for the same game."""
    with Store(data / DATABASE_NAME) as store:
        game = store.create_game(played.module, played.setup, played.seed)
        for entry in played.entries:
            result = game.session.dispatch(entry.action)
            assert result.ok, result.violations
        assert game.session.state == played.state
        game_id = game.id
    exported = run(data, "export", game_id, "-o", str(target))
    assert exported.returncode == 0, exported.stderr
    assert target.read_text(encoding="utf-8") == dumps(export_document(played))
    return target
