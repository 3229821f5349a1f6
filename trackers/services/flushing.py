"""Flush the saved games' write-ahead log to the disk beside the tap, not on its path.

SQLite's WAL with synchronous=NORMAL makes a commit durable against the app being killed (the change is
in the WAL file when the commit returns) but not against a power cut: it leaves the fsync to the next
checkpoint. synchronous=FULL fsyncs at every commit, ~1 ms on a phone's or laptop's flash, spent while the
player waits for the screen. The store commits with NORMAL and hands the fsync to this thread, which
runs it at once, while the screen is being drawn (the result shows some 15 ms later): a power cut in the
millisecond after a commit is all that could still take it back.

Should an fsync fail, the store goes back to synchronous=FULL (`failed`), so durability never rests on a
flusher that cannot flush.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

THREADS = sys.platform != "emscripten"
"""Python in the browser (the static web build) has no threads, and its files are in memory anyway:
there the store keeps synchronous=FULL (a no-op fsync) and its copy to the browser's storage."""


class WalFlusher:
    """One daemon thread that fsyncs `database`'s WAL file after every commit it is told of."""

    def __init__(self, database: Path) -> None:
        self.wal = Path(f"{database}-wal")
        self.failed: OSError | None = None
        self._due = threading.Event()
        self._done = threading.Condition()
        self._stopping = False
        self._busy = False
        self._thread = threading.Thread(target=self._run, name="lantern-wal-flush", daemon=True)
        self._thread.start()

    def committed(self) -> None:
        """A transaction was committed: flush the WAL soon (several commits may share one fsync)."""
        self._due.set()

    def wait(self, timeout: float = 5.0) -> bool:
        """Block until every commit told so far is flushed (or failed); False on timeout."""
        with self._done:
            return self._done.wait_for(lambda: not self._due.is_set() and not self._busy, timeout)

    def stop(self) -> None:
        """Flush what is due, then end the thread."""
        self._stopping = True
        self._due.set()
        self._thread.join()

    def _run(self) -> None:
        while True:
            self._due.wait()
            with self._done:
                self._busy = True
                self._due.clear()
            try:
                self._flush()
            finally:
                with self._done:
                    self._busy = False
                    self._done.notify_all()
            if self._stopping and not self._due.is_set():
                return

    def _flush(self) -> None:
        try:
            descriptor = os.open(self.wal, os.O_RDONLY)
        except FileNotFoundError:  # no WAL yet, or the last connection checkpointed and removed it
            return
        except OSError as error:
            self.failed = error
            return
        try:
            os.fsync(descriptor)
        except OSError as error:
            self.failed = error
        finally:
            os.close(descriptor)
