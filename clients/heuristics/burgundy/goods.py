"""Goods for the Burgundy heuristic (seed: "sell goods"; data §4.4, §4.6): what a sale pays,
what a ship brings from the depots chosen, and the best a ship could bring now.
"""

from __future__ import annotations

from clients.heuristics.burgundy.rates import GOODS, KEPT, SILVER, WORKER
from clients.heuristics.burgundy.seat import Seat
from games.burgundy.catalogue import GOODS_SPACES, SALE_POINTS


def sale_points(seat: Seat, kind: int) -> float:
    """Every goods tile of a kind sold: 2-4 points each, a silverling (2 with knowledge 3),
    a worker with knowledge 4, the end-game counts of knowledge 15 and 25; less what the
    goods would have scored unsold."""
    count = int(seat.player.goods[kind - 1])
    points = count * (SALE_POINTS[seat.seats] - KEPT)
    silverlings = (2 if seat.has(3) else 1) * SILVER
    extra = (WORKER if seat.has(4) else 0.0) + (count if seat.has(25) else 0.0)
    new_kind = 3.0 if seat.has(15) and not seat.player.sold[kind - 1] else 0.0
    return points + silverlings + extra + new_kind


def shipment_worth(seat: Seat, depots: tuple[int, ...], kinds: tuple[int, ...]) -> float:
    """The goods a ship brings, a little more for a kind one of our dice can sell."""
    dice = set(seat.player.dice)
    total = 0.0
    for depot in depots:
        goods = seat.view.depots[depot - 1].goods
        for kind in kinds:
            total += goods[kind - 1] * (GOODS + (0.2 if kind in dice else 0.0))
    return total


def best_shipment(seat: Seat) -> float:
    """What a ship would bring now: the best single depot's goods that fit in our three
    goods spaces (kinds already held always fit)."""
    held = {k for k in range(1, 7) if seat.player.goods[k - 1]}
    room = GOODS_SPACES - len(held)
    best = 0.0
    for depot in seat.view.depots:
        counts = sorted(
            (n for k, n in enumerate(depot.goods, start=1) if n and k not in held), reverse=True
        )
        kept = sum(n for k, n in enumerate(depot.goods, start=1) if k in held)
        best = max(best, GOODS * (kept + sum(counts[:room])))
    return best
