"""The `blackout-hk.cards` pack: the cards and scout tiles a table has read once, each under a name it chose
(`trackers.core.catalogue`), so that a later game fills an entry from one instead of retyping it.

Data: {"cards": [card, ...], "tiles": [tile, ...]}, both optional.

A card: {"name", "colour" (a volunteer's: red, yellow or blue; empty for a specialist or a plan), "cubes"
(a volunteer's printed cubes, 1 to 3; 0 for any other card), "goals" (1 to 6, each {"pay", "hkd", "points",
"gps", "transport", "batteries", "gain", "place", "slot_colours"}: the fields of `actions.GoalEffects`),
"perk" and "icons" (a plan's lasting effect and search icons in the check-mark area)}.
A tile: {"name", "simple", "advanced" (its two challenges), "reward" (the reward type), "simple_amount",
"advanced_amount" (what each challenge gives), "back_icons" (the search icons on its back)}.

A field left out of a goal takes the entry's default (nothing paid, nothing gained). The ranges are the
entries' own (`guards`), so a card the catalogue accepts fills an entry the engine reads; what the card says
the rules depend on (its payment, its slot colours) the engine then checks against the player's table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from trackers.blackout_hk.actions import Buy, CompleteGoal, Procure, Scout
from trackers.blackout_hk.guards import (
    AMOUNT,
    BACK,
    CARD_CUBES,
    CHALLENGE,
    GAIN,
    GOAL,
    ICONS,
    PLACE,
    TOKENS,
)
from trackers.blackout_hk.state import DICE, PERKS, PROBE, RESOURCES, REWARDS
from trackers.core.catalogue import CardList, Fields, cards_of, catalogue_pack, catalogue_problems
from trackers.core.errors import TableError
from trackers.core.limits import Count
from trackers.core.packs import Pack, PackKind, register_pack_kind

KIND = "blackout-hk.cards"
GOAL_FIELDS = ("pay", "hkd", "points", "gps", "transport", "batteries", "gain", "place", "slot_colours")
SLOT_COLOURS = 4


@dataclass(frozen=True)
class Goal:
    """One goal as printed: what it costs and gives, and the colours one slot must hold (optional)."""

    pay: tuple[str, ...] = ()
    hkd: int = 0
    points: int = 0
    gps: int = 0
    transport: int = 0
    batteries: int = 0
    gain: tuple[str, ...] = ()
    place: int = 0
    slot_colours: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardEntry:
    """A card of the display as the table read it once."""

    name: str
    goals: tuple[Goal, ...]
    colour: str = ""
    cubes: int = 0
    perk: str = ""
    icons: int = 0


@dataclass(frozen=True)
class TileEntry:
    """A scout tile as the table read it once."""

    name: str
    simple: int
    advanced: int
    reward: str
    simple_amount: int = 0
    advanced_amount: int = 0
    back_icons: int = 0


def _ranged(fields: Fields, field: str, count: Count) -> int:
    return fields.whole(field, count.low, count.high)


def _goal(raw: Any, number: int) -> Goal:
    try:
        f = Fields(raw, GOAL_FIELDS, required=())
        return Goal(
            pay=f.choices("pay", (*RESOURCES, "battery")),
            hkd=_ranged(f, "hkd", AMOUNT),
            points=_ranged(f, "points", GAIN),
            gps=_ranged(f, "gps", GAIN),
            transport=_ranged(f, "transport", TOKENS),
            batteries=_ranged(f, "batteries", GAIN),
            gain=f.choices("gain", RESOURCES),
            place=_ranged(f, "place", PLACE),
            slot_colours=f.choices("slot_colours", DICE, SLOT_COLOURS),
        )
    except ValueError as error:
        raise ValueError(f"goal {number}: {error}") from None


def card_from_json(data: Any) -> CardEntry:
    """Read one card; raises ValueError naming the field."""
    f = Fields(data, ("name", "colour", "cubes", "goals", "perk", "icons"), required=("name", "goals"))
    name = f.name()
    colour = f.choice("colour", ("", *DICE), "")
    cubes = _ranged(f, "cubes", CARD_CUBES) if colour else f.whole("cubes", 0, 0)
    goals = tuple(_goal(g, n) for n, g in enumerate(f.objects("goals", GOAL.low, GOAL.high), 1))
    return CardEntry(
        name, goals, colour, cubes, f.choice("perk", tuple(PERKS), ""), _ranged(f, "icons", ICONS)
    )


def card_to_json(card: CardEntry) -> dict[str, Any]:
    return {
        "name": card.name,
        "colour": card.colour,
        "cubes": card.cubes,
        "goals": [
            {
                "pay": list(g.pay),
                "hkd": g.hkd,
                "points": g.points,
                "gps": g.gps,
                "transport": g.transport,
                "batteries": g.batteries,
                "gain": list(g.gain),
                "place": g.place,
                "slot_colours": list(g.slot_colours),
            }
            for g in card.goals
        ],
        "perk": card.perk,
        "icons": card.icons,
    }


def tile_from_json(data: Any) -> TileEntry:
    """Read one scout tile; raises ValueError naming the field."""
    f = Fields(
        data,
        ("name", "simple", "advanced", "reward", "simple_amount", "advanced_amount", "back_icons"),
        required=("name", "simple", "advanced", "reward"),
    )
    return TileEntry(
        f.name(),
        _ranged(f, "simple", CHALLENGE),
        _ranged(f, "advanced", CHALLENGE),
        f.choice("reward", REWARDS),
        _ranged(f, "simple_amount", GAIN),
        _ranged(f, "advanced_amount", GAIN),
        _ranged(f, "back_icons", BACK),
    )


def tile_to_json(tile: TileEntry) -> dict[str, Any]:
    return {
        "name": tile.name,
        "simple": tile.simple,
        "advanced": tile.advanced,
        "reward": tile.reward,
        "simple_amount": tile.simple_amount,
        "advanced_amount": tile.advanced_amount,
        "back_icons": tile.back_icons,
    }


CARDS = CardList("cards", "card", card_from_json, card_to_json)
TILES = CardList("tiles", "scout tile", tile_from_json, tile_to_json)


def catalogue_problems_of(data: Any) -> list[str]:
    """Pack validation (caps, strict types, one card a name: `trackers.core.catalogue`)."""
    return catalogue_problems(data, (CARDS, TILES))


CATALOGUE = register_pack_kind(PackKind(KIND, 1, "Blackout: Hong Kong card catalogue", catalogue_problems_of))


def catalogue(name: str, cards: Sequence[CardEntry] = (), tiles: Sequence[TileEntry] = ()) -> Pack:
    """The catalogue as a pack, held to the checks of an imported file (raises PackError)."""
    return catalogue_pack(CATALOGUE, name, {CARDS: cards, TILES: tiles})


def cards_in(pack: Pack) -> tuple[CardEntry, ...]:
    return cards_of(pack, CATALOGUE, CARDS)


def tiles_in(pack: Pack) -> tuple[TileEntry, ...]:
    return cards_of(pack, CATALOGUE, TILES)


# Entries filled from a catalogued card: each equals the entry the forms build from the same values typed.


def buy_from(card: CardEntry, row: int) -> Buy:
    """The card bought from `row`, named as catalogued, with its goals and a volunteer's colour."""
    return Buy(row, card.name, goals=len(card.goals), colour=card.colour)


