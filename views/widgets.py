"""Small building blocks shared by every screen: big touch targets, tagged read-outs, fields that keep
what was typed, and entries shown as blocked with their reason."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, Generic, ParamSpec, TypeVar, cast

import flet as ft

from trackers.core.errors import Violation

TOUCH = 48
"""The smallest tappable target, in logical pixels (Material's minimum)."""
TALL_BUTTON = ft.ButtonStyle(
    padding=ft.Padding.symmetric(horizontal=16, vertical=14), visual_density=ft.VisualDensity.STANDARD
)
"""A one-line label and this padding make 48 px; a longer label wraps and the button grows, never clips.
The density is fixed because a desktop browser's (compact) takes 8 px off every button."""
T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R")


def tagged(identifier: str, control: ft.Control) -> ft.Control:
    """Give a read-out a stable identifier so tests (and screen readers) can find it."""
    return ft.Semantics(identifier=identifier, content=control)


def action_button(
    label: str,
    on_click: Callable[[], Any],
    *,
    key: str,
    icon: ft.IconData | None = None,
    primary: bool = False,
    disabled: bool = False,
    blocked: Sequence[Violation] = (),
    action: ft.ClientAction | None = None,
    tally: bool = False,
) -> ft.Control:
    """A button at least 48 px tall, as fingers holding game pieces need; a long label wraps.

    `blocked` is why the entry is not open now (a game's `queries.blocked(state, Kind)`): the button is
    then disabled with the first reason under it, so a player sees why before tapping. `action` is work
    the client does inside the tap itself, before `on_click` reaches the server (`ft.OpenUrl`,
    `ft.CopyToClipboard`): a browser allows a new tab or the clipboard only then. `tally` is for taps that
    come many in a row (see `tally_tap`).
    """
    kind = ft.FilledButton if primary else ft.OutlinedButton
    closed = disabled or bool(blocked)
    button: ft.Control = kind(
        label,
        icon=icon,
        key=None if tally else key,
        on_click=_handler(on_click),
        disabled=closed,
        style=TALL_BUTTON,
        action=action,
    )
    if tally:
        button = tally_tap(button, on_click, key=key, disabled=closed)
    if not blocked:
        return button
    reason = tagged(f"{key}-blocked", ft.Text(blocked[0].message, size=12, italic=True))
    return ft.Column([button, reason], spacing=2, tight=True, key=f"{key}-column")


def tally_tap(button: ft.Control, on_click: Callable[[], Any], *, key: str, disabled: bool) -> ft.Control:
    """`button` for taps that come many in a row (a score's +1, a stepper's - and +): a finger's tap goes
    to `on_click` through a plain tap area, without Material's ripple; the number it changes is its answer.

    Why: the ripple is drawn for about half a second after each tap, and a browser without a GPU draws the
    whole screen again for each of its frames, so the frame with the tap's result waited behind them (a
    Score pad "+1" took 19-23 ms to its new score, 15 ms without, as the bare counter does: `make bench`).
    The button itself only ignores the pointer: keyboard focus and Enter still reach it, and it looks as
    any other button does. A screen reader hears one control, the button's, named once: the tap area and
    the button are merged into one node (two would be an unnamed control inside a named one), whose tap
    is the tap area's.
    """
    return ft.MergeSemantics(
        ft.Container(
            ft.Container(button, ignore_interactions=True),
            key=key,
            on_click=None if disabled else _handler(on_click),
            ink=False,
            disabled=disabled,
        )
    )


@dataclass(frozen=True)
class Act:
    """One entry of an `action_row`: `action_button`'s arguments, `blocked` included."""

    label: str
    on_click: Callable[[], Any]
    key: str
    blocked: Sequence[Violation] = ()
    icon: ft.IconData | None = None
    primary: bool = False


def action_row(acts: Sequence[Act], *, key: str) -> ft.Control:
    """Entry buttons in a row that wraps, each one not open now disabled, with each different reason shown
    once under the row (tagged `<key>-blocked`): entries closed for one cause (a question waiting to be
    answered) would otherwise repeat it under every button."""
    row = ft.Row(
        [
            action_button(
                act.label,
                act.on_click,
                key=act.key,
                icon=act.icon,
                primary=act.primary,
                disabled=bool(act.blocked),
            )
            for act in acts
        ],
        wrap=True,
        key=key,
    )
    reasons = list(dict.fromkeys(act.blocked[0].message for act in acts if act.blocked))
    if not reasons:
        return row
    why = tagged(f"{key}-blocked", ft.Text("\n".join(reasons), size=12, italic=True))
    return ft.Column([row, why], spacing=2, tight=True, key=f"{key}-column")


def icon_action(
    icon: ft.IconData,
    label: str,
    on_click: Callable[[], Any],
    *,
    key: str,
    disabled: bool = False,
    tally: bool = False,
) -> ft.Control:
    """An icon button that screen readers (and browser tests) know by its label, said once: the button and
    the node tagged `key` are one; `tally` as in `action_button`."""
    button: ft.Control = ft.IconButton(
        icon,
        tooltip=None if tally else label,  # a tally's button takes no pointer, so no hover to show it on
        key=None if tally else key,
        on_click=_handler(on_click),
        disabled=disabled,
        width=TOUCH,
        height=TOUCH,
    )
    # Flet's Semantics says "enabled" unless it is disabled: merged, a closed button would be said as open.
    if tally:
        return tally_tap(
            ft.Semantics(label=label, identifier=key, disabled=disabled, content=button),
            on_click,
            key=key,
            disabled=disabled,
        )
    named_by_its_tooltip = ft.Semantics(identifier=key, disabled=disabled, content=button)
    return ft.MergeSemantics(named_by_its_tooltip)


def rule_link(text: str, on_open: Callable[[], Any], *, key: str) -> ft.Control:
    """A link to a rules section, as tall as any other tappable thing."""
    return ft.TextButton(
        text, icon=ft.Icons.MENU_BOOK, key=key, on_click=_handler(on_open), style=TALL_BUTTON
    )


def switch_row(
    label: str, value: bool, on_change: Callable[[bool], Any], *, key: str, inline: bool = False
) -> ft.Control:
    """A switch after its label, one node to a screen reader and at least 48 px tall.

    The label wraps rather than running off a narrow screen; `inline` keeps a short label at its own
    width, for switches set side by side in a wrapping row.
    """
    return ft.MergeSemantics(
        ft.Container(
            ft.Row(
                [
                    ft.Text(label, expand=not inline),
                    ft.Switch(value=value, key=key, on_change=lambda e: on_change(bool(e.control.value))),
                ],
                tight=inline,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            padding=ft.Padding.symmetric(vertical=4),
        )
    )


def _handler(fn: Callable[[], Any]) -> Callable[[Any], Any]:
    """Flet passes the event to one-argument handlers; our callbacks take none."""
    if inspect.iscoroutinefunction(fn):

        async def run_async(_: Any) -> None:
            await fn()

        return run_async
    return lambda _: fn()


def keyed(key: str, component: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
    """`component(*args, key=key, **kwargs)`: an `@ft.component` called with the identity key the renderer
    takes off its arguments. `ft.component` types the call with the function's own parameters, which have
    no `key`; this keeps those parameters checked and passes the key past them."""
    return cast("Callable[..., R]", component)(*args, key=key, **kwargs)


_MEMO: Callable[[Callable[..., Any]], Callable[..., Any]] = ft.memo


def memo(component: Callable[P, R]) -> Callable[P, R]:
    """An `@ft.component` that a re-rendering parent skips while its arguments equal (==) the last render's.

    Give it values (a seat, a score, a line of text), never something it reads the open game from: a
    skipped component keeps what it showed, and the handlers it made, from its last render (unless it
    follows the game by itself: views/following.py)."""
    return cast("Callable[P, R]", _MEMO(component))


@memo  # a read-out re-renders when its own text changes, not on every entry
@ft.component
def Line(identifier: str, text: str, size: int | None, italic: bool) -> ft.Control:
    return tagged(identifier, ft.Text(text, size=size, italic=italic))


def line(identifier: str, text: str, size: int | None = None, *, italic: bool = False) -> ft.Control:
    """A read-out tagged `identifier` (tests and screen readers find it), skipped while its text stays."""
    return keyed(identifier, Line, identifier, text, size, italic)


def heading(text: str) -> ft.Control:
    return ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD)


REPAINT_APART = ft.Animation(0)
"""Given as `animate_opacity` (the opacity stays 1), it makes the control a layer of its own in the
browser (Flutter's AnimatedOpacity is a repaint boundary): a button's ripple, or a changed line, then
repaints its card instead of the whole screen, on every frame of the animation."""


def card(*controls: ft.Control, key: str | None = None) -> ft.Control:
    return ft.Card(
        key=key,
        content=ft.Container(ft.Column(list(controls), spacing=8), padding=12),
        animate_opacity=REPAINT_APART,
    )


class Latest(Generic[T]):
    """Component state whose newest value any handler can read at once.

    A tap can reach the server before the re-render that follows typing, so handlers must not read
    values from a render's closure: they read `value`, which every change updates first. `keep`
    records a value without re-rendering (what a person types is already on their screen).
    """

    def __init__(self, initial: T) -> None:
        self.ref: Any = ft.use_ref(initial)
        self.shown, self._set_shown = ft.use_state(initial)

    @property
    def value(self) -> T:
        return cast(T, self.ref.current)

    def keep(self, value: T) -> None:
        self.ref.current = value

    def set(self, value: T) -> None:
        self.ref.current = value
        self._set_shown(value)


@dataclass
class _Typed:
    """What an Entry remembers between renders."""

    source: str  # the initial value it was given: when that changes, the field shows the new one
    text: str  # what to show while there is no field on screen yet
    field: ft.TextField | None = None  # the field the last render made: the one on screen


class Entry:
    """A free-text field that keeps what was typed in it, however often its screen re-renders.

    The client writes every keystroke into the field the last render made before any handler runs,
    so that field holds the truth: the next render copies its value (the diff then sends nothing, so
    the server never rewrites a field while someone types in it), and `value` reads it even before
    the change event arrives. A new `initial` (the state it shows changed: an undo, say) replaces the
    text; `clear` swaps in a fresh empty field, `show` one holding the given text. A hook: declare it once
    per field, unconditionally.
    """

    def __init__(self, initial: str = "") -> None:
        memory: Any = ft.use_ref(lambda: _Typed(initial, initial))
        self.typed: _Typed = memory.current
        if self.typed.source != initial:
            self.typed.source, self.typed.text, self.typed.field = initial, initial, None
        self.generation, self._set_generation = ft.use_state(0)

    @property
    def value(self) -> str:
        field = self.typed.field
        return self.typed.text if field is None else str(field.value or "")

    def clear(self) -> None:
        self.show("")

    def show(self, text: str) -> None:
        """Replace what the field holds with `text` (a fresh field, as the client's one holds the old)."""
        self.typed.text, self.typed.field = text, None
        self._set_generation(self.generation + 1)

    def field(
        self, label: str, *, key: str, on_change: Callable[[str], Any] | None = None, **options: Any
    ) -> ft.Control:
        """The field in a semantics container of its own, so nearby text is not merged into its label."""

        def changed(e: ft.Event[Any]) -> None:
            if on_change is not None:
                on_change(str(e.control.value or ""))

        field = ft.TextField(
            label=label,
            value=self.value,
            key=key if self.generation == 0 else f"{key}~{self.generation}",
            on_change=changed,
            **options,
        )
        self.typed.field = field
        return ft.Semantics(container=True, identifier=key, content=field)


def _bound(on_pick: Callable[[str], Any], value: str) -> Callable[[], Any]:
    """`on_pick` with its value fixed, still a coroutine function when it was one (so it is awaited)."""
    if inspect.iscoroutinefunction(on_pick):

        async def picked() -> None:
            await on_pick(value)

        return picked
    return lambda: on_pick(value)


def chosen(button: ft.Control, key: str) -> ft.Control:
    """The chosen one of a row of choices, said as chosen: a screen reader hears it as the current one
    (one node, the button's, marked current), where the eye sees it filled."""
    return ft.MergeSemantics(key=f"chosen-{key}", content=ft.Semantics(selected=True, content=button))


def _choices(
    choices: Sequence[tuple[str, str]], selected: str | None, on_pick: Callable[[str], Any], key: str
) -> list[ft.Control]:
    buttons: list[ft.Control] = []
    for value, text in choices:
        button = action_button(text, _bound(on_pick, value), key=f"{key}-{value}", primary=value == selected)
        buttons.append(chosen(button, f"{key}-{value}") if value == selected else button)
    return buttons


def choice_buttons(
    choices: Sequence[tuple[str, str]], selected: str | None, on_pick: Callable[[str], Any], *, key: str
) -> ft.Control:
    """One of a few (value, text) choices as big buttons, the chosen one filled: one tap, no menu to open,
    in a row that wraps, so a long or an added choice never runs off a narrow screen."""
    return ft.Row(_choices(choices, selected, on_pick, key), wrap=True, key=key)


def choice_row(
    label: str,
    choices: list[tuple[str, str]],
    selected: str | None,
    on_pick: Callable[[str], Any],
    *,
    key: str,
) -> ft.Control:
    """`choice_buttons` under their label."""
    return ft.Column(
        [ft.Text(label), ft.Row(_choices(choices, selected, on_pick, key), wrap=True)], spacing=4, key=key
    )


CHIP = ft.ButtonStyle(
    padding=ft.Padding.symmetric(horizontal=8, vertical=14),
    visual_density=ft.VisualDensity.STANDARD,
    text_style=ft.TextStyle(size=13),
)
"""`TALL_BUTTON` with a smaller label and less room beside it: 48 px tall still, and more choices a row."""


def chip_row(
    choices: Sequence[tuple[str, str]],
    selected: str | frozenset[str] | None,
    on_pick: Callable[[str], Any],
    *,
    key: str,
    label: str | None = None,
    tail: Sequence[ft.Control] = (),
    off: Collection[str] = (),
) -> ft.Control:
    """One of several short (value, text) choices as small buttons after an optional label, the chosen one
    filled: one tap where a stepper takes one per step. A one- or two-character choice (a number) is a 48 px
    square, so seven fit across a phone; the row wraps rather than run off a narrow screen, and so does a
    long label. Tagged `key`, so a test or a screen reader finds a number among the row it belongs to.
    `selected` may be a set: several parts of a form, each opened and closed by its own chip. `tail` follows
    the chips in the same row (a rule link), where a line of its own would make a form taller. The choices
    in `off` are shown disabled (the form says why near them)."""
    chips: list[ft.Control] = []
    for value, text in choices:
        on = value in selected if isinstance(selected, frozenset) else value == selected
        chip = (ft.FilledButton if on else ft.OutlinedButton)(
            text,
            key=f"{key}-{value}",
            on_click=_handler(_bound(on_pick, value)),
            style=CHIP,
            width=TOUCH if len(text) <= 2 else None,
            disabled=value in off,
        )
        chips.append(chosen(chip, f"{key}-{value}") if on else chip)
    lead: list[ft.Control] = [ft.Text(label)] if label else []
    row = ft.Row([*lead, *chips, *tail], wrap=True, spacing=4, run_spacing=4, key=key)
    return ft.Semantics(container=True, identifier=key, content=row)
