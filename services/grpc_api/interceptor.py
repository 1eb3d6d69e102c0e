"""One server interceptor that turns every raised error into its status (see status.py),
and, when the server has a rate limiter, refuses callers over their limit first; streams run
on threads of their own (streams.py), so open streams never hold up other calls."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import grpc

from games.core.errors import MalformedError
from services.grpc_api.limits import RateLimiter, caller_of
from services.grpc_api.status import rich_status, status_code_of
from services.grpc_api.streams import StreamThreads

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
    behaviour: Callable[..., Iterator[Any]], admit: Admit, streams: StreamThreads | None
) -> Callable[..., Any]:
    if getattr(behaviour, "experimental_non_blocking", False):
        return _guard_non_blocking_stream(behaviour, admit)

    def guarded(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
        try:
            admit(context)
            _require_decoded(request)
            with _slot(streams):
                yield from behaviour(request, context)
        except Exception as error:
            _refuse(error, context)
            raise

    return _on_pool(guarded, streams)


def _slot(streams: StreamThreads | None) -> AbstractContextManager[None]:
    return nullcontext() if streams is None else streams.slot()


def _on_pool(guarded: Callable[..., Any], streams: StreamThreads | None) -> Callable[..., Any]:
    """``guarded``, marked to run on the streams' own threads (when the server has them)."""
    if streams is not None:
        guarded.experimental_thread_pool = streams.pool  # type: ignore[attr-defined]
    return guarded


def _guard_non_blocking_stream(behaviour: Callable[..., Any], admit: Admit) -> Callable[..., Any]:
    """The guard of a stream that sends its responses through a callback and returns at once
    (the health service's Watch): it stays so, holding no worker thread while it is open. A
    guard that iterated it would make it block a thread for as long as its client watches,
    and a few dozen watching clients would leave no thread for any other call."""

    def guarded(
        request: Any,
        context: grpc.ServicerContext,
        send_response_callback: Callable[[Any], None] | None = None,
    ) -> Any:
        try:
            admit(context)
            _require_decoded(request)
            return behaviour(request, context, send_response_callback=send_response_callback)
        except Exception as error:
            _refuse(error, context)
            raise

    guarded.experimental_non_blocking = True  # type: ignore[attr-defined]
    guarded.experimental_thread_pool = getattr(  # type: ignore[attr-defined]
        behaviour, "experimental_thread_pool", None
    )
    return guarded


def _decoded(requests: Iterator[Any]) -> Iterator[Any]:
    """A client stream's requests, refusing the first that did not decode."""
    for request in requests:
        _require_decoded(request)
        yield request


def _guard_bidi_stream(
    behaviour: Callable[[Iterator[Any], grpc.ServicerContext], Iterator[Any]],
    admit: Admit,
    streams: StreamThreads | None,
) -> Callable[..., Any]:
    def guarded(requests: Iterator[Any], context: grpc.ServicerContext) -> Iterator[Any]:
        try:
            admit(context)
            with _slot(streams):
                yield from behaviour(_decoded(requests), context)
        except grpc.RpcError:
            raise  # reading the requests found the call over (cancelled): gRPC has ended it
        except Exception as error:
            _refuse(error, context)
            raise

    return _on_pool(guarded, streams)


class ErrorStatusInterceptor(grpc.ServerInterceptor):  # type: ignore[type-arg]
    """Applies the error table to every unary, server-streaming and bidirectional method (ours,
    and the health and reflection services the server also hosts, whose request bytes are a
    client's too), after the rate limit (when ``limiter`` is given) for the tabletop services'
    methods."""

    def __init__(
        self, limiter: RateLimiter | None = None, streams: StreamThreads | None = None
    ) -> None:
        self._limiter = limiter
        self._streams = streams

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
        if handler is None:
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
                _guard_stream(handler.unary_stream, admit, self._streams),
                request_deserializer=_tolerant(handler.request_deserializer),
                response_serializer=handler.response_serializer,
            )
        if handler.stream_stream is not None:
            return grpc.stream_stream_rpc_method_handler(
                _guard_bidi_stream(handler.stream_stream, admit, self._streams),
                request_deserializer=_tolerant(handler.request_deserializer),
                response_serializer=handler.response_serializer,
            )
        return handler
