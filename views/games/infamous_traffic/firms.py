"""Every firm: cash or debt, revenue, inactive tiles against the tile limit, holdings and supply by type, the
tableau, party tokens and permanent debt; once the game ends, each score part by part and the ranking."""

from __future__ import annotations

import flet as ft

from trackers.infamous_traffic import queries
from trackers.infamous_traffic.state import PLAYER_TILES, TABLEAU, Card, InfamousTrafficState, Player
from views.forms import rule_link
from views.games.infamous_traffic.china.parts import SMALL, money_text, tile_name
from views.model import AppModel
from views.widgets import card, heading, keyed, memo, tagged

DECKS = {
    "starting": "starting",
    "london": "London",
    "india": "India",
    "china": "China",
    "prize": "prize",
}


def card_text(n: int, c: Card) -> str:
    """`2. Opium Den (China): upkeep 1, 2 VP, locked.`: the printed numbers that are not 0."""
    deck = f"prize, {c.prize}" if c.deck == "prize" and c.prize else DECKS[c.deck]
    numbers = (("upkeep", c.upkeep), ("VP", c.vp), ("party icons", c.parties), ("debt", c.debt))
    parts = [f"{label} {v}" if label in ("upkeep", "debt") else f"{v} {label}" for label, v in numbers if v]
    parts += [word for word, on in (("face down", c.face_down), ("locked", c.locked)) if on]
    return f"{n}. {c.name} ({deck})" + (f": {', '.join(parts)}." if parts else ".")


def counts_text(counts: tuple[int, int, int]) -> str:
    return " · ".join(f"{tile_name(k)} {n}" for k, n in zip(PLAYER_TILES, counts, strict=True))


def firm_lines(player: Player, revenue: int, inactive: int, limit: int | None) -> list[tuple[str, str]]:
    """(id suffix, text) for each read-out of a firm."""
    kept = f"of {limit} kept at the decade's end" if limit is not None else "(the table checks the limit)"
    lines = [
        ("money", f"{money_text(player.money)} · Revenue {revenue}"),
        ("inactive", f"Inactive tiles {inactive} {kept}."),
        ("holdings", f"Holdings: {counts_text(player.holdings)}."),
        ("supply", f"Supply: {counts_text(player.supply)}."),
        (
            "parties",
            f"Party tokens {player.party_tokens} (parties {player.parties}) · "
            f"Permanent debt {player.perm_debt}.",
        ),
    ]
    if player.penalty is not None:
        lines.append(("penalty", f"Debt penalty entered: {player.penalty} VP."))
    return lines


@memo  # an entry that leaves a firm's numbers alone skips its card
@ft.component
def FirmCard(player: Player, where: str, revenue: int, inactive: int, limit: int | None) -> ft.Control:
    key = f"it-firm-{player.name}"
    title = f"{player.name}, pawn in {where}" if where else player.name
    cards = [
        tagged(f"{key}-card-{n}", ft.Text(card_text(n, c), size=SMALL))
        for n, c in enumerate(player.tableau, 1)
    ]
    return card(
        heading(title),
        *[
            tagged(f"{key}-{suffix}", ft.Text(text))
            for suffix, text in firm_lines(player, revenue, inactive, limit)
        ],
        ft.Text(f"Tableau ({len(player.tableau)} of {TABLEAU}):"),
        *cards,
        key=f"it-firm-card-{player.name}",
    )


def _where(state: InfamousTrafficState, name: str) -> str:
    """The pawn's location, or "" before the player chose a starting card."""
    try:
        return state.location_of(name).capitalize()
    except KeyError:
        return ""


def _scores(model: AppModel, state: InfamousTrafficState) -> ft.Control:
    if not state.result and state.stage != "penalty":
        return ft.Container()
    lines = [
        tagged(
            f"it-score-{n}",
            ft.Text(f"{n}. {p}: {total} VP ({', '.join(f'{label} {v}' for label, v in parts)})"),
        )
        for n, (p, total, parts) in enumerate(queries.ranking(state), 1)
    ]
    return card(
        heading("Final score" if state.result else "Score so far"),
        *lines,
        rule_link(model, "infamous-traffic/end", key="it-rule-score"),
        key="it-scores",
    )


@ft.component
def FirmsScreen(model: AppModel, state: InfamousTrafficState) -> ft.Control:
    names = state.turn_order if len(state.turn_order) == len(state.players) else state.players
    firms: list[ft.Control] = []
    for name in names:
        firm = state.firm(name)
        revenue = queries.revenue(state, name) if state.board is not None else 0
        inactive = queries.inactive_tiles(state, name)
        limit = state.board.tile_limit(revenue) if state.board is not None else None
        firms.append(keyed(f"it-firm-{name}", FirmCard, firm, _where(state, name), revenue, inactive, limit))
    return ft.Column(
        [
            _scores(model, state),
            *firms,
            ft.Row([rule_link(model, "infamous-traffic/money", key="it-rule-firms")]),
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
