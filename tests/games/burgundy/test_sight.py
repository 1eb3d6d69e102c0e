"""What the boards read off a view of the table (games.burgundy.sight): the bonus tiles left by
their points, the track's order and the order it gives the next round, and who has played."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from games.burgundy.catalogue import PHASES, ROUNDS
from games.burgundy.sight import bonus_points_left, has_played, next_round_order, track_ranking


class Piece(NamedTuple):
    position: int
    height: int


@pytest.mark.parametrize(
    ("seats", "taken", "left"),
    [(2, 0, (5, 2)), (3, 0, (6, 3)), (4, 0, (7, 4)), (3, 1, (3,)), (4, 2, ())],
)
def test_a_colours_bonus_tiles_left_are_the_large_then_the_small(
    seats: int, taken: int, left: tuple[int, ...]
) -> None:
    """Data §2.4: the first seat to cover a colour takes the large tile, the second the
    small, by the number of seats."""
    assert bonus_points_left(taken, seats) == left


def test_the_track_ranks_the_furthest_first_and_the_top_of_a_stack_first() -> None:
    """Data §2.6: seat 2 is furthest along; seats 0 and 1 share a space, seat 1 on top."""
    pieces = [Piece(position=3, height=0), Piece(position=3, height=1), Piece(position=5, height=0)]
    assert track_ranking(pieces) == (2, 1, 0)


def test_the_next_rounds_order_shows_only_when_a_ship_changed_it() -> None:
    assert next_round_order((0, 1, 2), (1, 0, 2), 2, 3) == (1, 0, 2)
    assert next_round_order((0, 1, 2), (0, 1, 2), 2, 3) is None
    assert next_round_order((0, 1, 2), (1, 0, 2), 2, ROUNDS) == (1, 0, 2), "phase C's round 1"
    assert next_round_order((0, 1, 2), (1, 0, 2), PHASES, ROUNDS) is None, "no round follows"


def test_the_seats_before_the_one_to_play_have_played() -> None:
    assert [has_played((2, 0, 1), 0, seat) for seat in range(3)] == [False, False, True]
    assert not any(has_played((2, 0, 1), None, seat) for seat in range(3))
