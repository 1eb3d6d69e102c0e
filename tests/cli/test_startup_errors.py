"""`tabletop serve` and the publishers refuse settings they cannot start with: one line on
stderr that names the setting and what to do, exit status 2, no traceback, nothing created. A
publisher that can start, but looks started in the wrong place or before Redis, says so."""

from __future__ import annotations

import gc
import os
import socket
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator, Mapping
from pathlib import Path

import psycopg
import pytest

from services.application.sqlite_store import TunedSQLitePool
from services.settings import Settings, SettingsError, StreamRetention
from tests.support.services import POSTGRES, unavailable

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = "redis://127.0.0.1:1/0"  # never reached: the store fails first


def tabletop(*args: str, env: Mapping[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """The real command line, in ``cwd``, with ``env`` over a clean TABLETOP_* environment."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("TABLETOP_")}
    return subprocess.run(
        [sys.executable, "-m", "cli.main", *args],
        cwd=cwd,
        env={**base, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def refusal(result: subprocess.CompletedProcess[str]) -> str:
    """The one line a refused start-up printed (after checking it is all it printed)."""
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.fixture
def sqlite_env(tmp_path: Path) -> dict[str, str]:
    return {"TABLETOP_SQLITE_PATH": str(tmp_path / "var" / "games.db")}


@pytest.mark.parametrize(
    ("variable", "value", "allowed"),
    [
        ("TABLETOP_STORE", "bogus", "memory, sqlite, postgres"),
        ("TABLETOP_PORT", "abc", "from 0 to 65535"),
        ("TABLETOP_PORT", "70000", "from 0 to 65535"),
        ("TABLETOP_SQLITE_SYNCHRONOUS", "bogus", "FULL, NORMAL, OFF"),
        ("TABLETOP_POSTGRES_PORT", "five", "from 1 to 65535"),
        ("TABLETOP_RATE_LIMIT", "fast", "0 or more"),
        ("TABLETOP_RATE_BURST", "-1", "at least 0"),
        ("TABLETOP_STREAM_RETENTION", "1d", "from 0 to 315360000"),
        ("TABLETOP_STREAM_RETENTION", "9" * 20, "from 0 to 315360000"),
        ("TABLETOP_STREAM_IDLE_RETENTION", "-1", "from 0 to 315360000"),
    ],
)
def test_a_bad_setting_is_named_with_its_allowed_values(
    tmp_path: Path, sqlite_env: dict[str, str], variable: str, value: str, allowed: str
) -> None:
    line = refusal(tabletop("serve", env={**sqlite_env, variable: value}, cwd=tmp_path))
    assert variable in line and repr(value) in line and allowed in line
    assert not (tmp_path / "var").exists(), "nothing is created"


def test_the_publisher_checks_its_settings_too(tmp_path: Path) -> None:
    env = {"TABLETOP_STORE": "sqlite", "TABLETOP_SQLITE_SYNCHRONOUS": "sometimes"}
    line = refusal(tabletop("publish", "--redis-url", REDIS_URL, env=env, cwd=tmp_path))
    assert "TABLETOP_SQLITE_SYNCHRONOUS" in line and "FULL, NORMAL, OFF" in line


def test_settings_read_from_the_environment() -> None:
    settings = Settings.from_env(
        {"TABLETOP_SQLITE_SYNCHRONOUS": "normal", "TABLETOP_PORT": "0", "TABLETOP_STORE": ""}
    )
    assert (settings.sqlite_synchronous, settings.port, settings.store) == ("NORMAL", 0, "sqlite")
    day = 24 * 60 * 60
    assert settings.stream_retention == StreamRetention(finished=day, idle=30 * day)
    kept = {"TABLETOP_STREAM_RETENTION": "0", "TABLETOP_STREAM_IDLE_RETENTION": "7200"}
    assert Settings.from_env(kept).stream_retention == StreamRetention(finished=0, idle=7200)
    with pytest.raises(SettingsError, match="TABLETOP_RATE_LIMIT"):
        Settings.from_env({"TABLETOP_RATE_LIMIT": "nan"})


def test_a_port_in_use_is_refused_before_the_store_opens(
    tmp_path: Path, sqlite_env: dict[str, str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = str(taken.getsockname()[1])
        line = refusal(tabletop("serve", "--port", port, env=sqlite_env, cwd=tmp_path))
    assert f"127.0.0.1:{port}" in line and "in use" in line
    assert "--port" in line and "TABLETOP_PORT" in line
    assert not (tmp_path / "var").exists(), "nothing is created"


def test_a_host_that_is_not_this_machine(tmp_path: Path, sqlite_env: dict[str, str]) -> None:
    result = tabletop("serve", "--host", "no-such-host.invalid", env=sqlite_env, cwd=tmp_path)
    assert "TABLETOP_HOST" in refusal(result)


def test_the_pool_refuses_a_bad_synchronous_level_and_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unraisable: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    with pytest.raises(ValueError, match="FULL, NORMAL, OFF"):
        TunedSQLitePool(synchronous="SOMETIMES", db_name=str(tmp_path / "games.db"))
    gc.collect()  # the refused pool is collected here: closing it must not fail
    assert unraisable == []


# -- PostgreSQL: a database or schema that does not exist, a server that is not there --------


@pytest.fixture(scope="module")
def postgres() -> None:
    try:
        psycopg.connect(**POSTGRES, connect_timeout=3).close()  # type: ignore[arg-type]
    except psycopg.OperationalError as error:
        unavailable("PostgreSQL on 127.0.0.1:5432", error)


@pytest.fixture
def missing_schema(postgres: None) -> Iterator[str]:
    schema = f"t_missing_{uuid.uuid4().hex[:8]}"
    yield schema
    with psycopg.connect(**POSTGRES, connect_timeout=3) as connection:  # type: ignore[arg-type]
        found = connection.execute(
            "SELECT 1 FROM pg_namespace WHERE nspname = %s", (schema,)
        ).fetchone()
    assert found is None, "the refused start-up created nothing"


@pytest.mark.parametrize(
    "command",
    [
        ("serve", "--port", "0"),
        ("publish", "--redis-url", REDIS_URL),
        ("tournament", "publish", "--redis-url", REDIS_URL),
    ],
    ids=["serve", "publish", "tournament-publish"],
)
def test_a_database_that_does_not_exist(
    tmp_path: Path, postgres: None, command: tuple[str, ...]
) -> None:
    db = f"tabletop_missing_{uuid.uuid4().hex[:8]}"
    env = {"TABLETOP_STORE": "postgres", "TABLETOP_POSTGRES_DB": db}
    line = refusal(tabletop(*command, env=env, cwd=tmp_path))
    assert f'database "{db}" does not exist' in line
    assert f"createdb {db}" in line and "TABLETOP_POSTGRES_DB" in line


def test_a_schema_that_does_not_exist(tmp_path: Path, missing_schema: str) -> None:
    env = {
        "TABLETOP_STORE": "postgres",
        "TABLETOP_POSTGRES_DB": str(POSTGRES["dbname"]),
        "TABLETOP_POSTGRES_SCHEMA": missing_schema,
    }
    line = refusal(tabletop("serve", "--port", "0", env=env, cwd=tmp_path))
    assert f'schema "{missing_schema}" does not exist' in line
    assert f"CREATE SCHEMA {missing_schema}" in line and "TABLETOP_POSTGRES_SCHEMA" in line


def test_a_postgres_server_that_is_not_there(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])
    env = {"TABLETOP_STORE": "postgres", "TABLETOP_POSTGRES_PORT": port}
    line = refusal(tabletop("serve", "--port", "0", env=env, cwd=tmp_path))
    assert f"127.0.0.1:{port}" in line and "TABLETOP_POSTGRES_PORT" in line


def test_a_publisher_says_when_its_store_is_new_and_what_it_waits_for(tmp_path: Path) -> None:
    """`tabletop publish` started away from its servers finds no SQLite file at the (relative)
    path: it says it made an empty one, and where; with Redis not answering, it says it waits
    for Redis, not for another publisher. It runs on (Redis may come back) until stopped."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("TABLETOP_")}
    process = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "publish", "--redis-url", REDIS_URL],
        cwd=tmp_path,
        env={**base, "PYTHONPATH": str(ROOT), "TABLETOP_STORE": "sqlite", "COLUMNS": "1000"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    hung = threading.Timer(60, process.kill)  # so a publisher that says nothing fails here
    hung.start()
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(3)]
    finally:
        hung.cancel()
        process.terminate()
        process.wait(30)
    said = "".join(lines)
    assert "Traceback" not in said
    assert lines[0].startswith("publishing sqlite var/tabletop.db to " + REDIS_URL), said
    assert lines[1].startswith("warning: there was no store at ") and str(tmp_path) in lines[1]
    assert lines[2].startswith("waiting for Redis, which does not answer"), said
