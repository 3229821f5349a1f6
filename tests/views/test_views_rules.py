"""The Rules search as a player types: results at every keystroke, typos and players' words included."""

from __future__ import annotations

import trackers  # noqa: F401
from tests.views.harness import FakePage, open_page, run
from trackers.storage import Store
from views.app import start


def hits(page: FakePage) -> list[str]:
    """The section ids of the results on screen, top first."""
    return [key.removeprefix("hit-") for c in page.controls() if (key := str(c.key or "")).startswith("hit-")]


async def type_in(page: FakePage, text: str) -> list[list[str]]:
    """Type `text` one character at a time; the results shown after each keystroke."""
    shown = []
    for end in range(1, len(text) + 1):
        await page.change("rules-search", text[:end])
        shown.append(hits(page))
    return shown


def test_results_follow_every_keystroke_through_a_typo(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.change("nav", 1, prop="selected_index")
        await page.fire("rules-pack-unsettled")
        shown = await type_in(page, "barricde")
        assert all(shown), "every keystroke shows results"
        assert all("unsettled/obstacles" in found[:3] for found in shown[3:]), shown  # from "barr" on
        assert "“barricde”" in page.identified("rules-corrected")
        assert "“barricade”" in page.identified("rules-corrected")
        await page.change("rules-search", "barricade")
        assert not page.has("rules-corrected")
        await page.fire("hit-unsettled/obstacles")
        assert "unsettled/obstacles" in page.texts()

    run(go())


def test_a_question_in_the_players_words_finds_its_rule(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.change("nav", 1, prop="selected_index")
        await page.fire("rules-pack-ashes")
        shown = await type_in(page, "how many survivors can the truck carry")
        assert "ashes/protocols/move" in shown[-1][:3], shown[-1]
        assert not page.has("rules-corrected")
        await page.change("rules-search", "zzzzqqq")
        assert "Nothing matches" in page.identified("rules-empty")
        assert not page.has("rules-corrected")

    run(go())
