"""An Infamous Traffic's board editor without a browser: a small China board entered from the physical map
region by region, saved as a board pack, picked and used to start the game; what is still missing shown
as it is entered, Save refused with its reason until the board is whole, a saved name not overwritten
unless asked, and the entry kept across folding and a trip to a rule."""

from __future__ import annotations

import json
from typing import Any

import flet as ft

import trackers  # noqa: F401
from tests.infamous_traffic.boards import BARE_BOARD, TEST_BOARD
from tests.views.harness import FakePage, open_page, run
from trackers.core.packs import Pack
from trackers.infamous_traffic.board import RULEBOOK_CHINA, board_from
from trackers.infamous_traffic.state import InfamousTrafficState
from trackers.services.storage import Store
from views.app import start
from views.games.infamous_traffic.board_editor.data import (
    ChainDraft,
    RegionDraft,
    add_chain,
    draft_values,
    flip_border,
    pack_data,
    remove_chain,
    remove_region,
    start_values,
)

KIND = "infamous-traffic.board"
SMALL_BOARD: dict[str, Any] = {
    "name": "My China board",
    "regions": [
        {"name": "Canton", "enforcement": "canton", "coastal": True, "adjacent": ["Shanghai", "Hill"]},
        {"name": "Shanghai", "enforcement": "city", "coastal": True, "adjacent": ["Canton"]},
        {"name": "Hill", "enforcement": "mountain", "coastal": False, "adjacent": ["Canton"]},
    ],
    "chains": [
        {"id": "canton-1", "region": "Canton", "spaces": ["ship", "blank"], "toward": None},
        {"id": "canton-2", "region": "Canton", "spaces": ["ship", "opium", "blank"], "toward": None},
        {"id": "shanghai-1", "region": "Shanghai", "spaces": ["ship", "blank"], "toward": None},
        {"id": "shanghai-2", "region": "Shanghai", "spaces": ["ship", "blank"], "toward": None},
        {"id": "hill-1", "region": "Hill", "spaces": ["opium", "blank"], "toward": "canton-2"},
    ],
    "outrage": {"spaces": 12, "red": {"10": 1, "11": 2}, "arrows": [6]},
}
"""What the taps in `_enter_small_board` make: red spaces 11 and 12 and the arrow on 7, counted from 1."""


def _state(store: Store) -> InfamousTrafficState:
    state = store.open_game(store.list_games()[0].id).session.state
    assert isinstance(state, InfamousTrafficState)
    return state


async def _new_game(page: FakePage) -> None:
    await page.fire("new-game")
    await page.fire("pick-infamous-traffic")
    await page.change("seed", "7")
    await page.fire("start-game")


async def _chain(page: FakePage, cid: str, spaces: str, toward: str = "") -> None:
    await page.fire("it-ed-add-chain")
    for space in spaces.split():
        await page.fire(f"it-ed-{cid}-spaces-{space}")
    if toward:
        await page.fire(f"it-ed-{cid}-toward-{toward}")


UNNAMED_ON_SMALL = ("Changsha", "Wuchang", "Wenzhou")
"""The regions the rulebook names that the small board leaves out."""
SMALL_ASK = (
    "The rulebook's China has 7 regions in 4 areas (Fish, Wave, Temple, Mountains); this board has 3; the "
    "rulebook names Changsha, Wuchang and Wenzhou as regions of China, which this board lacks. Tap Save "
    "again to save it as it is."
)


def _shows(page: FakePage, identifier: str) -> bool:
    """Whether a read-out tagged `identifier` is on the screen."""
    try:
        page.identified(identifier)
    except LookupError:
        return False
    return True


async def _remove_region(page: FakePage, name: str) -> None:
    """A region with nothing entered yet: one tap on Remove."""
    await page.fire(f"it-ed-region-{name}")
    await page.fire("it-ed-remove-region")
    assert not page.has(f"it-ed-region-{name}")


