"""The Castles of Burgundy actions and views between protobuf messages and the pure rules'
values."""

from __future__ import annotations

from tabletop.v1 import burgundy_pb2 as pb

from games.burgundy import actions as act
from games.burgundy.catalogue import Animal, Building, Colour, Effect
from games.burgundy.views import (
    BonusView,
    BurgundyView,
    DepotView,
    PlacedTileView,
    PlayerView,
    TileView,
)
from games.core.errors import MalformedError

_COLOURS = {c: pb.BurgundyColour.Value(f"BURGUNDY_COLOUR_{c.name}") for c in Colour}
_BUILDINGS = {b: pb.BurgundyBuilding.Value(f"BURGUNDY_BUILDING_{b.name}") for b in Building}
_ANIMALS = {a: pb.BurgundyAnimal.Value(f"BURGUNDY_ANIMAL_{a.name}") for a in Animal}
_EFFECTS = {e: pb.BurgundyEffect.Value(f"BURGUNDY_EFFECT_{e.name}") for e in Effect}
_FROM_COLOUR = {number: colour for colour, number in _COLOURS.items()}
_FROM_BUILDING = {number: building for building, number in _BUILDINGS.items()}
_FROM_ANIMAL = {number: animal for animal, number in _ANIMALS.items()}
_FROM_EFFECT = {number: effect for effect, number in _EFFECTS.items()}


def action_from_proto(message: pb.BurgundyAction) -> act.Action:
    """The rules' action for a wire action; MalformedError when none is set."""
    kind = message.WhichOneof("kind")
    if kind == "take_tile":
        take = message.take_tile
        return act.TakeTile(take.die, take.tile, _optional(take, "discard"))
    if kind == "place_tile":
        place = message.place_tile
        return act.PlaceTile(place.die, place.tile, place.space)
    if kind == "sell_goods":
        return act.SellGoods(message.sell_goods.die, message.sell_goods.kind)
    if kind == "take_workers":
        return act.TakeWorkers(message.take_workers.die)
    if kind == "buy_tile":
        return act.BuyTile(message.buy_tile.tile, _optional(message.buy_tile, "discard"))
    if kind == "ship_goods":
        ship = message.ship_goods
        return act.ShipGoods(tuple(ship.depots), tuple(ship.kinds))
    if kind == "pass_effect":
        return act.Pass()
    if kind == "end_turn":
        return act.EndTurn()
    raise MalformedError("the Burgundy action names no kind", reason="ACTION_MISSING")


def _optional(message: pb.BurgundyTakeTile | pb.BurgundyBuyTile, field: str) -> int | None:
    return int(getattr(message, field)) if message.HasField(field) else None


def action_to_proto(action: object) -> pb.BurgundyAction:
    match action:
        case act.TakeTile(die, tile, discard):
            take = pb.BurgundyTakeTile(die=die, tile=tile, discard=discard)
            return pb.BurgundyAction(take_tile=take)
        case act.PlaceTile(die, tile, space):
            place = pb.BurgundyPlaceTile(die=die, tile=tile, space=space)
            return pb.BurgundyAction(place_tile=place)
        case act.SellGoods(die, kind):
            return pb.BurgundyAction(sell_goods=pb.BurgundySellGoods(die=die, kind=kind))
        case act.TakeWorkers(die):
            return pb.BurgundyAction(take_workers=pb.BurgundyTakeWorkers(die=die))
        case act.BuyTile(tile, discard):
            return pb.BurgundyAction(buy_tile=pb.BurgundyBuyTile(tile=tile, discard=discard))
        case act.ShipGoods(depots, kinds):
            ship = pb.BurgundyShipGoods(depots=depots, kinds=kinds)
            return pb.BurgundyAction(ship_goods=ship)
        case act.Pass():
            return pb.BurgundyAction(pass_effect=pb.BurgundyPass())
        case act.EndTurn():
            return pb.BurgundyAction(end_turn=pb.BurgundyEndTurn())
    raise TypeError(f"not a Burgundy action: {action!r}")


def view_to_proto(view: BurgundyView) -> pb.BurgundyView:
    return pb.BurgundyView(
        viewer=view.viewer,
        ruleset=view.ruleset,
        phase=view.phase,
        round=view.round,
        turn=view.turn,
        order=view.order,
        active_seat=view.active_seat,
        white_die=view.white_die,
        dice_used=view.dice_used,
        bought=view.bought,
        pending=[_EFFECTS[e] for e in view.pending],
        depots=[_depot(d) for d in view.depots],
        black_depot=[_tile(t) for t in view.black_depot],
        round_goods=view.round_goods,
        pile_sizes=view.pile_sizes,
        goods_stack_sizes=view.goods_stack_sizes,
        bonus_tiles_taken=view.bonus_tiles_taken,
        players=[_player(p) for p in view.players],
        finished=view.finished,
        scores=view.scores,
        places=view.places,
    )


