"""The benchmark's chart, drawn from the newest run recorded in bench/results: its legends
hide no bar, and no two of its words overlap (matplotlib's own layout, measured); and drawn
from every run kept there, in the format of its day."""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import matplotlib.pyplot as plt
import pytest
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from bench.chart import drawn

RESULTS = Path(__file__).resolve().parents[2] / "bench" / "results"
RUNS = sorted(
    (p for p in RESULTS.glob("2*.json") if "rpc" in json.loads(p.read_text())),
    key=lambda p: p.stem,
)


@pytest.fixture(scope="module")
def figure() -> Figure:
    """The chart of the newest full run (one with the gRPC figures, as ``run`` writes)."""
    assert RUNS, "bench/results holds a full run"
    found = drawn(json.loads(RUNS[-1].read_text()))
    assert found is not None
    found.canvas.draw()
    return found


def _overlap(first: Bbox, second: Bbox) -> bool:
    return bool(first.overlaps(second))


def test_no_legend_hides_a_bar(figure: Figure) -> None:
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    hidden: list[str] = []
    for axis in figure.axes:
        legend = axis.get_legend()
        assert legend is not None
        box = legend.get_window_extent(renderer)
        hidden += [
            f"{axis.get_title()}: a bar of {bar.get_height():.4g}"
            for bar in axis.patches
            if isinstance(bar, Rectangle)
            and bar.get_height() > 0
            and _overlap(box, bar.get_window_extent(renderer))
        ]
    assert not hidden, hidden


def _undrawn_tick_labels(figure: Figure) -> set[int]:
    """The labels of ticks beyond their axis's limits: matplotlib keeps them, visible and
    placed past the axes, but does not draw them."""
    undrawn: set[int] = set()
    for axes in figure.axes:
        for axis in (axes.xaxis, axes.yaxis):
            low, high = sorted(axis.get_view_interval())
            for tick in axis.get_major_ticks():
                if not low <= tick.get_loc() <= high:
                    undrawn |= {id(tick.label1), id(tick.label2)}
    return undrawn


def test_no_two_words_overlap(figure: Figure) -> None:
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    undrawn = _undrawn_tick_labels(figure)
    texts = [
        t
        for t in figure.findobj(Text)
        if t.get_visible() and t.get_text().strip() and id(t) not in undrawn
    ]
    boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in texts]
    clashes = [
        f"{a!r} and {b!r}"
        for (a, first), (b, second) in combinations(boxes, 2)
        if _overlap(first, second)
    ]
    assert not clashes, clashes


@pytest.mark.parametrize("run", sorted(RESULTS.glob("*.json")), ids=lambda p: p.name)
def test_every_recorded_run_draws(run: Path) -> None:
    """Every run kept in bench/results draws, in the format of its day: the runs of
    2026-11-29 offered the publisher events per second, not actions."""
    found = drawn(json.loads(run.read_text()))
    if found is not None:
        plt.close(found)


def test_an_older_run_says_its_publisher_was_offered_events() -> None:
    """The first full run's publisher was offered 100 and 1,000 events/s (``rate_events_per_s``),
    before the goal's actions/s (``offered_actions_per_s``)."""
    found = drawn(json.loads((RESULTS / "2026-11-29.json").read_text()))
    assert found is not None
    titles = [axes.get_title() for axes in found.axes]
    plt.close(found)
    assert "publisher at 1000 events/s" in titles, titles
