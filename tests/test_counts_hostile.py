"""Every count in every entry of every registered game is range-checked before anything is built from it.

For each action class, a plausible entry the rules accept is found (proposed by the game's sampler in a
played game, or made by hand below where the sampler never gets there), then each whole-number field, or
the first whole number inside a tuple field, is replaced by a hostile value. The game must refuse it with a
reason naming the allowed range, without raising; before the range check, 10**8 survivors took 24 s and
1.6 GB to refuse, and 10**10 ran out of memory.
"""

from __future__ import annotations

import dataclasses
import random
import types
import typing
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import pytest

import trackers  # noqa: F401  (registers every game)
from rules_ref import reference
from tests.ashes.play import candidates, new_session
from tests.ashes.states import LAYOUT, SHELTER, new, playing, with_board
from tests.blackout_hk.play import SCOUT_TABLE
from tests.blackout_hk.play import options as blackout_options
from tests.blackout_hk.play import play_game as play_blackout
from tests.blackout_hk.play import start_game as blackout_start
from tests.infamous_traffic.boards import BARE_BOARD
from tests.infamous_traffic.boards import layout as traffic_layout
from tests.infamous_traffic.play import started as traffic_started
from tests.samplers import SAMPLERS
from trackers.ashes import actions as aa
from trackers.ashes.colony.materials import Materials, Slot
from trackers.ashes.colony.player_board import Reward
from trackers.ashes.colony.shelters import Pod, ShelterCard
from trackers.ashes.rounds.turn_order import setup_steps
from trackers.ashes.state import FinalCounts
from trackers.blackout_hk import actions as ba
from trackers.core.actions import Action
from trackers.core.bag import Bag
from trackers.core.game import make_setup
from trackers.core.limits import shown
from trackers.core.registry import games, get_game
from trackers.core.session import Session
from trackers.hope_city import actions as ha
from trackers.hope_city import state as hs
from trackers.infamous_traffic import actions as ia
from trackers.infamous_traffic.state import Card, Question
from trackers.unsettled import actions as ua
from trackers.unsettled.board import GRID_COLUMNS, GRID_ROWS, NODES, example_map

HOSTILE = (10**8, 10**10, 10**100, -(10**10))
WHOLE_MAP = {ua.LoadMap}
"""Entries whose numbers are checked with the whole of what they carry (a map's cells by the map's own
check), so their refusal names the problem rather than a range."""

Path = tuple[int, ...]
"""Where a whole number sits inside a field's value: () for the field itself, (0, 2) for the third item of
its first element."""


@dataclass(frozen=True)
class Baseline:
    """An entry the game accepts in `state`."""

    game: str
    state: Any
    action: Action


def _holds_int(hint: Any) -> bool:
    return hint is int or any(_holds_int(arg) for arg in typing.get_args(hint) if arg is not Ellipsis)


HINTS = {cls: typing.get_type_hints(cls) for game in games() for cls in game.actions}


def int_fields(cls: type[Action]) -> frozenset[str]:
    """The fields of an action class with a whole number anywhere in their type."""
    return frozenset(f.name for f in dataclasses.fields(cls) if _holds_int(HINTS[cls][f.name]))


def int_paths(value: Any, hint: Any) -> Iterator[Path]:
    """The places in `value` typed int (an empty optional too); in a tuple of any length, its first item."""
    origin = typing.get_origin(hint)
    if hint is int or (origin in (typing.Union, types.UnionType) and int in typing.get_args(hint)):
        yield ()
    elif origin is tuple:
        args = typing.get_args(hint)
        items = args[:1] * min(1, len(value)) if args[-1:] == (Ellipsis,) else args
        for i, item in enumerate(items):
            yield from ((i, *path) for path in int_paths(value[i], item))


def spoiled(value: Any, path: Path, hostile: int) -> Any:
    if not path:
        return hostile
    first, rest = path[0], path[1:]
    return (*value[:first], spoiled(value[first], rest, hostile), *value[first + 1 :])


def _proposals(game: str, state: Any, rng: random.Random, turn: int) -> list[Action]:
    """What the game's sampler would enter now: for ASHES every plausible entry it draws from."""
    if game == "ashes":
        return candidates(state, rng, turn)
    return [SAMPLERS[game](state, rng) for _ in range(8)]


