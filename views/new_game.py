"""New game: pick a registered game, the players, its options and, if wanted, a seed."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from functools import partial
from typing import Any, cast

import flet as ft

from trackers.core.game import GameModule, Option, SetupFix, setup_fix
from trackers.core.registry import GameEntry, entries, get_game
from trackers.services.storage import StorageError
from views.forms import rule_link
from views.model import AppModel
from views.widgets import (
    TOUCH,
    Entry,
    Latest,
    action_button,
    choice_row,
    heading,
    icon_action,
    switch_row,
    tagged,
)


def _usual_game(model: AppModel, registered: tuple[GameEntry, ...]) -> str:
    """The game played most recently, since a table usually starts the same one again; else the first."""
    try:
        recent = model.store.list_games()
    except (StorageError, sqlite3.Error):
        recent = []
    known = {g.id for g in registered}
    return next((info.game for info in recent if info.game in known), registered[0].id)


FOLDED_OVER = 4
"""A game with more options than this shows them folded: most tables start with the defaults."""


def _options_section(
    module: GameModule,
    values: dict[str, Any],
    shown: bool,
    flip: Callable[[], None],
    set_option: Callable[[str, Any], None],
    keep_option: Callable[[str, Any], None],
) -> list[ft.Control]:
    def controls(options: list[Option]) -> list[ft.Control]:
        return [
            control
            for o in options
            for control in (
                _option_control(o, values[o.key], set_option, keep_option),
                *([ft.Text(o.help, size=12, italic=True)] if o.help else []),
            )
        ]

    if len(module.options) <= FOLDED_OVER:
        return controls(list(module.options))
    main = [o for o in module.options if o.main]
    rest = [o for o in module.options if not o.main]
    changed = sum(values[o.key] != o.default for o in rest)
    head = "Other game options" if main else "Game options"
    label = (
        f"Hide the {head.lower()}" if shown else f"{head}: {changed} changed of {len(rest)} (tap to see them)"
    )
    toggle = action_button(label, flip, key="show-options", icon=ft.Icons.TUNE)
    return [*controls(main), toggle, *(controls(rest) if shown else [])]


def _option_control(option: Option, value: Any, set_value: Any, keep_value: Any) -> ft.Control:
    """Switches and choice buttons re-render at once; a typed number is only kept (see widgets.Entry)."""
    if option.kind == "bool":
        return switch_row(
            option.label, bool(value), lambda on: set_value(option.key, on), key=f"option-{option.key}"
        )
    if option.kind == "choice":
        return choice_row(
            option.label,
            [(c, c) for c in option.choices],
            str(value),
            lambda picked: set_value(option.key, picked),
            key=f"option-{option.key}",
        )
    return TypedField(
        option.label,
        str(value),
        lambda text: keep_value(option.key, _to_int(text)),
        f"option-{option.key}",
        key=f"typed-option-{option.key}",
        keyboard_type=ft.KeyboardType.NUMBER,
    )


@ft.component
def TypedField(
    label: str, value: str, keep: Callable[[str], None], field_key: str, **options: Any
) -> ft.Control:
    """One text field of a form whose fields come and go (players, options), with its own `Entry`."""
    return Entry(value).field(label, key=field_key, on_change=keep, **options)


def _to_int(text: str) -> int | str:
    try:
        return int(text.strip())
    except ValueError:
        return text


def default_names(count: int) -> list[str]:
    return [f"Player {n}" for n in range(1, count + 1)]


def sentence(reason: str) -> str:
    """A refusal as a sentence: set-up reasons are written as clauses ("every player needs a name")."""
    text = reason[:1].upper() + reason[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


@ft.component
def NewGame(model: AppModel) -> ft.Control:
    registered = entries()
    game = Latest(_usual_game(model, registered))
    module: GameModule = get_game(game.shown)
    names = Latest(default_names(max(module.min_players, min(2, module.max_players))))
    options = Latest(dict[str, Any]())
    seed = Entry()
    problem, set_problem = ft.use_state("")
    offer, set_offer = ft.use_state(cast(SetupFix | None, None))
    show_options = Latest(False)

    def fit() -> None:
        """Options the player count needs (alone, Blackout: Hong Kong's campaign) are picked at once."""
        fix = setup_fix(get_game(game.value), names.value, options.value)
        if fix is not None:
            options.set({**options.value, **dict(fix.options)})

    def resize(count: int) -> None:
        current = names.value
        names.set((current + default_names(count)[len(current) :])[:count])
        fit()

    def choose_game(new_id: str) -> None:
        chosen = get_game(new_id)
        game.set(new_id)
        options.set({})
        resize(min(max(len(names.value), chosen.min_players), chosen.max_players))

    def add_players(change: int) -> None:
        chosen = get_game(game.value)
        count = len(names.value) + change
        if chosen.min_players <= count <= chosen.max_players:
            resize(count)

    def set_name(index: int, value: str) -> None:
        current = names.value
        names.keep([*current[:index], value, *current[index + 1 :]])

    def name_keeper(index: int) -> Callable[[str], None]:
        return lambda text: set_name(index, text)

    def set_option(key: str, value: Any) -> None:
        options.set({**options.value, key: value})

    def keep_option(key: str, value: Any) -> None:
        options.keep({**options.value, key: value})

    def start() -> None:
        seed_raw = seed.value.strip()
        if seed_raw and not seed_raw.lstrip("-").isdigit():
            set_problem("The seed must be a whole number, or left empty for a random one.")
            return
        chosen_seed = int(seed_raw) if seed_raw else random.SystemRandom().randrange(2**31)
        reason = model.start_game(game.value, names.value, options.value, chosen_seed)
        set_problem(sentence(reason) if reason else "")
        fix = setup_fix(get_game(game.value), names.value, options.value)
        set_offer(fix if fix is not None and reason == fix.reason else None)

    def take(fix: SetupFix) -> None:
        options.set({**options.value, **dict(fix.options)})
        start()

    values = {o.key: options.value.get(o.key, o.default) for o in module.options}
    count = len(names.value)
    return ft.Column(
        [
            heading("New game"),
            ft.Row(
                [
                    action_button(
                        g.title, partial(choose_game, g.id), key=f"pick-{g.id}", primary=g.id == game.shown
                    )
                    for g in registered
                ],
                wrap=True,
            ),
            ft.Row(
                [
                    ft.Text(f"Players ({module.min_players}–{module.max_players})"),
                    icon_action(
                        ft.Icons.REMOVE,
                        "One player fewer",
                        lambda: add_players(-1),
                        key="players-fewer",
                        disabled=count <= module.min_players,
                        tally=True,
                    ),
                    tagged("player-count", ft.Text(str(count), size=20, weight=ft.FontWeight.BOLD)),
                    icon_action(
                        ft.Icons.ADD,
                        "One player more",
                        lambda: add_players(1),
                        key="players-more",
                        disabled=count >= module.max_players,
                        tally=True,
                    ),
                ]
            ),
            *[
                TypedField(
                    f"Player {i + 1}",
                    name,
                    name_keeper(i),
                    f"player-name-{i}",
                    key=f"typed-player-{i}",
                    height=TOUCH + 8,
                )
                for i, name in enumerate(names.value)
            ],
            *_options_section(
                module,
                values,
                show_options.shown,
                lambda: show_options.set(not show_options.value),
                set_option,
                keep_option,
            ),
            seed.field(
                "Seed (optional: the same seed gives the same draws)",
                key="seed",
                keyboard_type=ft.KeyboardType.NUMBER,
            ),
            tagged("new-game-problem", ft.Text(problem, color=ft.Colors.ERROR))
            if problem
            else ft.Container(),
            *(
                [
                    ft.Row(
                        [
                            action_button(
                                offer.offer, partial(take, offer), key="new-game-fix", primary=True
                            ),
                            rule_link(model, offer.rule, key="new-game-rule"),
                        ],
                        wrap=True,
                    )
                ]
                if problem and offer is not None
                else []
            ),
            ft.Row(
                [
                    action_button("Start", start, key="start-game", icon=ft.Icons.PLAY_ARROW, primary=True),
                    action_button("Cancel", lambda: model.go("games", "home"), key="cancel-new-game"),
                ]
            ),
        ],
        spacing=12,
    )
