"""Tiles coming into storage, for the Burgundy heuristic (data §4.4, §4.5, §4.7): a tile taken
or bought is worth part of its best placement (nearly all when the turn's other die can place
it at once), less the workers, the discarded tile and the crowding it costs.
"""

from __future__ import annotations

from tabletop.v1 import burgundy_pb2 as bgpb

from clients.heuristics.burgundy.dice import other_dice, workers_for
from clients.heuristics.burgundy.estate import fits, touches
from clients.heuristics.burgundy.placing import place_points, placement
from clients.heuristics.burgundy.rates import NOW, WORKER
from clients.heuristics.burgundy.seat import Seat
from games.burgundy.catalogue import HEX_STORAGE, SPACE_COUNT, space, tile
from games.burgundy.placement import FREE_STEP_KNOWLEDGE


def prospect(seat: Seat, tile_id: int) -> float:
    """``placement``, memoised for this decision."""
    if tile_id not in seat.prospects:
        seat.prospects[tile_id] = placement(seat, tile_id)
    found: float = seat.prospects[tile_id]
    return found


def place_now(seat: Seat, tile_id: int, die: int) -> float:
    """The best placement one of the turn's other dice can make at once, workers paid."""
    best = 0.0
    free = seat.has(FREE_STEP_KNOWLEDGE[tile(tile_id).colour])
    for other in other_dice(seat, die):
        for space_id in range(1, SPACE_COUNT + 1):
            if fits(seat, tile_id, space_id) and touches(seat, space_id):
                spent = workers_for(seat, other, space(space_id).die, free)
                if spent <= seat.player.workers:
                    points = place_points(seat, tile_id, space_id) - WORKER * spent
                    best = max(best, points)
    return best


def tile_worth(seat: Seat, tile_id: int, die: int | None) -> float:
    """A tile coming into storage: part of its best placement, or nearly all of it when an
    unused die (other than ``die``) can place it this turn."""
    later = seat.stored_share * prospect(seat, tile_id)
    now = NOW * place_now(seat, tile_id, -1 if die is None else die)
    return max(later, now)


def take_worth(seat: Seat, take: bgpb.BurgundyTakeTile) -> float:
    """A tile from a numbered depot, less the workers that turn the die into its depot's
    number (a free step with knowledge 12) and any tile discarded to make room."""
    depot = seat.depot_of(take.tile)
    spent = workers_for(seat, take.die, depot, seat.has(12))
    gained = tile_worth(seat, take.tile, take.die)
    return gained - WORKER * spent - discard_loss(seat, take) - crowding(seat)


def discard_loss(seat: Seat, took: bgpb.BurgundyTakeTile | bgpb.BurgundyBuyTile) -> float:
    """The stored tile that leaves the game when storage is full."""
    if not took.HasField("discard"):
        return 0.0
    return seat.stored_share * prospect(seat, took.discard)


def crowding(seat: Seat) -> float:
    """A little for each storage space already filled: a full storage forces discards."""
    return 0.4 * len(seat.player.storage) / HEX_STORAGE
