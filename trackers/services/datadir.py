"""Where Lantern keeps its saved games: the folder Flet gives a packaged app, else a per-user folder.

`LANTERN_DATA` lets tests, the CLI and a desktop run point at a folder of their choice.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DATABASE_NAME = "lantern.sqlite3"


def data_dir() -> Path:
    """The data folder, created if missing."""
    chosen = os.environ.get("FLET_APP_STORAGE_DATA") or os.environ.get("LANTERN_DATA")
    path = Path(chosen) if chosen else _user_data_root() / "lantern"
    path.mkdir(parents=True, exist_ok=True)
    return path


def database_path() -> Path:
    return data_dir() / DATABASE_NAME


def _user_data_root() -> Path:
    home = Path.home()
    if sys.platform == "win32":
        appdata = os.environ.get("APPDATA")
        return Path(appdata) if appdata else home / "AppData" / "Roaming"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support"
    xdg = os.environ.get("XDG_DATA_HOME")
    # The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
    return Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
