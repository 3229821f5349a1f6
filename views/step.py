"""The step the table is at, kept in view.

When an entry, an undo or a redo moves the open game to another step (the game's `moment`: a phase, a
turn, a question), or Lantern drew, rolled or played something for the table, the game screen scrolls to
the top of the current step, just below the app bar that shows where the game stands. There each game's
panel puts `step_top`: what Lantern did (what it drew and what to do with the pieces), then the step's
own heading and form. A scroll the player makes by hand is kept until the step changes; once the game is
over, the results sheet at the screen's top is what comes into view instead.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import cast

import flet as ft

from trackers.core.game import TableNote
from views.following import use_game
from views.forms import rule_link
from views.model import AppModel
from views.scrolling import SCREEN_SCROLL
from views.widgets import card, heading, tagged

STEP = "step"
"""The scroll key of the current step's top: one on the game screen at a time."""
FOLLOW_DELAY_S = 0.05
"""After the entry's own re-renders (a panel bringing its step's screen back to its top goes first), so the
scroll lands on the step as it is now laid out."""
_scroll_key = cast("Callable[[str], ft.ScrollKey]", ft.ScrollKey)  # its constructor is made at run time


def step_top(model: AppModel) -> ft.Control:
    """Where the current step starts: a panel puts it just above the step's heading and form."""
    return ft.Container(LanternDid(model), key=_scroll_key(STEP))


def step_anchor() -> ft.Control:
    """The top of a step whose form must show whole on a phone (the rival's card): what Lantern did then
    goes below the form (`LanternDid`), not above it."""
    return ft.Container(key=_scroll_key(STEP))


def _notes(model: AppModel) -> tuple[TableNote, ...]:
    return () if model.game is None else model.table_notes()


@ft.component
def LanternDid(model: AppModel) -> ft.Control:
    """What Lantern drew, rolled or played in the latest step, each run of notes followed by what to do with
    them on the table, then the rules they follow: it stays until the next entry (the history keeps it for
    good)."""
    notes = use_game(model, _notes)
    if not notes:
        return ft.Container()
    rows: list[ft.Control] = [heading("What Lantern did")]
    start = 0  # the first note of the run of notes that share what to do on the table
    for i, note in enumerate(notes):
        # Said once under a run of notes that share it (each step of a rival's turn, each area survivors
        # emerge in), tagged by the run's first note: the card stays short enough for the step below to show.
        rows.append(tagged(f"lantern-did-{i}", ft.Text(note.said, weight=ft.FontWeight.BOLD)))
        if i + 1 < len(notes) and notes[i + 1].todo == note.todo:
            continue
        if note.todo:
            rows.append(tagged(f"lantern-todo-{start}", ft.Text(note.todo)))
        start = i + 1
    rules = dict.fromkeys(n.rule for n in notes if n.rule is not None)  # each rule linked once, in order
    links = [rule_link(model, rule, key=f"lantern-did-rule-{i}") for i, rule in enumerate(rules)]
    return card(*rows, ft.Row(links, wrap=True, run_spacing=0), key="lantern-did")


def _followed(model: AppModel) -> tuple[Hashable, ...]:
    """What brings the step into view when it changes: the step itself, and each new entry Lantern drew for
    (its notes stand at the step's top); nothing once the game is over (the results sheet comes first)."""
    if model.outcome() is not None:
        return ("over",)
    drawn = model.revision.number if model.table_notes() else 0
    return (model.moment(), drawn)


@ft.component
def FollowStep(model: AppModel) -> ft.Control:
    """Scrolls the game screen to the current step's top when the game moves on, and when a game already
    under way is opened (a new game opens at its top, where its first step is); shows nothing itself."""
    followed = use_game(model, _followed)
    scroll = ft.use_context(SCREEN_SCROLL)
    under_way = model.game is not None and model.game.session.cursor > 0
    first: tuple[Hashable, ...] | None = None if under_way else followed
    shown = ft.use_ref(first)

    def follow() -> None:
        if shown.current != followed and followed != ("over",):
            model.later(FOLLOW_DELAY_S, lambda: scroll.to_key(STEP))
        shown.current = followed

    ft.use_effect(follow, [followed])
    return ft.Container()
