"""The flag for a region whose demand dice no longer match its black tiles (a case the rules leave open), with
the table's settlement: which dice stay, and any new ones it rolled from the supply."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.infamous_traffic import queries
from trackers.infamous_traffic.actions import SetDemand
from trackers.infamous_traffic.state import InfamousTrafficState
from views.forms import Form, rule_link, toggle
from views.games.infamous_traffic.china.parts import SMALL, dice_text
from views.model import AppModel
from views.widgets import action_button, chip_row, keyed, line, tagged

DIE = [(str(n), str(n)) for n in range(1, 7)]


def _dice(n: int) -> str:
    return f"{n} demand {'die' if n == 1 else 'dice'}"


def mismatch_text(state: InfamousTrafficState) -> str:
    """Where a region's demand dice and its black tiles disagree ("" where none do)."""
    each = [
        f"{name} has {_dice(len(state.region(name).demand))} for {queries.black_tiles(state, name)} black "
        f"{'tile' if queries.black_tiles(state, name) == 1 else 'tiles'}"
        for name in queries.demand_mismatches(state)
    ]
    return f"Check the demand dice: {'; '.join(each)}." if each else ""


@ft.component
def SettleForm(model: AppModel, state: InfamousTrafficState, region: str) -> ft.Control:
    demand = state.region(region).demand
    wanted = queries.black_tiles(state, region)
    form = Form({"keep": tuple(range(min(wanted, len(demand)))), "new": ()})
    key = f"it-settle-{region}"

    def dice() -> tuple[int, ...]:
        kept = tuple(demand[i] for i in sorted(form.now("keep")) if i < len(demand))
        return kept + tuple(int(f) for f in form.now("new"))

    shown = tuple(demand[i] for i in sorted(form["keep"]) if i < len(demand)) + tuple(
        int(f) for f in form["new"]
    )
    return ft.Column(
        [
            line(f"{key}-need", f"{region}: dice {dice_text(demand)}; its black tiles hold {_dice(wanted)}."),
            ft.Row(
                [
                    toggle(
                        f"Keep {face}",
                        i in form["keep"],
                        partial(form.flip, "keep", i),
                        key=f"{key}-keep-{i}",
                    )
                    for i, face in enumerate(demand)
                ],
                wrap=True,
            ),
            chip_row(
                DIE,
                None,
                lambda face: form.put("new", (*form.now("new"), face)),
                key=f"{key}-new",
                label=f"A new die rolled from the supply ({state.demand_supply} left):",
            ),
            action_button("Clear the new dice", partial(form.put, "new", ()), key=f"{key}-clear")
            if form["new"]
            else ft.Container(),
            action_button(
                f"Settle {region}: {dice_text(shown)}",
                lambda: model.dispatch(SetDemand(region, dice())),
                key=key,
                primary=True,
                blocked=model.check(SetDemand(region, shown)),
            ),
        ],
        spacing=6,
    )


def mismatch_card(model: AppModel, state: InfamousTrafficState) -> ft.Control:
    text = mismatch_text(state)
    if not text:
        return ft.Container()
    ink = ft.Colors.ON_ERROR_CONTAINER
    forms = [
        keyed(f"it-settle-form-{r}-{dice_text(state.region(r).demand)}", SettleForm, model, state, r)
        for r in queries.demand_mismatches(state)
    ]
    return ft.Container(
        ft.Column(
            [
                tagged("it-demand-mismatch", ft.Text(text, color=ink, weight=ft.FontWeight.BOLD)),
                ft.Text(
                    "Each black tile (a Missionary, a Smuggler outside an active chain, a Treaty Port) holds "
                    "one demand die; the rules leave a few such cases open, so the table settles them.",
                    color=ink,
                    size=SMALL,
                ),
                *forms,
                rule_link(model, "infamous-traffic/demand", key="it-rule-mismatch"),
            ],
            spacing=6,
        ),
        bgcolor=ft.Colors.ERROR_CONTAINER,
        border_radius=12,
        padding=12,
        key="it-demand-mismatch-card",
    )
