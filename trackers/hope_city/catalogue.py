"""The `hope-city.cards` pack: the objective cards a table has read once, each under a name it chose
(`trackers.core.catalogue`), so that a later game fills the objective's cost, and its reward or consequence,
from one.

Data: {"objectives": [{"name", "category", "major", "cost", "reward", "consequence"}, ...]}.
`category` is the card's colour (empty or left out for a Major Objective, which is taken where the citizen
stands); `cost` what it asks, as the objective entry takes it: 1 of its colour, or that and one more ("any"
or another colour), or for a Major one of each colour (`cost` then may be left out). `reward` and
`consequence` list what the card does, each step one of the generic entries with the fields the card
itself fixes: {"entry": "open_track" | "close_track" | "place_site" | "place_blight" | "resist" |
"break_bad" | "flip_good"}, {"entry": "expand", "step": 1 or -1}, {"entry": "move_card", "category",
"to": "success" or "fail"}, {"entry": "gain_token", "token": a colour, or empty for an unseen draw},
{"entry": "lose_token", "token": a colour or "hope"}. What the table chooses when it happens (which
citizen, which PUNK, the die) is given when the step is entered (`step_entry`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from trackers.core.actions import Action
from trackers.core.catalogue import MAX_LIST, CardList, Fields, cards_of, catalogue_pack, catalogue_problems
from trackers.core.packs import Pack, PackKind, register_pack_kind
from trackers.hope_city.actions import (
    BreakBad,
    ChooseObjective,
    CloseTrack,
    Expand,
    FlipGood,
    GainToken,
    LoseToken,
    MoveCard,
    OpenTrack,
    PlaceBlight,
    PlaceSite,
    Resist,
)
from trackers.hope_city.state import ANY, COLOURS, HOPE
from trackers.hope_city.turn import cost_shape

KIND = "hope-city.cards"
FIELDS = ("name", "category", "major", "cost", "reward", "consequence")
PLAIN = ("open_track", "close_track", "place_site", "place_blight", "resist", "break_bad", "flip_good")
ENTRIES = (*PLAIN, "expand", "move_card", "gain_token", "lose_token")
STEP_FIELDS = {
    "expand": ("step",),
    "move_card": ("category", "to"),
    "gain_token": ("token",),
    "lose_token": ("token",),
}


@dataclass(frozen=True)
class Step:
    """One thing a card does: a generic entry and the fields the card fixes."""

    entry: str
    step: int = 0
    category: str = ""
    to: str = ""
    token: str = ""


@dataclass(frozen=True)
class ObjectiveEntry:
    """An objective card as the table read it once."""

    name: str
    category: str
    cost: tuple[str, ...]
    major: bool = False
    reward: tuple[Step, ...] = ()
    consequence: tuple[Step, ...] = ()


def _step(raw: Any, where: str) -> Step:
    try:
        entry = Fields(raw, ("entry", "step", "category", "to", "token"), required=("entry",)).choice(
            "entry", ENTRIES
        )
        f = Fields(
            raw, ("entry", *STEP_FIELDS.get(entry, ())), required=("entry", *STEP_FIELDS.get(entry, ()))
        )
        if entry == "expand":
            step = f.whole("step", -1, 1)
            if step == 0:
                raise ValueError("'step' must be 1 (up) or -1 (down), not 0")
            return Step(entry, step=step)
        if entry == "move_card":
            return Step(entry, category=f.choice("category", COLOURS), to=f.choice("to", ("success", "fail")))
        if entry == "gain_token":
            return Step(entry, token=f.choice("token", ("", *COLOURS)))
        if entry == "lose_token":
            return Step(entry, token=f.choice("token", (*COLOURS, HOPE)))
        return Step(entry)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None


def card_from_json(data: Any) -> ObjectiveEntry:
    """Read one objective; raises ValueError naming the field."""
    f = Fields(data, FIELDS)
    name = f.name()
    major = f.flag("major")
    if not major and (missing := [k for k in ("category", "cost") if k not in f.data]):
        raise ValueError("; ".join(f"{k!r} is missing" for k in missing))
    category = f.choice("category", ("",) if major else COLOURS, "")
    cost = f.choices("cost", (*COLOURS, ANY), len(COLOURS)) if "cost" in f.data else COLOURS
    if problems := cost_shape(category, cost, major):
        raise ValueError(f"'cost' does not fit: {problems[0].message.rstrip('.')}")
    reward, consequence = (
        tuple(_step(s, f"{field} step {n}") for n, s in enumerate(f.objects(field, 0, MAX_LIST), 1))
        for field in ("reward", "consequence")
    )
    return ObjectiveEntry(name, category, COLOURS if major else cost, major, reward, consequence)


def _step_to_json(step: Step) -> dict[str, Any]:
    fields = {"step": step.step, "category": step.category, "to": step.to, "token": step.token}
    return {"entry": step.entry, **{k: fields[k] for k in STEP_FIELDS.get(step.entry, ())}}


def card_to_json(card: ObjectiveEntry) -> dict[str, Any]:
    return {
        "name": card.name,
        "category": card.category,
        "major": card.major,
        "cost": list(card.cost),
        "reward": [_step_to_json(s) for s in card.reward],
        "consequence": [_step_to_json(s) for s in card.consequence],
    }


OBJECTIVES = CardList("objectives", "objective", card_from_json, card_to_json)


def catalogue_problems_of(data: Any) -> list[str]:
    """Pack validation (caps, strict types, one card a name: `trackers.core.catalogue`)."""
    return catalogue_problems(data, (OBJECTIVES,))


CATALOGUE = register_pack_kind(PackKind(KIND, 1, "Hope City card catalogue", catalogue_problems_of))


def catalogue(name: str, objectives: Sequence[ObjectiveEntry]) -> Pack:
    """The catalogue as a pack, held to the checks of an imported file (raises PackError)."""
    return catalogue_pack(CATALOGUE, name, {OBJECTIVES: objectives})


def objectives_in(pack: Pack) -> tuple[ObjectiveEntry, ...]:
    return cards_of(pack, CATALOGUE, OBJECTIVES)


def choose_from(card: ObjectiveEntry, source: str = "pile") -> ChooseObjective:
    """The objective taken from `source` (its pile, the Major Objective pile, the Fail pile after LEAD) with
    its cost as catalogued: the engine then checks it against the space's colour, and the payment against
    it. Its name goes with it, so that its reward or consequence is offered after the attempt."""
    return ChooseObjective(source, card.cost, name=card.name)


def outcome(card: ObjectiveEntry, success: bool) -> tuple[Step, ...]:
    """What the card does after the attempt: its reward, or its consequence."""
    return card.reward if success else card.consequence


def step_entry(
    step: Step,
    *,
    citizen: str = "",
    space: str = "",
    punk: str = "",
    die: int = 0,
    punk_from: str = "",
    talent_from: str = "",
    gang_up: bool = False,
    purple: int = 0,
) -> Action:
    """The entry of one step, with what the table chose when it happened (the citizen it reaches, the PUNK
    resisted and the die, with the purple die GANG UP adds, where a Punk leaves or a talent is lost)."""
    entries: dict[str, Action] = {
        "open_track": OpenTrack(),
        "close_track": CloseTrack(),
        "expand": Expand(step.step),
        "move_card": MoveCard(step.category, step.to),
        "gain_token": GainToken(citizen, step.token),
        "lose_token": LoseToken(citizen, step.token),
        "resist": Resist(space, punk, die, gang_up, purple),
        "place_site": PlaceSite(punk_from),
        "place_blight": PlaceBlight(talent_from),
        "break_bad": BreakBad(citizen),
        "flip_good": FlipGood(citizen),
    }
    return entries[step.entry]


def entered(step: Step, action: Action) -> bool:
    """`action` is the step's entry: its kind, with the fields the card fixes (whatever the table chose)."""
    own = step_entry(step)
    return type(action) is type(own) and all(
        getattr(action, field) == getattr(own, field) for field in STEP_FIELDS.get(step.entry, ())
    )


def steps_left(steps: Sequence[Step], entries: Sequence[Action]) -> tuple[int, ...]:
    """The places in `steps` of those no entry of `entries` (made since the attempt was resolved) is yet,
    each entry standing for one step, the first it fits."""
    left = list(range(len(steps)))
    for action in entries:
        if (i := next((i for i in left if entered(steps[i], action)), None)) is not None:
            left.remove(i)
    return tuple(left)
