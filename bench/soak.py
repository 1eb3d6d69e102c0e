"""Soak: many concurrent bot games for minutes on end through one `tabletop serve` process.

    python -m bench.soak --minutes 5                  # SQLite store, 24 games at a time
    python -m bench.soak --minutes 2 --games 48 --store postgres --postgres-db test

Client processes (apart from the server, so they never share its GIL) each keep their share
of the games going: one thread per game plays random legal actions (GetView, ListLegalActions,
SubmitAction per action) and starts a new game, of a random kind and size, when one ends.
Spectator threads follow live games with WatchGame and check that each stream delivers every
version once, in order. Every interval the actions are counted and the server's resident
memory is sampled. The report: actions/s over the run, and over each minute after the first
interval its median and slowest (the rate held); errors by status (there should be none);
games finished and a sample of them verified from their records; and the server's RSS at
start, peak and end. Written to ``bench/results/soak-<date>.json``. Not part of ``bench.run``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from multiprocessing.queues import Queue
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from rich.console import Console

from bench.backends import free_port
from bench.common import cpu_seconds
from clients.errors import TabletopError
from clients.sdk import GameClient
from games.registry import all_rules
from replay.sources import fetch_record
from replay.verify import verify_record

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
VERIFIED_SAMPLE = 10


@dataclass
class Tally:
    """One client process's counts, sent to the parent as they grow."""

    actions: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    finished: list[str] = field(default_factory=list)
    watched: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def error(self, error: TabletopError) -> None:
        with self.lock:
            self.errors[f"{error.code.name} {error.reason}"] += 1

    def snapshot(self) -> dict[str, Any]:
        with self.lock:
            return {
                "actions": self.actions,
                "errors": dict(self.errors),
                "finished": list(self.finished),
                "watched": self.watched,
            }


# -- one client process ---------------------------------------------------------------------


def _new_game(client: GameClient, rng: random.Random) -> tuple[str, list[str]]:
    name = rng.choice(sorted(all_rules()))
    rules = all_rules()[name]
    seats = rng.randint(rules.min_seats, rules.max_seats)
    client.token = ""
    game_id = client.create_game(name, seats).game_id
    return game_id, [client.join_game(game_id, f"bot {n}", n).token for n in range(seats)]


def _step(client: GameClient, game_id: str, tokens: list[str], rng: random.Random) -> bool:
    """One random legal action of the seat to act; False when the game is over."""
    client.token = ""
    status = client.get_view(game_id, "public").status
    if status.finished:
        return False
    client.token = tokens[status.to_act]
    legal = client.list_legal_actions(game_id)
    client.submit_action(game_id, legal.version, rng.choice(legal.actions).action)
    return True


def _play(target: str, seed: int, stop: threading.Event, tally: Tally, live: list[str]) -> None:
    """Play games one after another until ``stop``; count actions, errors and finished games."""
    rng = random.Random(seed)
    with GameClient(target, timeout=30) as client:
        while not stop.is_set():
            try:
                game_id, tokens = _new_game(client, rng)
                live.append(game_id)
                while not stop.is_set() and _step(client, game_id, tokens, rng):
                    with tally.lock:
                        tally.actions += 1
                if not stop.is_set():
                    with tally.lock:
                        tally.finished.append(game_id)
            except TabletopError as error:
                tally.error(error)
                time.sleep(0.1)


def _spectate(target: str, stop: threading.Event, tally: Tally, live: list[str]) -> None:
    """Watch live games to their end; a stream that skips or repeats a version is an error."""
    while not stop.is_set():
        if not live:
            time.sleep(0.1)
            continue
        game_id, expected = random.choice(live[-8:]), 1
        try:
            with GameClient(target) as client:
                for message in client.watch_game(game_id, timeout=120):
                    if stop.is_set():
                        break
                    if message.HasField("update"):
                        if message.update.event.version != expected:
                            raise TabletopError(grpc.StatusCode.DATA_LOSS, "WATCH_GAP", game_id)
                        expected += 1
            with tally.lock:
                tally.watched += 1
        except TabletopError as error:
            tally.error(error)


