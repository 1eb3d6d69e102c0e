"""The Castles of Burgundy table: the rules played, the depots, the black depot and supply (the
face-down piles, the colour bonus tiles left with their points), the order the track gives from
the next round once a ship has changed it, and each seat, named after its player, with its
estate (board #1 as a hex grid), storage, goods, silverlings, workers, points and dice; under
the picture, what each knowledge tile in sight does (``notes``)."""

from __future__ import annotations

from collections.abc import Sequence
from math import sqrt
from textwrap import wrap

from games.burgundy.catalogue import (
    BLACK_PRICE,
    COLOURS,
    GOODS_SPACES,
    HEX_STORAGE,
    KNOWLEDGE_TEXT,
    PHASES,
    ROUNDS,
    SPACES,
    Animal,
    Building,
    Colour,
    phase_letter,
)
from games.burgundy.sight import (
    bonus_points,
    bonus_points_left,
    has_played,
    knowledge_in_sight,
    next_round_order,
    track_ranking,
)
from games.burgundy.turns import track_space
from games.burgundy.views import BurgundyView, DepotView, PlayerView, TileView
from games.core.wording import counted
from replay.boards.notes import item, note
from replay.boards.notes import notes as notes_of
from replay.boards.results import ordinal, result_text, seat_title, standing
from replay.boards.svg import Svg, blocks

MARGIN, R = 8, 22
HEX_W = sqrt(3) * R
STATUS_W, STATUS_H = 456, 100
LEGEND_W = 456
DEPOT_W, DEPOT_H = 164, 124
SUPPLY_H = 84
BLACK_W, ROUND_GOODS_W, PILES_W, BONUS_W = 8 * 38 + 20, 196, 250, 226
PANEL_W, PANEL_H = 456, 318
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
SPACE_FILL = {
    Colour.CASTLE: "#a1bca3",
    Colour.MINE: "#c8cacc",
    Colour.SHIP: "#acc7e6",
    Colour.PASTURE: "#d4ebbc",
    Colour.BUILDING: "#eee2cb",
    Colour.KNOWLEDGE: "#faeaa7",
}
DARK_TILES = frozenset({Colour.CASTLE, Colour.MINE, Colour.SHIP})
COLOUR_LETTER = {colour: colour.value[0].upper() for colour in COLOURS}
"""C castle, P pasture, S ship, M mine, B building, K knowledge: written on what the board
tells by its colour alone (an empty space, a pile, a bonus tile left) and in the legend's
hexes, since a colour is lost in greyscale and to a colour-blind reader."""
GOODS_FILL = ("#c62828", "#ef6c00", "#7b1fa2", "#00897b", "#d81b60", "#6d4c41")
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


def draw(view: BurgundyView, names: Sequence[str] = ()) -> str:
    """The board as blocks a phone stacks (``svg.blocks``): the state of play and the legend,
    the six depots, the black depot and the supply, then the seats two by two."""
    seats = [_seat_block(view, p, seat_title(names, p.seat)) for p in view.players]
    supply = [_black_depot(view), _round_goods(view), _piles(view), _bonus_tiles(view)]
    rows = [[_status(view), _legend()], [_depot(depot) for depot in view.depots], supply]
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


# -- the pieces ---------------------------------------------------------------------------


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


def _tile(picture: Svg, cx: float, cy: float, tile: TileView, css_class: str = "tile") -> None:
    picture.hexagon(cx, cy, R - 1, TILE_FILL[tile.colour], stroke="#1b1b1b", stroke_width=1.6,
                    css_class=css_class, title=tile_title(tile))  # fmt: skip
    ink = "#ffffff" if tile.colour in DARK_TILES else "#1b1b1b"
    lines = tile_lines(tile)
    top = cy + 4 - 6 * (len(lines) - 1)
    for index, line in enumerate(lines):
        picture.text(cx, top + 12 * index, line, size=11, weight="bold", fill=ink, anchor="middle")


def _empty_slot(picture: Svg, cx: float, cy: float) -> None:
    picture.hexagon(cx, cy, R - 1, "#fafafa", stroke="#bbbbbb", css_class="slot")


def _goods(picture: Svg, counts: tuple[int, ...], x: float, y: float, width: float) -> None:
    """One chip per goods kind held (its die number), with its count when more than one."""
    left = x
    if not any(counts):
        picture.text(x, y + 14, "none", size=12, fill="#666")
    for kind, count in enumerate(counts, start=1):
        if not count:
            continue
        step = 22 if count == 1 else 42
        if x + step > left + width:
            x, y = left, y + 22
        picture.rect(x, y, 18, 18, GOODS_FILL[kind - 1], stroke="#222", radius=3)
        picture.text(x + 9, y + 14, str(kind), size=12, weight="bold", fill="#fff", anchor="middle")
        if count > 1:
            picture.text(x + 21, y + 14, f"{TIMES}{count}", size=12, weight="bold")
        x += step


