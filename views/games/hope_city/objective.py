"""A turn's objective: choose it (from its pile, the Major Objectives, the Future Track or, after LEAD, the
Fail pile, with the cost the card prints; a catalogued card is taken in the one tap that picks it), then put
it on the Future Track or say how it went; only the part open now is shown."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

import flet as ft

from trackers.hope_city.actions import ChooseObjective, Defer, Resolve
from trackers.hope_city.queries import CATALOGUE_KIND, OBJECTIVES, blocked, choose_from
from trackers.hope_city.state import ANY, COLOURS, TRACK_LETTERS, HopeCityState, Turn
from views.catalogue import beside, catalogued_card, use_catalogue
from views.forms import Form, rule_link, send_button
from views.games.hope_city.first_steps import done
from views.games.hope_city.parts import cost_text, dice_row, hint, label, objective_text
from views.model import AppModel
from views.widgets import Act, Entry, action_button, action_row, chip_row, keyed, tagged

NO_SECOND = "none"
SOURCE_NAMES = {
    "pile": "its pile",
    "major": "the Major Objectives",
    "track": "the Future Track",
    "fail": "the Fail pile (LEAD)",
}
MAJOR = "major"


def _sources(state: HopeCityState, turn: Turn, space: str) -> list[tuple[str, str]]:
    i = COLOURS.index(space)
    sources = [
        ("pile", f"{label(space)} pile ({state.piles.draw[i] + state.piles.aside[i]})"),
        (MAJOR, f"Major Objective ({state.piles.majors} left)"),
    ]
    sources += [
        (f"slot{n}", f"Track {TRACK_LETTERS[n - 1]}: {objective_text(card)}")
        for n, card in enumerate(state.track.cards, 1)
    ]
    if turn.lead:
        sources.append(("fail", f"{label(space)} Fail pile (LEAD)"))
    return sources


def _second_costs(source: str) -> list[tuple[str, str]]:
    """What the card costs besides 1 of its colour (the row's label says that part), or, from the Fail pile,
    a Major's one of each colour: short chips, so that the row keeps to two lines on a phone and the send
    button below stays on the screen with the move's spaces above."""
    seconds = [(NO_SECOND, "nothing more"), (ANY, "any one")]
    seconds += [(c, label(c)) for c in COLOURS]
    if source == "fail":
        seconds.append((MAJOR, "or it is a Major: one of each colour"))
    return seconds


def _choice(values: dict[str, Any], space: str) -> ChooseObjective | None:
    """The entry the picks make, or None while the cost is not picked."""
    source = values["source"]
    if source.startswith("slot"):
        return ChooseObjective("track", slot=int(source.removeprefix("slot")))
    if source == MAJOR:
        return ChooseObjective(MAJOR, COLOURS)
    second = values["second"]
    if second is None:
        return None
    cost = COLOURS if second == MAJOR else (space,) if second == NO_SECOND else (space, second)
    return ChooseObjective(source, cost)


def catalogued_text(card: Any) -> str:
    """A catalogued objective on its button: its name, then what it costs."""
    kind = "Major Objective" if card.major else f"{label(card.category)} objective"
    return f"{card.name}: {kind}, costing {cost_text(card.cost)}"


def _picked(form: Form, card: Any) -> str:
    """The picks a catalogued objective makes: a Major from the Major Objectives (or the Fail pile after
    LEAD), another from its pile (or the Fail pile) with its second cost. Returns where it is taken from."""
    source = form.now("source")
    if card.major:
        form.put_all(**({"second": MAJOR} if source == "fail" else {"source": MAJOR, "second": None}))
        return "fail" if source == "fail" else MAJOR
    second = card.cost[1] if len(card.cost) > 1 else NO_SECOND
    taken = source if source in ("pile", "fail") else "pile"
    form.put_all(source=taken, second=second)
    return taken


def _named(model: AppModel, action: ChooseObjective, name: str) -> ChooseObjective:
    """The typed objective under the catalogued name in the field above it, when that card is the one typed
    (its colour and cost): its reward or consequence is then offered after the attempt."""
    card = catalogued_card(model, CATALOGUE_KIND, OBJECTIVES, name.strip())
    if card is None or action.source == "track":
        return action
    named = replace(action, name=card.name)
    return named if choose_from(card, action.source) == named else action


def _as_card(values: dict[str, Any], space: str, name: str) -> dict[str, Any] | str:
    """The objective the picks describe, as the catalogue holds it, or why the picks describe none."""
    source, second = values["source"], values["second"]
    if source == MAJOR or second == MAJOR:
        return {"name": name, "major": True}
    if source.startswith("slot"):
        return "a card on the Future Track was entered when it was taken; pick its pile and its cost."
    if second is None:
        return "pick what the card costs first."
    cost = [space] if second == NO_SECOND else [space, second]
    return {"name": name, "category": space, "cost": cost}


@ft.component
def ChooseStep(model: AppModel, state: HopeCityState, turn: Turn) -> ft.Control:
    form = Form({"source": "pile", "second": None})
    name = Entry()
    title = ft.Text("5. Choose an objective of your space's colour")
    gate = blocked(state, ChooseObjective)
    if gate:
        return ft.Column(
            [title, action_button("Take this objective", lambda: None, key="hc-obj-choose", blocked=gate)]
        )
    space = state.citizen(turn.citizen).space or ""

    def choose() -> None:
        action = _choice(form.latest.value, space)
        if action is not None and model.dispatch(_named(model, action, name.value)):
            form.reset()

    def take(card: Any) -> None:
        """A catalogued card is taken as it is picked (its cost is known); a refusal says why, and leaves
        the picks it made on the form."""
        if model.dispatch(choose_from(card, _picked(form, card))):
            form.reset()

    source = form["source"]
    catalogue = use_catalogue(
        model,
        CATALOGUE_KIND,
        OBJECTIVES,
        prefix="hc-obj-catalogue",
        offered=lambda card: card.major or card.category == space,
        label=catalogued_text,
        pick=take,
        typed=lambda typed: _as_card(form.latest.value, space, typed),
        name=name,
    )
    controls: list[ft.Control] = [
        title,
        catalogue.picker,
        chip_row(
            _sources(state, turn, space),
            source,
            lambda s: form.put_all(source=s, second=None),
            key="hc-obj-source",
            label="From:",
        ),
    ]
    if source in ("pile", "fail"):
        controls.append(
            chip_row(
                [(c, text) for c, text in _second_costs(source) if c != space],
                form["second"],
                partial(form.put, "second"),
                key="hc-obj-cost",
                label=f"Costs 1 {label(space)} and:",
            )
        )
    elif source == MAJOR:
        controls.append(ft.Text("A Major Objective costs one token of each colour."))
    action = _choice(form.latest.shown, space)
    controls += [
        beside(
            action_button(
                "Take this objective",
                choose,
                key="hc-obj-choose",
                primary=True,
                blocked=model.check(action) if action else hint("Pick what the card costs."),
            ),
            catalogue.save,
            rule_link(model, "hope-city/objectives", key="hc-rule-objectives", text="Rule"),
        ),
    ]
    return ft.Column(controls, spacing=4)


def defer_part(model: AppModel, state: HopeCityState) -> ft.Control:
    """Put the unpaid card on the Future Track; when it is full, a die picks the card that fails."""
    track = state.track
    who = state.on_turn
    mobster = who is not None and who.id == "mayor" and not who.good
    text = "The card fails (no track for the Mobster)" if mobster else "Put it on the Future Track"
    button = send_button(model, text, Defer(), key="hc-defer", blocked=model.check(Defer()))
    if len(track.cards) < track.capacity or mobster or model.check(Defer()):
        return button
    return ft.Column(
        [
            button,
            dice_row(
                None,
                lambda n: model.dispatch(Defer(n)),
                key="hc-defer-roll",
                text="The track is full: Lantern rolls, or enter the die:",
            ),
        ],
        spacing=4,
    )


def objective_step(
    model: AppModel, state: HopeCityState, turn: Turn, attempt: ft.Control
) -> list[ft.Control]:
    """Steps 5 to 7, the part open now: choose the card; attempt it (`attempt`, the payment form) or defer
    it; then success or failure. Once it is done, one line and step 8, the card's text."""
    card = turn.objective
    if card is None and turn.objective_done:
        return [done("hc-objective-done", "5-7. Objective: done.")]
    if card is None:
        space = state.citizen(turn.citizen).space
        return [keyed(f"hc-choose-{state.year}-{turn.citizen}-{space}", ChooseStep, model, state, turn)]
    where = SOURCE_NAMES.get(card.source, card.source)
    steps: list[ft.Control] = [
        tagged("hc-objective", ft.Text(f"5. Objective: {objective_text(card)}, from {where}.", italic=True))
    ]
    if not card.paid:
        return [
            *steps,
            ft.Text(f"6. Attempt it (pay {cost_text(card.cost)}) or defer it"),
            attempt,
            defer_part(model, state),
        ]
    return [
        *steps,
        done("hc-attempt-done", "6. The cost is paid."),
        ft.Text("7. Did it succeed?"),
        action_row(
            [
                Act("Success", partial(model.dispatch, Resolve(True)), "hc-success", blocked(state, Resolve)),
                Act(
                    "Failure", partial(model.dispatch, Resolve(False)), "hc-failure", blocked(state, Resolve)
                ),
            ],
            key="hc-resolve",
        ),
        rule_link(model, "hope-city/objectives/achieve", key="hc-rule-achieve"),
    ]
