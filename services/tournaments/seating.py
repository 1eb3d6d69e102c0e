"""Seating players at tables so that as few pairs as possible meet again (a pure search).

Swiss pairing (and round robin at multi-player tables) must avoid repeat pairings while they
are avoidable, and otherwise seat players by standing. Both are one objective: among all ways
to split the players into tables of the given sizes, take the one that repeats the fewest
earlier meetings; among equally good ones, the first in standing order (the top player with
the next ones, and so on). A depth-first branch and bound finds it: it fills tables in
standing order, so its first complete seating is the greedy one, and it only accepts a later
seating with strictly fewer repeats. On small fields the search is exhaustive, hence exact;
on large ones it stops after ``budget`` steps with the best seating found so far.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

Meetings = Mapping[frozenset[str], int]
"""How often each pair of players has sat at one table before."""

SEARCH_BUDGET = 60_000


def repeats(table: Sequence[str], met: Meetings) -> int:
    """The earlier meetings repeated by seating ``table`` together (a pair met twice counts 2)."""
    return sum(met.get(frozenset(pair), 0) for pair in combinations(table, 2))


def seat_least_repeats(
    ordered: Sequence[str], sizes: Sequence[int], met: Meetings, *, budget: int = SEARCH_BUDGET
) -> tuple[tuple[str, ...], ...]:
    """Tables of ``sizes`` (in that order) for ``ordered`` players (best first).

    Minimises repeated meetings; ties go to the seating first in standing order.
    """
    if sum(sizes) != len(ordered):
        raise ValueError(f"{len(ordered)} players cannot fill tables of {tuple(sizes)}")
    search = _Search(len(ordered), sizes, _cost_matrix(ordered, met), budget)
    search.run(tuple(range(len(ordered))), 0, ())
    assert search.best is not None  # the first leaf is reached long before any budget
    return tuple(tuple(ordered[i] for i in table) for table in search.best)


def _cost_matrix(ordered: Sequence[str], met: Meetings) -> list[list[int]]:
    return [[met.get(frozenset((a, b)), 0) if a != b else 0 for b in ordered] for a in ordered]


class _Search:
    """The branch and bound state: the best seating so far and the steps left."""

    def __init__(self, players: int, sizes: Sequence[int], cost: list[list[int]], budget: int):
        self.sizes = tuple(sizes)
        self.cost = cost
        self.steps_left = budget
        self.best: tuple[tuple[int, ...], ...] | None = None
        self.best_cost = sum(sum(row) for row in cost) + 1  # worse than any seating

    def run(self, left: tuple[int, ...], spent: int, tables: tuple[tuple[int, ...], ...]) -> None:
        self.steps_left -= 1
        if len(tables) == len(self.sizes):
            self.best, self.best_cost = tables, spent
            return
        first, rest = left[0], left[1:]
        for mates in combinations(rest, self.sizes[len(tables)] - 1):
            if self.best_cost == 0 or (self.steps_left <= 0 and self.best is not None):
                return  # nothing can beat no repeats; or the budget is spent
            added = self._table_cost(first, mates)
            if spent + added >= self.best_cost:
                continue
            remaining = tuple(i for i in rest if i not in mates)
            self.run(remaining, spent + added, (*tables, (first, *mates)))

    def _table_cost(self, first: int, mates: tuple[int, ...]) -> int:
        table = (first, *mates)
        return sum(self.cost[a][b] for a, b in combinations(table, 2))
