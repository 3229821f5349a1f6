"""What WebAssembly changes for the tests: Pyodide's CPython, the Python of the static web build.

`make test-pyodide` runs the engine tests there (tests/pyodide/run.mjs). It has no processes and no
threads, so the tests that start them are skipped with the reason. And its stack is the JavaScript
engine's: text nested 100,000 deep costs nothing to hold, and Lantern refuses it before parsing it, so
the texts stay that deep everywhere; but a value built in memory that deep cannot even be freed there
(CPython's deallocation recurses in C until the JavaScript stack runs out, a fatal error that ends the
runtime, not an exception; about 6,000 deep is enough). There such values are built 3,000 deep, three
times the recursion limit, so a check that recursed would still fail.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

WASM = sys.platform == "emscripten"
DEEP = 100_000
DEEP_VALUE = 3_000 if WASM else DEEP

no_processes = pytest.mark.skipif(WASM, reason="WebAssembly (Pyodide) cannot start processes")
no_threads = pytest.mark.skipif(WASM, reason="WebAssembly (Pyodide) cannot start threads")


def nested(depth: int) -> Any:
    """A list nested `depth` deep: [[[…]]]."""
    value: Any = []
    for _ in range(depth - 1):
        value = [value]
    return value
