"""Seating players at tables so that as few pairs as possible meet again (a pure search).

Swiss pairing (and round robin at multi-player tables) must avoid repeat pairings while they
are avoidable, and otherwise seat players by standing. Both are one objective: among all ways
to split the players into tables of the given sizes, take the one that repeats the fewest
earlier meetings; among equally good ones, the first in standing order (the top player with
the next ones, and so on). A depth-first branch and bound finds it: it fills tables in
standing order, so its first complete seating is the greedy one, and it only accepts a later
seating with strictly fewer repeats. When the tables differ in size, the top player's table
may be any of the sizes left (largest first): a player who has met most of the field repeats
fewer meetings at a smaller table, and "all ways to split" includes those. On small fields
the search is exhaustive, hence exact; on large ones it stops after ``budget`` steps with the
best seating found so far.
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
    """Tables of ``sizes`` for ``ordered`` players (best first), largest tables first and
    in standing order among tables of one size.

    Minimises repeated meetings; ties go to the seating first in standing order.
    """
    if sum(sizes) != len(ordered):
        raise ValueError(f"{len(ordered)} players cannot fill tables of {tuple(sizes)}")
    search = _Search(_cost_matrix(ordered, met), budget)
    search.run(tuple(range(len(ordered))), tuple(sorted(sizes, reverse=True)), 0, ())
    assert search.best is not None  # the first leaf is reached long before any budget
    largest_first = sorted(search.best, key=len, reverse=True)  # stable: standing order kept
    return tuple(tuple(ordered[i] for i in table) for table in largest_first)


def _cost_matrix(ordered: Sequence[str], met: Meetings) -> list[list[int]]:
    return [[met.get(frozenset((a, b)), 0) if a != b else 0 for b in ordered] for a in ordered]


class _Search:
    """The branch and bound state: the best seating so far and the steps left."""

    def __init__(self, cost: list[list[int]], budget: int):
        self.cost = cost
        self.steps_left = budget
        self.best: tuple[tuple[int, ...], ...] | None = None
        self.best_cost = sum(sum(row) for row in cost) + 1  # worse than any seating

    def run(
        self,
        left: tuple[int, ...],
        sizes: tuple[int, ...],
        spent: int,
        tables: tuple[tuple[int, ...], ...],
    ) -> None:
        """Seat ``left`` (in standing order) at tables of ``sizes`` (largest first): the first
        of them at each size in turn, with each choice of mates in standing order."""
        self.steps_left -= 1
        if not sizes:
            self.best, self.best_cost = tables, spent
            return
        first, rest = left[0], left[1:]
        for size in dict.fromkeys(sizes):  # each size once, largest first
            others = _without(sizes, size)
            for mates in combinations(rest, size - 1):
                if self.best_cost == 0 or (self.steps_left <= 0 and self.best is not None):
                    return  # nothing can beat no repeats; or the budget is spent
                added = self._table_cost(first, mates)
                if spent + added >= self.best_cost:
                    continue
                remaining = tuple(i for i in rest if i not in mates)
                self.run(remaining, others, spent + added, (*tables, (first, *mates)))

    def _table_cost(self, first: int, mates: tuple[int, ...]) -> int:
        table = (first, *mates)
        return sum(self.cost[a][b] for a, b in combinations(table, 2))


def _without(sizes: tuple[int, ...], size: int) -> tuple[int, ...]:
    """``sizes`` with one table of ``size`` taken away (the order kept)."""
    index = sizes.index(size)
    return sizes[:index] + sizes[index + 1 :]
