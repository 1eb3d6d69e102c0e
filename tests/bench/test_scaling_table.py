"""docs/scaling.md's table of ratios "from every full run so far" holds a row for each full
run committed to bench/results (a partial run's name carries its sections: bench/README.md),
and each row's figures are its run's, as rounded in the table."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "bench" / "results"
BACKENDS = ("embedded", "embedded-normal", "postgres")
FULL_RUN = re.compile(r"\d{4}-\d{2}-\d{2}(?:-\d+)?\.json")
"""A whole run's file: the date, and ``-2``, ``-3``… for the day's later runs."""


def _table_rows() -> dict[str, list[str]]:
    """The table's rows by run file: its cells after the first (echo, then the ratios)."""
    text = (ROOT / "docs" / "scaling.md").read_text(encoding="utf-8")
    table = text[text.index("| run | echo, 32 in flight |") :].split("\n\n", 1)[0]
    rows: dict[str, list[str]] = {}
    for line in table.splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        rows[re.findall(r"`([^`]+\.json)`", cells[0])[0]] = cells[1:]
    return rows


def _ratio(run: dict[str, Any], backend: str, goal: str) -> float | None:
    for name, ratio in run["ratios"].items():
        if name.startswith(f"{backend}:") and goal in name:
            return float(ratio["value"])
    return None


def _agrees(cell: str, values: list[float | None]) -> bool:
    """Each figure of ``cell`` (``a / b / c``, or ``—`` for none) is its value, rounded to
    the digits the table gives it (half a unit either way, as rounding leaves it)."""
    if cell == "—":
        return values == [None] * len(values)
    quoted = [part.strip() for part in cell.split("/")]
    return len(quoted) == len(values) and all(
        value is not None
        and abs(float(text) - value) <= 0.5 * 10 ** -len(text.split(".")[1]) + 1e-9
        for text, value in zip(quoted, values, strict=True)
    )


def test_every_full_run_has_a_row() -> None:
    full = sorted(path.name for path in RESULTS.glob("*.json") if FULL_RUN.fullmatch(path.name))
    assert len(full) > 10
    assert sorted(set(full) - set(_table_rows())) == []


def test_each_rows_figures_are_its_runs() -> None:
    wrong = []
    for name, (echo, throughput, latency, load) in _table_rows().items():
        run = json.loads((RESULTS / name).read_text(encoding="utf-8"))
        rates = [run["rpc"][backend]["echo parallel"]["per_s"] for backend in BACKENDS]
        low, high = (int(x.replace(",", "")) for x in re.findall(r"[\d,]+", echo))
        figures = {
            "echo": abs(low - min(rates)) <= 0.5 and abs(high - max(rates)) <= 0.5,
            "throughput": _agrees(throughput, [_ratio(run, b, "throughput") for b in BACKENDS]),
            "p50": _agrees(latency, [_ratio(run, b, "p50 latency") for b in BACKENDS]),
            "load": _agrees(load, [_ratio(run, b, "load 10,000") for b in BACKENDS]),
        }
        wrong += [(name, figure) for figure, right in figures.items() if not right]
    assert wrong == []
