"""The part of `make test-pyodide` that runs inside Pyodide (tests/pyodide/run.mjs imports it there)."""

from __future__ import annotations

import sys
from typing import Any


def main(args: list[str]) -> int:
    """pytest on `args`, then the line "N passed under Pyodide"; pytest's exit status."""
    import pytest

    class Pyodide:
        passed = 0

        def pytest_sessionstart(self) -> None:
            from hypothesis import settings  # here: pytest rewrites its plugin's asserts once it starts

            # WebAssembly runs Python a few times slower than the host, whose speed Hypothesis's
            # per-example deadline is set for: a slow example is not what these tests look for.
            settings.register_profile("pyodide", parent=settings.default, deadline=None)
            settings.load_profile("pyodide")

        def pytest_terminal_summary(self, terminalreporter: Any) -> None:
            self.passed = len(terminalreporter.stats.get("passed", []))

    print(f"Python {sys.version.split()[0]} on {sys.platform} (Pyodide)", flush=True)
    plugin = Pyodide()
    # No cache folder is written into the checkout; a hung test cannot be interrupted here anyway.
    status = pytest.main(["-p", "no:cacheprovider", "--timeout=0", *args], plugins=[plugin])
    print(f"{plugin.passed} passed under Pyodide", flush=True)
    return int(status)
