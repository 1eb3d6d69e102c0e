"""Bad input a client meets: a server that is down, a wrong address, a server that never
answers, a wrong or missing token, a game that has ended. The SDKs raise ``TabletopError``
with a reason; the CLI says so in one line on stderr, with no traceback."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import grpc
import pytest
from tabletop.v1 import bourgeoisie_pb2 as bpb
from tabletop.v1 import game_service_pb2 as pb

from cli.main import main
from clients.aio import AsyncGameClient
from clients.errors import TabletopError
from clients.sdk import GameClient
from tests.clients.servers import RestartableServer
from tests.clients.table import Table

pytestmark = pytest.mark.e2e
GAME = "00000000-0000-4000-8000-000000000000"


@pytest.fixture
def closed_port() -> str:
    """An address where nothing listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"127.0.0.1:{probe.getsockname()[1]}"


@pytest.fixture
def silent_server() -> Iterator[str]:
    """An address that accepts connections and never says a word (not gRPC)."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        yield f"127.0.0.1:{listener.getsockname()[1]}"


@pytest.fixture(scope="module")
def ended(server: RestartableServer) -> Iterator[Table]:
    """A game played to its end."""
    table = Table.open(server.target)
    table.play()
    yield table
    table.close()


def _refusal(client: GameClient) -> TabletopError:
    with pytest.raises(TabletopError) as refused:
        client.get_view(GAME)
    return refused.value


def test_a_server_that_is_down(closed_port: str) -> None:
    with GameClient(closed_port) as client:
        error = _refusal(client)
    assert (error.code, error.reason) == (grpc.StatusCode.UNAVAILABLE, "SERVER_UNREACHABLE")
    assert closed_port in error.message and "tabletop serve" in error.message


def test_a_wrong_address() -> None:
    with GameClient("no-such-host.invalid:50051") as client:
        error = _refusal(client)
    assert error.reason == "BAD_ADDRESS" and "no-such-host.invalid" in error.message


@pytest.mark.parametrize("host", ["127.0.0.1", "[::1]"])
def test_an_address_without_a_port_says_so(host: str) -> None:
    # gRPC takes a bare host for host:443; "nothing answers at 127.0.0.1" alone hides why
    with GameClient(host, timeout=5) as client:
        error = _refusal(client)
    assert (error.code, error.reason) == (grpc.StatusCode.UNAVAILABLE, "BAD_ADDRESS")
    assert "has no port" in error.message and f"{host}:50051" in error.message


@pytest.mark.parametrize(
    ("code", "retryable"),
    [
        (grpc.StatusCode.UNAVAILABLE, True),
        (grpc.StatusCode.DEADLINE_EXCEEDED, True),
        (grpc.StatusCode.CANCELLED, True),  # a stopping server cancels the calls it runs
        (grpc.StatusCode.ABORTED, False),  # decide again: never resent unchanged
        (grpc.StatusCode.FAILED_PRECONDITION, False),
        (grpc.StatusCode.INVALID_ARGUMENT, False),
        (grpc.StatusCode.PERMISSION_DENIED, False),
    ],
)
def test_the_sdk_resends_a_call_only_for_the_codes_the_guide_names(
    code: grpc.StatusCode, retryable: bool
) -> None:
    """docs/api.md §3: the SDK sends a call again on UNAVAILABLE, DEADLINE_EXCEEDED and
    CANCELLED (``TabletopError.retryable``), and on no other code without a RetryInfo."""
    assert TabletopError(code, "REASON", "message").retryable is retryable


@pytest.mark.parametrize("perspective", ["spectator", "PUBLIC", "PERSPECTIVE_SEAT"])
def test_an_unknown_perspective_names_the_known_ones(perspective: str, closed_port: str) -> None:
    with GameClient(closed_port) as client:
        with pytest.raises(ValueError, match="unknown perspective") as view:
            client.get_view(GAME, perspective)
        with pytest.raises(ValueError, match="unknown perspective") as watch:
            next(iter(client.watch(GAME, perspective=perspective)))
    for refused in (view, watch):
        assert repr(perspective) in str(refused.value) and "'public'" in str(refused.value)


def test_something_that_is_not_a_grpc_server(silent_server: str) -> None:
    with GameClient(silent_server, timeout=2) as client:
        error = _refusal(client)
    assert (error.code, error.reason) == (grpc.StatusCode.UNAVAILABLE, "SERVER_UNREACHABLE")
    assert "does not speak gRPC" in error.message


def test_a_stream_that_outlives_its_deadline(server: RestartableServer) -> None:
    with GameClient(server.target) as client:
        running = client.create_game("bourgeoisie", 2).game_id
        with pytest.raises(TabletopError) as refused:
            list(client.watch_game(running, timeout=0.3))  # a live game sends nothing more
    error = refused.value
    assert (error.code, error.reason) == (grpc.StatusCode.DEADLINE_EXCEEDED, "TIMED_OUT")
    assert "deadline" in error.message


def test_the_async_client_raises_the_same_errors(closed_port: str) -> None:
    async def view() -> None:
        async with AsyncGameClient(closed_port) as client:
            await client.get_view(GAME)

    with pytest.raises(TabletopError) as refused:
        asyncio.run(view())
    assert refused.value.reason == "SERVER_UNREACHABLE"


def test_a_watch_with_no_server_fails_at_once(closed_port: str) -> None:
    started = time.monotonic()
    with GameClient(closed_port, reconnect_for=30) as client, pytest.raises(TabletopError) as lost:
        next(iter(client.watch(GAME)))
    assert lost.value.reason == "SERVER_UNREACHABLE" and closed_port in lost.value.message
    with GameClient("no-such-host.invalid:50051") as client, pytest.raises(TabletopError) as lost:
        next(iter(client.watch(GAME)))
    assert lost.value.reason == "BAD_ADDRESS"

    async def watch() -> None:
        async with AsyncGameClient(closed_port, reconnect_for=30) as client:
            async for _ in client.watch(GAME):
                pass

    with pytest.raises(TabletopError) as lost:
        asyncio.run(watch())
    assert lost.value.reason == "SERVER_UNREACHABLE"
    assert time.monotonic() - started < 10, "no reconnect budget is spent on a dead address"


def test_the_watch_command_with_no_server_says_so_in_one_line(closed_port: str) -> None:
    command = [sys.executable, "-m", "cli.main", "watch", GAME, "--server", closed_port]
    started = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert time.monotonic() - started < 20
    assert result.returncode == 1 and "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: UNAVAILABLE SERVER_UNREACHABLE")
    assert closed_port in lines[0]


def test_wrong_and_missing_tokens(ended: Table, server: RestartableServer) -> None:
    with GameClient(server.target, "not-a-token") as client:
        with pytest.raises(TabletopError) as wrong:
            client.list_legal_actions(ended.game_id)
        client.token = ""
        with pytest.raises(TabletopError) as missing:
            client.list_legal_actions(ended.game_id)
    assert (wrong.value.code, wrong.value.reason) == (
        grpc.StatusCode.PERMISSION_DENIED,
        "TOKEN_NOT_VALID_FOR_GAME",
    )
    assert (missing.value.code, missing.value.reason) == (
        grpc.StatusCode.UNAUTHENTICATED,
        "TOKEN_MISSING",
    )


def test_a_game_that_ended(ended: Table) -> None:
    client = ended.seats[0]
    now = client.get_view(ended.game_id)
    assert now.status.finished
    action = pb.Action(bourgeoisie=bpb.BourgeoisieAction(end_phase=bpb.BourgeoisieEndPhase()))
    with pytest.raises(TabletopError) as refused:
        client.submit_action(ended.game_id, now.version, action)
    assert (refused.value.code, refused.value.reason) == (
        grpc.StatusCode.FAILED_PRECONDITION,
        "GAME_OVER",
    )


def _one_line_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 1
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err
    return lines[0]


def test_the_cli_says_what_is_wrong_in_one_line(
    closed_port: str,
    silent_server: str,
    ended: Table,
    server: RestartableServer,
    capsys: pytest.CaptureFixture[str],
) -> None:
    down = _one_line_error(["play", GAME, "--server", closed_port], capsys)
    assert "SERVER_UNREACHABLE" in down and closed_port in down
    nowhere = ["view", GAME, "--server", "no-such-host.invalid:1"]
    assert "BAD_ADDRESS" in _one_line_error(nowhere, capsys)
    token = ["legal", ended.game_id, "--server", server.target, "--token", "forged"]
    assert "TOKEN_NOT_VALID_FOR_GAME" in _one_line_error(token, capsys)
    over = ["act", ended.game_id, "1", "--server", server.target, "--token", ended.seats[0].token]
    assert "GAME_OVER" in _one_line_error(over, capsys)
    # `legal` too: an ended game's empty list is a failure, not an answer
    listed = ["legal", ended.game_id, "--server", server.target, "--token", ended.seats[0].token]
    assert "GAME_OVER" in _one_line_error(listed, capsys)
    taken = ["play", ended.game_id, "--server", server.target]
    assert "FAILED_PRECONDITION" in _one_line_error(taken, capsys)


def test_a_number_outside_the_legal_list_is_a_usage_mistake_told_on_stderr(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tabletop act GAME 999` (or 0) stores nothing and exits 2 (a mistake in the command, as
    argparse's), its message on stderr like every other error, stdout left for results."""
    table = Table.open(server.target)
    try:
        seat = table.to_act() or 0
        before = table.seats[0].get_view(table.game_id, "public").version
        token = table.seats[seat].token
        for number in ("999", "0"):  # 0, as an index from 1, would pick the last action
            argv = ["act", table.game_id, number, "--server", server.target, "--token", token]
            assert main(argv) == 2
            out, err = capsys.readouterr()
            assert not out and err.startswith("error: choose a number from 1 to "), (out, err)
        assert table.seats[0].get_view(table.game_id, "public").version == before
    finally:
        table.close()


