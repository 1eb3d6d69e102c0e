"""The one table from errors to gRPC status codes, and the rich status it produces.

Every refusal carries a ``google.rpc.ErrorInfo`` whose ``reason`` is the error's
machine-readable reason and whose ``domain`` is ``tabletop``; a rate-limited call also carries
a ``google.rpc.RetryInfo`` saying how long to wait, the standard detail gRPC clients look for.
Messages never reveal hidden information: the rules write them with that in mind, and
unexpected errors say nothing.
"""

from __future__ import annotations

import math

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

from games.core.errors import GameError, MalformedError, RuleError
from services.application.errors import (
    ApplicationError,
    ConcurrentWriteError,
    GameNotFoundError,
    InvalidRequestError,
    PermissionDeniedError,
    RulesVersionError,
    SeatUnavailableError,
    StaleVersionError,
    StoreUnavailableError,
    UnauthenticatedError,
)
from services.grpc_api.limits import RateLimitedError
from services.tournaments.errors import (
    AlreadyRegisteredError,
    NotInTournamentError,
    TokenMissingError,
    TokenRefusedError,
    TournamentNotFoundError,
    TournamentRequestError,
    TournamentStateError,
)

DOMAIN = "tabletop"
MAX_MESSAGE_CHARS = 400
"""Longer messages are cut: the status travels in trailing metadata, and one that quoted a
megabyte of request would exceed the client's metadata limit and arrive as no status at all."""

STATUS_OF: tuple[tuple[type[Exception], grpc.StatusCode], ...] = (
    (MalformedError, grpc.StatusCode.INVALID_ARGUMENT),
    (InvalidRequestError, grpc.StatusCode.INVALID_ARGUMENT),
    (RuleError, grpc.StatusCode.FAILED_PRECONDITION),
    (SeatUnavailableError, grpc.StatusCode.FAILED_PRECONDITION),
    (RulesVersionError, grpc.StatusCode.FAILED_PRECONDITION),
    (StaleVersionError, grpc.StatusCode.ABORTED),
    (ConcurrentWriteError, grpc.StatusCode.ABORTED),
    (GameNotFoundError, grpc.StatusCode.NOT_FOUND),
    (UnauthenticatedError, grpc.StatusCode.UNAUTHENTICATED),
    (PermissionDeniedError, grpc.StatusCode.PERMISSION_DENIED),
    (StoreUnavailableError, grpc.StatusCode.UNAVAILABLE),
    (RateLimitedError, grpc.StatusCode.RESOURCE_EXHAUSTED),
    (TournamentRequestError, grpc.StatusCode.INVALID_ARGUMENT),
    (TournamentNotFoundError, grpc.StatusCode.NOT_FOUND),
    (NotInTournamentError, grpc.StatusCode.NOT_FOUND),
    (AlreadyRegisteredError, grpc.StatusCode.ALREADY_EXISTS),
    (TournamentStateError, grpc.StatusCode.FAILED_PRECONDITION),
    (TokenMissingError, grpc.StatusCode.UNAUTHENTICATED),
    (TokenRefusedError, grpc.StatusCode.PERMISSION_DENIED),
)


def status_code_of(error: Exception) -> grpc.StatusCode:
    for kind, code in STATUS_OF:
        if isinstance(error, kind):
            return code
    return grpc.StatusCode.INTERNAL


def reason_of(error: Exception) -> str:
    if isinstance(error, GameError | ApplicationError):
        return error.reason
    return "INTERNAL"


def rich_status(error: Exception) -> grpc.Status:
    """The status a refused call ends with: code, message, and an ErrorInfo with the reason."""
    code = status_code_of(error)
    message = str(error) if code is not grpc.StatusCode.INTERNAL else "internal error"
    if len(message) > MAX_MESSAGE_CHARS:
        message = message[: MAX_MESSAGE_CHARS - 1] + "…"
    details = [_packed(error_details_pb2.ErrorInfo(reason=reason_of(error), domain=DOMAIN))]
    if isinstance(error, RateLimitedError):
        details.append(_packed(retry_info(error.retry_after)))
    status = status_pb2.Status(code=code.value[0], message=message, details=details)
    return rpc_status.to_status(status)


def retry_info(seconds: float) -> error_details_pb2.RetryInfo:
    """A RetryInfo of ``seconds``, rounded up to the millisecond: a client that waits exactly
    that long finds a request in its bucket again, never a moment before."""
    delay = duration_pb2.Duration()
    delay.FromMilliseconds(math.ceil(seconds * 1000))
    return error_details_pb2.RetryInfo(retry_delay=delay)


def _packed(detail: Message) -> any_pb2.Any:
    packed = any_pb2.Any()
    packed.Pack(detail)
    return packed