def _sampled(game: str, session: Session, seed: int, steps: int) -> list[Baseline]:
    """Entries the sampler proposes that the rules accept, playing the first accepted one each time, but
    one that would end the game only when nothing else is accepted, so the run goes on."""
    found = []
    rng = random.Random(seed)
    for turn in range(steps):
        accepted = [
            action for action in _proposals(game, session.state, rng, turn) if not session.check(action)
        ]
        found += [Baseline(game, session.state, action) for action in accepted]
        if not accepted:
            break
        going_on = (a for a in accepted if session.module.outcome(session.preview(a).state) is None)
        session.play(next(going_on, accepted[0]))
    return found


def _session(game: str, players: tuple[str, ...], seed: int) -> Session:
    module = get_game(game)
    return Session(module, make_setup(module, players, {}), seed)


def _ashes_by_hand() -> list[Baseline]:
    """Entries the random table never makes (or makes with empty tuples), each in a state that takes it."""
    started = playing()
    ann = started.seat("Ann")
    full_card = ShelterCard("Start", (Pod(1, Reward(), survivor="active"),))
    stocked = Materials.empty().shifted(Slot(1, 1), 1).shifted(Slot(1, 2), 1)
    s1a = started.area("S1a")
    assert s1a is not None
    carrying = with_board(started.with_area(replace(s1a, survivors=Bag.of({"active": 1}))), "Ann", fuel=2)
    manual = "entered by the table"
    round_2 = new(("Ann", "Bob"), radiation_loss=manual)
    round_2 = replace(
        round_2, rounds=replace(round_2.rounds, round=2, setup_left=setup_steps(2), current=None)
    )
    over = playing(("Ann", "Bob"), radiation_loss=manual)
    counted = FinalCounts(0, ((0, 0), (0, 0), (0, 0)))
    over = replace(
        over,
        rounds=replace(over.rounds, current=None, game_over=True),
        seats=tuple(replace(seat, final=counted) for seat in over.seats),
    )
    acting = started.with_seat(replace(ann, main_actions=1))
    rescuing = with_board(carrying.with_seat(replace(carrying.seat("Ann"), main_actions=1)), "Ann")
    laying = replace(new(("Ann", "Bob", "Cy")), board=started.board)
    entries = [
        (new(("Ann", "Bob")), aa.StartingCombo("Ann", 1, 1, 1, 1, 1, technology="Drill", slot=2)),
        (with_board(acting, "Ann", materials=stocked, data=1), aa.Install("Ann", 1, "pink", (1,))),
        (rescuing, aa.Rescue("Ann", "S1a", 1, 0)),
        (laying, aa.LayAchievementTiles((2, 2, 1))),
        (new(), aa.LegacyUseBoard(LAYOUT, (5, 5, 5))),
        (with_board(started, "Ann", materials=stocked), aa.Manufacture("Ann", 1, 1, 2)),
        (started, aa.PlaceTechnology("Ann", "Drill", 1)),
        (
            started.with_seat(replace(ann, colony=replace(ann.colony, cards=(full_card,)))),
            aa.CloseShelter("Ann", 1, 1),
        ),
        (with_board(started, "Ann", data=5), aa.ClaimMilestone("Ann", "pink", "scout", "I", 2, 3)),
        (
            started.with_seat(replace(ann, missions_hand=1, vehicle=SHELTER)),
            aa.CompleteMission("Ann", sector=1),
        ),
        (carrying, aa.Move("Ann", ("S1a", "S1b"), carried=(("S1a", "S1b", 1, 0),))),
        (
            with_board(started, "Ann", zones=("active", None, None, None), antirad=1),
            aa.Pass("Ann", 1, recovered=(1,)),
        ),
        (round_2, aa.Radiate((1, 2))),
        (over, aa.FinishGame(radiation_losses=(1, 1))),
    ]
    return [Baseline("ashes", state, action) for state, action in entries]


