"""Each game's random-play speed on one core: complete games per second and actions per second,
legal-action enumeration included (choosing uniformly among the legal actions each time)."""

from __future__ import annotations

import random
import time
from typing import Any

from games.registry import all_rules
from replay.selfplay import Table, seed_bytes, uniform

GAMES_PER_TABLE = 5


def measure(games_per_table: int = GAMES_PER_TABLE) -> dict[str, Any]:
    figures = {}
    for name, rules in sorted(all_rules().items()):
        seats = min(4, rules.max_seats)
        actions = 0
        started = time.perf_counter()
        for n in range(games_per_table):
            table = Table(rules, seats, seed_bytes(n)).play_with(uniform(random.Random(n)))
            actions += len(table.steps)
        seconds = time.perf_counter() - started
        figures[f"{name} {seats}p"] = {
            "games_per_s": round(games_per_table / seconds, 2),
            "actions_per_s": round(actions / seconds),
        }
    return figures
