"""ASHES before play and between rounds: the board's areas, the rival's components, starting combos, and
the round-setup steps. What a table enters once is remembered, so the next game needs one tap."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from functools import partial
from typing import Any

import flet as ft

from trackers.ashes import actions as aa
from trackers.ashes.queries import blocked, board_from_json, board_pack, emergence_plan, tiles_due
from trackers.ashes.state import (
    BOARD,
    RIVAL_DECK,
    SECTORS,
    TECH_SLOTS,
    AshesState,
    Seat,
    SetupKind,
)
from trackers.core.actions import Action
from trackers.core.packs import PackError
from trackers.core.wording import unit
from trackers.services.storage import StorageError
from views.forms import Form, form_stepper, rule_link, send_button, toggle
from views.model import AppModel, Notice
from views.packs import PackTransfer
from views.widgets import TOUCH, Entry, action_button, card, choice_row, heading, keyed, tagged

BOARD_SETTING = "ashes.quick_board"
RIVAL_SETTING = "ashes.rival"
SHELTER = "Shelter"
QUICK_DEFAULT: dict[str, Any] = {
    **{f"areas{s}": 0 for s in SECTORS},
    **{f"bags{s}": () for s in SECTORS},
    "top_fuel": None,
    "top_data": None,
    "top_strength": None,
    "turn_rewards": (),
    **{f"spaces{s}": 0 for s in SECTORS},
    "links": (),
    "red_lines": (),
    "touches": (),
}
"""`links` and `red_lines` hold "area|area" pairs (sorted), `touches` "space|area" pairs; construction spaces
are counted per sector and read "C<sector>-<place>"."""
TURN_SPACES = tuple((row, p) for row in ("Top", "Bottom") for p in (1, 2, 3, 4))
RIVAL_DEFAULT: dict[str, Any] = {
    "track_top": None,
    "direct_score": None,
    "shelter_discs": None,
    "upgrades": ("?",) * 10,
}
"""None and "?" mean "not entered yet": these come from the player's own components, never from a guess."""


def remembered(model: AppModel, key: str, default: dict[str, Any]) -> dict[str, Any]:
    """What the player entered last time (lists back to tuples), or the default when there is nothing."""
    try:
        saved = json.loads(model.store.get_setting(key, "{}"))
    except (ValueError, StorageError, sqlite3.Error):
        return dict(default)
    if not isinstance(saved, dict):
        return dict(default)
    values = {**default, **{k: v for k, v in saved.items() if k in default}}
    return {k: tuple(v) if isinstance(default[k], tuple) else v for k, v in values.items()}


def remember(model: AppModel, key: str, values: dict[str, Any]) -> None:
    try:
        model.store.set_setting(key, json.dumps(values))
    except (StorageError, sqlite3.Error) as exc:
        model.show_notice(Notice(f"Entered, but not remembered for the next game: {exc}", kind="error"))


def area_ids(values: Mapping[str, Any]) -> list[str]:
    """The quick form's areas: ids read "sector-place", top to bottom within a sector."""
    return [f"{s}-{i}" for s in SECTORS for i in range(1, int(values[f"areas{s}"]) + 1)]


def space_ids(values: Mapping[str, Any]) -> list[tuple[str, int]]:
    """The quick form's construction spaces with their sector: ids read "C<sector>-<place>"."""
    return [(f"C{s}-{i}", s) for s in SECTORS for i in range(1, int(values.get(f"spaces{s}", 0)) + 1)]


def pair(a: str, b: str) -> str:
    """Two places joined as the form keeps them, in sorted order."""
    return "|".join(sorted((a, b)))


