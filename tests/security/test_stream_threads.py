"""Open streams run on threads of their own (services/grpc_api/streams.py): watchers, however
many, leave every other call served, and a stream beyond the server's slots is refused at
once with a reason and a retry delay instead of waiting unanswered."""

from __future__ import annotations

import time
from datetime import timedelta

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from tabletop.v1 import common_pb2, game_service_pb2_grpc
from tabletop.v1 import game_service_pb2 as pb

from clients.errors import from_rpc_error
from tests.security.conftest import retry_delay, serving

Code = grpc.StatusCode
WORKERS = 4
"""Threads for unary calls in these servers: far fewer than the streams opened."""
WATCH_SECONDS = 15
"""Each watch's deadline: streams kept waiting for a thread would see it pass first."""


def _watch(
    stub: game_service_pb2_grpc.GameServiceStub, game_id: str
) -> grpc.CallIterator[pb.WatchGameResponse]:
    """A public watch of the game, read up to its caught-up marker: the stream is open and
    being served when this returns."""
    request = pb.WatchGameRequest(game_id=game_id, perspective=common_pb2.PERSPECTIVE_PUBLIC)
    stream: grpc.CallIterator[pb.WatchGameResponse] = stub.WatchGame(request, timeout=WATCH_SECONDS)
    for message in stream:
        if message.HasField("caught_up"):
            return stream
    raise AssertionError("the watch ended before it caught up")


def test_more_watchers_than_worker_threads_leave_other_calls_served() -> None:
    with (
        serving(workers=WORKERS) as (target, games),
        grpc.insecure_channel(target) as channel,
    ):
        game_id, _ = games.create_game("bourgeoisie", 2)
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        watches = [_watch(stub, game_id) for _ in range(WORKERS * 5)]
        try:
            assert all(watch.is_active() for watch in watches)
            look = pb.GetViewRequest(game_id=game_id, perspective=common_pb2.PERSPECTIVE_PUBLIC)
            assert stub.GetView(look, timeout=5).status.seats == 2
            joined = stub.JoinGame(
                pb.JoinGameRequest(game_id=game_id, player_name="ada"), timeout=5
            )
            assert joined.token
        finally:
            for watch in watches:
                watch.cancel()  # type: ignore[no-untyped-call]


def test_a_stream_beyond_the_slots_is_refused_at_once_and_admitted_once_one_closes() -> None:
    with (
        serving(workers=WORKERS, stream_slots=2) as (target, games),
        grpc.insecure_channel(target) as channel,
    ):
        game_id, _ = games.create_game("bourgeoisie", 2)
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        first, second = _watch(stub, game_id), _watch(stub, game_id)
        started = time.monotonic()
        with pytest.raises(grpc.RpcError) as busy:
            _watch(stub, game_id)
        assert time.monotonic() - started < 30, "refused, not left waiting for its deadline"
        assert busy.value.code() is Code.RESOURCE_EXHAUSTED
        assert from_rpc_error(busy.value).reason == "STREAMS_BUSY"
        assert retry_delay(busy.value) == timedelta(seconds=1)
        first.cancel()  # type: ignore[no-untyped-call]
        for _ in range(100):  # the slot is given back as the cancelled stream unwinds
            try:
                third = _watch(stub, game_id)
                break
            except grpc.RpcError as error:
                assert from_rpc_error(error).reason == "STREAMS_BUSY"
                time.sleep(0.05)
        else:
            pytest.fail("a slot never came free after a stream closed")
        second.cancel()  # type: ignore[no-untyped-call]
        third.cancel()  # type: ignore[no-untyped-call]


def test_health_watches_take_no_stream_slot() -> None:
    """The health service's Watch answers through a callback and holds no thread while it is
    open (interceptor.py), so load balancers watching health never use up the slots that
    games' streams need."""
    with (
        serving(workers=WORKERS, stream_slots=2) as (target, games),
        grpc.insecure_channel(target) as channel,
    ):
        game_id, _ = games.create_game("bourgeoisie", 2)
        health = health_pb2_grpc.HealthStub(channel)
        watches = [health.Watch(health_pb2.HealthCheckRequest(), timeout=30) for _ in range(6)]
        try:
            for watch in watches:
                assert next(watch).status == health_pb2.HealthCheckResponse.SERVING
            stub = game_service_pb2_grpc.GameServiceStub(channel)
            _watch(stub, game_id).cancel()  # type: ignore[no-untyped-call]
        finally:
            for watch in watches:
                watch.cancel()
