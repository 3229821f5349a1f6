"""Checks several Hope City entries share: names the table may enter, counts in range, whose turn it is."""

from __future__ import annotations

from trackers.core.errors import Violation
from trackers.core.limits import Count, count_violations
from trackers.core.rules import refuse
from trackers.hope_city.state import CITIZENS, COLOURS, HOPE, HopeCityState, Turn

S = HopeCityState

DIE = Count(
    0,
    6,
    "A die shows",
    "",
    code="hope-city.die",
    rule="hope-city/punks/resistance",
    why="0 lets Lantern roll.",
)
D6 = Count(1, 6, "A die shows", "", code="hope-city.die", rule="hope-city/punks/attack")
CORRUPTION_DIE = Count(
    0,
    2,
    "The corruption die shows",
    "corruption",
    code="hope-city.corruption_die",
    rule="hope-city/citizens/temptations",
)


def open_game(state: S) -> list[Violation]:
    if state.result:
        return refuse(
            "hope-city.over", f"The game is over ({state.reason}) Undo to reopen it.", "hope-city/end"
        )
    return []


def citizen_named(cid: str, what: str = "citizen") -> list[Violation]:
    if cid not in CITIZENS:
        return refuse(
            "hope-city.citizen",
            f"{cid!r} is not a {what}: choose one of {', '.join(CITIZENS)}.",
            "hope-city/citizens",
        )
    return []


def space_named(space: str) -> list[Violation]:
    if space not in COLOURS:
        return refuse(
            "hope-city.space",
            f"{space!r} is not a city space: choose one of {', '.join(COLOURS)}.",
            "hope-city/move",
        )
    return []


def resource_named(token: str, hope: bool = True) -> list[Violation]:
    kinds = (*COLOURS, HOPE) if hope else COLOURS
    if token not in kinds:
        return refuse(
            "hope-city.token",
            f"{token!r} is not a resource: choose one of {', '.join(kinds)}.",
            "hope-city/wage",
        )
    return []


def in_play(state: S, cid: str) -> list[Violation]:
    if problems := citizen_named(cid):
        return problems
    if not state.citizen(cid).active:
        return refuse(
            "hope-city.not_active",
            f"Nobody plays the {state.citizen(cid).name}: a card out of play takes no tokens.",
            "hope-city/setup/citizens",
        )
    return []


def holds(state: S, cid: str, token: str) -> list[Violation]:
    citizen = state.citizen(cid)
    if citizen.tokens.count(token) < 1:
        return refuse(
            "hope-city.no_token", f"The {citizen.name} holds no {token} token.", "hope-city/objectives/cost"
        )
    return []


def turn_of(state: S) -> Turn:
    """The turn under way; the phases let a turn entry through only while there is one."""
    assert state.turn is not None
    return state.turn


def good_on_turn(state: S) -> list[Violation]:
    citizen = state.on_turn
    if citizen is not None and not citizen.good:
        return refuse(
            "hope-city.bad",
            f"The {citizen.name} has broken bad: no talent and no temptation until turned good.",
            "hope-city/citizens",
        )
    return []


def complete_sets(state: S) -> tuple[str, ...]:
    """The piles ("success", "fail") holding a complete set: a card in each category's pile."""
    piles = state.piles
    return tuple(name for name, kind in (("success", piles.success), ("fail", piles.fail)) if all(kind))


def objective_open(state: S) -> bool:
    """Whether the citizen on turn can still take an objective of their space this turn: from its pile
    (or the completed sets that rebuild it), from the Future Track, or from its Fail pile after LEAD. The
    face-up Major Objective is left out: Lantern does not know its colour, the table does."""
    turn = turn_of(state)
    space = state.citizen(turn.citizen).space
    if turn.objective is not None or turn.objective_done or space is None:
        return False
    i = COLOURS.index(space)
    piles = state.piles
    return bool(
        piles.draw[i]
        or piles.aside[i]
        or any(card.category == space for card in state.track.cards)
        or (turn.lead and piles.fail[i])
    )


def sets_settled(state: S) -> list[Violation]:
    """A complete set is cashed before the turn or the year goes on (edition 2); the table picks which
    first, and one placed tile a turn leaves the other for the next."""
    if state.edition < 2 or state.tile_placed or not (ready := complete_sets(state)):
        return []
    return refuse(
        "hope-city.set_due",
        f"A complete {' and a '.join(ready)} set waits: cash it before going on.",
        "hope-city/piles",
    )


def purple_fits(state: S, gang_up: bool, purple: int) -> list[Violation]:
    """The purple die joins a roll only in the hands of the good Coach on turn who took it with GANG UP."""
    if problems := count_violations((DIE, purple)):
        return problems
    citizen = state.on_turn
    holder = citizen is not None and citizen.id == "coach" and citizen.good and citizen.purple_die
    if (gang_up and not holder) or (purple and not gang_up):
        return refuse(
            "hope-city.purple",
            "Only the Coach on turn holding the purple die (GANG UP) adds it to her roll.",
            "hope-city/citizens/temptations",
        )
    return []


def one_tile(state: S) -> list[Violation]:
    if state.tile_placed:
        return refuse(
            "hope-city.one_tile",
            "A City Site or Urban Blight was already placed this turn: only one a turn.",
            "hope-city/tiles",
        )
    return []
