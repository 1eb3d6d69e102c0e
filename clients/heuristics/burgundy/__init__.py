"""A Castles of Burgundy heuristic: fill the estate, finish regions, sell goods, waste no die.

Every legal action gets a worth in rough victory points and the best is taken (Pass and
EndTurn are worth 0, so an effect or a purchase worth less is declined). Placing a tile is
worth what it scores now (a completed region with its phase bonus, a colour bonus tile,
animals that match their pasture, a Watchtower, the goods a ship brings, a building's
advantage, a mine's silverlings to come, a knowledge tile's use) plus a share of what it
brings closer (a region or colour nearly covered, new spaces opened). Taking or buying a tile
is worth part of its best placement in our estate (all of it when the other die can place it
at once), less the workers, silverlings and discarded tile it costs; nothing once no turn is
left to place it. Selling pays points and silverlings; taking workers is the fallback. It sees
only its own seat's view (rules: docs/rules/burgundy.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.v1 import burgundy_pb2 as bgpb
from tabletop.v1 import game_service_pb2 as pb

from clients.heuristics.burgundy.dice import free_step_place, workers_for, workers_worth
from clients.heuristics.burgundy.goods import sale_points, shipment_worth
from clients.heuristics.burgundy.placing import place_points
from clients.heuristics.burgundy.rates import SILVER, WORKER
from clients.heuristics.burgundy.seat import Seat, seat_of
from clients.heuristics.burgundy.storage import crowding, discard_loss, take_worth, tile_worth
from games.burgundy.catalogue import space


class BurgundyHeuristic:
    """``choose(view, legal) -> action``: the legal action of greatest worth (seeded ties)."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, view: pb.GetViewResponse, legal: Sequence[pb.LegalAction]) -> pb.Action:
        me = view.seat if view.HasField("seat") else view.view.burgundy.viewer
        seat = seat_of(view.view.burgundy, int(me))
        scored = [(worth(seat, option.action.burgundy), self._random.random()) for option in legal]
        best = max(range(len(legal)), key=lambda index: scored[index])
        return legal[best].action


def worth(seat: Seat, action: bgpb.BurgundyAction) -> float:
    """The worth of one legal action to ``seat`` (Pass and EndTurn: 0)."""
    kind = action.WhichOneof("kind")
    if kind == "place_tile":
        place = action.place_tile
        spent = workers_for(seat, place.die, space(place.space).die, free_step_place(seat, place))
        return place_points(seat, place.tile, place.space) - WORKER * spent
    if kind == "take_tile":
        return take_worth(seat, action.take_tile)
    if kind == "buy_tile":
        buy = action.buy_tile
        gained = tile_worth(seat, buy.tile, None)
        return gained - 2 * SILVER - discard_loss(seat, buy) - crowding(seat)
    if kind == "sell_goods":
        sell = action.sell_goods
        return sale_points(seat, sell.kind) - WORKER * workers_for(seat, sell.die, sell.kind)
    if kind == "take_workers":
        return workers_worth(seat)
    if kind == "ship_goods":
        ship = action.ship_goods
        return shipment_worth(seat, tuple(ship.depots), tuple(ship.kinds))
    return 0.0


__all__ = ["BurgundyHeuristic", "Seat", "seat_of", "worth"]
