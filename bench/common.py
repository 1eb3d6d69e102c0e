"""What the benchmark sections share: run sizes, the processes they start, CPU readings."""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from services.application import Games

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")
GAME, SEATS = "bourgeoisie", 2
"""The game every section plays."""
ARBITER = "bench-arbiter"
"""The arbiter token of the sections' own stores and of the server under test."""


@dataclass(frozen=True)
class Sizes:
    """How much each section does: ``FULL`` for the figures, ``TINY`` for the smoke test."""

    sequential_calls: int
    parallel_calls: int
    warmup_calls: int
    in_flight: int
    rounds: int  # echo and SubmitAction alternate this many times, each with a share of calls
    script_actions: int  # the longest script recorded (a whole game is shorter)
    short_game: int  # events of the short game in the load section
    long_game: int  # events of the long one
    load_samples: int
    publisher_rates: tuple[int, ...]  # stored events per second offered to the publisher
    publisher_seconds: float
    catch_up_events: int
    commit_seconds: float  # per writer count in the commit section


FULL = Sizes(
    sequential_calls=2_000,
    parallel_calls=8_000,
    warmup_calls=500,
    in_flight=32,
    rounds=4,
    script_actions=1_000,
    short_game=100,
    long_game=10_000,
    load_samples=200,
    publisher_rates=(100, 1_000),
    publisher_seconds=5.0,
    catch_up_events=5_000,
    commit_seconds=3.0,
)
TINY = Sizes(
    sequential_calls=20,
    parallel_calls=64,
    warmup_calls=8,
    in_flight=8,
    rounds=2,
    script_actions=12,
    short_game=100,
    long_game=300,
    load_samples=3,
    publisher_rates=(100,),
    publisher_seconds=1.0,
    catch_up_events=100,
    commit_seconds=0.3,
)


def python_module(module: str, *args: str) -> list[str]:
    """The command line that runs ``module`` with this interpreter."""
    return [sys.executable, "-m", module, *args]


def child_env(extra: dict[str, str]) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), **extra}


@contextmanager
def stack(env: dict[str, str], *args: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """The server under test (``bench.stack``) in its own process, and its address."""
    process = subprocess.Popen(
        python_module("bench.stack", *args),
        cwd=ROOT,
        env=child_env(env),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        port = process.stdout.readline().strip()
        if not port:
            raise RuntimeError("the benchmark server did not start")
        yield process, f"127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(15)


def run_driver(spec: dict[str, Any]) -> dict[str, Any]:
    """Run one load-generator process (``bench.drive``) on ``spec``; its result."""
    done = subprocess.run(
        python_module("bench.drive"),
        cwd=ROOT,
        env=child_env({}),
        input=json.dumps(spec),
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, all threads."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def percentiles(values: list[float]) -> dict[str, float]:
    """p50 and p99 (nearest rank) of millisecond values, rounded for the report."""
    if not values:
        return {"p50_ms": float("nan"), "p99_ms": float("nan")}
    ordered = sorted(values)
    p99 = ordered[max(0, min(len(ordered) - 1, round(len(ordered) * 0.99) - 1))]
    return {"p50_ms": round(statistics.median(ordered), 3), "p99_ms": round(p99, 3)}


def take_every_seat(games: Games, game_id: str, seats: int) -> list[str]:
    """Join every seat of a game through the use cases; the seats' tokens, in seat order."""
    return [games.join_game(game_id, f"player {seat}", seat).token for seat in range(seats)]


class Played(NamedTuple):
    """One action played: by which seat, what it was, and the versions it stored."""

    seat: int
    action: object
    versions: list[int]


def play_random_action(
    games: Games, game_id: str, tokens: list[str], chooser: random.Random
) -> Played | None:
    """Submit one of the acting seat's legal actions, chosen by ``chooser``, through the use
    cases, as a server would take it; None when the game has ended."""
    game = games.game_info(game_id)
    seat = game.rules.to_act(game.state)
    if seat is None:
        return None
    choices = games.legal_actions(game_id, tokens[seat])
    action = chooser.choice(choices.actions)
    answer = games.submit_action(game_id, tokens[seat], choices.version, "", action)
    return Played(seat, action, [recorded.version for recorded in answer.events])


def record_script(games: Games, limit: int) -> list[Played]:
    """Up to ``limit`` actions of one game played at random through the use cases: legal again,
    in order, on any fresh game that ``games`` creates with the same seed."""
    game_id, _version = games.create_game(GAME, SEATS)
    tokens = take_every_seat(games, game_id, SEATS)
    chooser, script = random.Random(9), list[Played]()
    while len(script) < limit and (played := play_random_action(games, game_id, tokens, chooser)):
        script.append(played)
    return script
