"""A fresh store in a temporary folder for each storage test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from trackers.services.storage import Store


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "lantern.sqlite3"


@pytest.fixture
def store(database: Path) -> Iterator[Store]:
    with Store(database) as opened:
        yield opened
