"""Fixtures of the client tests: real gRPC servers on free ports over SQLite files, and one
that accepts TLS only, with a self-signed certificate (the security tests' ``certificate``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from clients.saved_bots import STATE_DIR_VARIABLE
from tests.clients.servers import RestartableServer, TlsServer, tls_serving
from tests.security.conftest import Certificate, certificate  # noqa: F401  (a fixture)


@pytest.fixture(autouse=True)
def state_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A state folder of the test's own (for the bots ``play --vs-bots`` saves), also seen by
    the commands a test starts in child processes: never the user's own."""
    folder = tmp_path / "state"
    monkeypatch.setenv(STATE_DIR_VARIABLE, str(folder))
    return folder


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RestartableServer]:
    """A server shared by the client tests (each test plays games of its own), stopped when
    they are done: nothing of it runs on into other packages' tests."""
    served = RestartableServer(tmp_path_factory.mktemp("server") / "games.db")
    served.start()
    yield served
    served.close()


@pytest.fixture
def restartable(tmp_path: Path) -> Iterator[RestartableServer]:
    """A server of the test's own, which the test may stop and start again on the same port."""
    served = RestartableServer(tmp_path / "games.db")
    served.start()
    yield served
    served.close()


@pytest.fixture(scope="module")
def tls_server(certificate: Certificate) -> Iterator[TlsServer]:  # noqa: F811
    """A server that accepts TLS only; clients trust its certificate as their CA."""
    with tls_serving(certificate.cert, certificate.key) as target:
        yield TlsServer(target, certificate.cert)
