"""Unsettled: Blackout in play: LUNA's pursuit shown step by step, the Scarab, explorers and power."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import cast

import flet as ft

from trackers.core.actions import Action
from trackers.unsettled import actions as ua
from trackers.unsettled.queries import (
    blocked,
    card_label,
    out_of_turn,
    plan_step,
    steps_until_pause,
    turn_frames,
)
from trackers.unsettled.state import CARD_NOT_ENTERED, INCAPACITATED_CARDS, OTHER_CARD, ROOMS, UnsettledState
from views.forms import rule_link
from views.games.unsettled.map import SHORT, obstacle_lines, scarab_grid
from views.games.unsettled.setup import MapEditor, SetupPanel
from views.model import AppModel
from views.step import step_top
from views.widgets import (
    TOUCH,
    Act,
    Entry,
    action_button,
    action_row,
    card,
    choice_buttons,
    heading,
    switch_row,
    tagged,
)

FRAME_SECONDS = 0.45


def _last_luna_turn(model: AppModel) -> list[tuple[str, str]]:
    """Each step of LUNA's latest turn with the rules section it rests on (none once the game is closed)."""
    if model.game is None:
        return []
    history = model.game.session.history
    starts = [i for i, e in enumerate(history) if isinstance(e.action, ua.StartPursuit)]
    if not starts:
        return []
    return [
        (ev.text, str(dict(ev.data).get("rule", "unsettled/luna/pursuit")))
        for entry in history[starts[-1] :]
        for ev in entry.events
        if isinstance(entry.action, ua.StartPursuit | ua.PursuitStep)
    ]


@ft.component
def LunaCard(
    model: AppModel, state: UnsettledState, show: Callable[[UnsettledState | None], None]
) -> ft.Control:
    roll = Entry()
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    sides = state.settings.die_sides

    def entered() -> int | None:
        text = roll.value.strip()
        if text.isdigit() and 1 <= int(text) <= sides:
            return int(text)
        model.refuse(f"Enter the roll as a number from 1 to {sides}.", "unsettled/luna/pursuit")
        return None

    async def animate(before: UnsettledState) -> None:
        """Replay LUNA's path on the map one ire point at a time (the turn is already saved)."""
        if model.game is None:
            return
        rolled = model.game.session.history[-1].events[0].value("roll")
        for frame in turn_frames(before, int(rolled)):
            show(frame)
            await asyncio.sleep(FRAME_SECONDS)
        show(None)

    async def take_turn(value: int | None) -> None:
        before = state
        if model.dispatch(ua.StartPursuit(value, run=True)):
            roll.clear()
            await animate(before)

    async def run_turn() -> None:
        value = entered()
        if value is not None:
            await take_turn(value)

    async def roll_for_me() -> None:
        await take_turn(None)

    def step_mode() -> None:
        value = entered()
        if value is not None:
            model.dispatch(ua.StartPursuit(value))

    controls: list[ft.Control] = [
        ft.Row(
            [
                heading("LUNA"),
                tagged("ire", ft.Text(f"Ire {state.ire}", size=22, weight=ft.FontWeight.BOLD)),
                ft.Text(f"on {state.luna}"),
            ],
            wrap=True,
        ),
        tagged(
            "timeline",
            ft.Text(
                f"Timeline {state.timeline} / chaos at {state.settings.chaos_at} · "
                f"chaos card side {state.chaos_side}"
            ),
        ),
    ]
    if state.pursuit is not None:
        plan = plan_step(state)
        if plan.kind == "tie":
            controls.append(ft.Text(f"Equally short ways to {plan.target}: which way does LUNA go?"))
            controls.append(
                ft.Row(
                    [
                        action_button(
                            SHORT.get(c, c), partial(model.dispatch, ua.PursuitStep(c)), key=f"tie-{c}"
                        )
                        for c in plan.candidates
                    ],
                    wrap=True,
                )
            )
        else:
            controls.append(ft.Text(f"Pursuing {state.pursuit}; free actions are allowed between steps."))
            controls.append(
                ft.Row(
                    [
                        action_button("Next step", lambda: model.dispatch(ua.PursuitStep()), key="luna-next"),
                        action_button(
                            "Run to the end",
                            lambda: model.dispatch(*steps_until_pause(state)),
                            key="luna-run",
                            primary=True,
                        ),
                    ],
                    wrap=True,
                )
            )
    elif not state.pending_checks and not state.chaos_pending:
        controls.append(ft.Text(f"After {state.active_explorer.name} regroups:"))
        controls.append(
            ft.Row(
                [
                    roll.field(
                        f"Roll (1-{sides})",
                        key="luna-roll",
                        width=120,
                        height=TOUCH + 8,
                        keyboard_type=ft.KeyboardType.NUMBER,
                    ),
                    action_button(
                        "LUNA's turn", run_turn, key="luna-turn", primary=True, icon=ft.Icons.SMART_TOY
                    ),
                    action_button("Roll for me", roll_for_me, key="luna-roll-app", icon=ft.Icons.CASINO),
                    action_button("Step by step", step_mode, key="luna-step-mode"),
                ],
                wrap=True,
            )
        )
    steps = _last_luna_turn(model)
    if steps:
        controls.append(heading("LUNA's last turn"))
        controls.append(
            tagged(
                "luna-steps",
                ft.Column(
                    [ft.Text(f"{i}. {line}", size=13) for i, (line, _) in enumerate(steps, 1)], spacing=2
                ),
            )
        )
        rules = list(dict.fromkeys(rule for _, rule in steps))
        controls.append(
            ft.Row(
                [rule_link(model, rule, key=f"step-rule-{rule}") for rule in rules],
                wrap=True,
            )
        )
    return card(*controls, key="luna-card")


