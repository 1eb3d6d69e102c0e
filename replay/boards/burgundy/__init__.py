"""The Castles of Burgundy table: the rules played, the depots, the black depot and supply (the
face-down piles, the colour bonus tiles left with their points), the order the track gives from
the next round once a ship has changed it, and each seat, named after its player, with its
estate (board #1 as a hex grid), storage, goods, silverlings, workers, points and dice; under
the picture, what each knowledge tile in sight does (``notes``)."""

from __future__ import annotations

from collections.abc import Sequence

from games.burgundy.catalogue import KNOWLEDGE_TEXT
from games.burgundy.sight import knowledge_in_sight
from games.burgundy.views import BurgundyView
from replay.boards.burgundy.pieces import COLOUR_LETTER
from replay.boards.burgundy.seat import seat_block
from replay.boards.burgundy.table import (
    black_depot,
    bonus_tiles,
    depot,
    legend,
    piles,
    round_goods,
    status,
)
from replay.boards.notes import item, note
from replay.boards.notes import notes as notes_of
from replay.boards.results import seat_title
from replay.boards.svg import blocks

__all__ = ["COLOUR_LETTER", "draw", "notes"]


def draw(view: BurgundyView, names: Sequence[str] = ()) -> str:
    """The board as blocks a phone stacks (``svg.blocks``): the state of play and the legend,
    the six depots, the black depot and the supply, then the seats two by two."""
    seats = [seat_block(view, p, seat_title(names, p.seat)) for p in view.players]
    supply = [black_depot(view), round_goods(view), piles(view), bonus_tiles(view)]
    rows = [[status(view), legend()], [depot(each) for each in view.depots], supply]
    rows += [seats[index : index + 2] for index in range(0, len(seats), 2)]
    return blocks(rows)


def notes(view: BurgundyView, names: Sequence[str] = ()) -> str:
    """What each knowledge tile face up anywhere on the table does (data §3.4), by the label
    its hex carries (``K12``): the picture has room for the number alone."""
    numbers = knowledge_in_sight(view)
    if not numbers:
        return ""
    key = [item(f"K{number}", KNOWLEDGE_TEXT[number]) for number in numbers]
    return notes_of([note("Knowledge tiles in sight", key, "knowledge-key")])
