"""Step 8 for a catalogued objective: its reward (on a success) or its consequence (on a failure), each step
one tap on what the table chooses when it happens (the citizen, the space a Punk leaves, who loses a talent,
the PUNK resisted and its die), sending the generic entry with the card's own fields. A step is shown done
once an entry made after the outcome is it, so an undo offers it again."""

from __future__ import annotations

from functools import partial

import flet as ft

from trackers.core.actions import Action
from trackers.core.wording import a_or_an
from trackers.hope_city.actions import Resolve
from trackers.hope_city.queries import (
    CATALOGUE_KIND,
    OBJECTIVES,
    CardStep,
    ObjectiveEntry,
    outcome,
    small_punk_spaces,
    step_entry,
    steps_left,
    talent_holders,
)
from trackers.hope_city.state import HopeCityState, Turn
from views.catalogue import catalogued_card
from views.forms import Form
from views.games.hope_city.first_steps import done
from views.games.hope_city.parts import PURPLE, dice_row, label, punk_at, punk_choices, purple_rows
from views.model import AppModel
from views.widgets import Act, action_button, action_row, chip_row, keyed, tagged

BY_CITIZEN = ("gain_token", "lose_token", "break_bad", "flip_good")
PLAIN_TEXT = {
    "open_track": "Open the Future Track",
    "close_track": "Close the Future Track",
    "resist": "Resistance roll",
    "place_site": "City Site",
    "place_blight": "Urban Blight",
    "break_bad": "Break bad",
    "flip_good": "Turn good",
}


def step_text(step: CardStep) -> str:
    """A step as the card's list says it."""
    if step.entry == "expand":
        return f"Business Expansion {'up' if step.step > 0 else 'down'}"
    if step.entry == "move_card":
        return f"Move a {label(step.category)} card to its {step.to.capitalize()} pile"
    if step.entry == "gain_token":
        return f"Take {a_or_an(label(step.token))} token" if step.token else "Take a token drawn unseen"
    if step.entry == "lose_token":
        return f"Lose {a_or_an(label(step.token))} token"
    return PLAIN_TEXT[step.entry]


def catalogued(model: AppModel, turn: Turn) -> ObjectiveEntry | None:
    """The catalogued card the turn's resolved objective was taken as, if the catalogue still holds it."""
    card = turn.resolved
    if card is None or not card.name:
        return None
    entry: ObjectiveEntry | None = catalogued_card(model, CATALOGUE_KIND, OBJECTIVES, card.name)
    return entry


def _since_outcome(model: AppModel) -> list[Action]:
    """The entries made since the turn's objective was resolved."""
    history = model.game.session.history if model.game is not None else ()
    at = max((i for i, e in enumerate(history) if isinstance(e.action, Resolve)), default=len(history))
    return [e.action for e in history[at + 1 :]]


def _choices(state: HopeCityState, step: CardStep) -> list[tuple[str, str, Action]]:
    """What the table chooses when the step happens (value, text), each with the entry it makes (none: the
    step is one button)."""
    if step.entry in BY_CITIZEN:
        return [(c.id, c.name, step_entry(step, citizen=c.id)) for c in state.active]
    if step.entry == "place_site":
        return [(s, label(s), step_entry(step, punk_from=s)) for s in small_punk_spaces(state.city)]
    if step.entry == "place_blight":
        return [
            (h, "The monument" if h == "monument" else state.citizen(h).name, step_entry(step, talent_from=h))
            for h in talent_holders(state)
        ]
    return []


@ft.component
def ResistStep(model: AppModel, state: HopeCityState, step: CardStep, prefix: str) -> ft.Control:
    """Which PUNK the roll is against, the purple die where the Coach holds it (GANG UP), then the die (or
    Lantern rolls)."""
    form = Form({"punk": None, **PURPLE})
    space, punk = punk_at(state, form["punk"])

    def entry(die: int) -> Action:
        purple = form.now("purple") or 0
        return step_entry(step, space=space, punk=punk, die=die, gang_up=form.now("gang_up"), purple=purple)

    def roll(die: int) -> None:
        if punk:
            model.dispatch(entry(die))

    pick = partial(form.put, "punk")
    controls: list[ft.Control] = [
        chip_row(punk_choices(state), form["punk"], pick, key=f"{prefix}-punk", label="PUNK:")
    ]
    if punk:
        controls += purple_rows(state, form, key=prefix)
        controls += [
            dice_row(None, roll, key=f"{prefix}-die", text="The die:"),
            action_button("Lantern rolls", partial(roll, 0), key=prefix, blocked=model.check(entry(0))),
        ]
    return ft.Column(controls, spacing=4)


def _step(model: AppModel, state: HopeCityState, turn: Turn, i: int, step: CardStep) -> ft.Control:
    key = f"hc-card-step-{i}"
    text = step_text(step)
    if step.entry == "resist":
        resist = keyed(f"hc-card-resist-{state.year}-{turn.citizen}-{i}", ResistStep, model, state, step, key)
        return ft.Column([ft.Text(f"{text}:"), resist], spacing=4)
    choices = _choices(state, step)
    if not choices:
        action = step_entry(step)
        return action_button(text, partial(model.dispatch, action), key=key, blocked=model.check(action))
    acts = [
        Act(text, partial(model.dispatch, action), f"{key}-{value}", model.check(action))
        for value, text, action in choices
    ]
    return ft.Column([ft.Text(f"{text}:"), action_row(acts, key=key)], spacing=4)


def card_steps(model: AppModel, state: HopeCityState, turn: Turn) -> list[ft.Control]:
    """The catalogued card's reward or consequence: each step still to enter, and those entered one line
    each (nothing when the objective was typed by hand, or its card is no longer catalogued)."""
    card = catalogued(model, turn)
    if card is None:
        return []
    steps = outcome(card, turn.succeeded)
    what = "reward" if turn.succeeded else "consequence"
    if not steps:
        return [tagged("hc-card-steps", ft.Text(f"8. {card.name}: the catalogue lists no {what}."))]
    left = steps_left(steps, _since_outcome(model))
    controls: list[ft.Control] = [tagged("hc-card-steps", ft.Text(f"8. {card.name}'s {what}:"))]
    for i, step in enumerate(steps):
        if i in left:
            controls.append(_step(model, state, turn, i, step))
        else:
            controls.append(done(f"hc-card-step-{i}-done", f"{step_text(step)}: entered."))
    return controls
