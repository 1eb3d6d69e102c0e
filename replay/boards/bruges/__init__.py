"""The Bruges table: the round, phase and turn, the five dice, the draw piles and the statue
stack, a legend, and each seat's points, guilders, workers, threats, reputation, canal,
majority markers, houses (with the persons in them) and hand.

Card backs show their colour only; a card's face is drawn only when the view shows it."""

from __future__ import annotations

from games.bruges.views import BrugesView
from replay.boards.bruges.cards import card_groups, layout
from replay.boards.bruges.seat import seat_panel
from replay.boards.bruges.style import LINE_H, MARGIN, PANEL_W, PLAYERS_Y, STATS_H, TABLE_Y, WIDTH
from replay.boards.bruges.table import dice_panel, header, legend, piles_panel, statues_panel
from replay.boards.svg import Svg


def draw(view: BrugesView) -> str:
    """The whole board for ``view``: the table and legend, then one panel per seat, each as
    tall as its card band needs (the pieces are in ``table``, ``seat`` and ``cards``)."""
    flows = [layout(card_groups(player), PANEL_W - 20) for player in view.players]
    heights = [STATS_H + (1 + max(p.line for p in flow)) * LINE_H + 4 for flow in flows]
    picture = Svg(WIDTH, PLAYERS_Y + sum(h + MARGIN for h in heights))
    header(picture, view)
    dice_panel(picture, view, MARGIN, TABLE_Y)
    piles_panel(picture, view, MARGIN + 340, TABLE_Y)
    statues_panel(picture, view, MARGIN + 780, TABLE_Y)
    legend(picture, view)
    y = PLAYERS_Y
    for player, flow, height in zip(view.players, flows, heights, strict=True):
        seat_panel(picture, view, player, flow, y, height)
        y += height + MARGIN
    return picture.render()
