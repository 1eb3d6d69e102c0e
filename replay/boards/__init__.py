"""Board pictures for replays: one small interface, one module per game.

A board renderer takes a game's view (what one perspective may see at one moment) and returns
a self-contained ``<svg>`` element. A new game adds only its drawing here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from replay.boards import bourgeoisie, bruges, burgundy
from replay.boards.svg import Svg

BoardRenderer = Callable[[Any], str]

RENDERERS: dict[str, BoardRenderer] = {
    "bourgeoisie": bourgeoisie.draw,
    "bruges": bruges.draw,
    "burgundy": burgundy.draw,
}


def draw_board(game: str, view: Any) -> str:
    """The board of ``game`` for ``view``; a plain panel for a game without its own drawing."""
    renderer = RENDERERS.get(game)
    if renderer is not None:
        return renderer(view)
    picture = Svg(640, 60)
    picture.text(20, 35, f"No board drawing for {game} yet", size=16)
    return picture.render()