@ft.component
def PendingCard(model: AppModel, state: UnsettledState) -> ft.Control:
    if state.pending_checks:
        who, node = state.pending_checks[0]
        if state.settings.clumsy_faces == "ask":
            buttons = [
                action_button(
                    "Passed", lambda: model.dispatch(ua.ResolveClumsiness(failed=False)), key="clumsy-pass"
                ),
                action_button(
                    "Failed (+1 ire)",
                    lambda: model.dispatch(ua.ResolveClumsiness(failed=True)),
                    key="clumsy-fail",
                ),
            ]
        else:
            buttons = [
                action_button(
                    "Roll for me", lambda: model.dispatch(ua.ResolveClumsiness()), key="clumsy-roll"
                )
            ]
            buttons += [
                action_button(
                    str(n), partial(model.dispatch, ua.ResolveClumsiness(roll=n)), key=f"clumsy-{n}"
                )
                for n in range(1, state.settings.die_sides + 1)
            ]
        return card(
            tagged("pending-step", heading("Clumsiness check")),
            ft.Text(f"{who} entered unpowered {node}: roll a die."),
            ft.Row(buttons, wrap=True),
            key="pending-clumsiness",
        )
    if state.chaos_pending:
        return card(
            tagged("pending-step", heading("LUNA causes chaos")),
            ft.Text(f"Roll the discovery die (card side {state.chaos_side})."),
            ft.Row(
                [
                    action_button(str(n), partial(model.dispatch, ua.ResolveChaos(die=n)), key=f"chaos-{n}")
                    for n in (1, 2, 3)
                ]
                + [action_button("Roll for me", lambda: model.dispatch(ua.ResolveChaos()), key="chaos-roll")],
                wrap=True,
            ),
            key="pending-chaos",
        )
    return ft.Container()


MODES: dict[str, type[Action]] = {
    "Move": ua.Move,
    "Barricade": ua.Barricade,
    "Clear": ua.ClearPath,
    "Command LUNA": ua.CommandLuna,
}
"""What a tap on the map does in each mode: the mode's button is disabled, with why, while that is closed."""


