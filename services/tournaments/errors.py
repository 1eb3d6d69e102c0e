"""Refusals of the tournament use cases, each with a machine-readable reason.

They are ``ApplicationError``s, so the service edge maps them to status codes in its one
table (``services/grpc_api/status.py``). Every check runs before anything is stored, so a
refused request changes nothing.
"""

from __future__ import annotations

from services.application.errors import ApplicationError


class TournamentError(ApplicationError):
    reason = "TOURNAMENT_ERROR"


class TournamentRequestError(TournamentError):
    """The request is malformed: bad id, format, points or places (INVALID_ARGUMENT). Names
    and reasons are checked by services/application/text.py (``BAD_TEXT``, the same status)."""

    reason = "BAD_TOURNAMENT_REQUEST"


class TournamentNotFoundError(TournamentError):
    """No tournament has this id (NOT_FOUND)."""

    reason = "TOURNAMENT_NOT_FOUND"


class NotInTournamentError(TournamentError):
    """The game or player named is not part of this tournament (NOT_FOUND)."""

    reason = "GAME_NOT_IN_TOURNAMENT"


class AlreadyRegisteredError(TournamentError):
    """A player of this name is already registered (ALREADY_EXISTS)."""

    reason = "ALREADY_REGISTERED"


class TournamentStateError(TournamentError):
    """Not possible now: a round has unfinished games, too few players, registration closed,
    the tournament is complete (FAILED_PRECONDITION)."""

    reason = "TOURNAMENT_STATE"


class TokenMissingError(TournamentError):
    """No organiser (or player) token was sent where one is needed (UNAUTHENTICATED)."""

    reason = "ORGANISER_TOKEN_MISSING"


class TokenRefusedError(TournamentError):
    """The token sent is not this tournament's organiser (or player) token (PERMISSION_DENIED)."""

    reason = "NOT_THE_ORGANISER"
