"""SubmitAction against a bare echo RPC on the same server stack, sequential and in flight.

One server process (``bench.stack``) serves both methods; a separate client process
(``bench.drive``) drives each case. Before the timed cases, one game is played through the
public API with uniformly random legal actions and its actions are recorded as the script;
then many games are created (all with the benchmark's shared seed) and the script is played
on each of them. The echo request is as large as a SubmitAction request.

Echo and SubmitAction take turns, ``sizes.rounds`` times, each turn with an equal share of
the calls, and a ratio is taken per round (the two sides measured within seconds of each
other) and reported as the median of the rounds: on a shared machine whose speed drifts over
minutes, that compares like with like where one long run of each would not.
"""

from __future__ import annotations

import base64
import math
import random
import statistics
from collections import Counter
from typing import Any

from tabletop.v1 import game_service_pb2 as pb

from bench.backends import Backend
from bench.common import GAME, SEATS, Sizes, cpu_seconds, run_driver, stack
from clients.sdk import GameClient

Script = list[tuple[int, pb.Action]]


def measure(backend: Backend, sizes: Sizes) -> dict[str, Any]:
    """Echo and SubmitAction, 1 and ``sizes.in_flight`` calls in flight, on ``backend``."""
    extra = ("--no-publisher",) if backend.redis_url else ()
    with stack(backend.env, *extra) as (process, target), GameClient(target) as client:
        script = record_script(client, sizes.script_actions)
        figures: dict[str, Any] = {"script_actions": len(script), "game": f"{GAME} {SEATS}p"}
        payload = _payload(script)
        for label, in_flight, calls in (
            ("sequential", 1, sizes.sequential_calls),
            ("parallel", sizes.in_flight, sizes.parallel_calls),
        ):
            share = max(in_flight, calls // sizes.rounds)
            spec = {"target": target, "in_flight": in_flight, "calls": share,
                    "warmup": min(sizes.warmup_calls, share)}  # fmt: skip
            rounds = []
            for _ in range(sizes.rounds):
                echo = _timed(process.pid, {**spec, "mode": "echo", "payload": payload})
                games = start_games(client, _games_needed(spec, len(script)))
                submit = _timed(
                    process.pid,
                    {**spec, "mode": "submit", "games": games, "script": _wire(script)},
                )
                rounds.append({"echo": echo, "submit": submit})
            figures[f"echo {label}"] = pooled([r["echo"] for r in rounds])
            figures[f"submit {label}"] = pooled([r["submit"] for r in rounds])
            figures[f"{label} rounds"] = [round_ratios(r) for r in rounds]
        return figures


def pooled(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One case's rounds together: calls and seconds summed, the rounds' median latencies,
    the mean server CPU per call, and every error."""
    calls, seconds = sum(r["calls"] for r in runs), sum(r["seconds"] for r in runs)
    errors: Counter[str] = Counter()
    for run in runs:
        errors.update(run["errors"])
    return {
        "calls": calls,
        "seconds": round(seconds, 3),
        "per_s": round(calls / seconds, 1) if seconds else 0.0,
        "p50_ms": round(statistics.median(r["p50_ms"] for r in runs), 3),
        "p99_ms": round(statistics.median(r["p99_ms"] for r in runs), 3),
        "server_cpu_us_per_call": round(statistics.mean(r["server_cpu_us_per_call"] for r in runs)),
        "errors": dict(errors),
    }


def round_ratios(pair: dict[str, dict[str, Any]]) -> dict[str, float]:
    """SubmitAction over echo within one round: throughput and p50."""
    echo, submit = pair["echo"], pair["submit"]
    return {
        "throughput": round(submit["per_s"] / echo["per_s"], 3),
        "p50": round(submit["p50_ms"] / echo["p50_ms"], 3),
    }


def record_script(client: GameClient, limit: int) -> Script:
    """Play one game with random legal actions through the API; its (seat, action) list."""
    game_id, tokens = _new_game(client)
    chooser, script = random.Random(9), Script()
    while len(script) < limit:
        status = client.get_view(game_id, "public").status
        if status.finished:
            break
        client.token = tokens[status.to_act]
        legal = client.list_legal_actions(game_id)
        action = chooser.choice(legal.actions).action
        client.submit_action(game_id, legal.version, action)
        script.append((status.to_act, action))
    client.token = ""
    return script


def start_games(client: GameClient, count: int) -> list[dict[str, Any]]:
    """``count`` new games with every seat taken: id, tokens and version for the driver."""
    games = []
    for _ in range(count):
        game_id, tokens = _new_game(client)
        version = client.get_view(game_id, "public").version
        games.append({"game_id": game_id, "tokens": tokens, "version": version})
    return games


def _new_game(client: GameClient) -> tuple[str, list[str]]:
    game_id = client.create_game(GAME, SEATS).game_id
    tokens = [client.join_game(game_id, f"bench {seat}", seat).token for seat in range(SEATS)]
    return game_id, tokens


def _games_needed(spec: dict[str, Any], script_length: int) -> int:
    # Each worker steps its own games in turn until the script of each is played out.
    per_worker = (spec["calls"] + spec["warmup"]) / spec["in_flight"]
    owned = max(2, math.ceil(per_worker / script_length) + 1)
    return int(owned * spec["in_flight"])


def _timed(pid: int, spec: dict[str, Any]) -> dict[str, Any]:
    before = cpu_seconds(pid)
    result = run_driver(spec)
    calls = max(1, result["calls"] + spec["warmup"])
    result["server_cpu_us_per_call"] = round((cpu_seconds(pid) - before) / calls * 1e6)
    return result


def _wire(script: Script) -> list[tuple[int, str]]:
    return [(seat, base64.b64encode(a.SerializeToString()).decode()) for seat, a in script]


def _payload(script: Script) -> str:
    # As many bytes as a typical SubmitAction request, token metadata aside.
    request = pb.SubmitActionRequest(
        game_id="0" * 36, expected_version=100, command_id="0" * 40, action=script[0][1]
    )
    return base64.b64encode(request.SerializeToString()).decode()
