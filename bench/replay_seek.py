"""How fast the replay tool seeks in a long game, against folding from scratch.

The longest game the rules produce in a few tries (aiming at 2,000+ events; every registered
game is tried, with a uniform policy and one that declines whatever it may) is sealed into a
record and opened once; then random versions are sought and viewed from a seat's perspective.
The baseline, measured in the same run, folds the events from the start to the same versions
— what a replay without frames would do. Seeking costs the same at any length: one frame
lookup and one view.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from games.core import fold
from games.core.codec import Codec
from games.core.meta import META_CODEC
from games.registry import all_rules
from replay.timeline import Perspective, Timeline
from tests.conformance.play import Table, seed_bytes, uniform

TRIES = 3


def long_record(tries: int = TRIES) -> Any:
    """The record of the longest game found among a few plays of every game."""
    longest: Table | None = None
    for rules in all_rules().values():
        for attempt in range(tries):
            for choose in (uniform(random.Random(attempt)), _last_choice):
                table = Table(rules, rules.max_seats, seed_bytes(attempt)).play_with(choose)
                if longest is None or table.version > longest.version:
                    longest = table
    assert longest is not None
    return longest.record()


def _last_choice(legal: Sequence[object]) -> int:
    # Legal actions end with the way to decline (pass, end the phase), so this plays long.
    return len(legal) - 1


def measure(samples: int = 300, tries: int = TRIES) -> dict[str, Any]:
    record = long_record(tries)
    started = time.perf_counter()
    timeline = Timeline(record)
    load_ms = (time.perf_counter() - started) * 1000
    versions = [random.Random(7).randint(1, timeline.last) for _ in range(samples)]
    seek = _timed(lambda v: timeline.view(v, Perspective.SEAT, 0), versions)
    codec = Codec.combine(META_CODEC, timeline.rules.events)
    events = [codec.decode(r.event) for r in record.events]
    refold = _timed(
        lambda v: timeline.rules.view(fold(timeline.rules, events[:v]), 0), versions[:30]
    )
    return {
        "events": timeline.last,
        "load_ms": round(load_ms, 1),
        "seek_p50_ms": round(statistics.median(seek), 3),
        "seek_p99_ms": round(_p99(seek), 3),
        "refold_p50_ms": round(statistics.median(refold), 3),
        "speedup_vs_refold": round(statistics.median(refold) / statistics.median(seek), 1),
    }


def _timed(step: Any, versions: list[int]) -> list[float]:
    took = []
    for version in versions:
        started = time.perf_counter()
        step(version)
        took.append((time.perf_counter() - started) * 1000)
    return took


def _p99(values: list[float]) -> float:
    return sorted(values)[max(0, round(len(values) * 0.99) - 1)]
