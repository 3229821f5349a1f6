"""The results sheet every game shares once it is finished: the verdict and its reason, the standings, where
the points came from (a table and a bar chart) and the score over the game (a line chart), and the play
handed to BG Stats ("Log this play", "Copy play as JSON").

Everything on it comes from `trackers.services.results` (the finished game's log replayed) and
`trackers.services.bgstats` (BG Stats' import link). Each chart's numbers are also a tagged text
(`results-breakdown-text`, `results-series-text`), which screen readers read and tests check; so a chart is
one named node to them, its axis labels and sideways scroll left out (a scroll area with nothing to focus is
a serious fault to axe-core). The two buttons hand the play over in the tap itself (`ft.OpenUrl`,
`ft.CopyToClipboard`: a browser opens a tab, or writes the clipboard, only then), so the link and the JSON
are built before the tap, again whenever the BGG id field changes.
"""

from __future__ import annotations

import contextlib
import itertools
import sqlite3
import time
from collections.abc import Sequence

import flet as ft

from trackers.core.session import ReplayError
from trackers.core.wording import unit
from trackers.services import bgstats
from trackers.services.results import Results, results_of_session
from trackers.services.storage import StorageError
from views.forms import plain
from views.model import AppModel, Notice
from views.widgets import Entry, action_button, card, heading, memo, tagged

PALETTE = (
    ft.Colors.BLUE_600,
    ft.Colors.RED_600,
    ft.Colors.GREEN_700,
    ft.Colors.ORANGE_700,
    ft.Colors.PURPLE_400,
    ft.Colors.TEAL_600,
    ft.Colors.BROWN_400,
    ft.Colors.PINK_400,
    ft.Colors.INDIGO_400,
    ft.Colors.LIME_800,
)
"""One colour per name, the same on both charts: the players in seat order, then the automated opponent."""
CHART_HEIGHT = 220
FITS = 320
"""Chart width, in logical pixels, that fits a phone's card; a wider chart scrolls sideways."""
BGG_SETTING = "bgg-id:"
"""The BGG id last entered for a game (its module id after the colon): entered once, never guessed."""
NO_DATE = (
    "This game has no date to log: its entries were made before Lantern kept the time of each entry "
    "(or it came from a game file)."
)
BGG_FORM = "A BGG id is the number in the game's BoardGameGeek address (boardgamegeek.com/boardgame/<id>/…)."


def open_results(model: AppModel) -> Results | str | None:
    """The open game's results: None while it is not finished, the reason as text when they cannot be read."""
    game = model.game
    if game is None:
        return None
    try:
        return results_of_session(game.id, game.session, model.store.entry_times(game.id))
    except (ReplayError, KeyError, StorageError, sqlite3.Error) as exc:
        return f"The results could not be worked out: {exc}"


def bgg_id(text: str) -> int | str | None:
    """The typed BGG id: None when empty, the reason it is refused as text."""
    text = text.strip()
    if not text:
        return None
    if not text.isascii() or not text.isdigit() or int(text) < 1 or len(text) > 9:
        return f"“{text}” is not a BGG id: digits only, or leave it empty. {BGG_FORM}"
    return int(text)


def colours(results: Results) -> dict[str, str]:
    names = list(results.players) + [s.player for s in results.standings if s.player not in results.players]
    names += [n for n, _ in results.breakdown if n not in names]
    return {name: PALETTE[i % len(PALETTE)] for i, name in enumerate(names)}


def verdict(results: Results) -> str:
    if results.cooperative:
        return "The table won" if results.won else "The table lost"
    winners = results.winners
    if not winners:
        return "No winner"
    return ("Winner: " if len(winners) == 1 else "Winners: ") + " and ".join(winners)


def standings_text(results: Results) -> str:
    label = results.score_label
    lines = []
    for s in results.standings:
        mark = ", winner" if s.winner and not results.cooperative else ""
        lines.append(f"{s.rank}. {s.player}: {s.score} {unit(s.score, label)}{mark}")
    return "\n".join(lines)


