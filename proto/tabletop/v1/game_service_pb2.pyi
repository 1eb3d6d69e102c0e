from tabletop.v1 import bourgeoisie_pb2 as _bourgeoisie_pb2
from tabletop.v1 import bruges_pb2 as _bruges_pb2
from tabletop.v1 import burgundy_pb2 as _burgundy_pb2
from tabletop.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Action(_message.Message):
    __slots__ = ("bourgeoisie", "burgundy", "bruges")
    BOURGEOISIE_FIELD_NUMBER: _ClassVar[int]
    BURGUNDY_FIELD_NUMBER: _ClassVar[int]
    BRUGES_FIELD_NUMBER: _ClassVar[int]
    bourgeoisie: _bourgeoisie_pb2.BourgeoisieAction
    burgundy: _burgundy_pb2.BurgundyAction
    bruges: _bruges_pb2.BrugesAction
    def __init__(self, bourgeoisie: _Optional[_Union[_bourgeoisie_pb2.BourgeoisieAction, _Mapping]] = ..., burgundy: _Optional[_Union[_burgundy_pb2.BurgundyAction, _Mapping]] = ..., bruges: _Optional[_Union[_bruges_pb2.BrugesAction, _Mapping]] = ...) -> None: ...

class View(_message.Message):
    __slots__ = ("bourgeoisie", "burgundy", "bruges")
    BOURGEOISIE_FIELD_NUMBER: _ClassVar[int]
    BURGUNDY_FIELD_NUMBER: _ClassVar[int]
    BRUGES_FIELD_NUMBER: _ClassVar[int]
    bourgeoisie: _bourgeoisie_pb2.BourgeoisieView
    burgundy: _burgundy_pb2.BurgundyView
    bruges: _bruges_pb2.BrugesView
    def __init__(self, bourgeoisie: _Optional[_Union[_bourgeoisie_pb2.BourgeoisieView, _Mapping]] = ..., burgundy: _Optional[_Union[_burgundy_pb2.BurgundyView, _Mapping]] = ..., bruges: _Optional[_Union[_bruges_pb2.BrugesView, _Mapping]] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GameInfo(_message.Message):
    __slots__ = ("game", "title", "min_seats", "max_seats", "rulesets", "rules_version")
    GAME_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    MIN_SEATS_FIELD_NUMBER: _ClassVar[int]
    MAX_SEATS_FIELD_NUMBER: _ClassVar[int]
    RULESETS_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.GameKind
    title: str
    min_seats: int
    max_seats: int
    rulesets: _containers.RepeatedScalarFieldContainer[str]
    rules_version: int
    def __init__(self, game: _Optional[_Union[_common_pb2.GameKind, str]] = ..., title: _Optional[str] = ..., min_seats: _Optional[int] = ..., max_seats: _Optional[int] = ..., rulesets: _Optional[_Iterable[str]] = ..., rules_version: _Optional[int] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameInfo]
    def __init__(self, games: _Optional[_Iterable[_Union[GameInfo, _Mapping]]] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("game", "seats", "ruleset", "options")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.GameKind
    seats: int
    ruleset: str
    options: _containers.RepeatedCompositeFieldContainer[_common_pb2.GameOption]
    def __init__(self, game: _Optional[_Union[_common_pb2.GameKind, str]] = ..., seats: _Optional[int] = ..., ruleset: _Optional[str] = ..., options: _Optional[_Iterable[_Union[_common_pb2.GameOption, _Mapping]]] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game_id", "version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class JoinGameRequest(_message.Message):
    __slots__ = ("game_id", "player_name", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    player_name: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., player_name: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class JoinGameResponse(_message.Message):
    __slots__ = ("game_id", "seat", "token", "version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    token: str
    version: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., token: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class SubmitActionRequest(_message.Message):
    __slots__ = ("game_id", "expected_version", "command_id", "action")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    expected_version: int
    command_id: str
    action: Action
    def __init__(self, game_id: _Optional[str] = ..., expected_version: _Optional[int] = ..., command_id: _Optional[str] = ..., action: _Optional[_Union[Action, _Mapping]] = ...) -> None: ...

class SubmitActionResponse(_message.Message):
    __slots__ = ("version", "events", "replayed")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    version: int
    events: _containers.RepeatedCompositeFieldContainer[_common_pb2.Event]
    replayed: bool
    def __init__(self, version: _Optional[int] = ..., events: _Optional[_Iterable[_Union[_common_pb2.Event, _Mapping]]] = ..., replayed: _Optional[bool] = ...) -> None: ...

class GetViewRequest(_message.Message):
    __slots__ = ("game_id", "perspective", "version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PERSPECTIVE_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    perspective: _common_pb2.Perspective
    version: int
    def __init__(self, game_id: _Optional[str] = ..., perspective: _Optional[_Union[_common_pb2.Perspective, str]] = ..., version: _Optional[int] = ...) -> None: ...

class GetViewResponse(_message.Message):
    __slots__ = ("version", "perspective", "seat", "status", "view")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    PERSPECTIVE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    version: int
    perspective: _common_pb2.Perspective
    seat: int
    status: _common_pb2.GameStatus
    view: View
    def __init__(self, version: _Optional[int] = ..., perspective: _Optional[_Union[_common_pb2.Perspective, str]] = ..., seat: _Optional[int] = ..., status: _Optional[_Union[_common_pb2.GameStatus, _Mapping]] = ..., view: _Optional[_Union[View, _Mapping]] = ...) -> None: ...

class ListLegalActionsRequest(_message.Message):
    __slots__ = ("game_id", "version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class LegalAction(_message.Message):
    __slots__ = ("action", "description")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    action: Action
    description: str
    def __init__(self, action: _Optional[_Union[Action, _Mapping]] = ..., description: _Optional[str] = ...) -> None: ...

class ListLegalActionsResponse(_message.Message):
    __slots__ = ("version", "seat", "actions")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    version: int
    seat: int
    actions: _containers.RepeatedCompositeFieldContainer[LegalAction]
    def __init__(self, version: _Optional[int] = ..., seat: _Optional[int] = ..., actions: _Optional[_Iterable[_Union[LegalAction, _Mapping]]] = ...) -> None: ...

class ReadEventsRequest(_message.Message):
    __slots__ = ("game_id", "after_version", "limit")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_VERSION_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    after_version: int
    limit: int
    def __init__(self, game_id: _Optional[str] = ..., after_version: _Optional[int] = ..., limit: _Optional[int] = ...) -> None: ...

class ReadEventsResponse(_message.Message):
    __slots__ = ("event",)
    EVENT_FIELD_NUMBER: _ClassVar[int]
    event: _common_pb2.Event
    def __init__(self, event: _Optional[_Union[_common_pb2.Event, _Mapping]] = ...) -> None: ...

class WatchGameRequest(_message.Message):
    __slots__ = ("game_id", "after_version", "perspective")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_VERSION_FIELD_NUMBER: _ClassVar[int]
    PERSPECTIVE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    after_version: int
    perspective: _common_pb2.Perspective
    def __init__(self, game_id: _Optional[str] = ..., after_version: _Optional[int] = ..., perspective: _Optional[_Union[_common_pb2.Perspective, str]] = ...) -> None: ...

class CaughtUp(_message.Message):
    __slots__ = ("version", "status")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    version: int
    status: _common_pb2.GameStatus
    def __init__(self, version: _Optional[int] = ..., status: _Optional[_Union[_common_pb2.GameStatus, _Mapping]] = ...) -> None: ...

class GameUpdate(_message.Message):
    __slots__ = ("event", "view", "status", "latest")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    LATEST_FIELD_NUMBER: _ClassVar[int]
    event: _common_pb2.Event
    view: View
    status: _common_pb2.GameStatus
    latest: bool
    def __init__(self, event: _Optional[_Union[_common_pb2.Event, _Mapping]] = ..., view: _Optional[_Union[View, _Mapping]] = ..., status: _Optional[_Union[_common_pb2.GameStatus, _Mapping]] = ..., latest: _Optional[bool] = ...) -> None: ...

class WatchGameResponse(_message.Message):
    __slots__ = ("update", "caught_up")
    UPDATE_FIELD_NUMBER: _ClassVar[int]
    CAUGHT_UP_FIELD_NUMBER: _ClassVar[int]
    update: GameUpdate
    caught_up: CaughtUp
    def __init__(self, update: _Optional[_Union[GameUpdate, _Mapping]] = ..., caught_up: _Optional[_Union[CaughtUp, _Mapping]] = ...) -> None: ...

class ForkGameRequest(_message.Message):
    __slots__ = ("game_id", "version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class ForkGameResponse(_message.Message):
    __slots__ = ("game_id", "version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class OpenDisputeRequest(_message.Message):
    __slots__ = ("game_id", "version", "claim")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    CLAIM_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    claim: str
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., claim: _Optional[str] = ...) -> None: ...

class OpenDisputeResponse(_message.Message):
    __slots__ = ("dispute_id", "version")
    DISPUTE_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    dispute_id: str
    version: int
    def __init__(self, dispute_id: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class RuleDisputeRequest(_message.Message):
    __slots__ = ("game_id", "dispute_id", "ruling", "upheld")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    DISPUTE_ID_FIELD_NUMBER: _ClassVar[int]
    RULING_FIELD_NUMBER: _ClassVar[int]
    UPHELD_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    dispute_id: str
    ruling: str
    upheld: bool
    def __init__(self, game_id: _Optional[str] = ..., dispute_id: _Optional[str] = ..., ruling: _Optional[str] = ..., upheld: _Optional[bool] = ...) -> None: ...

class RuleDisputeResponse(_message.Message):
    __slots__ = ("version", "dispute_id")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    DISPUTE_ID_FIELD_NUMBER: _ClassVar[int]
    version: int
    dispute_id: str
    def __init__(self, version: _Optional[int] = ..., dispute_id: _Optional[str] = ...) -> None: ...
