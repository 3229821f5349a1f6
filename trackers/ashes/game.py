"""ASHES: Blackout Protocol as a game module: the round cycle, the solo rival's turns entered from its
cards, and the final scoring. Each check and step comes from the tested pieces beside this module."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from random import Random
from typing import Any

from trackers.ashes import actions as a
from trackers.ashes.endgame import PlayerEnd, RowCount, end_game, end_violations, rival_end
from trackers.ashes.rival import (
    BoardAnswer,
    Resolution,
    answer_violations,
    card_violations,
    must_pass,
    new_rival,
    play_card,
    resolve,
    rival_pass,
    start_round,
)
from trackers.ashes.rival import pass_violations as rival_pass_violations
from trackers.ashes.rival_card import RivalCard
from trackers.ashes.rival_deck import card_from_json, deck_problems
from trackers.ashes.rounds import (
    RIVAL,
    SetupKind,
    end_round,
    end_round_violations,
    new_game,
    next_row,
    pass_turn,
    pass_violations,
    setup_done,
    setup_violations,
    spot_of,
    take_turn,
    turn_violations,
    unavailable,
)
from trackers.ashes.state import AshesState, FinalCounts, Seat
from trackers.ashes.survivors import ACTIVE, ESSENTIAL, NOBODY
from trackers.ashes.terms import Difficulty, Medal, PhoenixRow, UpgradeClass
from trackers.core.actions import Action, Event
from trackers.core.bag import Bag
from trackers.core.errors import Violation
from trackers.core.game import Option, Outcome, Score, Setup, Summary

ONE, TWO = UpgradeClass.CLASS_I, UpgradeClass.CLASS_II
UPGRADE_LAYOUTS = {"I, II, I, II, …": (ONE, TWO) * 5, "five I, then five II": (ONE,) * 5 + (TWO,) * 5}
"""The rulebook text does not show the colony board, so the order the rival takes its 10 tiles in is an
option."""

OPTIONS = (
    Option(
        "difficulty",
        "Rival difficulty",
        Difficulty.NORMAL.value,
        choices=tuple(d.value for d in Difficulty),
        rule="ashes/solo/difficulty",
    ),
    Option(
        "rival_track_top",
        "Top step of the rival track",
        4,
        minimum=1,
        maximum=12,
        rule="ashes/solo/difficulty",
        help="Steps above the start space on your difficulty card; the rulebook text does not give them.",
    ),
    Option(
        "direct_score",
        "Rival direct score",
        3,
        minimum=0,
        maximum=30,
        rule="ashes/solo/direct-score",
        help="The VP printed on your difficulty card.",
    ),
    Option(
        "rival_upgrades",
        "Rival upgrade tiles, left to right, top row first",
        next(iter(UPGRADE_LAYOUTS)),
        choices=tuple(UPGRADE_LAYOUTS),
        rule="ashes/upgrades",
    ),
    Option(
        "rival_shelter_discs",
        "Rival shelter discs",
        6,
        minimum=0,
        maximum=12,
        rule="ashes/setup/solo",
        help="Six shelter discs are listed among a colony's components.",
    ),
)

Handler = Callable[[AshesState, Any, Random], tuple[AshesState, list[Event]]]


def _refuse(code: str, message: str, rule: str) -> list[Violation]:
    return [Violation(code, message, rule)]


def _player_violations(state: AshesState, player: str) -> list[Violation]:
    if player == RIVAL or not state.has_seat(player):
        return _refuse("ashes.player.unknown", f"No player called {player!r} in this game.", "ashes/setup")
    return []


def _bonus_violations(state: AshesState) -> list[Violation]:
    """The bonus card comes straight after the rival's pass, before anyone else plays."""
    if state.rival is not None and state.rival.bonus_turn_due:
        return _refuse(
            "ashes.rival.bonus_due", "Reveal the rival's bonus card first.", "ashes/solo/rival-pass"
        )
    return []


def _solo_violations(state: AshesState) -> list[Violation]:
    if state.rival is None:
        return _refuse("ashes.solo.only", "Only a solo game has a rival.", "ashes/solo/rival")
    return []


def _action_json(text: str) -> dict[str, Any]:
    kind, _, arg = text.partition(":")
    if kind == "install":
        return {"action": kind, "row": arg}
    if arg:
        return {"action": kind, "column": int(arg) if arg.isdigit() else arg}
    return {"action": kind}


