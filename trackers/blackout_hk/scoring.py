"""Final scoring in the rulebook's order (resources sold, 5 HK$ a point, face-up scout tiles, cards in hand
and slots), the tie-break on HK$ left, and a campaign chapter's conditions, orchid trees and what follows."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from trackers.blackout_hk.actions import FinalCount, NextChapter
from trackers.blackout_hk.guards import COUNTED, POINTS, SCOUT_POINTS, G, player_named
from trackers.blackout_hk.setup import new_chapter
from trackers.blackout_hk.state import CHAPTER_TREES, CHAPTERS, BlackoutState, ChapterResult, Player
from trackers.core.actions import Event
from trackers.core.errors import Violation
from trackers.core.limits import count_violations
from trackers.core.rules import refuse

S = BlackoutState
Parts = tuple[tuple[str, int], ...]
RATINGS = ((15, "a perfect campaign"), (12, "very good"), (10, "good"), (5, "you pulled through"))


def check_final(state: S, action: FinalCount) -> list[Violation]:
    if problems := player_named(state, action.player):
        return problems
    if any(f[0] == action.player for f in state.final_points):
        return refuse(
            f"{G}.counted", f"{action.player}'s final count is entered already.", "blackout-hk/final-scoring"
        )
    if problems := count_violations(
        (POINTS, action.card_points), (SCOUT_POINTS, action.scout_points), (COUNTED, action.counted)
    ):
        return problems
    table = state.components.scout_table
    if action.scout_points < 0 and not table:
        return refuse(
            f"{G}.scout_table",
            "Lantern does not know the board's scout-tile table: enter the points it gives.",
            "blackout-hk/final-scoring",
        )
    return []


def scout_points(state: S, p: Player, entered: int) -> int:
    if entered >= 0:
        return entered
    table = state.components.scout_table
    return table[min(p.face_up, len(table) - 1)]


def final_parts(state: S, p: Player, cards: int, scout: int) -> tuple[int, int, Parts]:
    """(total, HK$ left, parts) for one player."""
    money = p.hkd + sum(p.rondel) + p.battery
    traded = money // 5
    parts = (
        ("Points during play", p.score),
        (f"{money} HK$ after selling resources, 5 a point", traded),
        (f"{p.face_up} face-up scout tile(s)", scout_points(state, p, scout)),
        ("Cards in hand and slots", cards),
    )
    return sum(n for _, n in parts), money % 5, parts


def results(state: S) -> list[tuple[str, int, int, Parts, int]]:
    """(player, total, HK$ left, parts, counted) in seat order, once everyone's count is in."""
    out = []
    for name, cards, scout, counted in state.final_points:
        total, left, parts = final_parts(state, state.player(name), cards, scout)
        out.append((name, total, left, parts, counted))
    out.sort(key=lambda r: state.names.index(r[0]))
    return out


def ranking(state: S) -> list[tuple[str, int, int, Parts, int]]:
    """Highest score first; ties go to more HK$ left (a tie on both is shared)."""
    return sorted(results(state), key=lambda r: (-r[1], -r[2], state.names.index(r[0])))


def winners(state: S) -> tuple[str, ...]:
    ranked = ranking(state)
    if not ranked:
        return ()
    best = (ranked[0][1], ranked[0][2])
    return tuple(r[0] for r in ranked if (r[1], r[2]) == best)


def missed(state: S, p: Player, counted: int) -> str:
    """The first chapter condition the player misses (empty: all met), the score aside. Chapter 3's cubes
    next to the central district and chapter 4's on red locations are counted from the map when it is
    entered (with the central district); otherwise the table's count is used."""
    chapter = state.chapter
    by_plan: dict[str, int] = {}
    for plan, _ in p.public_goals:
        by_plan[plan] = by_plan.get(plan, 0) + 1
    goals = dict(state.public_plans)
    if chapter == 1:
        if not any(by_plan.get(plan, 0) >= n for plan, n in goals.items()):
            return "a cube on every goal of one emergency plan"
    elif max(by_plan.values(), default=0) < 2:
        return "cubes on 2 goals of one emergency plan"
    if chapter == 3 and state.central:
        counted = len(set(state.components.around(state.central)) & set(p.map))
    if chapter == 3 and counted < 4:
        return "4 cubes on locations next to the central district"
    if chapter == 4 and state.components.locations:
        colours = dict(state.components.locations)
        counted = sum(colours.get(where, "").strip().lower() == "red" for where in p.map)
    if chapter == 4 and counted < 4:
        return "4 cubes on red locations"
    if chapter == 5 and len(p.restored) < 2:
        return "both restore power goals"
    return ""