def _tile(tile: TileView) -> pb.BurgundyTile:
    return pb.BurgundyTile(
        id=tile.id,
        colour=_COLOURS[tile.colour],
        black=tile.black,
        building=None if tile.building is None else _BUILDINGS[tile.building],
        animal=None if tile.animal is None else _ANIMALS[tile.animal],
        animals=tile.animals,
        knowledge=tile.knowledge,
    )


def _depot(depot: DepotView) -> pb.BurgundyDepot:
    return pb.BurgundyDepot(
        number=depot.number, tiles=[_tile(t) for t in depot.tiles], goods=depot.goods
    )


def _placed(placed: PlacedTileView) -> pb.BurgundyPlacedTile:
    return pb.BurgundyPlacedTile(space=placed.space, tile=_tile(placed.tile))


def _bonus(bonus: BonusView) -> pb.BurgundyBonusTile:
    return pb.BurgundyBonusTile(colour=_COLOURS[bonus.colour], large=bonus.large)


def _player(player: PlayerView) -> pb.BurgundyPlayer:
    return pb.BurgundyPlayer(
        seat=player.seat,
        estate=[_placed(p) for p in player.estate],
        storage=[_tile(t) for t in player.storage],
        goods=player.goods,
        sold=player.sold,
        silverlings=player.silverlings,
        workers=player.workers,
        points=player.points,
        position=player.position,
        height=player.height,
        dice=player.dice,
        bonuses=[_bonus(b) for b in player.bonuses],
        empty_spaces=player.empty_spaces,
    )


def view_from_proto(message: pb.BurgundyView) -> BurgundyView:
    """The rules' view a wire view carries: ``view_to_proto`` undone, for a client that
    replays the views it was sent (``tabletop replay --token``)."""
    dice_used = tuple(message.dice_used)
    return BurgundyView(
        viewer=message.viewer if message.HasField("viewer") else None,
        ruleset=message.ruleset,
        phase=message.phase,
        round=message.round,
        turn=message.turn,
        order=tuple(message.order),
        active_seat=message.active_seat if message.HasField("active_seat") else None,
        white_die=message.white_die,
        dice_used=(dice_used[0], dice_used[1]),
        bought=message.bought,
        pending=tuple(_FROM_EFFECT[e] for e in message.pending),
        depots=tuple(
            DepotView(d.number, tuple(map(_tile_from, d.tiles)), tuple(d.goods))
            for d in message.depots
        ),
        black_depot=tuple(map(_tile_from, message.black_depot)),
        round_goods=tuple(message.round_goods),
        pile_sizes=tuple(message.pile_sizes),
        goods_stack_sizes=tuple(message.goods_stack_sizes),
        bonus_tiles_taken=tuple(message.bonus_tiles_taken),
        players=tuple(map(_player_from, message.players)),
        finished=message.finished,
        scores=tuple(message.scores),
        places=tuple(message.places),
    )


def _tile_from(tile: pb.BurgundyTile) -> TileView:
    return TileView(
        id=tile.id,
        colour=_FROM_COLOUR[tile.colour],
        black=tile.black,
        building=_FROM_BUILDING.get(tile.building),  # unset: not a building
        animal=_FROM_ANIMAL.get(tile.animal),
        animals=tile.animals,
        knowledge=tile.knowledge,
    )


def _player_from(player: pb.BurgundyPlayer) -> PlayerView:
    dice = tuple(player.dice)
    return PlayerView(
        seat=player.seat,
        estate=tuple(PlacedTileView(p.space, _tile_from(p.tile)) for p in player.estate),
        storage=tuple(map(_tile_from, player.storage)),
        goods=tuple(player.goods),
        sold=tuple(player.sold),
        silverlings=player.silverlings,
        workers=player.workers,
        points=player.points,
        position=player.position,
        height=player.height,
        dice=(dice[0], dice[1]),
        bonuses=tuple(BonusView(_FROM_COLOUR[b.colour], b.large) for b in player.bonuses),
        empty_spaces=player.empty_spaces,
    )