def card_of(action: a.RivalTurn) -> RivalCard:
    """The card an entry describes; raises ValueError naming the field the table should fix."""
    return card_from_json(
        {
            "label": action.label,
            "arrow": action.arrow,
            "rounds_1_and_3": _action_json(action.rounds_1_and_3),
            "round_2": _action_json(action.round_2),
            "secondary": None if action.secondary is None else _action_json(action.secondary),
            "ordinal": action.ordinal,
            "numeric": action.numeric,
            "sector": action.sector,
        }
    )


def _answer(action: a.RivalTurn) -> BoardAnswer:
    survivors = Bag.of({ACTIVE: action.survivors_active, ESSENTIAL: action.survivors_essential})
    return BoardAnswer(action.cases, survivors, action.level, action.achievement_has_room)


def _rival_turn_violations(state: AshesState, action: a.RivalTurn) -> list[Violation]:
    rival = state.rival
    if rival is None:
        return _solo_violations(state)
    if not rival.bonus_turn_due and (problems := turn_violations(state.rounds, RIVAL)):
        return problems
    try:
        card = card_of(action)
    except ValueError as error:
        return _refuse("ashes.rival.card", f"This card cannot be read: {error}.", "ashes/solo/rival-turn")
    known = {c.label: c for c in state.catalogue}
    if known and known.get(card.label, card) != card:
        return _refuse(
            "ashes.rival.card_differs",
            f"Card {card.label!r} reads differently in your rival deck.",
            "ashes/solo/rival-turn",
        )
    if problems := card_violations(rival, card):
        return problems
    if action.survivors_active < 0 or action.survivors_essential < 0:
        return _refuse(
            "ashes.rival.survivors", "Survivor counts cannot be negative.", "ashes/solo/rival-actions"
        )
    return answer_violations(play_card(rival, card, state.rounds.round), _answer(action))


def _catalogue_violations(state: AshesState, action: a.CatalogueRivalDeck) -> list[Violation]:
    if problems := _solo_violations(state):
        return problems
    if state.rounds.round != 1 or not state.rounds.setup_left:
        return _refuse(
            "ashes.rival.deck.late", "Catalogue the rival deck before round 1 begins.", "ashes/setup/solo"
        )
    try:
        cards = [json.loads(text) for text in action.cards]
    except json.JSONDecodeError as error:
        return _refuse("ashes.rival.deck.json", f"A card is not JSON: {error}.", "ashes/solo/rival")
    reasons = deck_problems({"cards": cards})
    return [Violation("ashes.rival.deck.card", f"{r}.", "ashes/solo/rival") for r in reasons[:1]]


def _rows(action: a.FinalCountsEntry) -> tuple[RowCount, ...]:
    return tuple(
        RowCount(PhoenixRow[row.upper()], upgrades, count, value)
        for row, upgrades, count, value in action.rows
    )


def _final_violations(state: AshesState, action: a.FinalCountsEntry) -> list[Violation]:
    if problems := _end_violations(state) or _player_violations(state, action.player):
        return problems
    counts = (action.happiness, action.fuel, action.data, action.antirad, action.uncovered_colony_vp)
    numbers = (*counts, action.radiation_loss, *(n for _, *ns in action.rows for n in ns))
    if any(n < 0 for n in numbers):
        return _refuse("ashes.end.negative", "Final counts cannot be negative.", "ashes/end")
    return end_violations([PlayerEnd(action.player, 0, *counts, _rows(action), 0)])


def _end_violations(state: AshesState) -> list[Violation]:
    if state.result is not None:
        return _refuse("ashes.end.scored", "The game is already scored.", "ashes/end")
    if not state.rounds.game_over:
        return _refuse("ashes.end.not_yet", "The final scoring comes after round 3.", "ashes/end")
    return []


def _medals(action: a.FinishGame) -> dict[PhoenixRow, Medal]:
    return {
        PhoenixRow.DARK_BLUE: Medal(action.dark_blue_medal),
        PhoenixRow.LIGHT_BLUE: Medal(action.light_blue_medal),
        PhoenixRow.PINK: Medal(action.pink_medal),
    }


def _player_ends(state: AshesState) -> list[PlayerEnd]:
    ends = []
    for seat in state.seats:
        f = seat.final
        assert f is not None  # _finish_violations refused missing counts
        position = spot_of(state.rounds, seat.name).position
        ends.append(
            PlayerEnd(
                seat.name,
                seat.vp,
                f.happiness,
                f.fuel,
                f.data,
                f.antirad,
                f.uncovered_colony_vp,
                f.phoenix_rows,
                position,
                f.radiation_loss,
            )
        )
    return ends


