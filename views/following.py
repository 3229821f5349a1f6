"""A part of the game screen that follows the open game by itself, re-rendering when what it shows changes.

Handed down from the game screen, a value changed by an entry rebuilds every control on the way to the part
that shows it (the screen's columns, the cards around it): the server renders, diffs and sends them all
before the browser can show the new value. A part that picks its own value with `use_game` is told of
each entry directly and re-renders alone, and only when its pick changed: a point on the Score pad
rebuilds that player's score and the scores line, nothing around them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import flet as ft

from views.model import AppModel, Revision

T = TypeVar("T")
_NOTHING = object()


def use_game(model: AppModel, pick: Callable[[AppModel], T]) -> T:
    """What this component shows of the open game, picked afresh on every render; after an entry, the
    component re-renders when the pick differs (==) from what it shows. `pick` may take `model.game` as
    present: a part rendered once more after its game closed (Flet may) keeps what it showed."""
    shown: Any = ft.use_ref(_NOTHING)
    latest: Any = ft.use_ref(lambda: pick)  # given a function, use_ref would call it for the first value
    latest.current = pick
    _, redraw = ft.use_state(0)

    source: Any = ft.use_ref(None)  # the session picked from: another one (a game reloaded) is redrawn

    def changed(_sender: object, _field: str | None) -> None:
        game = model.game
        if game is not None and (
            game.session is not source.current or latest.current(model) != shown.current
        ):
            redraw(lambda n: n + 1)

    # The revision holds its listeners weakly: the ref keeps this one alive as long as the component.
    listener: Any = ft.use_ref(lambda: changed)
    revision = cast("ft.Observable", model.revision)
    ft.use_effect(lambda: revision.subscribe(listener.current), [])
    if model.game is None and shown.current is not _NOTHING:  # the game just closed: the part goes next
        return cast("T", shown.current)
    value = pick(model)
    shown.current = value
    source.current = None if model.game is None else model.game.session
    return value


def use_state_while(model: AppModel, reading: bool, shown: Callable[[AppModel], T]) -> T:
    """For a card that reads the open game's state whole while `reading` (one of its forms is open) and shows
    only `shown(model)` otherwise (its buttons and their reasons): it re-renders on every entry while
    reading, and otherwise only when what it shows differs. Returns what it shows (worked out once); the
    card reads the state itself after this."""
    picked = use_game(model, lambda m: _open_state(m) if reading else shown(m))
    return shown(model) if reading else cast("T", picked)


def _open_state(model: AppModel) -> object:
    assert model.game is not None
    state: object = model.game.session.state
    return state


@ft.component
def EveryEntry(
    model: AppModel, revision: Revision, part: Callable[..., ft.Control], args: tuple[object, ...] = ()
) -> ft.Control:
    """`part(model, state, *args)`, re-rendered on every entry (it is given the `revision`): for a part that
    reads the open game's state whole, so that it is all that re-renders, not the screen around it."""
    if model.game is None:  # the game was closed; the parent drops this component next
        return ft.Container()
    return part(model, model.game.session.state, *args)
