"""Long random games of Unsettled: Blackout through a real Session, with undo, redo and replay.

Every entry is drawn at random (many are refused, which must change nothing); after each one the
rules' invariants are checked: ire never negative (nor above 3 with the cap) and moved only by a roll,
a failed check, a hot-wire or a spent point; obstacles only on open edges; every trap in exactly one
place and a sprung trap never back; LUNA only ever stepping to an adjacent node (never through a wall
or an obstacle) unless a chaos placement puts her somewhere; distress 0 to 2, given only on LUNA's
node and never to the incapacitated; undo and redo landing on exactly the states seen before; and a
replay of the log giving the live game.
"""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from trackers.core.actions import Action, Event
from trackers.core.game import make_setup
from trackers.core.rng import rng_for
from trackers.core.session import Result, Session
from trackers.unsettled import actions as a
from trackers.unsettled.board import LAUNDRY_CHUTE, ROOMS, WORKSHOP, example_map
from trackers.unsettled.game import UNSETTLED
from trackers.unsettled.luna import plan_step
from trackers.unsettled.pursuit import CHAOS_PLACES
from trackers.unsettled.state import CARD_NOT_ENTERED, UnsettledState

PLAYERS = ("Ann", "Bob", "Cy")
SCARAB = example_map()
NODES = tuple(sorted(c[0] for c in SCARAB.cells))
GRID_EDGES = SCARAB.grid_edges()
TRAP_NAMES = (*(f"Trap {n}" for n in range(1, 5)), "Trap 9")

OPTIONS = st.fixed_dictionaries(
    {
        "die_sides": st.sampled_from([6, 6, 4]),
        "clumsy_faces": st.sampled_from(["ask", "ask", "1-2", "6"]),
        "arrival_distress": st.booleans(),
        "traps_first": st.booleans(),
        "unreachable": st.sampled_from(["stay", "stop"]),
        "ire_cap": st.booleans(),
        "chaos_at": st.integers(2, 12),
        "chaos_side": st.sampled_from(["A", "B"]),
        "traps": st.integers(0, 4),
        "forced_moves_enter": st.booleans(),
        "chute_drop_enters": st.booleans(),
        "structures_stay": st.booleans(),
        "keep_distress": st.booleans(),
        "corridor_needs_power": st.booleans(),
    }
)
PLAYER = st.sampled_from(PLAYERS)
TRAP = st.sampled_from(TRAP_NAMES)


def before_play(machine: UnsettledGames) -> bool:
    """Map and setup entries are drawn only where they can apply (after undoing back to the start)."""
    return machine.state.phase != "play"


def free_to_act(machine: UnsettledGames) -> bool:
    """Most explorer entries are drawn only between pursuits (the rest are tried at any time)."""
    state = machine.state
    return state.phase == "play" and not (state.pending_checks or state.chaos_pending or state.pursuit)


