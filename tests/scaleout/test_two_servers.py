"""Scale-out for real: `tabletop serve` processes against one PostgreSQL and one Redis.

Each server gets a client process of 32 players (tests/scaleout/player.py). On different
games, the two servers never conflict; on the same games, players on both servers race for
every move: each race is lost with ABORTED and won on a retry. Either way every acknowledged
action is stored exactly once, at the version it was acknowledged with, and every game's
stream is gapless with an intact hash chain. The throughput of two servers against one is
printed (run with ``-s``) and kept as a test property; it is not asserted, since it depends
on the cores free at the time.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from contextlib import ExitStack
from typing import Any

import pytest

from clients.sdk import GameClient
from games.core.record import chain_breaks
from services.application import Games, GameStore
from services.settings import Settings
from tests.scaleout.conftest import Cluster
from tests.support.server_process import ROOT, ServerProcess

pytestmark = [pytest.mark.e2e, pytest.mark.integration, pytest.mark.slow]
PLAYERS, SECONDS = 32, 8.0


def _servers(stack: ExitStack, env: dict[str, str], count: int) -> list[str]:
    targets = []
    for _ in range(count):
        server = ServerProcess("--no-publisher", env=env)
        server.start()
        stack.callback(server.stop)
        targets.append(server.target)
    return targets


def _new_games(target: str, count: int) -> list[dict[str, Any]]:
    games = []
    with GameClient(target) as client:
        for _ in range(count):
            game_id = client.create_game("bourgeoisie", 2).game_id
            tokens = [client.join_game(game_id, f"p{seat}", seat).token for seat in range(2)]
            games.append({"game_id": game_id, "tokens": tokens})
    return games


def _play(plans: list[tuple[str, list[dict[str, Any]]]]) -> list[dict[str, Any]]:
    """Run one player process per (server, games) at once; their outcomes."""
    processes = []
    for target, games in plans:
        spec = {"target": target, "threads": PLAYERS, "seconds": SECONDS, "games": games}
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.scaleout.player"],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert process.stdin is not None
        process.stdin.write(json.dumps(spec))
        process.stdin.close()
        processes.append(process)
    outcomes = []
    for process in processes:
        assert process.stdout is not None
        outcomes.append(json.loads(process.stdout.read()))
        assert process.wait(60) == 0
    return outcomes


def _check_stored_once(settings: Settings, outcomes: list[dict[str, Any]]) -> int:
    """Every acknowledged action is in its game's stream once, at its version; every stream
    is gapless and chained. Returns how many actions were acknowledged."""
    acknowledged = [tuple(a) for outcome in outcomes for a in outcome["acknowledged"]]
    store = GameStore(settings)
    try:
        games = Games(store)
        for game_id in {a[0] for a in acknowledged}:
            events = games.read_events(game_id)
            assert [e.version for e in events] == list(range(1, len(events) + 1))
            assert not list(chain_breaks(events))
            batches = Counter(e.cause.command_id for e in events if e.cause.kind.value == "action")
            mine = [(v, c) for g, v, c in acknowledged if g == game_id]
            for version, command_id in mine:
                assert events[version - 1].cause.command_id == command_id
            assert set(batches) == {c for _, c in mine}, "every stored action was acknowledged"
    finally:
        store.close()
    return len(acknowledged)


def _rate(outcomes: list[dict[str, Any]]) -> float:
    seconds: float = max(o["seconds"] for o in outcomes)
    return sum(len(o["acknowledged"]) for o in outcomes) / seconds


def test_two_servers_on_different_games_lose_nothing_and_throughput_is_reported(
    cluster: Cluster, record_property: Any
) -> None:
    env, settings = cluster
    with ExitStack() as stack:
        one = _servers(stack, env, 1)
        alone = _play([(one[0], _new_games(one[0], PLAYERS))])
        two = [one[0], *_servers(stack, env, 1)]
        together = _play([(t, _new_games(t, PLAYERS)) for t in two])
    for outcome in (*alone, *together):
        assert outcome["aborted"] == 0 and not outcome["refused"]
    assert _check_stored_once(settings, alone + together) > 0
    rates = {"one server": round(_rate(alone), 1), "two servers": round(_rate(together), 1)}
    rates["two/one"] = round(rates["two servers"] / rates["one server"], 2)
    record_property("actions_per_second", rates)
    print(f"\nscale-out, {PLAYERS} players per server, actions/s: {rates}")


def test_two_servers_racing_on_the_same_games_abort_the_losers_who_then_retry(
    cluster: Cluster,
) -> None:
    env, settings = cluster
    with ExitStack() as stack:
        targets = _servers(stack, env, 2)
        shared = _new_games(targets[0], 8)  # 64 players on 8 games: every move is raced
        outcomes = _play([(target, shared) for target in targets])
    for outcome in outcomes:
        assert not outcome["refused"], "a lost race is ABORTED, nothing else"
    assert sum(o["aborted"] for o in outcomes) > 0, "the servers did race"
    assert _check_stored_once(settings, outcomes) > 0
    per_game = Counter(a[0] for o in outcomes for a in o["acknowledged"])
    assert set(per_game) == {g["game_id"] for g in shared}, "every game moved on"
