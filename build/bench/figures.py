"""Figures and the table they print as: one row per measurement, printed as soon as it is known.

Rows are printed one by one (fixed column widths) so a long run shows progress, and a section that
breaks still leaves the rows measured before it on screen.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

NAME_WIDTH = 36
FIGURE_WIDTH = 10
UNIT_WIDTH = 5


@dataclass(frozen=True)
class Figure:
    """One printed measurement; `value` None means it was not measured (the notes say why)."""

    name: str
    value: float | None
    unit: str
    notes: str = ""


def median(samples: Sequence[float]) -> float:
    return statistics.median(samples)


def percentile(samples: Sequence[float], p: float) -> float:
    """Nearest-rank percentile: a value that was actually observed, never an interpolation."""
    if not samples:
        raise ValueError("percentile of no samples")
    ordered = sorted(samples)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def format_value(value: float | None) -> str:
    """Three significant figures at most, so columns stay narrow and noise is not dressed as precision."""
    if value is None:
        return "-"
    if value >= 100:
        return f"{value:.0f}"
    if value >= 10:
        return f"{value:.1f}"
    if value >= 1:
        return f"{value:.2f}"
    return f"{value:.3f}"


def header() -> str:
    line = f"{'name':<{NAME_WIDTH}} {'figure':>{FIGURE_WIDTH}} {'unit':<{UNIT_WIDTH}} notes"
    return f"{line}\n{'-' * (len(line) + 60)}"


def row(figure: Figure) -> str:
    return (
        f"{figure.name:<{NAME_WIDTH}} {format_value(figure.value):>{FIGURE_WIDTH}} "
        f"{figure.unit:<{UNIT_WIDTH}} {figure.notes}"
    ).rstrip()
