"""China at a glance: the Opportunity Pool and the demand dice left, a flag where a region's demand dice and
black tiles disagree, the outrage track, then each region (alignment, Qing Forces, Missionary, demand,
opportunity) with its supply chains (spaces, tiles with owner and value, active or not, the way inland)."""

from __future__ import annotations

import flet as ft

from trackers.infamous_traffic import queries
from trackers.infamous_traffic.state import CUBES, Chain, InfamousTrafficState, Piece, Region
from views.forms import rule_link
from views.games.infamous_traffic.china.demand import mismatch_card
from views.games.infamous_traffic.china.outrage import outrage_card
from views.games.infamous_traffic.china.parts import ALIGNMENTS, SMALL, SPACE_NAMES, dice_text, tile_name
from views.model import AppModel
from views.widgets import card, heading, line, tagged


def piece_text(piece: Piece | None) -> str:
    if piece is None:
        return "empty"
    if piece.owner:
        return f"{piece.owner}'s {tile_name(piece.kind)} {piece.value}"
    return f"{tile_name(piece.kind)} {piece.value}"


def chain_text(state: InfamousTrafficState, chain: Chain) -> str:
    assert state.board is not None
    spec = state.board.chain(chain.id)
    way = "coastal" if spec.toward is None else f"interior, toward {spec.toward}"
    status = "ACTIVE" if chain.active else "inactive"
    spaces = " · ".join(
        f"{SPACE_NAMES[space]}: {piece_text(piece)}"
        for space, piece in zip(spec.spaces, chain.tiles, strict=True)
    )
    return f"{chain.id} ({way}; {status}, value {chain.value}): {spaces}"


def region_text(state: InfamousTrafficState, region: Region) -> tuple[str, str, str]:
    """The region's name and alignment, its pieces and demand, and its opportunity."""
    assert state.board is not None
    coast = "coastal" if state.board.region(region.name).coastal else "inland"
    head = f"{region.name}: {ALIGNMENTS[region.alignment]}, {coast}"
    missionary = "yes" if region.missionary else "no"
    facts = (
        f"Qing Forces {region.qing} · Missionary {missionary} · "
        f"Demand {dice_text(region.demand)} (total {region.total})"
    )
    matching = sorted(set(state.pool) & set(region.demand))
    chance = f"Opportunity: pool {dice_text(matching)}" if queries.has_opportunity(state, region.name) else ""
    return head, facts, chance or "No opportunity"


def _chain_row(state: InfamousTrafficState, chain: Chain) -> ft.Control:
    mark = ft.Icons.CHECK_CIRCLE if chain.active else ft.Icons.RADIO_BUTTON_UNCHECKED
    colour = ft.Colors.PRIMARY if chain.active else ft.Colors.OUTLINE
    return ft.Row(
        [
            ft.Icon(mark, color=colour, size=18),
            ft.Container(line(f"it-chain-{chain.id}", chain_text(state, chain), SMALL), expand=True),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
        spacing=6,
    )


def _badge(identifier: str, text: str, on: bool) -> ft.Control:
    return ft.Container(
        tagged(
            identifier,
            ft.Text(
                text, size=12, color=ft.Colors.ON_PRIMARY_CONTAINER if on else ft.Colors.ON_SURFACE_VARIANT
            ),
        ),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if on else ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border_radius=12,
        padding=ft.Padding.symmetric(horizontal=8, vertical=2),
    )


def _region(state: InfamousTrafficState, region: Region) -> ft.Control:
    head, facts, chance = region_text(state, region)
    chains = [c for c in state.chains if queries.region_of(state, c.id) == region.name]
    return card(
        ft.Row(
            [
                ft.Container(tagged(f"it-region-{region.name}", ft.Text(head, weight=ft.FontWeight.BOLD))),
                _badge(f"it-opportunity-{region.name}", chance, queries.has_opportunity(state, region.name)),
            ],
            wrap=True,
        ),
        line(f"it-region-facts-{region.name}", facts, SMALL),
        *[_chain_row(state, c) for c in chains],
        key=f"it-region-card-{region.name}",
    )


def _pool(model: AppModel, state: InfamousTrafficState) -> ft.Control:
    active = sum(1 for c in state.chains if c.active)
    return card(
        heading("Opportunity and demand"),
        line("it-pool", f"Opportunity Pool: {dice_text(state.pool)} ({len(state.pool)} dice)."),
        line("it-demand-supply", f"Demand dice left in the supply: {state.demand_supply}."),
        line("it-cubes", f"Active chains: {active} of {CUBES} cubes."),
        rule_link(model, "infamous-traffic/opportunity", key="it-rule-pool"),
        key="it-pool-card",
    )


@ft.component
def ChinaScreen(model: AppModel, state: InfamousTrafficState) -> ft.Control:
    if state.board is None:
        return ft.Text("China shows once the board is entered.")
    return ft.Column(
        [
            mismatch_card(model, state),
            _pool(model, state),
            outrage_card(model, state),
            *[_region(state, r) for r in state.regions],
            ft.Row([rule_link(model, "infamous-traffic/china", key="it-rule-china")]),
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
