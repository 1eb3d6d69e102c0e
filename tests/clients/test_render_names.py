"""The boards name the seats by their players where the view's status knows the names
("seat 0 (Ada)", "0 Ada" in a seats table), and by number alone for a free seat."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from tabletop.v1 import common_pb2
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import HeuristicBot
from clients.local import LocalTable
from clients.play import outcome_table
from clients.render import render_view
from clients.render.seats import player_name, seat_cell, seat_name
from games.bourgeoisie import full_view
from wire import bourgeoisie as bourgeoisie_wire

NAMES = ("Ada", "")
"""Seat 0 is Ada's; seat 1 is free (an empty name)."""
HEADINGS = {
    "bourgeoisie": "{seat}'s",
    "bruges": "{seat}'s turn",
    "burgundy": "{seat} to act",
}
"""How each game's header names the seat to act."""
SEAT_ROWS = {
    "burgundy": (r"^\s*seat 0 \(Ada\) \(you\)", r"^\s*seat 1( ◀)? · \d"),
}
"""A game whose seats are blocks rather than table rows: how its seats are headed."""
TABLE_ROWS = (r"^\s*0 Ada \(you\)", r"^\s*1( ◀)?\s+\d")


def printed(response: pb.GetViewResponse) -> str:
    console = Console(record=True, width=140, file=io.StringIO())
    console.print(render_view(response))
    return console.export_text()


def played(game: str, decisions: int = 12, names: tuple[str, ...] = NAMES) -> LocalTable:
    """A two-seat game of ``game`` between Ada and a free seat (or ``names``), a few decisions
    in."""
    table = LocalTable(game, 2, b"names", names)
    bots = [HeuristicBot(seat) for seat in range(2)]
    for _ in range(decisions):
        seat = table.to_act()
        assert seat is not None
        table.submit(seat, bots[seat].choose(table.view(seat), table.legal(seat).actions))
    return table


def test_a_seat_is_named_by_its_player_and_by_number_when_free_or_unnamed() -> None:
    names = ["Ada", "", "seat 2"]
    assert [player_name(names, seat) for seat in range(4)] == ["Ada", "", "", ""]
    assert seat_name(names, 0) == "seat 0 (Ada)" and seat_name(names, 1) == "seat 1"
    assert seat_cell(names, 0) == "0 Ada" and seat_cell(names, 2) == "2"


@pytest.mark.parametrize("game", sorted(HEADINGS))
def test_the_header_and_the_seats_table_name_the_players(game: str) -> None:
    table = played(game)
    seat = table.to_act()
    assert seat is not None
    screen = printed(table.view(0))
    assert HEADINGS[game].format(seat=seat_name(NAMES, seat)) in screen, screen
    named, free = SEAT_ROWS.get(game, TABLE_ROWS)
    assert re.search(named, screen, re.MULTILINE), screen
    assert re.search(free, screen, re.MULTILINE), screen  # free: number alone


def test_a_bourgeoisie_board_heads_the_viewers_hand_yours_and_another_by_its_player() -> None:
    """The viewer's own hand is "Your hand", as on the Bruges board (it was "Hand of seat 0
    (Ada)"); another seat's, which the full view of a finished game or an arbiter's shows,
    keeps its seat and its player's name."""
    table = played("bourgeoisie")
    screen = printed(table.view(0))
    assert "Your hand: " in screen and "Hand of" not in screen, screen
    response = table.view(0)
    response.view.bourgeoisie.CopyFrom(bourgeoisie_wire.view_to_proto(full_view(table.state)))
    screen = printed(response)
    assert "Hand of seat 0 (Ada): " in screen and "Hand of seat 1: " in screen, screen
    assert "Your hand" not in screen


MARKUP_NAMES = ("[/b]Ada", "[red]Bob")
"""Names a rich console would read as markup: a closing tag with nothing open (which cannot be
printed at all) and a colour."""


@pytest.mark.parametrize("game", sorted(HEADINGS))
def test_a_name_that_looks_like_markup_is_printed_as_typed(game: str) -> None:
    screen = printed(played(game, names=MARKUP_NAMES).view(0))
    for name in MARKUP_NAMES:
        assert name in screen, screen


def test_the_result_table_prints_a_name_as_typed() -> None:
    status = common_pb2.GameStatus(seats=2, players=MARKUP_NAMES)
    status.outcome.places.extend([2, 1])
    status.outcome.scores.extend([10, 12])
    console = Console(record=True, width=100, file=io.StringIO())
    console.print(outcome_table(status, me=0))
    screen = console.export_text()
    assert "[/b]Ada (you)" in screen and "[red]Bob" in screen
