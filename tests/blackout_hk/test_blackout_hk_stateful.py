"""Random Blackout: Hong Kong games through a real Session, with undo, redo and replay.

A hypothesis state machine sets up a single game for 2 to 4 players or a campaign chapter for 1 to 4,
enters the components' data and the starting cubes, and then plays entries the seeded table would try
(`tests.blackout_hk.play.candidates`, mostly legal), whole rounds and the rest of the game, nonsense
entries (each refused with a reason, changing nothing), entries of any kind with made-up fields, undo,
redo and replay. After every entry:

- each player's 25 cubes are somewhere: supply, rondel and battery, map, plans, district markers;
- the display holds 0 to 3 cards a row, and the decks never go below 0;
- each player's HK$, transport tokens, GPS, batteries and rondel cubes are 0 or more, the objective area
  holds at most 3 cards;
- each player's cards are conserved: their twelve own cards are in the hand, the slots or the hospital,
  each once, and every other card there is a completed objective card (an id the display dealt), once;
- undo and redo land on exactly the states seen before, and the log replays (events and all) to the live
  state.

`test_whole_games_hold_every_invariant_after_every_entry` plays whole games at 2 and 4 players and a solo
campaign chapter, one entry at a time, undoing and redoing each, to the final score (and the next chapter).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant, precondition, rule

from tests.blackout_hk.play import LOCATIONS, NAMES, candidates, fallback, free_location, options, start_game
from tests.made_up import made_up
from tests.session_machine import SessionMachine
from trackers.blackout_hk import actions as bk
from trackers.blackout_hk.game import BLACKOUT_HK as GAME
from trackers.blackout_hk.game import next_step
from trackers.blackout_hk.setup import starting_cards
from trackers.blackout_hk.state import (
    CUBES,
    DECK,
    OBJECTIVE_SPOTS,
    RESOURCES,
    REWARDS,
    ROW_SIZE,
    BlackoutState,
)
from trackers.core.actions import Action
from trackers.core.game import make_setup
from trackers.core.session import Session

S = BlackoutState
LIMIT = 3000
"""Entries a whole game may take at most (whole games take 150 to 600)."""
GAME_PREFIX = "blackout-hk."
OWN_CARDS = Counter(
    c.id
    for c in (*starting_cards()[0], *(c for slot in starting_cards()[1] for c in slot), *starting_cards()[2])
)


# Invariants --------------------------------------------------------------------------------------------


def check_invariants(state: S) -> None:
    assert len(state.players) == state.n
    assert all(0 <= n <= ROW_SIZE for n in state.display), state.display
    assert state.draw >= 0 and state.reserve >= 0 and state.discards >= 0
    assert state.draw + state.reserve + sum(state.display) <= DECK
    assert all(0 <= t <= 3 for t in state.district_tiles)
    for p in state.players:
        assert p.cubes_accounted == CUBES, (p.name, p.supply, p.rondel, p.battery, len(p.map), p.plan_cubes)
        assert p.supply >= 0, p
        assert p.hkd >= 0 and p.transport >= 0 and p.gps >= 0 and p.battery >= 0, p
        assert all(n >= 0 for n in p.rondel), p.rondel
        assert len(p.objectives) <= OBJECTIVE_SPOTS, p.objectives
        assert len(set(p.map)) == len(p.map), p.map
        assert 0 <= p.markers <= 5 and p.markers + len(p.unlocked) == 5, (p.markers, p.unlocked)
        cards = Counter(c.id for c in (*p.hand, *(c for slot in p.slots for c in slot), *p.hospital))
        own = Counter({cid: n for cid, n in cards.items() if cid in OWN_CARDS})
        assert own == OWN_CARDS, (p.name, dict(own), dict(OWN_CARDS))
        others = {cid: n for cid, n in cards.items() if cid not in OWN_CARDS}
        assert all(n == 1 and cid.startswith("c") for cid, n in others.items()), others
        assert all(int(cid[1:]) < state.next_id for cid in others), (others, state.next_id)
        placed = {o.id for o in (*p.objectives, *p.checkmarks)} | ({p.emergency.id} if p.emergency else set())
        assert not placed & set(others), (placed, others)
        assert len(p.planned) <= p.usable_slots and all(p.slots[i] for i in p.planned)
    assert (state.stage == "over") == bool(state.result)


def screens_can_ask(state: S) -> None:
    """What a screen asks of any state answers without raising: the header, the outcome, the next step,
    and, for every kind of entry, whether it is open now."""
    GAME.summary(state)
    GAME.outcome(state)
    assert next_step(state)
    for kind in GAME.actions:
        assert all(v.code.startswith(GAME_PREFIX) and v.message for v in GAME.rulebook.blocked(state, kind))


# The table ---------------------------------------------------------------------------------------------


def next_entry(session: Session, rng: random.Random) -> Action | None:
    """The first candidate the game accepts now (drawn afresh up to 16 times), else a fallback."""
    for _ in range(16):
        options_now = candidates(session.state, rng)
        rng.shuffle(options_now)
        for action in options_now:
            if not session.check(action):
                return action
    return next((a for a in fallback(session.state) if not session.check(a)), None)


# Entries that must be refused, and entries of any kind -------------------------------------------------


def nonsense(state: S, rng: random.Random) -> Action:
    """An entry no state accepts: a name not at the table, a card not held, a count out of its range, an
    entry of a phase not being played, a cost that cannot be paid."""
    player = rng.choice(state.names)
    p = state.player(player)
    n = state.n
    made: list[Action] = [
        bk.StartGame(rondel=("food",)),
        bk.StartGame(scout_table=(1, 2, 3)),
        bk.PlaceStart("Zed", "L1"),
        bk.Roll("plutonium", "food", "water"),
        bk.Reroll("plutonium", "plutonium", "plutonium"),
        bk.Plan("Zed", ()),
        bk.Plan(player, ("nope",)),
        bk.Procure("nope", 1, "food"),
        bk.UseLeader("nope"),
        bk.UseScout("nope"),
        bk.UseMechanic("nope"),
        bk.UseDoctor("nope", 1),
        bk.UseCard(card="nope"),
        bk.Flip("nope"),
        bk.BuyTransport("Zed"),
        bk.BuyTransport(player, rng.choice((0, -1, 25))),
        bk.BuyBattery("Zed"),
        bk.BuyBattery(player, rng.choice((0, 25))),
        bk.UseCheckmark(action=rng.choice(("0", "9", "nope"))),
        bk.CompleteGoal(card="nope"),
        bk.RestorePower(goal=rng.choice((0, 3))),
        bk.PublicGoal(plan="Z", goal=1),
        bk.PlaceCube(""),
        bk.PlaceCube(rng.choice(LOCATIONS), skipped=rng.choice((-1, 21))),
        bk.Scout(rng.choice((0, 17)), "simple", 1, ("yellow-2",), 1, "points"),
        bk.Scout(1, "probe", 5, ("yellow-2",), 9, "points"),
        bk.Scout(1, "simple", 1, ("yellow-2",), 1, "plutonium"),
        bk.Buy(rng.choice((0, 4))),
        bk.CleanUp(pairs=rng.choice((-1, 51))),
        bk.CleanUp(discard="nope"),
        bk.Secure(rng.choice((0, 17)), 3, (0,) * n),
        bk.Secure(1, rng.choice((0, 8)), (0,) * n),
        bk.Secure(1, 3, (99,) * n),
        bk.Secure(1, 3, (0,) * (n + 1)),
        bk.Refresh(rng.choice((-1, 5))),
        bk.FinalCount("Zed", 0),
        bk.FinalCount(player, rng.choice((-1, 201))),
    ]
    if p.hkd < 5 * 24:
        made.append(bk.BuyBattery(player, 24))
    if state.stage != "plan":
        made.append(bk.Plan(player, ()))
    if state.stage not in ("secure", "setup", "starts", "final", "chapter"):
        made.append(bk.Secure(1, 1, (1,) * n, (1,) * n))
    if state.stage != "chapter":
        made.append(bk.NextChapter())
    if state.stage != "buy":
        made.append(bk.Buy(1))
    if state.stage == "objectives" and state.on_turn and not state.to_place:
        q = state.player(state.on_turn)
        card = q.emergency or (q.objectives[0] if q.objectives else None)
        if card is not None:
            made.append(bk.CompleteGoal(card=card.id, pay=("books",) * (q.held("books") + 1)))
            made.append(bk.CompleteGoal(card=card.id, hkd=-(q.hkd + 1)))
    return rng.choice(made)


WORDS = (
    "",
    *NAMES,
    "Zed",
    *RESOURCES,
    "battery",
    *REWARDS,
    "red",
    "yellow",
    "blue",
    "simple",
    "advanced",
    "probe",
    "hand",
    "checkmarks",
    "leader",
    "scout",
    "mechanic",
    "doctor",
    "yellow-1",
    "red-2",
    "blue-3",
    "c1",
    "c3",
    "c9",
    "1",
    "5",
    "A",
    "B",
    "L1",
    "L2",
)
NUMBERS = (-1, 0, 0, 1, 1, 2, 3, 4, 5, 7, 16, 17, 99, 10**9)


def anything(rng: random.Random) -> Action:
    """An entry of any kind with fields drawn from names and numbers the game knows, or not."""
    return made_up(GAME.actions, rng, NUMBERS, WORDS)


# The machine -------------------------------------------------------------------------------------------


class BlackoutGames(SessionMachine):
    """One game (or campaign chapter) per run."""

    prefix = GAME_PREFIX

    @initialize(
        seed=st.integers(0, 2**32 - 1),
        kind=st.sampled_from(["single", "single", "campaign"]),
        players=st.integers(1, 4),
        chapter=st.integers(1, 5),
        head_start=st.sampled_from([0, 0, 40, 120, 250]),
    )
    def start(self, seed: int, kind: str, players: int, chapter: int, head_start: int) -> None:
        """The set-up and the starting cubes, then `head_start` entries of play (each checked), so that the
        rules below also act deep in a game."""
        campaign = kind == "campaign"
        players = players if campaign else max(2, players)
        self.rng = random.Random(seed)
        self.session = Session(GAME, make_setup(GAME, NAMES[:players], options(campaign, chapter)), seed)
        self.stops = {0: self.session.state}
        self.accept(start_game(self.state))
        while self.state.stage == "starts":
            self.accept(bk.PlaceStart(self.state.on_turn or "", free_location(self.state, self.rng)))
        for _ in range(head_start):
            if self.state.result:
                break
            self.play_on()

    # What the machine asks of this game ------------------------------------------------------------

    def check(self, state: S) -> None:
        check_invariants(state)

    def nonsense(self, state: S, rng: random.Random) -> Action:
        return nonsense(state, rng)

    def anything(self, rng: random.Random) -> Action:
        return anything(rng)

    def set_up_entries(self) -> int:
        return 1 + len(self.state.names)

    def play_on(self) -> None:
        action = next_entry(self.session, self.rng)
        assert action is not None, f"nothing moves the game on: {self.state.stage}, {next_step(self.state)}"
        self.accept(action)

    # Rules -----------------------------------------------------------------------------------------

    @precondition(lambda self: not self.state.result)
    @rule()
    def one_entry(self) -> None:
        """An entry the table tries; mostly legal, sometimes refused (then nothing changes)."""
        options_now = candidates(self.state, self.rng)
        if options_now:
            before = self.state
            self.checked(before, self.session.dispatch(self.rng.choice(options_now)))
        if not self.state.result:
            self.play_on()

    @precondition(lambda self: not self.state.result)
    @rule()
    def rest_of_the_round(self) -> None:
        mark = (self.state.chapter, self.state.round)
        for _ in range(300):
            if self.state.result or (self.state.chapter, self.state.round) != mark:
                return
            self.play_on()

    @precondition(lambda self: not self.state.result)
    @rule()
    def rest_of_the_game(self) -> None:
        """Every round left, to the final score (a campaign: to the chapter's end, then the next one)."""
        chapter = self.state.chapter
        for _ in range(LIMIT):
            if self.state.result or self.state.chapter != chapter:
                return
            self.play_on()
        raise AssertionError(f"no end after {LIMIT} entries: {self.state.stage}, round {self.state.round}")

    @invariant()
    def always(self) -> None:
        if hasattr(self, "session"):
            check_invariants(self.state)
            screens_can_ask(self.state)

    def teardown(self) -> None:
        """How far the run got, for `--hypothesis-show-statistics`."""
        if hasattr(self, "session"):
            state = self.state
            where = "over" if state.result else f"stopped in round {state.round} ({state.stage})"
            event(f"{'chapter' if state.chapter else 'single game'}: {where}")


BlackoutGames.TestCase.settings = settings(max_examples=40, stateful_step_count=25, deadline=None)
test_random_games = BlackoutGames.TestCase


# Whole games -------------------------------------------------------------------------------------------


def whole_game(seed: int, players: int, campaign: bool = False) -> Session:
    """A game (or a campaign chapter, up to its "chapter" stage) played one entry at a time: after each
    entry every invariant holds, undo lands on the state before it and redo on the state after it."""
    session = Session(GAME, make_setup(GAME, NAMES[:players], options(campaign)), seed)
    session.SNAPSHOT_EVERY = 4
    rng = random.Random(seed)
    for _ in range(LIMIT):
        state = session.state
        if state.result or state.stage == "chapter":
            break
        action = next_entry(session, rng)
        assert action is not None, f"nothing moves the game on: {state.stage}, {next_step(state)}"
        after = session.dispatch(action).state
        check_invariants(after)
        assert session.undo() and session.state == state, action
        assert session.redo() and session.state == after, action
    return session


def replays(session: Session) -> None:
    history = session.history
    replayed = Session.replay(
        GAME,
        session.setup,
        session.seed,
        [(e.action, e.group) for e in history],
        recorded=[e.events for e in history],
    )
    assert replayed.state == session.state


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_games_hold_every_invariant_after_every_entry(seed: int, players: int) -> None:
    session = whole_game(seed, players)
    state = session.state
    assert state.result == "over" and state.stage == "over", (state.stage, state.round, len(session.entries))
    assert state.end_round and state.round == state.end_round and state.draw == 0
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners and len(outcome.ranking) == players
    assert {s.player for s in outcome.ranking} == set(state.names)
    replays(session)
    assert GAME.validate(state, bk.Done())[0].code == "blackout-hk.over"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_solo_campaign_chapter_ends_and_the_next_one_begins(seed: int) -> None:
    session = whole_game(seed, 1, campaign=True)
    state = session.state
    assert state.stage == "chapter" and not state.result, (state.stage, state.round)
    (done,) = state.campaign
    assert done.chapter == 1 and [n for n, _ in done.scores] == [NAMES[0]]
    replays(session)
    result = session.dispatch(bk.NextChapter())
    assert result.ok, result.violations
    after = session.state
    check_invariants(after)
    again = done.chapter if not done.won else done.chapter + 1
    assert after.stage == "setup" and after.chapter == again and after.campaign == state.campaign
    assert after.losses == (0 if done.won else done.losses + 1)
    assert after.player(NAMES[0]).hkd == 4 + 2 * after.losses
    replays(session)
