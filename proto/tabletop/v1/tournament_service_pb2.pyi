from tabletop.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TournamentFormat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TOURNAMENT_FORMAT_UNSPECIFIED: _ClassVar[TournamentFormat]
    TOURNAMENT_FORMAT_ROUND_ROBIN: _ClassVar[TournamentFormat]
    TOURNAMENT_FORMAT_SWISS: _ClassVar[TournamentFormat]
    TOURNAMENT_FORMAT_SINGLE_ELIMINATION: _ClassVar[TournamentFormat]

class TableStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TABLE_STATUS_UNSPECIFIED: _ClassVar[TableStatus]
    TABLE_STATUS_IN_PLAY: _ClassVar[TableStatus]
    TABLE_STATUS_FINISHED: _ClassVar[TableStatus]
    TABLE_STATUS_ADJUDICATED: _ClassVar[TableStatus]

class RulingKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RULING_KIND_UNSPECIFIED: _ClassVar[RulingKind]
    RULING_KIND_ADJUDICATED: _ClassVar[RulingKind]
    RULING_KIND_WITHDRAWN: _ClassVar[RulingKind]
TOURNAMENT_FORMAT_UNSPECIFIED: TournamentFormat
TOURNAMENT_FORMAT_ROUND_ROBIN: TournamentFormat
TOURNAMENT_FORMAT_SWISS: TournamentFormat
TOURNAMENT_FORMAT_SINGLE_ELIMINATION: TournamentFormat
TABLE_STATUS_UNSPECIFIED: TableStatus
TABLE_STATUS_IN_PLAY: TableStatus
TABLE_STATUS_FINISHED: TableStatus
TABLE_STATUS_ADJUDICATED: TableStatus
RULING_KIND_UNSPECIFIED: RulingKind
RULING_KIND_ADJUDICATED: RulingKind
RULING_KIND_WITHDRAWN: RulingKind

class TournamentSettings(_message.Message):
    __slots__ = ("name", "game", "ruleset", "seats_per_table", "format", "rounds", "points_by_place", "bye_points", "smallest_table")
    NAME_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    SEATS_PER_TABLE_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    POINTS_BY_PLACE_FIELD_NUMBER: _ClassVar[int]
    BYE_POINTS_FIELD_NUMBER: _ClassVar[int]
    SMALLEST_TABLE_FIELD_NUMBER: _ClassVar[int]
    name: str
    game: _common_pb2.GameKind
    ruleset: str
    seats_per_table: int
    format: TournamentFormat
    rounds: int
    points_by_place: _containers.RepeatedScalarFieldContainer[int]
    bye_points: int
    smallest_table: int
    def __init__(self, name: _Optional[str] = ..., game: _Optional[_Union[_common_pb2.GameKind, str]] = ..., ruleset: _Optional[str] = ..., seats_per_table: _Optional[int] = ..., format: _Optional[_Union[TournamentFormat, str]] = ..., rounds: _Optional[int] = ..., points_by_place: _Optional[_Iterable[int]] = ..., bye_points: _Optional[int] = ..., smallest_table: _Optional[int] = ...) -> None: ...

class TournamentPlayer(_message.Message):
    __slots__ = ("name", "seed", "withdrawn")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    name: str
    seed: int
    withdrawn: bool
    def __init__(self, name: _Optional[str] = ..., seed: _Optional[int] = ..., withdrawn: _Optional[bool] = ...) -> None: ...

class TournamentTable(_message.Message):
    __slots__ = ("table", "game_id", "players", "status", "scores", "places", "points", "forfeits", "reason", "rulings")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    FORFEITS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    RULINGS_FIELD_NUMBER: _ClassVar[int]
    table: int
    game_id: str
    players: _containers.RepeatedScalarFieldContainer[str]
    status: TableStatus
    scores: _containers.RepeatedScalarFieldContainer[int]
    places: _containers.RepeatedScalarFieldContainer[int]
    points: _containers.RepeatedScalarFieldContainer[int]
    forfeits: _containers.RepeatedScalarFieldContainer[int]
    reason: str
    rulings: _containers.RepeatedCompositeFieldContainer[TableRuling]
    def __init__(self, table: _Optional[int] = ..., game_id: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., status: _Optional[_Union[TableStatus, str]] = ..., scores: _Optional[_Iterable[int]] = ..., places: _Optional[_Iterable[int]] = ..., points: _Optional[_Iterable[int]] = ..., forfeits: _Optional[_Iterable[int]] = ..., reason: _Optional[str] = ..., rulings: _Optional[_Iterable[_Union[TableRuling, _Mapping]]] = ...) -> None: ...

