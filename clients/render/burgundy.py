"""A compact terminal picture of a Castles of Burgundy view: the round, the depots, every
seat's supplies, the other estates, and your own estate grouped by colour, so a player can
choose where to place.

Nothing in a Burgundy view is private to a seat (only the face-down piles are hidden, and the
view holds their sizes alone); the viewer's estate is spelled out space by space because it is
the one a placement decision needs, the others are summed up by colour: the spaces covered
and the tiles on them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from tabletop.v1 import burgundy_pb2 as bgpb
from tabletop.v1 import game_service_pb2 as pb

from clients.render.seats import seat_cell, seat_name
from games.burgundy.catalogue import (
    COLOUR_SPACES,
    COLOURS,
    KNOWLEDGE_TEXT,
    LARGE_BONUS,
    NEIGHBOURS,
    SMALL_BONUS,
    TILE_COUNT,
    Colour,
    phase_letter,
    space,
    tile,
    tile_name,
)

COLOUR_STYLES: Mapping[Colour, str] = {
    Colour.CASTLE: "bold green",
    Colour.PASTURE: "bright_green",
    Colour.SHIP: "bright_blue",
    Colour.MINE: "bright_black",
    Colour.BUILDING: "dark_orange",
    Colour.KNOWLEDGE: "yellow",
}
"""The colours of the printed board, as near as a terminal gets."""

ESTATE_COLUMNS = 6
"""Spaces a row in the estate grid: a colour's six spaces (half the buildings) fit a line."""


def tile_text(tile_id: int) -> Text:
    """``3 sheep``, ``church``, ``knowledge 8``: the tile's short name in its colour."""
    style = COLOUR_STYLES[tile(tile_id).colour] if 0 <= tile_id < TILE_COUNT else ""
    return Text(tile_name(tile_id), style=style)


def tiles_text(tiles: Iterable[bgpb.BurgundyTile], empty: str = "none") -> Text:
    """Tiles by short name, comma-separated; ``empty`` when there are none."""
    names = [tile_text(t.id) for t in tiles]
    return Text(", ").join(names) if names else Text(empty, style="dim")


def goods_text(counts: Iterable[int], empty: str = "none") -> Text:
    """Goods by die number, one per tile: ``3 3 5`` is two goods of kind 3 and one of 5."""
    shown = [str(kind) for kind, n in enumerate(counts, start=1) for _ in range(n)]
    return Text(" ".join(shown)) if shown else Text(empty, style="dim")


def effect_name(effect: int) -> str:
    name: str = bgpb.BurgundyEffect.Name(effect)
    return name.removeprefix("BURGUNDY_EFFECT_").lower().replace("_", " ")


def colour_of(value: int) -> Colour:
    """The catalogue colour for a ``BurgundyColour`` enum value (1..6)."""
    return COLOURS[value - 1]


def header(response: pb.GetViewResponse) -> Text:
    """Phase and round, whose turn (or the final scores), and the white die."""
    view, names = response.view.burgundy, response.status.players
    text = Text("Castles of Burgundy", style="bold")
    text.append(f" · phase {phase_letter(view.phase)}, round {view.round} · ")
    if view.finished:
        text.append("finished · scores " + ", ".join(str(s) for s in view.scores))
    elif view.HasField("active_seat"):
        text.append(f"{seat_name(names, view.active_seat)} to act", style="bold")
    if view.white_die:
        text.append(f" · white die {view.white_die}")
    text.append(f" · version {response.version}", style="dim")
    return text


def turn_line(view: bgpb.BurgundyView) -> Text:
    """Turn order, the goods still on the round spaces, and the active seat's turn so far."""
    text = Text("Turn order " + " → ".join(str(s) for s in view.order))
    left = " ".join(str(kind) for kind in view.round_goods) or "none"
    text.append(f" · goods left on the round spaces: {left}")
    if view.pending:
        text.append(" · waiting: " + ", ".join(effect_name(e) for e in view.pending), "bold")
    if view.bought:
        text.append(" · bought this turn", style="dim")
    return text


