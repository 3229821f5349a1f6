"""`python -m trackers`: the command line (see trackers.services.cli)."""

from __future__ import annotations

from trackers.services.cli import main

raise SystemExit(main())
