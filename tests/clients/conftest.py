"""Fixtures of the client tests: real gRPC servers on free ports over SQLite files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.clients.servers import RestartableServer


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RestartableServer]:
    """A server shared by the client tests (each test plays games of its own)."""
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
