"""One server interceptor that turns every raised error into its status (see status.py),
and, when the server has a rate limiter, refuses callers over their limit first."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import Any

import grpc

from games.core.errors import MalformedError
from services.grpc_api.limits import RateLimiter, caller_of
from services.grpc_api.status import rich_status, status_code_of

log = logging.getLogger(__name__)
LIMITED_PREFIX = "/tabletop."
"""Only the game and tournament services are rate limited; health checks never are."""

Admit = Callable[[grpc.ServicerContext], None]


class _Undecodable:
    """Stands for request bytes that are not the message the method expects."""


def _tolerant(deserializer: Callable[[bytes], Any] | None) -> Callable[[bytes], Any] | None:
    # grpc answers INTERNAL when a deserializer raises; a client's bad bytes are its own
    # mistake, so they reach the handler as a marker and are refused as INVALID_ARGUMENT.
    if deserializer is None:
        return None

    def parse(data: bytes) -> Any:
        try:
            return deserializer(data)
        except Exception:
            return _Undecodable()

    return parse


def _require_decoded(request: Any) -> None:
    if isinstance(request, _Undecodable):
        raise MalformedError(
            "the request bytes are not a valid message", reason="UNDECODABLE_REQUEST"
        )


def _refuse(error: Exception, context: grpc.ServicerContext) -> None:
    if status_code_of(error) is grpc.StatusCode.INTERNAL:
        log.exception("unexpected error", exc_info=error)
    context.abort_with_status(rich_status(error))


def _admit_all(context: grpc.ServicerContext) -> None:
    """Lets every call through (no limiter, or a method that is never limited)."""


def _guard_unary(
    behaviour: Callable[[Any, grpc.ServicerContext], Any], admit: Admit
) -> Callable[..., Any]:
    def guarded(request: Any, context: grpc.ServicerContext) -> Any:
        try:
            admit(context)
            _require_decoded(request)
            return behaviour(request, context)
        except Exception as error:
            _refuse(error, context)
            raise  # abort_with_status raised already; this keeps type checkers honest

    return guarded


def _guard_stream(
    behaviour: Callable[[Any, grpc.ServicerContext], Iterator[Any]], admit: Admit
) -> Callable[..., Any]:
    def guarded(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
        try:
            admit(context)
            _require_decoded(request)
            yield from behaviour(request, context)
        except Exception as error:
            _refuse(error, context)
            raise

    return guarded


class ErrorStatusInterceptor(grpc.ServerInterceptor):  # type: ignore[type-arg]
    """Applies the error table to every unary and server-streaming method, after the rate
    limit (when ``limiter`` is given) for the tabletop services' methods."""

    def __init__(self, limiter: RateLimiter | None = None) -> None:
        self._limiter = limiter

    def _admission(self, method: str) -> Admit:
        limiter = self._limiter
        if limiter is None or not method.startswith(LIMITED_PREFIX):
            return _admit_all
        return lambda context: limiter.admit(caller_of(context))

    def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], grpc.RpcMethodHandler[Any, Any] | None],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler[Any, Any] | None:
        handler = continuation(handler_call_details)
        if handler is None or handler.request_streaming:
            return handler
        admit = self._admission(handler_call_details.method)
        if handler.unary_unary is not None:
            return grpc.unary_unary_rpc_method_handler(
                _guard_unary(handler.unary_unary, admit),
                request_deserializer=_tolerant(handler.request_deserializer),
                response_serializer=handler.response_serializer,
            )
        if handler.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(
                _guard_stream(handler.unary_stream, admit),
                request_deserializer=_tolerant(handler.request_deserializer),
                response_serializer=handler.response_serializer,
            )
        return handler
