"""A board that cannot fit the terminal is said to be so: rich would otherwise cut its values
short without a word. A board that only wraps its lines loses nothing and says nothing."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest
from rich.console import Console, Group, RenderableType
from rich.constrain import Constrain
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from clients.local.table import LocalTable
from clients.play import TerminalPlayer
from clients.render import render_view, too_narrow
from clients.sdk import GameClient
from replay.sources import open_record
from replay.textboard import board
from replay.timeline import Perspective, Timeline
from tests.replay.conftest import GOLDEN_FILES


def _terminal(width: int, *, is_terminal: bool = True) -> Console:
    return Console(width=width, force_terminal=is_terminal, file=io.StringIO())


@pytest.mark.parametrize("game", ["bourgeoisie", "bruges", "burgundy"])
def test_a_terminal_too_narrow_for_the_board_is_told_what_it_needs(game: str) -> None:
    board = render_view(LocalTable(game, 4, bytes(32)).view(0))
    note = too_narrow(_terminal(30), board)
    assert note is not None and "this terminal has 30" in note
    needed = int(note.split("the board needs ")[1].split(" columns")[0])
    assert 30 < needed <= 80  # every board reads whole on an 80-column terminal
    enough, squeezed = _terminal(needed), _terminal(needed - 1)
    assert too_narrow(enough, board) is None
    enough.print(board)
    squeezed.print(board)
    assert "…" not in enough.file.getvalue()  # type: ignore[attr-defined]
    assert "…" in squeezed.file.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", ["bourgeoisie", "bruges", "burgundy"])
def test_a_board_that_only_wraps_says_nothing_and_cuts_nothing(game: str) -> None:
    board = render_view(LocalTable(game, 4, bytes(32)).view(0))
    terminal = _terminal(80)
    assert too_narrow(terminal, board) is None
    terminal.print(board)
    assert "…" not in terminal.file.getvalue()  # type: ignore[attr-defined]


def test_output_to_a_file_or_pipe_gets_no_note() -> None:
    board = render_view(LocalTable("burgundy", 4, bytes(32)).view(0))
    assert too_narrow(_terminal(60, is_terminal=False), board) is None


def test_the_note_is_said_again_when_the_terminal_changes_width_not_at_every_turn() -> None:
    """A player told the board does not fit who narrows the terminal further is told again;
    the same width again says nothing more; once the board fits, a later narrowing is told
    again."""
    table = LocalTable("bourgeoisie", 4, bytes(32))
    note = too_narrow(_terminal(30), render_view(table.view(0)))
    assert note is not None
    needed = int(note.split("the board needs ")[1].split(" columns")[0])
    console = _terminal(needed - 1)
    player = TerminalPlayer(cast("GameClient", None), "game", 0, console)
    told = []
    for width in (needed - 1, needed - 1, needed - 20, needed - 20, needed - 20, 200, needed - 1):
        console.width = width
        player._show_board(table.view(0))
        told.append(console.file.getvalue().count("columns and this terminal"))  # type: ignore[attr-defined]
        console.file = io.StringIO()
    assert told == [1, 0, 1, 0, 0, 0, 1]


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda path: path.stem)
def test_every_board_of_a_recorded_game_reads_whole_on_80_columns(path: Path) -> None:
    """At twelve moments of each golden game, as the public and as seat 0 see them: an
    80-column terminal cuts no value the full width shows (a board only wraps its lines)."""
    timeline = Timeline(open_record(path))
    for version in range(1, timeline.last + 1, max(1, timeline.last // 12)):
        for perspective, seat in ((Perspective.PUBLIC, None), (Perspective.SEAT, 0)):
            drawn = board(timeline, version, perspective, seat)
            assert too_narrow(_terminal(80), drawn) is None, (path.name, version, perspective)


def _headings(drawn: RenderableType) -> Iterator[str]:
    """The lines of every table title in a board, looking inside its groups and frames."""
    match drawn:
        case Table(title=Text() | str() as title) if title:
            yield from str(title).splitlines()
        case Group():
            for part in drawn.renderables:
                yield from _headings(part)
        case Constrain() | Padding() | Panel():
            yield from _headings(drawn.renderable)


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda path: path.stem)
def test_every_heading_of_a_recorded_game_reads_whole_on_80_columns(path: Path) -> None:
    """A table's heading wraps to the table's width, so a long one breaks in mid-phrase even
    where every value fits: on an 80-column terminal each line of it stays on one line, as
    seat 0 sees its board at twelve moments of each golden game."""
    timeline = Timeline(open_record(path))
    checked = 0
    for version in range(1, timeline.last + 1, max(1, timeline.last // 12)):
        drawn = board(timeline, version, Perspective.SEAT, 0)
        terminal = _terminal(80)
        terminal.print(drawn)
        lines = terminal.file.getvalue().splitlines()  # type: ignore[attr-defined]
        for heading in _headings(drawn):
            assert any(heading in line for line in lines), (path.name, version, heading)
            checked += 1
    assert checked, "the boards have table titles to check"
