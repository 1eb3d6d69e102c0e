"""The Python SDK example in docs/api.md, run as a reader would run it: saved as a script and
started against a live server, with a bot taking the other seat, until the game ends."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tabletop.v1 import common_pb2

from clients.bots import RandomBot, play_seat
from clients.sdk import GameClient
from tests.clients.servers import RestartableServer
from tests.support.server_process import ROOT

DOCS = ROOT / "docs" / "api.md"


def sdk_example() -> str:
    """The first Python block after the heading "The Python SDK"."""
    text = DOCS.read_text()
    section = text[text.index("## The Python SDK") :]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def test_the_sdk_example_plays_its_seat_to_the_end(
    server: RestartableServer, tmp_path: Path
) -> None:
    script = tmp_path / "example.py"
    script.write_text(sdk_example())
    example = subprocess.Popen(
        [sys.executable, str(script)],
        cwd=ROOT,
        env={**os.environ, "TABLETOP_SERVER": server.target},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert example.stdout is not None
        invitation = example.stdout.readline()
        found = re.search(r"tabletop bot (\S+) --seat 1", invitation)
        assert found, invitation
        game_id = found.group(1)
        with GameClient(server.target, timeout=10) as opponent:
            opponent.token = opponent.join_game(game_id, "bot", 1).token
            play_seat(opponent, game_id, 1, RandomBot(seed=3), timeout=120)
        out, _ = example.communicate(timeout=60)
    finally:
        if example.poll() is None:
            example.kill()
    assert example.returncode == 0
    assert "scores" in out  # the outcome it prints at the end
    with GameClient(server.target, timeout=10) as spectator:
        status = spectator.get_view(game_id, "public").status
        events = spectator.read_events(game_id)
        actors = [e.cause.seat for e in events if e.cause.kind == common_pb2.CAUSE_KIND_ACTION]
    assert status.finished
    assert actors.count(0) > 0 and actors.count(1) > 0  # both seats acted
