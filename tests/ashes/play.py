"""Whole ASHES solo games played by a seeded random table, for the stateful test, the contract sampler, the
replay check and the bench. `candidates` proposes plausible entries for the state (some of which the rules
refuse); `play_game` takes the first accepted one each time until the game is scored."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Literal

from tests.ashes.states import LAYOUT, TOPS
from trackers.ashes import actions as a
from trackers.ashes.game import ASHES
from trackers.ashes.rival.card import Build, MoveVehicle, Rescue
from trackers.ashes.rival.deck import card_to_json
from trackers.ashes.rival.play import must_pass
from trackers.ashes.rounds.turn_order import RIVAL, SetupKind, free_positions
from trackers.ashes.rules.rival_turns import card_of, entry_for, turn_for
from trackers.ashes.rules.round_setup import tiles_due
from trackers.ashes.state import AshesState
from trackers.core.actions import Action
from trackers.core.errors import IllegalAction, TableError
from trackers.core.game import make_setup
from trackers.core.session import Session

ROW_NAMES: tuple[a.RowName, ...] = ("dark_blue", "light_blue", "pink")
MAIN = ("rescue", "move_vehicle", "build:1", "build:2", "build:3", *(f"install:{r}" for r in ROW_NAMES))
SECONDARY = (None, "discard_missions", "score_column:1", "score_column:2", "score_column:3")
UPGRADES: tuple[Literal["I", "II"], ...] = ("I", "II") * 5
RESOURCES: tuple[a.Counted, ...] = ("fuel", "data", "antirad", "strength", "happiness", "vp")


def random_card(rng: random.Random, label: str) -> a.RivalTurn:
    """A rival card as a table could enter it, with no board answer yet (cases 0: the direct score)."""
    return a.RivalTurn(
        label=label,
        arrow=rng.choice([None, "orange", "blue", "pink"]),
        rounds_1_and_3=rng.choice(MAIN),
        round_2=rng.choice(MAIN),
        secondary=rng.choice(SECONDARY),
        ordinal=rng.choice(["from_bottom", "from_top", "from_left", "from_right"]),
        numeric=rng.randint(1, 9),
        sector=rng.choice(["this_round", "next_sector"]),
        cases=0,
    )


def deck_json(rng: random.Random, size: int = 12) -> tuple[str, ...]:
    """A made-up test deck in the `ashes.rival-deck` card form (tests only: the app never invents cards)."""
    return tuple(json.dumps(card_to_json(card_of(random_card(rng, f"T{n}")))) for n in range(1, size + 1))


def answered(entry: a.RivalTurn, state: AshesState, rng: random.Random) -> a.RivalTurn:
    """The entry with a board answer: for a rescue, an area of the card's sector holding survivors (or no
    case when there is none); otherwise 0 or 1 cases, the level and whether the achievement tile has room."""
    rival = state.rival
    assert rival is not None
    try:
        turn = turn_for(state, rival, card_of(entry))
    except (ValueError, TableError, IllegalAction):
        return entry
    if isinstance(turn.action, Rescue | MoveVehicle):
        rescue = isinstance(turn.action, Rescue)
        held = [a.name for a in state.areas if a.sector == turn.sector and (a.survivors.total or not rescue)]
        if not held:
            return replace(entry, cases=0)
        return replace(entry, cases=len(held), area=rng.choice(held))
    if isinstance(turn.action, Build) and state.board is not None:
        spaces = state.board.construction_spaces
        free = [s.id for s in spaces if s.sector == turn.sector and state.shelter_owner(s.id) is None]
        listed = any(s.sector == turn.sector for s in spaces)
        if listed and not free:
            return replace(entry, cases=0)
        return replace(entry, cases=len(free) or 1, space=rng.choice(free) if free else "")
    return replace(
        entry,
        cases=rng.choice([0, 1, 1]),
        level=rng.choice([1, 2, 3]),
        achievement_has_room=rng.random() < 0.3,
    )


def _rival(state: AshesState, rng: random.Random, turn: int) -> list[Action]:
    rival = state.rival
    assert rival is not None
    if state.pending_card is not None:
        entry = entry_for(state.pending_card)
        return [answered(entry, state, rng), replace(entry, cases=0)]
    if must_pass(rival) and not rival.bonus_turn_due:
        return [a.RivalPass()]
    if state.catalogue:
        return [a.RevealRivalCard()]
    entry = random_card(rng, f"P{turn}")
    return [answered(entry, state, rng), entry]


def _setup(state: AshesState, rng: random.Random) -> list[Action]:
    step = state.rounds.setup_left[0].kind
    if step is SetupKind.RADIATION:
        return [
            a.Radiate(tuple(rng.randint(0, 3) for _ in state.seats))
            if state.settings.radiation_manual
            else a.Radiate()
        ]
    if step is SetupKind.EMERGE:
        return [a.Emerge()]
    return [a.CompleteSetupStep(step.value)]  # type: ignore[arg-type]


def _player(state: AshesState, name: str, rng: random.Random) -> list[Action]:
    seat = state.seat(name)
    board = seat.board
    areas = [area.name for area in state.areas]
    full = [area for area in state.areas if area.survivors.total]
    picks: list[Action] = [
        a.Adjust(name, rng.choice(RESOURCES), rng.choice([-2, -1, 1, 1, 2, 3])),
        a.AdjustMaterial(name, 1, rng.randint(1, 4), rng.choice([1, 1, -1])),
        a.Activate(name, rng.randint(1, 4)),
        a.Move(name, tuple(rng.sample(areas, rng.randint(0, 2)))),
        a.Rest(name),
        a.SkipMainAction(name),
        a.Build(name),
        a.Build(name, rng.choice(["C1", "C2", "C3", "C4"])),
        a.Scout(name, rng.choice(areas), free=rng.random() < 0.5),
        a.CycleShelters(name),
        a.TakeUpgrade(
            name, rng.choice(["activation", "storage", "vehicle", "scout"]), rng.choice(["I", "II"])
        ),
        a.RaiseProduction(name, rng.choice(["fuel", "data", "strength"])),
        a.Install(name, 1, rng.choice(ROW_NAMES), (rng.randint(1, 4),)),
        a.EndTurn(name),
        a.EndTurn(name),
    ]
    graph = state.board.graph() if state.board is not None else None
    near = [n for n in graph.neighbours(seat.vehicle) if state.area(n)] if graph and seat.vehicle else []
    if near:
        picks.append(a.Move(name, (rng.choice(near),)))
    here = state.area(seat.vehicle)
    if here is not None and here.survivors.total and near:
        there = rng.choice(near)
        kind = rng.choice(here.survivors.items())
        lot = (here.name, there, int(kind == "active"), int(kind == "essential"))
        picks.append(a.Move(name, (there,), carried=(lot,)))
    if full:
        area = rng.choice(full)
        picks.append(a.Rescue(name, area.name, min(1, area.survivors.count("active")), 0))
    if board.entrance:
        picks.append(a.Decontaminate(name, rng.choice(board.entrance), 1, 1))  # type: ignore[arg-type]
    if not seat.colony.cards or rng.random() < 0.05:
        picks.append(
            a.AddShelterCard(name, f"card{rng.randint(1, 99)}", ((1, "fuel 1", "data 1"), (3, "vp 1", "")))
        )
    free = free_positions(state.rounds)
    room: a.Kind | Literal[""] = ""
    if len(board.entrance) >= board.caps.entrance and state.settings.income_makes_room:
        room = "active" if "active" in board.entrance else "essential"
    if rng.random() < 0.15:
        scoring: tuple[a.ColonyAreaName, ...] = ("materials",) if rng.random() < 0.5 else ()
        picks.append(a.Pass(name, rng.choice(free), (), (), scoring, income_room=room))
        keep = tuple(z for z in sorted(board.zones_used) if rng.random() < 0.5)
        picks.append(a.Pass(name, rng.choice(free), keep, (), scoring))
    rng.shuffle(picks)
    return [*picks, a.Pass(name, free[0]), a.Pass(name, free[0], income_room=room)]


def candidates(state: AshesState, rng: random.Random, turn: int = 0) -> list[Action]:
    """Plausible next entries, most likely first; the rules may refuse any of them."""
    rounds = state.rounds
    if state.board is None:
        return [a.UseBoard(LAYOUT, TOPS)]
    if tiles_due(state):
        return [a.LayAchievementTiles()]
    if state.solo and state.rival is None:
        return [a.SetRival(4, 3, 6, UPGRADES)]
    if state.result is not None:
        return []
    if rounds.game_over:
        missing = [s.name for s in state.seats if s.final is None]
        if missing:
            rows = tuple((rng.randint(0, 3), rng.choice([2, 3, 4])) for _ in range(3))
            return [a.FinalCountsEntry(missing[0], rng.randint(0, 12), rows)]  # type: ignore[arg-type]
        return [
            a.FinishGame(rng.randint(0, 10), *(rng.choice(["bronze", "silver", "gold"]) for _ in range(3)))
        ]  # type: ignore[arg-type]
    if state.pending_card is not None or (state.rival is not None and state.rival.bonus_turn_due):
        return _rival(state, rng, turn)
    if rounds.setup_left:
        return _setup(state, rng)
    if rounds.current is None:
        return [a.EndRound()]
    if rounds.current == RIVAL:
        return _rival(state, rng, turn)
    return _player(state, rounds.current, rng)


def new_session(seed: int, digital: bool, **options: object) -> Session:
    session = Session(ASHES, make_setup(ASHES, ("Ann",), dict(options)), seed)
    if digital:
        session.play(a.UseBoard(LAYOUT, TOPS))
        session.play(a.SetRival(4, 3, 6, UPGRADES))
        session.play(a.CatalogueRivalDeck(deck_json(random.Random(seed))))
    return session


def step(session: Session, rng: random.Random, turn: int = 0) -> Action | None:
    """Play the first accepted candidate; None when the game is over. A stuck state is a bug: raise."""
    options = candidates(session.state, rng, turn)
    if not options:
        return None
    for action in options:
        if not session.check(action):
            session.play(action)
            return action
    raise AssertionError(f"no entry accepted at {ASHES.summary(session.state)}: tried {options}")


def play_game(seed: int, digital: bool, limit: int = 5000) -> Session:
    """A whole solo game, from the board entry to the final scoring."""
    session = new_session(seed, digital)
    rng = random.Random(seed)
    for turn in range(limit):
        if step(session, rng, turn) is None:
            return session
    raise AssertionError(f"the game did not end within {limit} entries")