def trees(chapter: int, score: int) -> int:
    return sum(score >= t for t in CHAPTER_TREES[chapter])


def chapter_result(state: S) -> ChapterResult:
    rows = results(state)
    misses = {name: missed(state, state.player(name), counted) for name, _, _, _, counted in rows}
    scores = tuple((name, total) for name, total, _, _, _ in rows)
    if state.solo:
        name, total = scores[0]
        if not misses[name] and trees(state.chapter, total) == 0:
            misses[name] = f"a score of {CHAPTER_TREES[state.chapter][0]} for 1 orchid tree"
        won: tuple[str, ...] = (name,) if not misses[name] else ()
    else:
        won = tuple(w for w in winners(state) if not misses[w])
    noted = (
        scores
        if state.settings.trees_for_all and not state.solo
        else tuple((n, t) for n, t in scores if n in won)
    )
    return ChapterResult(
        state.chapter,
        state.losses,
        scores,
        won,
        tuple((n, trees(state.chapter, t)) for n, t in noted),
        tuple((n, m) for n, m in misses.items() if m),
    )


def final_count(state: S, action: FinalCount, rng: Random) -> tuple[S, list[Event]]:
    entry = (action.player, action.card_points, action.scout_points, action.counted)
    after = replace(state, final_points=(*state.final_points, entry))
    if len(after.final_points) < after.n:
        return after, []
    if not after.chapter:
        ranked = ranking(after)
        text = "Final scores: " + ", ".join(f"{r[0]} {r[1]} ({r[2]} HK$ left)" for r in ranked) + "."
        won = winners(after)
        text += f" {' and '.join(won)} {'win' if len(won) > 1 else 'wins'}."
        return replace(after, stage="over", result="over"), [
            Event.of("final", text, rule="blackout-hk/final-scoring")
        ]
    result = chapter_result(after)
    after = replace(after, campaign=(*after.campaign, result))
    events = [Event.of("chapter", chapter_text(result), rule="blackout-hk/campaign/winning")]
    if campaign_over(after):
        after = replace(after, stage="over", result="campaign")
        events.append(Event.of("campaign", campaign_text(after), rule="blackout-hk/campaign/orchid-trees"))
    else:
        after = replace(after, stage="chapter")
    return after, events


def chapter_text(r: ChapterResult) -> str:
    head = f"Chapter {r.chapter}: " + ", ".join(f"{n} {s}" for n, s in r.scores) + "."
    if r.won:
        head += f" {' and '.join(r.winners)} {'win' if len(r.winners) > 1 else 'wins'} the chapter"
    else:
        head += " Nobody wins the chapter"
    noted = [f"{n} {t}" for n, t in r.trees if t]
    head += f"; orchid trees: {', '.join(noted)}." if noted else "; no orchid trees."
    for name, what in r.missed:
        head += f" {name} missed {what}."
    return head


def campaign_over(state: S) -> bool:
    last = state.campaign[-1]
    if last.chapter < CHAPTERS:
        return False
    return last.won or not state.solo


def trees_of(state: S, name: str) -> int:
    return sum(t for r in state.campaign for n, t in r.trees if n == name)


def rating(total: int) -> str:
    return next((label for least, label in RATINGS if total >= least), "no rating")


def campaign_text(state: S) -> str:
    totals = ", ".join(f"{n} {trees_of(state, n)} ({rating(trees_of(state, n))})" for n in state.names)
    return f"The campaign is over. Orchid trees: {totals}."


def next_chapter(state: S, action: NextChapter, rng: Random) -> tuple[S, list[Event]]:
    last = state.campaign[-1]
    if state.solo and not last.won:
        chapter, losses = last.chapter, last.losses + 1
        text = f"Chapter {chapter} again, with {4 + 2 * losses} HK$ to start."
    else:
        chapter, losses = last.chapter + 1, 0
        text = f"Chapter {chapter} begins."
    fresh = new_chapter(state.names, state.settings, chapter, losses)
    start = 0 if state.solo else state.start
    after = replace(fresh, campaign=state.campaign, start=start)
    return after, [Event.of("next_chapter", text, rule="blackout-hk/campaign")]