def _unsettled_by_hand(sampled: list[Baseline]) -> list[Baseline]:
    """The map editor's entries, clearing obstacles from an edge that has some, and chaos."""
    fresh = _session("unsettled", ("A", "B"), 3).state
    scarab = example_map()
    free = next(
        (c, r) for c in range(GRID_COLUMNS) for r in range(GRID_ROWS) if fresh.scarab.node_at(c, r) is None
    )
    playing_now = next(b.state for b in sampled if isinstance(b.action, ua.Move))
    explorer = playing_now.explorers[0]
    to = playing_now.graph.neighbours(explorer.node)[0]
    blocked = replace(playing_now, graph=playing_now.graph.add_blockers(explorer.node, to, 2))
    return [
        Baseline("unsettled", fresh, ua.PlaceCard(sorted(NODES)[0], *free)),
        Baseline("unsettled", fresh, ua.LoadMap(scarab.name, scarab.cells, scarab.barriers, scarab.links)),
        Baseline("unsettled", blocked, ua.ClearPath(explorer.name, to, 1)),
        Baseline("unsettled", replace(playing_now, chaos_pending=True), ua.ResolveChaos(die=1, placement=2)),
    ]


def _hope_city_by_hand() -> list[Baseline]:
    """Every citizen in play (two each), then each entry with a number in a state that takes it."""
    session = _session("hope-city", ("A", "B", "C"), 5)
    seats = tuple(
        zip("ABCABC", ("mayor", "entrepreneur", "coach", "engineer", "ranger", "doctor"), strict=True)
    )
    choose = ha.ChooseCitizens(seats, 20, 20, 6, "technology")
    fresh = session.state
    session.play(choose)
    while session.state.stage == "tokens":
        session.play(ha.DrawToken("politics" if session.state.bag.count("politics") else ""))
    session.play(ha.ChaosIn())
    session.play(ha.DrawToken("economics"))
    mayor = session.state
    card = hs.Objective("politics", ("politics",))

    def turn_of(citizen: str, **done: Any) -> hs.HopeCityState:
        return replace(mayor, turn=hs.Turn(citizen, wage_taken=True, **done))

    bully = replace(
        turn_of("coach", moved=True),
        citizens=tuple(
            replace(c, good=False, space="economics") if c.id == "coach" else c for c in mayor.citizens
        ),
    )
    entries = [
        (fresh, choose),
        (fresh, ha.LegacyChooseCitizens(seats, 20, 20, 6, "technology")),
        (turn_of("mayor"), ha.Bribe(1)),
        (turn_of("entrepreneur"), ha.Scam(1, (("politics", "mayor"), ("society", "coach")))),
        (turn_of("coach"), ha.GangUp(1)),
        (turn_of("engineer"), ha.Hack(1)),
        (turn_of("ranger"), ha.Trespass(1)),
        (turn_of("doctor"), ha.SellScripts(1, 3)),
        (turn_of("engineer"), ha.Innovate("politics", "punk", 5)),
        (mayor, ha.Resist("politics", "punk", 6)),
        (mayor, ha.Expand(1)),
        (bully, ha.FaceAttack((3,), 4)),
        (replace(mayor, track=hs.Track(3, (card,))), ha.ChooseObjective("track", (), 1)),
        (replace(turn_of("mayor", objective=card), track=hs.Track(3, (card, card))), ha.Defer(2)),
        (replace(mayor, year=5, monument=hs.Monument(5, "mayor")), ha.PlaceMonument((1, 1, 1))),
    ]
    return [Baseline("hope-city", state, action) for state, action in entries]


