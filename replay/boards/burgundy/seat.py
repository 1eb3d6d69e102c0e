"""A seat's block on the Castles of Burgundy board: its standing, its estate (board #1 as a
hex grid), and beside it its points, silverlings, workers, dice, bonus tiles, goods, sold goods
and storage."""

from __future__ import annotations

from functools import lru_cache

from games.burgundy.catalogue import GOODS_SPACES, HEX_STORAGE, SPACES
from games.burgundy.sight import bonus_points, has_played
from games.burgundy.turns import track_space
from games.burgundy.views import BurgundyView, PlacedTileView, PlayerView
from replay.boards.burgundy.pieces import (
    COLOUR_LETTER,
    HEX_W,
    PANEL_H,
    PANEL_W,
    SPACE_FILL,
    TILE_FILL,
    TILE_INK,
    R,
    draw_die,
    draw_goods,
    draw_tile,
    empty_slot,
)
from replay.boards.palette import SMALLEST, quiet_on
from replay.boards.results import ordinal, standing
from replay.boards.svg import Svg

SUPPLIES_X = 280
SUPPLIES_W = PANEL_W - SUPPLIES_X - 6
"""Where a seat's supplies (points, dice, goods, storage) start in its panel, beside the
estate, and how wide they may run: four goods chips with their counts."""


def seat_block(view: BurgundyView, player: PlayerView, title: str) -> Svg:
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
    _supplies(picture, view, player, x + SUPPLIES_X, y + 46)


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
    picture.markup(_estate_markup(player.seat, player.estate, cx, cy))


@lru_cache(maxsize=64)
def _estate_markup(seat: int, estate: tuple[PlacedTileView, ...], cx: float, cy: float) -> str:
    """The estate's 37 spaces, each with its tile or its die and colour. An estate changes
    only when a tile is placed, a few dozen times a game, where a page draws every seat's at
    each of hundreds of steps: drawn once per estate, it is most of a board's drawing saved."""
    picture = Svg(0, 0)
    placed = {p.space: p.tile for p in estate}
    for space in SPACES:
        x = cx + HEX_W * (space.q + space.r / 2)
        y = cy + 1.5 * R * space.r
        picture.hexagon(x, y, R, SPACE_FILL[space.colour], stroke="#8f8f8f",
                        css_class=f"space seat-{seat}",
                        title=f"space {space.id}: {space.colour.value} {space.die}")  # fmt: skip
        tile = placed.get(space.id)
        if tile is not None:
            draw_tile(picture, x, y, tile, css_class="tile placed")
        else:
            picture.text(x, y + 6, str(space.die), size=16, fill="#3a3a3a", anchor="middle")
            letter = COLOUR_LETTER[space.colour]
            ink = quiet_on(SPACE_FILL[space.colour])
            picture.text(x, y + 17, letter, size=SMALLEST, fill=ink, anchor="middle")
    return picture.body()


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
        draw_die(picture, x + 40 + index * 32, y + 48, value, used=used[index])
    _bonuses(picture, player, len(view.players), x, y + 92)
    picture.text(x, y + 118, f"goods (max {GOODS_SPACES} kinds)", size=12, fill="#555")
    draw_goods(picture, player.goods, x, y + 124, 170)
    # Sold goods of all six kinds, several of each, take a second row, under their label;
    # the storage always sits below that row, so that it stays put from step to step.
    picture.text(x, y + 162, f"sold ({sum(player.sold)})", size=12, fill="#555")
    draw_goods(picture, player.sold, x, y + 148, SUPPLIES_W, indent=60)
    _storage(picture, player, x, y + 206)


def _bonuses(picture: Svg, player: PlayerView, seats: int, x: float, y: float) -> None:
    """The colour bonus tiles the seat holds, each by its points (``+6``), as the terminal
    gives them (``sight.bonus_points``; data §2.4), and its colour's name in its tooltip."""
    picture.text(x, y, "bonus", size=12, fill="#555")
    if not player.bonuses:
        picture.text(x + 40, y, "none", size=12, fill="#666")
    for index, bonus in enumerate(player.bonuses):
        cx, points = x + 48 + index * 24, bonus_points(bonus.large, seats)
        picture.hexagon(cx, y - 4, 11, TILE_FILL[bonus.colour], stroke="#222")
        ink = TILE_INK[bonus.colour]
        picture.text(cx, y, f"+{points}", size=10, weight="bold", fill=ink, anchor="middle")
        size = "large" if bonus.large else "small"
        picture.hotspot(cx - 11, y - 15, 22, 22, f"{bonus.colour.value} bonus tile ({size}): "
                        f"{points} points")  # fmt: skip


def _storage(picture: Svg, player: PlayerView, x: float, y: float) -> None:
    picture.text(x, y, f"storage ({len(player.storage)}/{HEX_STORAGE})", size=12, fill="#555")
    for index in range(HEX_STORAGE):
        cx, cy = x + 20 + index * 42, y + 30
        if index < len(player.storage):
            draw_tile(picture, cx, cy, player.storage[index], css_class="tile stored")
        else:
            empty_slot(picture, cx, cy)
    picture.text(x, y + 70, f"{player.empty_spaces} empty estate spaces", size=12, fill="#555")
