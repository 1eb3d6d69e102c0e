"""One server interceptor that turns every raised error into its status (see status.py)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import Any

import grpc

from games.core.errors import MalformedError
from services.grpc_api.status import rich_status, status_code_of

log = logging.getLogger(__name__)


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


def _guard_unary(behaviour: Callable[[Any, grpc.ServicerContext], Any]) -> Callable[..., Any]:
    def guarded(request: Any, context: grpc.ServicerContext) -> Any:
        try:
            _require_decoded(request)
            return behaviour(request, context)
        except Exception as error:
            _refuse(error, context)
            raise  # abort_with_status raised already; this keeps type checkers honest

    return guarded


def _guard_stream(
    behaviour: Callable[[Any, grpc.ServicerContext], Iterator[Any]],
) -> Callable[..., Any]:
    def guarded(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
        try:
            _require_decoded(request)
            yield from behaviour(request, context)
        except Exception as error:
            _refuse(error, context)
            raise

    return guarded


class ErrorStatusInterceptor(grpc.ServerInterceptor):  # type: ignore[type-arg]
    """Applies the error table to every unary and server-streaming method."""

    def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], grpc.RpcMethodHandler[Any, Any] | None],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler[Any, Any] | None:
        handler = continuation(handler_call_details)
        if handler is None or handler.request_streaming:
            return handler
        if handler.unary_unary is not None:
            return grpc.unary_unary_rpc_method_handler(
                _guard_unary(handler.unary_unary),
                request_deserializer=_tolerant(handler.request_deserializer),
                response_serializer=handler.response_serializer,
            )
        if handler.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(
                _guard_stream(handler.unary_stream),
                request_deserializer=_tolerant(handler.request_deserializer),
                response_serializer=handler.response_serializer,
            )
        return handler
