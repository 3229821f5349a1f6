"""Hypothesis explores new examples on developer machines but replays the same ones in CI.

A CI run must not turn red by the luck of the draw: with CI set, examples are derived from each
test's name (derandomize), so a red CI run is the same failure on any machine. No example has a deadline:
tests never assert timings (`make bench` measures them), and a busy machine must not fail a test.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("dev", deadline=None)
settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
