"""The error hierarchy shared by every game.

Each error carries a machine-readable ``reason`` (UPPER_SNAKE_CASE). The service edge maps the
error *class* to a status code in one table and passes the reason on unchanged, so a client can
react to a rejection without parsing prose. Messages never name hidden cards.
"""

from __future__ import annotations


class GameError(Exception):
    """Base of every error raised by the pure rules."""

    reason = "GAME_ERROR"

    def __init__(self, message: str, *, reason: str | None = None) -> None:
        super().__init__(message)
        if reason is not None:
            self.reason = reason


class MalformedError(GameError):
    """The request cannot mean anything: unknown type, missing field, value out of range."""

    reason = "MALFORMED"


class RuleError(GameError):
    """The request is well formed but the rules forbid it now."""

    reason = "ILLEGAL_ACTION"


class NotYourTurnError(RuleError):
    """The seat is not the one the game is waiting for."""

    reason = "NOT_YOUR_TURN"


class GameOverError(RuleError):
    """The game has ended; no further actions are accepted."""

    reason = "GAME_OVER"


class CodecError(MalformedError):
    """An action or event could not be encoded or decoded."""

    reason = "UNDECODABLE"


class RecordError(GameError):
    """A record file is unreadable or fails an integrity check."""

    reason = "RECORD_INVALID"
