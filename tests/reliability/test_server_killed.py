"""A server killed with SIGKILL in the middle of many games loses no acknowledged action, and
every game continues after a restart: with SQLite's ``synchronous`` at ``FULL`` (the default)
and at ``NORMAL`` alike, since a killed process leaves what it wrote with the OS
(docs/durability.md)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from clients.errors import TabletopError
from clients.sdk import GameClient
from replay.sources import fetch_record
from replay.verify import verify_record
from tests.support.server_process import ServerProcess

pytestmark = pytest.mark.e2e
GAMES, ACKS_BEFORE_KILL = 6, 150


@pytest.fixture(params=["FULL", "NORMAL"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProcess]:
    """A `tabletop serve` over a SQLite file, with each ``TABLETOP_SQLITE_SYNCHRONOUS``
    setting that promises to lose nothing to a killed process."""
    process = ServerProcess(
        "--sqlite-path",
        str(tmp_path / "games.db"),
        env={"TABLETOP_SQLITE_SYNCHRONOUS": request.param},
    )
    process.start()
    yield process
    process.stop()


def _start_games(target: str) -> dict[str, list[str]]:
    tokens = {}
    with GameClient(target) as client:
        for _ in range(GAMES):
            game_id = client.create_game("bourgeoisie", 2).game_id
            tokens[game_id] = [client.join_game(game_id, f"p{n}", n).token for n in range(2)]
    return tokens


def _step(
    target: str, game_id: str, tokens: list[str], chooser: random.Random
) -> tuple[int, str] | None:
    """One action in ``game_id``; returns (acknowledged version, command id), or None at the end."""
    with GameClient(target) as client:
        status = client.get_view(game_id, "public").status
        if status.finished:
            return None
        client.token = tokens[status.to_act]
        legal = client.list_legal_actions(game_id)
        command_id = f"{game_id}-{legal.version}"
        answer = client.submit_action(
            game_id, legal.version, chooser.choice(legal.actions).action, command_id
        )
        return answer.version, command_id


def test_every_acknowledged_action_survives_a_sigkill(server: ServerProcess) -> None:
    tokens = _start_games(server.target)
    chooser = random.Random(3)
    acknowledged: list[tuple[str, int, str]] = []
    while len(acknowledged) < ACKS_BEFORE_KILL:
        for game_id, seats in tokens.items():
            step = _step(server.target, game_id, seats, chooser)
            if step is not None:
                acknowledged.append((game_id, *step))
    server.kill()
    with pytest.raises(TabletopError) as down:
        _step(server.target, next(iter(tokens)), tokens[next(iter(tokens))], chooser)
    assert down.value.code is grpc.StatusCode.UNAVAILABLE
    server.start()
    with GameClient(server.target) as client:
        stored = {game_id: list(client.read_events(game_id)) for game_id in tokens}
    for game_id, version, command_id in acknowledged:
        events = stored[game_id]
        assert len(events) >= version
        assert events[version - 1].cause.command_id == command_id
    for game_id, seats in tokens.items():
        while _step(server.target, game_id, seats, chooser) is not None:
            pass
    with GameClient(server.target) as client:
        for game_id in tokens:
            verdict = verify_record(fetch_record(client, game_id))
            assert verdict.ok, verdict.problems