async def _enter_small_board(page: FakePage, last_shanghai: str = "ship blank") -> int:
    """Every tap of the small board, typing aside; returns how many taps it took."""
    taps = 0
    fire = page.fire

    async def tap(key: str) -> None:
        nonlocal taps
        taps += 1
        await fire(key)

    page.fire = tap  # type: ignore[method-assign,assignment]  # every tap counted
    try:
        await page.fire("it-board-editor")
        for name in UNNAMED_ON_SMALL:
            await _remove_region(page, name)
        await page.change("it-ed-new-region", "Hill")
        await page.fire("it-ed-add-region")
        await page.fire("it-ed-enforcement-mountain")
        await page.fire("it-ed-coastal-no")
        await page.fire("it-ed-neighbours-Canton")
        await _chain(page, "hill-1", "opium blank")  # toward a chain not entered yet: later
        await page.fire("it-ed-region-Canton")
        assert isinstance(page.find("it-ed-enforcement-canton"), ft.FilledButton), "the Canton tile: in"
        await page.fire("it-ed-coastal-yes")
        await page.fire("it-ed-neighbours-Shanghai")
        await _chain(page, "canton-1", "ship blank")
        await _chain(page, "canton-2", "ship opium blank")
        await page.fire("it-ed-region-Shanghai")
        await page.fire("it-ed-enforcement-city")
        await page.fire("it-ed-coastal-yes")
        await _chain(page, "shanghai-1", "ship blank")
        await _chain(page, "shanghai-2", last_shanghai)
        await page.fire("it-ed-region-Hill")
        await page.fire("it-ed-hill-1-toward-canton-2")
        await page.fire("it-ed-outrage-quick-10")
        await page.fire("it-ed-outrage-plus")
        await page.fire("it-ed-outrage-plus")
        await page.fire("it-ed-red-at-11")
        await page.fire("it-ed-red-war-1")  # then space 12 is picked
        await page.fire("it-ed-red-war-2")
        await page.fire("it-ed-arrows-7")
    finally:
        page.fire = fire  # type: ignore[method-assign]
    return taps


