"""Where the saved games live: Flet's folder, then LANTERN_DATA, then the platform's user folder."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from trackers.services.datadir import data_dir, database_path


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("FLET_APP_STORAGE_DATA", "LANTERN_DATA", "XDG_DATA_HOME", "APPDATA"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def test_flet_storage_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    monkeypatch.setenv("LANTERN_DATA", str(tmp_path / "lantern"))
    assert data_dir() == tmp_path / "flet"
    assert (tmp_path / "flet").is_dir()


def test_lantern_data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("LANTERN_DATA", str(tmp_path / "a" / "b"))
    assert database_path() == tmp_path / "a" / "b" / "lantern.sqlite3"
    assert (tmp_path / "a" / "b").is_dir()


def test_linux_default_and_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "lantern"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "lantern"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/is/ignored")
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "lantern"


def test_macos_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    assert data_dir() == tmp_path / "home" / "Library" / "Application Support" / "lantern"


def test_windows_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    assert data_dir() == tmp_path / "roaming" / "lantern"
