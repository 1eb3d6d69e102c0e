"""A `tabletop serve` in its own process, for tests that kill and restart servers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from tests.support.services import free_port

ROOT = Path(__file__).resolve().parents[2]
STOP_WAIT_SECONDS = 30
"""Longer than the server's own stop deadline, after which it exits by itself."""


class ServerProcess:
    def __init__(
        self,
        *args: str,
        env: dict[str, str] | None = None,
        log: Path | None = None,
        program: Sequence[str] = ("-m", "cli.main"),
    ):
        """``log``: a file for the server's stderr (its startup and stop lines); else one in a
        temporary folder. ``program``: what the interpreter runs, given ``serve`` and its flags
        as arguments."""
        self.port = free_port()
        self.args = args
        self.env = {**os.environ, **(env or {})}
        # the default log's folder goes when this object does
        self._scratch = tempfile.TemporaryDirectory(prefix="tabletop-serve-")
        self.log = log if log is not None else Path(self._scratch.name) / "serve.log"
        self.program = tuple(program)
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, *self.program, "serve", "--port", str(self.port), *self.args]
        written_before = self.log.stat().st_size if self.log.exists() else 0
        with self.log.open("ab") as log:  # the child holds its own copy of the descriptor
            self.process = subprocess.Popen(command, cwd=ROOT, env=self.env, stderr=log)
        self._wait_until_serving(written_before)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush; what was acknowledged must already be stored."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self.process = None

    def stop(self) -> int | None:
        """SIGTERM, and the exit status once the process has gone (None if it was not running).

        A server still there after ``STOP_WAIT_SECONDS`` is killed, and the error quotes its
        log, which holds the stacks the server writes when its own stop deadline passes.
        """
        if self.process is None:
            return None
        process, self.process = self.process, None
        process.terminate()
        try:
            return process.wait(STOP_WAIT_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise AssertionError(
                f"the server did not stop; its log:\n{self.log.read_text()}"
            ) from None

    def _wait_until_serving(self, written_before: int, timeout: float = 30) -> None:
        """Until this process says it serves on its port and the port answers SERVING.

        The health check alone could be answered by another server that took the port
        between ``free_port`` and this server's bind (this one then exits, unable to listen).
        """
        deadline = time.monotonic() + timeout
        said = f"serving on {self.target}"
        with grpc.insecure_channel(self.target) as channel:
            stub = health_pb2_grpc.HealthStub(channel)
            while time.monotonic() < deadline:
                self._require_running(written_before)
                if said in self._written_since(written_before) and _answers(stub):
                    return
                time.sleep(0.1)
        raise RuntimeError(f"the server did not start; its log:\n{self._written_since(0)}")

    def _require_running(self, written_before: int) -> None:
        assert self.process is not None
        if (status := self.process.poll()) is not None:
            self.process = None
            written = self._written_since(written_before)
            raise RuntimeError(f"the server exited with status {status}; its log:\n{written}")

    def _written_since(self, offset: int) -> str:
        with self.log.open("rb") as log:
            log.seek(offset)
            return log.read().decode(errors="replace")


def _answers(stub: health_pb2_grpc.HealthStub) -> bool:
    try:
        status = stub.Check(health_pb2.HealthCheckRequest(), timeout=1).status
    except grpc.RpcError:
        return False
    return bool(status == health_pb2.HealthCheckResponse.SERVING)
