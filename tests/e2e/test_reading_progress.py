"""Reading a game from a real server shows a count of the events read on a terminal, as
`export` and `replay` do it (a 10,000-event game takes seconds), and clears it: on a pipe, and
once done, the commands say only what they did."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.conftest import RunningServer
from tests.support.play import play_random, seat_everyone

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
COUNT = "reading the game's events"
STYLES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
"""A terminal's control sequences: colours, and the cursor's moves that clear the count."""


def _tabletop(*args: str, terminal: bool) -> subprocess.CompletedProcess[str]:
    """The command as a user runs it; ``terminal``: with stderr a terminal, as rich sees one
    where ``FORCE_COLOR`` is set."""
    env = {key: value for key, value in os.environ.items() if key != "FORCE_COLOR"}
    env |= {"FORCE_COLOR": "1"} if terminal else {}
    command = [sys.executable, "-m", "cli.main", *args]
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False, env=env
    )


@pytest.fixture(scope="module")
def game_id(server: RunningServer) -> str:
    game_id, _ = server.games.create_game("bourgeoisie", 2)
    play_random(server.games, game_id, seat_everyone(server.games, game_id, 2))
    return game_id


def _on_a_terminal_and_a_pipe(*args: str) -> tuple[str, str]:
    """``tabletop *args`` run twice, stderr a terminal and then a pipe: both succeed, and only
    the terminal's stderr has held the count. Their stdout, which must not differ."""
    shown, plain = _tabletop(*args, terminal=True), _tabletop(*args, terminal=False)
    assert shown.returncode == plain.returncode == 0, shown.stderr + plain.stderr
    assert COUNT in shown.stderr and COUNT not in plain.stderr, shown.stderr[-300:]
    assert shown.stdout == plain.stdout
    return shown.stderr, plain.stderr


def test_export_counts_the_events_it_reads_on_a_terminal_only(
    server: RunningServer, game_id: str, tmp_path: Path
) -> None:
    path = tmp_path / "game.jsonl"
    said = _on_a_terminal_and_a_pipe("export", game_id, "-o", str(path), "--server", server.target)
    last = len(list(server.games.read_events(game_id)))
    for stderr in said:
        assert " ".join(STYLES.sub("", stderr).split()).endswith(f"wrote {last} events to {path}")
    assert len(path.read_text().splitlines()) == last + 2  # the header and the result lines


def test_replay_from_a_server_counts_the_events_it_reads(
    server: RunningServer, game_id: str
) -> None:
    _on_a_terminal_and_a_pipe("replay", game_id, "--server", server.target, "--at", "30", "--json")


def test_a_seats_replay_of_a_game_in_play_counts_the_events_it_reads(
    server: RunningServer,
) -> None:
    game_id, _ = server.games.create_game("bourgeoisie", 2)
    tokens = seat_everyone(server.games, game_id, 2)
    play_random(server.games, game_id, tokens, limit=20)
    at = ["replay", game_id, "--server", server.target, "--token", tokens[0], "--json"]
    _on_a_terminal_and_a_pipe(*at)
    shown = _tabletop(*at, terminal=False)
    assert json.loads(shown.stdout)["notice"].startswith("seat 0's view of a game in play")


def test_verify_against_a_server_counts_the_events_it_reads_on_a_terminal_only(
    server: RunningServer, game_id: str, tmp_path: Path
) -> None:
    path = tmp_path / "game.jsonl"
    exported = _tabletop(
        "export", game_id, "-o", str(path), "--server", server.target, terminal=False
    )
    assert exported.returncode == 0, exported.stderr
    for stderr in _on_a_terminal_and_a_pipe("verify", str(path), "--server", server.target):
        assert " ".join(STYLES.sub("", stderr).split()).endswith("record verified")
