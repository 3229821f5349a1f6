"""What happens by itself after an entry: the end of a turn (chains becoming active, the early decade end),
the end of a round (travel, then events), and the end of a decade's steps that need nobody's choice
(books, adding events, clean-up), until the table has something to enter."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.core.actions import Event
from trackers.infamous_traffic import china, decade, events
from trackers.infamous_traffic.state import (
    DECADES,
    EVENTS_PER_DECADE,
    LOCATIONS,
    InfamousTrafficState,
    Question,
)

S = InfamousTrafficState


def settle(state: S, rng: Random) -> tuple[S, list[Event]]:
    out: list[Event] = []
    for _ in range(200):
        after, more = _step(state, rng)
        out += more
        if after is state:
            return state, out
        state = after
    raise RuntimeError("the game's automatic steps did not settle")


def _step(state: S, rng: Random) -> tuple[S, list[Event]]:
    if state.questions or state.result:
        return state, []
    if state.stage in ("turns", "rush") and state.turn_done:
        return _end_turn(state)
    if state.stage == "events" and (state.draws_left <= 0 or _events_end(state)):
        return _after_events(state)
    if state.stage == "war" and not decade.war_moves(state):
        return _after_war(state)
    if state.stage == "rush" and state.rush_player is None:
        return _books(replace(state, outrage=0, rush_out=()))
    if state.stage == "books":
        return replace(state, stage="season", season_order=decade.season_order(state), season_done=0), []
    if state.stage == "season" and state.season_done >= len(state.season_order):
        final = state.decade >= DECADES or not state.pool or state.demand_supply <= 0
        after, more = decade.end_season(replace(state, final=final))
        return replace(after, stage="compound"), more
    if state.stage == "compound" and not state.compound_due:
        return _after_season(state, rng)
    if state.stage == "penalty" and not decade.penalty_due(state):
        return replace(state, stage="over", result="over", reason=_reason(state)), []
    return state, []


def _end_turn(state: S) -> tuple[S, list[Event]]:
    """Chains the turn completed become active (the player on turn orders competing ones); then the early
    decade end; then the next player, or the end of the round."""
    ready = china.ready_chains(state)
    if ready:
        if china.conflicting(state, ready):
            who = state.on_turn or ""
            return replace(state, questions=(Question("activate", who, options=ready),)), []
        return china.activate(state, ready[0])
    if state.stage == "rush":
        player = state.rush_player
        assert player is not None, "a Rush action is taken by the Rush's player"
        return replace(state, turn_done=False, rush_turn=state.rush_after(player, passed=False)), []
    if why := events.early_end(state):
        return begin_decade_end(state, why)
    acted = state.acted + 1
    after = replace(state, acted=acted, turn_done=False)
    if acted < len(state.order):
        return after, []
    return _end_round(after)


def _travelled(state: S) -> S:
    """Pawns slide left; travellers then passers join their new location's action row."""
    rows = []
    for i in range(len(LOCATIONS)):
        rows.append((*state.action_rows[i], *state.travel_rows[i], *state.passers[i]))
    return replace(
        state, action_rows=(rows[0], rows[1], rows[2]), travel_rows=((), (), ()), passers=((), (), ())
    )


def _end_round(state: S) -> tuple[S, list[Event]]:
    after = replace(
        _travelled(state),
        stage="events",
        draws_left=events.draws_after_round(state.round, len(state.players)),
    )
    order = " → ".join(after.turn_order)
    return after, [
        Event.of(
            "travel",
            f"Travel resolved; the next turn order is {order}.",
            rule="infamous-traffic/round/travel",
        )
    ]


def _events_end(state: S) -> bool:
    return state.events_done >= EVENTS_PER_DECADE or bool(
        state.settings.early_end_after_events and state.events_done and events.early_end(state)
    )


def _after_events(state: S) -> tuple[S, list[Event]]:
    if state.events_done >= EVENTS_PER_DECADE:
        return begin_decade_end(state, "the eighth event is resolved")
    if state.settings.early_end_after_events and (why := events.early_end(state)):
        return begin_decade_end(state, why)
    return replace(
        state, stage="turns", round=state.round + 1, order=state.turn_order, acted=0, draws_left=0
    ), []


def begin_decade_end(state: S, why: str) -> tuple[S, list[Event]]:
    """The Opium War: an arrow space first lowers outrage by 1; a red space then starts a war. A decade that
    ends at the end of a turn first brings the pawns on the travel rows to the action rows, so that every
    player has a place in the Rush and in the next decade's order (edition 1 left them where they stood)."""
    head = Event.of("decade", f"Decade {state.decade} ends: {why}.", rule="infamous-traffic/decade")
    if state.edition >= 2:
        state = _travelled(state)
    outrage, strength = decade.war_outlook(state)
    after = replace(state, stage="war", draws_left=0, turn_done=False, war_ports=0, outrage=outrage)
    if not strength:
        after, more = _books(after)
        return after, [head, *more]
    commander = after.turn_order[0]
    text = f"Opium War of strength {strength}: {commander} commands."
    return replace(after, war_strength=strength, commander=commander), [
        head,
        Event.of("war", text, rule=decade.WAR),
    ]


def _after_war(state: S) -> tuple[S, list[Event]]:
    if not state.commander:
        return _books(state)
    after = state
    gain = 2 * state.war_ports
    for firm in state.firms:
        after = after.pay(firm.name, -gain)
    text = f"Post-War Rush: each player gains {gain} cash for {state.war_ports} new Treaty Port(s)."
    return replace(after, stage="rush", rush_turn=0, rush_out=(), war_strength=0, commander=""), [
        Event.of("rush", text, rule="infamous-traffic/decade/rush")
    ]


def _books(state: S) -> tuple[S, list[Event]]:
    """Balance Books; outrage goes back to 0 here too when the table reads the reset as every decade's."""
    if state.settings.outrage_reset == "at the end of every decade":
        state = replace(state, outrage=0)
    after, more = decade.balance_books(replace(state, war_strength=0, commander=""))
    return replace(after, stage="books"), more


def _after_season(state: S, rng: Random) -> tuple[S, list[Event]]:
    """Game end, or the events added and the clean-up: a tile into each bowl and the next decade."""
    if state.final:
        return replace(state, stage="penalty"), []
    after, more = events.add_events(state)
    bowls = list(after.bowls)
    bag = after.conspiracy_bag
    for i in range(len(bowls)):
        if bag.total:
            bag, drawn = bag.draw(rng)
            bowls[i] = (*bowls[i], *drawn)
    after = replace(
        after,
        conspiracy_bag=bag,
        bowls=tuple(bowls),
        decade=after.decade + 1,
        round=1,
        events_done=0,
        stage="turns",
        order=after.turn_order,
        acted=0,
        final=False,
    )
    text = f"Clean-up: a conspiracy tile into each bowl; decade {after.decade} begins with {after.order[0]}."
    return after, [*more, Event.of("cleanup", text, rule="infamous-traffic/decade/cleanup")]


def _reason(state: S) -> str:
    if state.decade >= DECADES:
        return "the fourth decade is over"
    return "the pool or the demand dice ran out"