def _infamous_traffic_by_hand() -> list[Baseline]:
    """Entries the random table rarely makes, each in a state that takes it."""
    fresh = _session("infamous-traffic", ("A", "B", "C"), 5).state
    playing = traffic_started(3, 5).state
    who = playing.on_turn
    firm = playing.firm(who)
    merchant = replace(firm, holdings=(1, 0, 0))
    wenzhou = playing.region("Wenzhou")
    canton = playing.region("Canton")
    in_china = replace(
        playing.with_firm(merchant).with_region(replace(wenzhou, demand=(2, 3))),
        action_rows=((), (), playing.turn_order),
        order=playing.turn_order,
        pool=(2, 2, 5, 5, 6),
    )
    war = replace(playing, stage="war", war_strength=2, commander=who)
    taiping = replace(war.with_region(replace(canton, alignment="taiping", qing=0)), war_strength=1)
    bare = traffic_started(3, 5, traffic_layout(BARE_BOARD)).state
    owing = bare.with_firm(replace(bare.firm(who), money=-3))
    disrupted = playing.with_region(replace(canton, missionary=False))
    placing = replace(playing, questions=(Question("place", who, tiles=("qing",)),))
    six = (*firm.tableau, *(Card(f"Contact {n}", "london") for n in range(5)))
    discarding = replace(playing.with_firm(replace(firm, tableau=six)), questions=(Question("discard", who),))
    entries = [
        (placing, ia.PlaceConspiracy("qing", "Canton", rerolls=(3, 3))),
        (discarding, ia.Discard(2)),
        (disrupted, ia.SetDemand("Canton", (4,))),
        (fresh, ia.UseBoard(traffic_layout(), 30, canton_dice=(3, 4), pool=(1, 2, 3, 4, 5))),
        (fresh, ia.LegacyUseBoard(traffic_layout(), 30, canton_dice=(3, 4), pool=(1, 2, 3, 4, 5))),
        (playing, ia.CardMoney(who, 2, "a card's power")),
        (in_china, ia.Influence((1,), faces=(3,))),
        (in_china, ia.Deploy("wenzhou-1", 2, "merchant", 1, rerolls=(4, 4))),
        (war, ia.AttackQing("Canton", die=3)),
        (taiping, ia.SuppressTaiping("Canton", die=2)),
        (replace(owing, stage="compound", compound_due=(who,)), ia.CompoundDebt(who, 4, 1)),
        (replace(owing, stage="penalty", final=True), ia.DebtPenalty(who, 2)),
    ]
    return [Baseline("infamous-traffic", state, action) for state, action in entries]


def _blackout_hk_by_hand() -> list[Baseline]:
    """A campaign's set-up (the plans' goals and the scout-tile table entered), and the first goal of a plan
    beside the board, the first other card turned up and a correction in a campaign chapter the table
    plays."""
    module = get_game("blackout-hk")
    played = play_blackout(2, 2, campaign=True)
    replaying = Session(module, played.setup, played.seed)
    found: dict[type[Action], Baseline] = {}
    for entry in played.entries:
        if isinstance(entry.action, (ba.PublicGoal, ba.UseCard)):
            found.setdefault(type(entry.action), Baseline("blackout-hk", replaying.state, entry.action))
        if isinstance(entry.action, ba.Scout):
            seen = replace(entry.action, simples=(entry.action.value,))
            found.setdefault(ba.Scout, Baseline("blackout-hk", replaying.state, seen))
        if replaying.state.stage == "deploy":
            found.setdefault(
                ba.Adjust, Baseline("blackout-hk", replaying.state, ba.Adjust("Ada", "score", 1))
            )
        replaying.dispatch(entry.action)
    assert set(found) == {ba.PublicGoal, ba.UseCard, ba.Adjust, ba.Scout}
    solo = Session(module, make_setup(module, ("A",), blackout_options(True, 2)), 5).state
    pair = Session(module, make_setup(module, ("A", "B"), blackout_options(True, 1)), 5).state
    single = Session(module, make_setup(module, ("A", "B"), {}), 5).state
    start_kinds = (ba.StartGame, ba.SecondStartGame, ba.LegacyStartGame)
    start = blackout_start(solo)
    assert start.scout_table == SCOUT_TABLE and start.plan_goals
    return [
        *found.values(),
        Baseline("blackout-hk", solo, start),
        Baseline("blackout-hk", pair, ba.StartGame(scout_table=SCOUT_TABLE, plan_goals=(2,))),
        Baseline("blackout-hk", pair, ba.LegacyStartGame(scout_table=SCOUT_TABLE, plan_goals=(2,))),
        Baseline("blackout-hk", pair, ba.SecondStartGame(scout_table=SCOUT_TABLE, plan_goals=(2,))),
        *(Baseline("blackout-hk", single, kind(emergency_goals=(2, 3))) for kind in start_kinds),
    ]


@cache
def baselines() -> tuple[Baseline, ...]:
    ashes = [
        *_sampled("ashes", new_session(1, digital=False), 1, 3000),
        *_sampled("ashes", new_session(2, digital=True), 2, 3000),
    ]
    unsettled = _sampled("unsettled", _session("unsettled", ("A", "B"), 11), 7, 300)
    scorepad = _sampled("scorepad", _session("scorepad", ("A", "B"), 11), 7, 50)
    return (
        *ashes,
        *_ashes_by_hand(),
        *unsettled,
        *_unsettled_by_hand(unsettled),
        *scorepad,
        *_sampled("hope-city", _session("hope-city", ("A", "B", "C"), 11), 7, 600),
        *_hope_city_by_hand(),
        *_sampled("infamous-traffic", _session("infamous-traffic", ("A", "B", "C"), 11), 7, 1500),
        *_infamous_traffic_by_hand(),
        *_sampled("blackout-hk", _session("blackout-hk", ("A", "B", "C"), 11), 7, 1500),
        *_blackout_hk_by_hand(),
    )