def _finish_violations(state: AshesState, action: a.FinishGame) -> list[Violation]:
    if problems := _end_violations(state):
        return problems
    missing = [s.name for s in state.seats if s.final is None]
    if missing:
        return _refuse(
            "ashes.end.counts_missing", f"Enter the final counts of {', '.join(missing)} first.", "ashes/end"
        )
    if action.rival_uncovered_colony_vp < 0:
        return _refuse("ashes.end.negative", "Final counts cannot be negative.", "ashes/solo/rival-end")
    rival = state.rival
    ended = None if rival is None else rival_end(rival, _medals(action), action.rival_uncovered_colony_vp)
    return end_violations(_player_ends(state), ended)


def validate(state: AshesState, action: Action) -> list[Violation]:
    """Every refusal carries its code and rules section; the first reason that applies is enough."""
    rounds = state.rounds
    if isinstance(action, a.CompleteSetupStep):
        return setup_violations(rounds, SetupKind(action.step))
    if isinstance(action, a.EndTurn):
        return (
            _player_violations(state, action.player)
            or _bonus_violations(state)
            or turn_violations(rounds, action.player)
        )
    if isinstance(action, a.Pass):
        return (
            _player_violations(state, action.player)
            or _bonus_violations(state)
            or pass_violations(rounds, action.player, action.position)
        )
    if isinstance(action, a.SetScore):
        if problems := _player_violations(state, action.player):
            return problems
        if action.vp < 0:
            return _refuse("ashes.score.negative", "A score never drops below 0.", "ashes/resources")
        return _refuse("ashes.end.scored", "The game is already scored.", "ashes/end") if state.result else []
    if isinstance(action, a.CatalogueRivalDeck):
        return _catalogue_violations(state, action)
    if isinstance(action, a.RivalTurn):
        return _rival_turn_violations(state, action)
    if isinstance(action, a.RivalPass):
        if state.rival is None:
            return _solo_violations(state)
        return turn_violations(rounds, RIVAL) or rival_pass_violations(state.rival)
    if isinstance(action, a.EndRound):
        return _bonus_violations(state) or end_round_violations(rounds)
    if isinstance(action, a.FinalCountsEntry):
        return _final_violations(state, action)
    if isinstance(action, a.FinishGame):
        return _finish_violations(state, action)
    raise TypeError(f"ASHES has no action {action.type!r}")


def _steps(resolution: Resolution) -> list[Event]:
    return [Event.of("rival_step", s.text, number=s.number, rule=s.rule) for s in resolution.steps]


def _setup_step(
    state: AshesState, action: a.CompleteSetupStep, rng: Random
) -> tuple[AshesState, list[Event]]:
    step = state.rounds.setup_left[0]
    rounds = setup_done(state.rounds, step.kind)
    events = [Event.of("setup", step.text, round=rounds.round, step=step.number, rule=step.rule)]
    if rounds.current is not None:
        text = f"Round {rounds.round}: {rounds.current} plays first"
        events.append(Event.of("turn", text, seat=rounds.current, rule="ashes/rounds"))
    return replace(state, rounds=rounds), events


def _next(rounds_current: str | None) -> list[Event]:
    if rounds_current is None:
        return [Event.of("turn", "Everyone has passed: end the round", rule="ashes/rounds/end")]
    return [Event.of("turn", f"{rounds_current} is next", seat=rounds_current, rule="ashes/rounds")]


def _end_turn(state: AshesState, action: a.EndTurn, rng: Random) -> tuple[AshesState, list[Event]]:
    rounds = take_turn(state.rounds, action.player)
    done = Event.of("turn_done", f"{action.player} ends the turn", seat=action.player, rule="ashes/protocols")
    return replace(state, rounds=rounds), [done, *_next(rounds.current)]


def _pass(state: AshesState, action: a.Pass, rng: Random) -> tuple[AshesState, list[Event]]:
    passed = pass_turn(state.rounds, action.player, action.position)
    text = (
        f"{action.player} passes: vehicle to position {passed.spot.position} of the {passed.spot.row.value} "
        "row; take the reward printed there"
    )
    event = Event.of(
        "pass",
        text,
        seat=action.player,
        row=passed.spot.row.value,
        position=passed.spot.position,
        rule="ashes/protocols/pass",
    )
    return replace(state, rounds=passed.state), [event, *_next(passed.state.current)]


