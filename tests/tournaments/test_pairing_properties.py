"""Pairing properties (docs/tournaments.md, "Pairing"), with hypothesis over fields, table
sizes and earlier meetings: every player is seated exactly once a round or has a bye, byes
go to those who have had the fewest, and Swiss seating repeats no meeting while that is
avoidable — checked against an exhaustive search on small fields."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations
from unittest.mock import patch

from hypothesis import example, given, settings
from hypothesis import strategies as st

from services.tournaments import seating
from services.tournaments.pairing import (
    knockout_rounds,
    pair_knockout,
    pair_round_robin,
    pair_swiss,
    rotate_seats,
    table_sizes,
)
from services.tournaments.seating import Meetings, repeats, seat_least_repeats


def _names(count: int) -> list[str]:
    return [f"p{n:02d}" for n in range(count)]


Field = tuple[list[str], int, int, Counter[frozenset[str]]]
"""Players in standing order, seats a table, the smallest table, and earlier meetings."""


@st.composite
def fields(draw: st.DrawFn, most: int = 10) -> Field:
    """Players in standing order, seats a table, the smallest table, and earlier meetings."""
    seats = draw(st.integers(2, 4))
    smallest = draw(st.integers(2, seats))
    players = _names(draw(st.integers(smallest, most)))
    pairs = [frozenset(pair) for pair in combinations(players, 2)]
    met = Counter(draw(st.lists(st.sampled_from(pairs), max_size=3 * len(players))))
    return players, seats, smallest, met


def _partitions(players: Sequence[str], sizes: Sequence[int]) -> Iterator[list[tuple[str, ...]]]:
    """Every way to seat ``players`` at tables of ``sizes`` (brute force, small fields), in
    standing order: the top player's table first, at any of the sizes (largest first), with
    the best-placed mates first; then the same for the players left."""
    if not sizes:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes), reverse=True):
        others = list(sizes)
        others.remove(size)
        for mates in combinations(rest, size - 1):
            left = [p for p in rest if p not in mates]
            for tail in _partitions(left, others):
                yield [(first, *mates), *tail]


def _largest_first(tables: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Tables as a plan lists them: by size, largest first (``table_sizes``), and in
    standing order among tables of one size."""
    return sorted(tables, key=len, reverse=True)


TOP_PLAYER_MET_EVERYONE = (
    _names(5),
    3,
    2,
    Counter(frozenset(("p00", other)) for other in ("p01", "p02", "p03", "p04")),
)
"""Tables of 3 and 2: p00 repeats one meeting at the table of 2, and the others none at the
table of 3; p00 at the table of 3 would repeat two."""


def _fewest_repeats(players: Sequence[str], sizes: Sequence[int], met: Meetings) -> int:
    return min(sum(repeats(t, met) for t in tables) for tables in _partitions(players, sizes))


def _seated_once(
    tables: Sequence[Sequence[str]], byes: Sequence[str], players: Sequence[str]
) -> None:
    seated = [p for table in tables for p in table] + list(byes)
    assert sorted(seated) == sorted(players), "everyone is seated exactly once or has a bye"


@given(players=st.integers(0, 40), seats=st.integers(2, 4), data=st.data())
def test_table_sizes_seat_everyone_they_can(players: int, seats: int, data: st.DataObject) -> None:
    smallest = data.draw(st.integers(2, seats))
    sizes, byes = table_sizes(players, seats, smallest)
    assert sum(sizes) + byes == players
    assert all(smallest <= size <= seats for size in sizes)
    assert list(sizes) == sorted(sizes, reverse=True)
    if byes:
        assert byes < seats, "a bye only for players left over from full tables"
        assert (len(sizes) + 1) * smallest > players, "smaller tables could not seat them"


@given(fields())
@example(field=TOP_PLAYER_MET_EVERYONE)
def test_swiss_seats_every_player_once_and_repeats_no_meeting_while_avoidable(field: Field) -> None:
    players, seats, smallest, met = field
    plan = pair_swiss(players, met, {}, seats, smallest)
    _seated_once(plan.tables, plan.byes, players)
    sizes, byes = table_sizes(len(players), seats, smallest)
    assert tuple(len(t) for t in plan.tables) == sizes and len(plan.byes) == byes
    playing = [p for p in players if p not in plan.byes]
    found = sum(repeats(table, met) for table in plan.tables)
    assert found == _fewest_repeats(playing, sizes, met)


@given(fields(most=9))
def test_without_earlier_meetings_swiss_seats_strictly_by_standing(field: Field) -> None:
    players, seats, smallest, _ = field
    plan = pair_swiss(players, Counter(), {}, seats, smallest)
    assert [p for table in plan.tables for p in table] == players[: len(plan.seated)]


@given(fields(most=9))
@example(
    field=(
        _names(4),
        2,
        2,
        Counter(frozenset(("p00", other)) for other in ("p01", "p02", "p03")),
    )
)
@example(field=TOP_PLAYER_MET_EVERYONE)
def test_among_seatings_with_fewest_repeats_swiss_takes_the_first_in_standing_order(
    field: Field,
) -> None:
    """With earlier meetings too, standing decides between equally good seatings: the top
    player sits with the best-placed players the fewest repeats allow, and so on down. (The
    first example: p00 has met everyone once, so every seating repeats one meeting, and p00
    plays p01. The second: p00 sits at the smaller table, with p01, as only there does the
    seating repeat one meeting.)"""
    players, seats, smallest, met = field
    plan = pair_swiss(players, met, {}, seats, smallest)
    playing = [p for p in players if p not in plan.byes]
    sizes = [len(table) for table in plan.tables]
    fewest = _fewest_repeats(playing, sizes, met)
    first_best = next(
        tables
        for tables in _partitions(playing, sizes)  # in standing order: top player first
        if sum(repeats(table, met) for table in tables) == fewest
    )
    assert list(plan.tables) == _largest_first(first_best)


