"""A `tabletop serve` in its own process, for tests that kill and restart servers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from tests.support.services import free_port

ROOT = Path(__file__).resolve().parents[2]


class ServerProcess:
    def __init__(self, *args: str, env: dict[str, str] | None = None, log: Path | None = None):
        """``log``: a file for the server's stderr (its startup and stop lines); else dropped."""
        self.port = free_port()
        self.args = args
        self.env = {**os.environ, **(env or {})}
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-m", "cli.main", "serve", "--port", str(self.port), *self.args]
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

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None

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