def _set_score(state: AshesState, action: a.SetScore, rng: Random) -> tuple[AshesState, list[Event]]:
    text = f"{action.player}'s score is {action.vp} VP"
    event = Event.of("score", text, seat=action.player, vp=action.vp, rule="ashes/resources")
    return state.with_seat(replace(state.seat(action.player), vp=action.vp)), [event]


def _catalogue(
    state: AshesState, action: a.CatalogueRivalDeck, rng: Random
) -> tuple[AshesState, list[Event]]:
    rival = state.rival
    assert rival is not None  # _catalogue_violations refused a game without a rival
    cards = tuple(card_from_json(json.loads(text)) for text in action.cards)
    labels = tuple(c.label for c in cards)
    fresh = new_rival(
        rival.difficulty,
        rival.marker.high,
        rival.direct_score,
        labels,
        rival.upgrades_left,
        rival.shelter_discs_left,
    )
    text = f"Rival deck of {len(cards)} cards catalogued: each card revealed is checked against its pile"
    event = Event.of("rival_deck", text, labels=list(labels), rule="ashes/solo/rival")
    return replace(state, rival=fresh, catalogue=cards), [event]


def _rival_turn(state: AshesState, action: a.RivalTurn, rng: Random) -> tuple[AshesState, list[Event]]:
    rival = state.rival
    assert rival is not None  # _rival_turn_violations refused a game without a rival
    bonus = rival.bonus_turn_due
    done = resolve(play_card(rival, card_of(action), state.rounds.round), _answer(action))
    rounds = state.rounds if bonus else take_turn(state.rounds, RIVAL)
    summary = Event.of(
        "rival_turn",
        f"Rival turn over: marker on {done.rival.marker.value}, {done.rival.vp} VP",
        card=action.label,
        marker=done.rival.marker.value,
        vp=done.rival.vp,
        to_bag=[done.to_bag.count(ACTIVE), done.to_bag.count(ESSENTIAL)],
        disc_steps=[row.value for row in done.disc_steps],
        rule="ashes/solo/rival-turn",
    )
    events = [*_steps(done), summary, *_next(rounds.current)]
    return replace(state, rival=done.rival, rounds=rounds), events


def _rival_pass(state: AshesState, action: a.RivalPass, rng: Random) -> tuple[AshesState, list[Event]]:
    rival = state.rival
    assert rival is not None  # validate refused a game without a rival
    rounds = state.rounds
    done = rival_pass(rival, rounds.round, unavailable(rounds, next_row(rounds.round)))
    passed = pass_turn(rounds, RIVAL, done.rival.spot.position)
    return replace(state, rival=done.rival, rounds=passed.state), _steps(done)


def _end_round(state: AshesState, action: a.EndRound, rng: Random) -> tuple[AshesState, list[Event]]:
    rounds = end_round(state.rounds)
    rival = None if state.rival is None else start_round(state.rival)
    if rounds.game_over:
        text = "Round 3 is over: enter each player's final counts, then score the game"
        event = Event.of("game_over", text, rule="ashes/end")
    else:
        text = f"Round {rounds.round} begins with its setup; turn order: {', '.join(rounds.order)}"
        event = Event.of("round", text, round=rounds.round, order=list(rounds.order), rule="ashes/rounds/end")
    return replace(state, rounds=rounds, rival=rival), [event]


def _final_counts(
    state: AshesState, action: a.FinalCountsEntry, rng: Random
) -> tuple[AshesState, list[Event]]:
    counts = FinalCounts(
        action.happiness,
        action.fuel,
        action.data,
        action.antirad,
        action.uncovered_colony_vp,
        action.radiation_loss,
        _rows(action),
    )
    event = Event.of(
        "final_counts", f"{action.player}'s final counts entered", seat=action.player, rule="ashes/end"
    )
    return state.with_seat(replace(state.seat(action.player), final=counts)), [event]


def _finish(state: AshesState, action: a.FinishGame, rng: Random) -> tuple[AshesState, list[Event]]:
    rival = state.rival
    ended = None if rival is None else rival_end(rival, _medals(action), action.rival_uncovered_colony_vp)
    result = end_game(NOBODY, (), _player_ends(state), ended)
    events = [
        Event.of(
            "final_score",
            f"{score.name}: {score.vp} VP",
            seat=score.name,
            vp=score.vp,
            rule="ashes/solo/rival-end" if score.name == RIVAL else "ashes/end",
        )
        for score in result.ranking
    ]
    events.append(Event.of("winner", result.verdict, winner=result.winner, rule="ashes/end"))
    return replace(state, result=result), events


