"""The games the conformance tests play: every game at every table size, under named policies.

Playing itself (``Table``, the policies, seeds) lives in ``replay.selfplay``, which the
benchmarks share; the names are re-exported here so the tests keep importing them from one
place.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

from games.registry import all_rules
from replay.selfplay import MAX_ACTIONS, Chooser, Table, by_kind, first, last, seed_bytes, uniform

__all__ = [
    "GAMES",
    "MAX_ACTIONS",
    "POLICIES",
    "TABLES",
    "TABLE_IDS",
    "Table",
    "played",
    "seed_bytes",
    "uniform",
]

GAMES = sorted(all_rules())
TABLES = [
    (game, seats)
    for game in GAMES
    for seats in range(all_rules()[game].min_seats, all_rules()[game].max_seats + 1)
]
TABLE_IDS = [f"{game}-{seats}p" for game, seats in TABLES]

POLICIES: dict[str, Callable[[int], Chooser]] = {
    "uniform": lambda seed: uniform(random.Random(seed)),
    "by_kind": lambda seed: by_kind(random.Random(seed)),
    "first": lambda seed: first,
    "last": lambda seed: last,
}


@functools.cache
def played(game: str, seats: int, label: int = 1, policy: str = "by_kind") -> Table:
    """A complete game, cached: tests must only read it."""
    table = Table(all_rules()[game], seats, seed_bytes(label))
    return table.play_with(POLICIES[policy](label))
