"""What every view test starts from: an empty store of its own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from trackers.services.storage import Store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "lantern.sqlite3")
    yield s
    s.close()
