"""The shared table of the Castles of Burgundy board: the state of play, the depots, the black
depot, the goods for the rounds, the face-down piles, the colour bonus tiles left and the
legend, each a block of its own (``svg.blocks``)."""

from __future__ import annotations

from textwrap import wrap

from games.burgundy.catalogue import BLACK_PRICE, COLOURS, PHASES, ROUNDS, Colour, phase_letter
from games.burgundy.sight import bonus_points_left, next_round_order, track_ranking
from games.burgundy.views import BurgundyView, DepotView
from games.core.wording import counted
from replay.boards.burgundy.pieces import (
    BLACK_W,
    BONUS_W,
    COLOUR_LETTER,
    DASH,
    DEPOT_H,
    DEPOT_W,
    GOODS_FILL,
    LEGEND_LINE_CHARS,
    LEGEND_W,
    MARGIN,
    PILES_W,
    ROUND_GOODS_W,
    SPACE_FILL,
    STATUS_H,
    STATUS_W,
    SUPPLY_H,
    TILE_FILL,
    TILE_INK,
    TIMES,
    draw_die,
    draw_goods,
    draw_tile,
    goods_square,
)
from replay.boards.palette import SMALLEST, ink_on
from replay.boards.results import no_turn_text
from replay.boards.svg import Svg


def status(view: BurgundyView) -> Svg:
    """The phase and round, the white die, whose turn it is and the turn order, the order from
    the next round, and the rules played."""
    turn = _turn_lines(view)
    below = TURN_LINE_H * (len(turn) - 1)  # what the turn's second line moves down
    picture = Svg(STATUS_W, STATUS_H + below, f"State of play: {_phase_text(view)}")
    picture.text(MARGIN, 22, _phase_text(view), size=17, weight="bold")
    picture.text(416, 22, "white die", size=11, fill="#555", anchor="end")
    draw_die(picture, 422, 4, view.white_die)
    for index, line in enumerate(turn):
        picture.text(MARGIN, 44 + index * TURN_LINE_H, line, size=13, fill="#333")
    picture.text(MARGIN, 68 + below, "turn order", size=11, fill="#555")
    for place, seat in enumerate(view.order):
        x = 70 + place * 92
        active = seat == view.active_seat
        fill = "#c9a227" if active else "#2e2a4f"
        picture.rect(x, 52 + below, 84, 24, fill, stroke="#222")
        label = f"{place + 1}. Seat {seat}"
        ink = ink_on(fill)
        picture.text(x + 42, 69 + below, label, size=13, weight="bold", fill=ink,
                     anchor="middle")  # fmt: skip
    _next_order(picture, view, 94 + below)
    # The rulesets differ in the black depot, the City Hall and the tie-break
    # (docs/rules/burgundy.md items 1-3): the page says which the game plays.
    rules = f"{view.ruleset or 'default'} rules"
    picture.text(STATUS_W - MARGIN, 94 + below, rules, size=12, fill="#555", anchor="end")
    return picture


TURN_LINE_CHARS, TURN_LINE_H = 60, 17
"""Characters of a 13-pixel line of the turn within the state of play's width, and the room a
second line takes: a turn that has spent both dice, bought from the black depot and waits on
an effect says so in some 85 characters, past the block's edge on one line."""


def _turn_lines(view: BurgundyView) -> list[str]:
    """The turn's parts (``_turn_text``) on as many lines as they need, broken between parts."""
    lines = [""]
    for part in _turn_text(view).split(" · "):
        joined = f"{lines[-1]} · {part}" if lines[-1] else part
        if lines[-1] and len(joined) > TURN_LINE_CHARS:
            lines.append(part)
        else:
            lines[-1] = joined
    return lines


def _next_order(picture: Svg, view: BurgundyView, y: float) -> None:
    """Under the round's order (at ``y``), the order the track gives from the next round, once
    a ship has changed it."""
    if view.finished:
        return
    following = next_round_order(view.order, track_ranking(view.players), view.phase, view.round)
    if following is not None:
        order = " → ".join(f"Seat {seat}" for seat in following)
        picture.text(MARGIN, y, f"from the next round: {order}", size=11, fill="#8a1c1c")


def _phase_text(view: BurgundyView) -> str:
    if view.finished:
        return "Game over"
    if view.phase == 0:
        return "Setting up"
    return f"Phase {phase_letter(view.phase)} ({view.phase}/{PHASES}) · round {view.round}/{ROUNDS}"


def _turn_text(view: BurgundyView) -> str:
    if view.active_seat is None:
        return no_turn_text(view.finished, view.places, view.scores)
    used = [name for name, spent in zip(("1st", "2nd"), view.dice_used, strict=True) if spent]
    parts = [f"Seat {view.active_seat} to play"]
    parts.append(f"die used: {', '.join(used)}" if used else "no die used yet")
    if view.bought:
        parts.append("black-depot purchase made")
    if view.pending:
        parts.append("waiting: " + ", ".join(e.value.replace("_", " ") for e in view.pending))
    return " · ".join(parts)


def depot(depot: DepotView) -> Svg:
    picture, x, y = Svg(DEPOT_W + 2, DEPOT_H + 2, _depot_label(depot)), 1, 1
    picture.rect(x, y, DEPOT_W, DEPOT_H, "#efe7d6", stroke="#8a7a5a")
    picture.rect(x + 6, y + 6, 22, 22, "#fff", stroke="#333", radius=4)
    picture.text(x + 17, y + 23, str(depot.number), size=15, weight="bold", anchor="middle")
    picture.text(x + 34, y + 22, "depot", size=12, fill="#555")
    for index, tile in enumerate(depot.tiles):
        draw_tile(picture, x + 25 + index * 38, y + 54, tile)
    if not depot.tiles:
        picture.text(x + 12, y + 58, "no tiles", size=11, fill="#666")
    draw_goods(picture, depot.goods, x + 6, y + 80, DEPOT_W - 12)
    return picture


