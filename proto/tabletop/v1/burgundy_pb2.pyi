from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class BurgundyColour(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BURGUNDY_COLOUR_UNSPECIFIED: _ClassVar[BurgundyColour]
    BURGUNDY_COLOUR_CASTLE: _ClassVar[BurgundyColour]
    BURGUNDY_COLOUR_PASTURE: _ClassVar[BurgundyColour]
    BURGUNDY_COLOUR_SHIP: _ClassVar[BurgundyColour]
    BURGUNDY_COLOUR_MINE: _ClassVar[BurgundyColour]
    BURGUNDY_COLOUR_BUILDING: _ClassVar[BurgundyColour]
    BURGUNDY_COLOUR_KNOWLEDGE: _ClassVar[BurgundyColour]

class BurgundyBuilding(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BURGUNDY_BUILDING_UNSPECIFIED: _ClassVar[BurgundyBuilding]
    BURGUNDY_BUILDING_WAREHOUSE: _ClassVar[BurgundyBuilding]
    BURGUNDY_BUILDING_WATCHTOWER: _ClassVar[BurgundyBuilding]
    BURGUNDY_BUILDING_CARPENTER: _ClassVar[BurgundyBuilding]
    BURGUNDY_BUILDING_CHURCH: _ClassVar[BurgundyBuilding]
    BURGUNDY_BUILDING_MARKET: _ClassVar[BurgundyBuilding]
    BURGUNDY_BUILDING_BOARDING_HOUSE: _ClassVar[BurgundyBuilding]
    BURGUNDY_BUILDING_BANK: _ClassVar[BurgundyBuilding]
    BURGUNDY_BUILDING_CITY_HALL: _ClassVar[BurgundyBuilding]

class BurgundyAnimal(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BURGUNDY_ANIMAL_UNSPECIFIED: _ClassVar[BurgundyAnimal]
    BURGUNDY_ANIMAL_COW: _ClassVar[BurgundyAnimal]
    BURGUNDY_ANIMAL_PIG: _ClassVar[BurgundyAnimal]
    BURGUNDY_ANIMAL_SHEEP: _ClassVar[BurgundyAnimal]
    BURGUNDY_ANIMAL_CHICKEN: _ClassVar[BurgundyAnimal]

class BurgundyEffect(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BURGUNDY_EFFECT_UNSPECIFIED: _ClassVar[BurgundyEffect]
    BURGUNDY_EFFECT_CASTLE: _ClassVar[BurgundyEffect]
    BURGUNDY_EFFECT_SHIP: _ClassVar[BurgundyEffect]
    BURGUNDY_EFFECT_WAREHOUSE: _ClassVar[BurgundyEffect]
    BURGUNDY_EFFECT_CARPENTER: _ClassVar[BurgundyEffect]
    BURGUNDY_EFFECT_CHURCH: _ClassVar[BurgundyEffect]
    BURGUNDY_EFFECT_MARKET: _ClassVar[BurgundyEffect]
    BURGUNDY_EFFECT_CITY_HALL: _ClassVar[BurgundyEffect]
BURGUNDY_COLOUR_UNSPECIFIED: BurgundyColour
BURGUNDY_COLOUR_CASTLE: BurgundyColour
BURGUNDY_COLOUR_PASTURE: BurgundyColour
BURGUNDY_COLOUR_SHIP: BurgundyColour
BURGUNDY_COLOUR_MINE: BurgundyColour
BURGUNDY_COLOUR_BUILDING: BurgundyColour
BURGUNDY_COLOUR_KNOWLEDGE: BurgundyColour
BURGUNDY_BUILDING_UNSPECIFIED: BurgundyBuilding
BURGUNDY_BUILDING_WAREHOUSE: BurgundyBuilding
BURGUNDY_BUILDING_WATCHTOWER: BurgundyBuilding
BURGUNDY_BUILDING_CARPENTER: BurgundyBuilding
BURGUNDY_BUILDING_CHURCH: BurgundyBuilding
BURGUNDY_BUILDING_MARKET: BurgundyBuilding
BURGUNDY_BUILDING_BOARDING_HOUSE: BurgundyBuilding
BURGUNDY_BUILDING_BANK: BurgundyBuilding
BURGUNDY_BUILDING_CITY_HALL: BurgundyBuilding
BURGUNDY_ANIMAL_UNSPECIFIED: BurgundyAnimal
BURGUNDY_ANIMAL_COW: BurgundyAnimal
BURGUNDY_ANIMAL_PIG: BurgundyAnimal
BURGUNDY_ANIMAL_SHEEP: BurgundyAnimal
BURGUNDY_ANIMAL_CHICKEN: BurgundyAnimal
BURGUNDY_EFFECT_UNSPECIFIED: BurgundyEffect
BURGUNDY_EFFECT_CASTLE: BurgundyEffect
BURGUNDY_EFFECT_SHIP: BurgundyEffect
BURGUNDY_EFFECT_WAREHOUSE: BurgundyEffect
BURGUNDY_EFFECT_CARPENTER: BurgundyEffect
BURGUNDY_EFFECT_CHURCH: BurgundyEffect
BURGUNDY_EFFECT_MARKET: BurgundyEffect
BURGUNDY_EFFECT_CITY_HALL: BurgundyEffect

class BurgundyTakeTile(_message.Message):
    __slots__ = ("die", "tile", "discard")
    DIE_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    die: int
    tile: int
    discard: int
    def __init__(self, die: _Optional[int] = ..., tile: _Optional[int] = ..., discard: _Optional[int] = ...) -> None: ...

class BurgundyPlaceTile(_message.Message):
    __slots__ = ("die", "tile", "space")
    DIE_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    SPACE_FIELD_NUMBER: _ClassVar[int]
    die: int
    tile: int
    space: int
    def __init__(self, die: _Optional[int] = ..., tile: _Optional[int] = ..., space: _Optional[int] = ...) -> None: ...

class BurgundySellGoods(_message.Message):
    __slots__ = ("die", "kind")
    DIE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    die: int
    kind: int
    def __init__(self, die: _Optional[int] = ..., kind: _Optional[int] = ...) -> None: ...

class BurgundyTakeWorkers(_message.Message):
    __slots__ = ("die",)
    DIE_FIELD_NUMBER: _ClassVar[int]
    die: int
    def __init__(self, die: _Optional[int] = ...) -> None: ...

class BurgundyBuyTile(_message.Message):
    __slots__ = ("tile", "discard")
    TILE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    tile: int
    discard: int
    def __init__(self, tile: _Optional[int] = ..., discard: _Optional[int] = ...) -> None: ...

class BurgundyShipGoods(_message.Message):
    __slots__ = ("depots", "kinds")
    DEPOTS_FIELD_NUMBER: _ClassVar[int]
    KINDS_FIELD_NUMBER: _ClassVar[int]
    depots: _containers.RepeatedScalarFieldContainer[int]
    kinds: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, depots: _Optional[_Iterable[int]] = ..., kinds: _Optional[_Iterable[int]] = ...) -> None: ...

class BurgundyPass(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class BurgundyEndTurn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class BurgundyAction(_message.Message):
    __slots__ = ("take_tile", "place_tile", "sell_goods", "take_workers", "buy_tile", "ship_goods", "pass_effect", "end_turn")
    TAKE_TILE_FIELD_NUMBER: _ClassVar[int]
    PLACE_TILE_FIELD_NUMBER: _ClassVar[int]
    SELL_GOODS_FIELD_NUMBER: _ClassVar[int]
    TAKE_WORKERS_FIELD_NUMBER: _ClassVar[int]
    BUY_TILE_FIELD_NUMBER: _ClassVar[int]
    SHIP_GOODS_FIELD_NUMBER: _ClassVar[int]
    PASS_EFFECT_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    take_tile: BurgundyTakeTile
    place_tile: BurgundyPlaceTile
    sell_goods: BurgundySellGoods
    take_workers: BurgundyTakeWorkers
    buy_tile: BurgundyBuyTile
    ship_goods: BurgundyShipGoods
    pass_effect: BurgundyPass
    end_turn: BurgundyEndTurn
    def __init__(self, take_tile: _Optional[_Union[BurgundyTakeTile, _Mapping]] = ..., place_tile: _Optional[_Union[BurgundyPlaceTile, _Mapping]] = ..., sell_goods: _Optional[_Union[BurgundySellGoods, _Mapping]] = ..., take_workers: _Optional[_Union[BurgundyTakeWorkers, _Mapping]] = ..., buy_tile: _Optional[_Union[BurgundyBuyTile, _Mapping]] = ..., ship_goods: _Optional[_Union[BurgundyShipGoods, _Mapping]] = ..., pass_effect: _Optional[_Union[BurgundyPass, _Mapping]] = ..., end_turn: _Optional[_Union[BurgundyEndTurn, _Mapping]] = ...) -> None: ...

class BurgundyTile(_message.Message):
    __slots__ = ("id", "colour", "black", "building", "animal", "animals", "knowledge")
    ID_FIELD_NUMBER: _ClassVar[int]
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    BLACK_FIELD_NUMBER: _ClassVar[int]
    BUILDING_FIELD_NUMBER: _ClassVar[int]
    ANIMAL_FIELD_NUMBER: _ClassVar[int]
    ANIMALS_FIELD_NUMBER: _ClassVar[int]
    KNOWLEDGE_FIELD_NUMBER: _ClassVar[int]
    id: int
    colour: BurgundyColour
    black: bool
    building: BurgundyBuilding
    animal: BurgundyAnimal
    animals: int
    knowledge: int
    def __init__(self, id: _Optional[int] = ..., colour: _Optional[_Union[BurgundyColour, str]] = ..., black: _Optional[bool] = ..., building: _Optional[_Union[BurgundyBuilding, str]] = ..., animal: _Optional[_Union[BurgundyAnimal, str]] = ..., animals: _Optional[int] = ..., knowledge: _Optional[int] = ...) -> None: ...

class BurgundyPlacedTile(_message.Message):
    __slots__ = ("space", "tile")
    SPACE_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    space: int
    tile: BurgundyTile
    def __init__(self, space: _Optional[int] = ..., tile: _Optional[_Union[BurgundyTile, _Mapping]] = ...) -> None: ...

class BurgundyDepot(_message.Message):
    __slots__ = ("number", "tiles", "goods")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    GOODS_FIELD_NUMBER: _ClassVar[int]
    number: int
    tiles: _containers.RepeatedCompositeFieldContainer[BurgundyTile]
    goods: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, number: _Optional[int] = ..., tiles: _Optional[_Iterable[_Union[BurgundyTile, _Mapping]]] = ..., goods: _Optional[_Iterable[int]] = ...) -> None: ...

class BurgundyBonusTile(_message.Message):
    __slots__ = ("colour", "large")
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    LARGE_FIELD_NUMBER: _ClassVar[int]
    colour: BurgundyColour
    large: bool
    def __init__(self, colour: _Optional[_Union[BurgundyColour, str]] = ..., large: _Optional[bool] = ...) -> None: ...

class BurgundyPlayer(_message.Message):
    __slots__ = ("seat", "estate", "storage", "goods", "sold", "silverlings", "workers", "points", "position", "height", "dice", "bonuses", "empty_spaces")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ESTATE_FIELD_NUMBER: _ClassVar[int]
    STORAGE_FIELD_NUMBER: _ClassVar[int]
    GOODS_FIELD_NUMBER: _ClassVar[int]
    SOLD_FIELD_NUMBER: _ClassVar[int]
    SILVERLINGS_FIELD_NUMBER: _ClassVar[int]
    WORKERS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    BONUSES_FIELD_NUMBER: _ClassVar[int]
    EMPTY_SPACES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    estate: _containers.RepeatedCompositeFieldContainer[BurgundyPlacedTile]
    storage: _containers.RepeatedCompositeFieldContainer[BurgundyTile]
    goods: _containers.RepeatedScalarFieldContainer[int]
    sold: _containers.RepeatedScalarFieldContainer[int]
    silverlings: int
    workers: int
    points: int
    position: int
    height: int
    dice: _containers.RepeatedScalarFieldContainer[int]
    bonuses: _containers.RepeatedCompositeFieldContainer[BurgundyBonusTile]
    empty_spaces: int
    def __init__(self, seat: _Optional[int] = ..., estate: _Optional[_Iterable[_Union[BurgundyPlacedTile, _Mapping]]] = ..., storage: _Optional[_Iterable[_Union[BurgundyTile, _Mapping]]] = ..., goods: _Optional[_Iterable[int]] = ..., sold: _Optional[_Iterable[int]] = ..., silverlings: _Optional[int] = ..., workers: _Optional[int] = ..., points: _Optional[int] = ..., position: _Optional[int] = ..., height: _Optional[int] = ..., dice: _Optional[_Iterable[int]] = ..., bonuses: _Optional[_Iterable[_Union[BurgundyBonusTile, _Mapping]]] = ..., empty_spaces: _Optional[int] = ...) -> None: ...

class BurgundyView(_message.Message):
    __slots__ = ("viewer", "ruleset", "phase", "round", "turn", "order", "active_seat", "white_die", "dice_used", "bought", "pending", "depots", "black_depot", "round_goods", "pile_sizes", "goods_stack_sizes", "bonus_tiles_taken", "players", "finished", "scores", "places")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SEAT_FIELD_NUMBER: _ClassVar[int]
    WHITE_DIE_FIELD_NUMBER: _ClassVar[int]
    DICE_USED_FIELD_NUMBER: _ClassVar[int]
    BOUGHT_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    DEPOTS_FIELD_NUMBER: _ClassVar[int]
    BLACK_DEPOT_FIELD_NUMBER: _ClassVar[int]
    ROUND_GOODS_FIELD_NUMBER: _ClassVar[int]
    PILE_SIZES_FIELD_NUMBER: _ClassVar[int]
    GOODS_STACK_SIZES_FIELD_NUMBER: _ClassVar[int]
    BONUS_TILES_TAKEN_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    viewer: int
    ruleset: str
    phase: int
    round: int
    turn: int
    order: _containers.RepeatedScalarFieldContainer[int]
    active_seat: int
    white_die: int
    dice_used: _containers.RepeatedScalarFieldContainer[bool]
    bought: bool
    pending: _containers.RepeatedScalarFieldContainer[BurgundyEffect]
    depots: _containers.RepeatedCompositeFieldContainer[BurgundyDepot]
    black_depot: _containers.RepeatedCompositeFieldContainer[BurgundyTile]
    round_goods: _containers.RepeatedScalarFieldContainer[int]
    pile_sizes: _containers.RepeatedScalarFieldContainer[int]
    goods_stack_sizes: _containers.RepeatedScalarFieldContainer[int]
    bonus_tiles_taken: _containers.RepeatedScalarFieldContainer[int]
    players: _containers.RepeatedCompositeFieldContainer[BurgundyPlayer]
    finished: bool
    scores: _containers.RepeatedScalarFieldContainer[int]
    places: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, viewer: _Optional[int] = ..., ruleset: _Optional[str] = ..., phase: _Optional[int] = ..., round: _Optional[int] = ..., turn: _Optional[int] = ..., order: _Optional[_Iterable[int]] = ..., active_seat: _Optional[int] = ..., white_die: _Optional[int] = ..., dice_used: _Optional[_Iterable[bool]] = ..., bought: _Optional[bool] = ..., pending: _Optional[_Iterable[_Union[BurgundyEffect, str]]] = ..., depots: _Optional[_Iterable[_Union[BurgundyDepot, _Mapping]]] = ..., black_depot: _Optional[_Iterable[_Union[BurgundyTile, _Mapping]]] = ..., round_goods: _Optional[_Iterable[int]] = ..., pile_sizes: _Optional[_Iterable[int]] = ..., goods_stack_sizes: _Optional[_Iterable[int]] = ..., bonus_tiles_taken: _Optional[_Iterable[int]] = ..., players: _Optional[_Iterable[_Union[BurgundyPlayer, _Mapping]]] = ..., finished: _Optional[bool] = ..., scores: _Optional[_Iterable[int]] = ..., places: _Optional[_Iterable[int]] = ...) -> None: ...
