"""The play history: every finished game, with stats per title and a CSV of it all.

It is computed from the stored logs each time it is asked for (every finished game opened and replayed),
never kept as a second copy: deleting a game, or undoing its ending, changes the history at once.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import fmean

from trackers.services.bgstats import play_date
from trackers.services.results import Results, results_of_session
from trackers.services.storage import StorageError, Store


@dataclass(frozen=True)
class Play:
    """One finished game."""

    results: Results

    @property
    def game_id(self) -> str:
        return self.results.game_id

    @property
    def game(self) -> str:
        return self.results.game

    @property
    def title(self) -> str:
        return self.results.title

    @property
    def players(self) -> tuple[str, ...]:
        return self.results.players

    @property
    def winners(self) -> tuple[str, ...]:
        """The players who won (never the automated opponent); in a co-op game won, the whole table."""
        return tuple(p for p in self.results.winners if p in self.players)

    @property
    def ended(self) -> float | None:
        return self.results.ended


def plays(store: Store) -> list[Play]:
    """Every finished game in the store, the most recently played first (the games list's order), each
    opened and replayed from its stored log. A game this Lantern cannot open (a game it does not have, a
    damaged log) is left out here; the games list still shows it."""
    found = []
    for info in store.list_games():
        if not info.finished:
            continue
        try:
            session = store.open_game(info.id).session
            results = results_of_session(info.id, session, store.entry_times(info.id))
        except (KeyError, StorageError, ValueError):
            continue
        if results is not None:
            found.append(Play(results))
    return found


def select(plays: Sequence[Play], game: str | None = None, player: str | None = None) -> list[Play]:
    """The plays of one game (by its id) and/or with one player at the table, in the order given."""
    return [p for p in plays if (game is None or p.game == game) and (player is None or player in p.players)]


@dataclass(frozen=True)
class TitleStats:
    game: str
    title: str
    plays: int
    wins: tuple[tuple[str, int], ...]
    """Per player who played it, in seat order of their first play: the plays they won."""
    best: int | None
    """The highest final score any player reached (None for a co-operative game)."""
    average: float | None
    """The mean of every player's final score (None for a co-operative game)."""
    team_wins: int | None
    """Co-operative: the plays the table won; else None."""
    against: tuple[tuple[str, int, int], ...]
    """Against the automated opponent, per difficulty (in name order): (difficulty, wins, plays)."""


def stats(
    plays: Sequence[Play], game: str | None = None, player: str | None = None
) -> tuple[TitleStats, ...]:
    """One TitleStats per title (in title order) over the plays of `game` and/or with `player` (`select`).

    Players are listed in the order they first sat down, reading the plays oldest first (`plays` lists
    them newest first)."""
    by_game: dict[str, list[Play]] = {}
    for play in reversed(select(plays, game, player)):
        by_game.setdefault(play.game, []).append(play)
    return tuple(
        sorted(
            (_title_stats(group) for group in by_game.values()), key=lambda s: (s.title.casefold(), s.game)
        )
    )


def _title_stats(group: list[Play]) -> TitleStats:
    first = group[0].results
    wins: dict[str, int] = {}
    scores: list[int] = []
    against: dict[str, list[int]] = {}
    for play in group:
        for name in play.players:
            wins[name] = wins.get(name, 0) + (name in play.winners)
            standing = play.results.standing(name)
            if standing is not None:
                scores.append(standing.score)
        if play.results.opponent is not None:
            tally = against.setdefault(play.results.difficulty or "", [0, 0])
            tally[0] += bool(play.winners)
            tally[1] += 1
    cooperative = first.cooperative
    return TitleStats(
        game=first.game,
        title=first.title,
        plays=len(group),
        wins=tuple(wins.items()),
        best=None if cooperative or not scores else max(scores),
        average=None if cooperative or not scores else fmean(scores),
        team_wins=sum(bool(p.results.won) for p in group) if cooperative else None,
        against=tuple((name, won, played) for name, (won, played) in sorted(against.items())),
    )


CSV_HEADER = (
    "date",
    "game",
    "title",
    "player",
    "score",
    "rank",
    "winner",
    "cooperative",
    "won",
    "duration_min",
    "difficulty",
)


def history_csv(plays: Sequence[Play]) -> str:
    """The history as CSV (RFC 4180: comma-separated, CRLF line ends), one row per player per play, in the
    order given and each play's seat order. The date is the play's last entry, in UTC ("" when unknown);
    yes/no columns read "true"/"false", and "won" is empty for a competitive game. A text cell a
    spreadsheet would read as a formula (starting with =, +, - or @) gets a leading apostrophe."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_HEADER)
    for play in plays:
        r = play.results
        for name in r.players:
            standing = r.standing(name)
            writer.writerow(
                (
                    "" if r.ended is None else play_date(r.ended),
                    r.game,
                    _text(r.title),
                    _text(name),
                    "" if standing is None else standing.score,
                    "" if standing is None else standing.rank,
                    _yes(bool(standing and standing.winner)),
                    _yes(r.cooperative),
                    "" if r.won is None else _yes(r.won),
                    "" if r.duration_min is None else r.duration_min,
                    _text(r.difficulty or ""),
                )
            )
    return out.getvalue()


def _yes(value: bool) -> str:
    return "true" if value else "false"


def _text(value: str) -> str:
    return "'" + value if value[:1] in ("=", "+", "-", "@") else value