class UnsettledGames(RuleBasedStateMachine):
    """One game per run; `stops` holds (cursor, state) for every point undo and redo can reach."""

    session: Session
    stops: list[tuple[int, UnsettledState]]
    pos: int
    all_traps: Counter[str]

    # Setting up ---------------------------------------------------------------------------------

    @initialize(
        options=OPTIONS,
        seed=st.integers(0, 2**32 - 1),
        walls=st.lists(st.sampled_from(GRID_EDGES), max_size=3, unique=True),
        places=st.lists(st.sampled_from(NODES), min_size=4, max_size=4),
        lay_traps=st.booleans(),
    )
    def start(
        self,
        options: dict[str, Any],
        seed: int,
        walls: list[tuple[str, str]],
        places: list[str],
        lay_traps: bool,
    ) -> None:
        self.session = Session(UNSETTLED, make_setup(UNSETTLED, PLAYERS, options), seed)
        self.stops = [(0, self.session.state)]
        self.pos = 0
        self.all_traps = Counter(self.state.trap_tray)
        for first, second in walls:
            self.accept(a.ToggleBarrier(first, second))
        assert self.state.phase == "map"
        self.accept(a.ConfirmMap())
        assert self.session.state.phase == "setup"
        for name, node in zip(PLAYERS, places, strict=False):
            self.accept(a.PlaceExplorer(name, node))
        self.accept(a.PlaceLuna(places[-1]))
        self.accept(a.BeginPlay())
        assert self.session.state.phase == "play"
        if lay_traps and self.state.trap_tray:
            # The explorers power the Workshop and set traps where they stand, for LUNA to walk into.
            laying: list[Action] = [a.SetPower(WORKSHOP, True)]
            for name, trap in zip(PLAYERS, self.state.trap_tray, strict=False):
                laying += [a.ConstructTrap(name, trap), a.PlaceTrap(name, trap)]
            self.accept(*laying)
            assert len(self.state.traps_on) == min(len(PLAYERS), len(self.all_traps))

    # Helpers ------------------------------------------------------------------------------------

    @property
    def state(self) -> UnsettledState:
        state: UnsettledState = self.session.state
        return state

    def accept(self, *actions: Action) -> None:
        result = self.act(*actions)
        assert result.ok, result.violations

    def act(self, *actions: Action) -> Result:
        """Dispatch one entry (or a group); a refusal must leave state, cursor and log untouched."""
        session = self.session
        before, cursor, entries = session.state, session.cursor, session.entries
        result = session.dispatch(actions[0]) if len(actions) == 1 else session.dispatch_group(actions)
        if not result.ok:
            assert session.state is before and session.state == before
            assert session.cursor == cursor and session.entries == entries
            assert result.state == before
            return result
        after = session.state
        assert result.state == after
        assert session.cursor == cursor + len(actions)
        assert session.entries[:cursor] == entries[:cursor]
        assert [e.action for e in session.entries[cursor:]] == list(actions)
        assert {e.group for e in session.entries[cursor:]} == {cursor}
        # Each entry of the group again, one at a time, checked on its own.
        state = before
        for offset, action in enumerate(actions):
            index = cursor + offset
            following, events = UNSETTLED.apply(state, action, rng_for(session.seed, index))
            assert tuple(events) == session.entries[index].events
            self.check_step(action, state, following, events)
            state = following
        assert state == after
        assert list(result.events) == [e for entry in session.entries[cursor:] for e in entry.events]
        del self.stops[self.pos + 1 :]
        self.stops.append((session.cursor, after))
        self.pos += 1
        return result

    def check_step(
        self, action: Action, before: UnsettledState, after: UnsettledState, events: list[Event]
    ) -> None:
        # A sprung trap is gone for good: the list only grows (undo is the one way back),
        # and every trap that goes has an event saying LUNA sprang it.
        assert after.traps_gone[: len(before.traps_gone)] == before.traps_gone
        sprung = after.traps_gone[len(before.traps_gone) :]
        assert list(sprung) == [
            e.value("trap") for e in events if e.kind == "trap" and "node" in dict(e.data)
        ]
        if before.phase != "play":
            return
        self.check_luna_route(before, after, events)
        if isinstance(action, a.Move) and events[0].kind == "enter":
            here = before.explorer(action.explorer).node
            assert here is not None and before.ways.adjacent(here, action.to), (here, action.to)
        self.check_ire(action, before, after, events)
        self.check_attacks(action, before, after, events)

    def check_luna_route(self, before: UnsettledState, after: UnsettledState, events: list[Event]) -> None:
        """LUNA steps one open edge at a time; only a chaos placement puts her elsewhere."""
        graph = before.graph
        luna = before.luna
        assert luna is not None
        placed = False
        for event in events:
            data = dict(event.data)
            if event.kind == "luna_move":
                assert data["frm"] == luna, (event, luna)
                assert graph.adjacent(data["frm"], data["to"]), f"LUNA crossed a wall or a gap: {event}"
                # Never down the laundry chute, nor out of Upper Corridor while it is unpowered (the option).
                assert before.ways.adjacent(data["frm"], data["to"]), f"LUNA took no open way: {event}"
                assert not graph.has_barrier(data["frm"], data["to"])
                assert graph.blockers(data["frm"], data["to"]) == 0, f"LUNA went through obstacles: {event}"
                luna = data["to"]
            elif event.kind == "luna_obstacle":
                assert graph.adjacent(luna, data["to"]), event
                assert after.graph.blockers(luna, data["to"]) == graph.blockers(luna, data["to"]) - 1
            elif event.kind == "chaos_place" and "roll" in data:
                placed = True
                luna = CHAOS_PLACES[data["roll"]]
        assert after.luna == luna, (before.luna, after.luna, events)
        if not placed and after.luna != before.luna:
            assert before.luna is not None and after.luna is not None
            assert graph.adjacent(before.luna, after.luna)

    def check_ire(
        self, action: Action, before: UnsettledState, after: UnsettledState, events: list[Event]
    ) -> None:
        """Ire moves only by a pursuit roll, a failed clumsiness check, a hot-wire, or a spent point."""
        settings_ = before.settings

        def raised(amount: int) -> int:
            total = before.ire + amount
            return min(total, 3) if settings_.ire_cap else total

        if isinstance(action, a.StartPursuit):
            roll = events[0].value("roll")
            assert 1 <= roll <= settings_.die_sides and (action.roll is None or roll == action.roll)
            expected = raised(roll)
        elif isinstance(action, a.PursuitStep):
            stopped = settings_.unreachable == "stop" and events[0].kind == "luna_unreachable"
            expected = before.ire if stopped else before.ire - 1
            assert after.pursuit is None or after.pursuit == before.pursuit
        elif isinstance(action, a.ResolveClumsiness):
            expected = raised(1 if events[0].value("failed") else 0)
        elif isinstance(action, a.HotWire):
            expected = raised(1)
        else:
            expected = before.ire
        assert after.ire == expected, (action, before.ire, after.ire, events)

    def check_attacks(
        self, action: Action, before: UnsettledState, after: UnsettledState, events: list[Event]
    ) -> None:
        """Distress comes one attack at a time, only on LUNA's node, never to someone incapacitated."""
        moved = any(e.kind == "luna_move" for e in events)
        if isinstance(action, a.PursuitStep) and not before.settings.arrival_distress and moved:
            # With the option off, her arrival on the target's node does not hurt the target.
            hurt = {e.value("explorer") for e in events if e.kind in ("distress", "incapacitated")}
            assert before.pursuit not in hurt
        freed = {e.value("explorer") for e in events if e.kind == "freed"}
        drawn = {e.value("explorer"): e.value("card") for e in events if e.kind == "incapacitated_card"}
        for old in before.explorers:
            new = after.explorer(old.name)
            hits = [e for e in events if e.kind == "distress" and e.value("explorer") == old.name]
            downs = [e for e in events if e.kind == "incapacitated" and e.value("explorer") == old.name]
            if old.name in freed:
                # ENGAGED's action removes all distress; a card Lantern cannot read leaves it to the table.
                assert old.incapacitated not in (None, CARD_NOT_ENTERED)
                assert new.distress == (0 if old.incapacitated == "Engaged" else old.distress)
                assert new.incapacitated is None
                continue
            if old.name in drawn:
                assert old.incapacitated is not None and new.incapacitated == drawn[old.name]
                assert new.distress == old.distress
                continue
            if hits or downs:
                assert old.incapacitated is None, f"{old.name} was attacked while incapacitated"
                assert new.node == after.luna, f"{old.name} was attacked away from LUNA"
            assert len(downs) <= 1
            if downs and not before.settings.keep_distress:
                # The option discards all distress with the third: the explorer starts over at 0.
                assert new.distress == 0
            else:
                assert new.distress == old.distress + len(hits)
            if downs:
                assert old.distress == 2 and new.incapacitated is not None
            else:
                assert new.incapacitated == old.incapacitated

    def joined(self, here: str) -> list[str]:
        """Every node sharing an edge with `here`, walled or not."""
        graph = self.state.graph
        return [n for n in graph.nodes if n != here and graph.has_edge(here, n)]

    def near(self, data: st.DataObject, here: str | None) -> str:
        """Mostly a node joined to `here` (walls included), sometimes any node at all."""
        options = self.joined(here) if here is not None else []
        if options and data.draw(st.integers(0, 4)) > 0:
            return data.draw(st.sampled_from(options))
        return data.draw(st.sampled_from(NODES))

    def node_of(self, name: str) -> str | None:
        """Where an explorer stands (None when undo went back before they were placed)."""
        return self.state.explorer(name).node

    def pursuit_choice(self, state: UnsettledState, data: st.DataObject) -> str | None:
        """Answer a tie with a random candidate; otherwise usually no choice, sometimes the planned one."""
        if state.pursuit is None:
            return None
        plan = plan_step(state)
        if plan.kind == "tie":
            return data.draw(st.sampled_from(plan.candidates))
        if plan.to is not None and data.draw(st.booleans()):
            return plan.to
        return None

    # The map and setup (reachable again after undoing back to the start) ------------------------

    @precondition(before_play)
    @rule(wall=st.sampled_from(GRID_EDGES))
    def toggle_barrier(self, wall: tuple[str, str]) -> None:
        self.act(a.ToggleBarrier(*wall))

    @precondition(before_play)
    @rule()
    def confirm_map(self) -> None:
        self.act(a.ConfirmMap())

    @precondition(before_play)
    @rule(who=PLAYER, node=st.sampled_from(NODES))
    def place_explorer(self, who: str, node: str) -> None:
        self.act(a.PlaceExplorer(who, node))

    @precondition(before_play)
    @rule(node=st.sampled_from(NODES))
    def place_luna(self, node: str) -> None:
        self.act(a.PlaceLuna(node))

    @precondition(before_play)
    @rule()
    def begin_play(self) -> None:
        self.act(a.BeginPlay())

    # Explorers' entries -------------------------------------------------------------------------

    @rule(who=PLAYER, data=st.data())
    def move(self, who: str, data: st.DataObject) -> None:
        self.act(a.Move(who, self.near(data, self.node_of(who))))

    @precondition(free_to_act)
    @rule(who=PLAYER, data=st.data())
    def barricade(self, who: str, data: st.DataObject) -> None:
        self.act(a.Barricade(who, self.near(data, self.node_of(who))))

    @precondition(free_to_act)
    @rule(who=PLAYER, count=st.integers(0, 3), data=st.data())
    def clear_path(self, who: str, count: int, data: st.DataObject) -> None:
        self.act(a.ClearPath(who, self.near(data, self.node_of(who)), count))

    @rule(who=PLAYER)
    def gain_discovery(self, who: str) -> None:
        self.act(a.GainDiscovery(who))

    @precondition(free_to_act)
    @rule(who=PLAYER)
    def hot_wire(self, who: str) -> None:
        self.act(a.HotWire(who))

    @rule(node=st.sampled_from((*ROOMS, *NODES)), on=st.booleans())
    def set_power(self, node: str, on: bool) -> None:
        self.act(a.SetPower(node, on))

    @precondition(free_to_act)
    @rule(who=PLAYER, trap=TRAP, power_first=st.booleans())
    def construct_trap(self, who: str, trap: str, power_first: bool) -> None:
        if power_first and WORKSHOP not in self.state.powered:
            self.act(a.SetPower(WORKSHOP, True), a.ConstructTrap(who, trap))
        else:
            self.act(a.ConstructTrap(who, trap))

    @rule(who=PLAYER, trap=TRAP, data=st.data())
    def place_trap(self, who: str, trap: str, data: st.DataObject) -> None:
        carried = self.state.explorer(who).traps
        if data.draw(st.booleans()) and carried:
            trap = data.draw(st.sampled_from(carried))
        self.act(a.PlaceTrap(who, trap))

    @rule(who=PLAYER, trap=TRAP, data=st.data())
    def pick_up_trap(self, who: str, trap: str, data: st.DataObject) -> None:
        node = self.node_of(who)
        here = self.state.traps_at(node) if node is not None else ()
        if data.draw(st.booleans()) and here:
            trap = data.draw(st.sampled_from(here))
        self.act(a.PickUpTrap(who, trap))

    @precondition(free_to_act)
    @rule(who=PLAYER, data=st.data())
    def command_luna(self, who: str, data: st.DataObject) -> None:
        self.act(a.CommandLuna(who, self.near(data, self.state.luna)))

    @precondition(free_to_act)
    @rule(who=PLAYER, by=PLAYER, data=st.data())
    def free_explorer(self, who: str, by: str, data: st.DataObject) -> None:
        state = self.state
        down = [e for e in state.explorers if e.incapacitated is not None]
        if data.draw(st.booleans()) and down:
            who = data.draw(st.sampled_from([e.name for e in down]))
            there = [e.name for e in state.explorers_at(state.explorer(who).node or "") if e.name != who]
            if there:
                by = data.draw(st.sampled_from(there))
        self.act(a.FreeExplorer(who, by))

    @rule(who=PLAYER, card=st.sampled_from(["Engaged", "Another card", "Engaged", "Nothing"]), data=st.data())
    def draw_incapacitated(self, who: str, card: str, data: st.DataObject) -> None:
        """The table says which card was drawn: mostly for someone incapacitated, at any moment of play."""
        down = [e.name for e in self.state.explorers if e.incapacitated is not None]
        if down and data.draw(st.booleans()):
            who = data.draw(st.sampled_from(down))
        self.act(a.DrawIncapacitated(who, card))

    # LUNA, the timeline and chaos ---------------------------------------------------------------

    @rule(roll=st.one_of(st.none(), st.integers(0, 7)))
    def start_pursuit(self, roll: int | None) -> None:
        self.act(a.StartPursuit(roll))

    @rule(data=st.data())
    def pursuit_step(self, data: st.DataObject) -> None:
        self.act(a.PursuitStep(self.pursuit_choice(self.state, data)))

    @precondition(lambda self: self.state.pursuit is not None)
    @rule(data=st.data())
    def pursue_on(self, data: st.DataObject) -> None:
        """Pursuits take many steps: a second, always enabled-when-useful way to draw one."""
        self.act(a.PursuitStep(self.pursuit_choice(self.state, data)))

    @precondition(free_to_act)
    @rule(roll=st.integers(1, 4), data=st.data())
    def luna_turn(self, roll: int, data: st.DataObject) -> None:
        """A whole automated LUNA turn as one undo step: the roll and every ire point."""
        state = self.state
        if UNSETTLED.validate(state, a.StartPursuit(roll)):
            return
        actions: list[Action] = [a.StartPursuit(roll)]
        state, _ = UNSETTLED.apply(state, actions[0], Random(0))
        while state.pursuit is not None:
            step = a.PursuitStep(self.pursuit_choice(state, data))
            assert not UNSETTLED.validate(state, step)
            actions.append(step)
            state, _ = UNSETTLED.apply(state, step, Random(0))
        self.accept(*actions)
        assert self.state == state

    @rule(failed=st.one_of(st.none(), st.booleans()), roll=st.one_of(st.none(), st.integers(0, 7)))
    def resolve_clumsiness(self, failed: bool | None, roll: int | None) -> None:
        self.act(a.ResolveClumsiness(roll=roll, failed=failed))

    @precondition(lambda self: bool(self.state.pending_checks))
    @rule(failed=st.booleans())
    def settle_clumsiness(self, failed: bool) -> None:
        ask = self.state.settings.clumsy_faces == "ask"
        self.accept(a.ResolveClumsiness(failed=failed) if ask else a.ResolveClumsiness())

    @rule()
    def advance_timeline(self) -> None:
        self.act(a.AdvanceTimeline())

    @rule(die=st.one_of(st.none(), st.integers(0, 4)), placement=st.one_of(st.none(), st.integers(0, 7)))
    def resolve_chaos(self, die: int | None, placement: int | None) -> None:
        self.act(a.ResolveChaos(die=die, placement=placement))

    @precondition(lambda self: self.state.chaos_pending and not self.state.pending_checks)
    @rule(die=st.sampled_from([1, 1, 2, 3]), placement=st.integers(1, 4))
    def settle_chaos(self, die: int, placement: int) -> None:
        self.accept(a.ResolveChaos(die=die, placement=placement))

    @rule(text=st.sampled_from(["", "   ", "Swap LUNA with the nearest explorer.", "x" * 401]))
    def chaos_back_text(self, text: str) -> None:
        self.act(a.SetChaosBackText(text))

    # Undo and redo ------------------------------------------------------------------------------

    @rule()
    def undo(self) -> None:
        entries = self.session.entries
        done = self.session.undo()
        assert done == (self.pos > 0)
        assert self.session.entries == entries
        if done:
            self.pos -= 1
        cursor, state = self.stops[self.pos]
        assert self.session.cursor == cursor
        assert self.session.state == state

    @rule()
    def redo(self) -> None:
        entries = self.session.entries
        done = self.session.redo()
        assert done == (self.pos < len(self.stops) - 1)
        assert self.session.entries == entries
        if done:
            self.pos += 1
        cursor, state = self.stops[self.pos]
        assert self.session.cursor == cursor
        assert self.session.state == state

    # Invariants ---------------------------------------------------------------------------------

    @invariant()
    def matches_the_model(self) -> None:
        cursor, state = self.stops[self.pos]
        assert self.session.cursor == cursor
        assert self.session.state == state
        summary = UNSETTLED.summary(state)
        assert summary.turn is None or summary.turn == state.active_explorer.name

    @invariant()
    def ire_stays_in_range(self) -> None:
        state = self.state
        assert state.ire >= 0
        if state.settings.ire_cap:
            assert state.ire <= 3
        if state.pursuit is not None:
            assert state.ire >= 1
            assert state.explorer(state.pursuit).incapacitated is None

    @invariant()
    def obstacles_only_on_open_edges(self) -> None:
        """Blocks are only ever placed across open edges; the one edge that closes later is the laundry
        chute (when Organic Stowage loses power), and its blocks stay there for when it reopens."""
        graph = self.state.graph
        for (first, second), count in graph.blocker_counts:
            assert count >= 0
            assert graph.has_edge(first, second)
            assert not graph.has_barrier(first, second) or (first, second) == LAUNDRY_CHUTE

    @invariant()
    def every_trap_in_one_place(self) -> None:
        state = self.state
        carried = [t for e in state.explorers for t in e.traps]
        laid = [t for _, t in state.traps_on]
        gone = set(state.traps_gone)
        assert len(gone) == len(state.traps_gone)
        assert not gone & (set(state.trap_tray) | set(laid) | set(carried))
        everywhere = Counter(state.trap_tray) + Counter(laid) + Counter(carried) + Counter(state.traps_gone)
        assert everywhere == self.all_traps

    @invariant()
    def pieces_stay_on_the_map(self) -> None:
        state = self.state
        nodes = set(state.graph.nodes)
        assert state.graph.nodes == NODES
        if state.phase == "play":
            assert state.luna in nodes
            assert all(e.node in nodes for e in state.explorers)
            assert all(node in nodes for node, _ in state.traps_on)
        for explorer in state.explorers:
            assert 0 <= explorer.distress <= 2
            assert explorer.discoveries >= 0

    def teardown(self) -> None:
        session = getattr(self, "session", None)
        if session is None:
            return
        entries = session.entries
        replayed = Session.replay(
            UNSETTLED,
            session.setup,
            session.seed,
            [(e.action, e.group) for e in entries],
            recorded=[e.events for e in entries],
            cursor=session.cursor,
        )
        assert replayed.state == session.state
        assert replayed.cursor == session.cursor
        assert replayed.entries == entries
        if replayed.redo():
            session.redo()
            assert replayed.state == session.state


UnsettledGames.TestCase.settings = settings(max_examples=50, stateful_step_count=40, deadline=None)
TestUnsettledGames = UnsettledGames.TestCase
