"""``tabletop join``: stdout carries the seat's token alone, so a script that captures it
(``T=$(tabletop join ...)``) can pass it straight to the next command; the seat number is for
the person reading, on stderr. A token mangled on its way (a newline, a space) is refused by the
client in one clear line instead of a call that gRPC fails with "Invalid metadata"."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import grpc
import pytest

from cli.main import main
from clients.aio import AsyncGameClient
from clients.errors import TabletopError
from clients.sdk import GameClient
from clients.tournament import TournamentClient
from tests.clients.servers import RestartableServer

pytestmark = pytest.mark.e2e
TABLETOP = str(Path(sys.executable).with_name("tabletop"))
"""The console script installed beside this interpreter, as a shell user runs it."""


def _new_game(server: RestartableServer) -> str:
    with GameClient(server.target) as host:
        return str(host.create_game("bourgeoisie", 2).game_id)


def test_join_prints_only_the_token_on_stdout(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = _new_game(server)
    assert main(["join", game_id, "--name", "Ada", "--seat", "1", "--server", server.target]) == 0
    captured = capsys.readouterr()
    token = captured.out.removesuffix("\n")
    assert token and token.isalnum() and captured.out == token + "\n"
    assert "seat 1" in captured.err and token not in captured.err
    with GameClient(server.target, token) as seat:
        assert seat.list_legal_actions(game_id).seat == 1


def test_a_token_captured_by_the_shell_works_in_the_next_command(
    server: RestartableServer,
) -> None:
    """Both commands find the server in ``TABLETOP_SERVER``, as the README's tour has it."""
    game_id = _new_game(server)
    script = (
        f'T=$("$TABLETOP" join {game_id} --name Ada --seat 0) && '
        f'"$TABLETOP" legal {game_id} --token "$T"'
    )
    done = subprocess.run(
        ["bash", "-c", script],
        env={
            **os.environ,
            "TABLETOP": TABLETOP,
            "COLUMNS": "200",
            "TABLETOP_SERVER": server.target,
        },
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "seat 0" in done.stderr  # join's line for the person, not captured by $(...)
    # the legal actions of seat 0, or that it waits for the other seat: either needs the token
    assert "Seat 0" in done.stdout or "for seat 0" in done.stdout, done.stdout


@pytest.mark.parametrize(
    ("token", "where"),
    [
        ("seat 0\nabc123", "' ' at position 5"),
        ("abc123\n", "'\\n' at position 7"),
        ("abc 123", "' ' at position 4"),
        ("abc\t123", "'\\t' at position 4"),
        ("abcé", "'é' at position 4"),
    ],
)
def test_a_token_with_a_character_grpc_cannot_carry_is_refused_by_the_client(
    server: RestartableServer, token: str, where: str
) -> None:
    """The refusal names the first character a token cannot hold, counting from 1 as an
    editor's column does, so the stray newline or space can be found in what was pasted."""
    game_id = _new_game(server)
    with GameClient(server.target, token) as client, pytest.raises(TabletopError) as refused:
        client.list_legal_actions(game_id)
    error = refused.value
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_TOKEN")
    assert "\n" not in error.message and "token" in error.message
    assert f"the token holds {where}" in error.message, error.message


def test_the_async_client_refuses_such_a_token_too(server: RestartableServer) -> None:
    game_id = _new_game(server)

    async def legal() -> None:
        async with AsyncGameClient(server.target, "abc123\n") as client:
            await client.list_legal_actions(game_id)

    with pytest.raises(TabletopError) as refused:
        asyncio.run(legal())
    assert refused.value.reason == "BAD_TOKEN"


def test_the_tournament_client_refuses_such_an_organiser_token_too(
    server: RestartableServer,
) -> None:
    with (
        TournamentClient(server.target, "organiser token") as client,
        pytest.raises(TabletopError) as refused,
    ):
        client.get_standings("00000000-0000-0000-0000-000000000000")
    assert refused.value.reason == "BAD_TOKEN"


def test_the_cli_refuses_a_token_with_a_newline_in_one_line(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = _new_game(server)
    assert main(["legal", game_id, "--token", "seat 0\nabc123", "--server", server.target]) == 1
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), captured.err
    assert "BAD_TOKEN" in lines[0] and "Invalid metadata" not in lines[0]
    assert "Traceback" not in captured.err and captured.out == ""
