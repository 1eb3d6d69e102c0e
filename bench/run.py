"""Run the benchmarks: one run, every figure beside its baseline, ratios printed at the end.

    python -m bench.run                       # every section, embedded and PostgreSQL+Redis
    python -m bench.run rpc load              # some sections
    python -m bench.run --backends embedded   # one backend
    python -m bench.run --tiny                # the smoke-test sizes (seconds, not minutes)

Writes ``bench/results/<date>.json`` and ``<date>.png`` (or under ``--out``); see
bench/README.md for what each section measures and which ratio it is held to.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from bench import ceiling, chart, commits, load, publishing, replay_seek, rpc, rules_speed
from bench.backends import Backend, embedded, embedded_normal, scaled
from bench.common import FULL, TINY, Sizes

RESULTS = Path(__file__).resolve().parent / "results"
BACKENDS: dict[str, Callable[[Path], AbstractContextManager[Backend]]] = {
    "embedded": embedded,
    "embedded-normal": embedded_normal,
    "postgres": scaled,
}
PER_BACKEND: dict[str, Callable[[Backend, Sizes, Path], dict[str, Any]]] = {
    "rpc": lambda backend, sizes, _folder: rpc.measure(backend, sizes),
    "ceiling": lambda backend, sizes, _folder: ceiling.measure(backend, sizes),
    "load": lambda backend, sizes, _folder: load.measure(backend, sizes),
    "commit": lambda backend, sizes, _folder: commits.measure(backend, sizes),
    "publisher": publishing.measure,
}
ONCE: dict[str, Callable[[Sizes], dict[str, Any]]] = {
    "rules": lambda sizes: rules_speed.measure(1 if sizes is TINY else 5),
    "replay": lambda sizes: (
        replay_seek.measure(30, 1, 1) if sizes is TINY else replay_seek.measure()
    ),
}
SECTIONS = (*PER_BACKEND, *ONCE)


def run(
    sections: Sequence[str], sizes: Sizes, backends: Sequence[str], out: Path
) -> dict[str, Any]:
    """Measure ``sections`` on ``backends``; write the JSON and the chart under ``out``.

    A run of everything is ``<date>.json``; a partial one names its sections, so it never
    replaces the figures of a whole run; a second run of the same name on the same day is
    ``<name>-2``, and so on, so none replaces another.
    """
    console = Console()
    results: dict[str, Any] = {"machine": _machine(), "when": datetime.now(UTC).isoformat()}
    results["sizes"] = "tiny" if sizes is TINY else "full"
    per_backend = [s for s in sections if s in PER_BACKEND]
    once = [s for s in sections if s in ONCE]
    with (
        tempfile.TemporaryDirectory(prefix="tabletop-bench-") as scratch,
        _progress(console) as progress,
    ):
        task = progress.add_task("", total=len(backends) * len(per_backend) + len(once))
        for name, backend in _backends(backends, Path(scratch)):
            for section in per_backend:
                progress.update(task, description=f"{section} on {name}")
                figures = PER_BACKEND[section](backend, sizes, Path(scratch))
                results.setdefault(section, {})[name] = figures
                progress.advance(task)
        for section in once:
            progress.update(task, description=section)
            results[section] = ONCE[section](sizes)
            progress.advance(task)
    results["machine"]["load_after"] = os.getloadavg()
    results["ratios"] = ratios(results)
    whole = set(sections) == set(SECTIONS) and set(backends) == set(BACKENDS)
    stem = f"{datetime.now(UTC):%Y-%m-%d}" + ("" if whole else "-" + "-".join(sections))
    _write(results, _unused(out / stem), console)
    return results


def _progress(console: Console) -> Progress:
    """One bar over every section to measure, naming the one under way and the time taken."""
    return Progress(
        SpinnerColumn(),
        TextColumn("measuring {task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
    )


def _unused(stem: Path) -> Path:
    """``stem``, or the first of ``stem-2``, ``stem-3``, … with no results saved under it."""
    candidate, number = stem, 1
    while candidate.with_suffix(".json").exists():
        number += 1
        candidate = stem.with_name(f"{stem.name}-{number}")
    return candidate


def _backends(names: Sequence[str], scratch: Path) -> Iterator[tuple[str, Backend]]:
    for name in names:
        with BACKENDS[name](scratch) as backend:
            yield name, backend


def ratios(results: dict[str, Any]) -> dict[str, Any]:
    """Each performance goal (docs/scaling.md) as measured per backend, with its target."""
    found: dict[str, Any] = {}
    for name, figures in results.get("rpc", {}).items():
        # The median of the rounds' ratios: each round measured both sides moments apart.
        throughput = statistics.median(r["throughput"] for r in figures["parallel rounds"])
        latency = statistics.median(r["p50"] for r in figures["sequential rounds"])
        found[f"{name}: SubmitAction/echo throughput, 32 in flight (>= 0.5)"] = _goal(
            throughput, 0.5, True
        )
        found[f"{name}: SubmitAction/echo p50 latency, sequential (<= 2)"] = _goal(
            latency, 2, False
        )
    for name, figures in results.get("load", {}).items():
        found[f"{name}: load 10,000-event/100-event game (<= 2)"] = _goal(
            figures["long_over_short"], 2, False
        )
        reads = statistics.median(figures["read_events"]["rounds"])
        found[f"{name}: ReadEvents of 10,000 events/bare stream of as many (<= 1.5)"] = _goal(
            reads, 1.5, False
        )
    if "replay" in results:
        disputes = replay_seek.PAGE_DISPUTES
        found[f"HTML replay: {disputes} disputes a move/moves alone (<= 1.5)"] = _goal(
            results["replay"]["page"]["disputed_over_moves"], 1.5, False
        )
    for name, figures in results.get("publisher", {}).items():
        offered, stored = figures["offered_actions_per_s"], figures["actions_per_s"]
        label = f"{name}: publisher p99 ms at {offered} actions/s ({stored} stored) (< 10)"
        found[label] = _goal(figures["p99_ms"], 10, False)
        # A rate the writer could not hold tested an easier load than the goal's.
        found[label]["met"] &= stored >= 0.95 * offered
    return found


def _goal(value: float, target: float, at_least: bool) -> dict[str, Any]:
    met = value >= target if at_least else value <= target
    return {"value": round(value, 3), "target": target, "met": met}


def _machine() -> dict[str, Any]:
    model = ""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        lines = [ln for ln in cpuinfo.read_text().splitlines() if ln.startswith("model name")]
        model = lines[0].split(":", 1)[1].strip() if lines else ""
    return {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "cpu": model,
        "system": platform.platform(),
        "load_before": os.getloadavg(),
    }


def _write(results: dict[str, Any], stem: Path, console: Console) -> None:
    stem.parent.mkdir(parents=True, exist_ok=True)
    path = stem.with_suffix(".json")
    path.write_text(json.dumps(results, indent=2) + "\n")
    picture = chart.draw(results, stem.with_suffix(".png"))
    for section in SECTIONS:
        if section in results:
            _show(console, section, results[section])
    table = Table(title="ratios against their goals")
    for column in ("goal", "measured", "met"):
        table.add_column(column)
    for goal, found in results["ratios"].items():
        table.add_row(goal, str(found["value"]), "yes" if found["met"] else "[red]no[/]")
    console.print(table)
    console.print(f"wrote {path}" + (f" and {picture}" if picture else ""))


def _show(console: Console, name: str, figures: Any) -> None:
    table = Table(title=name)
    table.add_column("measure")
    table.add_column("value", justify="right")
    for key, value in _flat(figures):
        table.add_row(key, str(value))
    console.print(table)


def _flat(figures: Any, prefix: str = "") -> list[tuple[str, Any]]:
    if isinstance(figures, dict):
        return [row for key, value in figures.items() for row in _flat(value, f"{prefix}{key} ")]
    if isinstance(figures, list):  # rounds, numbered from 1
        return [row for n, value in enumerate(figures, 1) for row in _flat(value, f"{prefix}{n} ")]
    return [(prefix.strip(), figures)]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("sections", nargs="*", metavar="SECTION", help=", ".join(SECTIONS))
    parser.add_argument("--backends", default=",".join(BACKENDS), help=",".join(BACKENDS))
    parser.add_argument("--tiny", action="store_true", help="smoke-test sizes")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where results go")
    args = parser.parse_args()
    chosen = args.sections or list(SECTIONS)
    backends = [b for b in args.backends.split(",") if b]
    unknown = (set(chosen) - set(SECTIONS)) | (set(backends) - set(BACKENDS))
    if unknown:
        parser.error(f"unknown {sorted(unknown)}: sections {SECTIONS}, backends {list(BACKENDS)}")
    run(chosen, TINY if args.tiny else FULL, backends, args.out)


if __name__ == "__main__":
    main()
