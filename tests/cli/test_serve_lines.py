"""`tabletop serve` says in its log where it keeps the games (the PostgreSQL schema too, never
the password) and, when a supervisor stops it with SIGTERM, that it is stopping and has stopped;
a stop that hangs past its deadline leaves every thread's stack in the log and exit status 1."""

from __future__ import annotations

import re
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health, health_pb2_grpc

from tests.support.server_process import ServerProcess
from tests.support.services import postgres_schema

pytestmark = pytest.mark.e2e
PASSWORD = "not-in-the-log"

# `tabletop serve` with a one-second stop deadline and a gRPC server whose stop never ends, as
# when a call ignores its cancellation: the real server, its stop replaced.
STOP_THAT_HANGS = """
import sys, threading
import services.serving
from cli.main import main

real_build = services.serving.build_server

def build_with_a_stop_that_hangs(*args, **kwargs):
    server, port = real_build(*args, **kwargs)
    server.stop = lambda grace: threading.Event()  # never set
    return server, port

services.serving.STOP_DEADLINE_SECONDS = 1.0
services.serving.build_server = build_with_a_stop_that_hangs
sys.exit(main(sys.argv[1:]))
"""


def served(log: Path, env: dict[str, str], program: tuple[str, ...] = ("-m", "cli.main")) -> int:
    """The exit status of a server started with ``env`` and stopped with SIGTERM; its stderr
    goes to ``log``."""
    process = ServerProcess(env={"TABLETOP_REDIS_URL": "", **env}, log=log, program=program)
    process.start()
    status = process.stop()
    assert status is not None
    return status


@pytest.fixture
def schema() -> Iterator[str]:
    with postgres_schema() as name:
        yield name


def test_sigterm_is_said_and_the_stop_is_said_last(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    assert served(log, {"TABLETOP_STORE": "memory"}) == 0, log.read_text()
    lines = log.read_text().splitlines()
    assert lines[0].startswith("tabletop serving on"), lines
    assert lines[-2:] == ["stopping (SIGTERM): finishing calls in flight", "stopped"], lines


def test_a_stop_that_hangs_past_its_deadline_logs_every_stack_and_exits_1(
    tmp_path: Path,
) -> None:
    log = tmp_path / "serve.log"
    assert served(log, {"TABLETOP_STORE": "memory"}, ("-c", STOP_THAT_HANGS)) == 1
    written = log.read_text()
    assert "stopping (SIGTERM): finishing calls in flight" in written
    assert "Timeout (0:00:01)!" in written  # faulthandler's header, then each thread
    assert re.search(r'services/cli\.py", line \d+ in _serve', written), written  # the wait
    assert "\nstopped" not in written


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
    log = tmp_path / "serve.log"
    assert served(log, env) == 0, log.read_text()
    lines = log.read_text().splitlines()
    assert f"store: postgres 127.0.0.1:5432/test schema {schema}  updates:" in lines[0], lines
    assert not any(PASSWORD in line for line in lines)


def test_a_server_that_cannot_take_its_port_is_not_mistaken_for_the_one_serving_there() -> None:
    """Servers started for tests are ready when they say they serve on their port, not when
    the port answers: another process may have taken it between ``free_port`` and the bind."""
    other = grpc.server(futures.ThreadPoolExecutor(max_workers=1))
    health_pb2_grpc.add_HealthServicer_to_server(health.HealthServicer(), other)
    port = other.add_insecure_port("127.0.0.1:0")
    other.start()
    try:
        late = ServerProcess(env={"TABLETOP_STORE": "memory", "TABLETOP_REDIS_URL": ""})
        late.port = port
        with pytest.raises(RuntimeError, match="exited with status 2") as refused:
            late.start()
        assert f"cannot listen on 127.0.0.1:{port}" in " ".join(str(refused.value).split())
    finally:
        other.stop(grace=None).wait()
