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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tabletop.v1 import burgundy_pb2 as bgpb
from tabletop.v1 import game_service_pb2 as pb

from games.burgundy.catalogue import (
    BANK_SILVERLINGS,
    BOARDING_HOUSE_WORKERS,
    BUILDING_EFFECTS,
    BUILDINGS,
    COLOUR_SPACES,
    COLOURS,
    DIE_SIDES,
    EFFECT_TAKES,
    GOODS_SPACES,
    HEX_STORAGE,
    LARGE_BONUS,
    NEIGHBOURS,
    PHASE_BONUS,
    PHASES,
    REGION_POINTS,
    REGIONS,
    ROUNDS,
    SALE_POINTS,
    SMALL_BONUS,
    SPACE_COUNT,
    WATCHTOWER_POINTS,
    Building,
    Colour,
    space,
    tile,
)

BONUS_DIE = 2
"""The die of an extra action (a castle's or a building's): any number, no workers."""
PLACED = 1.5
"""Every tile laid brings regions and colours closer and leaves one space fewer empty."""
WORKER = 0.8
"""A worker spent: half a point at the end, more as a die's flexibility."""
SILVER = 1.0
"""A silverling: a point at the end, or half a black-depot purchase."""
GOODS = 1.6
"""A goods tile held: a point at the end, 2 (2 players) to 4 when sold with a die."""
KEPT = 0.6
"""What a goods tile is worth unsold, against selling it now."""
STORED = 0.6
"""The share of its best placement a stored tile is worth while turns remain to place it."""
NOW = 0.9
"""The share when the turn's other die can place it straight away."""
EXTRA_ACTION = 4.0
"""A castle's action with a die of any number (and a building's, valued before its use)."""
PROGRESS = 0.5
"""The share of a region's or colour's points credited to each step towards covering it."""

FREE_STEP = {
    Colour.BUILDING: 9,
    Colour.SHIP: 10,
    Colour.PASTURE: 10,
    Colour.CASTLE: 11,
    Colour.MINE: 11,
    Colour.KNOWLEDGE: 11,
}
"""Knowledge 9-11: a free ±1 on a die placing these colours (12: taking from a depot)."""
ONGOING = {1: 2, 2: 4, 3: 6, 4: 5, 5: 4, 6: 6, 7: 5, 8: 5, 9: 5, 10: 5, 11: 5, 12: 6, 13: 4, 14: 6}
"""Knowledge 1-14 over a whole game (data §3.4), scaled by the share of the game left."""


@dataclass(frozen=True)
class Seat:
    """What the bot knows of its own position, read from its seat's view."""

    me: int
    view: bgpb.BurgundyView
    player: bgpb.BurgundyPlayer
    estate: Mapping[int, int]
    """Space → the id of the tile on it."""
    knowledge: frozenset[int]
    prospects: dict[int, float] = field(default_factory=dict, compare=False)
    """Memo of ``prospect`` per tile id, for this one decision."""

    @property
    def seats(self) -> int:
        return len(self.view.players)

    @property
    def rounds_left(self) -> int:
        """Rounds after this one (0 in the last round of phase E)."""
        return int((PHASES - self.view.phase) * ROUNDS + ROUNDS - self.view.round)

    @property
    def game_left(self) -> float:
        """The share of the game still to come, 1 at the start, 0 in the last round."""
        return self.rounds_left / (PHASES * ROUNDS - 1)

    @property
    def stored_share(self) -> float:
        """What a tile in storage is worth of its placement: nothing with no turn left."""
        return 0.0 if self.rounds_left == 0 else STORED if self.rounds_left > 1 else 0.4

    def has(self, number: int) -> bool:
        """Knowledge tile ``number`` lies in the estate."""
        return number in self.knowledge

    def covered(self, space_id: int) -> bool:
        return space_id in self.estate

    def depot_of(self, tile_id: int) -> int:
        """The numbered depot holding ``tile_id`` (0 for the black depot)."""
        for depot in self.view.depots:
            if any(t.id == tile_id for t in depot.tiles):
                return int(depot.number)
        return 0


def seat_of(view: bgpb.BurgundyView, me: int) -> Seat:
    """The seat's own position, as ``Seat``."""
    player = next(p for p in view.players if p.seat == me)
    estate = {int(p.space): int(p.tile.id) for p in player.estate}
    knowledge = frozenset(tile(t).knowledge for t in estate.values() if tile(t).knowledge)
    return Seat(me, view, player, estate, knowledge)


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


# --- dice and workers (data §4.4) ---------------------------------------------------------------


def shown(seat: Seat, die: int) -> int | None:
    """The number ``die`` shows; None for an extra action's die of any number."""
    return None if die == BONUS_DIE else int(seat.player.dice[die])


