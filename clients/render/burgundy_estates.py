"""The estates on a Castles of Burgundy board: the viewer's own, colour by colour and region
by region, and every other seat's summed up by colour.

The viewer's estate is the one a placement needs: each region (a connected area of one
colour, data §1.4) is a row with its number (the one the log names: "completed region 8"),
how many of its spaces are covered, what completing it now would score and its spaces one by
one. The other estates list each colour's covered spaces and their tiles. Long cells wrap,
never cut, so nothing is lost on an 80-column terminal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from tabletop.v1 import burgundy_pb2 as bgpb

from clients.render.flow import Flow
from clients.render.seats import seat_cell
from games.burgundy.catalogue import (
    COLOUR_SPACES,
    COLOURS,
    NEIGHBOURS,
    REGIONS,
    TILE_COUNT,
    Colour,
    phase_letter,
    space,
    tile,
    tile_name,
)
from games.burgundy.effects import region_worth

COLOUR_STYLES: Mapping[Colour, str] = {
    Colour.CASTLE: "bold green",
    Colour.PASTURE: "bright_green",
    Colour.SHIP: "bright_blue",
    Colour.MINE: "bright_black",
    Colour.BUILDING: "dark_orange",
    Colour.KNOWLEDGE: "yellow",
}
"""The colours of the printed board, as near as a terminal gets."""


def tile_text(tile_id: int) -> Text:
    """``3 sheep``, ``church``, ``knowledge 8``: the tile's short name in its colour."""
    style = COLOUR_STYLES[tile(tile_id).colour] if 0 <= tile_id < TILE_COUNT else ""
    return Text(tile_name(tile_id), style=style)


def placed_of(player: bgpb.BurgundyPlayer) -> dict[int, int]:
    """Space → the tile on it, for the seat's covered spaces."""
    return {int(p.space): int(p.tile.id) for p in player.estate}


def colour_label(colour: Colour, placed: Mapping[int, int]) -> Text:
    """``ship 5/6``: the colour and how many of its spaces are covered (the colour bonus
    tiles go to the first seats to cover them all, seed)."""
    spaces = COLOUR_SPACES[colour]
    label = Text(colour.value, style=COLOUR_STYLES[colour])
    return label.append(f" {sum(1 for s in spaces if s in placed)}/{len(spaces)}", style="dim")


def regions_of(colour: Colour) -> tuple[int, ...]:
    """The regions of ``colour``, by number (every region is of one colour, data §1.4)."""
    return tuple(r for r, spaces in REGIONS.items() if space(spaces[0]).colour is colour)


def space_text(space_id: int, placed: Mapping[int, int]) -> Text:
    """``18 ship`` for a covered space (its die no longer matters), ``17:1`` for an empty one
    with its die number: ``17:1*`` in bold when a tile may go there (it touches a covered
    space), dim when it is out of reach for now."""
    if space_id in placed:
        return Text(f"{space_id} ", style="dim").append_text(tile_text(placed[space_id]))
    label = f"{space_id}:{space(space_id).die}"
    reachable = any(n in placed for n in NEIGHBOURS[space_id])
    return Text(f"{label}*", style="bold") if reachable else Text(label, style="dim")


def worth_text(region: int, placed: Mapping[int, int], phase: int) -> Text:
    """``worth 6 + 8``: the region's size points and this phase's bonus, as the rules score a
    completion now (``region_worth``, data §2.5); ``done`` once every space is covered."""
    if all(s in placed for s in REGIONS[region]):
        return Text("done", style="dim")
    points, bonus = region_worth(region, phase)
    return Text(f"worth {points} + {bonus}")


def estate_table(player: bgpb.BurgundyPlayer, phase: int) -> Table:
    """The seat's estate, a row per region grouped by colour: the region's number, its
    spaces covered, what completing it now scores, and its spaces (an empty one as
    ``space:die``, a covered one as its space and tile)."""
    # A title wraps to the table's width, narrower than the terminal: one line of key each,
    # all shorter than the table, so no line breaks in mid-phrase.
    title = "\n".join(
        (
            "Your estate by region",
            "space:die = empty, * = next to your tiles",
            f"worth = region points + phase {phase_letter(phase)} bonus if completed now",
        )
    )
    table = Table(box=box.SIMPLE, show_header=False, padding=(0, 1, 0, 0), title=title)
    table.title_justify = "left"
    for name in ("colour", "region", "covered", "worth"):
        table.add_column(name, no_wrap=True, justify="right" if name == "covered" else "left")
    table.add_column("spaces")
    placed = placed_of(player)
    for colour in COLOURS:
        for index, region in enumerate(regions_of(colour)):
            spaces = REGIONS[region]
            table.add_row(
                colour_label(colour, placed) if index == 0 else Text(),
                Text(f"region {region}", style=COLOUR_STYLES[colour]),
                Text(f"{sum(1 for s in spaces if s in placed)}/{len(spaces)}"),
                worth_text(region, placed, phase),
                Flow([space_text(s, placed) for s in spaces], separator="  "),
            )
    return table


def covered_text(colour: Colour, placed: Mapping[int, int]) -> RenderableType:
    """``16 ship, 17 ship``: the covered spaces of ``colour`` and their tiles."""
    covered = [s for s in COLOUR_SPACES[colour] if s in placed]
    if not covered:
        return Text("none", style="dim")
    return Flow([space_text(s, placed) for s in sorted(covered)], separator=", ")


def estates_table(players: Iterable[bgpb.BurgundyPlayer], names: Sequence[str]) -> Table:
    """Every other seat's estate, a row per colour: the spaces covered and the tiles on them
    (everything on the table is open, docs/rules/burgundy.md item 23)."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), title="Other estates (space tile)")
    table.title_justify = "left"
    table.add_column("seat")
    table.add_column("colour", no_wrap=True)
    table.add_column("tiles")
    for player in players:
        placed = placed_of(player)
        for index, colour in enumerate(COLOURS):
            seat = Text(seat_cell(names, player.seat) if index == 0 else "")  # not markup
            cells = (seat, colour_label(colour, placed), covered_text(colour, placed))
            table.add_row(*cells, end_section=index == len(COLOURS) - 1)
    return table