def depots_table(view: bgpb.BurgundyView) -> Table:
    """The six numbered depots (a die takes from the depot of its number) and the black one."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), title="Depots", title_justify="left")
    table.add_column("depot", justify="right")
    table.add_column("tiles")
    table.add_column("goods")
    for depot in view.depots:
        table.add_row(str(depot.number), tiles_text(depot.tiles), goods_text(depot.goods))
    table.add_row("black", tiles_text(view.black_depot), Text("2 silverlings each", "dim"))
    return table


def dice_text(view: bgpb.BurgundyView, player: bgpb.BurgundyPlayer) -> Text:
    """The seat's two dice, ``4 (2 used)`` once the active seat has used one this turn."""
    active = view.HasField("active_seat") and view.active_seat == player.seat
    used = list(view.dice_used) if active else []
    spent = [i < len(used) and used[i] for i in range(len(player.dice))]
    free = [str(n) for n, gone in zip(player.dice, spent, strict=True) if not gone]
    gone = [str(n) for n, gone in zip(player.dice, spent, strict=True) if gone]
    text = Text(" ".join(free), style="bold")
    if gone:
        text.append(f"{' ' if free else ''}({' '.join(gone)} used)", style="dim")
    return text if player.dice else Text("-", style="dim")


def bonuses_text(view: bgpb.BurgundyView, player: bgpb.BurgundyPlayer) -> Text:
    """The colour bonus tiles held, with their points: ``castle +6, mine +3``."""
    seats = len(view.players)
    names = [
        f"{colour_of(b.colour).value} +{(LARGE_BONUS if b.large else SMALL_BONUS)[seats]}"
        for b in player.bonuses
    ]
    return Text(", ".join(names)) if names else Text("-", style="dim")


def players_table(view: bgpb.BurgundyView, me: int | None, names: Sequence[str] = ()) -> Table:
    """Every seat's points and supplies: dice, goods held and sold, storage, empty spaces; a
    seat by its player's name too where ``names`` (the status's) knows it."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1))
    columns = ("seat", "points", "silver", "workers", "dice", "goods", "sold", "storage")
    for column in (*columns, "empty", "bonuses"):
        left = column in ("goods", "storage")
        table.add_column(column, justify="left" if left else "right", no_wrap=column != "storage")
    for player in view.players:
        marker = " (you)" if player.seat == me else ""
        active = view.HasField("active_seat") and player.seat == view.active_seat
        marker += " ◀" if active and not view.finished else ""
        table.add_row(
            seat_cell(names, player.seat) + marker,
            str(player.points),
            str(player.silverlings),
            str(player.workers),
            dice_text(view, player),
            goods_text(player.goods),
            str(sum(player.sold)),
            tiles_text(player.storage),
            str(player.empty_spaces),
            bonuses_text(view, player),
        )
    return table


def space_text(space_id: int, placed: Mapping[int, int]) -> Text:
    """``18 ship`` for a covered space (its die no longer matters), ``17:1`` for an empty one
    with its die number: ``17:1*`` in bold when a tile may go there (it touches a covered
    space), dim when it is out of reach for now."""
    if space_id in placed:
        return Text(f"{space_id} ", style="dim").append_text(tile_text(placed[space_id]))
    label = f"{space_id}:{space(space_id).die}"
    reachable = any(n in placed for n in NEIGHBOURS[space_id])
    return Text(f"{label}*", style="bold") if reachable else Text(label, style="dim")


def estate_table(player: bgpb.BurgundyPlayer) -> Table:
    """The seat's estate by colour, ``ESTATE_COLUMNS`` spaces a row: an empty space as
    ``space:die``, a covered one as its space and tile."""
    title = "Your estate (empty spaces as space:die, * = next to your tiles)"
    table = Table(box=box.SIMPLE, show_header=False, padding=(0, 1, 0, 0), title=title)
    table.title_justify = "left"
    table.add_column("colour", no_wrap=True)
    for _ in range(ESTATE_COLUMNS):
        table.add_column("space")
    placed = {int(p.space): int(p.tile.id) for p in player.estate}
    for colour in COLOURS:
        spaces = sorted(COLOUR_SPACES[colour])
        covered = sum(1 for s in spaces if s in placed)
        label = Text(colour.value, style=COLOUR_STYLES[colour])
        label.append(f" {covered}/{len(spaces)}", style="dim")
        for first in range(0, len(spaces), ESTATE_COLUMNS):
            row = [space_text(s, placed) for s in spaces[first : first + ESTATE_COLUMNS]]
            table.add_row(label if first == 0 else Text(), *row)
    return table


def estates_table(players: Iterable[bgpb.BurgundyPlayer], names: Sequence[str]) -> Table:
    """Every other seat's estate, summed up: each colour's covered spaces and the tiles on
    them (everything on the table is open, docs/rules/burgundy.md item 23)."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), title="Other estates (space tile)")
    table.title_justify = "left"
    table.add_column("seat", no_wrap=True)
    for colour in COLOURS:
        table.add_column(Text(colour.value, style=COLOUR_STYLES[colour]))
    for player in players:
        placed = {int(p.space): int(p.tile.id) for p in player.estate}
        cells = []
        for colour in COLOURS:
            spaces = sorted(COLOUR_SPACES[colour])
            cell = Text(f"{sum(1 for s in spaces if s in placed)}/{len(spaces)}", style="dim")
            for space_id in (s for s in spaces if s in placed):
                cell.append(f" {space_id} ").append_text(tile_text(placed[space_id]))
            cells.append(cell)
        table.add_row(seat_cell(names, player.seat), *cells)
    return table


