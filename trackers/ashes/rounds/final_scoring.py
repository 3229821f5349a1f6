"""ASHES final scoring after round 3, in the rulebook's order, with a breakdown per seat that adds up.

The inputs are counts the table reads off its boards (uncovered colony VP, requirement counts, medal
values), so the end works before the player board is modelled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from trackers.ashes.board.survivors import Area, Radiation, radiation
from trackers.ashes.colony.scoring import (
    PHOENIX_ROW_CAP,
    RESOURCES_PER_FINAL_HAPPINESS,
    change_happiness,
    end_happiness,
    phoenix_row_score,
    rival_phoenix_vp,
)
from trackers.ashes.rival.play import RivalState
from trackers.ashes.rounds.turn_order import RIVAL, TIE_BREAK_ROW, TurnRow
from trackers.ashes.terms import Difficulty, Medal, PhoenixRow
from trackers.core.bag import Bag
from trackers.core.errors import IllegalAction, TableError, Violation


@dataclass(frozen=True)
class RowCount:
    """One Phoenix row for one player: own upgrades installed, times the right-hand tile's requirement is
    met, and the tile's value for the medal the row's knowledge disc reached."""

    row: PhoenixRow
    upgrades: int
    count: int
    medal_value: int


@dataclass(frozen=True)
class PlayerEnd:
    """A player as round 3 ends. `radiation_loss` None is the literal reading: everyone loses 1 happiness
    per survivor the final radiation returns anywhere; a number is the table's own (manual) figure."""

    name: str
    vp: int
    happiness: int
    fuel: int
    data: int
    antirad: int
    uncovered_colony_vp: int
    phoenix_rows: tuple[RowCount, ...]
    turn_position: int
    radiation_loss: int | None = None


@dataclass(frozen=True)
class RivalEnd:
    """The rival as round 3 ends; `medals` holds its installed upgrades' row medals, one per upgrade."""

    vp: int
    difficulty: Difficulty
    medals: tuple[Medal, ...]
    uncovered_colony_vp: int
    turn_position: int


def rival_end(
    rival: RivalState,
    row_medals: Mapping[PhoenixRow, Medal],
    uncovered_colony_vp: int,
    with_achievements: bool = False,
) -> RivalEnd:
    """Installed upgrades score; tiles the rival put on achievement tiles are not installed ones, so they
    count only when the table reads it otherwise (`with_achievements`)."""
    rows = [row for row, _ in rival.installed] + (list(rival.milestones) if with_achievements else [])
    medals = tuple(row_medals[row] for row in rows)
    return RivalEnd(rival.vp, rival.difficulty, medals, uncovered_colony_vp, rival.spot.position)


Line = tuple[str, int]


@dataclass(frozen=True)
class FinalScore:
    """A seat's final VP as (label, points) lines: the score after round 3, then each final step."""

    name: str
    breakdown: tuple[Line, ...]
    turn_position: int

    @property
    def vp(self) -> int:
        return sum(points for _, points in self.breakdown)


def _player_score(player: PlayerEnd, board_loss: int) -> FinalScore:
    lines: list[Line] = [("Score after round 3", player.vp)]
    loss = board_loss if player.radiation_loss is None else player.radiation_loss
    hit = change_happiness(player.happiness, player.vp, -loss)
    below = f", {hit.underflow} below 0 at 2 VP each" if hit.underflow else ""
    lines.append((f"12.1 Radiation: {loss} happiness lost{below}", hit.vp - player.vp))
    tokens = player.fuel + player.data + player.antirad
    final = end_happiness(hit.happiness, hit.vp, tokens)
    gained = tokens // RESOURCES_PER_FINAL_HAPPINESS
    lines.append(
        (f"12.2 {tokens} leftover tokens: +{gained} happiness, {final.overflow} past 9", final.overflow)
    )
    lines.append((f"12.2 Happiness {final.happiness}", final.happiness))
    lines.append(("12.3 Colony board: uncovered shelter-disc spaces", player.uncovered_colony_vp))
    for r in player.phoenix_rows:
        raw = r.upgrades * r.count * r.medal_value
        capped = f" = {raw}, capped at {PHOENIX_ROW_CAP}" if raw > PHOENIX_ROW_CAP else ""
        lines.append(
            (
                f"12.4 Phoenix {r.row.value} row: {r.upgrades} x {r.count} x {r.medal_value}{capped}",
                phoenix_row_score(r.upgrades, r.count, r.medal_value),
            )
        )
    return FinalScore(player.name, tuple(lines), player.turn_position)


def _rival_score(rival: RivalEnd) -> FinalScore:
    """The rival has no happiness, so radiation and 12.2 pass it by."""
    phoenix = rival_phoenix_vp(rival.difficulty, rival.medals)
    medals = ", ".join(m.value for m in rival.medals) or "none"
    lines: tuple[Line, ...] = (
        ("Score after round 3", rival.vp),
        ("13.12 Colony board: uncovered shelter-disc spaces", rival.uncovered_colony_vp),
        (f"13.12 Phoenix upgrades at {rival.difficulty.value} values ({medals})", phoenix),
    )
    return FinalScore(RIVAL, lines, rival.turn_position)


def end_violations(players: Sequence[PlayerEnd], rival: RivalEnd | None = None) -> list[Violation]:
    problems = []
    positions = [p.turn_position for p in players] + ([rival.turn_position] if rival else [])
    if len(set(positions)) < len(positions):
        problems.append(
            Violation(
                "ashes.end.same_position",
                f"Two vehicles cannot share a turn-order position: {sorted(positions)}.",
                "ashes/turn-order",
            )
        )
    for player in players:
        rows = [r.row for r in player.phoenix_rows]
        if len(set(rows)) < len(rows):
            problems.append(
                Violation(
                    "ashes.end.row_twice",
                    f"{player.name}: each Phoenix row scores once.",
                    "ashes/end",
                )
            )
    return problems


@dataclass(frozen=True)
class EndResult:
    """Final scores best first; equal VP are ordered by the turn-order track, which breaks every tie."""

    board: Radiation
    ranking: tuple[FinalScore, ...]
    tie_break_row: TurnRow

    @property
    def winner(self) -> str:
        return self.ranking[0].name

    @property
    def tied_on_top(self) -> tuple[str, ...]:
        """Everyone on the top score; more than one means the track decided."""
        return tuple(s.name for s in self.ranking if s.vp == self.ranking[0].vp)

    @property
    def verdict(self) -> str:
        best = self.ranking[0]
        if len(self.tied_on_top) == 1:
            return f"{best.name} wins with {best.vp} VP."
        return (
            f"{' and '.join(self.tied_on_top)} tie on {best.vp} VP; {best.name} wins, further forward on the "
            f"{self.tie_break_row.value} row of the turn-order track (position {best.turn_position})."
        )


def end_game(
    bag: Bag, areas: Sequence[Area], players: Sequence[PlayerEnd], rival: RivalEnd | None = None
) -> EndResult:
    """12.1 final radiation on the board, then each seat's 12.2-12.4 (13.12 for the rival) and the ranking."""
    if len({p.name for p in players} | {RIVAL}) != len(players) + 1:
        raise TableError(f"every player needs a name of their own, other than {RIVAL!r}")
    problems = end_violations(players, rival)
    if problems:
        raise IllegalAction(problems)
    board = radiation(bag, areas)
    scores = [_player_score(p, board.happiness_loss) for p in players]
    if rival:
        scores.append(_rival_score(rival))
    ranking = tuple(sorted(scores, key=lambda s: (-s.vp, s.turn_position)))
    return EndResult(board, ranking, TIE_BREAK_ROW)
