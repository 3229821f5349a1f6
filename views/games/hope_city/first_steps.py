"""A turn's first steps: the wage, one trade at the Trade Center, and a move to another space."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.hope_city.actions import DrawToken, Move, Trade
from trackers.hope_city.queries import blocked
from trackers.hope_city.state import COLOURS, HopeCityState, Turn
from views.forms import Form, rule_link
from views.games.hope_city.parts import draw_row, held_choices, hint, label, punks_text
from views.model import AppModel
from views.widgets import action_button, chip_row, line, tagged


def done(key: str, text: str) -> ft.Control:
    """A step already taken this turn, said in one line."""
    return tagged(key, ft.Text(text, italic=True))


def wage_step(model: AppModel, state: HopeCityState, turn: Turn) -> ft.Control:
    who = state.citizen(turn.citizen)
    if turn.wage_taken:
        return done("hc-wage-done", "1. Wage: taken.")
    return ft.Column(
        [
            ft.Text("1. Wage"),
            draw_row(
                model, state, f"Draw the {who.name}'s wage", key="hc-wage", blocked=blocked(state, DrawToken)
            ),
        ],
        spacing=4,
    )


@ft.component
def TradeStep(model: AppModel, state: HopeCityState, turn: Turn) -> ft.Control:
    form = Form({"give": None, "take": None})
    gate = blocked(state, Trade)
    controls: list[ft.Control] = [ft.Text("2. Trade (if you like): one token for one at the Trade Center")]
    if gate:
        controls.append(action_button("Trade", lambda: None, key="hc-trade", blocked=gate))
        return ft.Column(controls, spacing=4)
    who = state.citizen(turn.citizen)

    def trade() -> None:
        give, take = form.now("give"), form.now("take")
        if give and take and model.dispatch(Trade(give, take)):
            form.reset()

    give, take = form["give"], form["take"]
    controls += [
        chip_row(
            held_choices(who.tokens), give, partial(form.put, "give"), key="hc-trade-give", label="Give:"
        ),
        chip_row(
            held_choices(state.trade), take, partial(form.put, "take"), key="hc-trade-take", label="Take:"
        ),
        action_button(
            "Trade",
            trade,
            key="hc-trade",
            blocked=model.check(Trade(give, take)) if give and take else hint("Pick what to give and take."),
        ),
        rule_link(model, "hope-city/trade", key="hc-rule-trade"),
    ]
    return ft.Column(controls, spacing=4)


def move_step(model: AppModel, state: HopeCityState, turn: Turn) -> ft.Control:
    """The other spaces as one row of chips after the step's name, its rule link in the same row: shown with
    the wage taken, so they keep to two rows, and the objective's form below stays on the screen (a space the
    engine refuses is disabled, and why is said under them)."""
    who = state.citizen(turn.citizen)
    title = f"3. Move from {label(who.space or '')}:"
    gate = blocked(state, Move)
    if gate:
        return ft.Column(
            [ft.Text(title), line("hc-move-blocked", gate[0].message, 12, italic=True)], spacing=4
        )
    spaces = [s for s in COLOURS if s != who.space]
    chips = [
        (s, label(s) + (f": {punks_text(state.city.on(s))}" if state.city.on(s) else "")) for s in spaces
    ]
    rule = rule_link(model, "hope-city/move", key="hc-rule-move", text="Rule")
    why = {s: found[0].message for s in spaces if (found := model.check(Move(s)))}
    row = chip_row(
        chips,
        None,
        lambda s: model.dispatch(Move(s)),
        key="hc-move",
        label=title,
        tail=[rule],
        off=why.keys(),
    )
    if not why:
        return row
    refused = "\n".join(dict.fromkeys(why.values()))
    return ft.Column([row, line("hc-move-blocked", refused, 12, italic=True)], spacing=4)
