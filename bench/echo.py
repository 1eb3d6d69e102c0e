"""The bare RPCs the benchmark compares the game service with: an echo (raw bytes in, the same
out) for SubmitAction, and a stream of one message sent again and again for ReadEvents.

They are added to the benchmark's server only (``bench.stack``), never to the public API.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import grpc

ECHO_SERVICE = "bench.Echo"
ECHO_METHOD = f"/{ECHO_SERVICE}/Echo"
STREAM_METHOD = f"/{ECHO_SERVICE}/Stream"
COUNT_BYTES = 4
"""A stream request: how many messages to send (big-endian), then the message itself."""


def stream_request(count: int, message: bytes) -> bytes:
    """What asks the bare stream for ``count`` copies of ``message``."""
    return count.to_bytes(COUNT_BYTES, "big") + message


def echo_handler() -> grpc.GenericRpcHandler:  # type: ignore[type-arg]
    """A unary method that answers with the request's own bytes, and a server-streaming one
    that sends the message a ``stream_request`` carries as many times as it asks, built
    before the first is sent: what is left is the stream itself."""

    def echo(request: bytes, context: Any) -> bytes:
        return request

    def stream(request: bytes, context: Any) -> Iterator[bytes]:
        count, message = int.from_bytes(request[:COUNT_BYTES], "big"), request[COUNT_BYTES:]
        for _ in range(count):
            yield message

    return grpc.method_handlers_generic_handler(
        ECHO_SERVICE,
        {
            "Echo": grpc.unary_unary_rpc_method_handler(echo),
            "Stream": grpc.unary_stream_rpc_method_handler(stream),
        },
    )
