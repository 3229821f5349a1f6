"""The engines stay pure: nothing under trackers/ or rules_ref/ imports flet."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE_PACKAGES = ("trackers", "rules_ref")


def test_no_engine_module_mentions_flet() -> None:
    offenders = []
    for package in ENGINE_PACKAGES:
        for path in Path(package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                offenders += [f"{path}: {n}" for n in names if n.split(".")[0] in {"flet", "views"}]
    assert offenders == []


def test_importing_every_engine_module_loads_no_flet() -> None:
    modules = [
        ".".join(path.with_suffix("").parts).removesuffix(".__init__")
        for package in ENGINE_PACKAGES
        for path in Path(package).rglob("*.py")
        if path.name != "__main__.py"
    ]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'flet'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
