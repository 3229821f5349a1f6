"""The static build's write-back to IndexedDB (views/browser_storage.py), with a stand-in for Emscripten's
FS: each commit is written back, commits during a write-back make one more, and a failure is told."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from views.browser_storage import NOT_KEPT, _WriteBack


class FakeFS:
    """`syncfs(populate, callback)` that holds the callback until the test finishes the write-back."""

    def __init__(self) -> None:
        self.pending: list[Callable[..., None]] = []
        self.started = 0

    def syncfs(self, populate: bool, callback: Callable[..., None]) -> None:
        assert populate is False  # a write-back, never a read
        self.started += 1
        self.pending.append(callback)

    def finish(self, error: Any = None) -> None:
        self.pending.pop(0)(error)


def _write_back() -> tuple[FakeFS, _WriteBack, list[str]]:
    fs, told = FakeFS(), []
    return fs, _WriteBack(fs, lambda fn: fn, told.append), told


def test_each_commit_is_written_back_and_commits_meanwhile_make_one_more() -> None:
    fs, write_back, told = _write_back()
    write_back()
    assert fs.started == 1
    write_back()
    write_back()  # two commits during the first write-back: one more after it covers both
    assert fs.started == 1
    fs.finish()
    assert fs.started == 2
    fs.finish()
    assert fs.started == 2 and not fs.pending and told == []


def test_a_failed_write_back_is_told_and_the_next_commit_tries_again() -> None:
    fs, write_back, told = _write_back()
    write_back()
    fs.finish("QuotaExceededError")
    assert told == [NOT_KEPT.format(error="QuotaExceededError")]
    assert "export the game" in told[0]
    write_back()
    assert fs.started == 2
    fs.finish()
    assert len(told) == 1
