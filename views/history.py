"""History: the open game's entries, newest first, with Undo and Redo one tap away.

The game screen shows the newest lines only (the newest block and the one before it, up to `BLOCK *
RECENT_BLOCKS`), and every line behind one tap: the browser draws every line on the screen again on each
frame of a tap (the button's ripple included), so a whole history of 400 lines made each tap of a long
game about 4 ms slower to show than the same tap at its start.

An entry must cost the same in a long game as in a short one. The browser rebuilds every control under
one that changed, and a list that gains an item counts as changed, so the lines are kept in small fixed
places: blocks of `BLOCK` lines, `SLOTS` blocks to a group, each block in a slot of its group that
exists (empty) before the block does. An entry then adds one line to a block of at most `BLOCK`, or
fills an empty slot; only every `BLOCK * SLOTS` entries does the list of groups itself grow.

Blocks and groups are nodes of their own in the semantics tree, so a new line on top moves a few nodes,
not every line below it, and each block is a layer of its own, so a new line repaints its block alone.
Lines, blocks, groups, the title and the buttons are memoised on their numbers and words: the server
re-renders only what an entry changed."""

from __future__ import annotations

import math
from collections.abc import Callable

import flet as ft

from views.model import AppModel, Revision
from views.widgets import REPAINT_APART, action_button, card, heading, keyed, memo, tagged

BLOCK = 10
SLOTS = 10
RECENT_BLOCKS = 2
Line = tuple[int, str, str]  # entry number, what was entered, what it did


@memo
@ft.component
def HistoryLine(index: int, text: str, outcome: str) -> ft.Control:
    return ft.ListTile(
        key=f"history-{index}",
        dense=True,
        leading=ft.Text(str(index), weight=ft.FontWeight.BOLD),
        title=ft.Text(text),
        subtitle=ft.Text(outcome) if outcome and outcome != text else None,
    )


def _apart(control: ft.Control) -> ft.Control:
    """A node of its own in the semantics tree, whose children are placed relative to it: when a line is
    added above, the browser moves this one node instead of every line under it."""
    return ft.Semantics(container=True, content=control)


@memo
@ft.component
def HistoryBlock(lines: tuple[Line, ...]) -> ft.Control:
    """A slot of its group: an empty container until its first line comes."""
    if not lines:
        return ft.Container()
    return ft.Container(
        _apart(
            ft.Column(
                [
                    keyed(f"history-{i}", HistoryLine, i, text, outcome)
                    for i, text, outcome in reversed(lines)
                ],
                spacing=8,
            )
        ),
        padding=ft.Padding.only(bottom=8),
        animate_opacity=REPAINT_APART,
    )


@memo
@ft.component
def HistoryGroup(blocks: tuple[tuple[Line, ...], ...]) -> ft.Control:
    """`SLOTS` places, newest first, the ones not reached yet empty."""
    slots: list[ft.Control] = [
        HistoryBlock(blocks[i] if i < len(blocks) else ()) for i in reversed(range(SLOTS))
    ]
    return _apart(ft.Column(slots, spacing=0))


def _groups(lines: list[Line]) -> list[ft.Control]:
    group = BLOCK * SLOTS
    return [
        keyed(
            f"history-group-{start}",
            HistoryGroup,
            tuple(tuple(lines[b : b + BLOCK]) for b in range(start, min(start + group, len(lines)), BLOCK)),
        )
        for start in reversed(range(0, len(lines), group))
    ]


@memo
@ft.component
def HistoryTitle(entries: int) -> ft.Control:
    return ft.Row(
        [
            heading("History"),
            tagged("history-count", ft.Text(f"{entries} entr{'y' if entries == 1 else 'ies'}")),
        ],
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
    )


@memo
@ft.component
def UndoRedoButtons(model: AppModel, can_undo: bool, can_redo: bool, redo_count: int) -> ft.Control:
    return ft.Row(
        [
            action_button("Undo", model.undo, key="history-undo", icon=ft.Icons.UNDO, disabled=not can_undo),
            action_button(
                f"Redo ({redo_count})" if redo_count else "Redo",
                model.redo,
                key="history-redo",
                icon=ft.Icons.REDO,
                disabled=not can_redo,
            ),
        ]
    )


def _recent(lines: list[Line]) -> list[ft.Control]:
    """`lines` (the newest blocks, from a block's start) in blocks keyed by their first line: an entry adds
    its line to the newest block, or starts a block on top as the oldest one shown goes."""
    return [
        keyed(f"history-block-{lines[start][0]}", HistoryBlock, tuple(lines[start : start + BLOCK]))
        for start in reversed(range(0, len(lines), BLOCK))
    ]


@memo
@ft.component
def ShowAll(entries: int, hidden: int, everything: bool, flip: Callable[[], None]) -> ft.Control:
    """How many older lines are behind the button, and the button that shows them (or hides them again)."""
    if everything:
        return action_button("Show the latest lines only", flip, key="history-all", icon=ft.Icons.UNFOLD_LESS)
    return ft.Column(
        [
            tagged("history-shown", ft.Text(f"The latest {entries - hidden} of {entries}.", italic=True)),
            action_button(f"Show all {entries} entries", flip, key="history-all", icon=ft.Icons.UNFOLD_MORE),
        ],
        spacing=8,
    )


@memo  # the body around it re-renders on every entry; the history only when its `log` moves
@ft.component
def History(model: AppModel, log: Revision) -> ft.Control:
    """Given the model's `log`, it follows each entry a moment after the entry's result shows."""
    everything, set_everything = ft.use_state(False)
    flip = ft.use_callback(lambda: set_everything(lambda now: not now), [])
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    session = model.game.session
    entries = session.cursor
    hidden = 0 if everything else max(0, (math.ceil(entries / BLOCK) - RECENT_BLOCKS) * BLOCK)
    lines = [
        (index, entry.text, "; ".join(e.text for e in entry.events if e.text))
        for index, entry in enumerate(session.history[hidden:], start=hidden + 1)
    ]
    listed = _groups(lines) if everything else _recent(lines)
    more = [ShowAll(entries, hidden, everything, flip)] if everything or hidden else []
    return card(
        HistoryTitle(entries),
        UndoRedoButtons(model, session.can_undo, session.can_redo, len(session.entries) - entries),
        *(listed or [ft.Text("Nothing entered yet.")]),
        *more,
        key="history",
    )