def procure_from(card: CardEntry, planned: str, resource: str, tokens: int = -1) -> Procure:
    """The volunteer `planned` (its id in the slot) turned up: its printed cubes to `resource`."""
    return Procure(planned, card.cubes, resource, tokens)


def goal_from(
    card: CardEntry, on: str, goal: int = 1, *, finish: bool = True, to: str = "hand"
) -> CompleteGoal:
    """Goal `goal` of the card `on` (its id in the objective area), paid and rewarded as printed, its slot
    colours included; where it goes when finished: a volunteer of its colour to the hand, or a plan with its
    perk and icons to the check-mark area."""
    if not 1 <= goal <= len(card.goals):
        raise TableError(f"{card.name} has {len(card.goals)} goal(s): there is no goal {goal}")
    g = card.goals[goal - 1]
    to_marks = finish and to == "checkmarks"
    return CompleteGoal(
        card=on,
        goal=goal,
        finish=finish,
        to=to,
        colour="" if to_marks else card.colour,
        perk=card.perk if to_marks else "",
        icons=card.icons if to_marks else 0,
        pay=g.pay,
        hkd=g.hkd,
        points=g.points,
        gps=g.gps,
        transport=g.transport,
        batteries=g.batteries,
        gain=g.gain,
        place=g.place,
        slot_colours=g.slot_colours,
    )


def scout_from(
    tile: TileEntry,
    district: int,
    challenge: str,
    team: tuple[str, ...],
    icons: int,
    *,
    gps: int = 0,
    injured: str = "",
    simples: tuple[int, ...] = (),
) -> Scout:
    """The tile taken with `challenge` (simple, advanced or probe): the challenge's value and amount as
    catalogued (a probe needs 4 icons and gives nothing), the tile's reward type and back icons."""
    by_challenge = {
        "simple": (tile.simple, tile.simple_amount),
        "advanced": (tile.advanced, tile.advanced_amount),
        "probe": (PROBE, 0),
    }
    if challenge not in by_challenge:
        raise TableError(
            f"a scout tile is taken with its simple, advanced or probe challenge, not {challenge!r}"
        )
    value, amount = by_challenge[challenge]
    return Scout(
        district,
        challenge,
        value,
        team,
        icons,
        tile.reward,
        amount,
        gps,
        tile.back_icons,
        injured,
        simples,
    )
