"""Board pictures for replays: one small interface, one module per game.

A board renderer takes a game's view (what one perspective may see at one moment) and the
players' names, and returns the picture as self-contained HTML: rows of ``<svg>`` blocks
(``svg.blocks``) that a laptop sets side by side and a phone stacks; a game's notes renderer
returns what its board says in words beneath the picture (``replay.boards.notes``), as HTML
that wraps to the screen. A new game adds only its drawing here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from replay.boards import bourgeoisie, bruges, burgundy
from replay.boards.svg import Svg

BoardRenderer = Callable[[Any, Sequence[str]], str]

RENDERERS: dict[str, BoardRenderer] = {
    "bourgeoisie": bourgeoisie.draw,
    "bruges": bruges.draw,
    "burgundy": burgundy.draw,
}
NOTES: dict[str, BoardRenderer] = {
    "bourgeoisie": bourgeoisie.notes,
    "bruges": bruges.notes,
    "burgundy": burgundy.notes,
}


def draw_board(game: str, view: Any, names: Sequence[str] = ()) -> str:
    """The board of ``game`` for ``view``, its seats named after ``names`` where known; a
    plain panel for a game without its own drawing."""
    renderer = RENDERERS.get(game)
    if renderer is not None:
        return renderer(view, names)
    picture = Svg(640, 60, f"No board drawing for {game}")
    picture.text(20, 35, f"No board drawing for {game} yet", size=16)
    return picture.render()


def board_notes(game: str, view: Any, names: Sequence[str] = ()) -> str:
    """What the board of ``game`` says in words under its picture; "" for a game with none."""
    renderer = NOTES.get(game)
    return renderer(view, names) if renderer is not None else ""


def board_with_notes(game: str, view: Any, names: Sequence[str] = ()) -> str:
    """The picture and its notes, as a page shows them."""
    return draw_board(game, view, names) + board_notes(game, view, names)