HANDLERS: Mapping[type[Action], Handler] = {
    a.CompleteSetupStep: _setup_step,
    a.EndTurn: _end_turn,
    a.Pass: _pass,
    a.SetScore: _set_score,
    a.CatalogueRivalDeck: _catalogue,
    a.RivalTurn: _rival_turn,
    a.RivalPass: _rival_pass,
    a.EndRound: _end_round,
    a.FinalCountsEntry: _final_counts,
    a.FinishGame: _finish,
}


def describe(state: AshesState, action: Action) -> str:
    """One history line per entry, in the words a player would use."""
    if isinstance(action, a.CompleteSetupStep):
        return f"Round {state.rounds.round} setup: {action.step}"
    if isinstance(action, a.EndTurn):
        return f"{action.player} ends the turn"
    if isinstance(action, a.Pass):
        return f"{action.player} passes to position {action.position}"
    if isinstance(action, a.SetScore):
        return f"{action.player}'s score: {action.vp} VP"
    if isinstance(action, a.CatalogueRivalDeck):
        return f"Rival deck catalogued ({len(action.cards)} cards)"
    if isinstance(action, a.RivalTurn):
        bonus = "bonus " if state.rival is not None and state.rival.bonus_turn_due else ""
        return f"Rival plays {bonus}card {action.label}"
    if isinstance(action, a.RivalPass):
        return "Rival passes"
    if isinstance(action, a.EndRound):
        return f"Round {state.rounds.round} ends"
    if isinstance(action, a.FinalCountsEntry):
        return f"{action.player}'s final counts"
    return "Final scoring"


class Ashes:
    id = "ashes"
    title = "ASHES: Blackout Protocol"
    min_players = 1
    max_players = 4
    options = OPTIONS
    actions: tuple[type[Action], ...] = a.ACTIONS
    content_versions: Mapping[str, str] = {}

    def new_state(self, setup: Setup, seed: int) -> AshesState:
        """One player plays solo against the rival; the rival options only matter then."""
        solo = len(setup.players) == 1
        rival = None
        if solo:
            rival = new_rival(
                Difficulty(setup.option("difficulty")),
                int(setup.option("rival_track_top")),
                int(setup.option("direct_score")),
                (),
                UPGRADE_LAYOUTS[str(setup.option("rival_upgrades"))],
                int(setup.option("rival_shelter_discs")),
            )
        return AshesState(new_game(setup.players, solo=solo), tuple(Seat(p) for p in setup.players), rival)

    def validate(self, state: AshesState, action: Action) -> list[Violation]:
        return validate(state, action)

    def apply(self, state: AshesState, action: Action, rng: Random) -> tuple[AshesState, list[Event]]:
        return HANDLERS[type(action)](state, action, rng)

    def describe(self, state: AshesState, action: Action) -> str:
        return describe(state, action)

    def summary(self, state: AshesState) -> Summary:
        rounds = state.rounds
        scores = [Score(s.name, s.vp) for s in state.seats]
        if state.rival is not None:
            scores.append(Score(RIVAL, state.rival.vp))
        if state.result is not None:
            final = tuple(Score(s.name, s.vp) for s in state.result.ranking)
            return Summary(rounds.round, "Game over", None, final, state.result.verdict)
        if rounds.game_over:
            return Summary(rounds.round, "Final scoring", None, tuple(scores), "Enter the final counts.")
        if state.rival is not None and state.rival.bonus_turn_due:
            return Summary(rounds.round, "Turns", RIVAL, tuple(scores), "Reveal the rival's bonus card.")
        if rounds.setup_left:
            return Summary(rounds.round, "Round setup", None, tuple(scores), rounds.setup_left[0].text)
        if rounds.current is None:
            return Summary(
                rounds.round, "Round over", None, tuple(scores), "Everyone has passed: end the round."
            )
        step = f"{rounds.current} plays a protocol or passes."
        if rounds.current == RIVAL and state.rival is not None:
            step = "The rival passes." if must_pass(state.rival) else "Reveal the rival's next card."
        return Summary(rounds.round, "Turns", rounds.current, tuple(scores), step)

    def outcome(self, state: AshesState) -> Outcome | None:
        result = state.result
        if result is None:
            return None
        return Outcome(
            (result.winner,),
            tuple(Score(s.name, s.vp) for s in result.ranking),
            result.verdict,
            tuple((s.name, s.breakdown) for s in result.ranking),
        )


ASHES = Ashes()
