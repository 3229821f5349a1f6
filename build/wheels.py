"""Wheels for the Python of flet-web's Pyodide (CPython for WebAssembly), downloaded once by pip.

The platform tag and Python version come from the bundled Pyodide's lock file, so a flet-web upgrade
that brings another Pyodide gets wheels that fit it. Each requirements file gets its own folder under
.venv/pyodide-wheels/, named after its content: editing the file downloads afresh.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import flet_web

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = Path(flet_web.__file__).parent / "web" / "pyodide"
CACHE = ROOT / ".venv" / "pyodide-wheels"


def pyodide_info() -> dict[str, Any]:
    """The bundled Pyodide's `info`: its Python ("3.14.2"), ABI ("2026_0") and architecture."""
    info: dict[str, Any] = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    return info


def download(requirements: Path, *, deps: bool = True) -> Path:
    """The folder of wheels for `requirements` (and their dependencies, with `deps`)."""
    info = pyodide_info()
    version = "".join(info["python"].split(".")[:2])
    digest = hashlib.sha256(requirements.read_bytes() + bytes([deps])).hexdigest()[:12]
    folder = CACHE / f"{requirements.stem}-cp{version}-{info['abi_version']}-{digest}"
    if folder.is_dir():
        return folder
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        platform = f"pyemscripten_{info['abi_version']}_{info['arch']}"
        target = ["--platform", platform, "--python-version", version, "--implementation", "cp"]
        abis = ["--abi", f"cp{version}", "--abi", "none"]
        command = [sys.executable, "-m", "pip", "download", "-q", "-d", tmp, "--only-binary=:all:"]
        command += [*target, *abis, *([] if deps else ["--no-deps"]), "-r", str(requirements)]
        subprocess.run(command, check=True)
        Path(tmp).rename(folder)
    return folder
