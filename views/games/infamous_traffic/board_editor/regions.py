"""The board editor's regions, one at a time: the regions the rulebook names are there from the start; add
the others by name, then pick each for its Enforcement tile, its coast and its neighbours, its supply
chains, or remove it (at once while nothing of it is entered)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from views.forms import Form
from views.games.infamous_traffic.board_editor.chains import chains_part
from views.games.infamous_traffic.board_editor.data import (
    ENFORCEMENT,
    ChainDraft,
    RegionDraft,
    add_region,
    chains_of,
    change_region,
    flip_border,
    region_refusal,
    remove_region,
    rulebook_text,
    setup_text,
)
from views.widgets import CHIP, TOUCH, Entry, action_button, chip_row, heading, tagged

COAST = [("yes", "Coastal"), ("no", "Inland")]


def multi_chips(
    choices: Sequence[tuple[str, str]],
    chosen: Sequence[str],
    on_flip: Callable[[str], Any],
    *,
    key: str,
    label: str,
) -> ft.Control:
    """`chip_row` where several may be chosen (filled): a tap takes a choice in, or out again."""

    def flip(value: str) -> Callable[[Any], Any]:
        return lambda _: on_flip(value)

    chips: list[ft.Control] = [
        (ft.FilledButton if value in chosen else ft.OutlinedButton)(
            text,
            key=f"{key}-{value}",
            on_click=flip(value),
            style=CHIP,
            width=TOUCH if len(text) <= 2 else None,
        )
        for value, text in choices
    ]
    row = ft.Row([ft.Text(label), *chips], wrap=True, spacing=4, run_spacing=4, key=key)
    return ft.Semantics(container=True, identifier=key, content=row)


def region_text(r: RegionDraft, chains: Sequence[ChainDraft]) -> str:
    tile = dict(ENFORCEMENT).get(r.enforcement or "", "Enforcement tile not picked")
    coast = {True: "coastal", False: "inland", None: "coast not said"}[r.coastal]
    borders = f"borders {', '.join(r.adjacent)}" if r.adjacent else "no neighbours yet"
    return f"{r.name}: {tile}; {coast}; {borders}; {len(chains)} chain(s)."


def regions_part(form: Form, typed: Entry) -> list[ft.Control]:
    regions: tuple[RegionDraft, ...] = form["regions"]
    names = [r.name for r in regions]
    at = form["at"] if form["at"] in names else None

    def add() -> None:
        name = typed.value.strip()
        if refusal := region_refusal(form.now("regions"), name):
            form.put("refusal", refusal)
            return
        form.put_all(regions=add_region(form.now("regions"), name), at=name, removing=None, refusal="")
        typed.clear()

    def regions_now(change: Callable[[tuple[RegionDraft, ...]], tuple[RegionDraft, ...]]) -> None:
        form.put_all(regions=change(form.now("regions")), removing=None)

    def remove(name: str) -> None:
        """At once when nothing of the region is entered yet (a named region the board lacks); otherwise the
        first tap only asks for a second."""
        untouched = RegionDraft(name) in form.now("regions") and not chains_of(form.now("chains"), name)
        if form.now("removing") != name and not untouched:
            form.put("removing", name)
            return
        left, chains = remove_region(form.now("regions"), form.now("chains"), name)
        form.put_all(regions=left, chains=chains, at=None, removing=None)

    controls: list[ft.Control] = [
        heading("Regions"),
        tagged("it-ed-rulebook", ft.Text(rulebook_text(len(regions)), size=13)),
        ft.Row(
            [
                typed.field(
                    "New region's name", key="it-ed-new-region", width=240, on_submit=lambda _: add()
                ),
                action_button("Add region", add, key="it-ed-add-region", icon=ft.Icons.ADD),
            ],
            wrap=True,
        ),
        *(
            [tagged("it-ed-add-region-why", ft.Text(form["refusal"], size=12, italic=True))]
            if form["refusal"]
            else []
        ),
        chip_row(
            [(n, n) for n in names],
            at,
            lambda n: form.put_all(at=n, removing=None),
            key="it-ed-region",
            label="Region to enter:",
        ),
    ]
    if at is None:
        return [*controls, ft.Text("Pick a region to enter its details.", italic=True)]
    region = next(r for r in regions if r.name == at)
    chains = chains_of(form["chains"], at)
    removing = form["removing"] == at
    others = [(n, n) for n in names if n != at]
    return [
        *controls,
        tagged("it-ed-region-about", ft.Text(region_text(region, chains), size=13)),
        *([tagged("it-ed-region-setup", ft.Text(setup, size=13))] if (setup := setup_text(at)) else []),
        chip_row(
            ENFORCEMENT,
            region.enforcement,
            lambda tile: regions_now(lambda rs: change_region(rs, at, enforcement=tile)),
            key="it-ed-enforcement",
            label="Enforcement tile:",
        ),
        chip_row(
            COAST,
            None if region.coastal is None else ("yes" if region.coastal else "no"),
            lambda yes: regions_now(lambda rs: change_region(rs, at, coastal=yes == "yes")),
            key="it-ed-coastal",
            label="Coast:",
        ),
        multi_chips(
            others,
            region.adjacent,
            lambda other: regions_now(lambda rs: flip_border(rs, at, other)),
            key="it-ed-neighbours",
            label="Neighbours (both ways):" if others else "Neighbours: add the other regions first.",
        ),
        *chains_part(form, at),
        action_button(
            f"Tap again to remove {at} and its {len(chains)} chain(s)" if removing else f"Remove {at}",
            lambda: remove(at),
            key="it-ed-remove-region",
            icon=ft.Icons.DELETE,
            primary=removing,
        ),
    ]
