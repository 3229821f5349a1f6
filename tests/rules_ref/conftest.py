"""Builds throwaway content folders so loader and search tests control every line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest


@pytest.fixture
def write_content(tmp_path: Path) -> Callable[[dict[str, str]], Path]:
    """Write {"pack/file.md": text} under a fresh root and return the root."""

    def write(files: dict[str, str]) -> Path:
        root = tmp_path / "content"
        for name, text in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        return root

    return write