def _die(picture: Svg, x: float, y: float, value: int, *, used: bool = False) -> None:
    fill, ink = ("#dddddd", "#999999") if used else ("#ffffff", "#111111")
    picture.rect(x, y, 26, 26, fill, stroke="#333", radius=5)
    picture.text(x + 13, y + 19, str(value) if value else DASH, size=16, weight="bold", fill=ink,
                 anchor="middle")  # fmt: skip


# -- the central board --------------------------------------------------------------------


def _status(view: BurgundyView) -> Svg:
    """The phase and round, the white die, whose turn it is and the turn order, the order from
    the next round, and the rules played."""
    picture = Svg(STATUS_W, STATUS_H, f"State of play: {_phase_text(view)}")
    picture.text(MARGIN, 22, _phase_text(view), size=17, weight="bold")
    picture.text(416, 22, "white die", size=11, fill="#555", anchor="end")
    _die(picture, 422, 4, view.white_die)
    picture.text(MARGIN, 44, _turn_text(view), size=13, fill="#333")
    picture.text(MARGIN, 68, "turn order", size=11, fill="#555")
    for place, seat in enumerate(view.order):
        x = 70 + place * 92
        active = seat == view.active_seat
        picture.rect(x, 52, 84, 24, "#c9a227" if active else "#2e2a4f", stroke="#222")
        label = f"{place + 1}. Seat {seat}"
        ink = "#111" if active else "#fff"  # white on the gold would be too faint to read
        picture.text(x + 42, 69, label, size=13, weight="bold", fill=ink, anchor="middle")
    _next_order(picture, view)
    # The rulesets differ in the black depot, the City Hall and the tie-break
    # (docs/rules/burgundy.md items 1-3): the page says which the game plays.
    rules = f"{view.ruleset or 'default'} rules"
    picture.text(STATUS_W - MARGIN, 94, rules, size=12, fill="#555", anchor="end")
    return picture


def _next_order(picture: Svg, view: BurgundyView) -> None:
    """Under the round's order, the order the track gives from the next round, once a ship
    has changed it."""
    if view.finished:
        return
    following = next_round_order(view.order, track_ranking(view.players), view.phase, view.round)
    if following is not None:
        order = " → ".join(f"Seat {seat}" for seat in following)
        picture.text(MARGIN, 94, f"from the next round: {order}", size=11, fill="#8a1c1c")


def _phase_text(view: BurgundyView) -> str:
    if view.finished:
        return "Game over"
    if view.phase == 0:
        return "Setting up"
    return f"Phase {phase_letter(view.phase)} ({view.phase}/{PHASES}) · round {view.round}/{ROUNDS}"


def _turn_text(view: BurgundyView) -> str:
    if view.active_seat is None:
        if view.finished:
            return result_text(view.places, view.scores, "points")
        return "no one to play yet"
    used = [name for name, spent in zip(("1st", "2nd"), view.dice_used, strict=True) if spent]
    parts = [f"Seat {view.active_seat} to play"]
    parts.append(f"die used: {', '.join(used)}" if used else "no die used yet")
    if view.bought:
        parts.append("black-depot purchase made")
    if view.pending:
        parts.append("waiting: " + ", ".join(e.value.replace("_", " ") for e in view.pending))
    return " · ".join(parts)


def _depot(depot: DepotView) -> Svg:
    picture, x, y = Svg(DEPOT_W + 2, DEPOT_H + 2, _depot_label(depot)), 1, 1
    picture.rect(x, y, DEPOT_W, DEPOT_H, "#efe7d6", stroke="#8a7a5a")
    picture.rect(x + 6, y + 6, 22, 22, "#fff", stroke="#333", radius=4)
    picture.text(x + 17, y + 23, str(depot.number), size=15, weight="bold", anchor="middle")
    picture.text(x + 34, y + 22, "depot", size=12, fill="#555")
    for index, tile in enumerate(depot.tiles):
        _tile(picture, x + 25 + index * 38, y + 54, tile)
    if not depot.tiles:
        picture.text(x + 12, y + 58, "no tiles", size=11, fill="#666")
    _goods(picture, depot.goods, x + 6, y + 80, DEPOT_W - 12)
    return picture


