"""`tabletop serve` says in its log where it keeps the games (the PostgreSQL schema too, never
the password) and, when a supervisor stops it with SIGTERM, that it is stopping and has stopped."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.server_process import ServerProcess
from tests.support.services import postgres_schema

pytestmark = pytest.mark.e2e
PASSWORD = "not-in-the-log"


def served(log: Path, env: dict[str, str]) -> list[str]:
    """The stderr lines of a server started with ``env`` and stopped with SIGTERM."""
    process = ServerProcess(env={"TABLETOP_REDIS_URL": "", **env}, log=log)
    process.start()
    process.stop()
    return log.read_text().splitlines()


@pytest.fixture
def schema() -> Iterator[str]:
    with postgres_schema() as name:
        yield name


def test_sigterm_is_said_and_the_stop_is_said_last(tmp_path: Path) -> None:
    lines = served(tmp_path / "serve.log", {"TABLETOP_STORE": "memory"})
    assert lines[0].startswith("tabletop serving on"), lines
    assert lines[-2:] == ["stopping (SIGTERM): finishing calls in flight", "stopped"], lines


@pytest.mark.integration
def test_the_startup_line_names_the_postgres_schema_not_the_password(
    tmp_path: Path, schema: str
) -> None:
    env = {
        "TABLETOP_STORE": "postgres",
        "TABLETOP_POSTGRES_DB": "test",
        "TABLETOP_POSTGRES_SCHEMA": schema,
        "TABLETOP_POSTGRES_PASSWORD": PASSWORD,
    }
    lines = served(tmp_path / "serve.log", env)
    assert f"store: postgres 127.0.0.1:5432/test schema {schema}  updates:" in lines[0], lines
    assert not any(PASSWORD in line for line in lines)
