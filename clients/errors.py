"""Refusals from the server as exceptions that carry the status code and the machine reason."""

from __future__ import annotations

from typing import Any

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status


class TabletopError(Exception):
    """A call the server refused: ``code`` (grpc.StatusCode) and ``reason`` (e.g. STALE_VERSION)."""

    def __init__(self, code: grpc.StatusCode, reason: str, message: str) -> None:
        super().__init__(f"{code.name} {reason}: {message}")
        self.code = code
        self.reason = reason
        self.message = message


def from_rpc_error(error: grpc.RpcError) -> TabletopError:
    """Read the ErrorInfo reason out of a refused call (UNKNOWN when the server sent none)."""
    code = error.code() if isinstance(error, grpc.Call) else grpc.StatusCode.UNKNOWN
    details = error.details() if isinstance(error, grpc.Call) else str(error)
    reason = "UNKNOWN"
    status = rpc_status.from_call(error) if isinstance(error, grpc.Call) else None
    details_any: list[Any] = list(status.details) if status is not None else []
    for detail in details_any:
        info = error_details_pb2.ErrorInfo()
        if detail.Is(info.DESCRIPTOR):
            detail.Unpack(info)
            reason = info.reason
    return TabletopError(code, reason, details or "")
