"""Set-up: each player's board and twelve cards, the decks split by player count or chapter, the plans, and
the starting locations chosen counter-clockwise from the starting player's right."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.blackout_hk.actions import LegacyStartGame, PlaceStart, SecondStartGame, StartGame
from trackers.blackout_hk.state import (
    CHAPTER_PLANS,
    CHAPTER_RESERVE,
    DECK,
    EDITION,
    ROW_SIZE,
    ROWS,
    STANDARD_RESERVE,
    BlackoutState,
    Card,
    Components,
    Objective,
    Player,
    Settings,
)
from trackers.core.actions import Event
from trackers.core.names import known_as
from trackers.core.wording import unit

S = BlackoutState


def starting_cards() -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Hand, slots and hospital at the start: the blue volunteer showing 2 cubes and the Leader in the
    hospital, a yellow in slot 1, a red under a blue in slot 2, the other seven in hand."""
    hand = (
        Card("yellow-2", "Yellow volunteer", "yellow"),
        Card("red-2", "Red volunteer", "red"),
        Card("red-3", "Red volunteer", "red"),
        Card("blue-2", "Blue volunteer", "blue"),
        Card("doctor", "Doctor", specialist="doctor"),
        Card("mechanic", "Mechanic", specialist="mechanic"),
        Card("scout", "Scout", specialist="scout"),
    )
    slots = (
        (Card("yellow-1", "Yellow volunteer", "yellow"),),
        (Card("red-1", "Red volunteer", "red"), Card("blue-1", "Blue volunteer", "blue")),
        (),
        (),
    )
    hospital = (
        Card("blue-3", "Blue volunteer (2 cubes)", "blue", cubes=2),
        Card("leader", "Leader", specialist="leader"),
    )
    return hand, slots, hospital


def reserve_size(chapter: int, players: int) -> int:
    if chapter:
        return CHAPTER_RESERVE[chapter][players - 1]
    return STANDARD_RESERVE[players]


def public_plans(chapter: int, players: int) -> str:
    """The emergency plans beside the board in a campaign chapter."""
    return CHAPTER_PLANS[chapter][0 if players <= 2 else 1]


def new_chapter(names: tuple[str, ...], settings: Settings, chapter: int, losses: int) -> S:
    """A fresh table: every chapter (and a single game, chapter 0) starts from the same set-up."""
    hand, slots, hospital = starting_cards()
    money = 4 + (2 * losses if chapter and len(names) == 1 else 0)
    next_id = 1
    players = []
    for name in names:
        starting = (
            Objective(f"c{next_id}", "Starting volunteer", goals=1),
            Objective(f"c{next_id + 1}", "Starting volunteer", goals=1),
        )
        next_id += 2
        emergency = None
        if not chapter:
            emergency = Objective(f"c{next_id}", "Emergency plan")
            next_id += 1
        players.append(
            Player(
                name,
                hkd=money,
                hand=hand,
                slots=slots,
                hospital=hospital,
                objectives=starting,
                emergency=emergency,
            )
        )
    reserve = reserve_size(chapter, len(names))
    return S(
        names,
        settings,
        chapter=chapter,
        losses=losses,
        players=tuple(players),
        display=(ROW_SIZE, ROW_SIZE, ROW_SIZE),
        draw=DECK - reserve - ROWS * ROW_SIZE,
        reserve=reserve,
        next_id=next_id,
    )


def _spelt(action: StartGame) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, str], ...]]:
    """The districts and links with each location as the map's list of locations spells it."""
    names = [name for name, _ in action.locations]

    def one(name: str) -> str:
        return known_as(name, names) or name

    districts = tuple(tuple(one(x) for x in around) for around in action.districts)
    return districts, tuple((one(a), one(b)) for a, b in action.links)


def start_game(state: S, action: StartGame, rng: Random) -> tuple[S, list[Event]]:
    legacy = isinstance(action, LegacyStartGame)
    districts, links = (action.districts, action.links) if legacy else _spelt(action)
    components = Components(
        action.rondel, action.faces, action.scout_table, action.locations, districts, links
    )
    plans: tuple[tuple[str, int], ...] = ()
    if state.chapter:
        letters = public_plans(state.chapter, state.n)
        plans = tuple(zip(letters, action.plan_goals, strict=True))
    after = replace(
        state,
        components=components,
        public_plans=plans,
        central=action.central,
        stage="starts",
        edition=1 if legacy else 2 if isinstance(action, SecondStartGame) else EDITION,
    )
    emergency = action.emergency_goals or (0,) * state.n
    players = tuple(known_goals(p, n) for p, n in zip(after.players, emergency, strict=True))
    after = replace(after, players=players)
    where = f"chapter {state.chapter}" if state.chapter else "a single game"
    text = f"Set up for {where}: reserve deck {state.reserve}, draw deck {state.draw} after the display of 9."
    if plans:
        text += " Plans beside the board: " + ", ".join(f"{p} ({g} goals)" for p, g in plans) + "."
    if any(action.emergency_goals):
        shown = [f"{p.name}'s {n} {unit(n, 'goals')}" for p, n in zip(players, emergency, strict=True) if n]
        text += " Emergency plans: " + ", ".join(shown) + "."
    return after, [Event.of("setup", text, rule="blackout-hk/setup/decks")]


def known_goals(p: Player, goals: int) -> Player:
    """The player with the goals their emergency plan shows, as set-up entered them (0: not said)."""
    return replace(p, emergency=replace(p.emergency, goals=goals)) if p.emergency is not None and goals else p


def place_start(state: S, action: PlaceStart, rng: Random) -> tuple[S, list[Event]]:
    p = state.player(action.player)
    after = state.with_player(replace(p, map=(action.location,), supply=p.supply - 1))
    if all(q.map for q in after.players):
        after = replace(after, stage="dice", round=1)
    return after, []