@dataclass(frozen=True)
class Case:
    baseline: Baseline
    field: str
    path: Path

    def action(self, hostile: int) -> Action:
        value = getattr(self.baseline.action, self.field)
        return replace(self.baseline.action, **{self.field: spoiled(value, self.path, hostile)})

    @property
    def name(self) -> str:
        where = "".join(f"[{i}]" for i in self.path)
        return f"{self.baseline.game}-{type(self.baseline.action).__name__}.{self.field}{where}"


@cache
def cases() -> tuple[Case, ...]:
    """One case per place a whole number sits in an action class, from the first baseline that has it."""
    found: dict[tuple[type[Action], str, Path], Case] = {}
    for baseline in baselines():
        cls = type(baseline.action)
        for field in sorted(int_fields(cls)):
            for path in int_paths(getattr(baseline.action, field), HINTS[cls][field]):
                found.setdefault((cls, field, path), Case(baseline, field, path))
    return tuple(found.values())


def test_every_baseline_is_accepted_as_it_stands() -> None:
    refused = [(b.action, get_game(b.game).validate(b.state, b.action)) for b in baselines()]
    assert [r for r in refused if r[1]] == []


def test_every_whole_number_of_every_action_is_covered() -> None:
    covered = {(type(c.baseline.action), c.field) for c in cases()}
    wanted = {(cls, field) for game in games() for cls in game.actions for field in int_fields(cls)}
    assert sorted(f"{cls.__name__}.{field}" for cls, field in wanted - covered) == []


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.name)
def test_a_hostile_count_is_refused_with_its_range(case: Case) -> None:
    game = get_game(case.baseline.game)
    for hostile in HOSTILE:
        problems = game.validate(case.baseline.state, case.action(hostile))
        assert problems, f"{case.name} = {shown(hostile)} was accepted"
        assert all(reference().exists(p.rule) for p in problems), problems
        if type(case.baseline.action) not in WHOLE_MAP:
            first = problems[0].message
            assert "between" in first and f"not {shown(hostile)}" in first, first


def test_the_refusals_read_plainly() -> None:
    """A few refusals in full, as a player reads them."""
    rescue = next(c for c in cases() if c.name == "ashes-Rescue.active")
    state = rescue.baseline.state
    assert [p.message for p in get_game("ashes").validate(state, rescue.action(10**8))] == [
        "Rescue between 0 and 50 active survivors, not 100000000."
    ]
    points = next(c for c in cases() if c.name == "scorepad-AddPoints.points")
    assert [
        p.message for p in get_game("scorepad").validate(points.baseline.state, points.action(-(10**10)))
    ] == [
        "An entry adds or takes away between -1000000 and 1000000 points, not -10000000000. "
        "A score sheet has no use for more."
    ]
    roll = next(c for c in cases() if c.name == "unsettled-StartPursuit.roll")
    assert [p.message for p in get_game("unsettled").validate(roll.baseline.state, roll.action(7))] == [
        "A roll on this die is between 1 and 6, not 7."
    ]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("vp 100000000", "A reward gives between 1 and 299 vp, not 100000000."),
        ("fuel 0", "A reward gives between 1 and 299 fuel, not 0."),
        ("data " + "9" * 5000, "A reward gives between 1 and 299 data, not a number of more than 18 digits."),
        ("level I slot 10000000000", "Storage slots are numbered between 1 and 9, not 10000000000."),
    ],
    ids=["vp", "zero", "5000 digits", "slot"],
)
def test_counts_written_in_a_reward_text_are_range_checked_too(text: str, said: str) -> None:
    """A pod's bonus and income, and the turn-order track's rewards, are texts like "fuel 1"."""
    card = aa.AddShelterCard("Ann", "Bunker", ((1, text, ""),))
    assert [(v.code, v.message) for v in get_game("ashes").validate(playing(), card)] == [
        ("ashes.card.pod", said)
    ]