class TableRuling(_message.Message):
    __slots__ = ("kind", "places", "forfeits", "reason")
    KIND_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    FORFEITS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    kind: RulingKind
    places: _containers.RepeatedScalarFieldContainer[int]
    forfeits: _containers.RepeatedScalarFieldContainer[int]
    reason: str
    def __init__(self, kind: _Optional[_Union[RulingKind, str]] = ..., places: _Optional[_Iterable[int]] = ..., forfeits: _Optional[_Iterable[int]] = ..., reason: _Optional[str] = ...) -> None: ...

class TournamentRound(_message.Message):
    __slots__ = ("round", "tables", "byes", "completed")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    BYES_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_FIELD_NUMBER: _ClassVar[int]
    round: int
    tables: _containers.RepeatedCompositeFieldContainer[TournamentTable]
    byes: _containers.RepeatedScalarFieldContainer[str]
    completed: bool
    def __init__(self, round: _Optional[int] = ..., tables: _Optional[_Iterable[_Union[TournamentTable, _Mapping]]] = ..., byes: _Optional[_Iterable[str]] = ..., completed: _Optional[bool] = ...) -> None: ...

class TournamentStanding(_message.Message):
    __slots__ = ("rank", "player", "seed", "points", "game_score", "opponents_points", "first_places", "games_played", "byes", "withdrawn", "points_by_round", "eliminated_in_round")
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    GAME_SCORE_FIELD_NUMBER: _ClassVar[int]
    OPPONENTS_POINTS_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLACES_FIELD_NUMBER: _ClassVar[int]
    GAMES_PLAYED_FIELD_NUMBER: _ClassVar[int]
    BYES_FIELD_NUMBER: _ClassVar[int]
    WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    POINTS_BY_ROUND_FIELD_NUMBER: _ClassVar[int]
    ELIMINATED_IN_ROUND_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player: str
    seed: int
    points: int
    game_score: int
    opponents_points: int
    first_places: int
    games_played: int
    byes: int
    withdrawn: bool
    points_by_round: _containers.RepeatedScalarFieldContainer[int]
    eliminated_in_round: int
    def __init__(self, rank: _Optional[int] = ..., player: _Optional[str] = ..., seed: _Optional[int] = ..., points: _Optional[int] = ..., game_score: _Optional[int] = ..., opponents_points: _Optional[int] = ..., first_places: _Optional[int] = ..., games_played: _Optional[int] = ..., byes: _Optional[int] = ..., withdrawn: _Optional[bool] = ..., points_by_round: _Optional[_Iterable[int]] = ..., eliminated_in_round: _Optional[int] = ...) -> None: ...

class CreateTournamentRequest(_message.Message):
    __slots__ = ("settings",)
    SETTINGS_FIELD_NUMBER: _ClassVar[int]
    settings: TournamentSettings
    def __init__(self, settings: _Optional[_Union[TournamentSettings, _Mapping]] = ...) -> None: ...

class CreateTournamentResponse(_message.Message):
    __slots__ = ("tournament_id", "organiser_token", "settings")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    ORGANISER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SETTINGS_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    organiser_token: str
    settings: TournamentSettings
    def __init__(self, tournament_id: _Optional[str] = ..., organiser_token: _Optional[str] = ..., settings: _Optional[_Union[TournamentSettings, _Mapping]] = ...) -> None: ...

class RegisterPlayerRequest(_message.Message):
    __slots__ = ("tournament_id", "player_name")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAME_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    player_name: str
    def __init__(self, tournament_id: _Optional[str] = ..., player_name: _Optional[str] = ...) -> None: ...

class RegisterPlayerResponse(_message.Message):
    __slots__ = ("player", "player_token")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    PLAYER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    player: TournamentPlayer
    player_token: str
    def __init__(self, player: _Optional[_Union[TournamentPlayer, _Mapping]] = ..., player_token: _Optional[str] = ...) -> None: ...

