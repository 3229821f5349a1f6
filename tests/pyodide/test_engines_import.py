"""The engines import where httpx is missing, as in the static web build's Pyodide: only downloading a
pack needs it, and there that is refused with a reason the player can act on."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE_PACKAGES = ("trackers", "rules_ref")


def test_every_engine_module_imports_without_httpx() -> None:
    modules = [
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for package in ENGINE_PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if path.name != "__main__.py"
    ]
    code = (
        "import importlib, sys\n"
        "sys.modules['httpx'] = None  # import httpx now raises ImportError\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "from trackers.core.packs import PackError, fetch_pack\n"
        "try:\n"
        "    fetch_pack('https://packs.example/p.json')\n"
        "except PackError as refused:\n"
        "    print(refused)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert len(modules) > 50
    assert out.stdout == (
        "This version of Lantern cannot download packs. Save the pack as a file, then import the file.\n"
    )
