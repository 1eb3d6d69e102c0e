"""Headless Chromium (Debian's package) for the tests of pages: the HTML replay and the
tournament standings page are opened offline in a real browser, not only read as text."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--window-size=1400,1000", "--virtual-time-budget=3000",
]  # fmt: skip


def chromium() -> str:
    """The browser's path; a test without it fails where services are required (CI), else
    is skipped."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        message = "Debian's chromium package is not installed"
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return found


def run_chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Headless Chromium with a fresh profile under ``tmp_path``, given ``args`` (an address
    and ``--dump-dom`` or ``--screenshot=...``)."""
    profile = tmp_path / "profile"
    command = [chromium(), *FLAGS, f"--user-data-dir={profile}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