class DropPlayerRequest(_message.Message):
    __slots__ = ("tournament_id", "player_name", "reason")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAME_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    player_name: str
    reason: str
    def __init__(self, tournament_id: _Optional[str] = ..., player_name: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class DropPlayerResponse(_message.Message):
    __slots__ = ("player",)
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    player: TournamentPlayer
    def __init__(self, player: _Optional[_Union[TournamentPlayer, _Mapping]] = ...) -> None: ...

class ReinstatePlayerRequest(_message.Message):
    __slots__ = ("tournament_id", "player_name", "reason")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAME_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    player_name: str
    reason: str
    def __init__(self, tournament_id: _Optional[str] = ..., player_name: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class ReinstatePlayerResponse(_message.Message):
    __slots__ = ("player",)
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    player: TournamentPlayer
    def __init__(self, player: _Optional[_Union[TournamentPlayer, _Mapping]] = ...) -> None: ...

class StartRoundRequest(_message.Message):
    __slots__ = ("tournament_id",)
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    def __init__(self, tournament_id: _Optional[str] = ...) -> None: ...

class StartRoundResponse(_message.Message):
    __slots__ = ("round",)
    ROUND_FIELD_NUMBER: _ClassVar[int]
    round: TournamentRound
    def __init__(self, round: _Optional[_Union[TournamentRound, _Mapping]] = ...) -> None: ...

class ClaimSeatRequest(_message.Message):
    __slots__ = ("tournament_id",)
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    def __init__(self, tournament_id: _Optional[str] = ...) -> None: ...

class ClaimSeatResponse(_message.Message):
    __slots__ = ("round", "table", "game_id", "seat", "token", "replaced")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    REPLACED_FIELD_NUMBER: _ClassVar[int]
    round: int
    table: int
    game_id: str
    seat: int
    token: str
    replaced: bool
    def __init__(self, round: _Optional[int] = ..., table: _Optional[int] = ..., game_id: _Optional[str] = ..., seat: _Optional[int] = ..., token: _Optional[str] = ..., replaced: _Optional[bool] = ...) -> None: ...

class GetTournamentRequest(_message.Message):
    __slots__ = ("tournament_id",)
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    def __init__(self, tournament_id: _Optional[str] = ...) -> None: ...

class GetTournamentResponse(_message.Message):
    __slots__ = ("tournament_id", "settings", "players", "rounds_started", "rounds_planned", "finished", "version")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    SETTINGS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_STARTED_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_PLANNED_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    settings: TournamentSettings
    players: _containers.RepeatedCompositeFieldContainer[TournamentPlayer]
    rounds_started: int
    rounds_planned: int
    finished: bool
    version: int
    def __init__(self, tournament_id: _Optional[str] = ..., settings: _Optional[_Union[TournamentSettings, _Mapping]] = ..., players: _Optional[_Iterable[_Union[TournamentPlayer, _Mapping]]] = ..., rounds_started: _Optional[int] = ..., rounds_planned: _Optional[int] = ..., finished: _Optional[bool] = ..., version: _Optional[int] = ...) -> None: ...

class GetPairingsRequest(_message.Message):
    __slots__ = ("tournament_id", "round")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    round: int
    def __init__(self, tournament_id: _Optional[str] = ..., round: _Optional[int] = ...) -> None: ...

class GetPairingsResponse(_message.Message):
    __slots__ = ("round",)
    ROUND_FIELD_NUMBER: _ClassVar[int]
    round: TournamentRound
    def __init__(self, round: _Optional[_Union[TournamentRound, _Mapping]] = ...) -> None: ...

class GetStandingsRequest(_message.Message):
    __slots__ = ("tournament_id", "after_round")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_ROUND_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    after_round: int
    def __init__(self, tournament_id: _Optional[str] = ..., after_round: _Optional[int] = ...) -> None: ...

class GetStandingsResponse(_message.Message):
    __slots__ = ("after_round", "standings", "rounds_planned", "finished")
    AFTER_ROUND_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_PLANNED_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    after_round: int
    standings: _containers.RepeatedCompositeFieldContainer[TournamentStanding]
    rounds_planned: int
    finished: bool
    def __init__(self, after_round: _Optional[int] = ..., standings: _Optional[_Iterable[_Union[TournamentStanding, _Mapping]]] = ..., rounds_planned: _Optional[int] = ..., finished: _Optional[bool] = ...) -> None: ...

class AdjudicateGameRequest(_message.Message):
    __slots__ = ("tournament_id", "game_id", "places", "forfeits", "reason")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    FORFEITS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    game_id: str
    places: _containers.RepeatedScalarFieldContainer[int]
    forfeits: _containers.RepeatedScalarFieldContainer[int]
    reason: str
    def __init__(self, tournament_id: _Optional[str] = ..., game_id: _Optional[str] = ..., places: _Optional[_Iterable[int]] = ..., forfeits: _Optional[_Iterable[int]] = ..., reason: _Optional[str] = ...) -> None: ...

class AdjudicateGameResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: TournamentTable
    def __init__(self, table: _Optional[_Union[TournamentTable, _Mapping]] = ...) -> None: ...

class WithdrawAdjudicationRequest(_message.Message):
    __slots__ = ("tournament_id", "game_id", "reason")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    game_id: str
    reason: str
    def __init__(self, tournament_id: _Optional[str] = ..., game_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class WithdrawAdjudicationResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: TournamentTable
    def __init__(self, table: _Optional[_Union[TournamentTable, _Mapping]] = ...) -> None: ...

class ExportTournamentRequest(_message.Message):
    __slots__ = ("tournament_id",)
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    def __init__(self, tournament_id: _Optional[str] = ...) -> None: ...

class ExportTournamentResponse(_message.Message):
    __slots__ = ("path", "content")
    PATH_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    path: str
    content: bytes
    def __init__(self, path: _Optional[str] = ..., content: _Optional[bytes] = ...) -> None: ...
