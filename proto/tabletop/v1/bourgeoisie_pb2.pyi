from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class BourgeoisieCardKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BOURGEOISIE_CARD_KIND_UNSPECIFIED: _ClassVar[BourgeoisieCardKind]
    BOURGEOISIE_CARD_KIND_FAMILY: _ClassVar[BourgeoisieCardKind]
    BOURGEOISIE_CARD_KIND_TRADE: _ClassVar[BourgeoisieCardKind]
    BOURGEOISIE_CARD_KIND_BOND: _ClassVar[BourgeoisieCardKind]
    BOURGEOISIE_CARD_KIND_LAND: _ClassVar[BourgeoisieCardKind]
    BOURGEOISIE_CARD_KIND_OFFICE: _ClassVar[BourgeoisieCardKind]
    BOURGEOISIE_CARD_KIND_EVENT: _ClassVar[BourgeoisieCardKind]

class BourgeoisiePhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BOURGEOISIE_PHASE_UNSPECIFIED: _ClassVar[BourgeoisiePhase]
    BOURGEOISIE_PHASE_FAMILY: _ClassVar[BourgeoisiePhase]
    BOURGEOISIE_PHASE_REVENUE: _ClassVar[BourgeoisiePhase]
    BOURGEOISIE_PHASE_FATE: _ClassVar[BourgeoisiePhase]
    BOURGEOISIE_PHASE_OPPORTUNITY: _ClassVar[BourgeoisiePhase]
    BOURGEOISIE_PHASE_CAPITAL: _ClassVar[BourgeoisiePhase]
    BOURGEOISIE_PHASE_CONVERSION: _ClassVar[BourgeoisiePhase]
    BOURGEOISIE_PHASE_INVESTMENT: _ClassVar[BourgeoisiePhase]
    BOURGEOISIE_PHASE_NOBLEMENT: _ClassVar[BourgeoisiePhase]
    BOURGEOISIE_PHASE_END: _ClassVar[BourgeoisiePhase]
BOURGEOISIE_CARD_KIND_UNSPECIFIED: BourgeoisieCardKind
BOURGEOISIE_CARD_KIND_FAMILY: BourgeoisieCardKind
BOURGEOISIE_CARD_KIND_TRADE: BourgeoisieCardKind
BOURGEOISIE_CARD_KIND_BOND: BourgeoisieCardKind
BOURGEOISIE_CARD_KIND_LAND: BourgeoisieCardKind
BOURGEOISIE_CARD_KIND_OFFICE: BourgeoisieCardKind
BOURGEOISIE_CARD_KIND_EVENT: BourgeoisieCardKind
BOURGEOISIE_PHASE_UNSPECIFIED: BourgeoisiePhase
BOURGEOISIE_PHASE_FAMILY: BourgeoisiePhase
BOURGEOISIE_PHASE_REVENUE: BourgeoisiePhase
BOURGEOISIE_PHASE_FATE: BourgeoisiePhase
BOURGEOISIE_PHASE_OPPORTUNITY: BourgeoisiePhase
BOURGEOISIE_PHASE_CAPITAL: BourgeoisiePhase
BOURGEOISIE_PHASE_CONVERSION: BourgeoisiePhase
BOURGEOISIE_PHASE_INVESTMENT: BourgeoisiePhase
BOURGEOISIE_PHASE_NOBLEMENT: BourgeoisiePhase
BOURGEOISIE_PHASE_END: BourgeoisiePhase

class BourgeoisiePlaceFamily(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class BourgeoisiePlaceTrade(_message.Message):
    __slots__ = ("card", "vouchers")
    CARD_FIELD_NUMBER: _ClassVar[int]
    VOUCHERS_FIELD_NUMBER: _ClassVar[int]
    card: int
    vouchers: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, card: _Optional[int] = ..., vouchers: _Optional[_Iterable[int]] = ...) -> None: ...

class BourgeoisieBuyCard(_message.Message):
    __slots__ = ("slot", "target")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    slot: int
    target: int
    def __init__(self, slot: _Optional[int] = ..., target: _Optional[int] = ...) -> None: ...

class BourgeoisieSellCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class BourgeoisieInvest(_message.Message):
    __slots__ = ("card", "vouchers")
    CARD_FIELD_NUMBER: _ClassVar[int]
    VOUCHERS_FIELD_NUMBER: _ClassVar[int]
    card: int
    vouchers: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, card: _Optional[int] = ..., vouchers: _Optional[_Iterable[int]] = ...) -> None: ...

