"""The arena's PNG chart: win rates with their 95% intervals, and average scores."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from clients.arena import Standing


def write_chart(path: Path, title: str, rows: Sequence[Standing]) -> None:
    """Two panels side by side: win rate with its Wilson interval, and average score.

    Uses matplotlib's Agg canvas directly (no pyplot, no global backend switch), so it works
    without a display and leaves no state behind.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    names = [row.entrant for row in rows]
    rates = [row.win_rate * 100 for row in rows]
    below = [(row.win_rate - row.interval[0]) * 100 for row in rows]
    above = [(row.interval[1] - row.win_rate) * 100 for row in rows]
    figure = Figure(figsize=(9, 4), dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    wins, scores = figure.subplots(1, 2)
    wins.bar(names, rates, yerr=[below, above], capsize=8, color="#4c72b0")
    wins.set_ylim(0, 110)
    wins.set_yticks(range(0, 101, 20))
    wins.set_ylabel("win rate (%) with 95% Wilson interval")
    for index, (rate, up) in enumerate(zip(rates, above, strict=True)):
        wins.annotate(f"{rate:.1f}%", (index, rate + up + 1.5), ha="center", fontsize=9)
    averages = [row.average_score for row in rows]
    scores.bar(names, averages, color="#dd8452")
    scores.set_ylabel("average score")
    for index, average in enumerate(averages):
        scores.annotate(f"{average:.1f}", (index, average), ha="center", va="bottom", fontsize=9)
    figure.suptitle(title)
    figure.savefig(path, format="png")
