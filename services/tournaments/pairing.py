"""Who sits where in a round, for each format (pure functions; docs/tournaments.md, "Pairing").

- Table sizes: as many tables of ``seats`` as possible; when the players do not divide evenly,
  some tables get fewer seats, down to ``smallest``; whoever still cannot be seated gets a bye.
- Swiss: byes go to the lowest-ranked players with the fewest byes so far; the others are
  seated by standing with as few repeat meetings as possible (``seating``).
- Round robin, two seats: the circle method over the players entered when the first round
  started, so everyone meets everyone once every ``n - 1`` rounds; a withdrawn player's
  opponent gets a bye. More seats: as Swiss, but in seed order rather than by standing.
- Single elimination: byes go to the top seeds; the rest are spread over the tables snake
  fashion (seeds 1..k to tables 1..k, then back), so the top seeds meet as late as possible.
  When too few are left for the smallest table, they all play one final table.
- Seats at each table rotate with the round, so no one always plays first.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from services.tournaments.seating import Meetings, seat_least_repeats


@dataclass(frozen=True)
class Plan:
    """One round's seating: the players of each table by seat, and the byes."""

    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...]

    @property
    def seated(self) -> tuple[str, ...]:
        return tuple(player for table in self.tables for player in table)


def table_sizes(players: int, seats: int, smallest: int) -> tuple[tuple[int, ...], int]:
    """The table sizes (largest first) for ``players``, and how many of them get a bye."""
    tables = math.ceil(players / seats)
    if tables and tables * smallest <= players:
        short = tables * seats - players  # seats to take away, one per table at most...
        per_table, extra = divmod(short, tables)  # ...or more when smallest allows it
        sizes = [seats - per_table - (1 if i >= tables - extra else 0) for i in range(tables)]
        return tuple(sizes), 0
    full = players // seats
    return (seats,) * full, players - full * seats


def bye_takers(ranked: Sequence[str], count: int, byes_had: Mapping[str, int]) -> tuple[str, ...]:
    """The ``count`` lowest-ranked players among those with the fewest byes so far."""
    order = sorted(range(len(ranked)), key=lambda i: (byes_had.get(ranked[i], 0), -i))
    return tuple(ranked[i] for i in sorted(order[:count]))


def pair_swiss(
    ranked: Sequence[str],
    met: Meetings,
    byes_had: Mapping[str, int],
    seats: int,
    smallest: int,
) -> Plan:
    """Swiss: seat by standing, avoiding repeat meetings while avoidable."""
    sizes, byes = table_sizes(len(ranked), seats, smallest)
    resting = bye_takers(ranked, byes, byes_had)
    playing = [p for p in ranked if p not in resting]
    return Plan(seat_least_repeats(playing, sizes, met), resting)


def pair_round_robin(
    roster: Sequence[str],
    active: Sequence[str],
    round_number: int,
    met: Meetings,
    byes_had: Mapping[str, int],
    seats: int,
    smallest: int,
) -> Plan:
    """Round robin: the circle method for two seats; fewest repeats in seed order beyond."""
    if seats == 2:
        return _circle(roster, set(active), round_number)
    return pair_swiss(active, met, byes_had, seats, smallest)


def _circle(roster: Sequence[str], active: set[str], round_number: int) -> Plan:
    """Round ``round_number`` of the circle method: the first player stays, the rest rotate."""
    players: list[str | None] = list(roster)
    if len(players) % 2:
        players.append(None)  # the phantom: whoever meets it has a bye
    n = len(players)
    turn = (round_number - 1) % (n - 1)
    ring = players[1:]
    order = [players[0], *ring[-turn:], *ring[:-turn]] if turn else players
    tables: list[tuple[str, ...]] = []
    byes: list[str] = []
    for i in range(n // 2):
        pair = [p for p in (order[i], order[n - 1 - i]) if p is not None and p in active]
        if len(pair) == 2:
            tables.append(tuple(pair))
        byes.extend(pair if len(pair) == 1 else [])
    return Plan(tuple(tables), tuple(p for p in roster if p in byes))


def knockout_sizes(players: int, seats: int, smallest: int) -> tuple[tuple[int, ...], int]:
    """As ``table_sizes``, except that a field too small for any table plays one final table
    of everyone left (a knockout must end, even with 4-seat tables and 2 winners)."""
    sizes, byes = table_sizes(players, seats, smallest)
    if not sizes and players >= 2:
        return (players,), 0
    return sizes, byes


def pair_knockout(survivors: Sequence[str], seats: int, smallest: int) -> Plan:
    """Single elimination: byes to the top seeds, the rest spread snake fashion."""
    sizes, byes = knockout_sizes(len(survivors), seats, smallest)
    resting, playing = tuple(survivors[:byes]), list(survivors[byes:])
    tables: list[list[str]] = [[] for _ in sizes]
    order = list(range(len(sizes)))
    lane = order
    while playing:
        for index in lane:
            if playing and len(tables[index]) < sizes[index]:
                tables[index].append(playing.pop(0))
        lane = lane[::-1]
    return Plan(tuple(tuple(t) for t in tables), resting)


def knockout_rounds(players: int, seats: int, smallest: int) -> int:
    """How many rounds single elimination needs to leave one player."""
    rounds = 0
    while players > 1:
        sizes, byes = knockout_sizes(players, seats, smallest)
        players, rounds = len(sizes) + byes, rounds + 1
    return rounds


def rotate_seats(plan: Plan, round_number: int) -> Plan:
    """Turn each table by the round number, so the first seat passes round the table."""
    tables = tuple(
        table[(round_number - 1) % len(table) :] + table[: (round_number - 1) % len(table)]
        for table in plan.tables
    )
    return Plan(tables, plan.byes)
