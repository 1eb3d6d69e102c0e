"""The bare echo RPC the benchmark compares SubmitAction with: raw bytes in, the same out.

It is added to the benchmark's server only (``bench.stack``), never to the public API.
"""

from __future__ import annotations

from typing import Any

import grpc

ECHO_SERVICE = "bench.Echo"
ECHO_METHOD = f"/{ECHO_SERVICE}/Echo"


def echo_handler() -> grpc.GenericRpcHandler:  # type: ignore[type-arg]
    """A unary method that answers with the request's own bytes."""

    def echo(request: bytes, context: Any) -> bytes:
        return request

    return grpc.method_handlers_generic_handler(
        ECHO_SERVICE, {"Echo": grpc.unary_unary_rpc_method_handler(echo)}
    )
