from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class BrugesColour(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BRUGES_COLOUR_UNSPECIFIED: _ClassVar[BrugesColour]
    BRUGES_COLOUR_BLUE: _ClassVar[BrugesColour]
    BRUGES_COLOUR_BROWN: _ClassVar[BrugesColour]
    BRUGES_COLOUR_RED: _ClassVar[BrugesColour]
    BRUGES_COLOUR_PURPLE: _ClassVar[BrugesColour]
    BRUGES_COLOUR_YELLOW: _ClassVar[BrugesColour]

class BrugesGroup(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BRUGES_GROUP_UNSPECIFIED: _ClassVar[BrugesGroup]
    BRUGES_GROUP_NOBLE: _ClassVar[BrugesGroup]
    BRUGES_GROUP_ENTERTAINER: _ClassVar[BrugesGroup]
    BRUGES_GROUP_CRAFTSMAN: _ClassVar[BrugesGroup]
    BRUGES_GROUP_CHURCH: _ClassVar[BrugesGroup]
    BRUGES_GROUP_PROTECTOR: _ClassVar[BrugesGroup]
    BRUGES_GROUP_SCHOLAR: _ClassVar[BrugesGroup]
    BRUGES_GROUP_BUREAUCRAT: _ClassVar[BrugesGroup]
    BRUGES_GROUP_MERCHANT: _ClassVar[BrugesGroup]
    BRUGES_GROUP_COURT: _ClassVar[BrugesGroup]
    BRUGES_GROUP_ARTIST: _ClassVar[BrugesGroup]
    BRUGES_GROUP_UNDERWORLD: _ClassVar[BrugesGroup]

class BrugesActivation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BRUGES_ACTIVATION_UNSPECIFIED: _ClassVar[BrugesActivation]
    BRUGES_ACTIVATION_IMMEDIATE: _ClassVar[BrugesActivation]
    BRUGES_ACTIVATION_WORKER: _ClassVar[BrugesActivation]
    BRUGES_ACTIVATION_ONGOING: _ClassVar[BrugesActivation]
    BRUGES_ACTIVATION_ENDGAME: _ClassVar[BrugesActivation]

class BrugesPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BRUGES_PHASE_UNSPECIFIED: _ClassVar[BrugesPhase]
    BRUGES_PHASE_SETUP: _ClassVar[BrugesPhase]
    BRUGES_PHASE_DRAW: _ClassVar[BrugesPhase]
    BRUGES_PHASE_THREATS: _ClassVar[BrugesPhase]
    BRUGES_PHASE_REPUTATION: _ClassVar[BrugesPhase]
    BRUGES_PHASE_ACTIONS: _ClassVar[BrugesPhase]
    BRUGES_PHASE_OVER: _ClassVar[BrugesPhase]

class BrugesTurnStep(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BRUGES_TURN_STEP_UNSPECIFIED: _ClassVar[BrugesTurnStep]
    BRUGES_TURN_STEP_STARTED: _ClassVar[BrugesTurnStep]
    BRUGES_TURN_STEP_PLAYED: _ClassVar[BrugesTurnStep]
    BRUGES_TURN_STEP_DONE: _ClassVar[BrugesTurnStep]

class BrugesCategory(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BRUGES_CATEGORY_UNSPECIFIED: _ClassVar[BrugesCategory]
    BRUGES_CATEGORY_REPUTATION: _ClassVar[BrugesCategory]
    BRUGES_CATEGORY_PERSONS: _ClassVar[BrugesCategory]
    BRUGES_CATEGORY_CANAL: _ClassVar[BrugesCategory]

class BrugesPendingKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BRUGES_PENDING_KIND_UNSPECIFIED: _ClassVar[BrugesPendingKind]
    BRUGES_PENDING_KIND_LOSS: _ClassVar[BrugesPendingKind]
    BRUGES_PENDING_KIND_DRAW: _ClassVar[BrugesPendingKind]
BRUGES_COLOUR_UNSPECIFIED: BrugesColour
BRUGES_COLOUR_BLUE: BrugesColour
BRUGES_COLOUR_BROWN: BrugesColour
BRUGES_COLOUR_RED: BrugesColour
BRUGES_COLOUR_PURPLE: BrugesColour
BRUGES_COLOUR_YELLOW: BrugesColour
BRUGES_GROUP_UNSPECIFIED: BrugesGroup
BRUGES_GROUP_NOBLE: BrugesGroup
BRUGES_GROUP_ENTERTAINER: BrugesGroup
BRUGES_GROUP_CRAFTSMAN: BrugesGroup
BRUGES_GROUP_CHURCH: BrugesGroup
BRUGES_GROUP_PROTECTOR: BrugesGroup
BRUGES_GROUP_SCHOLAR: BrugesGroup
BRUGES_GROUP_BUREAUCRAT: BrugesGroup
BRUGES_GROUP_MERCHANT: BrugesGroup
BRUGES_GROUP_COURT: BrugesGroup
BRUGES_GROUP_ARTIST: BrugesGroup
BRUGES_GROUP_UNDERWORLD: BrugesGroup
BRUGES_ACTIVATION_UNSPECIFIED: BrugesActivation
BRUGES_ACTIVATION_IMMEDIATE: BrugesActivation
BRUGES_ACTIVATION_WORKER: BrugesActivation
BRUGES_ACTIVATION_ONGOING: BrugesActivation
BRUGES_ACTIVATION_ENDGAME: BrugesActivation
BRUGES_PHASE_UNSPECIFIED: BrugesPhase
BRUGES_PHASE_SETUP: BrugesPhase
BRUGES_PHASE_DRAW: BrugesPhase
BRUGES_PHASE_THREATS: BrugesPhase
BRUGES_PHASE_REPUTATION: BrugesPhase
BRUGES_PHASE_ACTIONS: BrugesPhase
BRUGES_PHASE_OVER: BrugesPhase
BRUGES_TURN_STEP_UNSPECIFIED: BrugesTurnStep
BRUGES_TURN_STEP_STARTED: BrugesTurnStep
BRUGES_TURN_STEP_PLAYED: BrugesTurnStep
BRUGES_TURN_STEP_DONE: BrugesTurnStep
BRUGES_CATEGORY_UNSPECIFIED: BrugesCategory
BRUGES_CATEGORY_REPUTATION: BrugesCategory
BRUGES_CATEGORY_PERSONS: BrugesCategory
BRUGES_CATEGORY_CANAL: BrugesCategory
BRUGES_PENDING_KIND_UNSPECIFIED: BrugesPendingKind
BRUGES_PENDING_KIND_LOSS: BrugesPendingKind
BRUGES_PENDING_KIND_DRAW: BrugesPendingKind

class BrugesDrawCard(_message.Message):
    __slots__ = ("pile",)
    PILE_FIELD_NUMBER: _ClassVar[int]
    pile: int
    def __init__(self, pile: _Optional[int] = ...) -> None: ...

class BrugesAdvanceReputation(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class BrugesDeclineReputation(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class BrugesTakeWorkers(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class BrugesTakeGuilders(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class BrugesDiscardThreat(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class BrugesBuildCanal(_message.Message):
    __slots__ = ("card", "section")
    CARD_FIELD_NUMBER: _ClassVar[int]
    SECTION_FIELD_NUMBER: _ClassVar[int]
    card: int
    section: int
    def __init__(self, card: _Optional[int] = ..., section: _Optional[int] = ...) -> None: ...

class BrugesBuildHouse(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class BrugesRecruitPerson(_message.Message):
    __slots__ = ("card", "house", "choice")
    CARD_FIELD_NUMBER: _ClassVar[int]
    HOUSE_FIELD_NUMBER: _ClassVar[int]
    CHOICE_FIELD_NUMBER: _ClassVar[int]
    card: int
    house: int
    choice: BrugesColour
    def __init__(self, card: _Optional[int] = ..., house: _Optional[int] = ..., choice: _Optional[_Union[BrugesColour, str]] = ...) -> None: ...

class BrugesActivatePerson(_message.Message):
    __slots__ = ("person", "choice")
    PERSON_FIELD_NUMBER: _ClassVar[int]
    CHOICE_FIELD_NUMBER: _ClassVar[int]
    person: int
    choice: BrugesColour
    def __init__(self, person: _Optional[int] = ..., choice: _Optional[_Union[BrugesColour, str]] = ...) -> None: ...

class BrugesEndTurn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class BrugesLosePerson(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class BrugesLoseWorker(_message.Message):
    __slots__ = ("colour",)
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    colour: BrugesColour
    def __init__(self, colour: _Optional[_Union[BrugesColour, str]] = ...) -> None: ...

class BrugesLoseHouse(_message.Message):
    __slots__ = ("house",)
    HOUSE_FIELD_NUMBER: _ClassVar[int]
    house: int
    def __init__(self, house: _Optional[int] = ...) -> None: ...

class BrugesLoseCanalToken(_message.Message):
    __slots__ = ("section",)
    SECTION_FIELD_NUMBER: _ClassVar[int]
    section: int
    def __init__(self, section: _Optional[int] = ...) -> None: ...

class BrugesAction(_message.Message):
    __slots__ = ("draw_card", "advance_reputation", "decline_reputation", "take_workers", "take_guilders", "discard_threat", "build_canal", "build_house", "recruit_person", "activate_person", "end_turn", "lose_person", "lose_worker", "lose_house", "lose_canal_token")
    DRAW_CARD_FIELD_NUMBER: _ClassVar[int]
    ADVANCE_REPUTATION_FIELD_NUMBER: _ClassVar[int]
    DECLINE_REPUTATION_FIELD_NUMBER: _ClassVar[int]
    TAKE_WORKERS_FIELD_NUMBER: _ClassVar[int]
    TAKE_GUILDERS_FIELD_NUMBER: _ClassVar[int]
    DISCARD_THREAT_FIELD_NUMBER: _ClassVar[int]
    BUILD_CANAL_FIELD_NUMBER: _ClassVar[int]
    BUILD_HOUSE_FIELD_NUMBER: _ClassVar[int]
    RECRUIT_PERSON_FIELD_NUMBER: _ClassVar[int]
    ACTIVATE_PERSON_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    LOSE_PERSON_FIELD_NUMBER: _ClassVar[int]
    LOSE_WORKER_FIELD_NUMBER: _ClassVar[int]
    LOSE_HOUSE_FIELD_NUMBER: _ClassVar[int]
    LOSE_CANAL_TOKEN_FIELD_NUMBER: _ClassVar[int]
    draw_card: BrugesDrawCard
    advance_reputation: BrugesAdvanceReputation
    decline_reputation: BrugesDeclineReputation
    take_workers: BrugesTakeWorkers
    take_guilders: BrugesTakeGuilders
    discard_threat: BrugesDiscardThreat
    build_canal: BrugesBuildCanal
    build_house: BrugesBuildHouse
    recruit_person: BrugesRecruitPerson
    activate_person: BrugesActivatePerson
    end_turn: BrugesEndTurn
    lose_person: BrugesLosePerson
    lose_worker: BrugesLoseWorker
    lose_house: BrugesLoseHouse
    lose_canal_token: BrugesLoseCanalToken
    def __init__(self, draw_card: _Optional[_Union[BrugesDrawCard, _Mapping]] = ..., advance_reputation: _Optional[_Union[BrugesAdvanceReputation, _Mapping]] = ..., decline_reputation: _Optional[_Union[BrugesDeclineReputation, _Mapping]] = ..., take_workers: _Optional[_Union[BrugesTakeWorkers, _Mapping]] = ..., take_guilders: _Optional[_Union[BrugesTakeGuilders, _Mapping]] = ..., discard_threat: _Optional[_Union[BrugesDiscardThreat, _Mapping]] = ..., build_canal: _Optional[_Union[BrugesBuildCanal, _Mapping]] = ..., build_house: _Optional[_Union[BrugesBuildHouse, _Mapping]] = ..., recruit_person: _Optional[_Union[BrugesRecruitPerson, _Mapping]] = ..., activate_person: _Optional[_Union[BrugesActivatePerson, _Mapping]] = ..., end_turn: _Optional[_Union[BrugesEndTurn, _Mapping]] = ..., lose_person: _Optional[_Union[BrugesLosePerson, _Mapping]] = ..., lose_worker: _Optional[_Union[BrugesLoseWorker, _Mapping]] = ..., lose_house: _Optional[_Union[BrugesLoseHouse, _Mapping]] = ..., lose_canal_token: _Optional[_Union[BrugesLoseCanalToken, _Mapping]] = ...) -> None: ...

class BrugesPerson(_message.Message):
    __slots__ = ("id", "name", "colour", "group", "cost", "points", "activation", "worker", "text")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    GROUP_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    ACTIVATION_FIELD_NUMBER: _ClassVar[int]
    WORKER_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    colour: BrugesColour
    group: BrugesGroup
    cost: int
    points: int
    activation: BrugesActivation
    worker: BrugesColour
    text: str
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., colour: _Optional[_Union[BrugesColour, str]] = ..., group: _Optional[_Union[BrugesGroup, str]] = ..., cost: _Optional[int] = ..., points: _Optional[int] = ..., activation: _Optional[_Union[BrugesActivation, str]] = ..., worker: _Optional[_Union[BrugesColour, str]] = ..., text: _Optional[str] = ...) -> None: ...

class BrugesHouse(_message.Message):
    __slots__ = ("colour", "card", "person", "turned")
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    PERSON_FIELD_NUMBER: _ClassVar[int]
    TURNED_FIELD_NUMBER: _ClassVar[int]
    colour: BrugesColour
    card: int
    person: BrugesPerson
    turned: bool
    def __init__(self, colour: _Optional[_Union[BrugesColour, str]] = ..., card: _Optional[int] = ..., person: _Optional[_Union[BrugesPerson, _Mapping]] = ..., turned: _Optional[bool] = ...) -> None: ...

class BrugesPile(_message.Message):
    __slots__ = ("size", "top")
    SIZE_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    size: int
    top: BrugesColour
    def __init__(self, size: _Optional[int] = ..., top: _Optional[_Union[BrugesColour, str]] = ...) -> None: ...

class BrugesPending(_message.Message):
    __slots__ = ("seat", "kind", "colour", "count")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: BrugesPendingKind
    colour: BrugesColour
    count: int
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[BrugesPendingKind, str]] = ..., colour: _Optional[_Union[BrugesColour, str]] = ..., count: _Optional[int] = ...) -> None: ...

class BrugesPlayer(_message.Message):
    __slots__ = ("seat", "guilders", "workers", "threats", "score", "reputation", "canal", "statues", "majorities", "houses", "hand_size", "hand_colours", "hand_visible", "hand", "played")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GUILDERS_FIELD_NUMBER: _ClassVar[int]
    WORKERS_FIELD_NUMBER: _ClassVar[int]
    THREATS_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    REPUTATION_FIELD_NUMBER: _ClassVar[int]
    CANAL_FIELD_NUMBER: _ClassVar[int]
    STATUES_FIELD_NUMBER: _ClassVar[int]
    MAJORITIES_FIELD_NUMBER: _ClassVar[int]
    HOUSES_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    HAND_COLOURS_FIELD_NUMBER: _ClassVar[int]
    HAND_VISIBLE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    guilders: int
    workers: _containers.RepeatedScalarFieldContainer[int]
    threats: _containers.RepeatedScalarFieldContainer[int]
    score: int
    reputation: int
    canal: _containers.RepeatedScalarFieldContainer[int]
    statues: _containers.RepeatedScalarFieldContainer[int]
    majorities: _containers.RepeatedScalarFieldContainer[BrugesCategory]
    houses: _containers.RepeatedCompositeFieldContainer[BrugesHouse]
    hand_size: int
    hand_colours: _containers.RepeatedScalarFieldContainer[BrugesColour]
    hand_visible: bool
    hand: _containers.RepeatedCompositeFieldContainer[BrugesPerson]
    played: int
    def __init__(self, seat: _Optional[int] = ..., guilders: _Optional[int] = ..., workers: _Optional[_Iterable[int]] = ..., threats: _Optional[_Iterable[int]] = ..., score: _Optional[int] = ..., reputation: _Optional[int] = ..., canal: _Optional[_Iterable[int]] = ..., statues: _Optional[_Iterable[int]] = ..., majorities: _Optional[_Iterable[_Union[BrugesCategory, str]]] = ..., houses: _Optional[_Iterable[_Union[BrugesHouse, _Mapping]]] = ..., hand_size: _Optional[int] = ..., hand_colours: _Optional[_Iterable[_Union[BrugesColour, str]]] = ..., hand_visible: _Optional[bool] = ..., hand: _Optional[_Iterable[_Union[BrugesPerson, _Mapping]]] = ..., played: _Optional[int] = ...) -> None: ...

class BrugesView(_message.Message):
    __slots__ = ("viewer", "ruleset", "round", "turn", "phase", "start_player", "active_seat", "to_act", "step", "dice", "reputation_cost", "piles", "extra_size", "last_round", "discard", "statues", "pending", "players", "finished", "scores", "places")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    REPUTATION_COST_FIELD_NUMBER: _ClassVar[int]
    PILES_FIELD_NUMBER: _ClassVar[int]
    EXTRA_SIZE_FIELD_NUMBER: _ClassVar[int]
    LAST_ROUND_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    STATUES_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    viewer: int
    ruleset: str
    round: int
    turn: int
    phase: BrugesPhase
    start_player: int
    active_seat: int
    to_act: int
    step: BrugesTurnStep
    dice: _containers.RepeatedScalarFieldContainer[int]
    reputation_cost: int
    piles: _containers.RepeatedCompositeFieldContainer[BrugesPile]
    extra_size: int
    last_round: int
    discard: _containers.RepeatedCompositeFieldContainer[BrugesPerson]
    statues: _containers.RepeatedScalarFieldContainer[int]
    pending: _containers.RepeatedCompositeFieldContainer[BrugesPending]
    players: _containers.RepeatedCompositeFieldContainer[BrugesPlayer]
    finished: bool
    scores: _containers.RepeatedScalarFieldContainer[int]
    places: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, viewer: _Optional[int] = ..., ruleset: _Optional[str] = ..., round: _Optional[int] = ..., turn: _Optional[int] = ..., phase: _Optional[_Union[BrugesPhase, str]] = ..., start_player: _Optional[int] = ..., active_seat: _Optional[int] = ..., to_act: _Optional[int] = ..., step: _Optional[_Union[BrugesTurnStep, str]] = ..., dice: _Optional[_Iterable[int]] = ..., reputation_cost: _Optional[int] = ..., piles: _Optional[_Iterable[_Union[BrugesPile, _Mapping]]] = ..., extra_size: _Optional[int] = ..., last_round: _Optional[int] = ..., discard: _Optional[_Iterable[_Union[BrugesPerson, _Mapping]]] = ..., statues: _Optional[_Iterable[int]] = ..., pending: _Optional[_Iterable[_Union[BrugesPending, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[BrugesPlayer, _Mapping]]] = ..., finished: _Optional[bool] = ..., scores: _Optional[_Iterable[int]] = ..., places: _Optional[_Iterable[int]] = ...) -> None: ...
