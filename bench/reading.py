"""ReadEvents of the load section's long game against a bare stream of as many messages.

Both come from one server (``bench.stack``, exactly `tabletop serve`'s stack) to a client in
this process that takes each message as bytes, parsing none, so the client's share is the
same on both sides. The bare stream (``bench.echo``) sends one message of the average size
of the game's events, built before the first is sent, as many times as the game has events:
the difference between the two is what the game service does for each event (read it,
fold it, describe it, build its message). The two take turns, ``rounds`` times, and each
round gives its own ratio; the ratio held to the goal is the median of the rounds.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable
from typing import Any

import grpc
from tabletop.v1 import game_service_pb2 as pb

from bench.backends import Backend
from bench.common import ARBITER, cpu_seconds, stack
from bench.echo import STREAM_METHOD, stream_request

READ_EVENTS = "/tabletop.v1.GameService/ReadEvents"
Stream = Callable[[], Iterable[bytes]]


def measure(backend: Backend, game_id: str, events: int, rounds: int) -> dict[str, Any]:
    """Seconds, events/s and server CPU per event of ReadEvents of every event of
    ``game_id`` and of the bare stream, ``rounds`` times each in turn; their ratios."""
    extra = ("--no-publisher",) if backend.redis_url else ()
    with stack(backend.env, *extra) as (process, target), grpc.insecure_channel(target) as channel:
        read = _read_events(channel, game_id)
        sizes = [len(message) for message in read()]  # warms both ends; the messages' size
        if len(sizes) != events:
            raise RuntimeError(f"ReadEvents sent {len(sizes)} events of {events}")
        bare = _bare(channel, events, round(sum(sizes) / events))
        turns = [(_timed(process.pid, read), _timed(process.pid, bare)) for _ in range(rounds)]
    return {
        "events": events,
        "bytes": sum(sizes),
        "read_events": _pooled([served for served, _ in turns], events),
        "bare_stream": _pooled([streamed for _, streamed in turns], events),
        "rounds": [round(served["seconds"] / streamed["seconds"], 3) for served, streamed in turns],
    }


def _read_events(channel: grpc.Channel, game_id: str) -> Stream:
    """Every event of the game, as the arbiter reads it (a game in play too), as bytes."""
    # No response deserializer: each message comes as its bytes.
    method = channel.unary_stream(READ_EVENTS, pb.ReadEventsRequest.SerializeToString, None)
    request = pb.ReadEventsRequest(game_id=game_id)
    metadata = (("authorization", f"Bearer {ARBITER}"),)
    return lambda: method(request, metadata=metadata)


def _bare(channel: grpc.Channel, count: int, size: int) -> Stream:
    method = channel.unary_stream(STREAM_METHOD, None, None)  # raw bytes both ways
    request = stream_request(count, b"\x01" * size)
    return lambda: method(request)


def _timed(pid: int, stream: Stream) -> dict[str, float]:
    """One whole stream: its seconds and the server's CPU seconds meanwhile."""
    cpu, started = cpu_seconds(pid), time.perf_counter()
    for _message in stream():
        pass
    seconds = time.perf_counter() - started
    return {"seconds": seconds, "server_cpu": cpu_seconds(pid) - cpu}


def _pooled(runs: list[dict[str, float]], events: int) -> dict[str, Any]:
    seconds = statistics.median(run["seconds"] for run in runs)
    return {
        "p50_s": round(seconds, 3),
        "per_s": round(events / seconds),
        "server_cpu_us_per_event": round(
            statistics.median(run["server_cpu"] for run in runs) / events * 1e6
        ),
    }
