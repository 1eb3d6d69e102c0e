"""A board wider than the terminal is said to be so: rich would otherwise squeeze or drop its
columns without a word (a Burgundy board at 80 columns loses its storage column)."""

from __future__ import annotations

import io
from typing import cast

import pytest
from rich.console import Console

from clients.local.table import LocalTable
from clients.play import TerminalPlayer
from clients.render import render_view, too_narrow
from clients.sdk import GameClient


def _terminal(width: int, *, is_terminal: bool = True) -> Console:
    return Console(width=width, force_terminal=is_terminal, file=io.StringIO())


@pytest.mark.parametrize("game", ["bourgeoisie", "bruges", "burgundy"])
def test_a_narrow_terminal_is_told_how_wide_the_board_is(game: str) -> None:
    board = render_view(LocalTable(game, 4, bytes(32)).view(0))
    note = too_narrow(_terminal(60), board)
    assert note is not None and "this terminal 60" in note
    wide = int(note.split("the board is ")[1].split(" columns")[0])
    assert 60 < wide <= 120  # every board is laid out for a 120-column terminal
    assert too_narrow(_terminal(wide), board) is None


def test_output_to_a_file_or_pipe_gets_no_note() -> None:
    board = render_view(LocalTable("burgundy", 4, bytes(32)).view(0))
    assert too_narrow(_terminal(60, is_terminal=False), board) is None


def test_the_note_is_said_again_when_the_terminal_changes_width_not_at_every_turn() -> None:
    """A player told at 100 columns (the 106-column board wrapped) who narrows the terminal
    to 60 is told again (columns are now cut); the same width again says nothing more; once
    the board fits, a later narrowing is told again."""
    table = LocalTable("burgundy", 4, bytes(32))
    console = _terminal(100)
    player = TerminalPlayer(cast("GameClient", None), "game", 0, console)
    told = []
    for width in (100, 100, 60, 60, 60, 200, 100):
        console.width = width
        player._show_board(table.view(0))
        told.append(console.file.getvalue().count("columns wide and this"))  # type: ignore[attr-defined]
        console.file = io.StringIO()
    assert told == [1, 0, 1, 0, 0, 0, 1]
