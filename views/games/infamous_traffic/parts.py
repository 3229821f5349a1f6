"""What the An Infamous Traffic screens share: the names of places, tiles and pieces, the reason a form that
is not filled in yet gives, a row of values entered in order (dice as rolled, tiles as drawn), a firm's
read-out, and the chains' spaces named for a button."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from trackers.core.errors import Violation
from trackers.infamous_traffic.state import PLAYER_TILES, InfamousTrafficState, Piece
from views.forms import Form
from views.widgets import chip_row, tagged

S = InfamousTrafficState
PLACES = {"london": "London", "india": "India", "china": "China"}
NAMES = {
    "merchant": "Merchant",
    "ship": "Ship",
    "opium": "Opium",
    "qing": "Qing Force",
    "smuggler": "Smuggler",
    "bureaucrat": "Bureaucrat",
    "missionary": "Missionary",
    "treaty": "Treaty Port",
    "taiping": "Taiping",
}
DIE = [(str(n), str(n)) for n in range(1, 7)]
VALUES = [(str(n), str(n)) for n in range(10)]
"""A tile's printed value as chips (the engine takes up to 20; the board's demand rarely allows 10)."""
CLEAR = "clear"


def hint(message: str) -> list[Violation]:
    """Why a form's button waits: something still to pick, not a rule (the engine answers those)."""
    return [Violation("infamous-traffic.form", message, "infamous-traffic/lantern")]


def name(kind: str) -> str:
    return NAMES.get(kind, kind.capitalize())


def money_text(money: int) -> str:
    if money > 0:
        return f"{money} cash"
    return f"{-money} debt" if money < 0 else "no cash or debt"


def counts_text(counts: tuple[int, int, int]) -> str:
    return ", ".join(f"{name(k)} {n}" for k, n in zip(PLAYER_TILES, counts, strict=True))


def firm_text(state: S, who: str) -> str:
    firm = state.firm(who)
    held = ", ".join(f"{name(k)} {n}" for k, n in zip(PLAYER_TILES, firm.holdings, strict=True) if n)
    return (
        f"{who}: {money_text(firm.money)}; holdings {held or 'empty'}; supply {counts_text(firm.supply)}; "
        f"{len(firm.tableau)} card(s), {firm.parties} party icon(s)."
    )


def space_text(state: S, cid: str, space: int) -> str:
    """ "canton-1 space 2 (Opium)": a chain's space as a button names it."""
    assert state.board is not None
    kind = state.board.chain(cid).spaces[space - 1]
    return f"{cid} space {space} ({'Merchant' if kind == 'blank' else name(kind)})"


def piece_text(piece: Piece) -> str:
    whose = f"{piece.owner}'s " if piece.owner else ""
    return f"{whose}{name(piece.kind)} worth {piece.value}"


def own_tiles(state: S, who: str) -> list[tuple[str, int, Piece]]:
    """(chain, space, tile) of the player's tiles in inactive chains: those that may move or change price."""
    return [
        (c.id, i + 1, t)
        for c in state.chains
        if not c.active
        for i, t in enumerate(c.tiles)
        if t is not None and t.owner == who
    ]


def sequence_row(
    form: Form,
    field: str,
    label: str,
    choices: Sequence[tuple[str, str]],
    size: int,
    *,
    key: str,
) -> ft.Control:
    """Values entered one tap each, in order, up to `size` (Clear starts over): dice as the table rolled
    them, tiles as it drew them. Nothing entered lets Lantern draw or roll."""

    def pick(value: str) -> None:
        held = tuple(form.now(field))
        if value == CLEAR:
            form.put(field, ())
        elif len(held) < size:
            form.put(field, (*held, value))

    entered = tuple(form[field])
    texts = dict(choices)
    shown = ", ".join(texts.get(v, v) for v in entered) or "none (Lantern draws)"
    return ft.Column(
        [
            tagged(f"{key}-entered", ft.Text(f"{label}: {shown} ({len(entered)} of {size})")),
            chip_row([*choices, (CLEAR, "Clear")], None, pick, key=key),
        ],
        spacing=2,
    )


def optional_chip(form: Form, field: str, value: str) -> None:
    """Pick a chip, or tap the picked one again to take it back (an optional entry)."""
    form.put(field, None if form.now(field) == value else value)
