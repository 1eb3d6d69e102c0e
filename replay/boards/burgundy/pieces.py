"""The pieces the Castles of Burgundy board is drawn with: the sizes, the colours of tiles,
spaces and goods, and a tile, an empty storage slot, goods chips and a die."""

from __future__ import annotations

from math import sqrt

from games.burgundy.catalogue import COLOURS, Animal, Building, Colour
from games.burgundy.views import TileView
from replay.boards.palette import ink_on, quiet_on
from replay.boards.svg import Svg

MARGIN, R = 8, 22
HEX_W = sqrt(3) * R
STATUS_W, STATUS_H = 456, 100
LEGEND_W = 456
DEPOT_W, DEPOT_H = 164, 124
SUPPLY_H = 84
BLACK_W, ROUND_GOODS_W, PILES_W, BONUS_W = 8 * 38 + 20, 196, 250, 226
PANEL_W, PANEL_H = 456, 326
"""A block of the board (the state of play, the legend, a seat's panel) is at most 458 units
wide: a 400-pixel phone, whose page leaves the board 384 pixels, shows its 12-unit words at 10
pixels or more; a laptop sets two side by side."""
LEGEND_LINE_CHARS = 64
"""Characters of a legend line at 12-pixel type within the legend's width."""

TILE_FILL = {
    Colour.CASTLE: "#2f6b33",
    Colour.MINE: "#8c8f94",
    Colour.SHIP: "#2f74c0",
    Colour.PASTURE: "#9fd36a",
    Colour.BUILDING: "#d9bf8c",
    Colour.KNOWLEDGE: "#f5d03b",
}
TILE_INK = {colour: ink_on(fill) for colour, fill in TILE_FILL.items()}
"""The words on each colour's tiles."""
SPACE_FILL = {
    Colour.CASTLE: "#a1bca3",
    Colour.MINE: "#c8cacc",
    Colour.SHIP: "#acc7e6",
    Colour.PASTURE: "#d4ebbc",
    Colour.BUILDING: "#eee2cb",
    Colour.KNOWLEDGE: "#faeaa7",
}
COLOUR_LETTER = {colour: colour.value[0].upper() for colour in COLOURS}
"""C castle, P pasture, S ship, M mine, B building, K knowledge: written on what the board
tells by its colour alone (an empty space, a pile, a bonus tile left) and in the legend's
hexes, since a colour is lost in greyscale and to a colour-blind reader."""
GOODS_FILL = ("#c62828", "#ef6c00", "#7b1fa2", "#00796b", "#d81b60", "#6d4c41")
"""Each goods kind's colour, by die number; its number is written in ``ink_on`` its colour (on
the teal of 4, neither white nor black read well enough until it was darkened)."""
GOODS_INK = tuple(ink_on(fill) for fill in GOODS_FILL)
"""The number written on each goods kind's colour."""
BUILDING_LABEL = {
    Building.WAREHOUSE: "Ware",
    Building.WATCHTOWER: "Tower",
    Building.CARPENTER: "Carp",
    Building.CHURCH: "Chur",
    Building.MARKET: "Mkt",
    Building.BOARDING_HOUSE: "Board",
    Building.BANK: "Bank",
    Building.CITY_HALL: "Hall",
}
ANIMAL_LABEL = {Animal.COW: "Cow", Animal.PIG: "Pig", Animal.SHEEP: "Sheep", Animal.CHICKEN: "Hen"}
TIMES, DASH = "\N{MULTIPLICATION SIGN}", "\N{EN DASH}"


def tile_lines(tile: TileView) -> tuple[str, ...]:
    """The short label printed on a tile: "Castle", ("Sheep", "times 3"), "Ware", "K12"."""
    if tile.building is not None:
        return (BUILDING_LABEL[tile.building],)
    if tile.animal is not None:
        return (ANIMAL_LABEL[tile.animal], f"{TIMES}{tile.animals}")
    if tile.colour is Colour.KNOWLEDGE:
        return (f"K{tile.knowledge}",)
    return (tile.colour.value.capitalize(),)


def tile_title(tile: TileView) -> str:
    """The tooltip: the tile's full name."""
    if tile.building is not None:
        name = tile.building.value.replace("_", " ")
    elif tile.animal is not None:
        name = f"{tile.animals} {tile.animal.value}"
    elif tile.colour is Colour.KNOWLEDGE:
        name = f"knowledge {tile.knowledge}"
    else:
        name = tile.colour.value
    return f"{name} ({tile.colour.value} tile{', black back' if tile.black else ''})"


def draw_tile(picture: Svg, cx: float, cy: float, tile: TileView, css_class: str = "tile") -> None:
    picture.hexagon(cx, cy, R - 1, TILE_FILL[tile.colour], stroke="#1b1b1b", stroke_width=1.6,
                    css_class=css_class, title=tile_title(tile))  # fmt: skip
    ink = TILE_INK[tile.colour]
    lines = tile_lines(tile)
    top = cy + 4 - 6 * (len(lines) - 1)
    for index, line in enumerate(lines):
        picture.text(cx, top + 12 * index, line, size=11, weight="bold", fill=ink, anchor="middle")


def empty_slot(picture: Svg, cx: float, cy: float) -> None:
    picture.hexagon(cx, cy, R - 1, "#fafafa", stroke="#bbbbbb", css_class="slot")


def draw_goods(
    picture: Svg, counts: tuple[int, ...], x: float, y: float, width: float, indent: float = 0
) -> None:
    """One chip per goods kind held (its die number), with its count when more than one, in
    rows ``width`` wide from ``x``, the first ``indent`` in (beside its label), the next ones
    22 under it."""
    left, x = x, x + indent
    if not any(counts):
        picture.text(x, y + 14, "none", size=12, fill="#666")
    for kind, count in enumerate(counts, start=1):
        if not count:
            continue
        step = 22 if count == 1 else 42
        if x + step > left + width:
            x, y = left, y + 22
        goods_square(picture, x, y, kind)
        if count > 1:
            picture.text(x + 21, y + 14, f"{TIMES}{count}", size=12, weight="bold")
        x += step


def goods_square(picture: Svg, x: float, y: float, kind: int) -> None:
    """A goods square of ``kind`` (1..6) with its top left at (x, y): the colour of its kind
    and its die number, as the board prints goods; every goods square on a page is this one."""
    picture.rect(x, y, 18, 18, GOODS_FILL[kind - 1], stroke="#222", radius=3)
    picture.text(x + 9, y + 14, str(kind), size=12, weight="bold", fill=GOODS_INK[kind - 1],
                 anchor="middle")  # fmt: skip


def draw_die(picture: Svg, x: float, y: float, value: int, *, used: bool = False) -> None:
    fill = "#dddddd" if used else "#ffffff"
    ink = quiet_on(fill) if used else ink_on(fill)
    picture.rect(x, y, 26, 26, fill, stroke="#333", radius=5)
    picture.text(x + 13, y + 19, str(value) if value else DASH, size=16, weight="bold", fill=ink,
                 anchor="middle")  # fmt: skip
