"""The Opium War: the commander and the strength left, each legal move as a button (Attack Qing, Suppress
Taiping), and Police Treaty Port with the Smugglers and Bureaucrats to remove picked first; a die the table
rolled for a new Treaty Port or pool die may be entered, else Lantern rolls."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.core.actions import Action
from trackers.infamous_traffic import queries
from trackers.infamous_traffic.actions import AttackQing, PoliceTreatyPort, SuppressTaiping
from trackers.infamous_traffic.state import InfamousTrafficState
from views.forms import Form, rule_link
from views.games.infamous_traffic.china.parts import hint, tile_name
from views.model import AppModel
from views.widgets import Act, action_button, action_row, chip_row, heading, line

DIE = [(str(n), str(n)) for n in range(1, 7)]


def piece_label(state: InfamousTrafficState, where: str) -> str:
    """A Smuggler or Bureaucrat policing may take: its chain, space and value."""
    cid, _, space = where.rpartition(":")
    piece = state.chain(cid).tiles[int(space) - 1]
    assert piece is not None
    return f"{cid} space {space}: {tile_name(piece.kind)} {piece.value}"


def moves(state: InfamousTrafficState) -> tuple[list[tuple[str, str]], list[str]]:
    """(kind, region) of each attack and suppression open now, and the regions open to policing."""
    strikes: list[tuple[str, str]] = []
    police: list[str] = []
    for move in queries.war_moves(state):
        kind, _, region = move.partition(":")
        if kind == "police":
            police.append(region)
        else:
            strikes.append((kind, region))
    return strikes, police


def strike_label(state: InfamousTrafficState, kind: str, region: str) -> str:
    if kind == "attack":
        left = state.region(region).qing
        return f"Attack Qing in {region} ({left} left)"
    cost = sum(1 for r in state.regions if r.alignment == "taiping")
    return f"Suppress Taiping in {region} ({cost} strength)"


def _strike(kind: str, region: str, die: int) -> Action:
    return AttackQing(region, die) if kind == "attack" else SuppressTaiping(region, die)


def _police(model: AppModel, state: InfamousTrafficState, form: Form, regions: list[str]) -> list[ft.Control]:
    if not regions:
        return []
    region = form["region"] if form["region"] in regions else regions[0]
    picked = tuple(p for p in form["pieces"] if p in queries.police_pieces(state, region))

    def send() -> None:
        """The picks as they are at the tap (a handler reads the form, not this render)."""
        now = form.now("region") if form.now("region") in regions else regions[0]
        pieces = tuple(p for p in form.now("pieces") if p in queries.police_pieces(state, now))
        if model.dispatch(PoliceTreatyPort(now, (), pieces)):
            form.reset()

    blocked = (
        model.check(PoliceTreatyPort(region, (), picked))
        if picked
        else hint("Pick the Smugglers and Bureaucrats to remove.")
    )
    return [
        heading("Police a Treaty Port (1 strength)"),
        chip_row(
            [(r, r) for r in regions],
            region,
            lambda r: form.put_all(region=r, pieces=()),
            key="it-police-region",
            label="Region:",
        )
        if len(regions) > 1
        else ft.Container(),
        *[
            action_button(
                piece_label(state, where),
                partial(form.flip, "pieces", where),
                key=f"it-police-piece-{where.replace(':', '-')}",
                primary=where in picked,
                icon=ft.Icons.CHECK if where in picked else None,
            )
            for where in queries.police_pieces(state, region)
        ],
        action_button(
            f"Police {region}: remove {len(picked)} piece(s)",
            send,
            key="it-police",
            primary=True,
            blocked=blocked,
        ),
    ]


@ft.component
def WarStep(model: AppModel, state: InfamousTrafficState) -> ft.Control:
    form = Form({"die": None, "region": "", "pieces": ()})
    strikes, police = moves(state)
    die = int(form["die"]) if form["die"] else 0

    def strike(kind: str, region: str) -> None:
        chosen = form.now("die")
        if model.dispatch(_strike(kind, region, int(chosen) if chosen else 0)):
            form.put("die", None)

    acts = [
        Act(
            strike_label(state, kind, region),
            partial(strike, kind, region),
            f"it-war-{kind}-{region}",
            model.check(_strike(kind, region, die)),
        )
        for kind, region in strikes
    ]
    return ft.Column(
        [
            heading("Opium War"),
            line(
                "it-war",
                f"{state.commander} commands: strength {state.war_strength} left to spend. An attack removes "
                "1 Qing Force for 1 strength; the last one makes a Treaty Port.",
            ),
            action_row(acts, key="it-war-moves") if acts else ft.Container(),
            chip_row(
                DIE,
                form["die"],
                lambda v: form.put("die", None if v == form.now("die") else v),
                key="it-war-die",
                label="A die the table rolled for a new port or the pool (else Lantern rolls):",
            ),
            *_police(model, state, form, police),
            rule_link(model, "infamous-traffic/decade/war", key="it-rule-war"),
        ],
        spacing=8,
    )