def client_main(spec: dict[str, Any], queue: Queue[dict[str, Any]]) -> None:
    """A client process: ``spec`` says the target, games, spectators, seed and deadline."""
    tally, stop = Tally(), threading.Event()
    live: list[str] = []
    threads = [
        threading.Thread(target=_play, args=(spec["target"], spec["seed"] + n, stop, tally, live))
        for n in range(spec["games"])
    ]
    threads += [
        threading.Thread(target=_spectate, args=(spec["target"], stop, tally, live))
        for _ in range(spec["watchers"])
    ]
    for thread in threads:
        thread.start()
    while time.time() < spec["deadline"]:
        time.sleep(0.5)
        queue.put({"client": spec["seed"], **tally.snapshot()})
    stop.set()
    for thread in threads:
        thread.join(60)
    queue.put({"client": spec["seed"], "done": True, **tally.snapshot()})


# -- the server and the parent ----------------------------------------------------------------


def _server(args: argparse.Namespace, scratch: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [sys.executable, "-m", "cli.main", "serve", "--port", str(port)]
    command += ["--store", args.store]
    if args.store == "sqlite":
        command += ["--sqlite-path", str(scratch / "games.db")]
    if args.postgres_db:
        command += ["--postgres-db", args.postgres_db]
    process = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.DEVNULL)
    target = f"127.0.0.1:{port}"
    _wait_until_serving(target)
    return process, target


