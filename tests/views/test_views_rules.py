"""The Rules search as a player types: results at every keystroke, typos and players' words included."""

from __future__ import annotations

import trackers  # noqa: F401
from rules_ref import reference
from tests.views.harness import FakePage, open_page, run, settle
from trackers.services.storage import Store
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
        assert page.identified("section-title") == "Obstacles and barricades"

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


def test_the_rules_tab_opened_from_a_game_searches_that_game_first(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.change("nav", 1, prop="selected_index")
        assert page.has("chosen-rules-pack-all"), "with no game open, every game is searched"
        await page.change("nav", 0, prop="selected_index")
        await page.fire("new-game")
        await page.fire("pick-hope-city")
        await page.fire("start-game")
        await page.change("nav", 1, prop="selected_index")
        assert page.has("chosen-rules-pack-hope-city")
        await page.change("rules-search", "round")
        assert hits(page) and all(hit.startswith("hope-city/") for hit in hits(page)), hits(page)
        await page.fire("rules-pack-all")  # the player can still search every game
        assert any(hit.startswith("blackout-hk/") for hit in hits(page)), hits(page)
        await page.change("nav", 0, prop="selected_index")
        await page.change("nav", 1, prop="selected_index")
        assert page.has("chosen-rules-pack-all"), "the player's choice holds while the game is open"

    run(go())


def test_a_rule_opened_from_a_game_goes_back_to_that_games_search(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.fire("new-game")
        await page.fire("pick-scorepad")
        await page.fire("start-game")
        await page.fire("game-rules")
        await page.fire("rules-back")
        assert page.has("chosen-rules-pack-scorepad")
        assert page.has("browse-scorepad/overview") and not page.has("browse-lantern/start")

    run(go())


def test_results_name_the_section_and_its_game_not_the_id(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.change("nav", 1, prop="selected_index")
        ids = {s.id for s in reference().sections()}
        assert page.find("browse-blackout-hk/overview").subtitle.value == "Blackout: Hong Kong"
        assert page.find("browse-lantern/undo").subtitle.value == "Using Lantern"
        overview = page.find("browse-ashes/overview")
        assert overview.title.value == "ASHES: Blackout Protocol" and overview.subtitle is None, "said once"
        assert not ids & set(page.texts()), "no section id on the list"
        await page.change("rules-search", "wage bag")
        hit = page.find("hit-hope-city/wage")
        assert hit.title.value == "The wage bag and the wage"
        assert hit.subtitle.controls[0].value == "Hope City"
        assert not ids & set(page.texts()), "no section id among the results"
        await page.fire("hit-hope-city/wage")
        assert page.identified("section-title") == "The wage bag and the wage"
        assert page.identified("section-game") == "Hope City"
        assert not ids & set(page.texts()), "no section id on the section"

    run(go())


def test_the_search_field_is_never_rewritten_while_a_player_types(store: Store) -> None:
    """A keystroke can reach the field before the screen re-rendered for the one before: that render must
    not send the older text back (the field would lose the newer letters, and the results follow it)."""

    async def go() -> None:
        page = await open_page(start, store)
        await page.change("nav", 1, prop="selected_index")
        field = page.find("rules-search")
        page.session.apply_patch(field._i, {"value": "und"})
        await page.session.dispatch_event(field._i, "change", "und")
        page.session.apply_patch(field._i, {"value": "undo"})  # typed before the render for "und"
        await settle()
        assert page.find("rules-search").value == "undo"
        await page.session.dispatch_event(field._i, "change", "undo")
        await settle()
        assert page.find("rules-search").value == "undo"
        assert hits(page)[0] == "lantern/undo"
        await page.fire("hit-lantern/undo")
        await page.fire("rules-back")
        assert page.find("rules-search").value == "undo", "back to the search it came from"

    run(go())