def when_text(results: Results) -> str:
    if results.ended is None:
        return (
            "The date of this play is not known: its entries were made before Lantern kept their times, "
            "or it came from a game file."
        )
    day = time.strftime("%d %b %Y, %H:%M", time.localtime(results.ended))
    minutes = results.duration_min
    return f"Played {day}" + (f" · {minutes} min" if minutes is not None else "")


def breakdown_text(results: Results) -> str:
    """Every name's points by category, a line each: "Bob: 8 in all; Round 1: 3, Round 2: 5"."""
    return "\n".join(
        f"{name}: {sum(values)} in all; "
        + ", ".join(f"{plain(c)}: {v}" for c, v in zip(results.categories, values, strict=True))
        for name, values in results.breakdown
    )


def series_text(results: Results) -> str:
    """The players' scores at each round's end, a line each: "Round 1: Ann 5, Bob 3"."""
    return "\n".join(
        f"{results.round_label} {number}: "
        + ", ".join(f"{p} {v}" for p, v in zip(results.players, scores, strict=True))
        for number, scores in results.series
    )


def legend(names: Sequence[str], colour: dict[str, str]) -> ft.Control:
    return ft.Row(
        [
            ft.Row(
                [
                    ft.Container(width=14, height=14, bgcolor=colour[name], border_radius=7),
                    ft.Text(name, size=13),
                ],
                spacing=4,
                tight=True,
            )
            for name in names
        ],
        wrap=True,
        spacing=12,
        run_spacing=4,
    )


def _sized(chart: ft.Control, width: float) -> ft.Control:
    """A chart as wide as the card, or wider and scrolled sideways when its bars need the room; room above
    it for the top label, which a sideways scroll would otherwise cut."""
    room = ft.Padding.only(top=10)
    if width <= FITS:
        return ft.Container(chart, height=CHART_HEIGHT, padding=room)
    return ft.Row(
        [ft.Container(chart, width=width, height=CHART_HEIGHT, padding=room)], scroll=ft.ScrollMode.AUTO
    )


def scale(values: Sequence[int]) -> tuple[int, int, int]:
    """The value axis for `values`, 0 included: (bottom, top, step), the step 1, 2 or 5 times a power of ten,
    at most five of them across the values (so the labels never crowd), and room past the extreme ones
    (so a point on the top line is not cut in half)."""
    low, high = min([0, *values]), max([0, *values])
    steps = (m * 10**e for e in itertools.count() for m in (1, 2, 5))
    step = next(st for st in steps if max(high - low, 1) / st <= 5)
    bottom = 0 if low == 0 else -((-low) // step + 1) * step
    return bottom, (high // step + 1) * step, step


def breakdown_chart(results: Results, colour: dict[str, str]) -> ft.Control:
    """One group of bars per category (numbered as the table's rows), one bar per name."""
    import flet_charts as fch  # here, not at the top: the app starts without the charts

    names = [name for name, _ in results.breakdown]
    rod = 14 if len(names) <= 3 else 8
    low, high, step = scale([v for _, values in results.breakdown for v in values])
    groups = [
        fch.BarChartGroup(
            x=index,
            rods=[
                fch.BarChartRod(to_y=values[index], width=rod, color=colour[name], border_radius=2)
                for name, values in results.breakdown
            ],
        )
        for index in range(len(results.categories))
    ]
    chart = fch.BarChart(
        groups=groups,
        min_y=low,
        max_y=high,
        interactive=False,
        left_axis=fch.ChartAxis(label_size=40, label_spacing=step),
        bottom_axis=fch.ChartAxis(
            labels=[fch.ChartAxisLabel(value=i, label=str(i + 1)) for i in range(len(results.categories))],
            label_size=24,
        ),
        horizontal_grid_lines=fch.ChartGridLines(interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1),
    )
    width = 48 + len(results.categories) * (len(names) * (rod + 2) + 20)
    return ft.Semantics(
        identifier="results-breakdown-chart",
        exclude_semantics=True,
        label=f"Bar chart of {results.score_label} by category",
        container=True,
        content=_sized(chart, width),
    )


def series_chart(results: Results, colour: dict[str, str]) -> ft.Control:
    """One line per player through their score at the end of each round."""
    import flet_charts as fch  # with the results sheet, as in breakdown_chart

    rounds = [number for number, _ in results.series]
    low, high, step = scale([v for _, scores in results.series for v in scores])
    # Room either side, so the first and last points are drawn whole (one round: a point in the middle).
    first, last = (
        min(rounds) - (0.25 if len(rounds) > 1 else 1),
        max(rounds) + (0.25 if len(rounds) > 1 else 1),
    )
    lines = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(number, scores[seat]) for number, scores in results.series],
            color=colour[player],
            stroke_width=3,
            point=True,
            dash_pattern=[8, 4] if seat % 2 else None,  # told apart without colour too
        )
        for seat, player in enumerate(results.players)
    ]
    chart = fch.LineChart(
        data_series=lines,
        min_x=first,
        max_x=last,
        min_y=low,
        max_y=high,
        interactive=False,
        left_axis=fch.ChartAxis(label_size=40, label_spacing=step),
        bottom_axis=fch.ChartAxis(
            labels=[fch.ChartAxisLabel(value=n, label=str(n)) for n in rounds],
            label_size=24,
            title=ft.Text(results.round_label, size=12),
            title_size=20,
        ),
        horizontal_grid_lines=fch.ChartGridLines(interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1),
    )
    return ft.Semantics(
        identifier="results-series-chart",
        exclude_semantics=True,
        label=f"Line chart of {results.score_label} by {results.round_label.lower()}",
        container=True,
        content=_sized(chart, 48 + 40 * len(rounds)),
    )


