"""History: every entry of the open game, newest first, with Undo and Redo one tap away.

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

import flet as ft

from views.model import AppModel, Revision
from views.widgets import REPAINT_APART, action_button, card, heading, keyed, memo, tagged

BLOCK = 10
SLOTS = 10
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


@memo  # the body around it re-renders on every entry; the history only when its `log` moves
@ft.component
def History(model: AppModel, log: Revision) -> ft.Control:
    """Given the model's `log`, it follows each entry a moment after the entry's result shows."""
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    session = model.game.session
    lines = [
        (index, entry.text, "; ".join(e.text for e in entry.events if e.text))
        for index, entry in enumerate(session.history, start=1)
    ]
    return card(
        HistoryTitle(session.cursor),
        UndoRedoButtons(model, session.can_undo, session.can_redo, len(session.entries) - session.cursor),
        *(_groups(lines) or [ft.Text("Nothing entered yet.")]),
        key="history",
    )