def _depot_label(depot: DepotView) -> str:
    """What a depot's block shows, for a screen reader: its number and what lies on it."""
    return f"Depot {depot.number}: {counted(len(depot.tiles), 'tile')}"


def _black_depot(view: BurgundyView) -> Svg:
    label = f"Black depot: {counted(len(view.black_depot), 'tile')}"
    picture, x, y, width = Svg(BLACK_W + 2, SUPPLY_H + 2, label), 1, 1, BLACK_W
    picture.rect(x, y, width, SUPPLY_H, "#3a3a3a", stroke="#111")
    picture.text(x + 8, y + 18, f"Black depot (buy for {BLACK_PRICE} silverlings)", size=12,
                 weight="bold", fill="#fff")  # fmt: skip
    for index, tile in enumerate(view.black_depot):
        _tile(picture, x + 27 + index * 38, y + 52, tile)
    if not view.black_depot:
        picture.text(x + 8, y + 56, "empty", size=11, fill="#ccc")
    return picture


def _round_goods(view: BurgundyView) -> Svg:
    label = "Goods for the rounds left"
    picture, x, y, width = Svg(ROUND_GOODS_W + 2, SUPPLY_H + 2, label), 1, 1, ROUND_GOODS_W
    picture.rect(x, y, width, SUPPLY_H, "#efe7d6", stroke="#8a7a5a")
    picture.text(x + 8, y + 18, "Goods for the rounds left", size=12, weight="bold")
    for index, kind in enumerate(view.round_goods):
        picture.rect(x + 8 + index * 24, y + 28, 18, 18, GOODS_FILL[kind - 1], stroke="#222",
                     radius=3)  # fmt: skip
        picture.text(x + 17 + index * 24, y + 42, str(kind), size=12, weight="bold",
                     fill="#fff", anchor="middle")  # fmt: skip
    stacks = " ".join(
        f"{phase_letter(p)}{n}" for p, n in enumerate(view.goods_stack_sizes, start=1)
    )
    picture.text(x + 8, y + 70, f"face-down goods: {stacks}", size=11, fill="#444")
    return picture


def _piles(view: BurgundyView) -> Svg:
    """How many tiles each face-down pile holds, each pile by its colour's letter."""
    picture, x, y = Svg(PILES_W + 2, SUPPLY_H + 2, "Face-down tiles per pile"), 1, 1
    picture.rect(x, y, PILES_W, SUPPLY_H, "#efe7d6", stroke="#8a7a5a")
    picture.text(x + 8, y + 18, "Face-down tiles per pile", size=12, weight="bold")
    fills = [*(TILE_FILL[colour] for colour in COLOURS), "#1b1b1b"]  # the view's pile order
    names = [*(COLOUR_LETTER[colour] for colour in COLOURS), "black"]
    for index, (fill, size) in enumerate(zip(fills, view.pile_sizes, strict=False)):
        _counter(picture, x + 22 + index * 34, y + 52, fill, size, names[index])
    return picture


def _bonus_tiles(view: BurgundyView) -> Svg:
    """Each colour's bonus tiles still on the board (``_bonus_left``)."""
    picture, x, y = Svg(BONUS_W + 2, SUPPLY_H + 2, "Bonus tiles left"), 1, 1
    picture.rect(x, y, BONUS_W, SUPPLY_H, "#efe7d6", stroke="#8a7a5a")
    picture.text(x + 8, y + 18, "Bonus tiles left (points)", size=12, weight="bold")
    for index in range(len(COLOURS)):
        _bonus_left(picture, view, index, x + 22 + index * 36, y + 52)
    return picture


def _bonus_left(picture: Svg, view: BurgundyView, index: int, cx: float, cy: float) -> None:
    """A colour's bonus tiles still on the board, by their points, larger first (data §2.4),
    with the colour's letter under them."""
    left = bonus_points_left(view.bonus_tiles_taken[index], len(view.players))
    colour = COLOURS[index]
    picture.hexagon(cx, cy, 16, TILE_FILL[colour], stroke="#222")
    picture.rect(cx - 14, cy - 8, 28, 16, "#ffffff", stroke="#222", radius=5)
    label = " ".join(str(points) for points in left) or DASH
    picture.text(cx, cy + 5, label, size=12, weight="bold", anchor="middle")
    picture.text(cx, cy + 28, COLOUR_LETTER[colour], size=9, fill="#444", anchor="middle")
    said = " and ".join(str(points) for points in left) + " points" if left else "none"
    picture.hotspot(cx - 16, cy - 16, 32, 32, f"{colour.value} bonus tiles left: {said}")