def viewer_of(response: pb.GetViewResponse) -> int | None:
    """The seat the view is seen through; None for the public and full views."""
    if response.HasField("seat"):
        return int(response.seat)
    view = response.view.burgundy
    return int(view.viewer) if view.HasField("viewer") else None


def render_burgundy(response: pb.GetViewResponse) -> RenderableType:
    """Header, turn line, depots, every seat, the other seats' estates summed up, and the
    viewer's own estate space by space (for a seat view)."""
    view = response.view.burgundy
    me = viewer_of(response)
    names = response.status.players
    parts: list[RenderableType] = [header(response)]
    if not view.finished:
        parts.append(turn_line(view))
    parts += [depots_table(view), players_table(view, me, names)]
    parts.append(estates_table((p for p in view.players if p.seat != me), names))
    mine = next((p for p in view.players if p.seat == me), None)
    if mine is not None:
        parts.append(estate_table(mine))
    return Group(*parts)


def annotate_burgundy(response: pb.GetViewResponse, action: pb.Action) -> Text:
    """The die number a placement's space wants, the depot a taken tile comes from, and what a
    knowledge tile does (the action's own description names only the tile)."""
    chosen = action.burgundy
    kind = chosen.WhichOneof("kind")
    if kind == "place_tile":
        target = space(chosen.place_tile.space)
        return Text(f" — {target.colour.value} space, die {target.die}", style="dim")
    if kind == "sell_goods":
        return sale_note(response.view.burgundy, chosen.sell_goods.kind)
    if kind in ("take_tile", "buy_tile"):
        tile_id = chosen.take_tile.tile if kind == "take_tile" else chosen.buy_tile.tile
        return take_note(response.view.burgundy, tile_id)
    return Text()


def take_note(view: bgpb.BurgundyView, tile_id: int) -> Text:
    """`` — depot 4`` (or the black depot), and a knowledge tile's effect."""
    depot = next((d.number for d in view.depots if any(t.id == tile_id for t in d.tiles)), None)
    where = f"depot {depot}" if depot is not None else "black depot"
    note = Text(f" — {where}", style="dim")
    number = tile(tile_id).knowledge if 0 <= tile_id < TILE_COUNT else 0
    if number:
        note.append(f"; {KNOWLEDGE_TEXT[number]}", style="dim")
    return note


def sale_note(view: bgpb.BurgundyView, kind: int) -> Text:
    """`` — 3 tiles``: how many goods of ``kind`` the seat to act would sell."""
    seller = next((p for p in view.players if p.seat == view.active_seat), None)
    held = seller.goods[kind - 1] if seller is not None and 0 < kind <= len(seller.goods) else 0
    return Text(f" — {held} tile{'s' if held != 1 else ''}", style="dim") if held else Text()
