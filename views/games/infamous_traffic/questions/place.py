"""Placing the tiles of a conspiracy bowl, one at a time: a Smuggler or Bureaucrat after its printed value
(the spaces it may take depend on it), a Missionary in a region near a black tile, a Qing Force anywhere (a
battle in a Taiping region first names the Qing Forces it takes from bordering regions). A tile with no
legal place leaves the game, and a die the table rolled may be entered (empty: Lantern rolls)."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.infamous_traffic.actions import PlaceConspiracy
from trackers.infamous_traffic.queries import place_targets, placeable
from trackers.infamous_traffic.state import AGENTS, InfamousTrafficState, Question
from views.forms import Form, rule_link, send_button, toggle
from views.games.infamous_traffic.parts import (
    DIE,
    VALUES,
    name,
    optional_chip,
    piece_text,
    sequence_row,
    space_text,
)
from views.model import AppModel
from views.widgets import Act, action_button, action_row, chip_row, tagged

S = InfamousTrafficState
RULES = {
    "qing": "infamous-traffic/conspiracy/qing",
    "smuggler": "infamous-traffic/conspiracy/smuggler",
    "bureaucrat": "infamous-traffic/conspiracy/bureaucrat",
    "missionary": "infamous-traffic/conspiracy/missionary",
}


def nowhere(model: AppModel, tile: str, value: int) -> list[ft.Control]:
    return [
        tagged("it-place-nowhere", ft.Text(f"The {name(tile)} has no legal place: it leaves the game.")),
        send_button(model, "It leaves the game", PlaceConspiracy(tile, value=value), key="it-place-out"),
    ]


def die_row(form: Form, label: str) -> ft.Control:
    return chip_row(DIE, form["die"], partial(optional_chip, form, "die"), key="it-place-die", label=label)


def agent_part(model: AppModel, state: S, form: Form, tile: str) -> list[ft.Control]:
    value = None if form["value"] is None else int(form["value"])
    out: list[ft.Control] = [
        chip_row(
            VALUES,
            form["value"],
            partial(form.put, "value"),
            key="it-place-value",
            label="Its printed value:",
        )
    ]
    if value is None:
        return [*out, ft.Text("Its value first: where it may go depends on it.", size=13)]
    if not placeable(state, tile, value):
        return [*out, *nowhere(model, tile, value)]
    die = int(form["die"] or 0)
    acts, pushes = [], False
    for spot in place_targets(state, tile, value):
        cid, _, space = spot.rpartition(":")
        occupant = state.chain(cid).tiles[int(space) - 1]
        text = space_text(state, cid, int(space))
        text += f": pushes out the {piece_text(occupant)}" if occupant is not None else ""
        pushes = pushes or occupant is not None
        entry = PlaceConspiracy(
            tile, chain=cid, space=int(space), value=value, reroll=form["reroll"], die=die
        )
        acts.append(
            Act(text, partial(model.dispatch, entry), f"it-place-to-{cid}-{space}", model.check(entry))
        )
    out.append(action_row(acts, key="it-place-targets"))
    if tile == "bureaucrat" or pushes:
        out.append(
            toggle(
                "And reroll the region's lowest demand die",
                bool(form["reroll"]),
                lambda: form.put("reroll", not form.now("reroll")),
                key="it-place-reroll",
            )
        )
    if tile == "smuggler":
        out.append(die_row(form, "Its demand die, if rolled (empty: Lantern rolls):"))
    return out


def missionary_part(model: AppModel, state: S, form: Form) -> list[ft.Control]:
    if not placeable(state, "missionary"):
        return nowhere(model, "missionary", 0)
    die = int(form["die"] or 0)
    acts = [
        Act(
            region,
            partial(model.dispatch, PlaceConspiracy("missionary", region, die=die)),
            f"it-place-in-{region}",
        )
        for region in place_targets(state, "missionary")
    ]
    return [
        action_row(acts, key="it-place-regions"),
        die_row(form, "Its demand die, if rolled (empty: Lantern rolls):"),
    ]


def qing_part(model: AppModel, state: S, form: Form) -> list[ft.Control]:
    def place(region: str) -> None:
        if state.region(region).alignment == "taiping":
            form.put_all(battle=region, removals=())
        else:
            model.dispatch(PlaceConspiracy("qing", region))

    acts = [
        Act(
            f"{r.name} ({'Taiping: a battle' if r.alignment == 'taiping' else f'Qing {r.qing}'})",
            partial(place, r.name),
            f"it-place-in-{r.name}",
            primary=r.name == form["battle"],
        )
        for r in (state.region(n) for n in place_targets(state, "qing"))
    ]
    out: list[ft.Control] = [action_row(acts, key="it-place-regions")]
    battle = form["battle"]
    if battle is None:
        return out
    assert state.board is not None
    needed = sum(1 for r in state.regions if r.alignment == "taiping")
    near = [(n, f"{n} (Qing {state.region(n).qing})") for n in state.board.region(battle).adjacent]
    entry = PlaceConspiracy("qing", battle, removals=tuple(form["removals"]), die=int(form["die"] or 0))
    return [
        *out,
        sequence_row(form, "removals", "Qing Forces it takes from", near, needed, key="it-place-removals"),
        die_row(form, "The die it adds to the pool, if rolled:"),
        action_button(
            f"Battle in {battle}",
            partial(model.dispatch, entry),
            key="it-place-battle",
            primary=True,
            blocked=model.check(entry),
        ),
    ]


@ft.component
def PlaceForm(model: AppModel, state: S, q: Question) -> ft.Control:
    form = Form({"tile": None, "value": None, "battle": None, "removals": (), "die": None, "reroll": False})
    kinds = list(dict.fromkeys(q.tiles))
    tile = form["tile"] if form["tile"] in kinds else kinds[0]
    controls: list[ft.Control] = []
    if len(kinds) > 1:
        controls.append(
            chip_row(
                [(k, name(k)) for k in kinds],
                tile,
                lambda k: form.put_all(tile=k, value=None, battle=None, removals=(), die=None),
                key="it-place-tile",
                label="Place first:",
            )
        )
    if tile in AGENTS:
        controls += agent_part(model, state, form, tile)
    elif tile == "missionary":
        controls += missionary_part(model, state, form)
    else:
        controls += qing_part(model, state, form)
    controls.append(
        rule_link(model, RULES.get(tile, "infamous-traffic/actions/conspiracy"), key="it-rule-place")
    )
    return ft.Column(controls, spacing=8)
