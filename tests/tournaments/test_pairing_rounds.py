"""Pairing as the service does it, round after round (docs/tournaments.md, "Pairing"): Swiss
seats by standing and counts every pair at a table as a meeting, byes go round, seats turn
with the round, round robin at larger tables goes in seed order avoiding repeats, and a
withdrawn player is not paired again."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from services.tournaments import Format, Round, Tournaments
from tests.tournaments.conftest import open_event


def _tables(round_: Round) -> list[set[str]]:
    return [set(table.players) for table in round_.tables]


def _names(*numbers: int) -> set[str]:
    return {f"player {n}" for n in numbers}


def test_a_swiss_round_seats_the_players_by_standing(tournaments: Tournaments) -> None:
    """ "The others are seated by standing — the top player with the next ones": after round
    1, the four winners meet each other, and so do the four losers."""
    event = open_event(tournaments, 8, seats=2)
    event.adjudicate_round()
    assert _tables(event.adjudicate_round()) == [
        _names(1, 3),
        _names(5, 7),
        _names(2, 4),
        _names(6, 8),
    ]


def test_a_swiss_meeting_is_any_two_players_at_one_table(tournaments: Tournaments) -> None:
    """ "A meeting is two players at one table", whatever their seats: nine players at 3-seat
    tables play three rounds in which no two of them sit together twice."""
    event = open_event(tournaments, 9, seats=3)
    tables = [t.players for _ in range(3) for t in event.adjudicate_round().tables]
    met = Counter(frozenset(pair) for table in tables for pair in combinations(table, 2))
    assert set(met.values()) == {1}


def test_swiss_byes_go_to_those_who_have_had_the_fewest(tournaments: Tournaments) -> None:
    """ "Byes go to the lowest-ranked players among those with the fewest byes so far": with
    byes worth nothing, the player who had one stays at the bottom, yet in five rounds of
    five players everyone has one bye."""
    event = open_event(tournaments, 5, rounds=5, smallest_table=4, bye_points=0)
    byes = Counter(p for _ in range(5) for p in event.adjudicate_round().byes)
    assert byes == Counter(list(event.tokens))


def test_the_first_seat_passes_round_the_table(tournaments: Tournaments) -> None:
    """ "Seats rotate with the round (each table is turned by round - 1)": four players at one
    table for four rounds each take the first seat once."""
    event = open_event(tournaments, 4, format=Format.ROUND_ROBIN, rounds=4)
    first_seats = [event.adjudicate_round().tables[0].players[0] for _ in range(4)]
    assert sorted(first_seats) == sorted(event.tokens)
