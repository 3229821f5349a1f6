"""A finished game's results, for every game alike: the verdict, the standings, each player's score by
category, and the score over the game, round by round.

Everything here is derived from the game's log by replaying it, entry by entry, through the game's own
rules: nothing is stored beside the log, so the results can never disagree with the game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from trackers.core.actions import Action
from trackers.core.game import GameModule, Outcome, Setup, Summary
from trackers.core.rng import rng_for
from trackers.core.session import ReplayError, Session


@dataclass(frozen=True)
class Standing:
    """One name of the final ranking (a player, or the automated opponent)."""

    player: str
    score: int
    rank: int
    """1 is best; equal scores share a rank (1, 1, 3). In a co-operative game everyone shares rank 1."""
    winner: bool


@dataclass(frozen=True)
class Results:
    """What the results sheet shows, what BG Stats is sent and what the play history counts."""

    game_id: str
    """The stored game's id."""
    game: str
    """The game module's id ("scorepad")."""
    title: str
    cooperative: bool
    won: bool | None
    """Co-operative: whether the table won. Competitive: None."""
    reason: str
    standings: tuple[Standing, ...]
    """In ranking order, the automated opponent included."""
    score_label: str
    players: tuple[str, ...]
    """The setup's players, in seat order."""
    start_player: str | None
    """The first player the header named as the one to play, while the game was replayed."""
    categories: tuple[str, ...]
    breakdown: tuple[tuple[str, tuple[int, ...]], ...]
    """Per name, in ranking order: one value per category."""
    round_label: str
    series: tuple[tuple[int, tuple[int, ...]], ...]
    """Per round seen (in order): the players' scores, in seat order, at the end of that round."""
    started: float | None
    """Epoch seconds of the first log entry (None when unknown)."""
    ended: float | None
    """Epoch seconds of the last log entry (None when unknown)."""
    difficulty: str | None
    """Against an automated opponent: the setup's main options, joined with ", "."""
    opponent: str | None
    """The name in the ranking that is not a player (ASHES's "rival"), if any."""

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(s.player for s in self.standings if s.winner)

    def standing(self, player: str) -> Standing | None:
        return next((s for s in self.standings if s.player == player), None)

    @property
    def duration_min(self) -> int | None:
        """Whole minutes from the first entry to the last, at least 1; None when either time is unknown."""
        if self.started is None or self.ended is None:
            return None
        return max(1, round((self.ended - self.started) / 60))


def results_of(
    game_id: str,
    module: GameModule,
    setup: Setup,
    seed: int,
    log: Sequence[tuple[Action, int]],
    times: tuple[float, float] | None = None,
) -> Results | None:
    """The results of a finished game from its log (the entries up to the undo cursor, with their groups);
    None while it is not finished.

    The log is replayed entry by entry as a Session replays it (each entry checked again, its random
    generator derived from the seed and its place), reading the game's summary after each one: the series
    has one point per round number seen (the fresh game's included), the players' scores in the last state
    of that round, and the final state closes the last round. A log that no longer replays raises
    ReplayError.

    The breakdown is the outcome's when the game gives one: each line's category is its label without the
    details that differ from one player to the next (see `category`), 0 where a name has none. Otherwise it
    is one category per round, the points each player gained in it (from the series).
    """
    state = module.new_state(setup, seed)
    summary = module.summary(state)
    players = setup.players
    start_player = summary.turn if summary.turn in players else None
    rounds: dict[int, tuple[int, ...]] = {}
    _note(rounds, summary, players)
    for index, (action, _group) in enumerate(log):
        violations = module.validate(state, action)
        if violations:
            raise ReplayError(index, violations[0].message, violations)
        state, _ = module.apply(state, action, rng_for(seed, index))
        summary = module.summary(state)
        if start_player is None and summary.turn in players:
            start_player = summary.turn
        _note(rounds, summary, players)
    outcome = module.outcome(state)
    if outcome is None:
        return None
    series = tuple(rounds.items())
    categories, breakdown = _breakdown(outcome, series, summary.round_label, players)
    opponent = next((s.player for s in outcome.ranking if s.player not in players), None)
    chosen = dict(setup.options)
    main = [str(chosen[option.key]) for option in module.options if option.main and option.key in chosen]
    return Results(
        game_id=game_id,
        game=module.id,
        title=module.title,
        cooperative=outcome.cooperative,
        won=bool(outcome.winners) if outcome.cooperative else None,
        reason=outcome.reason,
        standings=_standings(outcome),
        score_label=summary.score_label or "points",
        players=players,
        start_player=start_player,
        categories=categories,
        breakdown=breakdown,
        round_label=summary.round_label,
        series=series,
        started=times[0] if times else None,
        ended=times[1] if times else None,
        difficulty=", ".join(main) if opponent is not None else None,
        opponent=opponent,
    )


