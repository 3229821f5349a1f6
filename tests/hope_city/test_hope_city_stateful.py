"""Random Hope City games through a real Session, with undo, redo and replay.

A hypothesis state machine sets up 3 to 6 citizens with random options and a random Pool, and a table
that plays at random or leans toward surviving or toward defeat (so that whole seven-year games, at 3 and at
6 citizens among others, are played to their verdict by the `rest_of_the_game` rule), then plays
entries a random table would try (wages, trades, moves, PUNK attacks and fighting back, objectives paid,
deferred and resolved, talents and temptations with the corruption die at 0 to 2, Drug Dealer deals,
corruption passed on, sets cashed, card effects, the monument), plus entries of any kind with nonsense
fields. After every entry:

- nothing raised, and a refused entry left the state, the cursor and the log untouched;
- corruption is conserved: bag + Pool + every card + corruption waiting to be passed on is the Pool
  counted at set-up plus the bag's 2 (or 3) corruption;
- resources are conserved: bag + Trade Center + every card is 15 plus the Trade Center's start;
- a space holds at most 2 PUNKS. "A space holds 2 only if every space holds 1" is not a state invariant:
  a PUNK removed later (fighting back, a resistance roll, a City Site) may empty a space beside a doubled
  one, legitimately. So the singles-first rule is checked where it applies, at each accepted placement;
- talents never negative, the monument 0..5, Business Expansion 0..2, the Future Track within its room;
- a card's corruption stays under its cap, and bad or non-active citizens hold none;
- some entry always moves the game on (no question the table cannot answer), except in the one gap the
  rulebook leaves open (see `stuck_on_a_card`);
- undo and redo land on exactly the states seen before, and the log replays to the live state.

`test_seeded_games_reach_each_ending` plays whole games to Thrive, Survive, Ruin and Defeat and replays
them.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tests.hope_city.play import choose_entry, payment, play_game, players_of, settling, step
from tests.hope_city.states import corruption_total, resources_total
from tests.made_up import made_up
from trackers.core.actions import Action
from trackers.core.game import make_setup
from trackers.core.registry import get_game
from trackers.core.session import Result, Session
from trackers.hope_city import actions as a
from trackers.hope_city import queries
from trackers.hope_city.flows import legal_spaces
from trackers.hope_city.state import (
    BIG,
    CITIZENS,
    COLOURS,
    MONUMENT_COST,
    PUNK,
    HopeCityState,
    corruption_cap,
)

GAME = get_game("hope-city")
OPTIONS = st.fixed_dictionaries(
    {
        "counts_by": st.sampled_from(["citizens in play", "citizens in play", "players"]),
        "tokens_for_all": st.booleans(),
        "attack_when_staying": st.booleans(),
        "expansion_plus_one": st.booleans(),
        "ruin_counts_majors": st.booleans(),
        "deal_to_one": st.booleans(),
        "hope_as_resource": st.booleans(),
        "tile_spaces": st.sampled_from([5, 5, 6, 10]),
    }
)
WORDS = (
    *CITIZENS,
    *COLOURS,
    "",
    PUNK,
    BIG,
    "bag",
    "monument",
    "success",
    "fail",
    "pile",
    "major",
    "track",
    "hope",
    "corruption",
    "any",
    "nobody",
)
NUMBERS = (-1, 0, 0, 1, 1, 2, 3, 5, 6, 7, 10**9)


def expected_corruption(state: HopeCityState, pool: int) -> int:
    return pool + (3 if state.table_size >= 5 else 2)


def expected_resources(state: HopeCityState) -> int:
    return 15 + 5 * (2 if state.table_size >= 6 else 1)


def check_invariants(state: HopeCityState, pool: int) -> None:
    if state.stage == "citizens":
        return
    assert corruption_total(state) == expected_corruption(state, pool)
    assert resources_total(state) == expected_resources(state)
    for here in state.city.punks:
        assert len(here) <= 2 and set(here) <= {PUNK, BIG}
    city = state.city
    assert min(city.punk_supply, city.big_supply, city.removed, city.removed_big) >= 0
    assert 0 <= city.expansion <= 2
    assert len(city.tiles) == state.settings.tile_spaces and set(city.tiles) <= {"", "site", "blight"}
    assert 1 <= state.track.chaos_at <= 7 and len(state.track.cards) <= state.track.capacity
    assert 0 <= state.monument.talents <= MONUMENT_COST
    assert state.monument.owner is None or state.monument.talents == MONUMENT_COST
    assert state.monument.placed_in is None or state.monument.owner is not None
    for citizen in state.citizens:
        assert citizen.talents >= 0 and citizen.hope_cards >= 0, citizen
        assert 0 <= citizen.corruption < corruption_cap(citizen.id), citizen
        if not citizen.good or not citizen.active:
            assert citizen.corruption == 0, citizen
        if not citizen.active:
            assert citizen.good, citizen
        assert all(n > 0 for n in citizen.tokens.counts.values())
    held = sum(c.corruption for c in state.active if c.id != "doctor")
    assert 0 <= state.scripts_due <= held
    assert state.corruption_due >= 0 and state.pool >= 0
    assert 1 <= state.year <= 7
    piles = state.piles
    assert min(*piles.draw, *piles.aside, piles.majors, state.chaos_pile, state.hope_deck) >= 0
    assert state.hope_deck + sum(c.hope_cards for c in state.citizens) <= 5
    assert (state.result is not None) == (state.stage == "over")
    assert state.result == verdict(state), (state.result, state.reason)


def verdict(state: HopeCityState) -> str | None:
    """The ending recomputed from the state alone, as the rulebook words it: Ruin (5 Blights, every citizen
    in play bad, or a category's cards all failed) before Thrive (5 Sites, no Mobster, no Drug Dealer);
    after year 7, Survive (3 Sites, more good than bad) or Defeat."""
    active = [c for c in state.citizens if c.player is not None]
    regular = 10 if state.settings.ruin_counts_majors else 8
    fails = [
        len(pile) if state.settings.ruin_counts_majors else pile.count("regular") for pile in state.piles.fail
    ]
    if state.city.tiles.count("blight") >= 5 or not any(c.good for c in active) or max(fails) >= regular:
        return "ruin"
    mobster = not state.citizen("mayor").good
    dealer = not state.citizen("doctor").good
    if state.city.tiles.count("site") >= 5 and not mobster and not dealer:
        return "thrive"
    if state.stage == "over":
        good = sum(c.good for c in active)
        won = state.city.tiles.count("site") >= 3 and good > len(active) - good
        return "survive" if won else "defeat"
    return None


def screens_can_ask(state: HopeCityState) -> None:
    """What a screen asks of any state answers without raising: the header, the outcome, the next step,
    the bag's odds and, for every kind of entry, whether it is open now."""
    GAME.summary(state)
    GAME.outcome(state)
    assert queries.next_step(state)
    assert 0 <= queries.corruption_odds(state) <= 1
    for kind in GAME.actions:
        assert all(v.code.startswith("hope-city.") for v in queries.blocked(state, kind))


def stuck_on_a_card(state: HopeCityState) -> bool:
    """The one dead end the rulebook leaves open: a card taken with LEAD, which must be attempted, that
    the Mayor cannot pay. The rules give no way out (not attempted, not deferred), so Lantern waits for an
    effect or an undo; reported, not tested as live. (The Mobster's card fails when she cannot pay it.)"""
    turn = state.turn
    if turn is None or turn.objective is None or turn.objective.paid:
        return False
    me = state.citizen(turn.citizen)
    barred = turn.objective.source == "fail"
    hacked = turn.hack and len(turn.objective.cost) <= 2
    return barred and not hacked and payment(Counter(me.tokens.counts), turn.objective.cost) is None


def ways_on(state: HopeCityState) -> list[Action]:
    """The entries that answer whatever the game waits for now (one of them must be accepted)."""
    active = [c.id for c in state.active]
    if state.stage == "tokens":
        return [a.DrawToken()]
    if state.scripts_due:
        return [a.TakeScript(c) for c in active]
    if state.corruption_due:
        return [a.GiveCorruption(c) for c in active]
    if state.punks_due:
        return [a.PlacePunk(s) for s in COLOURS]
    if state.deal_due:
        return [a.Deal((c,)) for c in active]
    if state.stage == "chaos":
        return [a.ChaosIn()]
    if state.stage == "cleanup":
        return [a.ResolveChaos(True), a.EndYear(), *settling(state)]
    turn = state.turn
    assert turn is not None
    ways: list[Action] = [a.DrawToken(), a.FaceAttack(), a.EndTurn(), a.Resolve(True), a.Defer(), a.Attempt()]
    ways += settling(state)
    space = state.citizen(turn.citizen).space or "politics"
    ways += [a.ChooseObjective("pile", (space,)), a.ChooseObjective("fail", (space,))]
    ways += [a.ChooseObjective("fail", COLOURS)]
    ways += [a.ChooseObjective("track", slot=n) for n in range(1, len(state.track.cards) + 1)]
    if turn.objective is not None:
        pay = payment(Counter(state.citizen(turn.citizen).tokens.counts), turn.objective.cost)
        if pay is not None:
            ways.append(a.Attempt(pay))
    return ways


def anything(rng: random.Random) -> Action:
    """An entry of any kind with fields drawn from names and numbers the game knows, or not."""
    return made_up(GAME.actions, rng, NUMBERS, WORDS)


class HopeCityGames(RuleBasedStateMachine):
    """One game per run; `stops` holds the state at every cursor undo and redo can reach."""

    session: Session
    goal: str
    rng: random.Random
    first: a.ChooseCitizens
    pool: int
    stops: dict[int, HopeCityState]

    @initialize(
        seed=st.integers(0, 2**32 - 1),
        size=st.integers(3, 6),
        pool=st.integers(0, 30),
        options=OPTIONS,
        goal=st.sampled_from(["random", "random", "survive", "defeat"]),
    )
    def start(self, seed: int, size: int, pool: int, options: dict[str, object], goal: str) -> None:
        """A table leaning toward surviving or toward defeat keeps its citizens good long enough to play
        all seven years; a random one mostly ruins the city early."""
        self.goal = goal
        self.rng = random.Random(seed)
        self.first = choose_entry(self.rng, size, pool)
        self.pool = pool
        self.session = Session(GAME, make_setup(GAME, players_of(self.first), options), seed)
        self.stops = {0: self.session.state}
        self.accept(self.first)

    # Helpers ------------------------------------------------------------------------------------

    @property
    def state(self) -> HopeCityState:
        state: HopeCityState = self.session.state
        return state

    def accept(self, action: Action) -> None:
        before = self.state
        result = self.session.dispatch(action)
        assert result.ok, result.violations
        self.checked(before, action, result)

    def checked(self, before: HopeCityState, action: Action, result: Result) -> None:
        """After one dispatch: a refusal changed nothing; an acceptance is a new stop (a placed PUNK
        obeyed the limits of the city it joined)."""
        session = self.session
        if not result.ok:
            assert session.state is before and result.state is before
            assert self.stops[session.cursor] == before
            assert len(session.entries) >= session.cursor
            assert all(v.code.startswith("hope-city.") for v in result.violations)
            return
        assert result.state is session.state
        if isinstance(action, a.PlacePunk):
            here = before.city.on(action.space)
            assert len(here) < 2 and (not here or all(before.city.punks)), (action, before.city.punks)
            assert action.space in legal_spaces(before.city)
        cursor = session.cursor
        self.stops = {c: s for c, s in self.stops.items() if c < cursor}
        self.stops[cursor] = session.state
        check_invariants(session.state, self.pool)
        self.live()

    def live(self) -> None:
        state = self.state
        if state.result is not None or state.stage == "citizens" or stuck_on_a_card(state):
            return
        assert any(not self.session.check(way) for way in ways_on(state)), (
            f"nothing moves the game on: {state.stage}, {state.turn}, scripts {state.scripts_due}, "
            f"corruption {state.corruption_due}, punks {state.punks_due}, deal {state.deal_due}"
        )

    def play(self) -> bool:
        if self.state.stage == "citizens":
            self.accept(self.first)
            return True
        return step(self.session, self.rng, self.goal, self.checked) is not None

    # Rules --------------------------------------------------------------------------------------

    @precondition(lambda self: self.state.result is None)
    @rule()
    def one_entry(self) -> None:
        self.play()

    @precondition(lambda self: self.state.result is None)
    @rule()
    def rest_of_the_turn(self) -> None:
        """Up to 80 entries, until another citizen's turn (or another stage) begins."""
        mark = (self.state.stage, self.state.turn.citizen if self.state.turn else None, self.state.year)
        for _ in range(80):
            state = self.state
            if (
                state.result is not None
                or (state.stage, state.turn.citizen if state.turn else None, state.year) != mark
            ):
                return
            self.play()

    @precondition(lambda self: self.state.result is None)
    @rule()
    def rest_of_the_year(self) -> None:
        year = self.state.year
        for _ in range(600):
            if self.state.result is not None or self.state.year != year:
                return
            self.play()

    @precondition(lambda self: self.state.result is None)
    @rule()
    def rest_of_the_game(self) -> None:
        """Every year left, to the verdict (a whole seven-year game when no ending comes first)."""
        for _ in range(4000):
            if self.state.result is not None:
                return
            self.play()

    @rule(seed=st.integers(0, 2**16))
    def nonsense(self, seed: int) -> None:
        """Any kind of entry with made-up fields: accepted or refused, never an exception."""
        before = self.state
        action = anything(random.Random(seed))
        self.checked(before, action, self.session.dispatch(action))

    @rule(back=st.integers(1, 6))
    def undo_and_redo(self, back: int) -> None:
        """Step back `back` groups, each landing on a state seen before, then forward again."""
        end = self.session.cursor
        for _ in range(back):
            if not self.session.undo():
                break
            assert self.state == self.stops[self.session.cursor]
        while self.session.cursor < end:
            assert self.session.redo()
            assert self.state == self.stops[self.session.cursor]
        assert self.session.cursor == end and self.state == self.stops[end]

    @precondition(lambda self: self.session.cursor > 1)
    @rule()
    def undo_then_play_on(self) -> None:
        """Undo one entry and play something else: the undone future is dropped."""
        self.session.undo()
        assert self.state == self.stops[self.session.cursor]
        self.play()

    @rule()
    def log_replays(self) -> None:
        history = self.session.history
        replayed = Session.replay(
            self.session.module,
            self.session.setup,
            self.session.seed,
            [(e.action, e.group) for e in history],
            recorded=[e.events for e in history],
        )
        assert replayed.state == self.state

    @invariant()
    def always(self) -> None:
        if hasattr(self, "session"):
            check_invariants(self.state, self.pool)
            screens_can_ask(self.state)


HopeCityGames.TestCase.settings = settings(max_examples=60, stateful_step_count=40, deadline=None)
test_random_games = HopeCityGames.TestCase


ENDINGS = [
    ("thrive", 1),
    ("thrive", 3),
    ("survive", 1),
    ("survive", 2),
    ("ruin", 1),
    ("ruin", 2),
    ("defeat", 1),
    ("defeat", 3),
]


@pytest.mark.parametrize(("goal", "seed"), ENDINGS)
def test_seeded_games_reach_each_ending(goal: str, seed: int) -> None:
    """A table leaning toward one ending reaches it; the log replays, events and all, to the same game;
    and the game module's outcome agrees (every player wins or loses together)."""
    session = play_game(seed, goal)
    state = session.state
    assert state.result == goal and state.stage == "over"
    pool = next(e.action.pool for e in session.history if isinstance(e.action, a.ChooseCitizens))
    check_invariants(state, pool)
    if goal in ("survive", "defeat"):
        assert state.year == 7
    history = session.history
    replayed = Session.replay(
        session.module,
        session.setup,
        session.seed,
        [(e.action, e.group) for e in history],
        recorded=[e.events for e in history],
    )
    assert replayed.state == state
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (state.players if goal in ("thrive", "survive") else ())
    assert GAME.validate(state, a.EndTurn())[0].code == "hope-city.over"


@pytest.mark.parametrize("size", [3, 6])
@pytest.mark.parametrize("goal", ["survive", "defeat"])
def test_whole_seven_year_games_hold_every_invariant_after_every_entry(size: int, goal: str) -> None:
    """Seven whole years at 3 and at 6 citizens, re-entered one entry at a time: the bag, the Pool and the
    cards account for every token, and the verdict agrees with its recomputation, after each entry."""
    played = play_game(1, goal, size)
    assert played.state.year == 7 and played.state.result == goal
    first, *rest = played.history
    assert isinstance(first.action, a.ChooseCitizens)
    session = Session(GAME, played.setup, played.seed)
    for entry in (first, *rest):
        assert session.dispatch(entry.action).ok
        check_invariants(session.state, first.action.pool)
    assert session.state == played.state