def test_the_last_number_on_the_legal_list_is_taken(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tabletop act` takes every number `legal` printed, 1 to the count, the last one too."""
    table = Table.open(server.target)
    try:
        seat = table.seats[table.to_act() or 0]
        legal = seat.list_legal_actions(table.game_id)
        last = str(len(legal.actions))
        argv = ["act", table.game_id, last, "--server", server.target, "--token", seat.token]
        assert main(argv) == 0, capsys.readouterr().err
        assert seat.get_view(table.game_id, "public").version > legal.version
    finally:
        table.close()


def test_acting_out_of_turn_fails_so_a_script_can_tell(
    server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tabletop act` when the game waits for another seat stores nothing and exits 1 with
    NOT_YOUR_TURN (as the server refuses such an action); `legal` just says so (exit 0)."""
    table = Table.open(server.target)
    try:
        waiting = 1 - (table.to_act() or 0)
        before = table.seats[0].get_view(table.game_id, "public").version
        argv = [table.game_id, "--server", server.target, "--token", table.seats[waiting].token]
        error = _one_line_error(["act", argv[0], "1", *argv[1:]], capsys)
        assert "FAILED_PRECONDITION NOT_YOUR_TURN" in error and f"seat {waiting}" in error
        assert error.endswith(f"the game waits for seat {1 - waiting}"), error
        assert table.seats[0].get_view(table.game_id, "public").version == before
        assert main(["legal", *argv]) == 0
        assert "nothing to do" in capsys.readouterr().out
    finally:
        table.close()