def results_of_session(
    game_id: str, session: Session, times: tuple[float, float] | None = None
) -> Results | None:
    """`results_of` for an open game: its entries up to the undo cursor."""
    log = [(entry.action, entry.group) for entry in session.history]
    return results_of(game_id, session.module, session.setup, session.seed, log, times)


def _note(rounds: dict[int, tuple[int, ...]], summary: Summary, players: tuple[str, ...]) -> None:
    """Keep the players' scores as the latest of the summary's round (a round of None is not one)."""
    if summary.round is None:
        return
    points = {s.player: s.points for s in summary.scores}
    rounds[summary.round] = tuple(points.get(p, 0) for p in players)


def _standings(outcome: Outcome) -> tuple[Standing, ...]:
    winners = set(outcome.winners)
    standings: list[Standing] = []
    for place, score in enumerate(outcome.ranking):
        if outcome.cooperative:
            rank = 1
        elif standings and standings[-1].score == score.points:
            rank = standings[-1].rank
        else:
            rank = place + 1
        standings.append(Standing(score.player, score.points, rank, score.player in winners))
    return tuple(standings)


_DETAIL = re.compile(r"[:(].*$", re.DOTALL)
_NUMBER = re.compile(r"[+-]?\d+")


def category(label: str) -> str:
    """A breakdown line's category: its label up to a ':' or '(' (the details), without the whole numbers
    after its first word ("12.2 5 leftover tokens: +1 happiness" -> "12.2 leftover tokens"), so that the
    same part of every player's score falls in one column."""
    first, *rest = _DETAIL.sub("", label).split() or [label]
    return " ".join([first, *(word for word in rest if not _NUMBER.fullmatch(word))])


def _breakdown(
    outcome: Outcome,
    series: tuple[tuple[int, tuple[int, ...]], ...],
    round_label: str,
    players: tuple[str, ...],
) -> tuple[tuple[str, ...], tuple[tuple[str, tuple[int, ...]], ...]]:
    order = [s.player for s in outcome.ranking]
    if outcome.breakdown:
        parts: dict[str, dict[str, int]] = {}
        columns: dict[str, None] = {}
        for name, lines in outcome.breakdown:
            mine = parts.setdefault(name, {})
            for label, points in lines:
                column = category(label)
                columns.setdefault(column)
                mine[column] = mine.get(column, 0) + points
        names = [n for n in order if n in parts] + [n for n in parts if n not in order]
        return tuple(columns), tuple((n, tuple(parts[n].get(c, 0) for c in columns)) for n in names)
    columns_by_round = tuple(f"{round_label} {number}" for number, _ in series)
    gains: dict[str, list[int]] = {p: [] for p in players}
    before = (0,) * len(players)
    for _, scores in series:
        for seat, player in enumerate(players):
            gains[player].append(scores[seat] - before[seat])
        before = scores
    return columns_by_round, tuple((n, tuple(gains[n])) for n in order if n in gains)
