"""The clients over TLS, against a real server that accepts TLS only (docs/reliability.md): the
sync, asyncio and tournament clients and the command line trust its self-signed certificate
given as a CA file; a CA file that cannot be used is refused before any call (one line and
exit status 2 on the command line); and a client and server that disagree about TLS, or a
certificate the client does not trust, fail at once with SERVER_UNREACHABLE and what to do."""

from __future__ import annotations

import argparse
import asyncio
import os
import shlex
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from cli.main import main
from clients.aio import AsyncGameClient
from clients.calls import DEFAULT_SERVER, Endpoint, server_flag
from clients.errors import ClientSettingError, TabletopError
from clients.sdk import GameClient
from clients.tournament import TournamentClient, play_round
from tests.clients.servers import RestartableServer, TlsServer
from tests.security.conftest import Certificate

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]


def tabletop(*args: str, env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The real command line, with ``env`` over a clean TABLETOP_* environment."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("TABLETOP_")}
    return subprocess.run(
        [sys.executable, "-m", "cli.main", *args],
        cwd=ROOT,
        env={**base, "PYTHONPATH": str(ROOT), **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_sync_client_plays_over_tls_trusting_a_ca_file(tls_server: TlsServer) -> None:
    with GameClient(tls_server.target, ca_cert=str(tls_server.ca_cert)) as host:
        assert host.endpoint.tls
        game_id = host.create_game("bourgeoisie", 2).game_id
        grant = host.join_game(game_id, "Ada", 0)
        ada = host.connect_as(grant.token)  # the same server, TLS and CA file, as seat 0
    with ada:
        seat = ada.list_legal_actions(game_id)
        assert seat.seat == 0
        versions = []
        for message in ada.watch_game(game_id, perspective="seat"):
            if message.HasField("caught_up"):
                break
            versions.append(message.update.event.version)
        assert versions == list(range(1, seat.version + 1))


def test_the_asyncio_client_over_tls(tls_server: TlsServer) -> None:
    async def round_trip() -> tuple[int, list[int]]:
        async with AsyncGameClient(tls_server.target, ca_cert=tls_server.ca_cert) as host:
            game_id = (await host.create_game("bourgeoisie", 2)).game_id
            token = (await host.join_game(game_id, "Ada")).token
        async with host.connect_as(token) as ada:
            legal = await ada.list_legal_actions(game_id)
            events = [event.version async for event in ada.read_events(game_id)]
            return legal.version, events

    version, events = asyncio.run(round_trip())
    assert events == list(range(1, version + 1))


def test_the_tournament_client_and_its_bots_over_tls(tls_server: TlsServer) -> None:
    with TournamentClient(tls_server.target, ca_cert=tls_server.ca_cert) as client:
        created = client.create_tournament("TLS night", "bourgeoisie", 2, "swiss", rounds=1)
        client.token = created.organiser_token
        tid = str(created.tournament_id)
        tokens = {name: client.register_player(tid, name).player_token for name in ("a", "b")}
        round_ = client.start_round(tid)
        done: list[int] = []
        play_round(client.endpoint, tid, round_, tokens, on_table_done=done.append)
        assert done == [1]
        assert client.get_tournament(tid).finished


def test_tls_alone_does_not_trust_a_self_signed_certificate(tls_server: TlsServer) -> None:
    with GameClient(tls_server.target, tls=True) as client, pytest.raises(TabletopError) as no:
        client.create_game("bourgeoisie", 2)
    assert no.value.reason == "SERVER_UNREACHABLE"
    assert "does not trust" in no.value.message and "--tls-ca" in no.value.message


def test_a_plaintext_client_of_a_tls_server_is_told_at_once(tls_server: TlsServer) -> None:
    started = time.monotonic()
    with GameClient(tls_server.target, reconnect_for=30) as client:
        with pytest.raises(TabletopError) as refused:
            client.create_game("bourgeoisie", 2)
        with pytest.raises(TabletopError) as unwatched:
            next(iter(client.watch("any-game")))
    for error in (refused.value, unwatched.value):
        assert error.reason == "SERVER_UNREACHABLE" and tls_server.target in error.message
        assert "if it serves TLS, connect with --tls" in error.message
    assert time.monotonic() - started < 10, "no reconnect budget is spent on it"


def test_a_tls_client_of_a_plaintext_server_is_told_so(
    server: RestartableServer, certificate: Certificate
) -> None:
    client = GameClient(server.target, ca_cert=certificate.cert)
    with client, pytest.raises(TabletopError) as refused:
        client.create_game("bourgeoisie", 2)
    assert refused.value.reason == "SERVER_UNREACHABLE"
    assert "answers in plaintext" in refused.value.message


def test_the_command_line_says_so_in_its_own_words_alone(server: RestartableServer) -> None:
    """`tabletop ... --tls` against a plaintext server: one line, the command's, without the
    raw handshake line gRPC's core would log above it."""
    result = tabletop("create", "burgundy", "--server", server.target, "--tls")
    assert result.returncode == 1
    assert result.stderr.startswith("error: UNAVAILABLE SERVER_UNREACHABLE"), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def _asyncio_client(target: str, ca_cert: Path) -> None:
    async def build() -> None:
        await AsyncGameClient(target, ca_cert=ca_cert).close()

    asyncio.run(build())


Client = Callable[[str, Path], Any]
CLIENTS: dict[str, Client] = {
    "sync": lambda target, ca: GameClient(target, ca_cert=ca).close(),
    "asyncio": _asyncio_client,
    "tournament": lambda target, ca: TournamentClient(target, ca_cert=ca).close(),
}


@pytest.mark.parametrize("make", CLIENTS.values(), ids=CLIENTS.keys())
@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("missing.pem", "cannot read the TLS CA certificate file"),
        ("", "Is a directory"),
        ("key.pem", "is not a PEM CA certificate file"),
        ("garbled.pem", "is not a PEM CA certificate file"),
    ],
)
def test_a_ca_file_that_cannot_be_used_is_refused_before_any_call(
    certificate: Certificate, tmp_path: Path, make: Client, name: str, says: str
) -> None:
    (tmp_path / "garbled.pem").write_text(
        "-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n"
    )
    (tmp_path / "key.pem").write_bytes(certificate.key.read_bytes())
    with pytest.raises(ClientSettingError) as refused:
        make("127.0.0.1:1", tmp_path / name)
    assert refused.value.reason == "BAD_TLS_CA" and says in refused.value.message


def test_client_commands_connect_over_tls(
    tls_server: TlsServer, capsys: pytest.CaptureFixture[str]
) -> None:
    flags = ["--server", tls_server.target, "--tls-ca", str(tls_server.ca_cert)]
    assert main(["create", "bourgeoisie", *flags]) == 0
    game_id = capsys.readouterr().out.strip()
    assert main(["join", game_id, "--name", "Ada", *flags]) == 0
    token = capsys.readouterr().out.strip()
    assert main(["view", game_id, "--as", "seat", "--token", token, "--json", *flags]) == 0
    assert '"Ada"' in capsys.readouterr().out
    assert main(["match", "bourgeoisie", *flags]) == 0, "bots in threads connect alike"
    assert main(["arena", "--games", "1", *flags]) == 0
    assert "over TLS" in capsys.readouterr().out


def test_the_ca_file_and_tls_come_from_the_environment(tls_server: TlsServer) -> None:
    env = {"TABLETOP_SERVER": tls_server.target, "TABLETOP_TLS_CA": str(tls_server.ca_cert)}
    created = tabletop("create", "bourgeoisie", env=env)
    assert created.returncode == 0, created.stderr
    standings = tabletop("tournament", "standings", str(uuid.uuid4()), env=env)
    assert "error: NOT_FOUND" in standings.stderr, "the server answered the tournament command"


@pytest.mark.parametrize(
    ("environ", "tls", "ca"),
    [
        ({}, False, None),
        ({"TABLETOP_TLS": "1"}, True, None),
        ({"TABLETOP_TLS": "yes"}, True, None),
        ({"TABLETOP_TLS": "0"}, False, None),
        ({"TABLETOP_TLS": "Off"}, False, None),
        ({"TABLETOP_TLS_CA": "ca.pem"}, False, Path("ca.pem")),
    ],
)
def test_the_tls_flags_default_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, environ: dict[str, str], tls: bool, ca: Path | None
) -> None:
    for name in ("TABLETOP_TLS", "TABLETOP_TLS_CA"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    parser = argparse.ArgumentParser()
    server_flag(parser)
    args = parser.parse_args([])
    assert (args.tls, args.tls_ca) == (tls, ca)
    flagged = parser.parse_args(["--tls", "--tls-ca", "other.pem"])
    assert (flagged.tls, flagged.tls_ca) == (True, Path("other.pem"))


@pytest.mark.parametrize(
    ("endpoint", "flags"),
    [
        (Endpoint(DEFAULT_SERVER), ""),
        (Endpoint("games.example:443", tls=True), " --server games.example:443 --tls"),
        (Endpoint(DEFAULT_SERVER, ca_cert="ca.pem"), " --tls-ca ca.pem"),
        (Endpoint("h:1", tls=True, ca_cert="ca.pem"), " --server h:1 --tls-ca ca.pem"),
        (
            Endpoint("h:1", ca_cert=Path("my certs/ca.pem")),
            " --server h:1 --tls-ca 'my certs/ca.pem'",
        ),
    ],
)
def test_an_endpoint_gives_the_flags_that_reach_it_again(
    monkeypatch: pytest.MonkeyPatch, endpoint: Endpoint, flags: str
) -> None:
    for name in ("TABLETOP_SERVER", "TABLETOP_TLS", "TABLETOP_TLS_CA"):
        monkeypatch.delenv(name, raising=False)
    assert endpoint.flags() == flags
    parser = argparse.ArgumentParser()
    server_flag(parser)
    again = Endpoint.for_command(parser.parse_args(shlex.split(flags)))
    assert (again.target, again.tls, again.flags()) == (endpoint.target, endpoint.tls, flags)


def test_a_ca_file_means_tls_and_an_endpoint_is_taken_as_it_is() -> None:
    endpoint = Endpoint("h:1", ca_cert="ca.pem")
    assert endpoint.tls
    assert Endpoint.of(endpoint, tls=False) is endpoint
    assert Endpoint.of("h:1", ca_cert="ca.pem") == endpoint


def test_a_bad_ca_file_is_one_line_and_exit_status_2(tmp_path: Path) -> None:
    missing = tmp_path / "none.pem"
    by_flag = tabletop("view", "some-game", "--server", "127.0.0.1:1", "--tls-ca", str(missing))
    by_env = tabletop("watch", "some-game", env={"TABLETOP_TLS_CA": str(missing)})
    for result in (by_flag, by_env):
        assert result.returncode == 2 and "Traceback" not in result.stderr
        [line] = result.stderr.strip().splitlines()
        assert line.startswith("error: INVALID_ARGUMENT BAD_TLS_CA") and str(missing) in line


def test_a_plaintext_command_against_a_tls_server_says_so_in_one_line(
    tls_server: TlsServer,
) -> None:
    result = tabletop("watch", "some-game", "--server", tls_server.target)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("error: UNAVAILABLE SERVER_UNREACHABLE") and "--tls" in line
