"""`python -m trackers`: the command line (see trackers.cli)."""

from __future__ import annotations

from trackers.cli import main

raise SystemExit(main())
