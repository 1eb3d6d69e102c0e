"""Seating players at tables so that as few pairs as possible meet again (a pure search).

Swiss pairing (and round robin at multi-player tables) must avoid repeat pairings while they
are avoidable, and otherwise seat players by standing. Both are one objective: among all ways
to split the players into tables of the given sizes, take the one that repeats the fewest
earlier meetings; among equally good ones, the first in standing order (the top player with
the next ones, and so on). A depth-first branch and bound finds it: it fills tables in
standing order, so its first complete seating is the greedy one, and it only accepts a later
seating with strictly fewer repeats. When the tables differ in size, the top player's table
may be any of the sizes left (largest first): a player who has met most of the field repeats
fewer meetings at a smaller table, and "all ways to split" includes those.

On small fields the search is exhaustive, hence exact. On large ones it stops after
``budget`` tables tried (every table counts, kept or not: its time is what the budget bounds,
and one level of the search can try a million tables of four among 200 players), and the best
seating found is improved by swapping players between tables while a swap repeats fewer
meetings (``_improve``): a depth-first search spends its budget on the last tables, so a
repeat it leaves is usually mended by one swap with a table higher up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

Meetings = Mapping[frozenset[str], int]
"""How often each pair of players has sat at one table before."""

SEARCH_BUDGET = 200_000
"""Tables tried before a search settles for the best seating found: about half a second."""


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
    cost = _cost_matrix(ordered, met)
    search = _Search(cost, budget)
    search.run(tuple(range(len(ordered))), tuple(sorted(sizes, reverse=True)), 0, ())
    assert search.best is not None  # the first leaf is reached long before any budget
    best = search.best if search.steps_left > 0 else _improve(search.best, cost, search.best_cost)
    largest_first = sorted(best, key=len, reverse=True)  # stable: standing order kept
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
        if not sizes:
            self.best, self.best_cost = tables, spent
            return
        first, rest = left[0], left[1:]
        for size in dict.fromkeys(sizes):  # each size once, largest first
            others = _without(sizes, size)
            for mates in combinations(rest, size - 1):
                if self.best_cost == 0 or (self.steps_left <= 0 and self.best is not None):
                    return  # nothing can beat no repeats; or the budget is spent
                self.steps_left -= 1
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


def _improve(
    tables: tuple[tuple[int, ...], ...], cost: list[list[int]], total: int
) -> tuple[tuple[int, ...], ...]:
    """``tables`` after swapping players of different tables while a swap repeats fewer
    meetings. Each player at a table with a repeat is tried against the others nearest to it
    in standing (players are numbered in standing order), so a swap moves it as little as
    it can. Every swap lowers the total, so this ends."""
    seated = [list(table) for table in tables]
    while total > 0 and (swap := _best_swap(seated, cost)) is not None:
        (t, i, u, j), saved = swap
        seated[t][i], seated[u][j] = seated[u][j], seated[t][i]
        total -= saved
    return tuple(tuple(table) for table in seated)


def _best_swap(
    seated: list[list[int]], cost: list[list[int]]
) -> tuple[tuple[int, int, int, int], int] | None:
    """The first swap, nearest in standing, that repeats fewer meetings: where (table, seat)
    of each player, and how many fewer; None when no swap helps."""
    where = {player: (t, i) for t, table in enumerate(seated) for i, player in enumerate(table)}
    for t, table in enumerate(seated):
        if not any(cost[a][b] for a, b in combinations(table, 2)):
            continue
        for i, player in enumerate(table):
            for other in sorted(where, key=lambda p: abs(p - player)):
                u, j = where[other]
                if u != t and (saved := _saving(seated, cost, (t, i), (u, j))) > 0:
                    return (t, i, u, j), saved
    return None


def _saving(
    seated: list[list[int]], cost: list[list[int]], at: tuple[int, int], to: tuple[int, int]
) -> int:
    """How many fewer meetings are repeated once the players at ``at`` and ``to`` (table,
    seat) change places."""
    (t, i), (u, j) = at, to
    a, b = seated[t][i], seated[u][j]
    stay_t = [p for k, p in enumerate(seated[t]) if k != i]
    stay_u = [p for k, p in enumerate(seated[u]) if k != j]
    before = sum(cost[a][p] for p in stay_t) + sum(cost[b][p] for p in stay_u)
    after = sum(cost[b][p] for p in stay_t) + sum(cost[a][p] for p in stay_u)
    return before - after
