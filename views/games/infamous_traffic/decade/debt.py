"""What the table enters about money at the end of a decade: the tiles over the limit a firm returns, and,
when the board pack has no debt track, each compounded debt and each final debt penalty."""

from __future__ import annotations

import flet as ft

from trackers.infamous_traffic import queries
from trackers.infamous_traffic.actions import CompoundDebt, DebtPenalty, ReturnTiles
from trackers.infamous_traffic.state import PLAYER_TILES, InfamousTrafficState, Question
from views.forms import Form, form_stepper, rule_link
from views.games.infamous_traffic.china.parts import hint, money_text, tile_name
from views.model import AppModel
from views.widgets import action_button, heading, keyed, line


@ft.component
def ReturnsForm(model: AppModel, state: InfamousTrafficState, q: Question) -> ft.Control:
    firm = state.firm(q.player)
    form = Form(dict.fromkeys(PLAYER_TILES, 0))
    chosen = sum(int(form[k]) for k in PLAYER_TILES)

    def tiles() -> tuple[str, ...]:
        return tuple(k for k in PLAYER_TILES for _ in range(int(form.now(k))))

    def send() -> None:
        if model.dispatch(ReturnTiles(q.player, tiles())):
            form.reset()

    blocked = (
        model.check(ReturnTiles(q.player, tiles()))
        if chosen == q.count
        else hint(f"Choose {q.count} tile(s) to return: {chosen} chosen.")
    )
    return ft.Column(
        [
            heading(f"{q.player}: return {q.count} inactive tile(s)"),
            line(
                "it-returns", f"Over the tile limit: {q.count} tile(s) from holdings go back to the supply."
            ),
            *[
                form_stepper(
                    form,
                    k,
                    f"{tile_name(k)} (holds {firm.count(firm.holdings, k)})",
                    key=f"it-returns-{k}",
                    high=firm.count(firm.holdings, k),
                )
                for k in PLAYER_TILES
            ],
            action_button("Return these tiles", send, key="it-returns-send", primary=True, blocked=blocked),
            rule_link(model, "infamous-traffic/decade/books", key="it-rule-returns"),
        ],
        spacing=8,
    )


@ft.component
def CompoundForm(model: AppModel, state: InfamousTrafficState, player: str) -> ft.Control:
    debt = -state.firm(player).money
    form = Form({"debt": debt, "permanent": 0})
    action = CompoundDebt(player, int(form["debt"]), int(form["permanent"]))

    def send() -> None:
        model.dispatch(CompoundDebt(player, int(form.now("debt")), int(form.now("permanent"))))

    return ft.Column(
        [
            line(f"it-compound-{player}", f"{player}: {money_text(-debt)} before compounding."),
            form_stepper(form, "debt", "Debt after", key=f"it-compound-{player}-debt", low=debt),
            form_stepper(form, "permanent", "New permanent debt", key=f"it-compound-{player}-perm"),
            action_button(
                f"Enter {player}'s debt", send, key=f"it-compound-{player}-send", blocked=model.check(action)
            ),
        ],
        spacing=4,
    )


@ft.component
def PenaltyForm(model: AppModel, state: InfamousTrafficState, player: str) -> ft.Control:
    form = Form({"points": None})
    points = form["points"]

    def send() -> None:
        model.dispatch(DebtPenalty(player, int(form.now("points"))))

    blocked = (
        hint("Set the points lost.") if points is None else model.check(DebtPenalty(player, int(points)))
    )
    return ft.Column(
        [
            line(f"it-penalty-{player}", f"{player} ends on {money_text(state.firm(player).money)}."),
            form_stepper(form, "points", "Victory points lost", key=f"it-penalty-{player}-points"),
            action_button(
                f"Enter {player}'s penalty", send, key=f"it-penalty-{player}-send", blocked=blocked
            ),
        ],
        spacing=4,
    )


def compound_part(model: AppModel, state: InfamousTrafficState) -> list[ft.Control]:
    return [
        heading("Debt compounds"),
        ft.Text("The board pack has no debt track: read each marker's new space off the board."),
        *[keyed(f"it-compound-form-{p}", CompoundForm, model, state, p) for p in state.compound_due],
        rule_link(model, "infamous-traffic/decade/compound", key="it-rule-compound"),
    ]


def penalty_part(model: AppModel, state: InfamousTrafficState) -> list[ft.Control]:
    due = queries.penalty_due(state)
    return [
        heading("Final score: the debt penalty"),
        ft.Text("The board pack has no debt track: read what each final debt costs off the board."),
        *[keyed(f"it-penalty-form-{p}", PenaltyForm, model, state, p) for p in due],
        rule_link(model, "infamous-traffic/end", key="it-rule-penalty"),
    ]
