"""`make test-pyodide`: the engine tests (trackers/, rules_ref/; no views, no browser) on Pyodide.

Pyodide is the CPython for WebAssembly that flet-web bundles and the static web build runs (3.14 today).
The test tools listed in requirements.txt are downloaded once by pip, as wheels for that Python, into
.venv/pyodide-wheels/; Node then loads Pyodide, installs them from those files and runs pytest
(tests/pyodide/run.mjs). Extra arguments go to pytest: `python -m tests.pyodide.run -x -k deck`.
Without Node the run is skipped with a one-line reason.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from build.wheels import PYODIDE, ROOT, download

HERE = Path(__file__).resolve().parent
ENGINE_TESTS = (
    "tests/core",
    "tests/storage",
    "tests/unsettled",
    "tests/ashes",
    "tests/hope_city",
    "tests/infamous_traffic",
    "tests/blackout_hk",
    "tests/rules_ref",
    "tests/cli",
    "tests/test_counts_hostile.py",
    "tests/test_pack_kinds_property.py",
    "tests/test_results.py",
    "tests/test_bgstats.py",
    "tests/test_history.py",
)


def main(args: list[str]) -> int:
    node = shutil.which("node")
    if node is None:
        print("test-pyodide skipped: no node (Debian's nodejs package) on this machine")
        return 0
    command = [node, str(HERE / "run.mjs"), str(PYODIDE), str(download(HERE / "requirements.txt"))]
    return subprocess.run([*command, *(args or ["-q", "-rs", *ENGINE_TESTS])], cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
