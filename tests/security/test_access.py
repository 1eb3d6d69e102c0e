"""Access at the edge (docs/architecture.md §6): TLS when configured — a TLS client works, a
plaintext or untrusting one cannot connect; requests over the size limit are refused; callers over
their rate limit are refused as RESOURCE_EXHAUSTED with the reason RATE_LIMITED. Every refusal is a
clear status, never INTERNAL, and the server stays up."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import TypeVar

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from tabletop.v1 import common_pb2, game_service_pb2_grpc
from tabletop.v1 import game_service_pb2 as pb

from clients.errors import from_rpc_error
from services.grpc_api.limits import RateLimit, RateLimiter
from services.grpc_api.server import MAX_MESSAGE_BYTES, MAX_METADATA_BYTES
from services.grpc_api.tls import server_credentials
from tests.e2e.conftest import RunningServer
from tests.security.conftest import Certificate, retry_delay, serving
from tests.support.server_process import ROOT
from tests.support.services import free_port

pytestmark = pytest.mark.e2e
Code = grpc.StatusCode
SERVING = health_pb2.HealthCheckResponse.SERVING
CREATE = pb.CreateGameRequest(game=common_pb2.GAME_KIND_BOURGEOISIE, seats=2)
Request = TypeVar("Request")
Response = TypeVar("Response")


def _health(channel: grpc.Channel, timeout: float = 5) -> int:
    request = health_pb2.HealthCheckRequest()
    return int(health_pb2_grpc.HealthStub(channel).Check(request, timeout=timeout).status)


def _refusal(
    call: grpc.UnaryUnaryMultiCallable[Request, Response], request: Request, token: str = ""
) -> grpc.RpcError:
    metadata = (("authorization", f"Bearer {token}"),) if token else ()
    with pytest.raises(grpc.RpcError) as refused:
        call(request, timeout=5, metadata=metadata)
    return refused.value


def _trusting(certificate: Certificate) -> grpc.ChannelCredentials:
    return grpc.ssl_channel_credentials(root_certificates=certificate.cert.read_bytes())


def test_a_tls_server_answers_tls_clients_only(certificate: Certificate) -> None:
    credentials = server_credentials(certificate.cert, certificate.key)
    with serving(credentials=credentials) as (target, _):
        with grpc.secure_channel(target, _trusting(certificate)) as channel:
            assert _health(channel) == SERVING
            assert game_service_pb2_grpc.GameServiceStub(channel).CreateGame(CREATE).version > 0
        with grpc.insecure_channel(target) as channel, pytest.raises(grpc.RpcError) as plain:
            _health(channel, timeout=3)
        with (
            grpc.secure_channel(target, grpc.ssl_channel_credentials()) as channel,
            pytest.raises(grpc.RpcError) as untrusted,
        ):
            _health(channel, timeout=3)
    assert plain.value.code() is Code.UNAVAILABLE
    assert untrusted.value.code() is Code.UNAVAILABLE


@pytest.fixture
def tls_serve_command(certificate: Certificate) -> Iterator[str]:
    """``tabletop serve --tls-cert --tls-key`` in its own process; yields its target."""
    port = free_port()
    tls = ["--tls-cert", str(certificate.cert), "--tls-key", str(certificate.key)]
    command = [sys.executable, "-m", "cli.main", "serve", "--store", "memory", "--port", str(port)]
    command += tls
    process = subprocess.Popen(command, cwd=ROOT, env=os.environ.copy(), stderr=subprocess.DEVNULL)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)


def test_the_serve_command_takes_its_certificate_from_flags(
    tls_serve_command: str, certificate: Certificate
) -> None:
    deadline = time.monotonic() + 30
    with grpc.secure_channel(tls_serve_command, _trusting(certificate)) as channel:
        while True:
            try:
                assert _health(channel, timeout=1) == SERVING
                break
            except grpc.RpcError:
                assert time.monotonic() < deadline, "the TLS server did not start"
                time.sleep(0.2)


@pytest.mark.parametrize(
    ("flags", "says"),
    [
        (["--tls-cert", "{cert}"], "needs both"),
        (["--tls-cert", "{cert}", "--tls-key", "{missing}"], "cannot read"),
        (["--tls-cert", "{key}", "--tls-key", "{key}"], "not a PEM certificate"),
    ],
)
def test_incomplete_tls_settings_stop_the_server_with_a_clear_message(
    certificate: Certificate, tmp_path: Path, flags: list[str], says: str
) -> None:
    paths = {"cert": certificate.cert, "key": certificate.key, "missing": tmp_path / "none.pem"}
    command = [sys.executable, "-m", "cli.main", "serve", "--store", "memory", "--port", "0",
               *(flag.format(**paths) for flag in flags)]  # fmt: skip
    ran = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert ran.returncode == 2
    assert says in " ".join(ran.stderr.split())


def test_an_oversize_request_is_refused_and_the_server_stays_up(server: RunningServer) -> None:
    with grpc.insecure_channel(server.target) as channel:
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        huge = pb.CreateGameRequest(game=1, seats=2, ruleset="x" * (MAX_MESSAGE_BYTES + 1))
        assert _refusal(stub.CreateGame, huge).code() is Code.RESOURCE_EXHAUSTED
        raw: grpc.UnaryUnaryMultiCallable[bytes, bytes] = channel.unary_unary(
            "/tabletop.v1.GameService/SubmitAction",
            None,
            None,  # bytes as they are
        )
        garbage = os.urandom(2 * MAX_MESSAGE_BYTES)
        assert _refusal(raw, garbage).code() is Code.RESOURCE_EXHAUSTED
        assert _health(channel) == SERVING


def test_a_large_request_under_the_limit_gets_a_short_clear_refusal(
    server: RunningServer,
) -> None:
    """A refusal that quotes the request must not grow with it (status travels in headers)."""
    with grpc.insecure_channel(server.target) as channel:
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        large = pb.CreateGameRequest(game=1, seats=2, ruleset="y" * (MAX_MESSAGE_BYTES - 100))
        refused = _refusal(stub.CreateGame, large)
        assert refused.code() is Code.INVALID_ARGUMENT
        assert from_rpc_error(refused).reason == "UNKNOWN_RULESET"
        assert len(refused.details() or "") <= 1024
        joined = pb.JoinGameRequest(game_id="z" * (MAX_MESSAGE_BYTES - 100), player_name="p")
        assert _refusal(stub.JoinGame, joined).code() is Code.INVALID_ARGUMENT


def test_metadata_is_read_whole_up_to_the_limit_and_refused_over_it_every_time(
    server: RunningServer,
) -> None:
    """One limit, not gRPC's soft one below its hard one, under which the same call was
    refused at random (most calls with a 14 KiB header, some with 9 KiB)."""
    with grpc.insecure_channel(server.target) as channel:
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        game_id = stub.CreateGame(CREATE, timeout=5).game_id
        view = pb.GetViewRequest(game_id=game_id)
        for size, code in (
            (14 << 10, Code.PERMISSION_DENIED),
            (MAX_METADATA_BYTES, Code.RESOURCE_EXHAUSTED),
        ):
            refusals = [_refusal(stub.GetView, view, "t" * size) for _ in range(30)]
            codes = {refused.code() for refused in refusals}
            assert codes == {code}, codes
        assert _health(channel) == SERVING


class FrozenClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_callers_over_their_rate_limit_are_refused_with_a_reason() -> None:
    clock = FrozenClock()
    limiter = RateLimiter(RateLimit(per_second=2, burst=3), clock=clock)
    with (
        serving(limiter=limiter) as (target, games),
        grpc.insecure_channel(target) as channel,
    ):
        game_id, _ = games.create_game("bourgeoisie", 2)
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        look = pb.GetViewRequest(game_id=game_id, perspective=common_pb2.PERSPECTIVE_PUBLIC)
        for _ in range(3):
            stub.GetView(look, timeout=5)
        refused = _refusal(stub.GetView, look)
        assert refused.code() is Code.RESOURCE_EXHAUSTED
        assert from_rpc_error(refused).reason == "RATE_LIMITED"
        assert "retry in 0.50 s" in (refused.details() or "")
        assert retry_delay(refused) == timedelta(seconds=0.5), "a standard RetryInfo says it too"
        assert _health(channel) == SERVING, "health checks are never limited"
        token, before = games.join_game(game_id, "ada", 0).token, games.game_info(game_id).version
        for _ in range(3):  # a token has its own bucket, apart from its peer's
            stub.GetView(look, timeout=5, metadata=(("authorization", f"Bearer {token}"),))
        assert from_rpc_error(_refusal(stub.GetView, look, token)).reason == "RATE_LIMITED"
        clock.now += 0.5  # refills one request
        stub.GetView(look, timeout=5)
        assert _refusal(stub.GetView, look).code() is Code.RESOURCE_EXHAUSTED
        watch: grpc.UnaryStreamMultiCallable[bytes, bytes] = channel.unary_stream(
            "/tabletop.v1.GameService/WatchGame",
            None,
            None,  # bytes as they are
        )
        with pytest.raises(grpc.RpcError) as stream_refused:
            list(watch(pb.WatchGameRequest(game_id=game_id).SerializeToString(), timeout=5))
        assert stream_refused.value.code() is Code.RESOURCE_EXHAUSTED
        assert games.game_info(game_id).version == before, "a refused call stores nothing"
