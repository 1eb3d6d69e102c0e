"""The small shared kernel of every game: seats, chance, errors, the rules record, the fold,
the codec and the record format."""

from games.core.chance import Chance, ScriptedChance, SeededChance, commitment
from games.core.codec import Codec, Encoded
from games.core.errors import (
    CodecError,
    GameError,
    GameOverError,
    MalformedError,
    NotYourTurnError,
    RecordError,
    RuleError,
)
from games.core.meta import Cause, CauseKind, GameCreated, Seat, SeatTaken, SeedRevealed
from games.core.record import GameRecord, Recorded, read_record
from games.core.rules import AnyRules, GameRules, Outcome, apply, fold

__all__ = [
    "AnyRules",
    "Cause",
    "CauseKind",
    "Chance",
    "Codec",
    "CodecError",
    "Encoded",
    "GameCreated",
    "GameError",
    "GameOverError",
    "GameRecord",
    "GameRules",
    "MalformedError",
    "NotYourTurnError",
    "Outcome",
    "RecordError",
    "Recorded",
    "RuleError",
    "ScriptedChance",
    "Seat",
    "SeatTaken",
    "SeedRevealed",
    "SeededChance",
    "apply",
    "commitment",
    "fold",
    "read_record",
]
