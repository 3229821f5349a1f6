"""Run a Flet app script (`python timed_server.py SCRIPT`) with its server's side of each tap timed.

The tap-to-DOM bench serves each page through this, so a tap's time splits in two: the server's (from
its click event coming in to each patch going out, written one JSON line per click to the file named
by LANTERN_BENCH_TIMES) and the rest (the browser and the socket), which is the same for any app of the
page's size. It wraps Flet's `Session.dispatch_event` and the session's private send method: should a
Flet release rename them, the app runs untimed and the bench says so.
"""

from __future__ import annotations

import json
import os
import runpy
import sys
import time
from typing import Any

from flet.messaging.session import Session

SEND = "_Session__send_message"
WINDOW_MS = 30.0
"""Patches sent this long after a click are its own; the history's line, 40 ms later, is not."""


def install(out: Any) -> bool:
    """Wrap the session's event dispatch and send; False when Flet no longer has them. Each click is
    written as {"click": n}, then each patch sent within `WINDOW_MS` of it as {"click": n, "ms": time
    since the click came in}."""
    dispatch, send = getattr(Session, "dispatch_event", None), getattr(Session, SEND, None)
    if dispatch is None or send is None:
        return False
    clicks = {"n": 0, "started": 0.0}

    async def timed_dispatch(self: Session, control_id: int, event_name: str, event_data: Any) -> None:
        if event_name == "click":
            clicks["n"] += 1
            clicks["started"] = time.perf_counter()
            out.write(json.dumps({"click": clicks["n"]}) + "\n")
        await dispatch(self, control_id, event_name, event_data)

    def timed_send(self: Session, message: Any) -> None:
        send(self, message)
        elapsed = (time.perf_counter() - clicks["started"]) * 1000
        if clicks["n"] and elapsed <= WINDOW_MS:
            out.write(json.dumps({"click": clicks["n"], "ms": elapsed}) + "\n")

    Session.dispatch_event = timed_dispatch  # type: ignore[method-assign]  # the bench times it
    setattr(Session, SEND, timed_send)
    return True


def main() -> None:
    script = sys.argv[1]
    with open(os.environ["LANTERN_BENCH_TIMES"], "w", buffering=1) as out:
        if not install(out):
            out.write(json.dumps({"untimed": "Flet's Session has no dispatch_event or private send"}) + "\n")
        sys.argv = [script]
        sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
        runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main()
