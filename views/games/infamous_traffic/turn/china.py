"""The China actions besides Deploy: Adjust Price (a tile in holdings or an inactive chain, up or down by 1),
Influence (tap the pool dice to reroll) and Conspiracy (the bowls, each with its tiles and fee)."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.infamous_traffic.actions import AdjustPrice, Conspiracy, Influence
from trackers.infamous_traffic.state import PLAYER_TILES, InfamousTrafficState
from views.forms import Form, rule_link, toggle
from views.games.infamous_traffic.parts import DIE, name, own_tiles, piece_text, sequence_row
from views.model import AppModel
from views.widgets import Act, action_button, action_row, chip_row, heading, tagged

S = InfamousTrafficState
FEE_TILES = ("smuggler", "missionary")


def adjust_entry(state: S, target: str, step: int) -> AdjustPrice:
    """ "h:<kind>" for a tile in holdings, "c:<chain>:<space>" for one in a chain."""
    if target.startswith("h:"):
        return AdjustPrice(target[2:], step)
    cid, _, space = target[2:].rpartition(":")
    piece = state.chain(cid).tiles[int(space) - 1]
    return AdjustPrice(piece.kind if piece else "", step, cid, int(space))


@ft.component
def AdjustForm(model: AppModel, state: S, who: str) -> ft.Control:
    form = Form({"target": None})
    firm = state.firm(who)
    targets = [(f"h:{t}", f"{name(t)} in holdings") for t in PLAYER_TILES if firm.count(firm.holdings, t)]
    targets += [
        (f"c:{cid}:{sp}", f"{cid} space {sp}: {piece_text(p)}") for cid, sp, p in own_tiles(state, who)
    ]
    target = form["target"] if form["target"] in dict(targets) else None
    controls: list[ft.Control] = [
        heading("Adjust Price: swap a tile for one of its type worth 1 more or less"),
        chip_row(targets, target, partial(form.put, "target"), key="it-adjust-target", label="Which tile:")
        if targets
        else tagged("it-adjust-none", ft.Text(f"{who} has no tile in holdings or an inactive chain.")),
    ]
    if target is not None:
        controls.append(
            action_row(
                [
                    Act(
                        text,
                        partial(model.dispatch, adjust_entry(state, target, step)),
                        f"it-adjust-{word}",
                        model.check(adjust_entry(state, target, step)),
                        icon=icon,
                    )
                    for text, word, step, icon in (
                        ("Worth 1 more", "up", 1, ft.Icons.ARROW_UPWARD),
                        ("Worth 1 less", "down", -1, ft.Icons.ARROW_DOWNWARD),
                    )
                ],
                key="it-adjust-step",
            )
        )
    controls.append(rule_link(model, "infamous-traffic/actions/adjust-price", key="it-rule-adjust"))
    return ft.Column(controls, spacing=8)


@ft.component
def InfluenceForm(model: AppModel, state: S, who: str) -> ft.Control:
    form = Form({"dice": (), "faces": ()})
    most = 2 + sum(1 for c in state.firm(who).tableau if c.deck == "china")
    dice = tuple(sorted(form["dice"]))

    def send() -> None:
        chosen = tuple(sorted(form.now("dice")))
        model.dispatch(Influence(chosen, tuple(int(f) for f in form.now("faces"))))

    entry = Influence(dice, tuple(int(f) for f in form["faces"]))
    return ft.Column(
        [
            heading(f"Influence: reroll up to {most} pool dice, then Deploy for 1 debt"),
            ft.Row(
                [
                    toggle(
                        f"Die {i}: {face}",
                        i in dice,
                        partial(form.flip, "dice", i),
                        key=f"it-influence-die-{i}",
                    )
                    for i, face in enumerate(state.pool, 1)
                ],
                wrap=True,
            ),
            sequence_row(form, "faces", "Faces rolled", DIE, len(dice), key="it-influence-faces")
            if dice
            else ft.Container(),
            action_button(
                f"Reroll {len(dice)} {'die' if len(dice) == 1 else 'dice'}",
                send,
                key="it-influence-go",
                primary=True,
                icon=ft.Icons.CASINO,
                blocked=model.check(entry),
            ),
            rule_link(model, "infamous-traffic/actions/influence", key="it-rule-influence"),
        ],
        spacing=8,
    )


def bowl_text(i: int, tiles: tuple[str, ...]) -> str:
    fee = " (1 debt)" if any(t in FEE_TILES for t in tiles) else ""
    return f"Bowl {i}: {', '.join(name(t) for t in tiles)}{fee}"


def conspiracy_part(model: AppModel, state: S) -> ft.Control:
    empty = [str(i) for i, tiles in enumerate(state.bowls, 1) if not tiles]
    return ft.Column(
        [
            heading("Conspiracy: take a bowl and place its tiles"),
            action_row(
                [
                    Act(
                        bowl_text(i, tiles),
                        partial(model.dispatch, Conspiracy(i)),
                        f"it-bowl-{i}",
                        model.check(Conspiracy(i)),
                    )
                    for i, tiles in enumerate(state.bowls, 1)
                    if tiles
                ],
                key="it-bowls",
            ),
            tagged("it-bowls-empty", ft.Text(f"Empty: bowl {', '.join(empty)}.", size=13))
            if empty
            else ft.Container(),
            ft.Text(
                "A Smuggler or Missionary in the bowl costs 1 debt. A Deploy for 1 debt follows.", size=13
            ),
            rule_link(model, "infamous-traffic/actions/conspiracy", key="it-rule-conspiracy"),
        ],
        spacing=8,
    )