def _depot_label(depot: DepotView) -> str:
    """What a depot's block shows, for a screen reader: its number and what lies on it."""
    return f"Depot {depot.number}: {counted(len(depot.tiles), 'tile')}"


def black_depot(view: BurgundyView) -> Svg:
    label = f"Black depot: {counted(len(view.black_depot), 'tile')}"
    picture, x, y, width = Svg(BLACK_W + 2, SUPPLY_H + 2, label), 1, 1, BLACK_W
    picture.rect(x, y, width, SUPPLY_H, "#3a3a3a", stroke="#111")
    picture.text(x + 8, y + 18, f"Black depot (buy for {BLACK_PRICE} silverlings)", size=12,
                 weight="bold", fill="#fff")  # fmt: skip
    for index, tile in enumerate(view.black_depot):
        draw_tile(picture, x + 27 + index * 38, y + 52, tile)
    if not view.black_depot:
        picture.text(x + 8, y + 56, "empty", size=11, fill="#ccc")
    return picture


def round_goods(view: BurgundyView) -> Svg:
    label = "Goods for the rounds left"
    picture, x, y, width = Svg(ROUND_GOODS_W + 2, SUPPLY_H + 2, label), 1, 1, ROUND_GOODS_W
    picture.rect(x, y, width, SUPPLY_H, "#efe7d6", stroke="#8a7a5a")
    picture.text(x + 8, y + 18, "Goods for the rounds left", size=12, weight="bold")
    for index, kind in enumerate(view.round_goods):
        goods_square(picture, x + 8 + index * 24, y + 28, kind)
    stacks = " ".join(
        f"{phase_letter(p)}{n}" for p, n in enumerate(view.goods_stack_sizes, start=1)
    )
    picture.text(x + 8, y + 70, f"face-down goods: {stacks}", size=11, fill="#444")
    return picture


def piles(view: BurgundyView) -> Svg:
    """How many tiles each face-down pile holds, each pile by its colour's letter."""
    picture, x, y = Svg(PILES_W + 2, SUPPLY_H + 2, "Face-down tiles per pile"), 1, 1
    picture.rect(x, y, PILES_W, SUPPLY_H, "#efe7d6", stroke="#8a7a5a")
    picture.text(x + 8, y + 18, "Face-down tiles per pile", size=12, weight="bold")
    fills = [*(TILE_FILL[colour] for colour in COLOURS), "#1b1b1b"]  # the view's pile order
    names = [*(COLOUR_LETTER[colour] for colour in COLOURS), "black"]
    for index, (fill, size) in enumerate(zip(fills, view.pile_sizes, strict=False)):
        _counter(picture, x + 22 + index * 34, y + 52, fill, size, names[index])
    return picture


def bonus_tiles(view: BurgundyView) -> Svg:
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
    picture.text(cx, cy + 28, COLOUR_LETTER[colour], size=SMALLEST, fill="#444", anchor="middle")
    said = " and ".join(str(points) for points in left) + " points" if left else "none"
    picture.hotspot(cx - 16, cy - 16, 32, 32, f"{colour.value} bonus tiles left: {said}")


def _counter(picture: Svg, cx: float, cy: float, fill: str, count: int, name: str) -> None:
    """A count on a hex of a colour, with the colour's letter (or name) under it."""
    picture.hexagon(cx, cy, 16, fill, stroke="#222")
    picture.circle(cx, cy, 10, "#ffffff", stroke="#222")
    picture.text(cx, cy + 5, str(count), size=13, weight="bold", anchor="middle")
    picture.text(cx, cy + 28, name, size=SMALLEST, fill="#444", anchor="middle")


LEGEND_TILES = (
    "Tiles: Ware warehouse · Tower watchtower · Carp carpenter's workshop · Chur church · "
    f"Mkt market · Board boarding house · Hall city hall · K12 knowledge tile 12 · Hen {TIMES}3: "
    "3 chickens"
)
LEGEND_MARKS = "gold frame: the seat to play · grey die: used this turn · hover a hex for its name"


def legend() -> Svg:
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
        ink = TILE_INK[colour]
        picture.text(cx, cy + 4, COLOUR_LETTER[colour], size=SMALLEST, weight="bold", fill=ink,
                     anchor="middle")  # fmt: skip
        picture.text(cx + 14, cy + 5, colour.value, size=12)
    picture.hexagon(x + 18, y + 58, 10, SPACE_FILL[Colour.SHIP], stroke="#8f8f8f")
    picture.text(x + 18, y + 63, "4", size=11, anchor="middle")
    picture.text(x + 34, y + 63, "pale with a number: empty space and its die", size=12)
    line_y = y + 84
    for line in tiles:
        picture.text(x + 8, line_y, line, size=12)
        line_y += 18
    for kind in range(1, len(GOODS_FILL) + 1):
        goods_square(picture, x + 8 + (kind - 1) * 22, line_y - 11, kind)
    picture.text(x + 144, line_y + 3, f"goods, by die number ({TIMES}n: how many)", size=12)
    for line in marks:
        line_y += 20
        picture.text(x + 8, line_y, line, size=12)
    return picture
