"""Refusals from the server as exceptions that carry the status code and the machine reason.

Failures that never reach a server (nothing listening, a name that does not resolve, a TLS
handshake that fails, no answer within the deadline) become ``TabletopError`` too, with a
client-side reason and one line that says what to check, so every caller (and the CLI) handles
one exception type. So does a client setting that cannot be used (``ClientSettingError``).
"""

from __future__ import annotations

from typing import Any

import grpc
import grpc.aio
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2

STATUS_DETAILS_KEY = "grpc-status-details-bin"
"""Trailing metadata holding the rich ``google.rpc.Status`` (with its ErrorInfo, and a
RetryInfo when the server says when to try again)."""

SERVER_UNREACHABLE = "SERVER_UNREACHABLE"
"""Client-side reason: nothing answered at the address (connection refused, reset, closed)."""
BAD_ADDRESS = "BAD_ADDRESS"
"""Client-side reason: the address does not resolve or is not ``host:port``."""
TIMED_OUT = "TIMED_OUT"
"""Client-side reason: the call's deadline passed before the server answered."""
STREAM_LOST = "STREAM_LOST"
"""Client-side reason: a watch could not reconnect within its reconnect budget."""
NO_DECISION = "NO_DECISION"
"""Client-side reason: a retrying submit found nothing for its seat to decide."""
BAD_TOKEN = "BAD_TOKEN"
"""Client-side reason: the token has characters a gRPC metadata value cannot carry."""
BAD_TLS_CA = "BAD_TLS_CA"
"""Client-side reason: the CA certificate file given for TLS cannot be read or is not PEM."""

RETRYABLE = frozenset(
    {
        grpc.StatusCode.UNAVAILABLE,  # the server went away, or is restarting
        grpc.StatusCode.DEADLINE_EXCEEDED,  # no answer in time: it may have been lost
        grpc.StatusCode.CANCELLED,  # a stopping server cancels the calls still running
    }
)
"""Codes of a call that may succeed later unchanged: the server or the network was away, and
an answer, if there was one, was lost."""


class TabletopError(Exception):
    """A call the server refused: ``code`` (grpc.StatusCode) and ``reason`` (e.g. STALE_VERSION).

    ``retry_delay`` is the seconds the server asked the caller to wait before sending the call
    again (its ``google.rpc.RetryInfo``: RATE_LIMITED), None when it asked for nothing.
    """

    def __init__(
        self,
        code: grpc.StatusCode,
        reason: str,
        message: str,
        retry_delay: float | None = None,
    ) -> None:
        super().__init__(f"{code.name} {reason}: {message}")
        self.code = code
        self.reason = reason
        self.message = message
        self.retry_delay = retry_delay

    @property
    def retryable(self) -> bool:
        """True when the same call may succeed later unchanged: the server or the network was
        away (``RETRYABLE``), or the server said when to try again (a rate limit)."""
        return self.retry_delay is not None or self.code in RETRYABLE


class ClientSettingError(TabletopError):
    """A setting of the client itself cannot be used (an unreadable TLS CA file, say), so no
    call was made: INVALID_ARGUMENT with a client-side reason. Raised when the client is
    built; the CLI reports it as a bad argument (exit status 2)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(grpc.StatusCode.INVALID_ARGUMENT, reason, message)


def from_rpc_error(error: grpc.RpcError, target: str = "") -> TabletopError:
    """Read the ErrorInfo reason (UNKNOWN when the server sent none) and the RetryInfo delay
    out of a refused call.

    A call that failed before any server judged it has no ErrorInfo: it gets a client-side
    reason (SERVER_UNREACHABLE, BAD_ADDRESS, TIMED_OUT) and a one-line explanation naming
    ``target``.
    """
    code, details = _code_and_details(error)
    reason, retry_delay = _server_details(error)
    if reason is None:
        reason, details = _client_side(code, details, target)
    return TabletopError(code, reason, " ".join(details.split()), retry_delay)


def _code_and_details(error: grpc.RpcError) -> tuple[grpc.StatusCode, str]:
    """The status of a failed call, from the sync (``grpc.Call``) or asyncio API alike."""
    if isinstance(error, grpc.Call | grpc.aio.AioRpcError):
        return error.code(), error.details() or ""
    return grpc.StatusCode.UNKNOWN, str(error)


def _server_details(error: grpc.RpcError) -> tuple[str | None, float | None]:
    """The ``google.rpc.ErrorInfo`` reason and the ``google.rpc.RetryInfo`` delay (seconds) a
    server attached to the trailing metadata, each None when it sent none."""
    reason, delay = None, None
    for detail in _status_details(error):
        info, retry = error_details_pb2.ErrorInfo(), error_details_pb2.RetryInfo()
        if detail.Unpack(info):
            reason = str(info.reason)
        elif detail.Unpack(retry):
            delay = retry.retry_delay.ToTimedelta().total_seconds()
    return reason, delay


def _status_details(error: grpc.RpcError) -> list[any_pb2.Any]:
    """The ``details`` of the rich status in a failed call's trailing metadata, if any."""
    if not isinstance(error, grpc.Call | grpc.aio.AioRpcError):
        return []
    trailers: Any = error.trailing_metadata() or ()  # sync and asyncio types differ
    for key, value in trailers:
        if key == STATUS_DETAILS_KEY and isinstance(value, bytes):
            return list(status_pb2.Status.FromString(value).details)
    return []


