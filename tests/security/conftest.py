"""Servers for the security tests: the e2e server (reused), and servers built with TLS or a
rate limiter on a free port; a self-signed certificate made with the ``openssl`` command."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, cast

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.publisher.bus import LocalBus
from services.settings import Settings
from tests.e2e.conftest import server  # noqa: F401  (the shared e2e server fixture)
from tests.security import tally
from tests.support.services import unavailable


@dataclass(frozen=True)
class Certificate:
    cert: Path
    key: Path


@pytest.fixture(scope="session")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> Certificate:
    """A self-signed certificate for ``localhost`` and ``127.0.0.1``, valid for a day."""
    openssl = shutil.which("openssl")
    if openssl is None:
        unavailable("the openssl command", FileNotFoundError("not on PATH"))
    directory = tmp_path_factory.mktemp("tls")
    made = Certificate(directory / "cert.pem", directory / "key.pem")
    subprocess.run(
        [str(openssl), "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", str(made.key),
         "-out", str(made.cert), "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
        check=True, capture_output=True,
    )  # fmt: skip
    return made


@contextmanager
def serving(**options: Any) -> Iterator[tuple[str, Games]]:
    """A server over a memory store on a free port, built with ``options``; (target, games)."""
    store = GameStore(Settings(store="memory"))
    games = Games(store)
    bus = LocalBus()
    grpc_server, port = build_server(games, bus, "127.0.0.1:0", **options)
    grpc_server.start()
    try:
        yield f"127.0.0.1:{port}", games
    finally:
        grpc_server.stop(grace=None).wait()
        store.close()


def retry_delay(refused: grpc.RpcError) -> timedelta | None:
    """The ``google.rpc.RetryInfo`` delay among a refusal's status details, if any."""
    # The error of a refused sync call is the call itself. The stubs cannot say so: their
    # RpcError and Call disagree on details(), so to mypy no class could be both.
    status = rpc_status.from_call(cast(grpc.Call, refused))
    for detail in status.details if status is not None else ():
        info = error_details_pb2.RetryInfo()
        if detail.Unpack(info):
            delay: timedelta = info.retry_delay.ToTimedelta()  # google.rpc is not checked
            return delay
    return None


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Report how many generated requests the security tests sent."""
    lines = tally.summary()
    if lines:
        terminalreporter.section("security: generated requests")
        for line in lines:
            terminalreporter.write_line(line)
