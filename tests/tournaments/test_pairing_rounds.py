"""Pairing as the service does it, round after round (docs/tournaments.md, "Pairing"): Swiss
seats by standing and counts every pair at a table as a meeting, byes go round, seats turn
with the round, round robin at larger tables goes in seed order avoiding repeats, and a
withdrawn player is not paired again."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from services.tournaments import Format, Round, Tournaments
from services.tournaments.rounds import meetings
from tests.tournaments.conftest import Event, open_event


def _tables(round_: Round) -> list[set[str]]:
    return [set(table.players) for table in round_.tables]


def _names(*numbers: int) -> set[str]:
    return {f"player {n}" for n in numbers}


def _adjudicate_last_seat_first(event: Event) -> Round:
    """Start a round and settle every table with the seats finishing in reverse order."""
    round_ = event.start_round()
    for table in round_.tables:
        places = list(range(len(table.players), 0, -1))
        event.tournaments.adjudicate(
            event.tournament_id, event.organiser, table.game_id, places, [], "decided by seat"
        )
    return round_


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


def test_a_round_robin_at_larger_tables_goes_in_seed_order_repeating_no_meeting(
    tournaments: Tournaments,
) -> None:
    """ "More seats: as Swiss but in seed order, each round repeating as few meetings as
    possible": round 1 put the lowest seeds first, yet round 2 seats seed 1 with the next
    seeds it has not met, at full tables."""
    event = open_event(tournaments, 9, seats=3, format=Format.ROUND_ROBIN, rounds=0)
    assert _tables(_adjudicate_last_seat_first(event)) == [
        _names(1, 2, 3),
        _names(4, 5, 6),
        _names(7, 8, 9),
    ]
    assert _tables(_adjudicate_last_seat_first(event)) == [
        _names(1, 4, 7),
        _names(2, 5, 8),
        _names(3, 6, 9),
    ]


def test_a_two_seat_round_robin_turns_everyone_entered_after_a_withdrawal(
    tournaments: Tournaments,
) -> None:
    """ "The circle method over the players entered when round 1 started ...; a withdrawn
    player's opponent gets a bye": player 2 leaves after round 1, and the three left still
    meet each other once, with a bye where player 2 was due."""
    event = open_event(tournaments, 4, seats=2, format=Format.ROUND_ROBIN, rounds=0)
    event.adjudicate_round()
    tournaments.drop_player(event.tournament_id, event.organiser, "player 2", "went home")
    later = [event.adjudicate_round(), event.adjudicate_round()]
    met = meetings(tournaments.tournament(event.tournament_id))
    assert set(met.values()) == {1}
    assert [len(r.byes) for r in later] == [1, 1] and all(len(r.tables) == 1 for r in later)


def test_a_knockout_player_who_withdrew_is_not_paired_again(tournaments: Tournaments) -> None:
    """A withdrawn player is "not paired again": player 1 won round 1 and left; round 2
    seats the other three winners, the best seed with a bye."""
    event = open_event(tournaments, 8, seats=2, format=Format.SINGLE_ELIMINATION, rounds=0)
    event.adjudicate_round()
    tournaments.drop_player(event.tournament_id, event.organiser, "player 1", "went home")
    second = event.adjudicate_round()
    assert second.byes == ("player 2",) and _tables(second) == [_names(3, 4)]
