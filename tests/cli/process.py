"""`python -m trackers` as a real process with its own data folder, as the CLI tests run it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
