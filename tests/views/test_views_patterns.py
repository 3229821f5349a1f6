"""The shell's screen patterns without a browser: the refusal bar, a scroll view per screen, a rule over the
game, fields that keep what was typed, 48 px targets, and entries shown blocked with their reason."""

from __future__ import annotations

from typing import Any

import flet as ft

import trackers  # noqa: F401
from tests.views.harness import FakePage, open_page, run, settle
from trackers.services.storage import Store
from views.app import start
from views.widgets import TALL_BUTTON, TOUCH, action_button, chip_row, icon_action, tally_tap


async def _score_pad(page: FakePage, players: int = 2) -> None:
    await page.fire("new-game")
    await page.fire("pick-scorepad")
    for _ in range(players - 2):
        await page.fire("players-more")
    await page.fire("start-game")


def _views(page: FakePage) -> list[ft.View]:
    return [c for c in page.controls() if isinstance(c, ft.View)]


def _screen(page: FakePage, view: int = 0) -> str:
    """The key of a view's scroll area: which screen it shows."""
    area = _views(page)[view].controls[0]
    assert isinstance(area, ft.Column) and area.scroll == ft.ScrollMode.AUTO
    return str(area.key)


def test_a_refusal_is_pinned_below_the_screen_and_read_out(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _score_pad(page, players=8)
        await page.fire("quick-7--1")
        view = _views(page)[0]
        bar = getattr(view.controls[-1], "_b", None)  # the NoticeBar component's body
        assert getattr(bar, "key", None) == "notice", "the bar is the view's last part, outside the scroll"
        assert _screen(page) == "screen-game-" + store.list_games()[0].id
        message = next(
            c for c in page.controls() if isinstance(c, ft.Semantics) and c.identifier == "notice-message"
        )
        assert message.live_region
        assert page.identified("notice-message") == "Player 8 has 0 points; taking 1 would go below zero."
        assert page.has("notice-rule") and page.has("notice-dismiss")
        await page.fire("quick-0-5")  # the next entry takes it away
        assert not page.has("notice")

    run(go())


def test_the_same_refusal_again_is_said_again(store: Store) -> None:
    """A refused tap tried twice must not look as if nothing happened: the bar counts it, and its message is
    a new live node, which a screen reader reads out again."""

    def message_key(page: FakePage) -> str:
        node = next(
            c for c in page.controls() if isinstance(c, ft.Semantics) and c.identifier == "notice-message"
        )
        return str(node.key)

    async def go() -> None:
        page = await open_page(start, store)
        await _score_pad(page, players=8)
        await page.fire("quick-7--1")
        assert page.identified("notice-title") == "Refused"
        first = message_key(page)
        await page.fire("quick-7--1")
        assert page.identified("notice-title") == "Refused again (2×)"
        assert page.identified("notice-message") == "Player 8 has 0 points; taking 1 would go below zero."
        assert message_key(page) != first
        await page.fire("quick-7--1")
        assert page.identified("notice-title") == "Refused again (3×)"
        await page.fire("quick-6--1")  # another refusal: counted from one
        assert page.identified("notice-title") == "Refused"
        assert page.identified("notice-message") == "Player 7 has 0 points; taking 1 would go below zero."
        await page.fire("quick-0-5")
        assert not page.has("notice")
        await page.fire("quick-6--1")  # the first again after an entry: new, not a repeat
        assert page.identified("notice-title") == "Refused"

    run(go())


def test_each_screen_has_a_scroll_view_of_its_own(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        seen = [_screen(page)]
        await page.fire("new-game")
        seen.append(_screen(page))
        await page.fire("pick-scorepad")
        await page.fire("players-more")
        assert _screen(page) == seen[-1], "a change within a screen keeps its scroll"
        await page.fire("start-game")
        seen.append(_screen(page))
        await page.change("nav", 1, prop="selected_index")
        seen.append(_screen(page))
        await page.fire("browse-scorepad/overview")
        seen.append(_screen(page))
        await page.change("nav", 2, prop="selected_index")
        seen.append(_screen(page))
        assert len(set(seen)) == len(seen), seen

    run(go())


def test_a_rule_opened_from_the_game_shows_over_it_and_back_keeps_the_form(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _score_pad(page)
        await page.change("points-1", "17")
        game_area = _views(page)[0].controls[0]._i
        await page.fire("game-rules")
        assert len(_views(page)) == 2, "the rule is a view over the game"
        assert _views(page)[0].controls[0]._i == game_area, "the game stays mounted under it"
        assert _screen(page, 1) == "screen-rule-scorepad/overview"
        see_also = sorted(k for k in page.all_keys() if k.startswith("see-"))
        await page.fire(see_also[0])
        assert _screen(page, 1) == f"screen-rule-{see_also[0].removeprefix('see-')}"
        await page.fire("back-to-game")
        assert len(_views(page)) == 1
        assert page.find("points-1").value == "17"
        await page.fire("add-1")
        assert page.identified("score-1") == "17"

    run(go())


def test_the_rules_tab_from_a_rule_over_the_game_leaves_the_game(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _score_pad(page)
        await page.fire("game-rules")
        await page.change("rule-nav", 0, prop="selected_index")  # Games: back to the game
        assert len(_views(page)) == 1 and page.has("quick-0-5")
        await page.fire("game-rules")
        await page.change("rule-nav", 1, prop="selected_index")  # Rules: the Rules tab itself
        assert len(_views(page)) == 1 and page.identified("section-title") == "Score pad"

    run(go())


def test_typed_points_survive_other_rows_re_rendering(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _score_pad(page)
        await page.change("points-0", "7")
        sent = page.session.connection.sent  # type: ignore[attr-defined]
        await page.fire("quick-1-5")  # every row re-renders with the new scores
        assert page.find("points-0").value == "7"
        assert page.session.connection.sent > sent  # type: ignore[attr-defined]
        await page.fire("add-0")
        assert page.identified("score-0") == "7"
        assert page.find("points-0").value == "", "an added entry clears its field"

    run(go())


def test_typed_names_and_numbers_survive_folding_the_options(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.fire("new-game")
        await page.fire("pick-unsettled")
        await page.change("player-name-0", "Ann")
        await page.change("seed", "42")
        await page.fire("show-options")
        await page.change("option-die_sides", "8")
        await page.fire("show-options")
        await page.fire("show-options")
        assert page.find("player-name-0").value == "Ann"
        assert page.find("seed").value == "42"
        assert page.find("option-die_sides").value == "8"
        await page.fire("players-more")
        assert page.find("player-name-0").value == "Ann"
        assert page.find("player-name-2").value == "Player 3"
        await page.fire("start-game")
        game = store.list_games()[0]
        assert game.players[0] == "Ann"

    run(go())


def _tappable(page: FakePage) -> list[Any]:
    kinds = (ft.FilledButton, ft.OutlinedButton, ft.TextButton, ft.IconButton, ft.Switch, ft.SegmentedButton)
    return [c for c in page.controls() if isinstance(c, kinds)]


def _too_small(page: FakePage) -> list[str]:
    """Tappable controls not built to reach 48 px on every user agent (the browser test measures them)."""
    small = []
    for control in _tappable(page):
        if isinstance(control, ft.IconButton):
            ok = control.width == control.height == TOUCH
        elif isinstance(control, ft.Switch):
            ok = isinstance(control.parent, ft.Row) and isinstance(control.parent.parent, ft.Container)
        elif isinstance(control, ft.SegmentedButton):
            ok = False  # its segments keep a desktop browser's 32 px
        else:
            ok = control.style is TALL_BUTTON
        if not ok:
            small.append(f"{type(control).__name__} {getattr(control, 'key', None)}")
    return small


def test_targets_and_long_labels_on_the_shell_screens(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        problems = _too_small(page)
        await page.fire("new-game")
        for game in ("scorepad", "unsettled", "ashes"):
            await page.fire(f"pick-{game}")
            if page.has("show-options") and "tap to see them" in str(page.find("show-options").content):
                await page.fire("show-options")
            problems += _too_small(page)
            switches = [c for c in page.controls() if isinstance(c, ft.Switch)]
            assert all(c.label is None for c in switches), "a switch's label is a Text that wraps"
            rows = [c.parent for c in switches]
            assert all(isinstance(r, ft.Row) and isinstance(r.controls[0], ft.Text) for r in rows)
        await page.fire("pick-scorepad")
        await page.fire("start-game")
        await page.fire("quick-0--1")
        problems += _too_small(page)
        await page.fire("notice-rule")
        problems += _too_small(page)
        await page.fire("back-to-game")
        await page.change("nav", 2, prop="selected_index")
        problems += _too_small(page)
        assert problems == []

    run(go())


def test_a_tally_button_takes_a_finger_through_its_tap_area_and_the_keyboard_through_its_button(
    store: Store,
) -> None:
    """A score's +1 has no ripple for a finger (`tally_tap`), yet stays a button for the keyboard and screen
    readers: both paths send the same entry, once."""

    async def go() -> None:
        page = await open_page(start, store)
        await _score_pad(page)
        area = page.find("quick-0-1")
        assert isinstance(area, ft.Container) and area.ink is False and area.on_click is not None
        shield = area.content
        assert isinstance(shield, ft.Container) and shield.ignore_interactions, "the button takes no pointer"
        button = shield.content
        assert isinstance(button, ft.OutlinedButton) and button.content == "+1"
        assert button.style == TALL_BUTTON and button.on_click is not None
        await page.fire("quick-0-1")  # a finger
        assert page.identified("score-0") == "1"
        await page.session.dispatch_event(button._i, "click", None)  # Enter on the focused button
        await settle()
        assert page.identified("score-0") == "2"

    run(go())


def test_a_closed_tally_button_takes_no_tap() -> None:
    shut = tally_tap(ft.IconButton(ft.Icons.ADD, disabled=True), lambda: None, key="k", disabled=True)
    assert isinstance(shut, ft.MergeSemantics)
    area = shut.content
    assert isinstance(area, ft.Container) and area.disabled and area.on_click is None


def _inside(control: Any) -> list[Any]:
    """`control` and every control in its `content`, outermost first."""
    return (
        [control, *_inside(control.content)]
        if isinstance(getattr(control, "content", None), ft.Control)
        else [control]
    )


def test_a_button_is_one_control_to_a_screen_reader_named_once() -> None:
    """The tap area a tally button takes a finger through, the button and the node tagged with its key are one
    node to a screen reader (merged), and its name is given once: a label and a tooltip both would be said
    twice ("Undo Undo"), and a tap area round a button would be a control inside a control."""
    for tally in (False, True):
        for closed in (False, True):
            icon = icon_action(ft.Icons.UNDO, "Undo", lambda: None, key="undo", disabled=closed, tally=tally)
            assert isinstance(icon, ft.MergeSemantics), (tally, closed)
            parts = _inside(icon)
            names = [p.label for p in parts if isinstance(p, ft.Semantics) and p.label]
            names += [p.tooltip for p in parts if isinstance(p, ft.IconButton) and p.tooltip]
            assert names == ["Undo"], (tally, closed, names)
            tag = [p for p in parts if isinstance(p, ft.Semantics) and p.identifier == "undo"]
            assert len(tag) == 1 and tag[0].disabled == closed, "a Semantics says enabled unless disabled"
    plus = action_button("+1", lambda: None, key="plus", tally=True)
    assert isinstance(plus, ft.MergeSemantics) and isinstance(plus.content, ft.Container)
    assert plus.content.key == "plus" and plus.content.ink is False


def test_an_entry_not_open_now_is_disabled_with_its_reason(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _score_pad(page)
        assert not page.find("end-round").disabled and not page.has("end-round-blocked")
        await page.fire("end-game")
        for key in ("end-round", "draw-first", "end-game"):
            assert page.find(key).disabled
            assert page.identified(f"{key}-blocked") == "The game is over. Undo to reopen it."
        await page.fire("undo")
        assert not page.find("end-round").disabled and not page.has("end-round-blocked")

    run(go())


def test_an_ashes_screen_of_its_own_opens_at_its_top(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await page.fire("new-game")
        await page.fire("pick-ashes")
        await page.fire("start-game")
        area = _views(page)[0].controls[0]
        assert page.scrolled_to_top() == []
        await page.fire("ashes-view-seat-1")
        assert page.scrolled_to_top() == [area._i]
        await page.fire("ashes-view-seat-1")
        assert page.scrolled_to_top() == [area._i], "the same screen again stays where it is"

    run(go())


def test_a_choice_not_open_now_is_a_disabled_chip_beside_the_others() -> None:
    picked: list[str] = []
    row = chip_row([("a", "A"), ("b", "B")], None, picked.append, key="row", off={"b"})
    assert isinstance(row, ft.Semantics) and isinstance(row.content, ft.Row)
    chips = {str(c.key): c for c in row.content.controls}
    assert not chips["row-a"].disabled and chips["row-b"].disabled
