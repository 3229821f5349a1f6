"""ASHES: the rest of a colony board behind "More": materials, production and upgrades, technology,
shelter cards with their pods."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import cast

import flet as ft

from trackers.ashes import actions as aa
from trackers.ashes.state import TECH_SLOTS, Seat, Slot
from views.following import use_game
from views.forms import Form, form_stepper, rule_link, toggle
from views.games.ashes.parts import FAMILIES, KINDS, PRODUCED, ROMAN
from views.model import AppModel
from views.widgets import TOUCH, Entry, action_button, card, choice_row, heading, icon_action, memo, tagged

MORE = (
    ("materials", "Materials"),
    ("production", "Production and upgrades"),
    ("technology", "Technology"),
    ("shelters", "Shelters"),
)


@memo  # with no part open, entries leave the card as it was
@ft.component
def MoreFrame(shown: str, show: Callable[[str], None], body: tuple[ft.Control, ...]) -> ft.Control:
    return card(
        heading("More"),
        ft.Row(
            [toggle(text, shown == which, partial(show, which), key=f"more-{which}") for which, text in MORE],
            wrap=True,
        ),
        *body,
        key="more-card",
    )


def _open_seat(model: AppModel, index: int, shown: str) -> Seat | None:
    """The seat, while a part of its board is open: with none open, no entry changes the card."""
    if not shown:
        return None
    assert model.game is not None
    seat: Seat = model.game.session.state.seats[index]
    return seat


@ft.component
def MoreCard(model: AppModel, index: int) -> ft.Control:
    """The rest of the colony board, behind one button each so the phone screen stays short. It follows the
    game by itself, and only while a part is open."""
    shown, set_shown = ft.use_state("")
    show = ft.use_callback(lambda which: set_shown(lambda now: "" if now == which else which), [])
    seat = use_game(model, lambda m: _open_seat(m, index, shown))
    if seat is None:
        return MoreFrame("", show, ())
    body: tuple[ft.Control, ...] = ()
    if shown == "materials":
        body = (Materials(model, seat),)
    elif shown == "production":
        body = (Production(model, seat),)
    elif shown == "technology":
        body = (Technology(model, seat),)
    elif shown == "shelters":
        body = (Shelters(model, seat),)
    return MoreFrame(shown, show, body)


@ft.component
def Materials(model: AppModel, seat: Seat) -> ft.Control:
    """The pyramid top level first, as it stands on the board; a cube in or out per tap."""
    name = seat.name
    materials = seat.board.materials
    pick = Form({"level": 1, "first": 1, "second": 2})
    rows: list[ft.Control] = []
    for level in (3, 2, 1):
        cells: list[ft.Control] = [ft.Text(f"Level {ROMAN[level]}", width=70)]
        for index in range(1, materials.pyramid.slots_per_level[level - 1] + 1):
            slot = Slot(level, index)
            cells += [
                icon_action(
                    ft.Icons.REMOVE,
                    f"Pay a cube from {slot}",
                    partial(model.dispatch, aa.AdjustMaterial(name, level, index, -1)),
                    key=f"mat-{level}-{index}-minus",
                    tally=True,
                ),
                tagged(f"mat-{level}-{index}", ft.Text(str(materials.count(slot)), size=18)),
                icon_action(
                    ft.Icons.ADD,
                    f"Gain a cube in {slot}",
                    partial(model.dispatch, aa.AdjustMaterial(name, level, index, 1)),
                    key=f"mat-{level}-{index}-plus",
                    tally=True,
                ),
            ]
        rows.append(ft.Row(cells, wrap=True))
    level = int(pick["level"])
    slot_choices = [(str(i), f"Slot {i}") for i in range(1, materials.pyramid.slots_per_level[level - 1] + 1)]
    return ft.Column(
        [
            *rows,
            heading("Manufacture"),
            choice_row(
                "From level:",
                [("1", "I"), ("2", "II")],
                str(level),
                lambda n: pick.put("level", int(n)),
                key="make-level",
            ),
            choice_row(
                "First material:",
                slot_choices,
                str(pick["first"]),
                lambda i: pick.put("first", int(i)),
                key="make-first",
            ),
            choice_row(
                "Second material:",
                slot_choices,
                str(pick["second"]),
                lambda i: pick.put("second", int(i)),
                key="make-second",
            ),
            action_button(
                "Manufacture",
                lambda: model.dispatch(
                    aa.Manufacture(name, pick.now("level"), pick.now("first"), pick.now("second"))
                ),
                key="make-go",
                primary=True,
            ),
            rule_link(model, "ashes/actions/manufacture", key="make-rule"),
        ],
        key="materials",
    )


@ft.component
def Production(model: AppModel, seat: Seat) -> ft.Control:
    name = seat.name
    board = seat.board
    tracks = [
        ft.Row(
            [
                tagged(
                    f"production-{track}",
                    ft.Text(f"{track.capitalize()}: {height} of {top}", expand=True, size=16),
                ),
                action_button(
                    "Raise",
                    partial(model.dispatch, aa.RaiseProduction(name, track)),
                    key=f"raise-{track}",
                ),
            ]
        )
        for track, height, top in zip(PRODUCED, board.production, board.production_tops, strict=True)
    ]
    taken = {(family.value, ROMAN[cls.value]) for family, cls in board.upgrades}
    upgrades = [
        ft.Row(
            [
                ft.Text(family.capitalize(), width=130),
                *[
                    toggle(
                        f"Class {c}",
                        (family, c) in taken,
                        partial(model.dispatch, aa.TakeUpgrade(name, family, c)),
                        key=f"upgrade-{family}-{c}",
                    )
                    for c in ("I", "II")
                ],
            ],
            wrap=True,
        )
        for family in FAMILIES
    ]
    return ft.Column(
        [
            *tracks,
            rule_link(model, "ashes/production", key="production-rule"),
            heading("Upgrades taken off the colony board"),
            *upgrades,
            rule_link(model, "ashes/upgrades", key="upgrades-rule"),
        ],
        key="production",
    )


@ft.component
def Technology(model: AppModel, seat: Seat) -> ft.Control:
    name = seat.name
    tile = Entry()
    cover, set_cover = ft.use_state(False)

    def place(slot: int) -> None:
        if not tile.value.strip():
            model.refuse("Type the technology tile's name first.", "ashes/technology")
        elif model.dispatch(aa.PlaceTechnology(name, tile.value.strip(), slot, cover)):
            tile.clear()

    stacks = [
        tagged(f"tech-{slot}", ft.Text(f"Slot {slot}: " + (", ".join(stack) if stack else "empty")))
        for slot, stack in zip(TECH_SLOTS, seat.board.tech, strict=True)
    ]
    return ft.Column(
        [
            *stacks,
            tile.field("Technology tile", key="tech-tile", height=TOUCH + 8),
            toggle("Replace the top tile", cover, lambda: set_cover(not cover), key="tech-cover"),
            ft.Row(
                [
                    action_button(f"Place on slot {s}", partial(place, s), key=f"tech-place-{s}")
                    for s in TECH_SLOTS
                ],
                wrap=True,
            ),
            rule_link(model, "ashes/technology", key="tech-rule"),
        ],
        key="technology",
    )


POD_ROWS = 4


@ft.component
def Shelters(model: AppModel, seat: Seat) -> ft.Control:
    """Entrance, zones and shelter cards; pods fill with a tap once the survivor kind is picked."""
    name = seat.name
    board = seat.board
    colony = seat.colony
    kind, set_kind = ft.use_state("active")
    new_card = Entry()
    pods = Form({"count": 3, **{f"level{i}": i + 1 for i in range(POD_ROWS)}})
    bonuses = [Entry() for _ in range(POD_ROWS)]
    incomes = [Entry() for _ in range(POD_ROWS)]

    def add_card() -> None:
        entered = tuple(
            (int(pods.now(f"level{i}")), bonuses[i].value.strip(), incomes[i].value.strip())
            for i in range(int(pods.now("count")))
        )
        if model.dispatch(aa.AddShelterCard(name, new_card.value.strip(), entered)):
            new_card.clear()
            for entry in (*bonuses, *incomes):
                entry.clear()

    entrance = ", ".join(board.entrance) or "empty"
    zones = ", ".join(f"{z}: {who or 'empty'}" for z, who in zip(TECH_SLOTS, board.zones, strict=True))
    cards: list[ft.Control] = []
    for c, shelter in enumerate(colony.cards, 1):
        cards.append(ft.Text(f"Card {c}: {shelter.name}", weight=ft.FontWeight.BOLD))
        cards.append(
            ft.Row(
                [
                    action_button(
                        f"Pod {p} (level {pod.level}): {pod.survivor or 'empty'}",
                        partial(model.dispatch, aa.Decontaminate(name, cast("aa.Kind", kind), c, p)),
                        key=f"pod-{c}-{p}",
                    )
                    for p, pod in enumerate(shelter.pods, 1)
                ],
                wrap=True,
            )
        )
        cards.append(
            ft.Row(
                [
                    action_button(
                        f"Close into column {col}",
                        partial(model.dispatch, aa.CloseShelter(name, c, col)),
                        key=f"close-{c}-{col}",
                    )
                    for col in range(1, len(colony.columns) + 1)
                ],
                wrap=True,
            )
        )
    pod_rows: list[ft.Control] = []
    for i in range(int(pods["count"])):
        pod_rows += [
            form_stepper(pods, f"level{i}", f"Pod {i + 1} level", key=f"new-pod-{i}-level", high=9),
            ft.Row(
                [
                    bonuses[i].field(
                        f"Pod {i + 1} bonus (like fuel 1, vp 2)", key=f"new-pod-{i}-bonus", width=220
                    ),
                    incomes[i].field(
                        f"Pod {i + 1} income (empty: none)", key=f"new-pod-{i}-income", width=220
                    ),
                ],
                wrap=True,
            ),
        ]
    return ft.Column(
        [
            tagged("entrance", ft.Text(f"Entrance: {entrance}")),
            tagged("zones", ft.Text(f"Zones {zones}")),
            tagged("columns", ft.Text("Closed cards per column: " + ", ".join(map(str, colony.columns)))),
            choice_row(
                "Survivor to decontaminate:",
                [(k, k.capitalize()) for k in KINDS],
                kind,
                set_kind,
                key="pod-kind",
            ),
            *cards,
            heading("New shelter card"),
            new_card.field("Card name", key="new-card-name", height=TOUCH + 8),
            form_stepper(pods, "count", "Pods", key="new-card-pods", low=1, high=POD_ROWS),
            *pod_rows,
            action_button("Add shelter card", add_card, key="new-card-go", primary=True),
            rule_link(model, "ashes/shelter-cards", key="shelters-rule"),
        ],
        key="shelters",
    )
