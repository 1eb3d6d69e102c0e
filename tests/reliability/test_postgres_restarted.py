"""PostgreSQL stopped and started again under a running server (`tabletop serve` on the
PostgreSQL store): while it is down, writes end promptly with UNAVAILABLE and the reason
STORE_UNAVAILABLE (never a hang, never INTERNAL); once it is back, the same server recovers by
itself, every acknowledged action is in the store, a write resent with its command id is
stored once, and the games play on to verified ends."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import grpc
import pytest
from tabletop.v1 import game_service_pb2 as pb

from clients.errors import TabletopError
from clients.sdk import GameClient
from replay.sources import fetch_record
from replay.verify import verify_record
from tests.reliability.outages import fresh_schema, postgres_stopped
from tests.support.server_process import ServerProcess

pytestmark = [pytest.mark.e2e, pytest.mark.integration]
GAMES, STEPS_BEFORE = 3, 30
REFUSED_WITHIN = 20.0
"""Seconds a write may take to be refused while PostgreSQL is down (about 12 expected: the
library's 10 attempts, each waiting 1 s for a pooled connection; see services/settings.py)."""
RECOVERED_WITHIN = 60.0


@pytest.fixture
def server() -> Iterator[ServerProcess]:
    with fresh_schema() as schema:
        env = {
            "TABLETOP_STORE": "postgres",
            "TABLETOP_POSTGRES_DB": "test",
            "TABLETOP_POSTGRES_SCHEMA": schema,
        }
        process = ServerProcess(env=env)
        process.start()
        try:
            yield process
        finally:
            process.stop()


def _start_games(target: str) -> dict[str, list[str]]:
    with GameClient(target) as client:
        tables = {}
        for _ in range(GAMES):
            game_id = client.create_game("bourgeoisie", 2).game_id
            tables[game_id] = [client.join_game(game_id, f"p{n}", n).token for n in range(2)]
        return tables


@dataclass(frozen=True)
class Move:
    """A seat's action at a version, under a command id (so it can be resent safely)."""

    game_id: str
    token: str
    version: int
    action: pb.Action
    command: str

    def submit(self, client: GameClient) -> pb.SubmitActionResponse:
        client.token = self.token
        return client.submit_action(self.game_id, self.version, self.action, self.command)


def _next_move(
    client: GameClient, game_id: str, tokens: list[str], rng: random.Random
) -> Move | None:
    """A random legal action of the seat to act, or None when the game is over."""
    client.token = ""
    status = client.get_view(game_id, "public").status
    if status.finished:
        return None
    client.token = tokens[status.to_act]
    legal = client.list_legal_actions(game_id)
    action = rng.choice(legal.actions).action
    return Move(game_id, client.token, legal.version, action, f"{game_id}@{legal.version}")


def _play(
    client: GameClient, tables: dict[str, list[str]], rng: random.Random, rounds: int
) -> list[Move]:
    """``rounds`` actions in each game still going; the moves acknowledged."""
    played = []
    for _ in range(rounds):
        for game_id, tokens in tables.items():
            move = _next_move(client, game_id, tokens, rng)
            if move is not None:
                move.submit(client)
                played.append(move)
    return played


def _timed(call: Callable[[], Any]) -> tuple[TabletopError | None, float]:
    started = time.monotonic()
    try:
        call()
    except TabletopError as error:
        return error, time.monotonic() - started
    return None, time.monotonic() - started


def _writes_while_down(target: str, moves: list[Move]) -> list[tuple[TabletopError | None, float]]:
    """Each move submitted, and a new game created, all at once; refusals and durations."""
    results: list[tuple[TabletopError | None, float]] = []

    def attempt(write: Callable[[GameClient], Any]) -> None:
        # no outage budget: the server's own refusal is timed, not the SDK's retries of it
        with GameClient(target, timeout=60, reconnect_for=0) as client:
            results.append(_timed(lambda: write(client)))

    writes: list[Callable[[GameClient], Any]] = [m.submit for m in moves]
    writes.append(lambda client: client.create_game("bourgeoisie", 2))
    threads = [threading.Thread(target=attempt, args=(write,)) for write in writes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return results


def _resend_until_stored(target: str, move: Move) -> float:
    """Resend ``move`` until the server stores (or replays) it; seconds it took."""
    started = time.monotonic()
    with GameClient(target, timeout=30) as client:
        while True:
            try:
                move.submit(client)
                return time.monotonic() - started
            except TabletopError as error:
                assert error.code is grpc.StatusCode.UNAVAILABLE, error
                assert time.monotonic() - started < RECOVERED_WITHIN, "no recovery"
                time.sleep(0.2)


def _check_record(client: GameClient, game_id: str, moves: list[Move]) -> None:
    events = list(client.read_events(game_id))
    for move in (m for m in moves if m.game_id == game_id):
        batch = [e.version for e in events if e.cause.command_id == move.command]
        assert batch and batch[0] == move.version + 1, (move.command, batch)
        assert batch == list(range(batch[0], batch[0] + len(batch))), "stored once, in one batch"


def test_a_postgres_restart_is_unavailable_then_fully_recovered(server: ServerProcess) -> None:
    tables = _start_games(server.target)
    rng = random.Random(11)
    with GameClient(server.target) as client:
        acknowledged = _play(client, tables, rng, STEPS_BEFORE // GAMES)
        pending = [_next_move(client, game_id, tokens, rng) for game_id, tokens in tables.items()]
    moves = [move for move in pending if move is not None]
    with postgres_stopped():
        refusals = _writes_while_down(server.target, moves)
    assert len(refusals) == len(moves) + 1
    for error, seconds in refusals:
        assert error is not None and error.code is grpc.StatusCode.UNAVAILABLE, error
        assert error.reason == "STORE_UNAVAILABLE", error
        assert seconds < REFUSED_WITHIN, seconds
    recovered = [_resend_until_stored(server.target, move) for move in moves]
    slowest = max(seconds for _, seconds in refusals)
    print(f"refused within {slowest:.1f} s; stored {recovered[0]:.1f} s after the restart")
    with GameClient(server.target) as client:
        while _play(client, tables, rng, 50):
            pass
        for game_id in tables:
            _check_record(client, game_id, [*acknowledged, *moves])
            verdict = verify_record(fetch_record(client, game_id))
            assert verdict.ok, verdict.problems