def breakdown_table(results: Results) -> ft.Control:
    """Categories down, names across (a phone is narrower than it is tall), each name's total at the foot.

    Every number has a column of its own width, so the columns line up; a category's name takes the rest
    of the row and wraps, or, beside four names or more, a line of its own above its numbers. Its number
    is the bar chart's label for it."""
    names = [name for name, _ in results.breakdown]
    inline = len(names) <= 3
    width = 56 if inline else 44

    def numbers(values: Sequence[str], *, bold: bool = False, size: int = 14) -> list[ft.Control]:
        weight = ft.FontWeight.BOLD if bold else None
        return [
            ft.Text(v, width=width, text_align=ft.TextAlign.RIGHT, weight=weight, size=size) for v in values
        ]

    def line(
        number: str, label: str, values: Sequence[str], *, bold: bool = False, size: int = 14
    ) -> ft.Control:
        weight = ft.FontWeight.BOLD if bold else None
        lead: list[ft.Control] = [
            ft.Text(number, width=24, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Text(label, expand=True, weight=weight),
        ]
        cells = numbers(values, bold=bold, size=size)
        if inline:
            return ft.Row([*lead, *cells], spacing=4, vertical_alignment=ft.CrossAxisAlignment.START)
        return ft.Column(
            [ft.Row(lead, spacing=4), ft.Row(cells, spacing=4, alignment=ft.MainAxisAlignment.END)], spacing=2
        )

    rows: list[ft.Control] = [
        ft.Row(
            [ft.Container(expand=True), *numbers(names, bold=True, size=12)],
            spacing=4,
            vertical_alignment=ft.CrossAxisAlignment.END,
        )
    ]
    for index, category in enumerate(results.categories):
        rows += [
            ft.Divider(height=1),
            line(str(index + 1), plain(category), [str(values[index]) for _, values in results.breakdown]),
        ]
    rows += [
        ft.Divider(height=1),
        line("", "Total", [str(sum(values)) for _, values in results.breakdown], bold=True),
    ]
    return ft.Column(rows, spacing=6, key="results-breakdown-table")


def _blocked(button: ft.Control, key: str, reason: str | None) -> ft.Control:
    if reason is None:
        return button
    why = tagged(f"{key}-blocked", ft.Text(reason, size=12, italic=True))
    return ft.Column([button, why], spacing=2, tight=True, key=f"{key}-column")


@memo
@ft.component
def LogPlay(model: AppModel, results: Results) -> ft.Control:
    """The BGG id field and the two ways to hand the play over, rebuilt as the id is typed."""
    setting = BGG_SETTING + results.game
    stored = ft.use_memo(lambda: _stored_bgg(model, setting), [setting])
    entry = Entry(stored)
    typed, set_typed = ft.use_state(stored)
    bgg = bgg_id(typed)
    reason: str | None = bgg if isinstance(bgg, str) else None
    if results.ended is None:
        reason = NO_DATE
    url = data = ""
    if reason is None:
        number = bgg if isinstance(bgg, int) else None
        try:
            url, data = bgstats.play_url(results, number), bgstats.play_json(results, number)
        except ValueError as exc:
            reason = str(exc)

    def remember() -> None:
        value = bgg_id(entry.value)
        if isinstance(value, str):
            return
        # The play was handed over all the same: a failure here only means the id is asked again next time.
        with contextlib.suppress(StorageError, sqlite3.Error):
            model.store.set_setting(setting, "" if value is None else str(value))

    def logged() -> None:
        remember()
        model.show_notice(Notice("BG Stats opens with this play: check it there and save it.", kind="info"))

    def copied() -> None:
        remember()
        model.show_notice(Notice("Copied the play as JSON.", kind="info"))

    log = action_button(
        "Log this play",
        logged,
        key="log-play",
        icon=ft.Icons.OPEN_IN_NEW,
        primary=True,
        disabled=reason is not None,
        action=None if reason is not None else ft.OpenUrl(url, target=ft.UrlTarget.BLANK),
    )
    copy = action_button(
        "Copy play as JSON",
        copied,
        key="copy-play",
        icon=ft.Icons.COPY,
        disabled=reason is not None,
        action=None if reason is not None else ft.CopyToClipboard(data),
    )
    return ft.Column(
        [
            heading("Log this play"),
            ft.Text(
                "BG Stats opens with the play filled in: game, date, length, players, scores and winners. "
                "The BGG id is optional: give it if you want BG Stats to match the game to BoardGameGeek.",
                size=13,
            ),
            entry.field(
                "BGG id (optional)",
                key="results-bgg-id",
                on_change=set_typed,
                width=220,
                keyboard_type=ft.KeyboardType.NUMBER,
            ),
            _blocked(ft.Row([log, copy], wrap=True), "log-play", reason),
        ],
        spacing=8,
    )


def _stored_bgg(model: AppModel, setting: str) -> str:
    try:
        return model.store.get_setting(setting, "")
    except (StorageError, sqlite3.Error):
        return ""


@memo
@ft.component
def ResultsSheet(model: AppModel, results: Results) -> ft.Control:
    colour = colours(results)
    names = [name for name, _ in results.breakdown]
    parts: list[ft.Control] = [
        heading("Results"),
        tagged(
            "results-verdict",
            ft.Text(verdict(results), size=20, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY),
        ),
    ]
    if results.reason:
        reason = plain(results.reason)
        parts.append(tagged("results-reason", ft.Text(reason[:1].upper() + reason[1:])))
    parts += [
        tagged("results-standings", ft.Text(standings_text(results))),
        tagged("results-when", ft.Text(when_text(results), size=12)),
        ft.Divider(),
        heading(
            "Each player's " + results.score_label if results.cooperative else "Where the points came from"
        ),
    ]
    if results.categories:
        parts += [
            breakdown_table(results),
            breakdown_chart(results, colour),
            legend(names, colour),
            tagged("results-breakdown-text", ft.Text(breakdown_text(results), size=12)),
        ]
    else:
        parts.append(tagged("results-breakdown-text", ft.Text("This game gives no breakdown.", size=12)))
    parts += [ft.Divider(), heading(f"{results.score_label.capitalize()} by {results.round_label.lower()}")]
    if results.series:
        parts += [
            series_chart(results, colour),
            legend(results.players, colour),
            tagged("results-series-text", ft.Text(series_text(results), size=12)),
        ]
    else:
        parts.append(tagged("results-series-text", ft.Text("This game keeps no rounds.", size=12)))
    parts += [ft.Divider(), LogPlay(model, results)]
    return card(*parts, key="results")


@memo
@ft.component
def ResultsProblem(message: str) -> ft.Control:
    return card(heading("Results"), tagged("results-problem", ft.Text(message)), key="results")
