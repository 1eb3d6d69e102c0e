"""An adjudication's places rank the seats as a game's result does (tied seats share the
better place, the next is skipped), and a seat that forfeited never finishes ahead of one
that played (docs/tournaments.md, "Forfeits and adjudication")."""

from __future__ import annotations

import pytest

from services.tournaments import Format, TournamentRequestError, Tournaments
from tests.tournaments.conftest import open_event


@pytest.mark.parametrize(
    ("places", "ranked"),
    [
        ([1, 1, 2, 4], "[1, 1, 3, 4]"),
        ([1, 3, 3, 4], "[1, 2, 2, 4]"),
        ([1, 2, 2, 3], "[1, 2, 2, 4]"),
    ],
)
def test_places_that_skip_or_repeat_a_place_are_refused_and_nothing_is_stored(
    tournaments: Tournaments, places: list[int], ranked: str
) -> None:
    event = open_event(tournaments, 4, rounds=1)
    table = event.start_round().tables[0]
    before = len(tournaments.record(event.tournament_id))
    with pytest.raises(TournamentRequestError, match="do not rank the seats") as refused:
        tournaments.adjudicate(event.tournament_id, event.organiser, table.game_id, places, [], "x")
    assert refused.value.reason == "BAD_RESULT" and ranked in str(refused.value)
    assert len(tournaments.record(event.tournament_id)) == before


@pytest.mark.parametrize("places", [[1, 1, 3, 4], [2, 1, 4, 2], [1, 1, 1, 1], [4, 3, 2, 1]])
def test_places_that_rank_the_seats_are_the_result(
    tournaments: Tournaments, places: list[int]
) -> None:
    event = open_event(tournaments, 4, rounds=1)
    table = event.start_round().tables[0]
    ruled = tournaments.adjudicate(
        event.tournament_id, event.organiser, table.game_id, places, [], "ruling"
    )
    assert ruled.result is not None and ruled.result.places == tuple(places)


def test_a_seat_that_forfeited_cannot_be_placed_ahead_of_one_that_played(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 4, rounds=1)
    table = event.start_round().tables[0]
    before = len(tournaments.record(event.tournament_id))
    with pytest.raises(TournamentRequestError, match="forfeited cannot finish ahead") as refused:
        tournaments.adjudicate(
            event.tournament_id, event.organiser, table.game_id, [1, 2, 3, 4], [1], "no-show"
        )
    assert refused.value.reason == "BAD_RESULT"
    assert len(tournaments.record(event.tournament_id)) == before


@pytest.mark.parametrize(
    ("places", "forfeits"),
    [([2, 1, 3, 3], [2, 3]), ([1, 2, 3, 3], [3])],
    ids=["behind", "level with the last that played"],
)
def test_places_with_forfeits_behind_every_seat_that_played_are_the_result(
    tournaments: Tournaments, places: list[int], forfeits: list[int]
) -> None:
    """Forfeiting seats "may not finish ahead of a seat that did" play: level is not ahead."""
    event = open_event(tournaments, 4, rounds=1)
    table = event.start_round().tables[0]
    ruled = tournaments.adjudicate(
        event.tournament_id, event.organiser, table.game_id, places, forfeits, "left"
    )
    assert ruled.result is not None
    assert ruled.result.places == tuple(places) and ruled.result.forfeits == tuple(forfeits)


@pytest.mark.parametrize(
    ("places", "forfeits"),
    [([1, 1, 1, 1, 1], []), ([], [1, 1]), ([], [4]), ([1, 2, 3, 4], [4])],
    ids=[
        "a place more than the seats",
        "a seat forfeiting twice",
        "no such seat",
        "places, no such seat",
    ],
)
def test_places_or_forfeits_that_do_not_name_the_seats_are_refused_and_nothing_is_stored(
    tournaments: Tournaments, places: list[int], forfeits: list[int]
) -> None:
    """Places "by seat" and the forfeiting seats must name the table's seats, each once
    (docs/tournaments.md, "Forfeits and adjudication"; `BAD_RESULT`)."""
    event = open_event(tournaments, 4, rounds=1)
    table = event.start_round().tables[0]
    before = len(tournaments.record(event.tournament_id))
    with pytest.raises(TournamentRequestError) as refused:
        tournaments.adjudicate(
            event.tournament_id, event.organiser, table.game_id, places, forfeits, "x"
        )
    assert refused.value.reason == "BAD_RESULT"
    assert len(tournaments.record(event.tournament_id)) == before


def test_when_every_seat_forfeits_all_share_the_last_place_and_its_points(
    tournaments: Tournaments,
) -> None:
    """docs/tournaments.md, "Forfeits and adjudication": "when every seat forfeits, all share
    the last place, and its points"."""
    event = open_event(tournaments, 4, rounds=1)
    table = event.start_round().tables[0]
    ruled = tournaments.adjudicate(
        event.tournament_id, event.organiser, table.game_id, [], [0, 1, 2, 3], "no one came"
    )
    assert ruled.result is not None and ruled.result.places == (4, 4, 4, 4)
    _, rows = tournaments.standings(event.tournament_id)
    assert [row.points for row in rows] == [0, 0, 0, 0]


def test_a_knockout_table_whose_every_seat_forfeits_sends_its_best_seed_on(
    tournaments: Tournaments,
) -> None:
    """docs/tournaments.md, "Corrections and withdrawals": a knockout sends on each table's
    winner, "best place, then game score, then seed"; seats that all forfeit share the last
    place and have no game score, so the better seed goes through."""
    event = open_event(tournaments, 4, seats=2, format=Format.SINGLE_ELIMINATION, rounds=0)
    first, second = event.start_round().tables
    assert set(first.players) == {"player 1", "player 4"}  # seeds 1 and 4, snake fashion
    for table, places, forfeits in ((first, [], [0, 1]), (second, [1, 2], [])):
        tournaments.adjudicate(
            event.tournament_id, event.organiser, table.game_id, places, forfeits, "x"
        )
    _, rows = tournaments.standings(event.tournament_id)
    lost = {row.player: row.eliminated_in for row in rows}
    assert lost["player 1"] == 0 and lost["player 4"] == 1
