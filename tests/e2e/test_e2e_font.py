"""The bundled font (assets/fonts/DejaVuSans.ttf, set in views/app.py): an arrow, the multiplication sign
and a black circle are drawn as themselves in the browser, offline.

Flutter's own offline font has no arrow and no circle: a missing glyph is drawn as the same empty box
whatever the character, so the three would come out alike. Each is searched for on the Rules tab and
its "Nothing matches" line photographed: the three photographs must differ from one another, while
the same text photographed twice is the same to the byte (so a difference is the glyph, not noise).
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.e2e.flutter import ident, type_into

GLYPHS = ("→", "×", "●")


def _photo(page: Any, text: str) -> bytes:
    type_into(page, page.get_by_role("textbox", name="Search the rules"), text)
    line = ident(page, "rules-empty")
    expect(line).to_have_text(f"Nothing matches {text!r}.")
    page.wait_for_timeout(1000)  # the canvas paints after the semantics tree changes
    return bytes(page.screenshot(clip=line.bounding_box()))


def test_arrows_and_symbols_are_drawn_with_the_bundled_font(page: Any) -> None:
    page.get_by_role("tab", name="Rules").click()
    photos = {glyph: _photo(page, glyph) for glyph in GLYPHS}
    assert _photo(page, GLYPHS[0]) == photos[GLYPHS[0]]
    drawn_alike = [glyph for glyph in GLYPHS if list(photos.values()).count(photos[glyph]) > 1]
    assert drawn_alike == []
    loaded = page.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name)")
    assert any(name.endswith("/fonts/DejaVuSans.ttf") for name in loaded)
