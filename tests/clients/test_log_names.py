"""The log lines name each seat's player beside its number, as the boards do ("Seat 0 (Ada)
played …"): only a real seat of the game that has a player, and the name printed as typed."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from clients.render.seats import SEAT_TAKEN, named_seats

NAMES = ("Ada", "[bold]Bob[/]", "", "seat 3")
"""Seat 0 is Ada's, seat 1's player has markup in their name, seat 2 is free, and seat 3 is
a local table's unnamed seat (its name only repeats the seat)."""


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ("Seat 0 played Merchant", "Seat 0 (Ada) played Merchant"),
        ("Seat 0's turn", "Seat 0 (Ada)'s turn"),
        (
            "Seat 0's Thief discarded seat 1's Clerk",
            "Seat 0 (Ada)'s Thief discarded seat 1 ([bold]Bob[/])'s Clerk",
        ),
        (
            "seat 1 cannot pay the 2 its step costs",
            "seat 1 ([bold]Bob[/]) cannot pay the 2 its step costs",
        ),
        ("Round 2 began; seat 0 starts", "Round 2 began; seat 0 (Ada) starts"),
    ],
)
def test_a_seat_with_a_player_is_named(line: str, named: str) -> None:
    assert named_seats(line, NAMES).plain == named


@pytest.mark.parametrize(
    "line",
    [
        "Bourgeoisie created for 4 seats (default rules)",  # "seats", not a seat
        "bourgeoisie seats 0 to 3 players",
        "Seat 2 rolled 3 starting silver",  # a free seat
        "Seat 3 rolled 3 starting silver",  # a name that only repeats the seat
        "Seat 4 drew a card",  # not a seat of this game
        "Seat 10 drew a card",
        "seat 01 and seat 0.5",  # numbers that only begin like a seat's
        "Phase C, round 3: turn order 0/1",  # numbers in other contexts
        "Unseat 0 took 1 guilder",
    ],
)
def test_other_numbers_and_seats_without_a_player_are_left_alone(line: str) -> None:
    assert named_seats(line, NAMES).plain == line


def test_the_line_that_seats_a_player_already_names_them() -> None:
    assert named_seats("Ada took seat 0", NAMES, SEAT_TAKEN).plain == "Ada took seat 0"
    assert named_seats("Ada took seat 0", NAMES, "bruges.CardPlayed").plain != "Ada took seat 0"


def test_a_name_with_markup_is_printed_as_typed() -> None:
    console = Console(record=True, width=80, file=io.StringIO())
    console.print(named_seats("Seat 1 passed and seat 0 passed", NAMES))
    assert console.export_text() == "Seat 1 ([bold]Bob[/]) passed and seat 0 (Ada) passed\n"
    assert named_seats("Seat 1 passed", NAMES).spans == []  # no style taken from the name


def test_without_names_the_line_is_the_servers() -> None:
    assert named_seats("Seat 0 passed", ()).plain == "Seat 0 passed"
