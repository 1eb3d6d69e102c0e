import datetime

from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GameKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_KIND_UNSPECIFIED: _ClassVar[GameKind]
    GAME_KIND_BOURGEOISIE: _ClassVar[GameKind]
    GAME_KIND_BURGUNDY: _ClassVar[GameKind]
    GAME_KIND_BRUGES: _ClassVar[GameKind]

class Perspective(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PERSPECTIVE_UNSPECIFIED: _ClassVar[Perspective]
    PERSPECTIVE_PUBLIC: _ClassVar[Perspective]
    PERSPECTIVE_SEAT: _ClassVar[Perspective]
    PERSPECTIVE_FULL: _ClassVar[Perspective]

class CauseKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CAUSE_KIND_UNSPECIFIED: _ClassVar[CauseKind]
    CAUSE_KIND_SETUP: _ClassVar[CauseKind]
    CAUSE_KIND_JOIN: _ClassVar[CauseKind]
    CAUSE_KIND_ACTION: _ClassVar[CauseKind]
    CAUSE_KIND_DISPUTE: _ClassVar[CauseKind]
GAME_KIND_UNSPECIFIED: GameKind
GAME_KIND_BOURGEOISIE: GameKind
GAME_KIND_BURGUNDY: GameKind
GAME_KIND_BRUGES: GameKind
PERSPECTIVE_UNSPECIFIED: Perspective
PERSPECTIVE_PUBLIC: Perspective
PERSPECTIVE_SEAT: Perspective
PERSPECTIVE_FULL: Perspective
CAUSE_KIND_UNSPECIFIED: CauseKind
CAUSE_KIND_SETUP: CauseKind
CAUSE_KIND_JOIN: CauseKind
CAUSE_KIND_ACTION: CauseKind
CAUSE_KIND_DISPUTE: CauseKind

class Cause(_message.Message):
    __slots__ = ("kind", "command_id", "seat", "action_type", "action_schema", "action")
    KIND_FIELD_NUMBER: _ClassVar[int]
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_TYPE_FIELD_NUMBER: _ClassVar[int]
    ACTION_SCHEMA_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    kind: CauseKind
    command_id: str
    seat: int
    action_type: str
    action_schema: int
    action: _struct_pb2.Struct
    def __init__(self, kind: _Optional[_Union[CauseKind, str]] = ..., command_id: _Optional[str] = ..., seat: _Optional[int] = ..., action_type: _Optional[str] = ..., action_schema: _Optional[int] = ..., action: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("game_id", "version", "recorded_at", "type", "schema", "cause", "description", "chain", "payload")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    RECORDED_AT_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    SCHEMA_FIELD_NUMBER: _ClassVar[int]
    CAUSE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    CHAIN_FIELD_NUMBER: _ClassVar[int]
    PAYLOAD_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    recorded_at: _timestamp_pb2.Timestamp
    type: str
    schema: int
    cause: Cause
    description: str
    chain: str
    payload: _struct_pb2.Struct
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., recorded_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., type: _Optional[str] = ..., schema: _Optional[int] = ..., cause: _Optional[_Union[Cause, _Mapping]] = ..., description: _Optional[str] = ..., chain: _Optional[str] = ..., payload: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class GameOption(_message.Message):
    __slots__ = ("name", "value")
    NAME_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    name: str
    value: str
    def __init__(self, name: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...

class Outcome(_message.Message):
    __slots__ = ("scores", "places")
    SCORES_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedScalarFieldContainer[int]
    places: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, scores: _Optional[_Iterable[int]] = ..., places: _Optional[_Iterable[int]] = ...) -> None: ...

class GameStatus(_message.Message):
    __slots__ = ("game", "ruleset", "seats", "players", "to_act", "finished", "outcome", "updated_at")
    GAME_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    game: GameKind
    ruleset: str
    seats: int
    players: _containers.RepeatedScalarFieldContainer[str]
    to_act: int
    finished: bool
    outcome: Outcome
    updated_at: _timestamp_pb2.Timestamp
    def __init__(self, game: _Optional[_Union[GameKind, str]] = ..., ruleset: _Optional[str] = ..., seats: _Optional[int] = ..., players: _Optional[_Iterable[str]] = ..., to_act: _Optional[int] = ..., finished: _Optional[bool] = ..., outcome: _Optional[_Union[Outcome, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...
