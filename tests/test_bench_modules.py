"""`make bench` is not part of `make test`, so at least check every bench module still imports against the
code it measures (a renamed helper would otherwise surface only when someone runs the bench)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

MODULES = sorted(p.stem for p in (Path(__file__).parent / "bench").glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("name", MODULES)
def test_bench_module_imports(name: str) -> None:
    importlib.import_module(f"tests.bench.{name}")
