from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.server_process import ServerProcess


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A real `tabletop serve` process over a SQLite file, for tests that stop, kill and
    restart it (a test module with other needs defines its own)."""
    process = ServerProcess("--sqlite-path", str(tmp_path / "games.db"))
    process.start()
    yield process
    process.stop()