def _wait_until_serving(target: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    with grpc.insecure_channel(target) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            try:
                stub.Check(health_pb2.HealthCheckRequest(), timeout=1)
                return
            except grpc.RpcError:
                time.sleep(0.2)
    raise RuntimeError("the server did not start")


def resident_mb(pid: int) -> float:
    """A process's resident set size (VmRSS) in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _spawn(args: argparse.Namespace, target: str, deadline: float) -> tuple[list[Any], Any]:
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    processes = []
    for n in range(args.clients):
        spec = {
            "target": target,
            "games": args.games // args.clients + (n < args.games % args.clients),
            "watchers": args.watchers // args.clients + (n < args.watchers % args.clients),
            "seed": 1000 * (n + 1),
            "deadline": deadline,
        }
        process = context.Process(target=client_main, args=(spec, queue), daemon=True)
        process.start()
        processes.append(process)
    return processes, queue


def _drain(queue: Any, latest: dict[int, dict[str, Any]]) -> None:
    while True:
        try:
            report = queue.get_nowait()
        except Exception:  # queue.Empty, from the multiprocessing module
            return
        latest[report["client"]] = report


def _drain_until(queue: Any, latest: dict[int, dict[str, Any]], until: float) -> None:
    """Keep ``latest`` current until ``until``. Drained all the time, not once an interval:
    reports left in the pipe block their sender, which then sends ever staler counts."""
    while time.time() < until:
        time.sleep(0.1)
        _drain(queue, latest)


def _observe(
    args: argparse.Namespace, pid: int, queue: Any, deadline: float, console: Console
) -> tuple[list[dict[str, float]], dict[int, dict[str, Any]]]:
    """Sample actions, RSS and CPU every interval until the clients report they are done."""
    latest: dict[int, dict[str, Any]] = {}
    intervals: list[dict[str, float]] = []
    started = last_t = time.time()
    last_actions, last_cpu = 0, cpu_seconds(pid)
    while time.time() < deadline:
        _drain_until(queue, latest, min(last_t + args.interval, deadline))
        now, actions, cpu = (
            time.time(),
            sum(r["actions"] for r in latest.values()),
            cpu_seconds(pid),
        )
        sample = {
            "at_s": round(now - started, 1),
            "seconds": round(now - last_t, 2),
            "actions": actions - last_actions,
            "actions_per_s": round((actions - last_actions) / (now - last_t), 1),
            "server_cpu": round((cpu - last_cpu) / (now - last_t), 2),
            "rss_mb": round(resident_mb(pid), 1),
        }
        intervals.append(sample)
        console.print(f"  {sample}")
        last_t, last_actions, last_cpu = now, actions, cpu
    wait_until = time.time() + 90
    while time.time() < wait_until and not all(r.get("done") for r in latest.values()):
        time.sleep(0.2)
        _drain(queue, latest)
    return intervals, latest


def _verify(target: str, finished: list[str]) -> dict[str, Any]:
    """Verify a sample of the finished games from their records (hash chain, seed, replays)."""
    sample = random.Random(0).sample(finished, min(VERIFIED_SAMPLE, len(finished)))
    problems = []
    with GameClient(target, timeout=60) as client:
        for game_id in sample:
            verdict = verify_record(fetch_record(client, game_id))
            problems += [f"{game_id}: {p}" for p in verdict.problems]
    return {"verified": len(sample), "problems": problems}


HELD_WINDOW_S = 60.0
"""The rate held is judged over windows this long, so that a slump must last to count."""


def window_rates(intervals: list[dict[str, float]], size: int) -> list[float]:
    """Actions/s over each run of ``size`` consecutive intervals (fewer if the run is short),
    sorted."""
    size = max(1, min(size, len(intervals)))
    rates = []
    for start in range(len(intervals) - size + 1):
        window = intervals[start : start + size]
        seconds = sum(i["seconds"] for i in window)
        rates.append(round(sum(i["actions"] for i in window) / seconds, 1))
    return sorted(rates)


def summarize(
    args: argparse.Namespace, rss_idle: float, intervals: list[dict[str, float]], reports: Any
) -> dict[str, Any]:
    """The figures of one run."""
    steady = intervals[1:] or intervals
    errors: Counter[str] = Counter()
    for report in reports.values():
        errors.update(report["errors"])
    actions = sum(int(i["actions"]) for i in intervals)
    seconds = intervals[-1]["at_s"] if intervals else 0.0
    rates = window_rates(steady, round(HELD_WINDOW_S / args.interval))
    return {
        "settings": {k: v for k, v in vars(args).items() if k != "out"},
        "actions": actions,
        "actions_per_s": round(actions / seconds, 1) if seconds else 0.0,
        "actions_per_s_median": rates[len(rates) // 2] if rates else 0.0,
        "actions_per_s_held": rates[0] if rates else 0.0,
        "errors": dict(errors),
        "games_finished": sum(len(r["finished"]) for r in reports.values()),
        "streams_watched_to_the_end": sum(r["watched"] for r in reports.values()),
        "server_rss_mb": {
            "idle": round(rss_idle, 1),
            "after_first_interval": intervals[0]["rss_mb"] if intervals else 0.0,
            "peak": max((i["rss_mb"] for i in intervals), default=0.0),
            "end": intervals[-1]["rss_mb"] if intervals else 0.0,
        },
        "intervals": intervals,
    }


def run(args: argparse.Namespace, console: Console) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="tabletop-soak-") as scratch:
        server, target = _server(args, Path(scratch))
        try:
            rss_idle = resident_mb(server.pid)
            deadline = time.time() + 60 * args.minutes
            console.print(f"soaking {target} for {args.minutes} min: {args.games} games at once")
            processes, queue = _spawn(args, target, deadline)
            intervals, reports = _observe(args, server.pid, queue, deadline, console)
            for process in processes:
                process.join(30)
            figures = summarize(args, rss_idle, intervals, reports)
            finished = [g for r in reports.values() for g in r["finished"]]
            figures["records"] = _verify(target, finished)
            figures["server_alive"] = server.poll() is None
        finally:
            server.terminate()
            server.wait(30)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--games", type=int, default=24, help="games played at once")
    parser.add_argument("--watchers", type=int, default=6, help="WatchGame spectators")
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--interval", type=float, default=10.0, help="seconds per sample")
    parser.add_argument("--store", choices=("sqlite", "postgres", "memory"), default="sqlite")
    parser.add_argument("--postgres-db", default="", help="with --store postgres")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the JSON")
    args = parser.parse_args()
    console = Console()
    figures = run(args, console)
    figures["machine"] = {"cpus": os.cpu_count(), "load_after": os.getloadavg()}
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"soak-{datetime.now(UTC):%Y-%m-%d}.json"
    path.write_text(json.dumps(figures, indent=2) + "\n")
    shown = {k: v for k, v in figures.items() if k != "intervals"}
    console.print_json(json.dumps(shown))
    console.print(f"wrote {path}")


if __name__ == "__main__":
    main()