def quick_layout(name: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """An `ashes.board` layout from the quick form: the areas and, when entered, which of them touch, the
    red lines and the construction spaces with the areas each touches. Pairs naming an area the counts no
    longer have are left out."""
    ids = area_ids(values)
    nodes = {SHELTER, *ids}
    links = [p.split("|") for p in values.get("links", ()) if set(p.split("|")) <= nodes]
    kept = {"|".join(link) for link in links}
    red = [p.split("|") for p in values.get("red_lines", ()) if p in kept]
    touches = [p.split("|") for p in values.get("touches", ())]
    spaces = [
        {
            "id": space,
            "sector": sector,
            "landmark": False,
            "areas": [a for s_, a in touches if s_ == space and a in ids],
        }
        for space, sector in space_ids(values)
    ]
    return {
        "name": name,
        "shelter": SHELTER,
        "areas": [
            {"id": f"{s}-{i}", "sector": s, "bag_icon": i in values[f"bags{s}"]}
            for s in SECTORS
            for i in range(1, int(values[f"areas{s}"]) + 1)
        ],
        "links": links,
        "red_lines": red,
        "construction_spaces": spaces,
    }


def _cycle_link(quick: Form, a: str, b: str) -> None:
    """Not touching, touching, touching across a red line, then not touching again."""
    link = pair(a, b)
    links, red = tuple(quick.now("links")), tuple(quick.now("red_lines"))
    if link not in links:
        quick.put("links", (*links, link))
    elif link not in red:
        quick.put("red_lines", (*red, link))
    else:
        quick.put_all(
            links=tuple(x for x in links if x != link), red_lines=tuple(x for x in red if x != link)
        )


def _link_label(quick: Form, a: str, b: str) -> str:
    link = pair(a, b)
    if link in quick["red_lines"]:
        return f"{b}: red line"
    return f"{b}: touches" if link in quick["links"] else b


def board_ways(quick: Form, pick: Form) -> list[ft.Control]:
    """Which areas touch (with red lines) and the construction spaces with the areas each touches, entered
    one place at a time: pick it, then tap its neighbours."""
    ids = area_ids(quick.latest.shown)
    nodes = [SHELTER, *ids]
    here = str(pick["from"])
    controls: list[ft.Control] = [
        ft.Text(
            "Pick an area, then tap each area it touches (tap again for a red line between them, a third "
            "time to clear)."
        ),
        choice_row(
            "Area:", [(n, n) for n in nodes], here or None, partial(pick.put, "from"), key="ways-from"
        ),
    ]
    if here in nodes:
        controls.append(
            ft.Row(
                [
                    action_button(
                        _link_label(quick, here, other),
                        partial(_cycle_link, quick, here, other),
                        key=f"ways-to-{other}",
                        primary=pair(here, other) in quick["links"],
                    )
                    for other in nodes
                    if other != here
                ],
                wrap=True,
                key="ways-to",
            )
        )
    controls += [
        form_stepper(quick, f"spaces{s}", f"Sector {s} construction spaces", key=f"board-spaces-{s}", high=12)
        for s in SECTORS
    ]
    spaces = [space for space, _ in space_ids(quick.latest.shown)]
    at = str(pick["space"])
    if spaces:
        controls.append(
            choice_row(
                "Construction space (then tap the areas it touches):",
                [(x, x) for x in spaces],
                at or None,
                partial(pick.put, "space"),
                key="space-at",
            )
        )
    if at in spaces:
        controls.append(
            ft.Row(
                [
                    toggle(
                        area,
                        f"{at}|{area}" in quick["touches"],
                        partial(quick.flip, "touches", f"{at}|{area}"),
                        key=f"space-touches-{area}",
                    )
                    for area in ids
                ],
                wrap=True,
                key="space-touches",
            )
        )
    layout = quick_layout("", quick.latest.shown)
    placed = sum(1 for x in layout["construction_spaces"] if x["areas"])
    controls.append(
        tagged(
            "board-ways",
            ft.Text(
                f"{len(layout['links'])} link(s), {len(layout['red_lines'])} red line(s), "
                f"{len(layout['construction_spaces'])} construction space(s), {placed} with their areas"
            ),
        )
    )
    return controls


def _tops(model: AppModel, values: dict[str, Any]) -> tuple[int, int, int] | None:
    tops = (values["top_fuel"], values["top_data"], values["top_strength"])
    if None in tops:
        model.refuse("Enter the top space of each production track first.", "ashes/setup/components")
        return None
    return (int(tops[0]), int(tops[1]), int(tops[2]))


def deck_size(data: Mapping[str, Any]) -> str:
    """A saved rival deck's size: "12 cards", "1 card"."""
    return f"{len(data['cards'])} {unit(len(data['cards']), 'cards')}"


@ft.component
def BoardCard(model: AppModel, state: AshesState) -> ft.Control:
    quick = Form(remembered(model, BOARD_SETTING, QUICK_DEFAULT))
    pick = Form({"open": False, "from": "", "space": ""})
    name = Entry("My board")
    saved = model.packs(BOARD.kind)

    known = tuple(quick.initial["turn_rewards"])
    rewards = [Entry(known[i] if i < len(known) else "") for i in range(len(TURN_SPACES))]

    def use(layout: Mapping[str, Any]) -> None:
        values = quick.latest.value
        tops = _tops(model, values)
        texts = tuple(r.value.strip() for r in rewards)
        paid = texts if any(texts) else ()
        if tops is None:
            return
        if model.dispatch(aa.UseBoard(json.dumps(layout), tops, paid)):
            remember(model, BOARD_SETTING, {**values, "turn_rewards": paid})

    def use_quick() -> None:
        use(quick_layout(name.value.strip() or "My board", quick.latest.value))

    def use_pack(pack_name: str) -> None:
        use(next(p for p in saved if p.name == pack_name).data)

    def save() -> None:
        layout = quick_layout(name.value.strip() or "My board", quick.latest.value)
        try:
            pack = board_pack(board_from_json(layout))
        except (ValueError, PackError) as exc:
            model.refuse(f"This board cannot be saved: {exc}.", "ashes/setup")
            return
        model.save_pack(pack, replace=True)

    sectors: list[ft.Control] = []
    for s in SECTORS:
        count = int(quick[f"areas{s}"])
        sectors.append(form_stepper(quick, f"areas{s}", f"Sector {s} areas", key=f"board-areas-{s}", high=12))
        if count:
            sectors.append(
                ft.Row(
                    [
                        ft.Text("Bag icon:", width=70),
                        *[
                            toggle(
                                f"{s}-{i}",
                                i in quick[f"bags{s}"],
                                partial(quick.flip, f"bags{s}", i),
                                key=f"board-bag-{s}-{i}",
                            )
                            for i in range(1, count + 1)
                        ],
                    ],
                    wrap=True,
                )
            )
    return card(
        heading("The board"),
        ft.Text("Count each sector's areas from top to bottom and tap those that show a survivor-bag icon."),
        ft.Text(
            "Enough to draw emerging survivors. Add which areas touch and the construction spaces with the "
            "areas each one touches, and Lantern also checks moves and rescues.",
            size=13,
        ),
        *sectors,
        ft.Text("Top space of each production track:"),
        form_stepper(quick, "top_fuel", "Fuel track top", key="board-top-fuel", low=2, high=12),
        form_stepper(quick, "top_data", "Data track top", key="board-top-data", low=2, high=12),
        form_stepper(quick, "top_strength", "Strength track top", key="board-top-strength", low=2, high=12),
        ft.Text('What each turn-order space pays, like "data 1" (optional; empty pays nothing):'),
        ft.Row(
            [
                r.field(f"{row} {p}", key=f"turn-reward-{row.lower()}-{p}", width=96)
                for r, (row, p) in zip(rewards, TURN_SPACES, strict=True)
            ],
            wrap=True,
        ),
        toggle(
            "Which areas touch, red lines, construction spaces (optional)",
            bool(pick["open"]),
            lambda: pick.put("open", not pick.now("open")),
            key="board-ways-open",
        ),
        *(board_ways(quick, pick) if pick["open"] else []),
        name.field("Board name", key="board-name", height=TOUCH + 8),
        ft.Row(
            [
                action_button(
                    "Use this board", use_quick, key="use-board", primary=True, icon=ft.Icons.CHECK
                ),
                action_button("Save as a board pack", save, key="save-board"),
            ],
            wrap=True,
        ),
        choice_row(
            "Or load a saved board:", [(p.name, p.name) for p in saved], None, use_pack, key="load-board"
        )
        if saved
        else ft.Text("No saved boards yet."),
        PackTransfer(model, BOARD.kind, prefix="board", noun="board"),
        rule_link(model, "ashes/setup/components", key="board-rule"),
        key="board-card",
    )


@ft.component
def RivalSetupCard(model: AppModel) -> ft.Control:
    rival = Form(remembered(model, RIVAL_SETTING, RIVAL_DEFAULT))

    def flip_tile(i: int) -> None:
        tiles = list(rival.now("upgrades"))
        tiles[i] = "II" if tiles[i] == "I" else "I"
        rival.put("upgrades", tuple(tiles))

    def enter() -> None:
        values = rival.latest.value
        if (
            None in (values["track_top"], values["direct_score"], values["shelter_discs"])
            or "?" in values["upgrades"]
        ):
            model.refuse(
                "Enter every value from your rival's difficulty card and colony board first.",
                "ashes/setup/components",
            )
            return
        action = aa.SetRival(
            int(values["track_top"]),
            int(values["direct_score"]),
            int(values["shelter_discs"]),
            tuple(values["upgrades"]),
        )
        if model.dispatch(action):
            remember(model, RIVAL_SETTING, values)

    tiles = tuple(rival["upgrades"])
    return card(
        heading("The rival"),
        ft.Text("From its difficulty card and colony board (remembered for the next game)."),
        form_stepper(rival, "track_top", "Track top step", key="rival-track", low=1, high=12),
        form_stepper(rival, "direct_score", "Direct score", key="rival-direct", high=20),
        form_stepper(rival, "shelter_discs", "Shelter discs", key="rival-discs", high=9),
        ft.Text("Upgrade tiles in taking order (tap each to set class I or II):"),
        ft.Row(
            [
                action_button(
                    f"{i + 1}: {tile}",
                    partial(flip_tile, i),
                    key=f"rival-upgrade-{i}",
                    primary=tile == "II",
                )
                for i, tile in enumerate(tiles)
            ],
            wrap=True,
        ),
        action_button("Enter the rival", enter, key="set-rival", primary=True, icon=ft.Icons.CHECK),
        rule_link(model, "ashes/setup/components", key="rival-setup-rule"),
        key="rival-setup",
    )


@ft.component
def RivalDeckCard(model: AppModel) -> ft.Control:
    """A catalogued deck lets the app draw the rival's cards; without one, each card is entered."""
    saved = model.packs(RIVAL_DECK.kind)

    def use(pack_name: str) -> None:
        pack = next(p for p in saved if p.name == pack_name)
        model.dispatch(aa.CatalogueRivalDeck(tuple(json.dumps(c) for c in pack.data["cards"])))

    transfer = PackTransfer(model, RIVAL_DECK.kind, prefix="rival-deck", noun="rival deck")
    if not saved:
        return ft.Column(
            [
                ft.Text(
                    "No rival deck saved: enter each card as you turn it over (the rival screen can save "
                    "them), or import a deck.",
                    key="rival-deck-none",
                ),
                transfer,
            ]
        )
    return ft.Column(
        [
            choice_row(
                "Use my rival deck (the app draws the cards):",
                [(p.name, f"{p.name} ({deck_size(p.data)})") for p in saved],
                None,
                use,
                key="use-rival-deck",
            ),
            transfer,
        ]
    )


@ft.component
def ComboCard(model: AppModel, index: int, seat: Seat) -> ft.Control:
    name = seat.name
    combo = Form(
        {
            "open": False,
            "fuel": 0,
            "data": 0,
            "antirad": 0,
            "strength": 0,
            "survivors": 0,
            "table_drew": False,
            "essential": 0,
            "slot": 1,
        }
    )
    technology = Entry()

    def take() -> None:
        v = combo.latest.value
        drawn: tuple[aa.Kind, ...] = ()
        if v["table_drew"]:
            drawn = ("essential",) * v["essential"] + ("active",) * max(0, v["survivors"] - v["essential"])
        action = aa.StartingCombo(
            name,
            v["fuel"],
            v["data"],
            v["antirad"],
            v["strength"],
            v["survivors"],
            drawn,
            technology.value.strip(),
            v["slot"],
        )
        model.dispatch(action)

    key = f"combo-{index}"
    header = toggle(
        f"Starting combo: {name}",
        bool(combo["open"]),
        lambda: combo.put("open", not combo.now("open")),
        key=key,
    )
    if not combo["open"]:
        return header
    body: list[ft.Control] = [
        form_stepper(combo, r, r.capitalize(), key=f"{key}-{r}", high=9)
        for r in ("fuel", "data", "antirad", "strength", "survivors")
    ]
    body.append(
        toggle(
            "The table drew the survivors",
            bool(combo["table_drew"]),
            lambda: combo.put("table_drew", not combo.now("table_drew")),
            key=f"{key}-table-drew",
        )
    )
    if combo["table_drew"]:
        body.append(form_stepper(combo, "essential", "Of them essential", key=f"{key}-essential", high=9))
    body += [
        technology.field("Starting technology (optional)", key=f"{key}-technology", height=TOUCH + 8),
        choice_row(
            "On slot:",
            [(str(s), str(s)) for s in TECH_SLOTS],
            str(combo["slot"]),
            lambda s: combo.put("slot", int(s)),
            key=f"{key}-slot",
        ),
        action_button("Take this combo", take, key=f"{key}-go", primary=True),
    ]
    return ft.Column([header, *body], key=f"{key}-form")


SETUP_BUTTONS = {
    SetupKind.RADIATION: ("Radiation", "setup-radiation"),
    SetupKind.DISCARD_MISSIONS: ("Missions discarded", "setup-missions"),
    SetupKind.RESET_AREA_TILES: ("Area tiles reset", "setup-tiles"),
    SetupKind.EMERGE: ("Survivors emerge (the app draws)", "setup-emerge"),
}
SETUP_ENTRIES: dict[SetupKind, type[Action]] = {
    SetupKind.RADIATION: aa.Radiate,
    SetupKind.EMERGE: aa.Emerge,
}
"""The entry a set-up step's button makes (CompleteSetupStep for the others): it says why it is not open."""


@ft.component
def RoundSetupCard(model: AppModel, state: AshesState) -> ft.Control:
    """The round's set-up steps in order, each a button; emergence may instead take what the table drew."""
    entry = Form({"open": False, **{f"loss{i}": 0 for i in range(len(state.seats))}})
    drawn = Form({})
    rounds = state.rounds
    plan = emergence_plan(state.bag.total, state.areas, rounds.round)

    def radiate() -> None:
        losses = tuple(int(entry.now(f"loss{i}")) for i in range(len(state.seats)))
        model.dispatch(aa.Radiate(losses if state.settings.radiation_manual else ()))

    def emerge_as_drawn() -> None:
        essentials = drawn.latest.value
        model.dispatch(
            aa.Emerge(
                tuple(
                    (
                        area,
                        ("essential",) * essentials.get(area, 0)
                        + ("active",) * (n - essentials.get(area, 0)),
                    )
                    for area, n in plan
                )
            )
        )

    def run(kind: SetupKind) -> None:
        if kind is SetupKind.RADIATION:
            radiate()
        elif kind is SetupKind.EMERGE:
            model.dispatch(aa.Emerge())
        else:
            model.dispatch(aa.CompleteSetupStep(kind.value))

    controls: list[ft.Control] = [tagged("round-setup", heading(f"Round {rounds.round} setup"))]
    for n, step in enumerate(rounds.setup_left):
        text, key = SETUP_BUTTONS[step.kind]
        controls += [
            ft.Text(f"Step {step.number}. {step.text}", size=13),
            ft.Row(
                [
                    action_button(
                        text,
                        partial(run, step.kind),
                        key=key,
                        primary=n == 0,
                        blocked=blocked(state, SETUP_ENTRIES.get(step.kind, aa.CompleteSetupStep)),
                    ),
                    rule_link(model, step.rule, key=f"{key}-rule", text="Rule"),
                ],
                wrap=True,
            ),
        ]
        if step.kind is SetupKind.RADIATION and state.settings.radiation_manual:
            controls += [
                form_stepper(entry, f"loss{i}", f"{seat.name} loses", key=f"loss-{i}", high=30)
                for i, seat in enumerate(state.seats)
            ]
        if step.kind is SetupKind.EMERGE:
            controls.append(
                toggle(
                    "We drew them from the bag",
                    bool(entry["open"]),
                    lambda: entry.put("open", not entry.now("open")),
                    key="emerge-enter",
                )
            )
    if rounds.setup_left and rounds.setup_left[-1].kind is SetupKind.EMERGE and entry["open"]:
        for area, n in plan:
            shown = int(drawn.latest.shown.get(area, 0))
            controls.append(
                ft.Column(
                    [
                        ft.Text(f"{area}: {n} drawn, of them essential:"),
                        ft.Row(
                            [
                                action_button(
                                    str(e),
                                    partial(drawn.put, area, e),
                                    key=f"emerge-{area}-{e}",
                                    primary=e == shown,
                                )
                                for e in range(n + 1)
                            ],
                            wrap=True,
                        ),
                    ],
                    spacing=4,
                    key=f"emerge-{area}",
                )
            )
        controls.append(
            action_button(
                "Place what we drew",
                emerge_as_drawn,
                key="emerge-drawn",
                primary=True,
                blocked=blocked(state, aa.Emerge),
            )
        )
    return card(*controls, key="round-setup")


ROW_WORDS = ("dark blue", "light blue", "pink")


def achievement_tiles_card(model: AppModel, state: AshesState) -> ft.Control:
    """With 3 players two achievement tiles show 2 spaces, picked at random: the app turns them, or the table
    says which one shows a single space."""
    laid = state.achievement_spaces
    if laid is not None:
        shown = ", ".join(f"{row} {n}" for row, n in zip(ROW_WORDS, laid, strict=True))
        return card(tagged("achievement-tiles", ft.Text(f"Achievement tiles: {shown} space(s)")))
    return card(
        heading("Achievement tiles"),
        ft.Text("With 3 players, two of the three tiles show 2 spaces and one shows 1, chosen at random."),
        send_button(
            model,
            "Turn them at random",
            aa.LayAchievementTiles(),
            key="tiles-random",
            primary=True,
            blocked=blocked(state, aa.LayAchievementTiles),
        ),
        choice_row(
            "Or as we laid them, the tile with 1 space:",
            [(str(i), row.capitalize()) for i, row in enumerate(ROW_WORDS)],
            None,
            lambda i: model.dispatch(
                aa.LayAchievementTiles(tuple(1 if j == int(i) else 2 for j in range(len(ROW_WORDS))))
            ),
            key="tiles-single",
        ),
        rule_link(model, "ashes/setup", key="tiles-rule"),
        key="achievement-tiles-card",
    )


def before_play(state: AshesState) -> bool:
    """Round 1 before its survivors emerge: when the board, rival and combos are entered (the board entry is
    open exactly then)."""
    return not blocked(state, aa.UseBoard)


@ft.component
def SetupScreen(model: AppModel, state: AshesState) -> ft.Control:
    changing, set_changing = ft.use_state(False)
    controls: list[ft.Control] = []
    if before_play(state):
        if state.board is None or changing:
            controls.append(BoardCard(model, state))
        if state.board is not None:
            controls.append(
                card(
                    tagged(
                        "board-entered",
                        ft.Text(
                            f"Board: {state.board.name}, {len(state.areas)} areas", weight=ft.FontWeight.BOLD
                        ),
                    ),
                    toggle(
                        "Change the board", changing, lambda: set_changing(not changing), key="change-board"
                    ),
                )
            )
        if tiles_due(state) or state.achievement_spaces is not None:
            controls.append(achievement_tiles_card(model, state))
        if state.solo and state.rival is None:
            controls.append(RivalSetupCard(model))
        elif state.solo and not state.catalogue:
            controls.append(card(heading("Rival deck"), RivalDeckCard(model)))
        combos = [
            keyed(f"combo-{seat.name}", ComboCard, model, i, seat)
            for i, seat in enumerate(state.seats)
            if not seat.combo_taken
        ]
        if combos:
            controls.append(card(heading("Starting combos (optional)"), *combos, key="combos"))
    if state.rounds.setup_left:
        controls.append(RoundSetupCard(model, state))
    return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
