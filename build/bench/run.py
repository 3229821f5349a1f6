"""Print Lantern's performance figures; `make bench` runs this (`python -m build.bench.run`).

It reports and never judges: a slow figure is information, not a failure. The exit code is non-zero
only when a measurement could not be made at all (an exception), because that means something broke.
"""

from __future__ import annotations

import datetime
import os
import platform
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from importlib.metadata import PackageNotFoundError, version

from build.bench import (
    ashes,
    blackout_hk,
    browser,
    engine,
    hope_city,
    hostile,
    infamous_traffic,
    rounds,
    start,
    taps,
    unsettled,
)
from build.bench.baseline import compare
from build.bench.figures import Figure, header, row

Section = Callable[[], Iterator[Figure]]


SECTIONS: tuple[tuple[str, Section], ...] = (
    ("dispatch", engine.dispatch_figures),
    ("replay", engine.replay_figures),
    ("rules search", engine.search_figures),
    ("unsettled", unsettled.pursuit_figures),
    ("ashes", ashes.figures),
    ("hope city", hope_city.figures),
    ("infamous traffic", infamous_traffic.figures),
    ("blackout hk", blackout_hk.figures),
    ("hostile inputs", hostile.figures),
    ("start", start.start_figures),
    ("page load", browser.page_load_figures),
    ("tap to DOM", taps.tap_figures),
    ("rounds", rounds.round_figures),
)
COMPARED = frozenset({"dispatch", "replay", "unsettled", "ashes"})
"""With BASELINE=<git ref>, these sections are measured on that ref and on this tree, side by side."""


def chosen(only: str) -> list[tuple[str, Section]]:
    """The sections ONLY names (comma-separated, e.g. ONLY=rounds), or all of them when it is empty."""
    names = [name.strip() for name in only.split(",") if name.strip()]
    unknown = sorted(set(names) - {name for name, _ in SECTIONS})
    if unknown:
        known = ", ".join(name for name, _ in SECTIONS)
        raise SystemExit(f"ONLY names no such section: {', '.join(unknown)} (the sections: {known})")
    return [(name, section) for name, section in SECTIONS if not names or name in names]


def machine() -> str:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    try:
        flet = version("flet")
    except PackageNotFoundError:
        flet = "not installed"
    now = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
    return (
        f"Lantern bench  {now}\n"
        f"machine: {platform.node()}, {platform.machine()}, nproc {cores}, {platform.platform(terse=True)}\n"
        f"python {platform.python_version()} ({sys.executable}), flet {flet}"
    )


def run_section(name: str, section: Section) -> bool:
    """Print the section's rows as they come; False (and an ERROR row) when it raised."""
    try:
        for figure in section():
            print(row(figure), flush=True)
    except Exception as error:
        message = " ".join(f"{type(error).__name__}: {error}".split())
        print(row(Figure(f"{name}: ERROR", None, "", message[:300])), flush=True)
        traceback.print_exc(file=sys.stderr)
        return False
    return True


def run_comparison(ref: str) -> bool:
    """Print the before/after table (build/bench/baseline.py); False (and an ERROR line) when it raised."""
    try:
        for line in compare(ref):
            print(line, flush=True)
    except Exception as error:
        message = " ".join(f"{type(error).__name__}: {error}".split())
        print(f"before/after: ERROR {message[:300]}", flush=True)
        traceback.print_exc(file=sys.stderr)
        return False
    return True


def main() -> int:
    # Turn SIGTERM into SystemExit so the `finally` blocks stop every server this run started.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    started = time.perf_counter()
    ref = os.environ.get("BASELINE", "").strip()
    picked = chosen(os.environ.get("ONLY", ""))
    print(machine())
    print()
    broken = [] if not ref or run_comparison(ref) else ["before/after"]
    if ref:
        print()
    print(header(), flush=True)
    sections = [(name, section) for name, section in picked if not (ref and name in COMPARED)]
    broken += [name for name, section in sections if not run_section(name, section)]
    print()
    print(f"total {time.perf_counter() - started:.1f} s", end="")
    print(f"; broken sections: {', '.join(broken)}" if broken else "; all sections ran")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
