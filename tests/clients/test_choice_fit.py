"""The longest option lists of each game, as ``play`` shows them on an 80-column terminal:
short enough to read without the board and the list's first options scrolling away, and still
every option with the number ``legal`` and ``act`` give it."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pytest
from rich.console import Console
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import RandomBot
from clients.local.table import LocalTable
from clients.play import PROMPT_LINES, TerminalPlayer
from clients.render import choices_in_order, numbered_options
from clients.render.choice_list import Option, drawn_height, fitted, option_table
from clients.sdk import GameClient

WIDTH, ROWS = 80, 24
SCREEN = ROWS - PROMPT_LINES
"""The lines an 80x24 terminal shows above the prompt."""

Position = tuple[pb.GetViewResponse, list[pb.LegalAction]]


def longest_list(
    game: str, seed: int, keep: Callable[[pb.GetViewResponse], bool] = lambda _: True
) -> Position:
    """The seat's view and options where a seeded four-seat game between random bots offers
    the most options (among the positions ``keep`` accepts)."""
    table = LocalTable(game, 4, bytes([seed]) * 32)
    bots = [RandomBot(seed * 10 + seat) for seat in range(4)]
    best: Position | None = None
    while (seat := table.to_act()) is not None:
        view, legal = table.view(seat), list(table.legal(seat).actions)
        if keep(view) and (best is None or len(legal) > len(best[1])):
            best = (view, choices_in_order(view, legal))
        table.submit(seat, bots[seat].choose(view, legal))
    assert best is not None
    return best


def room_in_storage(view: pb.GetViewResponse) -> bool:
    burgundy = view.view.burgundy
    return len(burgundy.players[burgundy.active_seat].storage) < 3


def shown(options: list[Option], width: int = WIDTH, height: int = SCREEN) -> str:
    drawn = io.StringIO()
    Console(width=width, file=drawn, color_system=None).print(fitted(options, width, height))
    return drawn.getvalue()


def assert_every_option_numbered(options: list[Option], screen: str) -> None:
    """Each option's number stands before its words (alone, or among the numbers of the
    variants its heading names: "1/2/3 ship"), lines joined where the list wrapped them; a
    table's rules are left out, so that a row wrapped in its cell reads as one line."""
    flat = " ".join(re.sub("[│┌┐└┘├┤┬┴┼─]", " ", screen).split())
    grouped = "Your legal actions (" in screen
    for option in options:
        said = option.short if grouped and option.short is not None else option.full
        words = " ".join(said.plain.split())
        number = rf"(?<![\d/])(?:\d+/)*{option.number}(?:/\d+)* "
        assert re.search(number + re.escape(words), flat), (option.number, words)


@pytest.mark.parametrize(
    ("game", "seed", "keep", "lines"),
    [
        ("bruges", 0, lambda _: True, SCREEN),  # 27 options: 44 lines as a table
        ("bourgeoisie", 1, lambda _: True, SCREEN),  # 14 options: 22 lines as a table
        ("burgundy", 2, room_in_storage, 35),  # 61 options: 77 lines as a table
        ("burgundy", 0, lambda _: True, 45),  # 160 options, storage full: 319 lines
    ],
    ids=["bruges", "bourgeoisie", "burgundy", "burgundy-full-storage"],
)
def test_the_longest_lists_fit_in_a_stated_height_with_every_number(
    game: str, seed: int, keep: Callable[[pb.GetViewResponse], bool], lines: int
) -> None:
    view, choices = longest_list(game, seed, keep)
    options = numbered_options(view, choices)
    screen = shown(options)
    assert screen.count("\n") <= lines, screen
    assert_every_option_numbered(options, screen)


def test_a_list_that_fits_is_the_table_as_before() -> None:
    """Where the table fits (a taller terminal), it is what is shown: the same rows, words
    and numbers as ``legal`` prints."""
    view, choices = longest_list("bruges", 0)
    options = numbered_options(view, choices)
    table = drawn_height(option_table(options), 120)
    assert shown(options, 120, table) == shown(options, 120, 1000)
    assert "│  1 │" in shown(options, 120, table)
    assert "Your legal actions (" in shown(options, 120, table - 1)


def test_burgundy_groups_a_full_storage_by_the_tile_it_discards() -> None:
    """A full storage triples every take; the three groups that differ only in the tile
    discarded are one, each tile numbered once per discard, in the heading's order."""
    view, choices = longest_list("burgundy", 0)
    options = numbered_options(view, choices)
    screen = " ".join(shown(options).split())
    heading = re.search(r"discarding (\w[\w ]*?) / (\w[\w ]*?) / (\w[\w ]*?):", screen)
    assert heading is not None, screen
    first = next(o for o in options if o.heading.endswith(f"discarding {heading[1]}"))
    twin = next(
        o
        for o in options
        if o.heading.endswith(f"discarding {heading[2]}") and o.short == first.short
    )
    assert re.search(rf"(?<![\d/]){first.number}/{twin.number}/\d+ ", screen)


def test_play_shows_the_list_in_the_terminals_height() -> None:
    """The player's own screen: on an 80x24 terminal the long list is grouped and ends within
    the rows above the prompt."""
    view, choices = longest_list("bruges", 0)
    console = Console(width=WIDTH, height=ROWS, file=io.StringIO(), color_system=None)
    TerminalPlayer(GameClient.__new__(GameClient), "game", 0, console)._show_choices(view, choices)
    printed = console.file.getvalue()  # type: ignore[attr-defined]
    assert printed.count("\n") <= SCREEN
    assert_every_option_numbered(numbered_options(view, choices), printed)
