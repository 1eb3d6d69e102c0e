"""Placing a tile, for the Burgundy heuristic (seed: "What happens when you place a tile"; data
§2.4-§2.6, §4.6): what laying a tile on a space scores now and brings closer, its effect by
colour (animals, buildings' advantages, knowledge tiles), and its best placement in the estate.

A building that takes or places another tile is valued by the best placement of that tile, so
``advantage`` and ``placement`` call each other (one level deep) and live here together.
"""

from __future__ import annotations

from clients.heuristics.burgundy.estate import colour_points, fits, opened, region_points, touches
from clients.heuristics.burgundy.goods import best_shipment, sale_points
from clients.heuristics.burgundy.rates import EXTRA_ACTION, PLACED, SILVER
from clients.heuristics.burgundy.seat import Seat
from games.burgundy.catalogue import (
    BANK_SILVERLINGS,
    BOARDING_HOUSE_WORKERS,
    BUILDING_EFFECTS,
    BUILDINGS,
    EFFECT_TAKES,
    PHASES,
    REGIONS,
    SPACE_COUNT,
    WATCHTOWER_POINTS,
    Building,
    Colour,
    space,
    tile,
)

ONGOING = {1: 2, 2: 4, 3: 6, 4: 5, 5: 4, 6: 6, 7: 5, 8: 5, 9: 5, 10: 5, 11: 5, 12: 6, 13: 4, 14: 6}
"""Knowledge 1-14 over a whole game (data §3.4), scaled by the share of the game left."""


def place_points(seat: Seat, tile_id: int, space_id: int, deep: bool = True) -> float:
    """What laying ``tile_id`` on ``space_id`` scores now and brings closer. ``deep`` values
    the advantages that take another tile by what is there to take."""
    return (
        PLACED
        + region_points(seat, space_id)
        + colour_points(seat, space_id)
        + effect_points(seat, tile_id, space_id, deep)
        + 0.15 * len(opened(seat, space_id))
    )


def effect_points(seat: Seat, tile_id: int, space_id: int, deep: bool) -> float:
    """The tile's own effect, by colour (data §4.6)."""
    placed = tile(tile_id)
    match placed.colour:
        case Colour.CASTLE:
            return EXTRA_ACTION * (0.5 if seat.rounds_left == 0 else 1.0)
        case Colour.SHIP:
            return best_shipment(seat) + 1.0 * seat.game_left  # and one step on the track
        case Colour.PASTURE:
            return animal_points(seat, tile_id, space_id)
        case Colour.MINE:
            phases = float(PHASES - seat.view.phase + 1)  # every phase end pays, E's included
            return phases * (SILVER + (0.5 if seat.has(2) else 0.0))
        case Colour.KNOWLEDGE:
            return knowledge_points(seat, placed.knowledge)
        case _:
            return building_points(seat, tile_id, deep)


def animal_points(seat: Seat, tile_id: int, space_id: int) -> float:
    """An animal tile scores every animal of its kind in its pasture, itself included, and
    one more per tile with knowledge 7; knowledge 24 pays 4 for a new kind."""
    kind = tile(tile_id).animal
    region = REGIONS[space(space_id).region]
    same = [tile(seat.estate[s]) for s in region if s in seat.estate]
    scoring = [t for t in same if t.animal is kind] + [tile(tile_id)]
    points = sum(t.animals for t in scoring) + (len(scoring) if seat.has(7) else 0)
    kinds = {tile(t).animal for t in seat.estate.values()}
    new_kind = 4.0 if seat.has(24) and kind not in kinds else 0.0
    return points + new_kind


def building_points(seat: Seat, tile_id: int, deep: bool) -> float:
    """A building's advantage (data §3.2), plus 4 with its end-game knowledge tile."""
    building = tile(tile_id).building
    if building is None:
        return 0.0
    counted = 4.0 if seat.has(16 + BUILDINGS.index(building)) else 0.0
    return counted + advantage(seat, building, tile_id, deep)


def advantage(seat: Seat, building: Building, tile_id: int, deep: bool) -> float:
    """Watchtower 4 points, Bank 2 silverlings, Boarding House 4 workers; the Warehouse's
    best sale; the Carpenter, Church and Market's best tile to take; the City Hall's best
    second placement from storage."""
    if building is Building.WATCHTOWER:
        return float(WATCHTOWER_POINTS)
    if building is Building.BANK:
        return BANK_SILVERLINGS * SILVER
    if building is Building.BOARDING_HOUSE:
        return BOARDING_HOUSE_WORKERS * 0.7
    if building is Building.WAREHOUSE:
        held = [k for k in range(1, 7) if seat.player.goods[k - 1]]
        return max((sale_points(seat, k) for k in held), default=0.0)
    if not deep:
        return EXTRA_ACTION * 0.6
    if building is Building.CITY_HALL:
        others = [t.id for t in seat.player.storage if t.id != tile_id]
        return max((placement(seat, t, deep=False) for t in others), default=0.0)
    colours = EFFECT_TAKES[BUILDING_EFFECTS[building]]
    offered = [t.id for d in seat.view.depots for t in d.tiles if tile(t.id).colour in colours]
    return max((seat.stored_share * placement(seat, t, deep=False) for t in offered), default=0.0)


def knowledge_points(seat: Seat, number: int) -> float:
    """Knowledge 15-26 by what they would count now and are likely to add; 1-14 by the
    share of the game left to use them (data §3.4)."""
    left = seat.game_left
    tiles = [tile(t) for t in seat.estate.values()]
    if number == 15:
        return 3.0 * min(6.0, sum(1 for n in seat.player.sold if n) + 3 * left)
    if 16 <= number <= 23:
        building = BUILDINGS[number - 16]
        return 4.0 * (sum(1 for t in tiles if t.building is building) + 1.5 * left)
    if number == 24:
        return 4.0 * min(4.0, len({t.animal for t in tiles if t.animal}) + 2 * left)
    if number == 25:
        return float(sum(seat.player.sold)) + 8 * left
    if number == 26:
        return 2.0 * (len(seat.player.bonuses) + 2 * left)
    return ONGOING.get(number, 0) * left


def placement(seat: Seat, tile_id: int, deep: bool = True) -> float:
    """The best the tile could do in the estate, whatever the dice: full worth on a space it
    may go on now, less where the estate must grow to reach it, 0 where it cannot go."""
    best = 0.0
    for space_id in range(1, SPACE_COUNT + 1):
        if fits(seat, tile_id, space_id):
            reach = 1.0 if touches(seat, space_id) else 0.5
            best = max(best, reach * place_points(seat, tile_id, space_id, deep))
    return best
