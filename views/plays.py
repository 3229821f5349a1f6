"""History and stats: every finished game, with stats per title, filtered by game and by player.

The plays are worked out from the stored logs each time the screen opens (`trackers.services.history.plays`:
every finished game replayed), never kept beside them, so undoing a game's ending or deleting a game changes
the history at once. A play opens its game on its results; "Export history (CSV)" saves every play the
way Home saves a game file.
"""

from __future__ import annotations

import sqlite3
import time

import flet as ft

from trackers.services.history import Play, TitleStats, history_csv, plays, select, stats
from trackers.services.storage import StorageError
from views.home import save_file
from views.model import AppModel
from views.results import verdict
from views.widgets import action_button, card, chip_row, heading, keyed, memo, tagged

ALL = "*"
"""The value of the chip that filters nothing ("All games", "Everyone")."""


def load(model: AppModel) -> list[Play] | str:
    try:
        return plays(model.store)
    except (StorageError, sqlite3.Error) as exc:
        return f"The history could not be read: {exc}"


def _when(stamp: float | None) -> str:
    return "date unknown" if stamp is None else time.strftime("%d %b %Y, %H:%M", time.localtime(stamp))


def _count(shown: int, total: int) -> str:
    plural = "play" if total == 1 else "plays"
    return f"{total} {plural}" if shown == total else f"{shown} of {total} {plural}"


def _number(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")


def stats_lines(entry: TitleStats, found: list[Play]) -> list[str]:
    """What a title's card says, one fact a line."""
    label = next((p.results.score_label for p in found if p.game == entry.game), "points")
    opponent = next((p.results.opponent for p in found if p.game == entry.game and p.results.opponent), None)
    lines = [f"Plays: {entry.plays}"]
    if entry.team_wins is not None:
        lines.append(f"Won together: {entry.team_wins} of {entry.plays}")
        lines.append("Players: " + ", ".join(name for name, _ in entry.wins))
    else:
        lines.append("Wins: " + ", ".join(f"{name} {won}" for name, won in entry.wins))
    if entry.best is not None and entry.average is not None:
        lines.append(f"Best score: {entry.best} {label} · average: {_number(entry.average)} {label}")
    for difficulty, won, played in entry.against:
        who = f"Against the {opponent}" if opponent else "Against the automated opponent"
        lines.append(f"{who} ({difficulty or 'as set up'}): won {won} of {played}")
    return lines


@memo
@ft.component
def TitleCard(game: str, title: str, lines: tuple[str, ...]) -> ft.Control:
    return card(
        heading(title),
        tagged(f"stats-{game}", ft.Text("\n".join(lines))),
        key=f"stats-card-{game}",
    )


@ft.component
def PlayRow(model: AppModel, play: Play) -> ft.Control:
    r = play.results
    scores = ", ".join(f"{s.player} {s.score}" for s in r.standings)
    return card(
        ft.Text(r.title, weight=ft.FontWeight.BOLD, size=16),
        tagged(f"play-{r.game_id}", ft.Text(f"{_when(r.ended)} · {verdict(r)}\n{scores}")),
        ft.Row(
            [
                action_button(
                    "Results",
                    lambda: model.open_game(r.game_id, back_to="plays"),
                    key=f"play-open-{r.game_id}",
                    icon=ft.Icons.LEADERBOARD,
                )
            ],
            wrap=True,
        ),
        key=f"play-row-{r.game_id}",
    )


@ft.component
def Plays(model: AppModel) -> ft.Control:
    found = ft.use_memo(lambda: load(model), [tuple((g.id, g.updated) for g in model.games_list)])
    game, set_game = ft.use_state(ALL)
    player, set_player = ft.use_state(ALL)
    back = action_button(
        "Back to games", lambda: model.go("games", "home"), key="plays-back", icon=ft.Icons.ARROW_BACK
    )
    title = ft.Text("History and stats", size=20, weight=ft.FontWeight.BOLD)
    if isinstance(found, str):
        return ft.Column([ft.Row([back], wrap=True), title, tagged("plays-problem", ft.Text(found))])

    async def export() -> None:
        await save_file(model, "lantern-history.csv", history_csv(found))

    titles = dict(sorted({(p.game, p.title) for p in found}, key=lambda gt: gt[1].casefold()))
    chosen_game = game if game in titles else None
    names = list(dict.fromkeys(name for p in select(found, chosen_game) for name in p.players))
    chosen_player = player if player in names else None
    shown = select(found, chosen_game, chosen_player)
    controls: list[ft.Control] = [
        ft.Row(
            [
                back,
                action_button(
                    "Export history (CSV)",
                    export,
                    key="export-history",
                    icon=ft.Icons.DOWNLOAD,
                    disabled=not found,
                ),
            ],
            wrap=True,
        ),
        title,
    ]
    if not found:
        controls.append(
            tagged("plays-count", ft.Text("No finished games yet: a game shows here once it ends."))
        )
        return ft.Column(controls, spacing=12)
    controls += [
        chip_row(
            [(ALL, "All games"), *titles.items()],
            chosen_game or ALL,
            set_game,
            key="plays-game",
            label="Game:",
        ),
        chip_row(
            [(ALL, "Everyone"), *((n, n) for n in names)],
            chosen_player or ALL,
            set_player,
            key="plays-player",
            label="Player:",
        ),
        heading("Stats"),
        *[
            TitleCard(entry.game, entry.title, tuple(stats_lines(entry, found)))
            for entry in stats(found, chosen_game, chosen_player)
        ],
        heading("Finished plays"),
        tagged("plays-count", ft.Text(_count(len(shown), len(found)))),
        *[keyed(p.game_id, PlayRow, model, p) for p in shown],
    ]
    return ft.Column(controls, spacing=12)