class BourgeoisieRetire(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class BourgeoisieDiscardCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class BourgeoisieEndPhase(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class BourgeoisieAction(_message.Message):
    __slots__ = ("place_family", "place_trade", "buy_card", "sell_card", "invest", "retire", "discard_card", "end_phase")
    PLACE_FAMILY_FIELD_NUMBER: _ClassVar[int]
    PLACE_TRADE_FIELD_NUMBER: _ClassVar[int]
    BUY_CARD_FIELD_NUMBER: _ClassVar[int]
    SELL_CARD_FIELD_NUMBER: _ClassVar[int]
    INVEST_FIELD_NUMBER: _ClassVar[int]
    RETIRE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_CARD_FIELD_NUMBER: _ClassVar[int]
    END_PHASE_FIELD_NUMBER: _ClassVar[int]
    place_family: BourgeoisiePlaceFamily
    place_trade: BourgeoisiePlaceTrade
    buy_card: BourgeoisieBuyCard
    sell_card: BourgeoisieSellCard
    invest: BourgeoisieInvest
    retire: BourgeoisieRetire
    discard_card: BourgeoisieDiscardCard
    end_phase: BourgeoisieEndPhase
    def __init__(self, place_family: _Optional[_Union[BourgeoisiePlaceFamily, _Mapping]] = ..., place_trade: _Optional[_Union[BourgeoisiePlaceTrade, _Mapping]] = ..., buy_card: _Optional[_Union[BourgeoisieBuyCard, _Mapping]] = ..., sell_card: _Optional[_Union[BourgeoisieSellCard, _Mapping]] = ..., invest: _Optional[_Union[BourgeoisieInvest, _Mapping]] = ..., retire: _Optional[_Union[BourgeoisieRetire, _Mapping]] = ..., discard_card: _Optional[_Union[BourgeoisieDiscardCard, _Mapping]] = ..., end_phase: _Optional[_Union[BourgeoisieEndPhase, _Mapping]] = ...) -> None: ...

class BourgeoisieCard(_message.Message):
    __slots__ = ("id", "name", "kind", "value", "prestige", "upgrades")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    PRESTIGE_FIELD_NUMBER: _ClassVar[int]
    UPGRADES_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    kind: BourgeoisieCardKind
    value: int
    prestige: int
    upgrades: int
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., kind: _Optional[_Union[BourgeoisieCardKind, str]] = ..., value: _Optional[int] = ..., prestige: _Optional[int] = ..., upgrades: _Optional[int] = ...) -> None: ...

class BourgeoisieFamily(_message.Message):
    __slots__ = ("family", "trade", "bonds", "lands", "offices", "revenue")
    FAMILY_FIELD_NUMBER: _ClassVar[int]
    TRADE_FIELD_NUMBER: _ClassVar[int]
    BONDS_FIELD_NUMBER: _ClassVar[int]
    LANDS_FIELD_NUMBER: _ClassVar[int]
    OFFICES_FIELD_NUMBER: _ClassVar[int]
    REVENUE_FIELD_NUMBER: _ClassVar[int]
    family: BourgeoisieCard
    trade: BourgeoisieCard
    bonds: _containers.RepeatedCompositeFieldContainer[BourgeoisieCard]
    lands: _containers.RepeatedCompositeFieldContainer[BourgeoisieCard]
    offices: _containers.RepeatedCompositeFieldContainer[BourgeoisieCard]
    revenue: int
    def __init__(self, family: _Optional[_Union[BourgeoisieCard, _Mapping]] = ..., trade: _Optional[_Union[BourgeoisieCard, _Mapping]] = ..., bonds: _Optional[_Iterable[_Union[BourgeoisieCard, _Mapping]]] = ..., lands: _Optional[_Iterable[_Union[BourgeoisieCard, _Mapping]]] = ..., offices: _Optional[_Iterable[_Union[BourgeoisieCard, _Mapping]]] = ..., revenue: _Optional[int] = ...) -> None: ...

class BourgeoisiePlayer(_message.Message):
    __slots__ = ("seat", "silver", "gold", "opportunity", "hand_size", "hand_visible", "hand", "family", "retired")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SILVER_FIELD_NUMBER: _ClassVar[int]
    GOLD_FIELD_NUMBER: _ClassVar[int]
    OPPORTUNITY_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    HAND_VISIBLE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    FAMILY_FIELD_NUMBER: _ClassVar[int]
    RETIRED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    silver: int
    gold: int
    opportunity: int
    hand_size: int
    hand_visible: bool
    hand: _containers.RepeatedCompositeFieldContainer[BourgeoisieCard]
    family: BourgeoisieFamily
    retired: _containers.RepeatedCompositeFieldContainer[BourgeoisieFamily]
    def __init__(self, seat: _Optional[int] = ..., silver: _Optional[int] = ..., gold: _Optional[int] = ..., opportunity: _Optional[int] = ..., hand_size: _Optional[int] = ..., hand_visible: _Optional[bool] = ..., hand: _Optional[_Iterable[_Union[BourgeoisieCard, _Mapping]]] = ..., family: _Optional[_Union[BourgeoisieFamily, _Mapping]] = ..., retired: _Optional[_Iterable[_Union[BourgeoisieFamily, _Mapping]]] = ...) -> None: ...

class BourgeoisieTrackSlot(_message.Message):
    __slots__ = ("slot", "card")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    slot: int
    card: BourgeoisieCard
    def __init__(self, slot: _Optional[int] = ..., card: _Optional[_Union[BourgeoisieCard, _Mapping]] = ...) -> None: ...

class BourgeoisieView(_message.Message):
    __slots__ = ("viewer", "ruleset", "turn", "active_seat", "phase", "track", "deck_size", "discard", "players", "finished", "scores", "places")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SEAT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TRACK_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    viewer: int
    ruleset: str
    turn: int
    active_seat: int
    phase: BourgeoisiePhase
    track: _containers.RepeatedCompositeFieldContainer[BourgeoisieTrackSlot]
    deck_size: int
    discard: _containers.RepeatedCompositeFieldContainer[BourgeoisieCard]
    players: _containers.RepeatedCompositeFieldContainer[BourgeoisiePlayer]
    finished: bool
    scores: _containers.RepeatedScalarFieldContainer[int]
    places: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, viewer: _Optional[int] = ..., ruleset: _Optional[str] = ..., turn: _Optional[int] = ..., active_seat: _Optional[int] = ..., phase: _Optional[_Union[BourgeoisiePhase, str]] = ..., track: _Optional[_Iterable[_Union[BourgeoisieTrackSlot, _Mapping]]] = ..., deck_size: _Optional[int] = ..., discard: _Optional[_Iterable[_Union[BourgeoisieCard, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[BourgeoisiePlayer, _Mapping]]] = ..., finished: _Optional[bool] = ..., scores: _Optional[_Iterable[int]] = ..., places: _Optional[_Iterable[int]] = ...) -> None: ...