@ft.component
def PlayPanel(model: AppModel, state: UnsettledState) -> ft.Control:
    acting, set_acting = ft.use_state(state.active_explorer.name)
    frame, set_frame = ft.use_state(cast("UnsettledState | None", None))
    mode, set_mode = ft.use_state("Move")
    asking, set_asking = ft.use_state(cast("tuple[str, str] | None", None))
    who = state.explorer(acting) if state.has_explorer(acting) else state.active_explorer
    here = who.node or ""

    def choose_acting(name: str) -> None:
        set_asking(None)  # a question about moving someone else goes with the choice of who acts
        set_acting(name)

    def tap(col: int, row: int, node: str | None) -> None:
        if node is None:
            return
        if mode == "Move":
            if out_of_turn(state, who.name) and not blocked(state, ua.Move):
                set_asking((who.name, node))  # another explorer's turn: only an effect moves them
                return
            set_asking(None)
            model.dispatch(ua.Move(who.name, node))
        elif mode == "Barricade":
            model.dispatch(ua.Barricade(who.name, node))
        elif mode == "Clear":
            count = state.graph.blockers(here, node) if state.graph.has_edge(here, node) else 0
            model.dispatch(ua.ClearPath(who.name, node, count))
        else:
            model.dispatch(ua.CommandLuna(who.name, node))

    on_node = state.traps_at(here)
    freeable = [e for e in state.explorers_at(here) if e.incapacitated and e.name != who.name]
    row = [
        Act(
            "Gain discovery",
            lambda: model.dispatch(ua.GainDiscovery(who.name)),
            "gain-discovery",
            blocked(state, ua.GainDiscovery),
        ),
        Act(
            "HOT-WIRE",
            lambda: model.dispatch(ua.HotWire(who.name)),
            "hot-wire",
            blocked(state, ua.HotWire),
            icon=ft.Icons.BOLT,
        ),
        Act(
            "Construct trap",
            lambda: model.dispatch(
                ua.ConstructTrap(who.name, state.trap_tray[0] if state.trap_tray else "no trap left")
            ),
            "construct-trap",
            blocked(state, ua.ConstructTrap),
        ),
    ]
    if who.traps:
        row.append(
            Act(
                f"Set {who.traps[0]}",
                lambda: model.dispatch(ua.PlaceTrap(who.name, who.traps[0])),
                "place-trap",
                blocked(state, ua.PlaceTrap),
            )
        )
    if on_node:
        row.append(
            Act(
                f"Pick up {on_node[0]}",
                lambda: model.dispatch(ua.PickUpTrap(who.name, on_node[0])),
                "pick-up-trap",
                blocked(state, ua.PickUpTrap),
            )
        )
    row += [
        Act(
            f"Free {e.name}",
            partial(model.dispatch, ua.FreeExplorer(e.name, who.name)),
            f"free-{e.name}",
            blocked(state, ua.FreeExplorer),
        )
        for e in freeable
    ]
    row.append(
        Act(
            "Advance timeline",
            lambda: model.dispatch(ua.AdvanceTimeline()),
            "advance-timeline",
            blocked(state, ua.AdvanceTimeline),
        )
    )
    return ft.Column(
        [
            PendingCard(model, state),
            LunaCard(model, state, set_frame),
            card(
                heading("The Scarab"),
                choice_buttons(
                    [(e.name, e.name) for e in state.explorers], who.name, choose_acting, key="acting"
                ),
                action_row(
                    [
                        Act(m, partial(set_mode, m), f"mode-{m}", blocked(state, kind), primary=m == mode)
                        for m, kind in MODES.items()
                    ],
                    key="modes",
                ),
                ft.Text(f"Tap a node: {mode.lower()} ({who.name} is on {here})."),
                scarab_grid(frame or state, tap),
                *[ft.Text(line, size=12) for line in obstacle_lines(state)],
                move_question(model, state, asking, set_asking),
                action_row(row, key="scarab-actions"),
                key="scarab-card",
            ),
            ExplorersCard(model, state),
            PowerCard(model, state),
            end_card(model, state),
        ],
        spacing=12,
    )


def move_question(
    model: AppModel,
    state: UnsettledState,
    asking: tuple[str, str] | None,
    set_asking: Callable[[tuple[str, str] | None], None],
) -> ft.Control:
    """A tap that would move an explorer on another's turn: say why it is unusual, then move or not."""
    why = out_of_turn(state, asking[0]) if asking is not None and state.has_explorer(asking[0]) else None
    if asking is None or why is None:
        return ft.Container()
    name, node = asking

    def move() -> None:
        set_asking(None)
        model.dispatch(ua.Move(name, node))

    return ft.Column(
        [
            tagged("move-question", ft.Text(f"Move {name} to {node}? {why}")),
            ft.Row(
                [
                    action_button(f"Move {name}", move, key="move-anyway", primary=True),
                    action_button("Cancel", lambda: set_asking(None), key="move-cancel"),
                ],
                wrap=True,
            ),
        ],
        spacing=4,
        key="move-question-column",
    )


