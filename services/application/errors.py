"""Errors of the use cases, each with a machine-readable reason.

The service edge maps them (and the rules' errors) to status codes in one table.
"""

from __future__ import annotations


class ApplicationError(Exception):
    reason = "APPLICATION_ERROR"

    def __init__(self, message: str, *, reason: str | None = None) -> None:
        super().__init__(message)
        if reason is not None:
            self.reason = reason


class InvalidRequestError(ApplicationError):
    """The request is malformed: unknown game, seat count out of range, bad id."""

    reason = "INVALID_REQUEST"


class GameNotFoundError(ApplicationError):
    reason = "GAME_NOT_FOUND"


class StaleVersionError(ApplicationError):
    """The client acted on an old version; it should refresh and retry."""

    reason = "STALE_VERSION"


class ConcurrentWriteError(ApplicationError):
    """Another writer appended first; the client should refresh and retry."""

    reason = "CONCURRENT_WRITE"


class UnauthenticatedError(ApplicationError):
    """No seat token was given where one is needed."""

    reason = "TOKEN_MISSING"


class PermissionDeniedError(ApplicationError):
    """The token does not hold a seat in this game (or no longer does: a tournament seat
    claimed again has a new token), or may not see what was asked."""

    reason = "TOKEN_NOT_VALID_FOR_GAME"


class RulesVersionError(ApplicationError):
    """The game was created under another rules version than this server implements, so it
    cannot be played on here: its next move would be judged by rules it was not played under
    (docs/reliability.md, "Games under another rules version")."""

    reason = "RULES_VERSION_MISMATCH"


class SeatUnavailableError(ApplicationError):
    """The seat is taken, or every seat is."""

    reason = "SEAT_TAKEN"


class StoreUnavailableError(ApplicationError):
    """The event store cannot be reached; nothing was stored."""

    reason = "STORE_UNAVAILABLE"
