"""Headless Chromium (Debian's package) for the tests of pages: the HTML replay and the
tournament standings page are opened offline in a real browser, not only read as text."""

from __future__ import annotations

import os
import re
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


NARROWEST_WINDOW = 500
"""Headless Chromium's narrowest window, in CSS pixels: it widens one asked for narrower."""

PAGE_WIDTH = "document.documentElement.scrollWidth"
"""How wide the page lays out: wider than ``innerWidth`` when it must be scrolled sideways."""


def measured_on_a_phone(page: Path, tmp_path: Path, *expressions: str) -> list[float]:
    """``innerWidth`` and each of ``expressions`` (JavaScript giving a number) once ``page``
    is laid out in a window as narrow as a phone's."""
    values = " + ' ' + ".join(f"({e})" for e in ("innerWidth", *expressions))
    script = f"<script>document.body.dataset.measured = {values};</script></body>"
    driven = tmp_path / "phone.html"
    driven.write_text(page.read_text(encoding="utf-8").replace("</body>", script))
    window = f"--window-size={NARROWEST_WINDOW - 100},900"
    dom = run_chromium(tmp_path, window, "--dump-dom", driven.as_uri()).stdout
    found = re.search(r'data-measured="([-\d. ]+)"', dom)
    assert found is not None, dom[:500]
    return [float(value) for value in found.group(1).split()]
