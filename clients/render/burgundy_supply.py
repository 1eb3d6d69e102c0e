"""What lies on a Castles of Burgundy table besides the depots and the estates: the colour bonus
tiles still on the board, the face-down piles and goods stacks (by their sizes, all a view
holds of them), and what each knowledge tile in sight does.

A player at the table sees the bonus tiles left and can read every face-up yellow tile; the
screen names a knowledge tile by its number alone everywhere else, so a key at the foot of
the board spells out the ones on the table, wherever they lie.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from tabletop.v1 import burgundy_pb2 as bgpb

from clients.render.burgundy_estates import COLOUR_STYLES
from clients.render.flow import Flow
from games.burgundy.catalogue import (
    COLOURS,
    KNOWLEDGE_TEXT,
    PHASES,
    PILES,
    Colour,
    phase_letter,
)
from games.burgundy.sight import bonus_points_left, knowledge_in_sight


def bonus_left_text(view: bgpb.BurgundyView, index: int) -> Text:
    """``castle 5 and 2``: the points of a colour's bonus tiles still on the board; the large
    goes first, then the small, then none (seed; data §2.4)."""
    colour = COLOURS[index]
    taken = view.bonus_tiles_taken[index] if index < len(view.bonus_tiles_taken) else 0
    left = [str(points) for points in bonus_points_left(taken, len(view.players))]
    text = Text(colour.value, style=COLOUR_STYLES[colour]).append(" ")
    return text.append(" and ".join(left)) if left else text.append("none", style="dim")


def bonus_tiles_line(view: bgpb.BurgundyView) -> Flow:
    """Every colour's bonus tiles left, in points: the first seat to cover all the spaces of
    a colour takes the larger, the second the smaller."""
    lead = "Colour bonus tiles left (points):"
    return Flow(led(lead, [bonus_left_text(view, i) for i in range(len(COLOURS))]), indent=3)


def led(lead: str, items: list[Text]) -> list[Text]:
    """``items`` with ``lead`` before the first, on its line (not a separator between)."""
    first = Text(lead, style="italic").append(" ").append_text(items[0]) if items else Text(lead)
    return [first, *items[1:]]


def pile_name(index: int) -> str:
    colour = PILES[index] if index < len(PILES) else None
    return colour.value if colour is not None else "black"


def face_down_line(view: bgpb.BurgundyView) -> Flow:
    """The sizes of the seven face-down hex piles and the phases whose goods stacks still lie
    face down (docs/rules/burgundy.md item 23: their order and faces stay hidden)."""
    piles = [Text(f"{pile_name(i)} {size}") for i, size in enumerate(view.pile_sizes)]
    phases = [
        phase_letter(phase)
        for phase, size in enumerate(view.goods_stack_sizes, start=1)
        if size and phase <= PHASES
    ]
    stacks = [Text("goods stacks for phase " + ", ".join(phases))] if phases else []
    return Flow(led("Face-down piles:", [*piles, *stacks]), indent=3)


def knowledge_key(view: bgpb.BurgundyView) -> Table | None:
    """``knowledge 5  a ship may take the goods of two neighbouring depots``, for each
    knowledge tile face up anywhere on the table (data §3.4); None when there is none."""
    numbers = knowledge_in_sight(view)
    if not numbers:
        return None
    key = Table.grid(padding=(0, 2, 0, 0))
    key.title, key.title_justify, key.title_style = "Knowledge tiles in sight", "left", "italic"
    key.add_column(no_wrap=True, style=COLOUR_STYLES[Colour.KNOWLEDGE])
    key.add_column()
    for number in numbers:
        key.add_row(f"knowledge {number}", KNOWLEDGE_TEXT[number])
    return key


def supply_section(view: bgpb.BurgundyView) -> RenderableType:
    """The bonus tiles left and the face-down piles."""
    return Group(bonus_tiles_line(view), face_down_line(view))