@given(fields(), st.data())
def test_byes_go_to_the_lowest_ranked_of_those_with_fewest_byes(
    field: Field, data: st.DataObject
) -> None:
    players, seats, smallest, met = field
    had = {p: data.draw(st.integers(0, 2)) for p in players}
    plan = pair_swiss(players, met, had, seats, smallest)
    resting = set(plan.byes)
    for rested in resting:
        for other in set(players) - resting:
            assert had[rested] <= had[other]
            if had[rested] == had[other]:
                assert players.index(rested) > players.index(other)


@given(st.integers(2, 12))
def test_two_seat_round_robin_meets_everyone_once_with_one_bye_each_when_odd(count: int) -> None:
    players = _names(count)
    rounds = count - 1 if count % 2 == 0 else count
    met: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    for number in range(1, rounds + 1):
        plan = pair_round_robin(players, players, number, Counter(), {}, 2, 2)
        _seated_once(plan.tables, plan.byes, players)
        met.update(frozenset(t) for t in plan.tables)
        byes.update(plan.byes)
    assert set(met.values()) == {1} and len(met) == count * (count - 1) // 2
    assert byes == (Counter(players) if count % 2 else Counter())


@given(fields(most=9), st.integers(1, 9))
def test_a_withdrawn_player_leaves_a_bye_in_the_round_robin(field: Field, round_: int) -> None:
    """The circle goes on as drawn for everyone entered: the withdrawn player's opponent of
    the round has a bye and every other table stays as it was (docs/tournaments.md)."""
    players, _, _, _ = field
    withdrawn, active = players[0], players[1:]
    drawn = pair_round_robin(players, players, round_, Counter(), {}, 2, 2)
    plan = pair_round_robin(players, active, round_, Counter(), {}, 2, 2)
    _seated_once(plan.tables, plan.byes, active)
    opponents = [p for table in drawn.tables if withdrawn in table for p in table if p != withdrawn]
    assert plan.tables == tuple(table for table in drawn.tables if withdrawn not in table)
    assert sorted(plan.byes) == sorted([*opponents, *(p for p in drawn.byes if p != withdrawn)])


@given(st.integers(1, 40), st.integers(2, 4), st.data())
def test_knockout_gives_byes_to_top_seeds_and_ends_with_one_player(
    count: int, seats: int, data: st.DataObject
) -> None:
    smallest = data.draw(st.integers(2, seats))
    players = _names(count)
    plan = pair_knockout(players, seats, smallest)
    _seated_once(plan.tables, plan.byes, players)
    assert list(plan.byes) == players[: len(plan.byes)]
    if len(plan.tables) > 1 and all(len(t) == 2 for t in plan.tables):
        assert plan.tables[0][0] == players[len(plan.byes)], "the best seed playing at table 1"
        assert plan.tables[0][1] == players[-1], "...against the last seed"
    survivors = len(plan.tables) + len(plan.byes)
    if count > 1:
        assert survivors < count
        assert knockout_rounds(count, seats, smallest) == 1 + knockout_rounds(
            survivors, seats, smallest
        )


@given(fields(), st.integers(1, 9))
def test_rotating_seats_keeps_every_table_together(field: Field, round_number: int) -> None:
    players, seats, smallest, met = field
    plan = pair_swiss(players, met, {}, seats, smallest)
    rotated = rotate_seats(plan, round_number)
    assert [sorted(t) for t in rotated.tables] == [sorted(t) for t in plan.tables]
    assert rotated.byes == plan.byes


def test_the_budget_bounds_every_table_the_search_tries() -> None:
    """A search that cannot finish stops after ``budget`` tables tried, kept or not: counting
    only the tables kept let one Swiss round of 150 players at tables of four try a million
    tables for each kept, and take over a minute."""
    players = _names(40)
    met = Counter(frozenset(pair) for pair in combinations(players[:6], 2))
    sizes, _ = table_sizes(40, 4, 4)
    tried = Counter[str]()
    table_cost = seating._Search._table_cost

    def counted(search: seating._Search, first: int, mates: tuple[int, ...]) -> int:
        tried["tables"] += 1
        return table_cost(search, first, mates)

    with patch.object(seating._Search, "_table_cost", counted):
        seat_least_repeats(players, sizes, met, budget=1_000)
    assert 0 < tried["tables"] <= 1_000


def test_a_search_out_of_budget_swaps_players_to_mend_its_repeats() -> None:
    """The depth-first search fills tables in standing order, so a budget spent on its first
    seating leaves three players who have all met at the last table; a swap with the table
    above seats them apart, repeating nothing."""
    players = _names(12)
    met = Counter(frozenset(pair) for pair in combinations(players[9:], 2))
    tables = seat_least_repeats(players, (4, 4, 4), met, budget=3)
    assert sorted(p for table in tables for p in table) == players
    assert sum(repeats(table, met) for table in tables) == 0


@settings(max_examples=10)
@given(st.integers(12, 40))
def test_large_fields_are_seated_within_the_search_budget(count: int) -> None:
    players = _names(count)
    met = Counter(frozenset(pair) for pair in combinations(players[:6], 2))
    sizes, _ = table_sizes(count, 4, 4)
    tables = seat_least_repeats(players[: sum(sizes)], sizes, met, budget=2_000)
    assert sorted(p for t in tables for p in t) == sorted(players[: sum(sizes)])