CARD_CHOICES = [*((card.name, card.label) for card in INCAPACITATED_CARDS.values()), (OTHER_CARD, OTHER_CARD)]
"""The cards an incapacitated explorer may have drawn: those the planet prints (ENGAGED), then any other."""


@ft.component
def ExplorersCard(model: AppModel, state: UnsettledState) -> ft.Control:
    rows: list[ft.Control] = []
    for i, e in enumerate(state.explorers):
        entered = e.incapacitated not in (None, CARD_NOT_ENTERED)
        held = card_label(e.incapacitated) if entered and e.incapacitated else "card not entered yet"
        status = f"INCAPACITATED ({held})" if e.incapacitated else f"distress {e.distress}"
        extra = f" · discoveries {e.discoveries}" + (f" · carries {', '.join(e.traps)}" if e.traps else "")
        active = " (active)" if i == state.active else ""
        rows.append(tagged(f"explorer-{i}", ft.Text(f"{e.name} on {e.node}: {status}{extra}{active}")))
        if e.incapacitated is None:
            continue
        ask = (
            "Which incapacitated card did {} draw?"
            if not entered
            else "{}'s card (tap another to correct it):"
        )
        rows.append(tagged(f"card-question-{i}", ft.Text(ask.format(e.name), size=13)))
        rows.append(
            choice_buttons(
                CARD_CHOICES,
                e.incapacitated if entered else None,
                partial(_say_card, model, e.name, e.incapacitated),
                key=f"card-{i}",
            )
        )
    return card(heading("Explorers"), *rows, key="explorers")


def _say_card(model: AppModel, explorer: str, held: str, card: str) -> None:
    """Record the card the table drew; the card already recorded is left as it is."""
    if card != held:
        model.dispatch(ua.DrawIncapacitated(explorer, card))


def end_card(model: AppModel, state: UnsettledState) -> ft.Control:
    """How the game ended, as the table says: Lantern never ends a game of Unsettled itself."""
    why = blocked(state, ua.EndGame)
    return card(
        heading("End the game"),
        action_row(
            [
                Act("The explorers survived", lambda: model.dispatch(ua.EndGame(True)), "end-survived", why),
                Act("LUNA won", lambda: model.dispatch(ua.EndGame(False)), "end-luna-won", why),
            ],
            key="end-game",
        ),
        rule_link(model, "unsettled/end", key="rule-end"),
        key="end",
    )


@ft.component
def PowerCard(model: AppModel, state: UnsettledState) -> ft.Control:
    back = Entry(state.chaos_back_text)

    def set_power(node: str, on: bool) -> bool:
        return model.dispatch(ua.SetPower(node, on))

    switches = [
        switch_row(
            SHORT[n],
            n in state.powered,
            partial(set_power, n),
            key=f"power-{n}",
            inline=True,
        )
        for n in ROOMS
    ]
    systems = ", ".join(state.active_systems()) or "none"
    built = ", ".join(state.structures()) or "none"
    return card(
        heading("Power"),
        ft.Text(f"Active systems: {systems} · structures: {built}"),
        ft.Row(switches, wrap=True),
        ft.Row(
            [
                back.field(
                    "Chaos card, other side (type it in)", key="chaos-back", width=260, multiline=True
                ),
                action_button(
                    "Keep", lambda: model.dispatch(ua.SetChaosBackText(back.value)), key="chaos-back-save"
                ),
            ],
            wrap=True,
        ),
        key="power",
    )


@ft.component
def UnsettledPanel(model: AppModel) -> ft.Control:
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    state: UnsettledState = model.game.session.state
    body: ft.Control
    if state.phase == "map":
        body = MapEditor(model, state)
    elif state.phase == "setup":
        body = SetupPanel(model, state)
    else:
        body = PlayPanel(model, state)
    return ft.Column([step_top(model), body], spacing=12)