def _client_side(code: grpc.StatusCode, details: str, target: str) -> tuple[str, str]:
    """A reason and a short message for a failure that carries no server reason."""
    where = f" at {target}" if target else ""
    lowered = details.lower()
    if code is grpc.StatusCode.UNAVAILABLE and ("resolv" in lowered or "dns" in lowered):
        named = f" {target!r}" if target else ""
        return BAD_ADDRESS, f"cannot resolve the server address{named} (expected host:port)"
    if code is grpc.StatusCode.UNAVAILABLE and _without_port(target):
        return BAD_ADDRESS, (
            f"the server address {target!r} has no port, so gRPC tried port 443 and nothing "
            f"answered (expected host:port, e.g. {target}:50051)"
        )
    if code is grpc.StatusCode.UNAVAILABLE and "refused" in lowered:
        return SERVER_UNREACHABLE, (
            f"no tabletop server answers{where} (connection refused); "
            "is `tabletop serve` running there?"
        )
    if code is grpc.StatusCode.UNAVAILABLE and "settings frame" in lowered:
        return SERVER_UNREACHABLE, (
            f"something{where} accepted the connection but does not speak gRPC; "
            "is it a tabletop server?"
        )
    if code is grpc.StatusCode.UNAVAILABLE:
        return SERVER_UNREACHABLE, _handshake_failure(lowered, where) or (
            f"lost the connection to the server{where} ({details})"
        )
    if code is grpc.StatusCode.DEADLINE_EXCEEDED:
        return TIMED_OUT, f"the server{where} did not answer before the call's deadline"
    return "UNKNOWN", details


def _without_port(target: str) -> bool:
    """True for a plain host name or address with no port (``127.0.0.1``, ``[::1]``), which
    gRPC reaches on port 443; False for ``host:port`` and for targets with a scheme
    (``dns:///…``, ``unix:…``), whose form gRPC itself checks."""
    host_and_port = target.removeprefix("[").split("]", 1)[-1]  # after an IPv6 address
    return bool(target) and ":" not in host_and_port and "/" not in target


def _handshake_failure(lowered: str, where: str) -> str | None:
    """What to check when the connection failed while it was being set up because the two
    ends disagree about TLS, or the client does not trust the server's certificate; None
    for any other failure. ``lowered`` is gRPC's details, in lower case."""
    if "failed to connect" in lowered and "socket closed" in lowered:
        # a TLS server drops a plaintext client's first bytes without a word
        return (
            f"the server{where} closed the connection before answering; if it serves TLS, "
            "connect with --tls (or --tls-ca FILE for a private or self-signed certificate)"
        )
    if "wrong_version_number" in lowered:
        return (
            f"the TLS handshake with the server{where} failed: it answers in plaintext; "
            "connect without --tls and --tls-ca, or serve TLS (--tls-cert, --tls-key)"
        )
    if "certificate_verify_failed" in lowered:
        why = lowered.rsplit("certificate_verify_failed:", 1)[-1].removesuffix(": ok").strip()
        return (
            f"the server{where} presented a certificate this client does not trust ({why}); "
            "pass the CA certificate that signed it with --tls-ca FILE"
        )
    if "hostname verification" in lowered:
        return (
            f"the certificate of the server{where} is not issued for that name; connect by a "
            "name (or IP address) the certificate lists"
        )
    return None
