"""The app starts without any game's engine, any game's screens or the charts: Home lists the games from
their cheap entries (trackers/core/registry.py), and the rest loads when a game opens or its results
show. Checked in a fresh interpreter, as a player's start is."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME_PACKAGES = ("ashes", "blackout_hk", "hope_city", "infamous_traffic", "scorepad", "unsettled")


def loaded_after(code: str) -> set[str]:
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.splitlines()[-1]))


def heavy(modules: set[str]) -> list[str]:
    """Game engines beyond their entry (the package's own module), game screens, and flet-charts."""
    games = "|".join(GAME_PACKAGES)
    engine = re.compile(rf"trackers\.({games})\.")
    return sorted(
        m
        for m in modules
        if engine.match(m) or m.startswith("views.games.") or m.split(".")[0] == "flet_charts"
    )


@pytest.mark.parametrize("start", ["import views.app", "import main", "import views.browser_storage"])
def test_the_app_starts_without_any_engine_screen_or_chart(start: str) -> None:
    modules = loaded_after(start)
    assert {f"trackers.{name}" for name in GAME_PACKAGES} <= modules  # every game's entry is there
    assert heavy(modules) == []


def test_a_game_asked_for_loads_its_own_engine_and_no_other() -> None:
    modules = loaded_after(
        "import trackers\nfrom trackers.core.registry import get_game\n"
        "from views.games import panel_for\nget_game('scorepad')\npanel_for('scorepad')"
    )
    assert {"trackers.scorepad.game", "views.games.scorepad.panel"} <= modules
    assert [m for m in heavy(modules) if "scorepad" not in m] == []


def test_a_pack_kind_asked_for_loads_the_engine_that_brings_it() -> None:
    modules = loaded_after(
        "import trackers\nfrom trackers.core.packs import pack_kind\nprint(pack_kind('unsettled.map').title)"
    )
    assert "trackers.unsettled.game" in modules
    assert [m for m in heavy(modules) if "unsettled" not in m] == []


def test_every_entry_names_its_engine_and_every_panel_is_found() -> None:
    import trackers  # noqa: F401  (registers every game's entry)
    from trackers.core.registry import entries, get_game
    from views.games import PANELS, panel_for

    for entry in entries():
        module = get_game(entry.id)
        assert (module.id, module.title) == (entry.id, entry.title)
        assert type(module).__module__ == entry.engine
    assert all(callable(panel_for(game_id)) for game_id in PANELS)