def test_a_board_entered_from_the_map_is_saved_picked_and_starts_the_game(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_game(page)
        assert not page.has("it-ed-save"), "folded until asked for"
        taps = await _enter_small_board(page)
        assert taps == 42, "37 before: 6 to take out the three regions it lacks, Canton's tile one fewer"
        assert page.identified("it-ed-region-about") == (
            "Hill: Mountain; inland; borders Canton; 1 chain(s)."
        )
        assert page.identified("it-ed-red") == "Red spaces: 11 (war 1), 12 (war 2)."
        assert page.identified("it-ed-problems") == "Ready to save: 3 regions, 5 chains."
        assert not page.has("it-ed-save-blocked")
        await page.fire("it-ed-save")
        assert page.identified("it-ed-save-ask") == SMALL_ASK
        assert store.list_packs(KIND) == [], "not the rulebook's China: the first tap only asks"
        await page.fire("it-ed-save")
        packs = store.list_packs(KIND)
        assert [p.name for p in packs] == ["My China board"]
        assert dict(packs[0].data) == SMALL_BOARD
        assert board_from(json.dumps(SMALL_BOARD)).chain("hill-1").toward == "canton-2"
        assert not page.has("it-ed-save"), "saved: the editor folds away"
        assert isinstance(page.find("it-board-pack-My China board"), ft.FilledButton), "and it is picked"
        assert page.identified("it-board-about").startswith("3 regions, 5 chains, outrage track of 12")
        for _ in range(3):
            await page.fire("it-board-dice-quick-10")
        await page.fire("it-use-board")
        state = _state(store)
        assert state.stage == "starts"
        assert state.board is not None and [r.name for r in state.board.regions] == [
            "Canton",
            "Shanghai",
            "Hill",
        ]
        assert state.chain("canton-1").tiles[1] is not None, "the set-up's Bureaucrat on the leftmost blank"

    run(go())


def test_what_is_missing_is_shown_and_save_waits_with_the_reason(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_game(page)
        await page.fire("it-board-editor")
        assert page.identified("it-ed-problems") == "Still to enter: add each region's supply chains."
        assert page.find("it-ed-save").disabled
        assert page.identified("it-ed-save-blocked") == "Not yet: add each region's supply chains."
        await page.fire("it-ed-add-chain")
        assert page.identified("it-ed-problems") == (
            "Still to enter: Canton: on the coast, yes or no?; Shanghai: pick the Enforcement tile that hits "
            "it; Shanghai: on the coast, yes or no? (and 8 more)."
        ), "Canton's Enforcement tile is in from the start"
        await page.fire("it-ed-canton-1-remove")
        await page.change("it-ed-new-region", "canton")
        await page.fire("it-ed-add-region")
        assert page.identified("it-ed-add-region-why") == "Canton is already on the board."
        assert page.find("it-ed-new-region").value == "canton", "the typed name stays to be corrected"

        await page.fire("it-board-editor")  # fold: nothing entered is lost
        await page.fire("it-board-editor")
        assert page.find("it-ed-new-region").value == "canton"
        await _enter_rest(page)
        assert page.identified("it-ed-save-blocked") == (
            "Not yet: This China board cannot be set up: Shanghai's rightmost chain needs a blank space."
        ), "the set-up's own refusal once the pack itself is whole"
        await page.fire("it-ed-region-Shanghai")
        await page.fire("it-ed-shanghai-2-spaces-clear")
        await page.fire("it-ed-shanghai-2-spaces-ship")
        await page.fire("it-ed-shanghai-2-spaces-blank")
        assert not page.has("it-ed-save-blocked")

        await page.fire("it-rule-board")  # a trip to a rule keeps the entry
        await page.fire("back-to-game")
        assert page.identified("it-ed-problems") == "Ready to save: 3 regions, 5 chains."

        store.save_pack(Pack(KIND, "Table board", 1, SMALL_BOARD))
        await page.change("it-ed-name", "Table board")
        assert page.identified("it-ed-save-blocked") == (
            "A saved board is already called Table board: change the name, or replace that board."
        )
        await page.fire("it-ed-replace")
        await page.fire("it-ed-save")
        assert page.identified("it-ed-save-ask") == SMALL_ASK
        await page.fire("it-ed-save")
        assert [p.name for p in store.list_packs(KIND)] == ["Table board"]
        assert isinstance(page.find("it-board-pack-Table board"), ft.FilledButton)

    run(go())


async def _enter_rest(page: FakePage) -> None:
    """The small board, its last Shanghai chain without a blank space, after a first region was refused."""
    for name in UNNAMED_ON_SMALL:
        await _remove_region(page, name)
    await page.change("it-ed-new-region", "Hill")
    await page.fire("it-ed-add-region")
    assert not page.has("it-ed-add-region-why")
    await page.fire("it-ed-enforcement-mountain")
    await page.fire("it-ed-coastal-no")
    await page.fire("it-ed-neighbours-Canton")
    await _chain(page, "hill-1", "opium blank", toward="")
    await page.fire("it-ed-region-Canton")
    await page.fire("it-ed-enforcement-canton")
    await page.fire("it-ed-coastal-yes")
    await page.fire("it-ed-neighbours-Shanghai")
    await _chain(page, "canton-1", "ship blank")
    await _chain(page, "canton-2", "ship opium blank")
    await page.fire("it-ed-region-Shanghai")
    await page.fire("it-ed-enforcement-city")
    await page.fire("it-ed-coastal-yes")
    await _chain(page, "shanghai-1", "ship blank")
    await _chain(page, "shanghai-2", "ship")
    await page.fire("it-ed-region-Hill")
    assert page.identified("it-ed-save-blocked") == (
        "Not yet: chain hill-1: an interior chain (no ship space) must say which chain it leads toward."
    )
    await page.fire("it-ed-hill-1-toward-canton-2")
    await page.fire("it-ed-outrage-quick-10")
    await page.fire("it-ed-outrage-plus")
    await page.fire("it-ed-outrage-plus")
    await page.fire("it-ed-red-at-11")
    await page.fire("it-ed-red-war-1")


def test_borders_go_both_ways_and_chains_keep_their_place_in_the_id() -> None:
    regions: tuple[RegionDraft, ...] = (RegionDraft("Canton"), RegionDraft("Shanghai"), RegionDraft("Hill"))
    regions = flip_border(regions, "Canton", "Hill")
    assert [r.adjacent for r in regions] == [("Hill",), (), ("Canton",)]
    assert flip_border(regions, "Hill", "Canton") == tuple(RegionDraft(r.name) for r in regions)
    chains: tuple[ChainDraft, ...] = ()
    for region in ("Canton", "Hill", "Canton", "Canton"):
        chains = add_chain(chains, region)
    assert [c.id for c in chains] == ["canton-1", "hill-1", "canton-2", "canton-3"]
    chains = tuple(
        ChainDraft(c.id, c.region, ("opium",), "canton-3") if c.region == "Hill" else c for c in chains
    )
    chains = remove_chain(chains, "canton-1")
    assert [(c.id, c.toward) for c in chains] == [
        ("hill-1", "canton-2"),
        ("canton-1", None),
        ("canton-2", None),
    ]
    regions, chains = remove_region(regions, chains, "Canton")
    assert [r.name for r in regions] == ["Shanghai", "Hill"] and regions[1].adjacent == ()
    assert chains == (ChainDraft("hill-1", "Hill", ("opium",), None),)


def _normal(data: dict[str, Any]) -> dict[str, Any]:
    """A board's data with its regions and chains in name order (the editor keeps Canton and Shanghai
    first)."""
    return {
        **data,
        "regions": sorted(({**r, "adjacent": sorted(r["adjacent"])} for r in data["regions"]), key=str),
        "chains": sorted(data["chains"], key=lambda c: c["id"]),
    }


def _taps_to(now: int | None, target: int, low: int) -> list[str]:
    """The fewest taps of -, +, +5, +10 and -5 from `now` to `target` (a value not set starts at `low` on +
    or -, and counts from 0 on a quick chip)."""
    moves = {"minus": -1, "plus": 1, "quick-5": 5, "quick-10": 10, "quick--5": -5}
    paths: dict[int | None, list[str]] = {now: []}
    frontier: list[int | None] = [now]
    while target not in paths:
        following: list[int | None] = []
        for value in frontier:
            for move, delta in moves.items():
                base = low if value is None and move in ("minus", "plus") else (value or 0) + delta
                reached = max(low, min(999, base))
                if reached not in paths:
                    paths[reached] = [*paths[value], move]
                    following.append(reached)
        frontier = following
    return paths[target]


async def _enter_board(page: FakePage, board: dict[str, Any]) -> int:
    """The board's regions, chains and tracks entered as a table would, region by region; the taps counted."""
    taps = 0
    fire = page.fire

    async def tap(key: str) -> None:
        nonlocal taps
        taps += 1
        await fire(key)

    page.fire = tap  # type: ignore[method-assign,assignment]  # every tap counted
    try:
        await page.fire("it-board-editor")
        for name in RULEBOOK_CHINA.named:
            if name not in [r["name"] for r in board["regions"]]:
                await _remove_region(page, name)
        for region in board["regions"]:
            if region["name"] not in RULEBOOK_CHINA.named:
                await page.change("it-ed-new-region", region["name"])
                await page.fire("it-ed-add-region")
        bordered: set[frozenset[str]] = set()
        for region in board["regions"]:
            name = region["name"]
            if not isinstance(page.find(f"it-ed-region-{name}"), ft.FilledButton):
                await page.fire(f"it-ed-region-{name}")
            if not isinstance(page.find(f"it-ed-enforcement-{region['enforcement']}"), ft.FilledButton):
                await page.fire(f"it-ed-enforcement-{region['enforcement']}")
            await page.fire(f"it-ed-coastal-{'yes' if region['coastal'] else 'no'}")
            for other in region["adjacent"]:
                if frozenset((name, other)) not in bordered:
                    bordered.add(frozenset((name, other)))
                    await page.fire(f"it-ed-neighbours-{other}")
            for chain in board["chains"]:
                if chain["region"] == name:
                    await _chain(page, chain["id"], " ".join(chain["spaces"]), chain["toward"] or "")
        outrage = board["outrage"]
        for move in _taps_to(None, outrage["spaces"], 3):
            await page.fire(f"it-ed-outrage-{move}")
        picked = None
        for at, war in sorted((int(k) + 1, v) for k, v in outrage["red"].items()):
            if picked != at:
                await page.fire(f"it-ed-red-at-{at}")
            await page.fire(f"it-ed-red-war-{war}")
            picked = at + 1
        for arrow in outrage["arrows"]:
            await page.fire(f"it-ed-arrows-{arrow + 1}")
        if "debt" in board or "tile_limits" in board:
            await page.fire("it-ed-more")
        if debt := board.get("debt"):
            for move in _taps_to(None, debt["end"], 1):
                await page.fire(f"it-ed-debt-end-{move}")
            await _steps(page, "compound", debt["compound"].items(), 1)
            await _steps(page, "penalty", debt["penalty"].items(), 1)
        await _steps(page, "limits", board.get("tile_limits", []), 0)
    finally:
        page.fire = fire  # type: ignore[method-assign]
    return taps


async def _steps(page: FakePage, field: str, steps: Any, low: int) -> None:
    at: int | None = None
    for n, m in steps:
        for move in _taps_to(at, int(n), low):
            await page.fire(f"it-ed-{field}-at-{move}")
        at = int(n)
        await page.fire(f"it-ed-{field}-then-{m}")


def test_the_made_up_test_board_entered_whole_is_the_same_pack(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_game(page)
        taps = await _enter_board(page, TEST_BOARD)
        assert page.identified("it-ed-compound") == (
            "Debt compounds: from debt 3, take 1 more; from debt 6, take 2 more; from debt 10, take 3 more."
        )
        await page.change("it-ed-name", "Test board")
        await page.fire("it-ed-save")
        assert not _shows(page, "it-ed-save-ask"), "seven regions, the five the rulebook names among them"
        saved = store.list_packs(KIND)[0]
        assert saved.name == "Test board"
        assert _normal(dict(saved.data)) == _normal(TEST_BOARD)
        assert taps == 102, "74 for the map and the outrage track (78 before the rulebook's regions), 28 more"

    run(go())


def test_a_saved_board_back_in_the_editor_saves_as_it_was() -> None:
    for board in (SMALL_BOARD, TEST_BOARD, BARE_BOARD):
        data = {k: v for k, v in board.items() if k != "name"}
        values = {**start_values(), **draft_values(data)}
        assert _normal(pack_data(values)) == _normal(data), board["name"]
    assert draft_values(TEST_BOARD)["more"] and not draft_values(BARE_BOARD)["more"], "debt shown when there"


def test_a_saved_board_is_changed_in_a_few_taps_and_replaced(store: Store) -> None:
    store.save_pack(Pack(KIND, "My China board", 1, SMALL_BOARD))

    async def go() -> None:
        page = await open_page(start, store)
        await _new_game(page)
        await page.fire("it-board-editor")
        await page.fire("it-ed-load-My China board")
        assert page.find("it-ed-name").value == "My China board"
        assert page.identified("it-ed-problems") == "Ready to save: 3 regions, 5 chains."
        assert page.identified("it-ed-red") == "Red spaces: 11 (war 1), 12 (war 2)."
        await page.fire("it-ed-arrows-8")  # the arrow missed: four taps in all, not 42 again
        await page.fire("it-ed-save")
        assert page.identified("it-ed-save-ask") == SMALL_ASK
        await page.fire("it-ed-save")
        saved = store.list_packs(KIND)
        assert [p.name for p in saved] == ["My China board"], "replaced, not saved beside it"
        assert saved[0].data["outrage"]["arrows"] == [6, 7]
        assert {k: v for k, v in saved[0].data.items() if k != "outrage"} == {
            k: v for k, v in SMALL_BOARD.items() if k != "outrage"
        }

    run(go())


def test_a_board_half_entered_is_replaced_only_on_a_second_tap(store: Store) -> None:
    store.save_pack(Pack(KIND, "My China board", 1, SMALL_BOARD))

    async def go() -> None:
        page = await open_page(start, store)
        await _new_game(page)
        await page.fire("it-board-editor")
        await page.change("it-ed-new-region", "Lake")
        await page.fire("it-ed-add-region")
        await page.fire("it-ed-load-My China board")
        assert page.identified("it-ed-load-ask") == (
            "Tap My China board again to replace what is entered here with it."
        )
        assert page.has("it-ed-region-Lake"), "nothing replaced yet"
        await page.fire("it-ed-load-My China board")
        assert not page.has("it-ed-load-ask") and not page.has("it-ed-region-Lake")
        assert page.identified("it-ed-problems") == "Ready to save: 3 regions, 5 chains."

    run(go())


RULEBOOK_NOTE = (
    "The rulebook: China has 7 regions in 4 areas (Fish, Wave, Temple and Mountains), and it names Canton, "
    "Shanghai, Changsha, Wuchang and Wenzhou. {then} The Enforcement tiles name the areas Canton "
    "(fish icon), Mountain, Mid-Coast and City; the map's colours show each region's area."
)


def test_a_new_board_starts_from_what_the_rulebook_says_of_china() -> None:
    values = start_values()
    assert values["regions"] == (
        RegionDraft("Canton", "canton"),
        RegionDraft("Shanghai"),
        RegionDraft("Changsha"),
        RegionDraft("Wuchang"),
        RegionDraft("Wenzhou"),
    )
    assert [r["name"] for r in pack_data(values)["regions"]] == list(RULEBOOK_CHINA.named)


def test_a_new_board_opens_with_the_rulebooks_regions_and_asks_for_the_rest(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_game(page)
        await page.fire("it-board-editor")
        assert page.identified("it-ed-rulebook") == RULEBOOK_NOTE.format(
            then="5 here: add 2 more by the names your board prints."
        )
        for name in RULEBOOK_CHINA.named:
            assert page.has(f"it-ed-region-{name}")
        assert isinstance(page.find("it-ed-region-Canton"), ft.FilledButton), "Canton is entered first"
        assert isinstance(page.find("it-ed-enforcement-canton"), ft.FilledButton)
        assert (
            page.identified("it-ed-region-about")
            == "Canton: Canton; coast not said; no neighbours yet; 0 chain(s)."
        )
        assert page.identified("it-ed-region-setup") == (
            "The set-up puts here the Missionary, 2 demand dice, a Bureaucrat (2) on its leftmost chain's "
            "Blank space and a Smuggler (2) on its rightmost chain's Blank space."
        )
        await page.fire("it-ed-region-Shanghai")
        assert not isinstance(page.find("it-ed-enforcement-city"), ft.FilledButton), "not printed: asked"
        assert page.identified("it-ed-region-setup") == (
            "The set-up puts here a Bureaucrat (2) on its rightmost chain's Blank space."
        )
        await page.fire("it-ed-region-Wenzhou")
        assert not _shows(page, "it-ed-region-setup")
        await page.fire("it-ed-coastal-yes")
        await page.fire("it-ed-remove-region")
        assert page.has("it-ed-region-Wenzhou"), "something of it entered: the first tap only asks"
        assert page.find("it-ed-remove-region").content == "Tap again to remove Wenzhou and its 0 chain(s)"
        await page.fire("it-ed-remove-region")
        assert not page.has("it-ed-region-Wenzhou")
        await page.fire("it-ed-region-Wuchang")
        await page.fire("it-ed-remove-region")
        assert not page.has("it-ed-region-Wuchang"), "nothing of it entered: gone at once"
        assert page.identified("it-ed-rulebook") == RULEBOOK_NOTE.format(
            then="3 here: add 4 more by the names your board prints."
        )
        for name in ("Wenzhou", "Wuchang", "Hill", "Lake"):
            await page.change("it-ed-new-region", name)
            await page.fire("it-ed-add-region")
        assert page.identified("it-ed-rulebook") == RULEBOOK_NOTE.format(
            then="7 here, as many as the rulebook has."
        )

    run(go())


TWO_REGIONS: dict[str, Any] = {
    "name": "Two regions",
    "regions": [
        {"name": "Canton", "enforcement": "canton", "coastal": True, "adjacent": ["Shanghai"]},
        {"name": "Shanghai", "enforcement": "city", "coastal": True, "adjacent": ["Canton"]},
    ],
    "chains": [
        {"id": "canton-1", "region": "Canton", "spaces": ["ship", "blank"], "toward": None},
        {"id": "canton-2", "region": "Canton", "spaces": ["ship", "blank"], "toward": None},
        {"id": "shanghai-1", "region": "Shanghai", "spaces": ["ship", "blank"], "toward": None},
    ],
    "outrage": {"spaces": 12, "red": {"10": 1, "11": 2}, "arrows": [6]},
}
"""The smallest board the set-up takes: a test board, not the rulebook's China."""


def test_a_two_region_board_saves_on_a_second_tap_once_told_why(store: Store) -> None:
    async def go() -> None:
        page = await open_page(start, store)
        await _new_game(page)
        taps = await _enter_board(page, TWO_REGIONS)
        assert taps == 29, (
            "23 before: 6 take out the three named regions it lacks, 1 picks Canton again, 1 less"
        )
        assert page.identified("it-ed-rulebook") == RULEBOOK_NOTE.format(
            then="2 here: add 5 more by the names your board prints."
        )
        assert page.identified("it-ed-problems") == "Ready to save: 2 regions, 3 chains."
        await page.change("it-ed-name", "Two regions")
        await page.fire("it-ed-save")
        assert page.identified("it-ed-save-ask") == (
            "The rulebook's China has 7 regions in 4 areas (Fish, Wave, Temple, Mountains); this board has "
            "2; the rulebook names Changsha, Wuchang and Wenzhou as regions of China, which this board "
            "lacks. Tap Save again to save it as it is."
        )
        assert page.find("it-ed-save").content == "Tap again to save it anyway"
        assert store.list_packs(KIND) == []
        await page.change("it-ed-new-region", "Hill")  # the regions change: the question was about others
        await page.fire("it-ed-add-region")
        assert not _shows(page, "it-ed-save-ask")
        await page.fire("it-ed-remove-region")  # nothing of Hill entered: one tap
        assert _shows(page, "it-ed-save-ask"), "the same two regions as when asked"
        await page.fire("it-ed-save")
        saved = store.list_packs(KIND)
        assert [p.name for p in saved] == ["Two regions"] and dict(saved[0].data) == TWO_REGIONS

    run(go())
