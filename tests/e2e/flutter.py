"""How the browser tests talk to Flutter's semantics tree, the way a person would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

# Debian's Chromium, headless on a machine with no network: background services would only fail.
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def ident(page: Any, name: str) -> Any:
    """The node a view tagged with this semantics identifier."""
    return page.locator(f'[flt-semantics-identifier="{name}"]')


def type_into(page: Any, field: Any, text: str) -> None:
    """Focus a text field, then type at a person's pace.

    Flutter attaches its text editing to a field only once it has focus; a value set in one go
    (Playwright's fill) right after another field's can be lost before it reaches the app.
    """
    field.click()
    page.wait_for_timeout(250)
    page.keyboard.press("Control+A")
    page.keyboard.type(text)
    page.wait_for_timeout(250)
