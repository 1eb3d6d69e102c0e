"""A `tabletop serve` in its own process, for tests that kill and restart servers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
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
        """``log``: a file for the server's stderr (its startup and stop lines); else dropped.
        ``program``: what the interpreter runs, given ``serve`` and its flags as arguments."""
        self.port = free_port()
        self.args = args
        self.env = {**os.environ, **(env or {})}
        self.log = log
        self.program = tuple(program)
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, *self.program, "serve", "--port", str(self.port), *self.args]
        log = self.log.open("ab") if self.log is not None else None
        try:  # the child holds its own copy of the log's descriptor
            stderr = log if log is not None else subprocess.DEVNULL
            self.process = subprocess.Popen(command, cwd=ROOT, env=self.env, stderr=stderr)
        finally:
            if log is not None:
                log.close()
        self._wait_until_serving()

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
            written = self.log.read_text() if self.log is not None else "(no log kept)"
            raise AssertionError(f"the server did not stop; its log:\n{written}") from None

    def _wait_until_serving(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        with grpc.insecure_channel(self.target) as channel:
            stub = health_pb2_grpc.HealthStub(channel)
            while time.monotonic() < deadline:
                try:
                    status = stub.Check(health_pb2.HealthCheckRequest(), timeout=1).status
                    if status == health_pb2.HealthCheckResponse.SERVING:
                        return
                except grpc.RpcError:
                    time.sleep(0.1)
        raise RuntimeError("the server did not start")
