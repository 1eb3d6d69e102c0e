"""One seat's panel on the Bruges board, a block of the board (``svg.blocks``): its points
and guilders, workers and threats by colour, reputation track, canal (the seed's one line or
the published two sections) with its statues, majority markers, and its card band.
"""

from __future__ import annotations

from collections.abc import Callable
from textwrap import wrap

from games.bruges.catalogue import COLOURS, REPUTATION_TOP, Category
from games.bruges.rulesets import CanalBoard, ruleset_of
from games.bruges.views import BrugesView, PlayerView
from replay.boards.bruges.cards import card_groups, draw_piece, layout
from replay.boards.bruges.shapes import statue, triangle
from replay.boards.bruges.style import (
    CANAL_FILL,
    CELL,
    FILL,
    GOLD,
    LINE_CHARS,
    LINE_H,
    PALE,
    PANEL_W,
    SHORT,
)
from replay.boards.bruges.texts import MAJORITY_LABEL, standing
from replay.boards.palette import SMALLEST, ink_on, quiet_on
from replay.boards.svg import Svg

Token = Callable[[Svg, float, float, str], None]  # draws one per-colour token


ROW_A_H, ROW_H = 66, 52
"""The stats' first row (points, guilders, workers, threats) and each row after it
(reputation and canal; majority markers)."""


def seat_panel(view: BrugesView, player: PlayerView, title: str) -> Svg:
    """The seat's panel headed by ``title``, as a block of the board: its standing under the
    title, its stats on three rows, then its card band flowed to the panel's width."""
    lines = wrap(standing(view, player), LINE_CHARS)
    rows_top = 30 + 16 * len(lines)
    stats_h = rows_top + ROW_A_H + 2 * ROW_H
    flow = layout(card_groups(player), PANEL_W - 20)
    height = stats_h + (1 + max(p.line for p in flow)) * LINE_H + 4
    picture = Svg(PANEL_W + 2, height + 2, title)
    x, y, active = 1, 1, player.seat == view.to_act
    picture.rect(
        x, y, PANEL_W, height, "#fff8e7" if active else "#ffffff", stroke=GOLD if active else "#999"
    )
    if active:
        picture.rect(x + 1, y + 1, PANEL_W - 2, height - 2, "none", stroke=GOLD)
    picture.text(x + 10, y + 20, title, size=15, weight="bold")
    for index, line in enumerate(lines):
        picture.text(x + 10, y + 38 + 16 * index, line, size=12, fill="#444")
    top = y + rows_top
    _tallies(picture, view, player, x + 10, top)
    _counts(picture, "workers", player.workers, x + 152, top + 10, _worker)
    _counts(picture, "threats (3rd strikes)", player.threats, x + 300, top + 10, _threat)
    _reputation(picture, player.reputation, x + 10, top + ROW_A_H + 10)
    _canal(picture, ruleset_of(view.ruleset).canal, player, x + 196, top + ROW_A_H + 10)
    _majorities(picture, player, x + 10, top + ROW_A_H + ROW_H + 10)
    for placed in flow:
        band = y + stats_h + placed.line * LINE_H
        if placed.label:
            picture.text(x + 10 + placed.x, band + 12, placed.label, size=11, fill="#555")
        draw_piece(picture, placed.piece, x + 10 + placed.x, band + 17)
    return picture


def _tallies(picture: Svg, view: BrugesView, player: PlayerView, x: float, y: float) -> None:
    final = view.finished and player.seat < len(view.scores)
    points = view.scores[player.seat] if final else player.score
    boxes = ((points, "final points" if final else "points"), (player.guilders, "guilders"))
    for index, (value, label) in enumerate(boxes):
        bx = x + index * 70
        picture.rect(bx, y, 64, 48, "#f4f1ea", stroke="#999")
        picture.text(bx + 32, y + 24, str(value), size=20, weight="bold", anchor="middle")
        picture.text(bx + 32, y + 41, label, size=10, fill="#555", anchor="middle")


