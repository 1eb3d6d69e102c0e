"""The load generator: a client process apart from the server, so the two never share a GIL.

    python -m bench.drive < spec.json > result.json

The spec names the server, the mode (``echo`` or ``submit``), how many calls to keep in
flight and how many to make. In ``submit`` mode it also carries the games (id, seat tokens,
version) and the script of (seat, action) that each of them plays: worker ``i`` of ``n``
owns games ``i, i+n, …`` and steps them in turn, so no two calls in flight touch one game and
every call is a real, accepted action. Latencies are taken around each call; the result is
one JSON object on stdout.
"""

from __future__ import annotations

import asyncio
import base64
import json
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import grpc
from tabletop.v1 import game_service_pb2 as pb
from tabletop.v1 import game_service_pb2_grpc

from bench.echo import ECHO_METHOD


@dataclass
class Game:
    """One game a worker plays: its id, seat tokens, version now and next script step."""

    game_id: str
    tokens: list[str]
    version: int
    step: int = 0


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)


class Driver:
    """Runs one spec's calls over one channel and keeps each call's latency."""

    def __init__(self, spec: dict[str, Any], channel: grpc.aio.Channel) -> None:
        self.spec = spec
        self.in_flight = int(spec["in_flight"])
        self.echo = channel.unary_unary(ECHO_METHOD, None, None)  # raw bytes both ways
        self.stub = game_service_pb2_grpc.GameServiceStub(channel)
        self.payload = base64.b64decode(spec.get("payload", ""))
        self.script = [
            (seat, pb.Action.FromString(base64.b64decode(action)))
            for seat, action in spec.get("script", [])
        ]
        self.games = [Game(g["game_id"], g["tokens"], g["version"]) for g in spec.get("games", [])]

    async def run(self, calls: int, tally: Tally) -> None:
        if calls <= 0:
            return
        per_worker = max(1, calls // self.in_flight)
        await asyncio.gather(*(self._worker(i, per_worker, tally) for i in range(self.in_flight)))

    async def _worker(self, index: int, calls: int, tally: Tally) -> None:
        mine = self.games[index :: self.in_flight]
        for n in range(calls):
            started = time.perf_counter()
            try:
                if self.spec["mode"] == "echo":
                    await self.echo(self.payload)
                elif not await self._step(mine, n):
                    tally.errors["out of games"] += 1
                    return
            except grpc.aio.AioRpcError as error:
                tally.errors[error.code().name] += 1
                continue
            tally.latencies.append(time.perf_counter() - started)

    async def _step(self, mine: list[Game], n: int) -> bool:
        playable = [g for g in mine if g.step < len(self.script)]
        if not playable:
            return False
        game = playable[n % len(playable)]
        seat, action = self.script[game.step]
        request = pb.SubmitActionRequest(
            game_id=game.game_id,
            expected_version=game.version,
            command_id=f"{game.game_id}/{game.step}",
            action=action,
        )
        metadata = (("authorization", f"Bearer {game.tokens[seat]}"),)
        answer = await self.stub.SubmitAction(request, metadata=metadata)
        game.version, game.step = answer.version, game.step + 1
        return True


def summary(tally: Tally, seconds: float) -> dict[str, Any]:
    """Calls per second and latency percentiles (ms) of one timed run."""
    ordered = sorted(tally.latencies)
    done = len(ordered)
    return {
        "calls": done,
        "seconds": round(seconds, 3),
        "per_s": round(done / seconds, 1) if seconds else 0.0,
        "p50_ms": round(statistics.median(ordered) * 1000, 3) if ordered else None,
        "p99_ms": round(percentile(ordered, 99) * 1000, 3) if ordered else None,
        "errors": dict(tally.errors),
    }


def percentile(ordered: list[float], p: float) -> float:
    """The nearest-rank percentile of an ascending list."""
    return ordered[max(0, min(len(ordered) - 1, round(len(ordered) * p / 100) - 1))]


async def drive(spec: dict[str, Any]) -> dict[str, Any]:
    async with grpc.aio.insecure_channel(spec["target"]) as channel:
        driver = Driver(spec, channel)
        await driver.run(int(spec.get("warmup", 0)), Tally())
        tally = Tally()
        started = time.perf_counter()
        await driver.run(int(spec["calls"]), tally)
        return summary(tally, time.perf_counter() - started)


def main() -> None:
    spec = json.load(sys.stdin)
    json.dump(asyncio.run(drive(spec)), sys.stdout)


if __name__ == "__main__":
    main()
