"""Goods and workers: selling (by die or Warehouse), a ship's shipment, and the take-workers
action (seed: "sell goods", "take two worker tiles", "A ship lets you take all the goods";
data §4.4, §4.6, §4.7, knowledge tiles 3, 4, 5, 13, 14).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from games.burgundy.actions import SellGoods, ShipGoods, TakeWorkers
from games.burgundy.catalogue import (
    DEPOT_NEIGHBOURS,
    DEPOTS,
    GOODS_SPACES,
    SALE_POINTS,
    WORKERS_TAKEN,
    WORKERS_TAKEN_K14,
    Effect,
)
from games.burgundy.dice import Use, require_die, require_workers
from games.burgundy.errors import BadShipmentError, NoGoodsError, NothingPendingError
from games.burgundy.events import GoodsShipped, GoodsSold, WorkersTaken
from games.burgundy.state import NO_GOODS, Player, State, has_knowledge, player_at
from games.core.rules_kit import passes


def require_sell(state: State, seat: int, action: SellGoods) -> GoodsSold:
    """Seed: the die names a goods kind and every tile of it is sold; a Warehouse sells any
    kind without a die."""
    shown = require_die(state, action.die, Use.SELL)
    player = player_at(state, seat)
    if player.goods[action.kind - 1] == 0:
        raise NoGoodsError(f"you hold no goods of kind {action.kind}")
    workers = require_workers(player, shown, action.kind, free_step=False)
    return sale(state, seat, action.die, workers, action.kind)


def sale(state: State, seat: int, die: int, workers: int, kind: int) -> GoodsSold:
    """One silverling per sale (two with knowledge 3) plus 2/3/4 points per tile by player
    count, and a worker with knowledge 4 (data §4.4, §5.7)."""
    player = player_at(state, seat)
    count = player.goods[kind - 1]
    silverlings = 2 if has_knowledge(player, 3) else 1
    points = count * SALE_POINTS[state.seats]
    gained = 1 if has_knowledge(player, 4) else 0
    return GoodsSold(seat, die, workers, kind, count, silverlings, points, gained)


def require_take_workers(state: State, seat: int, action: TakeWorkers) -> WorkersTaken:
    """Seed: ignoring its number, a die takes two workers (four with knowledge 14, and a
    silverling with knowledge 13)."""
    require_die(state, action.die, Use.WORKERS)
    player = player_at(state, seat)
    workers = WORKERS_TAKEN_K14 if has_knowledge(player, 14) else WORKERS_TAKEN
    return WorkersTaken(seat, action.die, workers, 1 if has_knowledge(player, 13) else 0)


def depot_choices(player: Player) -> tuple[tuple[int, ...], ...]:
    """Any one depot; with knowledge 5 also two neighbouring ones (data §3.4, 6 and 1 touch)."""
    singles = tuple((d,) for d in range(1, DEPOTS + 1))
    if not has_knowledge(player, 5):
        return singles
    return singles + tuple(sorted(DEPOT_NEIGHBOURS))


def kind_choices(player: Player, offered: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The ways to take goods ``offered`` (counts per kind) into three goods spaces: every
    kind already held comes along; of the new kinds, as many as fit, the seat choosing which
    when not all do (seed: "leave behind what you cannot store"). Empty when nothing fits."""
    held = {k for k in range(1, 7) if player.goods[k - 1]}
    present = {k for k in range(1, 7) if offered[k - 1]}
    keep, new = sorted(present & held), sorted(present - held)
    room = GOODS_SPACES - len(held)
    picks = [tuple(new)] if len(new) <= room else list(combinations(new, room))
    choices = (tuple(sorted((*keep, *pick))) for pick in picks)
    return tuple(choice for choice in choices if choice)


def offered_by(state: State, depots: tuple[int, ...]) -> tuple[int, ...]:
    """The goods lying on ``depots``, counted per kind."""
    totals = NO_GOODS
    for depot in depots:
        totals = tuple(a + b for a, b in zip(totals, state.depot_goods[depot - 1], strict=True))
    return totals


def require_ship(state: State, seat: int, action: ShipGoods) -> GoodsShipped:
    """Seed: a placed ship takes all the goods of one depot (the seat's choice, unrelated to
    the die) that its goods spaces can hold; with knowledge 5, of two neighbouring depots
    when goods come from both."""
    if not state.pending or state.pending[-1] is not Effect.SHIP:
        raise NothingPendingError("no ship is waiting to take goods")
    player = player_at(state, seat)
    if action.depots not in depot_choices(player):
        raise BadShipmentError(
            "a ship takes from one depot, or from two neighbouring ones with the knowledge tile"
            " that allows it"
        )
    offered = offered_by(state, action.depots)
    if action.kinds not in kind_choices(player, offered):
        raise BadShipmentError("take every kind you can store from those depots, and no other")
    for depot in action.depots:
        # One spelling per shipment (docs/rules/burgundy.md item 27): a depot is named only
        # when goods are taken from it, so naming a second one that gives nothing (empty, or
        # only kinds left behind) is not another way to make the same shipment.
        if not any(state.depot_goods[depot - 1][k - 1] for k in action.kinds):
            raise BadShipmentError(
                f"nothing you take lies on depot {depot}: name only the depots the goods come from"
            )
    taken = tuple(n if k in action.kinds else 0 for k, n in enumerate(offered, start=1))
    return GoodsShipped(seat, action.depots, action.kinds, taken)


def shipments(state: State, seat: int) -> Iterator[ShipGoods]:
    """Every shipment open to ``seat``, by depots, as require_ship judges them."""
    player = player_at(state, seat)
    for depots in depot_choices(player):
        for kinds in kind_choices(player, offered_by(state, depots)):
            shipment = ShipGoods(depots, kinds)
            if passes(require_ship, state, seat, shipment):
                yield shipment
