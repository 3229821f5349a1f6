"""The board editor's supply chains of one region, left to right as the board shows them: each chain's spaces
tapped in order, and for an interior chain (no Ship space) the chain it leads toward."""

from __future__ import annotations

from functools import partial

import flet as ft

from views.forms import Form
from views.games.infamous_traffic.board_editor.data import (
    MOST_CHAINS,
    MOST_SPACES,
    SPACES,
    ChainDraft,
    add_chain,
    chains_of,
    change_chain,
    remove_chain,
)
from views.games.infamous_traffic.parts import CLEAR, hint
from views.widgets import action_button, chip_row, tagged

SETUP_NOTE = "Enter the chains left to right as the board shows them: the set-up counts them from the left."


def place(i: int, count: int) -> str:
    if count == 1:
        return "the only chain"
    return "leftmost" if i == 0 else "rightmost" if i == count - 1 else f"chain {i + 1} from the left"


def chain_text(chain: ChainDraft, i: int, count: int) -> str:
    spaces = ", ".join(dict(SPACES)[s] for s in chain.spaces) or "no spaces yet"
    if not chain.spaces:
        way = "tap its spaces"
    elif "ship" in chain.spaces:
        way = "coastal (a Ship space)"
    else:
        way = (
            f"interior, leads toward {chain.toward}"
            if chain.toward
            else "interior: which chain does it lead toward"
        )
    return f"{chain.id} ({place(i, count)}): {spaces}; {way}."


def chains_part(form: Form, region: str) -> list[ft.Control]:
    every: tuple[ChainDraft, ...] = form["chains"]
    mine = chains_of(every, region)

    def chains_now(chains: tuple[ChainDraft, ...]) -> None:
        form.put_all(chains=chains, removing=None)

    def tap(cid: str, space: str) -> None:
        chain = next(c for c in form.now("chains") if c.id == cid)
        if space == CLEAR:
            chains_now(change_chain(form.now("chains"), cid, spaces=()))
        elif len(chain.spaces) < MOST_SPACES:
            chains_now(change_chain(form.now("chains"), cid, spaces=(*chain.spaces, space)))

    def lead(cid: str, toward: str) -> None:
        chain = next(c for c in form.now("chains") if c.id == cid)
        chains_now(change_chain(form.now("chains"), cid, toward=None if chain.toward == toward else toward))

    def remove(cid: str) -> None:
        chains_now(remove_chain(form.now("chains"), cid))

    controls: list[ft.Control] = [ft.Text(SETUP_NOTE, size=13)]
    for i, chain in enumerate(mine):
        cid = chain.id
        controls += [
            ft.Divider(height=1),
            tagged(f"it-ed-{cid}", ft.Text(chain_text(chain, i, len(mine)), weight=ft.FontWeight.BOLD)),
            chip_row(
                [*SPACES, (CLEAR, "Clear")],
                None,
                partial(tap, cid),
                key=f"it-ed-{cid}-spaces",
                label="Spaces, left to right:",
            ),
        ]
        if chain.spaces and "ship" not in chain.spaces:
            controls.append(
                chip_row(
                    [(c.id, c.id) for c in every if c.id != cid],
                    chain.toward,
                    partial(lead, cid),
                    key=f"it-ed-{cid}-toward",
                    label="Leads toward:",
                )
            )
        controls.append(
            action_button(
                f"Remove {cid}",
                partial(remove, cid),
                key=f"it-ed-{cid}-remove",
                icon=ft.Icons.DELETE_OUTLINE,
            )
        )
    full = hint(f"A board has at most {MOST_CHAINS} chains.") if len(every) >= MOST_CHAINS else []
    controls.append(
        action_button(
            f"Add a chain to {region}",
            lambda: chains_now(add_chain(form.now("chains"), region)),
            key="it-ed-add-chain",
            icon=ft.Icons.ADD,
            blocked=full,
        )
    )
    return controls
