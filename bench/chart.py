"""One PNG of a benchmark run: each measured figure beside its baseline, per backend."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only; no display

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

Bars = dict[str, dict[str, float]]  # series -> backend -> value


def draw(results: dict[str, Any], path: Path) -> Path | None:
    """Draw the panels the results have data for into ``path``; None when there are none."""
    figure = drawn(results)
    if figure is None:
        return None
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def drawn(results: dict[str, Any]) -> Figure | None:
    """The figure of the panels the results have data for, laid out; None when there are
    none."""
    panels = [p for p in (_throughput(results), _latency(results), _loading(results),
                          _commits(results), _publisher(results)) if p is not None]  # fmt: skip
    if not panels:
        return None
    figure, axes = plt.subplots(1, len(panels), figsize=(5 * len(panels), 4.8), squeeze=False)
    for axis, (title, unit, bars) in zip(axes[0], panels, strict=True):
        _bars(axis, title, unit, bars)
    machine = results.get("machine", {})
    figure.suptitle(
        f"tabletop benchmark {results.get('when', '')[:16]} · {machine.get('cpus')} CPUs "
        f"{machine.get('cpu', '')} · load {machine.get('load_before', [0])[0]:.1f}",
        fontsize=9,
    )
    figure.tight_layout()
    return figure


def _throughput(results: dict[str, Any]) -> tuple[str, str, Bars] | None:
    rpc = results.get("rpc")
    if not rpc:
        return None
    cases = ("echo sequential", "submit sequential", "echo parallel", "submit parallel")
    bars = {c: {b: f[c]["per_s"] for b, f in rpc.items()} for c in cases}
    ceiling = results.get("ceiling")
    if ceiling:  # the same actions with no gRPC at all: the most one process could answer
        bars["submit parallel, no gRPC"] = {b: f["parallel"]["per_s"] for b, f in ceiling.items()}
    return "throughput", "calls/s", bars


def _latency(results: dict[str, Any]) -> tuple[str, str, Bars] | None:
    rpc = results.get("rpc")
    if not rpc:
        return None
    bars: Bars = {}
    for case in ("echo sequential", "submit sequential"):
        for cut in ("p50_ms", "p99_ms"):
            bars[f"{case.split()[0]} {cut[:3]}"] = {b: f[case][cut] for b, f in rpc.items()}
    return "sequential latency", "ms", bars


def _loading(results: dict[str, Any]) -> tuple[str, str, Bars] | None:
    load = results.get("load")
    if not load:
        return None
    bars: Bars = {}
    for length in ("short", "long"):
        for backend, figures in load.items():
            bars.setdefault(f"{figures[length]['events']} events", {})[backend] = figures[length][
                "p50_ms"
            ]
    return "loading a game (p50)", "ms", bars


def _commits(results: dict[str, Any]) -> tuple[str, str, Bars] | None:
    commits = results.get("commit")
    if not commits:
        return None
    bars: Bars = {}
    for backend, figures in commits.items():
        for writers, found in figures.items():
            bars.setdefault(writers, {})[backend] = found["writes_per_s"]
    return "group commit: writes/s", "writes/s", bars


def _publisher(results: dict[str, Any]) -> tuple[str, str, Bars] | None:
    published = results.get("publisher")
    if not published:
        return None
    bars: Bars = {}
    for cut in ("p50_ms", "p99_ms"):
        bars[f"store→Redis {cut[:3]}"] = {b: f[cut] for b, f in published.items()}
    return f"publisher at {_offered(next(iter(published.values())))}", "ms", bars


def _offered(figures: dict[str, Any]) -> str:
    """The rate a publisher section offered, in the unit of its run: actions/s since the goal
    was stated in actions (``offered_actions_per_s``); the runs of 2026-11-29 before that
    offered events/s (``rate_events_per_s``)."""
    if "offered_actions_per_s" in figures:
        return f"{figures['offered_actions_per_s']} actions/s"
    return f"{figures['rate_events_per_s']} events/s"


def _figure(value: float) -> str:
    """A bar's label, short enough to stand over a bar five to a group without running into
    its neighbour's ("612.3767.6"): whole numbers from 100 up, else three figures."""
    return f"{value:.0f}" if value >= 100 else f"{value:.3g}"


def _bars(axis: Axes, title: str, unit: str, bars: Bars) -> None:
    backends = sorted({b for values in bars.values() for b in values})
    width = 0.8 / max(1, len(bars))
    for index, (series, values) in enumerate(bars.items()):
        xs = [i + index * width for i in range(len(backends))]
        heights = [values.get(b, 0.0) for b in backends]
        drawn = axis.bar(xs, heights, width, label=series)
        axis.bar_label(drawn, fmt=_figure, fontsize=7)
    axis.set_xticks([i + width * (len(bars) - 1) / 2 for i in range(len(backends))], backends)
    axis.set_title(title)
    axis.set_ylabel(unit)
    # Under the panel, not in it: a panel whose tallest bars stand in every group left the
    # legend nowhere to go but over one of them.
    axis.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=2,
                frameon=False)  # fmt: skip