def workers_for(seat: Seat, die: int, target: int, free_step: bool = False) -> int:
    """The fewest workers that turn ``die`` into ``target`` (±1 each, ±2 with knowledge 8,
    6 and 1 neighbours), after a free step; as the rules spend them."""
    number = shown(seat, die)
    if number is None:
        return 0
    gap = abs(number - target) % DIE_SIDES
    steps = max(0, min(gap, DIE_SIDES - gap) - (1 if free_step else 0))
    reach = 2 if seat.has(8) else 1
    return -(-steps // reach)


def free_step_place(seat: Seat, place: bgpb.BurgundyPlaceTile) -> bool:
    return seat.has(FREE_STEP[tile(place.tile).colour])


def other_dice(seat: Seat, die: int) -> list[int]:
    """The seat's dice still unused this turn, besides ``die``."""
    used = list(seat.view.dice_used) or [False, False]
    return [d for d in (0, 1) if d != die and not used[d]]


def workers_worth(seat: Seat) -> float:
    """Two workers (four with knowledge 14, a silverling with 13): worth more when few."""
    count = 4 if seat.has(14) else 2
    each = 0.5 if seat.rounds_left == 0 else 1.0 if seat.player.workers < 3 else 0.6
    return count * each + (SILVER if seat.has(13) else 0.0)


# --- placing a tile (seed: "What happens when you place a tile"; data §2.4-§2.6, §4.6) ----------


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


def region_points(seat: Seat, space_id: int) -> float:
    """Completing a region scores n(n+1)/2 plus the phase bonus (data §2.5); each step
    towards it earns a share that grows as the region fills."""
    region = REGIONS[space(space_id).region]
    size, covered = len(region), sum(1 for s in region if seat.covered(s))
    phase = seat.view.phase
    if covered + 1 == size:
        return float(REGION_POINTS[size] + PHASE_BONUS[phase])
    later = REGION_POINTS[size] + PHASE_BONUS[min(phase + 1, PHASES)]
    return PROGRESS * later * (2 * covered + 1) / size**2


def colour_points(seat: Seat, space_id: int) -> float:
    """The first to cover a colour takes the large bonus tile, the second the small one
    (data §2.4); each step towards a bonus still open earns a little of it."""
    colour = space(space_id).colour
    index = COLOURS.index(colour)
    taken = seat.view.bonus_tiles_taken[index] if seat.view.bonus_tiles_taken else 0
    held = any(b.colour == index + 1 for b in seat.player.bonuses)
    if taken >= 2 or held:
        return 0.0
    bonus = (LARGE_BONUS if taken == 0 else SMALL_BONUS)[seat.seats]
    left = sum(1 for s in COLOUR_SPACES[colour] if not seat.covered(s))
    return float(bonus) if left == 1 else PROGRESS * 0.6 * bonus / left


def opened(seat: Seat, space_id: int) -> list[int]:
    """Empty spaces that a tile on ``space_id`` makes reachable for the first time."""
    return [
        n
        for n in NEIGHBOURS[space_id]
        if not seat.covered(n) and not any(seat.covered(m) for m in NEIGHBOURS[n])
    ]


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


# --- tiles in storage (data §4.4, §4.5, §4.7) -----------------------------------------------------


def fits(seat: Seat, tile_id: int, space_id: int) -> bool:
    """An empty space of the tile's colour, without a second building of its type in one
    city (unless knowledge 1)."""
    t = tile(tile_id)
    if seat.covered(space_id) or space(space_id).colour is not t.colour:
        return False
    if t.building is None or seat.has(1):
        return True
    region = REGIONS[space(space_id).region]
    return not any(s in seat.estate and tile(seat.estate[s]).building is t.building for s in region)


def touches(seat: Seat, space_id: int) -> bool:
    return any(seat.covered(n) for n in NEIGHBOURS[space_id])


def placement(seat: Seat, tile_id: int, deep: bool = True) -> float:
    """The best the tile could do in the estate, whatever the dice: full worth on a space it
    may go on now, less where the estate must grow to reach it, 0 where it cannot go."""
    best = 0.0
    for space_id in range(1, SPACE_COUNT + 1):
        if fits(seat, tile_id, space_id):
            reach = 1.0 if touches(seat, space_id) else 0.5
            best = max(best, reach * place_points(seat, tile_id, space_id, deep))
    return best


def prospect(seat: Seat, tile_id: int) -> float:
    """``placement``, memoised for this decision."""
    if tile_id not in seat.prospects:
        seat.prospects[tile_id] = placement(seat, tile_id)
    found: float = seat.prospects[tile_id]
    return found


def place_now(seat: Seat, tile_id: int, die: int) -> float:
    """The best placement one of the turn's other dice can make at once, workers paid."""
    best = 0.0
    free = seat.has(FREE_STEP[tile(tile_id).colour])
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


# --- goods (seed: "sell goods"; data §4.4, §4.6) -----------------------------------------------


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