def _counts(
    picture: Svg, label: str, counts: tuple[int, ...], x: float, y: float, token: Token
) -> None:
    """One token per colour with its count, and the colour's short name under it; a pale
    token for none."""
    picture.text(x, y, label, size=11, fill="#555")
    for index, (colour, count) in enumerate(zip(COLOURS, counts, strict=False)):
        cx, cy = x + 12 + index * 29, y + 26
        fill = FILL[colour] if count else PALE[colour]
        token(picture, cx, cy, fill)
        ink = ink_on(fill) if count else quiet_on(fill)
        picture.text(cx, cy + 5, str(count), size=13, weight="bold", fill=ink, anchor="middle")
        picture.text(cx, cy + 24, SHORT[colour], size=SMALLEST, fill="#555", anchor="middle")


def _worker(picture: Svg, cx: float, cy: float, fill: str) -> None:
    picture.circle(cx, cy, 12, fill, stroke="#222")


def _threat(picture: Svg, cx: float, cy: float, fill: str) -> None:
    triangle(picture, cx, cy - 2, 13, fill)


def _reputation(picture: Svg, step: int, x: float, y: float) -> None:
    picture.text(x, y, f"reputation step {step}/{REPUTATION_TOP}", size=11, fill="#555")
    for index in range(REPUTATION_TOP + 1):
        fill = GOLD if index == step else "#efe2b8" if index < step else "#f7f5f0"
        picture.rect(x + index * 13, y + 14, 12, 24, fill, stroke="#999", radius=2)
        weight, ink = ("bold", ink_on(fill)) if index == step else ("normal", quiet_on(fill))
        picture.text(
            x + index * 13 + 6,
            y + 30,
            str(index),
            size=SMALLEST,
            weight=weight,
            fill=ink,
            anchor="middle",
        )


def canal_cells(board: CanalBoard) -> list[tuple[int, int, float]]:
    """(section, space, x offset) of every canal space: the seed's one line of ten with a gap
    between its halves; the published two sections outward from the guard house between."""
    cells = []
    for section in range(board.sections):
        for space in range(board.length):
            if board.sections == 2:
                slot = board.length - 1 - space if section == 0 else board.length + space
                offset = slot * CELL + (8 if section else 0)
            else:
                offset = (section * board.length + space) * CELL
                offset += 6 if board.sections == 1 and space >= board.length // 2 else 0
            cells.append((section, space, float(offset)))
    return cells


def _canal(picture: Svg, board: CanalBoard, player: PlayerView, x: float, y: float) -> None:
    statues = "+".join(str(s) for s in player.statues) or "none"
    built = f"{sum(player.canal)}/{board.sections * board.length}"
    picture.text(x, y, f"canal {built} · statues: {statues}", size=11, fill="#555")
    for section, space, offset in canal_cells(board):
        done = space < player.canal[section] if section < len(player.canal) else False
        empty = "#eef3f8" if board.colours is None else PALE[board.colours[section][space]]
        fill = CANAL_FILL if done else empty
        picture.rect(x + offset, y + 14, CELL - 2, 24, fill, stroke="#667", radius=2)
        mark = "S" if space + 1 in board.statue_spaces else ""
        vp = board.build_vp[space] or board.end_vp[space]
        mark = str(vp) if vp else mark
        picture.text(
            x + offset + CELL / 2 - 1,
            y + 30,
            mark,
            size=10,
            weight="bold",
            fill=ink_on(fill) if done else quiet_on(fill),
            anchor="middle",
        )
    right = x + max(offset for _, _, offset in canal_cells(board)) + CELL + 12
    for index, value in enumerate(player.statues):
        statue(picture, right + index * 21, y + 26, value, 10)


def _majorities(picture: Svg, player: PlayerView, x: float, y: float) -> None:
    picture.text(x, y, "majority markers", size=11, fill="#555")
    for index, category in enumerate(Category):
        won = category in player.majorities
        bx = x + index * 43
        picture.rect(
            bx,
            y + 14,
            40,
            24,
            GOLD if won else "#f4f4f4",
            stroke="#333" if won else "#bbb",
            radius=3,
            dashed=not won,
        )
        picture.text(
            bx + 20,
            y + 30,
            MAJORITY_LABEL[category],
            size=11,
            anchor="middle",
            weight="bold" if won else "normal",
            fill="#111" if won else "#666",
        )
