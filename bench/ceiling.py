"""The handler alone: SubmitAction through the servicer in this process, with no gRPC at all.

The same kind of script as the ``rpc`` section (a random two-player Bourgeoisie game, played
on fresh games that share the benchmark's seed) is submitted straight to ``GameServicer``
from one thread, then from ``in_flight`` threads each owning its games, on the backend's
store with group commit as the server has it. The rules, sealing and storing are Python and
run under one interpreter lock, so the threaded figure is the most one server process could
answer if gRPC cost nothing; set beside the echo RPC's throughput, it says how far the
``rpc`` ratio could rise by work on the transport alone.
"""

from __future__ import annotations

import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any, cast

import grpc
from tabletop.v1 import game_service_pb2 as pb

import wire as convert
from bench.backends import Backend
from bench.common import GAME, SEATS, Sizes, record_script, take_every_seat
from bench.stack import BENCH_SEED
from services.application import Games, GameStore
from services.grpc_api.servicer import GameServicer
from services.publisher.bus import LocalBus

Script = list[tuple[int, pb.Action]]


class _Caller:
    """What the servicer reads of a call's context: the seat's bearer token."""

    def __init__(self, token: str) -> None:
        self._metadata = (("authorization", f"Bearer {token}"),)

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return self._metadata


def measure(backend: Backend, sizes: Sizes) -> dict[str, Any]:
    """Actions/s and CPU per action, one thread and ``sizes.in_flight`` threads."""
    store = GameStore(backend.settings)
    try:
        games = Games(store, seeds=lambda: BENCH_SEED)
        servicer = GameServicer(games, LocalBus())
        played = record_script(games, sizes.script_actions)
        script = [(p.seat, convert.action_to_proto(GAME, p.action)) for p in played]
        calls = sizes.parallel_calls // sizes.rounds
        return {
            "script_actions": len(script),
            "threads": sizes.in_flight,
            "sequential": _timed(games, servicer, script, 1, calls),
            "parallel": _timed(games, servicer, script, sizes.in_flight, calls),
        }
    finally:
        store.close()


def _timed(
    games: Games, servicer: GameServicer, script: Script, threads: int, calls: int
) -> dict[str, Any]:
    per_thread = max(1, calls // threads)
    plans = [_games_for(games, per_thread, len(script)) for _ in range(threads)]
    cpu, wall = time.process_time(), time.perf_counter()
    with ThreadPoolExecutor(threads) as pool:
        played = [pool.submit(_play, games, servicer, script, plan, per_thread) for plan in plans]
        for each in played:
            each.result()  # every call must be an accepted action, or the figure means nothing
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    done = per_thread * threads
    return {
        "calls": done,
        "per_s": round(done / wall, 1),
        "cpu_us_per_call": round(cpu / done * 1e6),
    }


def _games_for(games: Games, calls: int, script_length: int) -> list[tuple[str, list[_Caller]]]:
    plan = []
    for _ in range(-(-calls // script_length)):
        game_id, _version = games.create_game(GAME, SEATS)
        plan.append((game_id, [_Caller(t) for t in take_every_seat(games, game_id, SEATS)]))
    return plan


def _play(
    games: Games,
    servicer: GameServicer,
    script: Script,
    plan: list[tuple[str, list[_Caller]]],
    calls: int,
) -> None:
    left = calls
    for game_id, callers in plan:
        version = games.game_info(game_id).version
        for seat, action in script[:left]:
            request = pb.SubmitActionRequest(
                game_id=game_id,
                expected_version=version,
                command_id=uuid.uuid4().hex,
                action=action,
            )
            # The servicer reads nothing of a call's context but its metadata.
            context = cast(grpc.ServicerContext, callers[seat])
            version = servicer.SubmitAction(request, context).version
        left -= min(left, len(script))
