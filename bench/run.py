"""Run the benchmarks and write ``bench/results/<date>.json``; print each section's figures.

python -m bench.run              # every section
python -m bench.run replay       # one section
"""

from __future__ import annotations

import argparse
import json
import os
import platform
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from bench import replay_seek, rules_speed

SECTIONS: dict[str, Callable[[], dict[str, Any]]] = {
    "replay": replay_seek.measure,
    "rules": rules_speed.measure,
}
RESULTS = Path(__file__).resolve().parent / "results"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sections", nargs="*", metavar="SECTION", help=", ".join(SECTIONS))
    chosen = parser.parse_args().sections or list(SECTIONS)
    unknown = set(chosen) - set(SECTIONS)
    if unknown:
        parser.error(f"unknown sections {sorted(unknown)}; choose from {', '.join(SECTIONS)}")
    console = Console()
    results: dict[str, Any] = {"machine": _machine(), "when": datetime.now(UTC).isoformat()}
    for name in chosen:
        with console.status(f"measuring {name}…"):
            results[name] = SECTIONS[name]()
        _show(console, name, results[name])
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{datetime.now(UTC):%Y-%m-%d}.json"
    previous = json.loads(path.read_text()) if path.exists() else {}
    path.write_text(json.dumps({**previous, **results}, indent=2) + "\n")
    console.print(f"wrote {path}")


def _machine() -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "system": platform.platform(),
    }


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
    return [(prefix.strip(), figures)]


if __name__ == "__main__":
    main()
