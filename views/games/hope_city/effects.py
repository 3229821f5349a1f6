"""What the card says: an objective's reward or consequence, a chaos card or a Hope card, entered as the
table reads it. Pick the effect, then its few fields, then Apply (the engine says when it does not fit)."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from trackers.core.actions import Action
from trackers.hope_city import actions as ha
from trackers.hope_city.state import COLOURS, HOPE, HopeCityState
from views.forms import Form, rule_link
from views.games.hope_city.parts import (
    citizen_choices,
    dice_row,
    hint,
    label,
    punk_at,
    punk_choices,
    punk_name,
    purple_rows,
)
from views.games.hope_city.sets import punk_space_choices, talent_choices
from views.model import AppModel
from views.widgets import action_button, card, chip_row, heading

EFFECTS = (
    ("open", "Open the Future Track"),
    ("close", "Close the Future Track"),
    ("up", "Business Expansion up"),
    ("down", "Business Expansion down"),
    ("move_card", "Move a pile card"),
    ("gain", "Take a token"),
    ("lose", "Lose a token"),
    ("resist", "Resistance roll"),
    ("site", "City Site"),
    ("blight", "Urban Blight"),
    ("break_bad", "Break bad"),
    ("flip_good", "Turn good"),
    ("draw_hope", "Draw a Hope card"),
    ("play_hope", "Play a Hope card"),
    ("monument", "Place the monument"),
)
BY_CITIZEN: dict[str, type[ha.BreakBad | ha.FlipGood | ha.DrawHope | ha.PlayHope]] = {
    "break_bad": ha.BreakBad,
    "flip_good": ha.FlipGood,
    "draw_hope": ha.DrawHope,
    "play_hope": ha.PlayHope,
}
FIELDS: dict[str, Any] = {
    "citizen": None,
    "token": None,
    "category": None,
    "to": None,
    "punk": None,
    "die": None,
    "punk_from": None,
    "talent_from": None,
    "flip": None,
    "dice": {},
    "gang_up": False,
    "purple": None,
}
UNSEEN = "draw"


def _monument(state: HopeCityState, v: dict[str, Any]) -> Action | str:
    dice = v["dice"]
    count = state.city.total_punks
    if dice and len(dice) < count:
        return "Enter a die for every PUNK, or none to let Lantern roll."
    return ha.PlaceMonument(tuple(dice[i] for i in range(count)) if dice else (), v["flip"] or "")


def effect_action(state: HopeCityState, v: dict[str, Any]) -> Action | str:
    """The entry the form makes, or what is still to pick."""
    effect, citizen = v["effect"], v["citizen"]
    simple: dict[str, Action] = {
        "open": ha.OpenTrack(),
        "close": ha.CloseTrack(),
        "up": ha.Expand(1),
        "down": ha.Expand(-1),
        "site": ha.PlaceSite(v["punk_from"] or ""),
        "blight": ha.PlaceBlight(v["talent_from"] or ""),
    }
    if effect is None:
        return "Pick what the card does."
    if effect in simple:
        return simple[effect]
    if effect == "monument":
        return _monument(state, v)
    if effect == "move_card":
        if v["category"] is None or v["to"] is None:
            return "Pick the category and the pile the card goes to."
        return ha.MoveCard(v["category"], v["to"])
    if effect == "resist":
        space, punk = punk_at(state, v["punk"])
        if not punk:
            return "Pick the PUNK."
        return ha.Resist(space, punk, v["die"] or 0, v["gang_up"], v["purple"] or 0)
    if citizen is None:
        return "Pick the citizen."
    if effect == "gain":
        token = v["token"]
        return ha.GainToken(citizen, "" if token == UNSEEN else token) if token else "Pick the token."
    if effect == "lose":
        return ha.LoseToken(citizen, v["token"]) if v["token"] else "Pick the token."
    return BY_CITIZEN[effect](citizen)


def _fields(state: HopeCityState, form: Form) -> list[ft.Control]:
    effect = form["effect"]

    def chips(field: str, choices: list[tuple[str, str]], text: str) -> ft.Control:
        return chip_row(
            choices, form[field], lambda v: form.put(field, v), key=f"hc-effect-{field}", label=text
        )

    def set_die(i: int, n: int) -> None:
        form.put("dice", {**form.now("dice"), i: n})

    controls: list[ft.Control] = []
    if effect in ("gain", "lose", *BY_CITIZEN):
        controls.append(chips("citizen", citizen_choices(state.active), "Citizen:"))
    if effect == "gain":
        controls.append(
            chips("token", [*((c, label(c)) for c in COLOURS), (UNSEEN, "Unseen draw")], "Token:")
        )
    elif effect == "lose":
        controls.append(chips("token", [(c, label(c)) for c in (*COLOURS, HOPE)], "Token:"))
    elif effect == "move_card":
        controls.append(chips("category", [(c, label(c)) for c in COLOURS], "Category:"))
        controls.append(chips("to", [("success", "To Success"), ("fail", "To Fail")], "Move a card:"))
    elif effect == "resist":
        controls.append(chips("punk", punk_choices(state), "PUNK:"))
        controls.append(
            dice_row(
                form["die"], lambda n: form.put("die", n), key="hc-effect-die", text="Die (or Lantern rolls):"
            )
        )
        controls += purple_rows(state, form, key="hc-effect")
    elif effect == "site":
        controls.append(chips("punk_from", punk_space_choices(state), "A Punk leaves:"))
    elif effect == "blight":
        controls.append(chips("talent_from", talent_choices(state), "Talent lost by:"))
    elif effect == "monument":
        bad = [c for c in state.active if not c.good]
        if bad:
            controls.append(chips("flip", citizen_choices(bad), "In year 7, turn good:"))
        punks = [(s, p) for s in COLOURS for p in state.city.on(s)]
        dice = form["dice"]
        controls += [
            dice_row(
                dice.get(i),
                partial(set_die, i),
                key=f"hc-mon-die-{i}",
                text=f"{label(s)} {punk_name(p)} (from year 5; or Lantern rolls):",
            )
            for i, (s, p) in enumerate(punks)
        ]
    return controls


@ft.component
def EffectsScreen(model: AppModel, state: HopeCityState) -> ft.Control:
    form = Form({"effect": None, **FIELDS})

    def apply() -> None:
        action = effect_action(state, form.latest.value)
        if not isinstance(action, str) and model.dispatch(action):
            form.put_all(**FIELDS)

    action = effect_action(state, form.latest.shown)
    return card(
        heading("What the card says"),
        ft.Text("Card texts stay on the table: pick each thing the card does, one at a time."),
        chip_row(
            list(EFFECTS),
            form["effect"],
            lambda e: form.put_all(effect=e, **FIELDS),
            key="hc-effect",
            label="The card:",
        ),
        *_fields(state, form),
        action_button(
            "Apply",
            apply,
            key="hc-effect-apply",
            primary=True,
            blocked=hint(action) if isinstance(action, str) else model.check(action),
        ),
        ft.Row(
            [
                rule_link(model, "hope-city/objectives/achieve", key="hc-rule-effects"),
                rule_link(model, "hope-city/tracking", key="hc-rule-tracking"),
            ],
            wrap=True,
        ),
        key="hc-effects",
    )
