"""The one table from errors to status codes (services/grpc_api/status.py): an error it does
not name is INTERNAL and says nothing of itself, and every message is cut to fit the trailing
metadata (docs/reliability.md, "Refusals are clear")."""

from __future__ import annotations

import grpc
from google.rpc import error_details_pb2, status_pb2

from services.application import InvalidRequestError
from services.grpc_api.status import rich_status


def _sent(error: Exception) -> tuple[grpc.StatusCode, str, str]:
    """The code, message and ErrorInfo reason a call refused with ``error`` ends with."""
    status = rich_status(error)
    trailers = dict(status.trailing_metadata)
    details = status_pb2.Status.FromString(trailers["grpc-status-details-bin"]).details
    info = error_details_pb2.ErrorInfo()
    assert details[0].Unpack(info) and info.domain == "tabletop"
    return status.code, status.details, info.reason


def test_an_unexpected_error_is_internal_and_says_nothing_of_itself() -> None:
    sent = _sent(KeyError("the deck's order: 12, 40, 7"))
    assert sent == (grpc.StatusCode.INTERNAL, "internal error", "INTERNAL")


def test_a_long_message_is_cut_to_400_characters() -> None:
    code, message, reason = _sent(InvalidRequestError("x" * 5000, reason="BAD_TEXT"))
    assert (code, reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_TEXT")
    assert len(message) == 400 and message == "x" * 399 + "…"
