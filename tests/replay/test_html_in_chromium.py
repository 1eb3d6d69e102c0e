"""The HTML replay, opened offline in headless Chromium: it draws the board at the step asked
for, and moving to another step changes the picture."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from replay.html import replay_page
from replay.sources import open_record
from replay.timeline import Perspective, Timeline
from tests.replay.conftest import GOLDEN_FILES

FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--window-size=1400,1000", "--virtual-time-budget=3000",
]  # fmt: skip


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        message = "Debian's chromium package is not installed"
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return found


def run_chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    profile = tmp_path / "profile"
    command = [chromium(), *FLAGS, f"--user-data-dir={profile}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Timeline]:
    timeline = Timeline(open_record(GOLDEN_FILES[0]))
    path = tmp_path_factory.mktemp("html") / "replay.html"
    path.write_text(replay_page(timeline, Perspective.SEAT, 0), encoding="utf-8")
    return path, timeline


def test_the_page_needs_nothing_from_outside(page: tuple[Path, Timeline]) -> None:
    html = page[0].read_text()
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
    assert "<svg" in html


def test_the_page_shows_the_step_named_in_its_address(
    page: tuple[Path, Timeline], tmp_path: Path
) -> None:
    path, timeline = page
    frame = timeline.frame(120)
    dom = run_chromium(tmp_path, "--dump-dom", f"{path.as_uri()}#v=120").stdout
    caption = re.search(r'<div id="caption">([^<]*)</div>', dom)
    assert caption is not None, dom[:500]
    assert caption.group(1).startswith(f"version 120 of {timeline.last}")
    assert frame.description.replace("&", "&amp;") in caption.group(1)
    assert '<div id="board"><svg' in dom


def test_screenshots_of_two_steps_differ(page: tuple[Path, Timeline], tmp_path: Path) -> None:
    path, timeline = page
    shots = []
    for version in (40, timeline.last):
        shot = tmp_path / f"step-{version}.png"
        run_chromium(tmp_path, f"--screenshot={shot}", f"{path.as_uri()}#v={version}")
        assert shot.exists() and shot.stat().st_size > 20_000, "a drawn page, not a blank one"
        shots.append(shot.read_bytes())
    assert shots[0] != shots[1]
