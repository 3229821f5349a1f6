"""Deploy: a tile from holdings (its type, then the value printed on it) or one of the player's tiles from an
inactive chain, then a tap on a space it may go to. An occupied space shows what underselling it costs. The
same form answers the Deploy that Influence and Conspiracy offer for 1 debt."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.core.wording import a_or_an
from trackers.infamous_traffic.actions import Deploy
from trackers.infamous_traffic.queries import deploy_targets, has_opportunity
from trackers.infamous_traffic.state import PLAYER_TILES, InfamousTrafficState
from views.forms import Form, rule_link
from views.games.infamous_traffic.parts import VALUES, name, own_tiles, piece_text, space_text
from views.model import AppModel
from views.widgets import Act, action_row, chip_row, heading, tagged

S = InfamousTrafficState


def moved_targets(model: AppModel, state: S, kind: str, value: int, source: str) -> list[tuple[str, int]]:
    """Where a tile from an inactive chain may go (the engine's `deploy_targets` asks for holdings only)."""
    return [
        (c.id, i + 1)
        for c in state.chains
        for i in range(len(c.tiles))
        if f"{c.id}:{i + 1}" != source and not model.check(Deploy(c.id, i + 1, kind, value, source))
    ]


def target_text(state: S, cid: str, space: int) -> str:
    occupant = state.chain(cid).tiles[space - 1]
    where = space_text(state, cid, space)
    return f"{where}: undersell {piece_text(occupant)} for 1 debt" if occupant is not None else where


def no_target_text(state: S, kind: str, value: int) -> str:
    open_regions = [r.name for r in state.regions if has_opportunity(state, r.name)]
    where = ", ".join(open_regions) or "no region (no pool die matches any demand)"
    return f"No space takes {a_or_an(name(kind))} worth {value} now. Opportunity in: {where}."


@ft.component
def DeployForm(model: AppModel, state: S, who: str, paid: bool) -> ft.Control:
    form = Form({"source": "", "kind": None, "value": None})
    firm = state.firm(who)
    mine = {f"{cid}:{sp}": piece for cid, sp, piece in own_tiles(state, who)}
    source = form["source"] if form["source"] in mine else ""
    kinds = [(t, f"{name(t)} ({n})") for t in PLAYER_TILES if (n := firm.count(firm.holdings, t))]
    controls: list[ft.Control] = [heading("Deploy for 1 debt" if paid else "Deploy a tile to a supply chain")]
    if mine:
        sources = [("", "From holdings"), *((s, f"{s}: {piece_text(p)}") for s, p in mine.items())]
        controls.append(
            chip_row(sources, source, partial(form.put, "source"), key="it-deploy-source", label="The tile:")
        )
    kind: str | None
    value: int | None
    if source:
        kind, value = mine[source].kind, mine[source].value
    else:
        kind = form["kind"] if form["kind"] in dict(kinds) else None
        value = None if form["value"] is None else int(form["value"])
        controls += [
            chip_row(kinds, kind, partial(form.put, "kind"), key="it-deploy-kind", label="From holdings:")
            if kinds
            else tagged("it-deploy-none", ft.Text(f"{who} has no tiles in holdings.")),
            chip_row(
                VALUES,
                None if value is None else str(value),
                partial(form.put, "value"),
                key="it-deploy-value",
                label="Its printed value:",
            ),
        ]
    if kind is None or value is None:
        controls.append(ft.Text("Pick the tile and its value: the spaces it may go to show here.", size=13))
    else:
        spots = (
            moved_targets(model, state, kind, value, source)
            if source
            else list(deploy_targets(state, kind, value))
        )
        controls.append(
            action_row(
                [
                    Act(
                        target_text(state, cid, sp),
                        partial(model.dispatch, Deploy(cid, sp, kind, value, source)),
                        f"it-deploy-to-{cid}-{sp}",
                    )
                    for cid, sp in spots
                ],
                key="it-deploy-targets",
            )
            if spots
            else tagged("it-deploy-no-target", ft.Text(no_target_text(state, kind, value)))
        )
        if kind == "merchant":
            controls.append(
                ft.Text(
                    "Merchants deployed where Qing or Taiping rule: Lantern rerolls matching pool dice.",
                    size=13,
                )
            )
    controls.append(rule_link(model, "infamous-traffic/actions/deploy", key="it-rule-deploy"))
    return ft.Column(controls, spacing=8)