def _counter(picture: Svg, cx: float, cy: float, fill: str, count: int, name: str) -> None:
    """A count on a hex of a colour, with the colour's letter (or name) under it."""
    picture.hexagon(cx, cy, 16, fill, stroke="#222")
    picture.circle(cx, cy, 10, "#ffffff", stroke="#222")
    picture.text(cx, cy + 5, str(count), size=13, weight="bold", anchor="middle")
    picture.text(cx, cy + 28, name, size=9, fill="#444", anchor="middle")


LEGEND_TILES = (
    "Tiles: Ware warehouse · Tower watchtower · Carp carpenter's workshop · Chur church · "
    f"Mkt market · Board boarding house · Hall city hall · K12 knowledge tile 12 · Hen {TIMES}3: "
    "3 chickens"
)
LEGEND_MARKS = "gold frame: the seat to play · grey die: used this turn · hover a hex for its name"


def _legend() -> Svg:
    """What the colours, letters, labels and marks stand for, in lines that fit the legend's
    width."""
    tiles = wrap(LEGEND_TILES, LEGEND_LINE_CHARS)
    marks = wrap(LEGEND_MARKS, LEGEND_LINE_CHARS)
    height = 96 + 18 * (len(tiles) + len(marks))
    label = "Legend: the tiles' colours and letters, goods and marks"
    picture, x, y = Svg(LEGEND_W + 2, height + 2, label), 1, 1
    picture.rect(x, y, LEGEND_W, height, "#ffffff", stroke="#999")
    picture.text(x + 8, y + 18, "Legend", size=12, weight="bold")
    for index, colour in enumerate(COLOURS):
        cx, cy = x + 76 + (index % 3) * 124, y + 13 + (index // 3) * 22
        picture.hexagon(cx, cy, 10, TILE_FILL[colour], stroke="#222")
        ink = "#fff" if colour in DARK_TILES else "#111"
        picture.text(cx, cy + 3, COLOUR_LETTER[colour], size=9, weight="bold", fill=ink,
                     anchor="middle")  # fmt: skip
        picture.text(cx + 14, cy + 5, colour.value, size=12)
    picture.hexagon(x + 18, y + 58, 10, SPACE_FILL[Colour.SHIP], stroke="#8f8f8f")
    picture.text(x + 18, y + 63, "4", size=11, anchor="middle")
    picture.text(x + 34, y + 63, "pale with a number: empty space and its die", size=12)
    line_y = y + 84
    for line in tiles:
        picture.text(x + 8, line_y, line, size=12)
        line_y += 18
    for kind, fill in enumerate(GOODS_FILL, start=1):
        picture.rect(x + 8 + (kind - 1) * 22, line_y - 9, 18, 16, fill, stroke="#222", radius=3)
        picture.text(x + 17 + (kind - 1) * 22, line_y + 4, str(kind), size=11, weight="bold",
                     fill="#fff", anchor="middle")  # fmt: skip
    picture.text(x + 144, line_y + 4, f"goods, by die number ({TIMES}n: how many)", size=12)
    for line in marks:
        line_y += 20
        picture.text(x + 8, line_y, line, size=12)
    return picture


# -- a seat -------------------------------------------------------------------------------


def _seat_block(view: BurgundyView, player: PlayerView, title: str) -> Svg:
    picture = Svg(PANEL_W + 2, PANEL_H + 2, title)
    _player(picture, view, player, title, (1, 1))
    return picture


def _player(
    picture: Svg, view: BurgundyView, player: PlayerView, title: str, at: tuple[float, float]
) -> None:
    """The seat's panel headed by ``title``, its standing on a line of its own under it (the
    two on one line were wider than the panel), its estate and beside it its supplies."""
    x, y = at
    active = player.seat == view.active_seat
    picture.rect(x, y, PANEL_W, PANEL_H, "#fff8e7" if active else "#ffffff",
                 stroke="#c9a227" if active else "#999")  # fmt: skip
    if active:
        picture.rect(x + 1, y + 1, PANEL_W - 2, PANEL_H - 2, "none", stroke="#c9a227")
    picture.text(x + 10, y + 20, title, size=15, weight="bold")
    picture.text(x + 10, y + 37, _standing(view, player), size=12, fill="#444")
    _estate(picture, player, x + 10 + 3.5 * HEX_W, y + 46 + 5.5 * R)
    _supplies(picture, view, player, x + 280, y + 46)


def _standing(view: BurgundyView, player: PlayerView) -> str:
    if view.finished and player.seat < len(view.scores):  # turn order no longer matters
        final = standing(view.places, view.scores, player.seat, "points")
        return f"{final} · {player.points} on the track before final scoring"
    parts = []
    if player.seat in view.order:
        parts.append(f"{ordinal(view.order.index(player.seat) + 1)} in turn order")
    parts.append(f"turn-order space {track_space(player.position)}")
    if player.seat == view.active_seat:
        parts.append("to play")
    elif has_played(view.order, view.active_seat, player.seat):
        parts.append("has played this round")
    return " · ".join(parts)


def _estate(picture: Svg, player: PlayerView, cx: float, cy: float) -> None:
    placed = {p.space: p.tile for p in player.estate}
    for space in SPACES:
        x = cx + HEX_W * (space.q + space.r / 2)
        y = cy + 1.5 * R * space.r
        picture.hexagon(x, y, R, SPACE_FILL[space.colour], stroke="#8f8f8f",
                        css_class=f"space seat-{player.seat}",
                        title=f"space {space.id}: {space.colour.value} {space.die}")  # fmt: skip
        tile = placed.get(space.id)
        if tile is not None:
            _tile(picture, x, y, tile, css_class="tile placed")
        else:
            picture.text(x, y + 6, str(space.die), size=16, fill="#3a3a3a", anchor="middle")
            letter = COLOUR_LETTER[space.colour]
            picture.text(x, y + 16, letter, size=8, fill="#555", anchor="middle")


def _supplies(picture: Svg, view: BurgundyView, player: PlayerView, x: float, y: float) -> None:
    # At the end the box shows the result, which final scoring adds to the track's points
    # (the standing line keeps the track's figure), as the Bruges board does.
    final = view.finished and player.seat < len(view.scores)
    points = view.scores[player.seat] if final else player.points
    for index, (value, label) in enumerate(
        (
            (points, "final points" if final else "points"),
            (player.silverlings, "silverlings"),
            (player.workers, "workers"),
        )
    ):
        picture.rect(x + index * 58, y, 54, 40, "#f4f1ea", stroke="#999")
        picture.text(x + 27 + index * 58, y + 20, str(value), size=17, weight="bold",
                     anchor="middle")  # fmt: skip
        picture.text(x + 27 + index * 58, y + 34, label, size=10, fill="#555", anchor="middle")
    used = view.dice_used if player.seat == view.active_seat else (False, False)
    picture.text(x, y + 66, "dice", size=12, fill="#555")
    for index, value in enumerate(player.dice):
        _die(picture, x + 40 + index * 32, y + 48, value, used=used[index])
    _bonuses(picture, player, len(view.players), x, y + 92)
    picture.text(x, y + 118, f"goods (max {GOODS_SPACES} kinds)", size=12, fill="#555")
    _goods(picture, player.goods, x, y + 124, 170)
    picture.text(x, y + 162, f"sold ({sum(player.sold)})", size=12, fill="#555")
    _goods(picture, player.sold, x + 60, y + 148, 110)
    _storage(picture, player, x, y + 190)


def _bonuses(picture: Svg, player: PlayerView, seats: int, x: float, y: float) -> None:
    """The colour bonus tiles the seat holds, each by its points (``+6``), as the terminal
    gives them (``sight.bonus_points``; data §2.4), and its colour's name in its tooltip."""
    picture.text(x, y, "bonus", size=12, fill="#555")
    if not player.bonuses:
        picture.text(x + 40, y, "none", size=12, fill="#666")
    for index, bonus in enumerate(player.bonuses):
        cx, points = x + 48 + index * 24, bonus_points(bonus.large, seats)
        picture.hexagon(cx, y - 4, 11, TILE_FILL[bonus.colour], stroke="#222")
        ink = "#fff" if bonus.colour in DARK_TILES else "#111"
        picture.text(cx, y, f"+{points}", size=10, weight="bold", fill=ink, anchor="middle")
        size = "large" if bonus.large else "small"
        picture.hotspot(cx - 11, y - 15, 22, 22, f"{bonus.colour.value} bonus tile ({size}): "
                        f"{points} points")  # fmt: skip


def _storage(picture: Svg, player: PlayerView, x: float, y: float) -> None:
    picture.text(x, y, f"storage ({len(player.storage)}/{HEX_STORAGE})", size=12, fill="#555")
    for index in range(HEX_STORAGE):
        cx, cy = x + 20 + index * 42, y + 32
        if index < len(player.storage):
            _tile(picture, cx, cy, player.storage[index], css_class="tile stored")
        else:
            _empty_slot(picture, cx, cy)
    picture.text(x, y + 74, f"{player.empty_spaces} empty estate spaces", size=12, fill="#555")
